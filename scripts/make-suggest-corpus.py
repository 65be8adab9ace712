#!/usr/bin/env python3
"""Writes Fixtures/suggest-corpus/cases.json: issue 31's planted changes.

Each case names a scene, a text edit that plants one change (or two), the model it is checked in, the kind of
change, and what the checked fix must say (substrings of the printed fix line). The design of a case is the scene
with the edit, rendered by Ghostline itself: the question is whether `check --suggest` of the unedited scene
names the edit, not whether two renderers agree (issue 30's corpus asks that).
"""
import json, os

C = "Fixtures/corpus/"
S = "Fixtures/screens/"
D = "Fixtures/demo/card.yaml"

def case(scene, find, replace, kind, expect, models=("css",)):
    return [dict(scene=scene, find=find, replace=replace, kind=kind, expect=expect, model=m) for m in models]

both = ("css", "uikit")
cases = []
add = lambda *a, **k: cases.extend(case(*a, **k))

# spacing: a stack's spacing (vertical and horizontal) and a horizontal row's spacing
add(C + "login.yaml", "  spacing: 12\n", "  spacing: 16\n", "spacing", ["spacing: 16"], both)
add(C + "profile.yaml", "  padding: 16\n  spacing: 12\n", "  padding: 16\n  spacing: 8\n", "spacing", ["spacing: 8"], both)
add(C + "paywall.yaml", "  spacing: 12\n", "  spacing: 14\n", "spacing", ["spacing: 14"])
add(C + "chips.yaml", "      id: row1\n      spacing: 8\n", "      id: row1\n      spacing: 12\n", "spacing", ["spacing: 12"], both)
add(S + "product.yaml", "      spacing: 8\n      align: firstBaseline", "      spacing: 12\n      align: firstBaseline", "spacing", ["spacing: 12"])
add(C + "banner-light.yaml", "          spacing: 2\n", "          spacing: 4\n", "spacing", ["spacing: 4"], both)
add(D, "  spacing: 8\n", "  spacing: 12\n", "spacing", ["spacing: 12"])
add(C + "chat.yaml", "  spacing: 6\n", "  spacing: 8\n", "spacing", ["spacing: 8"])
# padding: stacks, labels (buttons, fields, badges), one side or all
add(D, "  padding: 8\n", "  padding: 16\n", "padding", ["padding: 16"])
add(C + "login.yaml", "  padding: { top: 24, leading: 16, bottom: 24, trailing: 16 }", "  padding: { top: 28, leading: 16, bottom: 24, trailing: 16 }", "padding", ["top"], both)
add(C + "paywall.yaml", "      id: monthly\n      padding: 16\n", "      id: monthly\n      padding: 20\n", "padding", ["padding: 20"])
add(C + "badges.yaml", "text: \"12\", style: badge, padding: { top: 3, leading: 7, bottom: 3, trailing: 7 }", "text: \"12\", style: badge, padding: { top: 3, leading: 9, bottom: 3, trailing: 9 }", "padding", ["leading"])
add(C + "login.yaml", "text: \"Email address\", style: field, padding: { top: 12, leading: 16, bottom: 12, trailing: 16 }", "text: \"Email address\", style: field, padding: { top: 13, leading: 16, bottom: 11, trailing: 16 }", "padding", ["top: 13"], both)
add(C + "profile.yaml", "  padding: 16\n", "  padding: 20\n", "padding", ["padding: 20"])
add(C + "cardlist.yaml", "      id: row1\n      padding: { top: 10, leading: 16, bottom: 10, trailing: 16 }", "      id: row1\n      padding: { top: 12, leading: 16, bottom: 12, trailing: 16 }", "padding", ["padding"], both)
add(C + "banner-light.yaml", "      padding: 14\n", "      padding: 16\n", "padding", ["padding: 16"])
add(S + "onboarding.yaml", "  padding: { top: 48, leading: 24, bottom: 32, trailing: 24 }", "  padding: { top: 56, leading: 24, bottom: 32, trailing: 24 }", "padding", ["top"])
# frames: heights and widths
add(S + "settings.yaml", "          id: wifi\n          padding: { leading: 16, trailing: 16 }\n          spacing: 8\n          align: center\n          height: 44", "          id: wifi\n          padding: { leading: 16, trailing: 16 }\n          spacing: 8\n          align: center\n          height: 48", "frame", ["height: 48"], both)
add(C + "profile.yaml", "width: 64, height: 64, color: \"#E5E5EA\", cornerRadius: 32", "width: 72, height: 72, color: \"#E5E5EA\", cornerRadius: 32", "frame", ["72"])
add(C + "cardlist.yaml", "id: thumb1, width: 44, height: 44", "id: thumb1, width: 52, height: 44", "frame", ["width: 52"])
add(S + "product.yaml", "box: { id: image, height: 150", "box: { id: image, height: 160", "frame", ["height: 160"], both)
add(C + "search.yaml", "style: field, width: 250,", "style: field, width: 240,", "frame", ["width: 240"])
add(C + "banner-light.yaml", "id: icon, width: 38, height: 38", "id: icon, width: 44, height: 38", "frame", ["width: 44"])
add(S + "onboarding.yaml", "width: 120, height: 120, color: systemGray6", "width: 120, height: 128, color: systemGray6", "frame", ["height: 128"])
# line counts
add(S + "product.yaml", "        numberOfLines: 2\n", "        numberOfLines: 3\n", "lines", ["numberOfLines: 3"], both)
add(S + "product.yaml", "        numberOfLines: 2\n", "        numberOfLines: 1\n", "lines", ["numberOfLines: 1"])
add(C + "chat.yaml", "text: \"Did you see the new designs?\", style: message, maxWidth: 260", "text: \"Did you see the new designs?\", style: message, maxWidth: 260, numberOfLines: 1", "lines", ["numberOfLines: 1"])
add(D, "        style: body\n", "        style: body\n        numberOfLines: 2\n", "lines", ["numberOfLines: 2"], both)
add(S + "settings.yaml", "        style: footnote\n", "        style: footnote\n        numberOfLines: 1\n", "lines", ["numberOfLines: 1"])
# structure: an element taken out (the design lacks it), two swapped
LOGIN_PW = "    - label: { id: passwordField, text: \"Password\", style: field, padding: { top: 12, leading: 16, bottom: 12, trailing: 16 }, background: { color: \"#F2F2F7\", cornerRadius: 10, border: { width: 1, color: \"#D1D1D6\" } } }\n"
LOGIN_EMAIL = LOGIN_PW.replace("passwordField", "emailField").replace("Password", "Email address")
add(C + "login.yaml", LOGIN_PW, "", "structure", ["passwordField", "remove"], both)
add(C + "paywall.yaml", "    - label: { id: subtitle, text: \"Unlimited projects and exports.\", style: subtitle }\n", "", "structure", ["subtitle", "remove"], both)
add(C + "badges.yaml", "        - label: { id: updatesBadge, text: \"NEW\", style: badge, padding: { top: 3, leading: 7, bottom: 3, trailing: 7 }, background: { color: systemBlue, cornerRadius: 11 } }\n", "", "structure", ["updatesBadge", "remove"])
add(S + "settings.yaml", "    - label: { id: header, text: \"NETWORK\", style: header, padding: { top: 16, leading: 16 } }\n", "", "structure", ["header", "remove"], both)
add(C + "chat.yaml", "    - label: { id: time, text: \"Today 9:41\", style: time }\n", "", "structure", ["time", "remove"])
add(C + "navbar.yaml", "        - label: { id: edit, text: \"Edit\", style: edit }\n", "", "structure", ["edit", "remove"])
add(C + "login.yaml", LOGIN_EMAIL + LOGIN_PW, LOGIN_PW + LOGIN_EMAIL, "structure", ["move it after"], both)
# text and case
add(S + "settings.yaml", "text: \"Settings\"", "text: \"Setting\"", "text", ["text: \"Setting\""], both)
add(C + "login.yaml", "text: \"Email address\"", "text: \"Email\"", "text", ["text: \"Email\""])
add(C + "paywall.yaml", "text: \"Cancel anytime in Settings.\"", "text: \"Cancel anytime.\"", "text", ["text:"])
add(C + "chips.yaml", "text: \"Topics\"", "text: \"Topic\"", "text", ["text: \"Topic\""])
add(C + "navbar.yaml", "text: \"Inbox\", style: large", "text: \"Inbo\", style: large", "text", ["text: \"Inbo\""])
# style keys: size, weight, font, line height, letter spacing, alignment, colour, case
add(D, "    font: Inter\n    size: 17\n", "    font: Inter\n    size: 16\n", "style", ["size: 16"], both)
add(C + "chips.yaml", "heading: { font: Inter, size: 17, weight: 600", "heading: { font: Inter, size: 17, weight: 700", "style", ["weight: 700"])
add(C + "profile.yaml", "handle: { font: Inter, size: 15,", "handle: { font: Inter, size: 14,", "style", ["size: 14"], both)
add(S + "settings.yaml", "header: { font: Inter, size: 13,", "header: { font: Inter, size: 12,", "style", ["size: 12"])
add(C + "navbar.yaml", "large: { font: Inter, size: 34, weight: 700, lineHeight: 41", "large: { font: Inter, size: 34, weight: 700, lineHeight: 44", "style", ["lineHeight: 44"])
add(C + "paywall.yaml", "price: { font: Inter, size: 17, weight: 600, lineHeight: 22, color: label, features: { tnum: 1 } }", "price: { font: Inter, size: 17, weight: 600, lineHeight: 22, color: label }", "style", ["pnum"])
add(C + "chat.yaml", "time: { font: Inter, size: 12, lineHeight: 16, color: secondaryLabel, alignment: center }", "time: { font: Inter, size: 12, lineHeight: 16, color: secondaryLabel, alignment: left }", "style", ["alignment: left"])
add(C + "login.yaml", "title: { font: Inter, size: 28, weight: 700, lineHeight: 34, color: label }", "title: { font: Inter, size: 28, weight: 700, lineHeight: 34, color: systemBlue }", "style", ["color"], both)
add(C + "banner-light.yaml", "app: { font: Inter, size: 13, weight: 600, lineHeight: 18, color: secondaryLabel }", "app: { font: Inter, size: 13, weight: 600, lineHeight: 18, color: secondaryLabel, letterSpacing: 1 }", "style", ["letterSpacing"])
add(S + "onboarding.yaml", "title: { font: Inter, size: 28, weight: 700,", "title: { font: Inter, size: 26, weight: 700,", "style", ["size: 26"])

# case: the scene sets capitals by hand or not at all; the design has textCase (base edits make the scene's side)
def cased(scene, base, change, expect, models=("css",), kind="textCase"):
    for m in models:
        cases.append(dict(scene=scene, base=[base], edits=[change], kind=kind, expect=expect, model=m))
cased(C + "banner-light.yaml", ["text: \"MESSAGES\"", "text: \"Messages\""],
      ["app: { font: Inter, size: 13, weight: 600, lineHeight: 18, color: secondaryLabel }", "app: { font: Inter, size: 13, weight: 600, lineHeight: 18, color: secondaryLabel, textCase: upper }"], ["textCase: upper"], both)
cased(S + "settings.yaml", ["text: \"NETWORK\"", "text: \"Network\""],
      ["header: { font: Inter, size: 13,", "header: { font: Inter, textCase: upper, size: 13,"], ["textCase: upper"], both)
cased(C + "badges.yaml", ["text: \"NEW\"", "text: \"New\""],
      ["badge: { font: Inter, size: 13, weight: 700,", "badge: { font: Inter, textCase: upper, size: 13, weight: 700,"], ["textCase: upper"])
# colour: hard-coded where the design uses the scheme's own colour
cased(C + "banner-dark.yaml", ["body: { font: Inter, size: 15, lineHeight: 20, color: label }", "body: { font: Inter, size: 15, lineHeight: 20, color: \"#000000\" }"],
      ["body: { font: Inter, size: 15, lineHeight: 20, color: \"#000000\" }", "body: { font: Inter, size: 15, lineHeight: 20, color: label }"], ["color: label"], both, kind="color")
cased(C + "banner-light.yaml", ["title: { font: Inter, size: 15, weight: 600, lineHeight: 20, color: label }", "title: { font: Inter, size: 15, weight: 600, lineHeight: 20, color: \"#8E8E93\" }"],
      ["title: { font: Inter, size: 15, weight: 600, lineHeight: 20, color: \"#8E8E93\" }", "title: { font: Inter, size: 15, weight: 600, lineHeight: 20, color: label }"], ["color: label"], kind="color")
cased(C + "tabbar.yaml", ["current: { font: Inter, size: 10, weight: 600, lineHeight: 12, color: systemBlue", "current: { font: Inter, size: 10, weight: 600, lineHeight: 12, color: \"#5856D6\""],
      ["current: { font: Inter, size: 10, weight: 600, lineHeight: 12, color: \"#5856D6\"", "current: { font: Inter, size: 10, weight: 600, lineHeight: 12, color: systemBlue"], ["color: systemBlue"], both, kind="color")
cased(C + "chips.yaml", ["text: \"Topics\"", "text: \"Topics\""],
      ["heading: { font: Inter, size: 17, weight: 600,", "heading: { font: Inter, textCase: upper, size: 17, weight: 600,"], ["textCase: upper"], both)
# more layout changes
add(C + "tabbar.yaml", "          id: homeTab\n          align: center\n          spacing: 3", "          id: homeTab\n          align: center\n          spacing: 5", "spacing", ["spacing: 5"], both)
add(C + "cardlist.yaml", "          id: texts2\n          spacing: 2", "          id: texts2\n          spacing: 4", "spacing", ["spacing: 4"])
add(S + "settings.yaml", "          height: 44\n          children:\n            - label: { id: bt-title", "          height: 52\n          children:\n            - label: { id: bt-title", "frame", ["height: 52"], both)
add(C + "tabbar.yaml", "id: homeIcon, width: 26, height: 26", "id: homeIcon, width: 26, height: 30", "frame", ["height: 30"])
add(C + "chips.yaml", "text: \"All\", style: selected, padding: { top: 6, leading: 14, bottom: 6, trailing: 14 }", "text: \"All\", style: selected, padding: { top: 6, leading: 18, bottom: 6, trailing: 18 }", "padding", ["padding"], both)
add(C + "navbar.yaml", "      padding: { top: 11, leading: 15, bottom: 11, trailing: 15 }", "      padding: { top: 13, leading: 15, bottom: 11, trailing: 15 }", "padding", ["top"])

# alignment across a stack (`align`): a row's children to its top, a column's to its leading edge
add(C + "tabbar.yaml", "          id: searchTab\n          align: center\n", "          id: searchTab\n          align: trailing\n", "align", ["align: trailing"])
add(D, "  align: fill\n", "  align: center\n", "align", ["align: center"], both)
add(C + "profile.yaml", "      id: header\n      spacing: 12\n      align: center\n", "      id: header\n      spacing: 12\n      align: top\n", "align", ["align: top"], both)
add(C + "tabbar.yaml", "          id: homeTab\n          align: center\n", "          id: homeTab\n          align: leading\n", "align", ["align: leading"])
add(S + "settings.yaml", "          id: wifi\n          padding: { leading: 16, trailing: 16 }\n          spacing: 8\n          align: center\n",
    "          id: wifi\n          padding: { leading: 16, trailing: 16 }\n          spacing: 8\n          align: bottom\n", "align", ["align: bottom"])
# distribution: how a row shares its width
add(C + "navbar.yaml", "      distribution: fillEqually\n", "      distribution: fill\n", "distribution", ["distribution: fill"])
add(C + "profile.yaml", "      distribution: fillEqually\n", "      distribution: fill\n", "distribution", ["distribution: fill"], both)
add(C + "tabbar.yaml", "      distribution: fillEqually\n", "      distribution: equalSpacing\n", "distribution", ["distribution: equalSpacing"], both)
add(C + "navbar.yaml", "      distribution: fillEqually\n", "      distribution: equalCentering\n", "distribution", ["distribution: equalCentering"])
# line break modes: how the last line that fits ends
add(S + "product.yaml", "        lineBreakMode: truncateTail\n", "        lineBreakMode: truncateMiddle\n", "lineBreakMode", ["lineBreakMode: truncateMiddle"], both)
add(S + "product.yaml", "        lineBreakMode: truncateTail\n", "        lineBreakMode: truncateHead\n", "lineBreakMode", ["lineBreakMode: truncateHead"])
def broken(scene, base, change, expect, models=("css",)):
    for m in models:
        cases.append(dict(scene=scene, base=[base], edits=[change], kind="lineBreakMode", expect=expect, model=m))
broken(D, ["        style: body\n", "        style: body\n        numberOfLines: 1\n"],
       ["        numberOfLines: 1\n", "        numberOfLines: 1\n        lineBreakMode: truncateTail\n"], ["lineBreakMode: truncateTail"], both)
broken(C + "paywall.yaml", ["text: \"Cancel anytime in Settings.\"", "text: \"Cancel anytime in Settings.\", numberOfLines: 1, maxWidth: 120"],
       ["numberOfLines: 1, maxWidth: 120", "numberOfLines: 1, maxWidth: 120, lineBreakMode: truncateTail"], ["lineBreakMode: truncateTail"])
# fill colours: a button's, a chip's, a bubble's, a card's; by name, and the scene's own `colors:` entry when the
# elements that use it are all off the same way
add(C + "login.yaml", "text: \"Sign in\", style: button, padding: 14, background: { color: systemBlue", "text: \"Sign in\", style: button, padding: 14, background: { color: systemIndigo", "fill", ["systemIndigo"], both)
add(C + "profile.yaml", "text: \"Follow\", style: primary, padding: { top: 8, leading: 16, bottom: 8, trailing: 16 }, background: { color: systemBlue", "text: \"Follow\", style: primary, padding: { top: 8, leading: 16, bottom: 8, trailing: 16 }, background: { color: systemGreen", "fill", ["systemGreen"])
add(S + "product.yaml", "  sale: systemRed\n", "  sale: systemOrange\n", "fill", ["sale", "systemOrange"], both)
add(S + "onboarding.yaml", "  accent: { light: \"#007AFF\", dark: \"#0A84FF\" }", "  accent: { light: \"#5856D6\", dark: \"#5E5CE6\" }", "fill", ["accent"])
add(C + "chat.yaml", "  incoming: { light: \"#E9E9EB\", dark: \"#262629\" }", "  incoming: { light: \"#E5E5EA\", dark: \"#262629\" }", "fill", ["incoming"])
add(C + "paywall.yaml", "text: \"Continue\", style: button, padding: 14, background: { color: systemBlue", "text: \"Continue\", style: button, padding: 14, background: { color: systemTeal", "fill", ["systemTeal"])

# faces by name: a style that names its face (`font: Inter-SemiBold`) ignores `weight`; the design uses another face
add(D, "    font: Inter-SemiBold\n", "    font: Inter-Bold\n", "font", ["font: Inter-Bold"], both)
add(D, "    font: Inter-SemiBold\n", "    font: Inter-Medium\n", "font", ["font: Inter-Medium"])
def face(scene, base, change, expect, models=("css",)):
    for m in models:
        cases.append(dict(scene=scene, base=[base], edits=[change], kind="font", expect=expect, model=m))
face(C + "chips.yaml", ["heading: { font: Inter, size: 17, weight: 600", "heading: { font: Inter-SemiBold, size: 17"],
     ["heading: { font: Inter-SemiBold, size: 17", "heading: { font: Inter-Bold, size: 17"], ["font: Inter-Bold"])
face(C + "login.yaml", ["title: { font: Inter, size: 28, weight: 700,", "title: { font: Inter-Bold, size: 28,"],
     ["title: { font: Inter-Bold, size: 28,", "title: { font: Inter-SemiBold, size: 28,"], ["font: Inter-SemiBold"], both)
face(S + "onboarding.yaml", ["title: { font: Inter, size: 28, weight: 700,", "title: { font: Inter-Bold, size: 28,"],
     ["title: { font: Inter-Bold, size: 28,", "title: { font: Inter-Black, size: 28,"], ["font: Inter-Black"])

# an element the design has and the scene lacks: a divider or a placeholder box
add(C + "profile.yaml", "    - label: { id: bio,", "    - box: { height: 1, color: \"#E5E5EA\" }\n    - label: { id: bio,", "extra", ["put before it", "box"], both)
add(D, "    - label:\n        id: body", "    - box: { height: 1, color: \"#C6C6C8\" }\n    - label:\n        id: body", "extra", ["put before it", "box"], both)
add(C + "login.yaml", "    - label: { id: cta,", "    - box: { height: 24, color: \"#F2F2F7\", cornerRadius: 6 }\n    - label: { id: cta,", "extra", ["put before it", "box"])
add(C + "paywall.yaml", "    - label: { id: subtitle,", "    - box: { height: 4, color: systemBlue }\n    - label: { id: subtitle,", "extra", ["put before it", "box"])
add(S + "onboarding.yaml", "    - label: { id: continue,", "    - box: { height: 2, color: \"#D1D1D6\" }\n    - label: { id: continue,", "extra", ["put before it", "box"])

# pairs: two independent changes
def pair(scene, a, b, expect, models=("css",)):
    for m in models:
        cases.append(dict(scene=scene, edits=[a, b], kind="pair", expect=expect, model=m))
pair(C + "login.yaml", ["  spacing: 12\n", "  spacing: 16\n"], ["title: { font: Inter, size: 28,", "title: { font: Inter, size: 26,"], ["spacing: 16", "size: 26"])
pair(C + "paywall.yaml", ["      id: monthly\n      padding: 16\n", "      id: monthly\n      padding: 20\n"], ["subtitle: { font: Inter, size: 15,", "subtitle: { font: Inter, size: 14,"], ["padding: 20", "size: 14"])
pair(S + "settings.yaml", ["text: \"Settings\"", "text: \"Setting\""], ["          height: 44\n          children:\n            - label: { id: bt-title", "          height: 48\n          children:\n            - label: { id: bt-title"], ["Setting", "height: 48"])
pair(D, ["  spacing: 8\n", "  spacing: 12\n"], ["    font: Inter\n    size: 17\n", "    font: Inter\n    size: 16\n"], ["spacing: 12", "size: 16"], both)
pair(C + "chips.yaml", ["      id: row1\n      spacing: 8\n", "      id: row1\n      spacing: 12\n"], ["heading: { font: Inter, size: 17, weight: 600", "heading: { font: Inter, size: 17, weight: 700"], ["spacing: 12", "weight: 700"], both)
pair(C + "banner-light.yaml", ["          spacing: 2\n", "          spacing: 4\n"], ["app: { font: Inter, size: 13,", "app: { font: Inter, size: 12,"], ["spacing: 4", "size: 12"], both)
pair(C + "profile.yaml", ["      spacing: 9\n", "      spacing: 13\n"], ["bio: { font: Inter, size: 15,", "bio: { font: Inter, size: 16,"], ["spacing: 13", "size: 16"])

# drop the placeholder cases written above with empty expectations and odd edits: they were sketches
cases = [c for c in cases if c.get("expect")]
os.makedirs("Fixtures/suggest-corpus", exist_ok=True)
with open("Fixtures/suggest-corpus/cases.json", "w") as f:
    json.dump(cases, f, indent=1)
print(len(cases), "cases")

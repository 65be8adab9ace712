#!/usr/bin/env python3
"""Browser ground truth for the typography keys of issue 23 in Ghostline's css model: variable fonts (`weight` on
`wght`, `variations`, `opticalSizing`), OpenType `features`, lengths in percent of the size (`letterSpacing:
"-2%"`, `lineHeight: "120%"`), `textCase` and the paragraph indents — line breaks, baselines and line extents measured in headless Chromium.

Run (Debian 12; needs chromium, fonts-inter, fonts-inter-variable and fontTools; run scripts/fixtures/make-opsz-font.py
first if Fixtures/fonts/opsz is empty):

    python3 scripts/browser/browser-typography.py      # writes Fixtures/browser/chromium-typography-layout.json

Input: Fixtures/browser/typography-cases.json, in the world-text case format (id, width, lineHeight, style with the
block's font file and size, text) plus `scene`: the Ghostline style keys under test, exactly as a scene writes them.
Each is turned into the CSS property with its meaning:
  weight -> font-weight; variations -> font-variation-settings; opticalSizing -> font-optical-sizing;
  features -> font-feature-settings; letterSpacing "N%" -> letter-spacing: N/100 em (CSS's own percentage is of
  the font size too, but Chromium's support for it is recent); lineHeight "N%" -> line-height: N%;
  textCase -> text-transform (language -> the block's lang attribute, so de and tr map case by their rules);
  alignment -> text-align; headIndent, firstLineHeadIndent, tailIndent -> box-sizing: border-box,
  padding-inline-start: head, text-indent: first - head (a hanging indent is negative), padding-inline-end: -tail
  (or width - tail for a positive tail indent, the line's end measured from the start edge).
Every font is pinned with @font-face over the whole weight range (`font-weight: 1 1000`), so Chromium sets a variable
font's `wght` from font-weight instead of clamping it to a single descriptor weight, and never synthesizes.
The page and the measuring are scripts/browser/browser-world-text.py's (one Chromium per device scale, FONTCONFIG_FILE
naming the recording machine's font directories only); the block's CSS is laid over its defaults.
"""
import importlib.util
import json
import os
import re
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CASES = os.path.join(ROOT, "Fixtures", "browser", "typography-cases.json")
OUT = os.path.join(ROOT, "Fixtures", "browser", "chromium-typography-layout.json")
SCALES = (1, 2, 3)

_spec = importlib.util.spec_from_file_location("world", os.path.join(ROOT, "scripts", "browser", "browser-world-text.py"))
world = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(world)
baselines = world.baselines


def absolute(path):
    return path if path.startswith("/") else os.path.join(ROOT, path)


def percent(value):
    """`"-2%"` -> -2.0; None for a length in points."""
    if isinstance(value, str) and value.strip().endswith("%"):
        return float(value.strip()[:-1])
    return None


def css_for(scene, width):
    """The CSS declarations that mean what the scene's style keys mean."""
    css = []
    if "weight" in scene:
        css.append(f"font-weight: {scene['weight']}")
    if "variations" in scene:
        css.append("font-variation-settings: " + ", ".join(f'"{t}" {baselines.css_number(v)}' for t, v in scene["variations"].items()))
    if "opticalSizing" in scene:
        css.append(f"font-optical-sizing: {scene['opticalSizing']}")
    if "features" in scene:
        css.append("font-feature-settings: " + ", ".join(f'"{t}" {v}' for t, v in scene["features"].items()))
    if "letterSpacing" in scene:
        p = percent(scene["letterSpacing"])
        css.append(f"letter-spacing: {baselines.css_number(p / 100)}em" if p is not None
                   else f"letter-spacing: {baselines.css_number(scene['letterSpacing'])}px")
    if "lineHeight" in scene:
        p = percent(scene["lineHeight"])
        css.append(f"line-height: {baselines.css_number(p)}%" if p is not None
                   else f"line-height: {baselines.css_number(scene['lineHeight'])}px")
    if "textCase" in scene:
        css.append("text-transform: " + {"upper": "uppercase", "lower": "lowercase", "capitalize": "capitalize",
                                          "none": "none"}[scene["textCase"]])
    if "alignment" in scene:
        css.append("text-align: " + {"natural": "start", "left": "left", "center": "center", "right": "right",
                                     "justified": "justify"}[scene["alignment"]])
    if any(k in scene for k in ("firstLineHeadIndent", "headIndent", "tailIndent")):
        # NSParagraphStyle's indents inside the block's width: the head indent pads the start of every line,
        # the first line moves by the difference (a hanging indent is a negative text-indent), a negative tail
        # indent pads the end and a positive one is the lines' end measured from the start edge.
        head = scene.get("headIndent", 0)
        first = scene.get("firstLineHeadIndent", 0)
        tail = scene.get("tailIndent", 0)
        end = -tail if tail <= 0 else width - tail
        css.append("box-sizing: border-box")
        css.append(f"padding-inline-start: {baselines.css_number(head)}px")
        css.append(f"text-indent: {baselines.css_number(first - head)}px")
        css.append(f"padding-inline-end: {baselines.css_number(end)}px")
    return "; ".join(css)


def page_for(cases, scale):
    # The world-text page, with every face over the whole weight range and the block's own CSS laid over it.
    # A scene's `language` is the block's lang attribute: text-transform maps case by it (de ß, tr i).
    for_world = [dict(c, style=dict(c["style"], font=absolute(c["style"]["font"])),
                      **({"lang": c["scene"]["language"]} if "language" in c["scene"] else {})) for c in cases]
    page = world.page_for(for_world, scale)
    page = page.replace("font-display: block; }", "font-display: block; font-weight: 1 1000; font-style: normal; }")
    hook = "  if (c.wordBreak) d.style.wordBreak = c.wordBreak;\n"
    if hook not in page:
        sys.exit("browser-world-text.py's page changed: cannot add the block's CSS")
    page = page.replace(hook, hook + "  if (c.css) d.style.cssText += c.css;\n")
    # What the block shows: innerText applies text-transform (HTML's innerText algorithm), so ß -> SS and the
    # Turkish i are Chromium's own, recorded beside the lines.
    push = "for (const c of DATA.cases) out.cases.push(runCase(c));"
    if push not in page:
        sys.exit("browser-world-text.py's page changed: cannot record the shown text")
    page = page.replace(push, "for (const c of DATA.cases) { const r = runCase(c); const b = build(c, []); "
                              "r.shown = b.d.innerText; b.d.parentNode.remove(); out.cases.push(r); }")
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    data = json.loads(m.group(1).replace("<\\/", "</"))
    css = {c["id"]: css_for(c["scene"], c["width"]) for c in cases}
    for c in data["cases"]:
        c["css"] = css[c["id"]]
    blob = json.dumps(data, ensure_ascii=True).replace("</", "<\\/")
    return page[:m.start(1)] + blob + page[m.end(1):]


def main():
    with open(CASES, encoding="utf-8") as f:
        cases = json.load(f)
    for c in cases:
        if not os.path.exists(absolute(c["style"]["font"])):
            sys.exit(f"case {c['id']}: font {c['style']['font']} is missing")
    version = baselines.chromium_version()
    results = {}
    with tempfile.TemporaryDirectory(prefix="ghostline-typography-") as workdir:
        os.environ["FONTCONFIG_FILE"] = world.recording_machine_config(workdir)
        for scale in SCALES:
            t0 = time.time()
            res = baselines.run_page(page_for(cases, scale), scale, workdir)
            bad = [f for f, ok in res["fonts"].items() if not ok]
            if bad:
                sys.exit(f"scale {scale}: fonts not loaded: {bad}")
            if res["maxGridError"] > 0.2:
                sys.exit(f"scale {scale}: a DOM value is {res['maxGridError']:.3f} LayoutUnits off the 1/64 grid")
            results[scale] = {r["id"]: r for r in res["cases"]}
            print(f"scale {scale}: {len(cases)} cases in {time.time() - t0:.1f}s", file=sys.stderr)
    out = []
    for c in cases:
        entry = {k: c[k] for k in ("id", "width", "lineHeight", "style", "scene", "text")}
        entry.update({k: c[k] for k in ("direction",) if k in c})
        if "language" in c["scene"]:
            entry["lang"] = c["scene"]["language"]
        entry["css"] = css_for(c["scene"], c["width"])
        scales = {}
        for scale, by_id in sorted(results.items()):
            r = by_id[c["id"]]
            if r["lines"][-1]["end"] != len(c["text"]):
                sys.exit(f"{c['id']} @{scale}x: lines end at {r['lines'][-1]['end']}, text has {len(c['text'])} scalars")
            if any(L["baseline"] is None for L in r["lines"]):
                sys.exit(f"{c['id']} @{scale}x: a line has no confirmed baseline ({'; '.join(r['problems'])})")
            if "textCase" in c["scene"]:
                entry["shown"] = r["shown"]
            scales[str(scale)] = {
                "height": baselines.css(r["height"], scale),
                "lines": [{"start": L["start"], "end": L["end"],
                           "left": None if L["left"] is None else baselines.css(L["left"], scale),
                           "right": None if L["right"] is None else baselines.css(L["right"], scale),
                           "baseline": baselines.css(L["baseline"], scale)} for L in r["lines"]],
            }
        entry["scales"] = scales
        out.append(entry)
    doc = {"chromium": version, "generator": "scripts/browser/browser-typography.py",
           "units": "CSS px (= pt) from the block's top-left; start/end are Unicode scalar offsets (end exclusive); "
                    "left/right bound the line's drawn scalars",
           "cases": out}
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")
    print(f"wrote {OUT}: {len(out)} cases x {len(SCALES)} scales", file=sys.stderr)


if __name__ == "__main__":
    main()

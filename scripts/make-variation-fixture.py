#!/usr/bin/python3
"""Reference values for variable fonts and OpenType features, read with fontTools (independent of FreeType and
HarfBuzz): writes Tests/GhostlineShapingTests/Fixtures/fonttools-variations.json.

For each variable font: the fvar axes and named instances; for each instance asked for below, the advance widths
(hmtx, after fontTools' instancer applied gvar/HVAR) of the strings below and the OS/2 and hhea vertical metrics
after it applied MVAR (which names OS/2 fields only; hhea stays as the file has it), summed in font units, with every axis
value clamped to the axis range first (as CSS and Core Text clamp). For `tnum`: the glyphs the font's `tnum`
single substitutions give the digits, and their advances, read from GSUB and hmtx, not from a shaper.

Run with /usr/bin/python3: python3 scripts/make-variation-fixture.py
"""
import json
import os
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "Tests", "GhostlineShapingTests", "Fixtures", "fonttools-variations.json")
INTER_VF = "/usr/share/fonts/truetype/inter-vf/Inter.var.ttf"
OPSZ = os.path.join(ROOT, "Fixtures", "fonts", "opsz", "GhostlineOpszTest.ttf")
INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
# Plain sums of advances: the tests shape these strings with kerning off, so GPOS adds nothing to them.
STRINGS = ["Hamburgefonstiv", "minimum", "0123456789"]
INSTANCES = {INTER_VF: [{"wght": 100}, {"wght": 450}, {"wght": 700}, {"wght": 1000}, {"wght": 560, "slnt": -10}],
             OPSZ: [{"opsz": 11}, {"opsz": 24}, {"opsz": 32}, {"opsz": 60}]}


def advances(font, text):
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    return sum(hmtx[cmap[ord(c)]][0] for c in text)


def variable(path):
    font = TTFont(path)
    axes = [{"tag": a.axisTag, "min": a.minValue, "default": a.defaultValue, "max": a.maxValue} for a in font["fvar"].axes]
    names = font["name"]
    instances = [{"name": names.getDebugName(i.subfamilyNameID), "coordinates": i.coordinates}
                 for i in font["fvar"].instances]
    results = []
    for wanted in INSTANCES[path]:
        limits = {a["tag"]: min(max(wanted.get(a["tag"], a["default"]), a["min"]), a["max"]) for a in axes}
        inst = instancer.instantiateVariableFont(TTFont(path), limits)
        os2, hhea = inst["OS/2"], inst["hhea"]
        metrics = {"typoAscender": os2.sTypoAscender, "typoDescender": os2.sTypoDescender, "typoLineGap": os2.sTypoLineGap,
                   "capHeight": os2.sCapHeight, "xHeight": os2.sxHeight,
                   "hheaAscender": hhea.ascent, "hheaDescender": hhea.descent, "hheaLineGap": hhea.lineGap}
        results.append({"asked": wanted, "clamped": limits, "advances": {s: advances(inst, s) for s in STRINGS},
                        "metrics": metrics})
    return {"path": path, "unitsPerEm": font["head"].unitsPerEm, "axes": axes, "namedInstances": instances,
            "instances": results}


def single_substitutions(font, feature):
    gsub = font["GSUB"].table
    mapping = {}
    for record in gsub.FeatureList.FeatureRecord:
        if record.FeatureTag != feature:
            continue
        for index in record.Feature.LookupListIndex:
            lookup = gsub.LookupList.Lookup[index]
            for sub in lookup.SubTable:
                if lookup.LookupType == 7:
                    sub = sub.ExtSubTable
                if hasattr(sub, "mapping"):
                    mapping.update(sub.mapping)
    return mapping


def tabular(path):
    font = TTFont(path)
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    tnum = single_substitutions(font, "tnum")
    digits = {}
    for d in "0123456789":
        glyph = cmap[ord(d)]
        digits[d] = {"glyph": glyph, "advance": hmtx[glyph][0], "tabularGlyph": tnum.get(glyph, glyph),
                     "tabularAdvance": hmtx[tnum.get(glyph, glyph)][0]}
    return {"path": path, "unitsPerEm": font["head"].unitsPerEm, "digits": digits}


doc = {"generator": "scripts/make-variation-fixture.py (fontTools)", "strings": STRINGS,
       "variable": [variable(INTER_VF), variable(OPSZ)], "tnum": [tabular(INTER), tabular(INTER_VF)]}
doc["variable"][1]["path"] = "Fixtures/fonts/opsz/GhostlineOpszTest.ttf"
with open(OUT, "w", encoding="utf-8") as f:
    json.dump(doc, f, indent=1, sort_keys=True)
    f.write("\n")
print(f"wrote {OUT}")

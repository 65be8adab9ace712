#!/usr/bin/env python3
"""Writes Tests/GhostlineFontsTests/Fixtures/fonttools-metrics.json: font metrics read by fontTools.

fontTools is an independent reader of the same tables Ghostline reads through FreeType, so the Swift tests
compare Ghostline against it rather than against Ghostline's own output.

Run:  pip install fonttools && python3 scripts/make-metrics-fixture.py

For each font and size it records the raw table values (font units) and the UIFont-style values in points:
  value_pt = value_units * size / unitsPerEm            (MISSION-NOTES: "scaled from font units")
  lineHeight = ascender - descender                     (rule R1; leading not included)
for both vertical-metrics sources: `hhea` (Apple's choice) and `typo` (OS/2 sTypoAscender/Descender/LineGap).
capHeight / xHeight come from OS/2 (version >= 2); fonts with an older OS/2 table (DejaVu Sans has version 1)
fall back to the top of the glyph outline of 'H' / 'x', which is how Ghostline estimates them too.
"""
import json
import os
import sys

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

FONTS = [
    ("Inter Regular", "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "fonts-inter"),
    ("Inter SemiBold", "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "fonts-inter"),
    ("InterDisplay Regular", "/usr/share/fonts/opentype/inter/InterDisplay-Regular.otf", "fonts-inter"),
    ("DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
]
SIZES = [11, 12.5, 17, 28, 34]
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "GhostlineFontsTests", "Fixtures", "fonttools-metrics.json")


def glyph_top(font, char):
    """yMax of the outline of the glyph that `char` maps to, in font units."""
    glyph_name = font.getBestCmap()[ord(char)]
    glyph_set = font.getGlyphSet()
    pen = BoundsPen(glyph_set)
    glyph_set[glyph_name].draw(pen)
    return pen.bounds[3] if pen.bounds else 0


def main():
    entries = []
    for name, path, package in FONTS:
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: install the Debian package {package}")
        font = TTFont(path)
        upem = font["head"].unitsPerEm
        hhea = font["hhea"]
        os2 = font["OS/2"]
        if os2.version >= 2 and os2.sCapHeight > 0:
            cap, x_height, cap_source = os2.sCapHeight, os2.sxHeight, "OS/2"
        else:
            cap, x_height, cap_source = glyph_top(font, "H"), glyph_top(font, "x"), "glyph outlines"
        raw = {
            "unitsPerEm": upem,
            "hhea": {"ascender": hhea.ascent, "descender": hhea.descent, "lineGap": hhea.lineGap},
            "typo": {"ascender": os2.sTypoAscender, "descender": os2.sTypoDescender, "lineGap": os2.sTypoLineGap},
            "useTypoMetrics": bool(os2.fsSelection & (1 << 7)),
            "capHeight": cap,
            "xHeight": x_height,
            "capHeightSource": cap_source,
        }
        sizes = []
        for size in SIZES:
            scale = size / upem
            per_source = {}
            for source in ("hhea", "typo"):
                v = raw[source]
                per_source[source] = {
                    "ascender": v["ascender"] * scale,
                    "descender": v["descender"] * scale,
                    "leading": v["lineGap"] * scale,
                    "lineHeight": (v["ascender"] - v["descender"]) * scale,
                }
            sizes.append({"size": size, "capHeight": cap * scale, "xHeight": x_height * scale, **per_source})
        entries.append({
            "name": name,
            "path": path,
            "package": package,
            "familyName": font["name"].getBestFamilyName(),
            "fontRevision": round(font["head"].fontRevision, 4),
            "raw": raw,
            "sizes": sizes,
        })
    with open(OUT, "w") as handle:
        json.dump({"generator": "scripts/make-metrics-fixture.py (fontTools)", "fonts": entries}, handle, indent=1)
        handle.write("\n")
    print(f"wrote {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes small seed fonts for `scripts/fuzz/fuzz.sh font` into the folder given as the only argument.

A whole installed font (DejaVu Sans is 740 KB) is useless as a fuzzing seed: libFuzzer cuts inputs at -max_len, and
a cut font never loads, so every mutation only exercises "unknown file format". These seeds are a few KB each, one
per kind of font file FreeType and HarfBuzz parse differently, all cut down with fontTools from fonts Debian
installs (fonts-dejavu-core, fonts-inter, fonts-noto-color-emoji; all under free licences, and nothing is
committed: the seeds are made anew at fuzz time):

  truetype.ttf        DejaVu Sans, glyf outlines, kern/GSUB (the ffi ligature), OS/2 v1 (no cap height)
  cff.otf             Inter, CFF outlines, OS/2 v4
  trak.otf            the CFF seed with an AAT tracking table (two tracks, three sizes) and a STAT table, so that
                      mutations reach Ghostline's own trak reader (Font+Tracking.swift, TrackingTable.swift)
  collection.ttc      DejaVu Sans and DejaVu Sans Bold in one collection (face indices 0 and 1)
  variable.ttf        the TrueType seed made variable: an fvar weight axis and gvar deltas
  colr.ttf            the TrueType seed with COLR/CPAL colour layers
  bitmap-color.ttf    Noto Color Emoji cut to one emoji: CBDT/CBLC colour bitmaps, no outlines
  truetype.woff       the TrueType seed in a WOFF wrapper (zlib-compressed tables)
  truetype.woff2      ... and WOFF2 (Brotli), when the brotli module is installed

Needs fontTools (Debian's python3-fonttools, or `pip install fonttools`).
"""

import os
import sys

from fontTools import subset
from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.fontBuilder import FontBuilder
from fontTools.ttLib import TTCollection, TTFont
from fontTools.ttLib.tables.TupleVariation import TupleVariation

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
TEXT = "Hgx ffi AV\u00c5"   # \u00c5 (Å) is a composite glyph in DejaVu


def cut(path, text=TEXT, unicodes=()):
    options = subset.Options()
    options.layout_features = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    # Hinting programs and the math table are most of a subset's bytes and are never run or read by Ghostline
    # (glyphs are rasterized unhinted); without them the mutations land on the tables that are.
    options.hinting = False
    options.drop_tables += ["MATH", "FFTM"]
    font = TTFont(path)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text, unicodes=list(unicodes))
    subsetter.subset(font)
    return font


def make_variable(font):
    """Adds a weight axis whose bold end widens every simple glyph by moving its points right of centre."""
    builder = FontBuilder(font=font)
    builder.setupFvar([("wght", 100, 400, 900, "Weight")], [])
    glyf = font["glyf"]
    variations = {}
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if glyph.numberOfContours <= 0:
            continue
        coordinates = glyph.coordinates
        centre = sum(x for x, _ in coordinates) / max(len(coordinates), 1)
        deltas = [(40 if x > centre else -10, 0) for x, _ in coordinates] + [(0, 0), (30, 0), (0, 0), (0, 0)]
        variations[name] = [TupleVariation({"wght": (0.0, 1.0, 1.0)}, deltas)]
    builder.setupGvar(variations)
    return font


def make_colr(font):
    """COLR v0: 'H' drawn as two layers, itself and 'g', in two palette colours."""
    order = font.getGlyphOrder()
    font["COLR"] = buildCOLR({"H": [("H", 0), ("g", 1)]})
    font["CPAL"] = buildCPAL([[(1.0, 0.2, 0.1, 1.0), (0.1, 0.3, 0.9, 0.6)]])
    assert "H" in order and "g" in order
    return font


def make_trak(font):
    """A trak table like scripts/fixtures/make-trak-font.py's: tracks -1 and 0 over three sizes, and a STAT table."""
    from fontTools.otlLib.builder import buildStatTable
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
    trak = newTable("trak")
    trak.version, trak.format = 1.0, 0
    horizontal = TrackData()
    horizontal[-1.0] = TrackTableEntry({9.0: -40, 12.0: -50, 28.0: -90}, nameIndex=256)
    horizontal[0.0] = TrackTableEntry({9.0: 20, 12.0: 0, 28.0: 14}, nameIndex=257)
    trak.horizData, trak.vertData = horizontal, TrackData()
    font["trak"] = trak
    buildStatTable(font, [{"tag": "wght", "name": "Weight", "values": [{"value": 400, "name": "Regular"}]}])
    return font


def save(font, path, flavor=None):
    font.flavor = flavor
    font.save(path)
    print(f"{os.path.getsize(path):7} bytes  {os.path.basename(path)}")


def main():
    if len(sys.argv) != 2:
        print("usage: make-fuzz-seed-fonts.py OUTPUT_DIR", file=sys.stderr)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    save(cut(DEJAVU), os.path.join(out, "truetype.ttf"))
    if os.path.exists(INTER):
        save(cut(INTER), os.path.join(out, "cff.otf"))
        save(make_trak(cut(INTER)), os.path.join(out, "trak.otf"))
    collection = TTCollection()
    collection.fonts = [cut(DEJAVU), cut(DEJAVU_BOLD)]
    collection.save(os.path.join(out, "collection.ttc"))
    print(f"{os.path.getsize(os.path.join(out, 'collection.ttc')):7} bytes  collection.ttc")
    save(make_variable(cut(DEJAVU)), os.path.join(out, "variable.ttf"))
    save(make_colr(cut(DEJAVU)), os.path.join(out, "colr.ttf"))
    if os.path.exists(EMOJI):
        save(cut(EMOJI, text="", unicodes=[0x1F600]), os.path.join(out, "bitmap-color.ttf"))
    save(cut(DEJAVU), os.path.join(out, "truetype.woff"), flavor="woff")
    try:
        import brotli  # noqa: F401  (WOFF2 needs it)
        save(cut(DEJAVU), os.path.join(out, "truetype.woff2"), flavor="woff2")
    except ImportError:
        print("  (no brotli module: skipped truetype.woff2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

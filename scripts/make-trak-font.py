#!/usr/bin/python3
"""Makes the fonts with an AAT tracking table (`trak`) that the tests of size-dependent tracking use (issue 23 item 7;
no font Debian installs has one, and Apple's system fonts that do may not be committed):

  Fixtures/fonts/trak/GhostlineTrakTest.otf     trak + STAT: a "modern" font, tracked by Core Text
  Fixtures/fonts/trak/GhostlineTrakNoSTAT.otf   the same trak, no STAT: Core Text leaves it untracked
  Fixtures/fonts/trak/GhostlineTrakFlat.otf     trak + STAT, +100/1000 em at every size: a probe that shows any
                                                tracking at all, whatever size a renderer assumes (HarfBuzz 10.3
                                                and later assume 12 pt when not told one, where the HIG's is 0)

How: Debian's Inter Regular (fonts-inter, SIL OFL 1.1; the licence is Fixtures/fonts/trak/OFL.txt and stays in the
name table, IDs 0, 13 and 14) subset to printable ASCII and rescaled to 1000 units per em, so that a trak value in
font units *is* a value in 1/1000 em, the unit Apple's Human Interface Guidelines publish SF Pro's tracking in.

The normal track (track value 0) holds the HIG's SF Pro tracking (Typography > Specifications > Tracking values,
iOS/iPadOS, in 1/1000 em) at the sizes a second public transcription confirms (uxcel's HIG course, "Spacing rules":
10 pt +12, 12 pt 0, 13 pt -6, 17 pt -26, 28 pt +14). Between them Core Text interpolates; outside it clamps.
A tight track (-1) with other values comes first in the table, so that a reader that takes the first track instead
of the normal one is caught: Core Text uses the tight track only to tighten before truncating (WWDC20 "The details
of UI typography"), never by default.

Why two fonts: Core Text applies a font's trak by default only to fonts that also have a STAT table (WWDC20 "The
details of UI typography": custom fonts with both `trak` and `STAT` get the system's size-specific tracking;
HarfBuzz's hb-ot-shape.cc follows it, citing Apple's Ned Holbrook).

Run with /usr/bin/python3 (fontTools): python3 scripts/make-trak-font.py
"""
import os
from fontTools import subset
from fontTools.otlLib.builder import buildStatTable
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.scaleUpem import scale_upem
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SOURCE = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
OUT = os.path.join(ROOT, "Fixtures", "fonts", "trak")

# SF Pro's tracking in 1/1000 em by size in points (HIG; see above). With 1000 units per em these are font units.
NORMAL = {10.0: 12, 12.0: 0, 13.0: -6, 17.0: -26, 28.0: 14}
# The tight track: made-up values, far from the normal ones, so picking it shows.
TIGHT = {10.0: -40, 12.0: -50, 13.0: -55, 17.0: -70, 28.0: -90}
# The flat probe's normal and tight tracks.
FLAT = {8.0: 100, 40.0: 100}
FLAT_TIGHT = {8.0: -50, 40.0: -50}


def base_font():
    # recalcTimestamp=False keeps head.modified as Inter has it, so that running the script twice gives the same bytes.
    font = TTFont(SOURCE, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    scale_upem(font, 1000)
    # scale_upem leaves CFF's FontMatrix a hair off 1/1000; make it exact so outlines match the advances.
    font["CFF "].cff.topDictIndex[0].FontMatrix = [0.001, 0, 0, 0.001, 0, 0]
    return font


def rename(font, family, postscript):
    name = font["name"]
    for record in list(name.names):
        if record.nameID in (1, 16):
            name.setName(family, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 4:
            name.setName(family + " Regular", 4, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (6, 25):
            name.setName(postscript, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            name.setName(postscript + ";derived from Inter 3.19", 3, record.platformID, record.platEncID, record.langID)


def add_trak(font, normal, tight):
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    horizontal = TrackData()
    # Track names (name IDs above 255, as the trak chapter of the TrueType Reference Manual asks).
    name = font["name"]
    tight_id = name.addName("Tight")
    normal_id = name.addName("Normal")
    horizontal[-1.0] = TrackTableEntry(dict(tight), nameIndex=tight_id)
    horizontal[0.0] = TrackTableEntry(dict(normal), nameIndex=normal_id)
    trak.horizData = horizontal
    trak.vertData = TrackData()
    font["trak"] = trak


def add_stat(font):
    buildStatTable(font, [{"tag": "wght", "name": "Weight", "values": [{"value": 400, "name": "Regular",
                                                                        "flags": 0x2}]}])


def main():
    os.makedirs(OUT, exist_ok=True)
    for file, family, postscript, stat, normal, tight in [
            ("GhostlineTrakTest.otf", "Ghostline Trak Test", "GhostlineTrakTest-Regular", True, NORMAL, TIGHT),
            ("GhostlineTrakNoSTAT.otf", "Ghostline Trak NoSTAT", "GhostlineTrakNoSTAT-Regular", False, NORMAL, TIGHT),
            ("GhostlineTrakFlat.otf", "Ghostline Trak Flat", "GhostlineTrakFlat-Regular", True, FLAT, FLAT_TIGHT)]:
        font = base_font()
        rename(font, family, postscript)
        add_trak(font, normal, tight)
        if stat:
            add_stat(font)
        path = os.path.join(OUT, file)
        font.save(path)
        check = TTFont(path)
        assert check["head"].unitsPerEm == 1000
        assert ("STAT" in check) == stat
        read = check["trak"].horizData[0.0]
        assert {size: read[size] for size in read.sizes()} == normal, "trak did not round-trip"
        print(f"wrote {path} ({os.path.getsize(path)} bytes)")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Makes Fixtures/fonts/opsz/GhostlineOpszTest.ttf: a variable font with an optical-size axis, for the tests of
`opticalSizing` (no font installed by scripts/setup.sh has an `opsz` axis).

How: Debian's Inter-roman.var.ttf (fonts-inter-variable, SIL OFL 1.1) subset to printable ASCII, its one axis
retagged from `wght` to `opsz` with the range 8–17–40 (the default, 17, is what a 17 pt UIKit body asks for), and
renamed "Ghostline Opsz Test". gvar and HVAR store their deltas against *normalized* coordinates, so the outlines
and advances do not change: opsz 8 draws what wght 100 drew, 17 the regular, 40 the black. That is enough to see
the axis follow the size; what the axis means in a real optical-size font does not matter to the tests.

It also gets an MVAR table (Inter has none), so that the tests see metrics vary with the instance: at opsz 40 the
typo ascender is 300 units higher, the descender 120 lower (more negative), the line gap 50 larger (25 at opsz 8), the cap height
100 and the x height 60 higher; at opsz 8 the others move by half of that the other way. Deltas are linear in between.

Run with /usr/bin/python3 (fontTools): python3 scripts/make-opsz-font.py
"""
import os
from fontTools import subset
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables import otTables
from fontTools.varLib import builder

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SOURCE = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
OUT = os.path.join(ROOT, "Fixtures", "fonts", "opsz", "GhostlineOpszTest.ttf")
FAMILY = "Ghostline Opsz Test"

font = TTFont(SOURCE)
options = subset.Options()
options.layout_features = ["*"]
options.name_IDs = ["*"]
options.notdef_outline = True
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=range(0x20, 0x7F))
subsetter.subset(font)

axis = font["fvar"].axes[0]
assert axis.axisTag == "wght"
axis.axisTag, axis.minValue, axis.defaultValue, axis.maxValue = "opsz", 8.0, 17.0, 40.0
font["fvar"].instances = []
# fontTools keys each glyph's deltas by axis tag once decompiled; the binary table stores axis indices.
for variations in font["gvar"].variations.values():
    for variation in variations:
        variation.axes = {("opsz" if tag == "wght" else tag): region for tag, region in variation.axes.items()}
if "STAT" in font:
    del font["STAT"]
if "avar" in font:
    del font["avar"]
name = font["name"]
for record in list(name.names):
    if record.nameID in (1, 16):
        name.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
    elif record.nameID == 4:
        name.setName(FAMILY + " Regular", 4, record.platformID, record.platEncID, record.langID)
    elif record.nameID in (6, 25):
        name.setName("GhostlineOpszTest-Regular", record.nameID, record.platformID, record.platEncID, record.langID)
    elif record.nameID == 3:
        name.setName("GhostlineOpszTest-Regular;derived from Inter 3.19", 3, record.platformID, record.platEncID, record.langID)
# MVAR: one delta set per metric, over two regions (opsz above and below the default).
regions = builder.buildVarRegionList([{"opsz": (0.0, 1.0, 1.0)}, {"opsz": (-1.0, -1.0, 0.0)}], ["opsz"])
deltas = {"cpht": (100, -50), "hasc": (300, -150), "hdsc": (-120, 60), "hlgp": (50, 25), "xhgt": (60, -30)}
tags = sorted(deltas)
store = builder.buildVarStore(regions, [builder.buildVarData([0, 1], [list(deltas[t]) for t in tags], optimize=False)])
mvar = newTable("MVAR")
mvar.table = otTables.MVAR()
mvar.table.Version = 0x00010000
mvar.table.Reserved = 0
mvar.table.ValueRecordSize = 8
mvar.table.VarStore = store
records = []
for row, tag in enumerate(tags):
    record = otTables.MetricsValueRecord()
    record.ValueTag = tag
    record.VarIdx = row   # outer 0, inner row
    records.append(record)
mvar.table.ValueRecord = records
mvar.table.ValueRecordCount = len(records)
font["MVAR"] = mvar
font.save(OUT)
print(f"wrote {OUT} ({os.path.getsize(OUT)} bytes)")

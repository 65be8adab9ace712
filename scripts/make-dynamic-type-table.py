#!/usr/bin/env python3
"""Writes Sources/GhostlineScene/Resolve/DynamicTypeTable.swift from the team's transcription of Apple's Dynamic Type
table (shared/dynamic-type-ios.csv: category,style,weight,size_pt,line_height_pt,note).

Run:  python3 scripts/make-dynamic-type-table.py [path/to/dynamic-type-ios.csv]
(default: ../shared/dynamic-type-ios.csv beside the repository)
"""
import csv
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "shared", "dynamic-type-ios.csv")
target = os.path.join(here, "..", "Sources", "GhostlineScene", "Resolve", "DynamicTypeTable.swift")

with open(source, newline="") as handle:
    rows = list(csv.DictReader(handle))
if len(rows) != 132:
    sys.exit(f"{source}: expected 132 rows (11 styles x 12 categories), found {len(rows)}")

out = [
    "/// Apple's Dynamic Type table for iOS (Human Interface Guidelines → Typography → Specifications), as",
    "/// transcribed in the team's `shared/dynamic-type-ios.csv`: size and designed line height in points, and weight,",
    "/// for each of the 11 text styles in each of the 12 content size categories. Generated from that file by",
    "/// scripts/make-dynamic-type-table.py; the notes column is kept as comments where the published table is odd.",
    "enum DynamicTypeTable {",
    "    /// (category, style, weight, size, lineHeight)",
    "    static let rows: [(String, String, String, Double, Double)] = [",
]
for row in rows:
    line = f'        ("{row["category"]}", "{row["style"]}", "{row["weight"]}", {row["size_pt"]}, {row["line_height_pt"]}),'
    if row.get("note"):
        line += f"  // {row['note']}"
    out.append(line)
out += ["    ]", "}", ""]
with open(target, "w") as handle:
    handle.write("\n".join(out))
print(f"wrote {os.path.normpath(target)}")

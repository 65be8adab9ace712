#!/usr/bin/env python3
"""Issue 31's speed figures, side by side in one run: every case of Fixtures/suggest-corpus/cases.json checked with
`--suggest` (the new binary) and without it (the new binary and a peer: main before the change), whole processes.

usage: scripts/bench/bench-suggest.py NEW_BINARY BEFORE_BINARY   (release builds)
Prints the five slowest `--suggest` checks, the medians, and the ratio of the plain checks' total times.
"""
import json, os, statistics, subprocess, sys, tempfile, time

new, before = sys.argv[1], sys.argv[2]
cases = json.load(open("Fixtures/suggest-corpus/cases.json"))
tmp = tempfile.mkdtemp()
rows = []
for n, c in enumerate(cases):
    text = open(c["scene"]).read()
    for f, r in c.get("base", []): text = text.replace(f, r, 1)
    design_text = text
    for f, r in c.get("edits") or [[c["find"], c["replace"]]]: design_text = design_text.replace(f, r, 1)
    scene, design_scene, design = (os.path.join(tmp, x) for x in ("s.yaml", "d.yaml", "d@3x.png"))
    open(scene, "w").write(text); open(design_scene, "w").write(design_text)
    subprocess.run([new, "render", design_scene, "-o", design, "--model", c["model"]], check=True)
    def timed(binary, extra):
        start = time.time()
        subprocess.run([binary, "check", scene, "--design", design, "--model", c["model"]] + extra, capture_output=True)
        return time.time() - start
    rows.append((timed(new, ["--suggest"]), timed(new, []), timed(before, []), n, os.path.basename(c["scene"]), c["kind"]))
for row in sorted(rows, reverse=True)[:5]:
    print("--suggest %.2f s, plain %.2f s (before %.2f s): case %d %s %s" % row)
print("median: --suggest %.2f s, plain %.2f s, plain before %.2f s" % tuple(statistics.median(r[i] for r in rows) for i in range(3)))
print("plain checks, total time new / before: %.3f" % (sum(r[1] for r in rows) / sum(r[2] for r in rows)))

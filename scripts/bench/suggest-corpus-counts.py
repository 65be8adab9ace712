#!/usr/bin/env python3
"""Runs Fixtures/suggest-corpus/cases.json through a ghostline binary and counts the outcomes issue 31 asks for.

  right        every planted change is named by a printed cause's fix (the patch was checked)
  partial      a cause printed for one of two planted changes, the other not found
  alternative  a printed cause names another change, and its patch was checked and passes
  unchecked    no cause printed; a candidate names the planted change
  silent       no cause printed and no candidate names it
  wrong        a printed cause names another change and its patch does not pass

SuggestionCorpusTests counts the same way in process.
usage: scripts/bench/suggest-corpus-counts.py [--binary PATH] [--only SUBSTRING] [-v]
"""
import json, os, subprocess, sys, tempfile

def classify(c, run, report):
    if run.returncode == 0: return "passes"
    if not os.path.exists(report): return "error"
    r = json.load(open(report))
    s = r.get("suggestions") or {}
    printed = [f.get("fix") or f.get("cause") or "" for f in r.get("findings", []) if f.get("cause")]
    patch = s.get("patch") or ""
    if printed:
        said = " ".join(printed) + " " + patch
        covered = [e for e in c["expect"] if e in said]
        # A printed cause that names none of the planted changes: another change that passes, or a wrong claim.
        stray = [p for p in printed if not any(e in p for e in c["expect"]) and "moves with" not in p]
        if stray and not covered:
            return "alternative" if s.get("verified") is True else "wrong"
        return "right" if len(covered) == len(c["expect"]) else "partial"
    cand = " ".join((x.get("fix") or "") + " " + (x.get("cause") or "") for x in s.get("candidates", []))
    return "unchecked" if all(e in cand for e in c["expect"]) else "silent"

def main():
    args = sys.argv[1:]
    binary = args[args.index("--binary") + 1] if "--binary" in args else ".build/debug/ghostline"
    only = args[args.index("--only") + 1] if "--only" in args else None
    verbose = "-v" in args
    cases = json.load(open("Fixtures/suggest-corpus/cases.json"))
    counts, by_kind = {}, {}
    tmp = tempfile.mkdtemp()
    for n, c in enumerate(cases):
        label = f"{n:02d} {os.path.basename(c['scene'])} {c['kind']} {c['model']} {c['expect']}"
        if only and only not in label: continue
        text = open(c["scene"]).read()
        for find, replace in c.get("base", []):
            assert find in text, (label, find)
            text = text.replace(find, replace, 1)
        changed = text
        for find, replace in c.get("edits") or [[c["find"], c["replace"]]]:
            assert find in changed, (label, find)
            changed = changed.replace(find, replace, 1)
        scene = os.path.join(tmp, f"s{n}.yaml"); design_scene = os.path.join(tmp, f"d{n}.yaml")
        open(scene, "w").write(text); open(design_scene, "w").write(changed)
        design = os.path.join(tmp, f"d{n}@3x.png"); report = os.path.join(tmp, f"r{n}.json")
        subprocess.run([binary, "render", design_scene, "-o", design, "--model", c["model"]], check=True, capture_output=True)
        run = subprocess.run([binary, "check", scene, "--design", design, "--model", c["model"], "--suggest", "--report", report],
                             capture_output=True, text=True)
        outcome = classify(c, run, report)
        counts[outcome] = counts.get(outcome, 0) + 1
        by_kind.setdefault(c["kind"], {}).setdefault(outcome, 0)
        by_kind[c["kind"]][outcome] += 1
        print(f"{outcome:12s} {label}")
        if verbose or outcome == "wrong":
            print("   " + "\n   ".join(run.stdout.splitlines()[:40]))
    for kind in sorted(by_kind): print(f"{kind:10s} " + json.dumps(by_kind[kind], sort_keys=True))
    print(json.dumps(counts, sort_keys=True))

main()

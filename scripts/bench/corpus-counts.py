#!/usr/bin/env python3
"""Counts false failures and misses of `ghostline check` over the check corpus (Fixtures/corpus/corpus.json,
issue 30): runs the CLI once per case with default options and its JSON report, and prints

- false failures: correct screens whose check fails;
- misses: planted changes whose check passes, or fails without the expected finding;
- per case: the verdict, whether it is the expected result, and the top finding.

A planted label change is found when the check fails, a failing finding names the label, and the label's first
line's baselineOffset (render − design, points) is within 0.1 pt of the expected one (so the direction is right
too). A planted area is found when the check fails and a failing finding's box (or, failing that, one of the
report's regions) overlaps the expected area grown by one device pixel. The same rules as
Tests/GhostlineReviewTests/CorpusTests.swift.

Run:  python3 scripts/bench/corpus-counts.py --binary .build/release/ghostline [--manifest Fixtures/corpus/corpus.json]
Exit status: 0 when there are no false failures and no misses, 1 otherwise, 2 when a check could not run.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OFFSET_TOLERANCE = 0.1


def overlaps(box, area, grow):
    return (box["x"] < area["x"] + area["width"] + grow and area["x"] - grow < box["x"] + box["width"] and
            box["y"] < area["y"] + area["height"] + grow and area["y"] - grow < box["y"] + box["height"])


def judge(case, report):
    """(as expected?, why) for one case and its report."""
    verdict = report["verdict"]
    expected = case["expected"]
    if expected["verdict"] == "pass":
        return verdict == "pass", "passes" if verdict == "pass" else "false failure"
    if verdict == "pass":
        return False, "miss: passes"
    if "label" in expected:
        label = expected["label"]
        named = any(f["fails"] and f.get("label") == label for f in report["findings"])
        entry = next((l for l in report["labels"] if l["id"] == label), None)
        offset = entry["lines"][0]["baselineOffset"] if entry and entry["lines"] else None
        if offset is None:
            return False, f"miss: {label}'s offset not measured"
        if abs(offset - expected["offset"]) > OFFSET_TOLERANCE:
            return False, f"miss: {label} offset {offset:+.2f} pt, expected {expected['offset']:+.2f}"
        if not named:
            return False, f"miss: no failing finding names {label}"
        return True, f"found: {label} {offset:+.2f} pt"
    area = expected["area"]
    grow = 1.0 / report.get("scale", 3)
    boxes = [f["box"] for f in report["findings"] if f["fails"] and f.get("box")]
    if any(overlaps(b, area, grow) for b in boxes):
        return True, "found: a failing finding's area overlaps"
    if any(overlaps(r, area, grow) for r in report.get("regions", [])):
        return True, "found: a region of difference overlaps"
    return False, "miss: fails, but no finding overlaps the area"


def top_finding(report):
    failing = [f["message"] for f in report["findings"] if f["fails"] and f["message"]]
    if failing:
        return failing[0]
    if report["verdict"] == "pass":
        return ""
    # Failed on the share of differing pixels alone: say so, with the first region's finding.
    stats = report["stats"]
    regions = [f["message"] for f in report["findings"] if f.get("box") and f["message"]]
    share = f"{stats['ratio'] * 100:.2f}% of pixels differ (tolerance {report['options']['tolerance'] * 100:g}%)"
    return share + (f"; {regions[0]}" if regions else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the ghostline executable to count")
    parser.add_argument("--manifest", default=os.path.join(ROOT, "Fixtures", "corpus", "corpus.json"))
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    manifest_path = os.path.abspath(args.manifest)
    folder = os.path.dirname(manifest_path)
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    cases = manifest["cases"]
    version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()

    rows, false_failures, misses = [], [], []
    with tempfile.TemporaryDirectory(prefix="ghostline-corpus-counts-") as work:
        for case in cases:
            report_path = os.path.join(work, case["name"] + ".json")
            p = subprocess.run([binary, "check", case["scene"], "--design", case["design"], "--report", report_path],
                               cwd=folder, capture_output=True, text=True)
            if p.returncode not in (0, 1) or not os.path.exists(report_path):
                print(f"{case['name']}: ghostline check exited {p.returncode}:\n{p.stderr.strip()}", file=sys.stderr)
                sys.exit(2)
            with open(report_path, encoding="utf-8") as f:
                report = json.load(f)
            good, why = judge(case, report)
            if not good:
                (false_failures if case["kind"] == "correct" else misses).append(case["name"])
            rows.append((case["name"], case["kind"], case["expected"]["verdict"], report["verdict"],
                         "ok" if good else "WRONG", why, top_finding(report)))

    correct = sum(c["kind"] == "correct" for c in cases)
    planted = len(cases) - correct
    print(f"corpus: {os.path.relpath(manifest_path, ROOT)} ({len(cases)} cases: {correct} correct, {planted} planted)")
    print(f"binary: {args.binary} ({version or 'version unknown'})")
    print(f"false failures: {len(false_failures)} of {correct} correct screens fail"
          + (f" ({', '.join(false_failures)})" if false_failures else ""))
    print(f"misses: {len(misses)} of {planted} planted changes pass or are found wrong"
          + (f" ({', '.join(misses)})" if misses else ""))
    print()
    width = max(len(r[0]) for r in rows)
    print(f"{'case':<{width}}  {'kind':<7}  {'expect':<6}  {'got':<4}  {'':<5}  judgement / top finding")
    for name, kind, expected, verdict, mark, why, top in rows:
        print(f"{name:<{width}}  {kind:<7}  {expected:<6}  {verdict:<4}  {mark:<5}  {why}")
        if top:
            print(f"{'':<{width}}  {'':<7}  {'':<6}  {'':<4}  {'':<5}    top: {top}")
    sys.exit(0 if not false_failures and not misses else 1)


if __name__ == "__main__":
    main()

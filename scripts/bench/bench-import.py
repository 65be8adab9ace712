#!/usr/bin/env python3
"""`ghostline import` and `ghostline lint` on the largest real documents in Fixtures/designdocs, beside a floor
run in the same process loop: Python reading the same JSON (unzip and `json.loads` for Sketch, `json.load` for
Figma). Prints the best of N whole-process runs of each and the ratio to the floor. The issue's target: an import
under 2 s for 1,000 layers.
    scripts/bench/bench-import.py [--binary .build/release/ghostline] [--runs 5]
"""
import argparse, json, os, subprocess, sys, tempfile, time, zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DOCUMENTS = ["Fixtures/designdocs/sketch-tailwind/Tailwind CSS.sketch", "Fixtures/designdocs/figma-figmagic/figma.json"]


def floor(path):
    if path.endswith(".sketch"):
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if name.endswith(".json"):
                    json.loads(z.read(name))
    else:
        with open(path) as f:
            json.load(f)


def best(runs, action):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ghostline"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    fonts = ["--font-dir", "/usr/share/fonts/opentype/inter", "--font-dir", "/usr/share/fonts/opentype/noto", "--no-system-fonts"]
    with tempfile.TemporaryDirectory() as work:
        print(f"{'document':<32} {'floor':>8} {'import':>8} {'ratio':>6} {'lint':>8} {'ratio':>6}")
        for document in DOCUMENTS:
            path = os.path.join(ROOT, document)
            run = lambda *extra: subprocess.run([args.binary, *extra, *fonts], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            low = best(args.runs, lambda: floor(path))
            imported = best(args.runs, lambda: run("import", path, "-o", os.path.join(work, "out")))
            linted = best(args.runs, lambda: run("lint", path))
            print(f"{os.path.basename(path):<32} {low:>7.2f}s {imported:>7.2f}s {imported / low:>5.1f}x {linted:>7.2f}s {linted / low:>5.1f}x")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Times `ghostline diff` against ImageMagick's `compare -metric AE` on two 1170 × 2532 PNGs, in one run.

The two images are the phone-sized screen Fixtures/scenes/bench-screen.yaml rendered in Ghostline's uikit and
css models (so they differ the way an app render and a design export differ: the same text with its baselines
moved). Two pairs are timed, interleaved, because machines here are noisy:

  verdict     ghostline diff A B                       vs  compare -metric AE A B null:
  diff image  ghostline diff A B --diff d.png          vs  compare -metric AE A B d.png

Each tool reads both PNGs and counts the differing pixels; in the second pair each also writes its picture of the
differences. The ratio is ghostline's median over ImageMagick's (0.2× means five times faster).

Run:  scripts/setup.sh --bench && swift build -c release --static-swift-stdlib --product ghostline \\
        && python3 scripts/bench/bench-diff.py [RUNS]
GHOSTLINE=path/to/ghostline times another build (default .build/release/ghostline). The static Swift runtime saves
~7 ms of dynamic linking per process.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
GHOSTLINE = os.environ.get("GHOSTLINE", os.path.join(ROOT, ".build", "release", "ghostline"))
SCENE = os.path.join(ROOT, "Fixtures", "scenes", "bench-screen.yaml")


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    return elapsed, result


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    if not os.access(GHOSTLINE, os.X_OK):
        sys.exit("build first: swift build -c release --static-swift-stdlib --product ghostline")
    if shutil.which("compare") is None:
        sys.exit("ImageMagick's compare is missing: scripts/setup.sh --bench")
    with tempfile.TemporaryDirectory() as scratch:
        app = os.path.join(scratch, "app@3x.png")
        design = os.path.join(scratch, "design@3x.png")
        subprocess.run([GHOSTLINE, "render", SCENE, "-o", app, "--model", "uikit"], check=True)
        subprocess.run([GHOSTLINE, "render", SCENE, "-o", design, "--model", "css"], check=True)
        ours_diff = os.path.join(scratch, "ghostline-diff.png")
        theirs_diff = os.path.join(scratch, "magick-diff.png")
        pairs = [
            ("verdict", [GHOSTLINE, "diff", app, design, "--tolerance", "1", "--threshold", "0"],
             ["compare", "-metric", "AE", app, design, "null:"]),
            ("diff image", [GHOSTLINE, "diff", app, design, "--tolerance", "1", "--threshold", "0", "--diff", ours_diff],
             ["compare", "-metric", "AE", app, design, theirs_diff]),
        ]
        times = {name: ([], []) for name, _, _ in pairs}
        theirs_count = None
        for _ in range(runs):
            for name, ours, theirs in pairs:
                elapsed, result = timed(ours)
                if result.returncode not in (0, 1):
                    sys.exit(f"ghostline diff failed: {result.stderr.decode()}")
                times[name][0].append(elapsed)
                # compare prints the count of differing pixels on stderr and exits 1 when they differ.
                elapsed, result = timed(theirs)
                times[name][1].append(elapsed)
                theirs_count = result.stderr.decode().strip()
        summary = subprocess.run(pairs[0][1], capture_output=True, text=True).stdout
        ours_count = next((line.strip() for line in summary.splitlines() if line.strip().startswith("pixels:")), "?")
        sizes = (os.path.getsize(ours_diff), os.path.getsize(theirs_diff))
    print(f"Two 1170×2532 PNGs (bench-screen.yaml, uikit vs css), median of {runs} interleaved runs, whole processes:")
    print(f"  ghostline: {ours_count}")
    print(f"  ImageMagick: {theirs_count} pixels differ")
    print(f"  {'':12} {'ghostline':>10} {'ImageMagick':>12} {'ratio':>8}")
    for name, _, _ in pairs:
        ours, theirs = (statistics.median(values) * 1000 for values in times[name])
        print(f"  {name:12} {ours:8.1f} ms {theirs:9.1f} ms {ours / theirs:7.2f}×")
    print(f"  diff image files: ghostline {sizes[0] // 1024} KB, ImageMagick {sizes[1] // 1024} KB")


if __name__ == "__main__":
    main()

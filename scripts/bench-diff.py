#!/usr/bin/env python3
"""Times `ghostline diff` against ImageMagick's `compare -metric AE` on two 1170 × 2532 PNGs, in one run.

The two images are the phone-sized screen Fixtures/scenes/bench-screen.yaml rendered in Ghostline's uikit and
css models (so they differ the way an app render and a design export differ: the same text with its baselines
moved). Each tool reads both PNGs and counts the differing pixels; neither writes an image. The runs are
interleaved and the medians compared, because machines here are noisy.

Run:  apt-get install -y imagemagick && swift build -c release --static-swift-stdlib && python3 scripts/bench-diff.py [RUNS]
(The static Swift runtime saves ~7 ms of dynamic linking per process, a tenth of a diff.)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
GHOSTLINE = os.path.join(ROOT, ".build", "release", "ghostline")
SCENE = os.path.join(ROOT, "Fixtures", "scenes", "bench-screen.yaml")


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    return elapsed, result


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    if not os.access(GHOSTLINE, os.X_OK):
        sys.exit("build first: swift build -c release --static-swift-stdlib")
    if shutil.which("compare") is None:
        sys.exit("ImageMagick's compare is missing: apt-get install imagemagick")
    with tempfile.TemporaryDirectory() as scratch:
        app = os.path.join(scratch, "app@3x.png")
        design = os.path.join(scratch, "design@3x.png")
        subprocess.run([GHOSTLINE, "render", SCENE, "-o", app, "--model", "uikit"], check=True)
        subprocess.run([GHOSTLINE, "render", SCENE, "-o", design, "--model", "css"], check=True)
        ours, theirs = [], []
        ours_count = theirs_count = None
        for _ in range(runs):
            elapsed, result = timed([GHOSTLINE, "diff", app, design, "--tolerance", "1", "--threshold", "0"])
            if result.returncode not in (0, 1):
                sys.exit(f"ghostline diff failed: {result.stderr.decode()}")
            ours.append(elapsed)
            # compare prints the count of differing pixels on stderr and exits 1 when they differ.
            elapsed, result = timed(["compare", "-metric", "AE", app, design, "null:"])
            theirs.append(elapsed)
            theirs_count = result.stderr.decode().strip()
        summary = subprocess.run([GHOSTLINE, "diff", app, design, "--tolerance", "1", "--threshold", "0"],
                                 capture_output=True, text=True).stdout
        ours_count = next((line.strip() for line in summary.splitlines() if line.strip().startswith("pixels:")), "?")
    ghost_ms, magick_ms = statistics.median(ours) * 1000, statistics.median(theirs) * 1000
    print(f"Two 1170×2532 PNGs (bench-screen.yaml, uikit vs css), median of {runs} interleaved runs, whole processes:")
    print(f"  ghostline diff            {ghost_ms:8.1f} ms   ({ours_count})")
    print(f"  ImageMagick compare -AE   {magick_ms:8.1f} ms   ({theirs_count} pixels differ)")
    print(f"  ghostline is {magick_ms / ghost_ms:.1f}× faster")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""CPU time of one `ghostline check` with two binaries side by side (issue 30's speed target: a phone-screen check
costs at most 10 % more CPU than before the change). Each round runs every case with both binaries, alternating
which goes first; user + system time comes from the kernel (wait4's rusage), so a loaded second core does not count.

    python3 scripts/bench/bench-check-cpu.py --before OLD_BINARY --after NEW_BINARY [--rounds 15]

Cases: the phone screen (Fixtures/scenes/bench-screen.yaml, 1170 x 2532 px) against its own render (a passing
check), and two corpus screens against their Chromium exports (Fixtures/corpus: a PNG and the JPEG).
Prints the median CPU milliseconds of each binary per case and their ratio (after / before).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def cpu_ms(argv):
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"bench-check-cpu: {' '.join(argv)} exited {code}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        phone = os.path.join(ROOT, "Fixtures", "scenes", "bench-screen.yaml")
        own = os.path.join(work, "bench-screen@3x.png")
        subprocess.run([args.after, "render", phone, "-o", own], check=True)
        corpus = os.path.join(ROOT, "Fixtures", "corpus")
        cases = [
            ("phone screen vs its render", [phone, "--design", own]),
            ("login vs Chromium PNG", [os.path.join(corpus, "login.yaml"), "--design", os.path.join(corpus, "designs", "login@3x.png")]),
            ("login vs Chromium JPEG", [os.path.join(corpus, "login.yaml"), "--design", os.path.join(corpus, "designs", "login@3x.jpg")]),
        ]
        times = {(name, which): [] for name, _ in cases for which in ("before", "after")}
        for round_ in range(args.rounds):
            order = ("before", "after") if round_ % 2 == 0 else ("after", "before")
            for name, rest in cases:
                for which in order:
                    binary = args.before if which == "before" else args.after
                    times[(name, which)].append(cpu_ms([binary, "check", *rest]))
        print(f"machine: {os.cpu_count()} cores; {args.rounds} rounds; median CPU ms (user + system) per check")
        print(f"{'case':32} {'before':>8} {'after':>8} {'ratio':>7}")
        for name, _ in cases:
            b = statistics.median(times[(name, "before")])
            a = statistics.median(times[(name, "after")])
            print(f"{name:32} {b:8.1f} {a:8.1f} {a / b:7.3f}")


if __name__ == "__main__":
    main()

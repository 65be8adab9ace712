#!/usr/bin/env python3
"""Lists every `scripts/…` path that a tracked text file mentions and that does not exist (a script moved or gone
without its mentions following). Folders count: `scripts/bench/` names the room. Exits 1 when one is stale.
    python3 scripts/tools/check-script-paths.py [--exclude PREFIX …]
"""
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PATH = re.compile(r"(?<![\w.-])scripts/[\w./-]*[\w/]")


def main():
    excluded = tuple(sys.argv[sys.argv.index("--exclude") + 1:]) if "--exclude" in sys.argv else ()
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.decode()
    stale = 0
    for name in listed.split("\0"):
        path = os.path.join(ROOT, name)
        if not name or name.startswith(excluded) or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data or b"scripts/" not in data:
            continue
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            for found in PATH.findall(line):
                if not os.path.exists(os.path.join(ROOT, found)):
                    print(f"{name}:{number}: {found}")
                    stale += 1
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

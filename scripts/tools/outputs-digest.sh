#!/usr/bin/env bash
# Every kind of output Ghostline writes, made from the repository's fixtures into one folder, with a SHA-256 list:
# renders at @1x and @3x with their layout JSON, Dynamic Type contact sheets, text snapshots, every corpus check
# (ghost, diff, report, review page, suggestions), a suite (report, JUnit, index and pages). A restructuring that
# must not change behaviour runs it before and after and compares the two lists (`diff before.txt after.txt`).
# Timings, absolute paths and dates are the only fields that differ between runs; they are blanked here.
# Usage: scripts/tools/outputs-digest.sh [BINARY] OUT_DIR   (default binary: .build/release/ghostline)
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ $# -ge 2 ]; then BIN=$(realpath "$1"); OUT=$2; else BIN=$(realpath .build/release/ghostline); OUT=${1:?OUT_DIR}; fi
rm -rf "$OUT"; mkdir -p "$OUT"
ROOT=$(pwd)
export GHOSTLINE_SUITE_CACHE=off
run() { "$BIN" "$@" > /dev/null 2>&1; echo "$? $*" >> "$OUT/status.txt"; }
for scene in Fixtures/demo/*.yaml Fixtures/scenes/*.yaml Fixtures/corpus/*.yaml Fixtures/screens/*.yaml; do
  name=$(echo "$scene" | tr '/' '_' | sed 's/\.yaml$//')
  for scale in 1 3; do
    run render "$scene" --scale $scale -o "$OUT/$name@${scale}x.png" --layout "$OUT/$name@${scale}x.json"
  done
  run render "$scene" --model css -o "$OUT/$name.css@3x.png"
done
run matrix Fixtures/scenes/dynamic-type.yaml -o "$OUT/matrix.png"
python3 - "$BIN" "$OUT" <<'PY'
import json, subprocess, sys
bin_, out = sys.argv[1], sys.argv[2]
corpus = json.load(open("Fixtures/corpus/corpus.json"))
for case in corpus["cases"]:
    n = case["name"]
    args = [bin_, "check", "Fixtures/corpus/" + case["scene"], "--design", "Fixtures/corpus/" + case["design"],
            "--ghost", f"{out}/{n}.ghost.png", "--diff", f"{out}/{n}.diff.png", "--html", f"{out}/{n}.html",
            "--report", f"{out}/{n}.report.json", "--suggest"]
    r = subprocess.run(args, capture_output=True, text=True)
    open(f"{out}/{n}.stdout.txt", "w").write(r.stdout)
    open(f"{out}/status.txt", "a").write(f"{r.returncode} check {n}\n")
PY
mkdir -p "$OUT/suite"
cp Fixtures/corpus/*.yaml "$OUT/suite/"
cat > "$OUT/suite/ghostline.yaml" <<YAML
entries:
$(for s in login navbar paywall profile search tabbar chat chips; do printf '  - scene: %s.yaml\n    design: %s/Fixtures/corpus/designs/%s@3x.png\n' $s "$ROOT" $s; done)
YAML
(cd "$OUT/suite" && "$BIN" suite . --report report.json --junit junit.xml --html index.html --jobs 2 > stdout.txt 2>&1; echo "$? suite" >> ../status.txt)
# Blank what differs run to run: durations, dates, absolute paths.
find "$OUT" -type f \( -name '*.json' -o -name '*.html' -o -name '*.xml' -o -name '*.txt' \) -print0 |
  xargs -0 sed -i -E -e 's/"(seconds|milliseconds|duration|elapsed|durationSeconds|time|generatedAt|date)" *: *[^,}]*/"\1":_/g' \
    -e 's/time="[^"]*"/time="_"/g' -e 's/timestamp="[^"]*"/timestamp="_"/g' -e "s#$ROOT#ROOT#g" -e "s#$OUT#OUT#g" \
    -e 's/in [0-9.]+ ?(s|ms)\b/in _/g'
(cd "$OUT" && find . -type f ! -name digests.txt ! -name pixels.txt | LC_ALL=C sort | xargs sha256sum > digests.txt)
# The pixels of every PNG too: diff images and ghosts are deflated with ISA-L, whose bytes were once seen to differ
# in one byte between two runs with the same pixels (see docs/engineering.md); pixels.txt tells that apart from a
# real change.
python3 - "$OUT" <<'PY' || echo "pixels.txt: needs Pillow (pip install Pillow)" >&2
import hashlib, os, sys
from PIL import Image
out = sys.argv[1]
with open(os.path.join(out, "pixels.txt"), "w") as listing:
    for base, _, names in sorted(os.walk(out)):
        for name in sorted(names):
            if name.endswith(".png"):
                path = os.path.join(base, name)
                image = Image.open(path).convert("RGBA")
                digest = hashlib.sha256(image.tobytes()).hexdigest()
                listing.write(f"{digest}  {image.size[0]}x{image.size[1]}  {os.path.relpath(path, out)}\n")
PY
wc -l < "$OUT/digests.txt"

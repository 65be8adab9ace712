#!/usr/bin/env bash
# Time and peak memory at the documented limits (16384 px a side), with GNU time: the render of a 16384 × 16384
# canvas, and a diff of two such PNGs (pixels only, and with --diff and --ghost written). Each line is checked
# against the limits every input must stay within on a 2-core machine: 10 s and 1.5 GB.
#
#   scripts/setup.sh --bench && swift build -c release --static-swift-stdlib --product ghostline && scripts/bench/bench-limits.sh
#   GHOSTLINE=path/to/ghostline scripts/bench/bench-limits.sh     # another build
set -euo pipefail
cd "$(dirname "$0")/../.."
ghostline="${GHOSTLINE:-.build/release/ghostline}"
[ -x "$ghostline" ] || { echo "bench-limits: build first: swift build -c release --static-swift-stdlib --product ghostline" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench-limits: GNU time is missing: scripts/setup.sh --bench" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# 5461.33 pt at @3x is 16384 px; two labels of 40 pt text across it, the second scene moved 2 pt and recoloured a
# step, so the diff has work everywhere the text is.
scene() {
  cat <<YAML
canvas: { width: 5461.33, height: 5461.33, scale: 3, background: "#FFFFFF" }
styles:
  body: { font: Inter, size: 40, lineHeight: 54, color: "$1" }
root:
  stack: vertical
  padding: 60
  spacing: $2
  children:
    - label: { id: a, style: body, text: "Designs set a line height; UIKit sets line spacing. Ghostline lays text out the way UIKit does, so you can see where every baseline lands before the app ships. Designs set a line height; UIKit sets line spacing." }
    - label: { id: b, style: body, text: "Pixel-perfect line height, and more text to fill the page so the encoder has something to do. The quick brown fox jumps over the lazy dog." }
YAML
}
scene "#3C3C43" 400 > "$scratch/a.yaml"
scene "#3C3C44" 402 > "$scratch/b.yaml"

failed=0
measure() {
  local label="$1"; shift
  /usr/bin/time -f "%e %M" -o "$scratch/time" "$@" > /dev/null 2> "$scratch/stderr" || [ $? -eq 1 ] || { cat "$scratch/stderr" >&2; exit 2; }
  # GNU time puts "Command exited with non-zero status 1" (a diff that differs) before its figures.
  read -r seconds kilobytes < <(tail -n 1 "$scratch/time")
  local verdict="ok"
  if awk -v s="$seconds" -v k="$kilobytes" 'BEGIN { exit !(s > 10 || k > 1.5 * 1024 * 1024) }'; then verdict="OVER"; failed=1; fi
  printf '  %-44s %6.2f s  %7.0f MB  %s\n' "$label" "$seconds" "$((kilobytes / 1024))" "$verdict"
}
echo "At the 16384 px limit (limits: 10 s, 1.5 GB), $ghostline:"
measure "render a 16384 × 16384 canvas" "$ghostline" render "$scratch/a.yaml" -o "$scratch/a.png"
"$ghostline" render "$scratch/b.yaml" -o "$scratch/b.png"
measure "diff two 16384² PNGs, pixels only" "$ghostline" diff "$scratch/a.png" "$scratch/b.png"
measure "diff two 16384² PNGs, --diff and --ghost" "$ghostline" diff "$scratch/a.png" "$scratch/b.png" \
  --diff "$scratch/diff.png" --ghost "$scratch/ghost.png"
exit "$failed"

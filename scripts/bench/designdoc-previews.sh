#!/usr/bin/env bash
# Imported artboards against their documents' own previews (previews/preview.png, Sketch's 1× picture of the
# page), for the documents in Fixtures/designdocs whose preview is exactly one frame: each line's baseline
# offset in points (render − preview), as `ghostline check` measures it. The figures in docs/engineering.md.
#   scripts/bench/designdoc-previews.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
ghostline=${1:-.build/release/ghostline}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fonts=(--font-dir /usr/share/fonts/opentype/inter --font-dir /usr/share/fonts/opentype/noto --no-system-fonts)
for pair in "sketch-constructor/test.sketch|page-1/artboard.yaml" "sketch-antd/fontColor.sketch|页面-1/页面-1-outside-artboards.yaml"; do
  document=Fixtures/designdocs/${pair%%|*}; scene=${pair##*|}
  name=$(basename "$document" .sketch)
  python3 -c "import zipfile,sys; open(sys.argv[2],'wb').write(zipfile.ZipFile(sys.argv[1]).read('previews/preview.png'))" "$document" "$work/$name.png"
  "$ghostline" import "$document" -o "$work/$name" "${fonts[@]}" > /dev/null
  "$ghostline" check "$work/$name/$scene" --design "$work/$name.png" --scale 1 --report "$work/$name.json" "${fonts[@]}" > /dev/null 2>&1 || true
  python3 - "$work/$name.json" "$document" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
lines = [(l["id"], line["baselineOffset"]) for l in report["labels"] for line in l["lines"] if line.get("baselineOffset") is not None]
within = sum(1 for _, o in lines if abs(o) <= 0.5)
print(f"{sys.argv[2]}: {within} of {len(lines)} lines within 0.5 pt of the preview's baselines; offsets (pt): "
      + ", ".join(f"{label} {offset:+.2f}" for label, offset in lines))
PY
done

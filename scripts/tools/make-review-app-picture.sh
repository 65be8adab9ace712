#!/usr/bin/env bash
# Re-makes Snapshots/review-app.png, the README's picture of `ghostline review`: a three-entry suite (the demo card
# and the card without line-height handling against the design export, and the latter against the demo card's
# snapshot), the index as headless Chromium (scripts/setup.sh --tests) draws it once the suite has run.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product ghostline >/dev/null
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/scenes" "$work/designs" "$work/refs"
cp Fixtures/demo/card.yaml Fixtures/scenes/card-no-line-height.yaml "$work/scenes/"
cp Fixtures/design/demo-card@3x.png "$work/designs/"
.build/debug/ghostline render Fixtures/demo/card.yaml -o "$work/refs/card@3x.png"
cat > "$work/ghostline.yaml" <<'YAML'
name: Demo
entries:
  - scene: scenes/card.yaml
    design: designs/demo-card@3x.png
  - scene: scenes/card-no-line-height.yaml
    design: designs/demo-card@3x.png
  - name: card-snapshot
    scene: scenes/card-no-line-height.yaml
    reference: refs/card@3x.png
YAML
.build/debug/ghostline review "$work/ghostline.yaml" > "$work/url" &
server=$!
for _ in $(seq 100); do [ -s "$work/url" ] && break; sleep 0.2; done
url=$(head -1 "$work/url")
sleep 6   # the suite's first run
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,420 --timeout=4000 \
  --screenshot="$work/app.png" "$url" 2>/dev/null
cp "$work/app.png" Snapshots/review-app.png
echo "wrote Snapshots/review-app.png"

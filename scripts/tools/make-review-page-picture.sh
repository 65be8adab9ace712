#!/usr/bin/env bash
# Re-makes Snapshots/review-page.png, the README's picture of the review page: the card without line-height
# handling checked against its design export, the page written by `check --html`, screenshotted by headless
# Chromium (installed by scripts/setup.sh --tests). Run it after a change to the page, and look at the picture.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product ghostline >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/debug/ghostline check Fixtures/scenes/card-no-line-height.yaml --design Fixtures/design/demo-card@3x.png \
  --html "$work/review.html" >/dev/null || true   # the check fails on purpose: that is the page worth showing
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1700 --virtual-time-budget=3000 \
  --screenshot="$work/review.png" "file://$work/review.html" 2>/dev/null
cp "$work/review.png" Snapshots/review-page.png
echo "wrote Snapshots/review-page.png"

#!/usr/bin/env bash
# One command for a fresh machine: installs what is missing, builds Ghostline (release), and renders the demo
# card into Snapshots/demo-card@3x.png with its layout JSON beside it.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift build -c release --static-swift-stdlib --product ghostline
.build/release/ghostline render Fixtures/demo/card.yaml \
  -o Snapshots/demo-card@3x.png --layout Snapshots/demo-card.json
echo "rendered Snapshots/demo-card@3x.png (layout: Snapshots/demo-card.json)"

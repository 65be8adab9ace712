#!/usr/bin/env bash
# Times `ghostline suite` against one `ghostline check` process per check, on generated suites of a phone screen
# (Fixtures/scenes/bench-screen.yaml, 1170×2532 px) and of a card (Fixtures/demo/card.yaml, 1125×474 px), and
# prints each run's peak memory. The figures in the README's "Whole apps" section come from this script.
#
#   scripts/bench/bench-suite.sh [ENTRIES] [ROUNDS]        default: 200 checks, 3 interleaved rounds
#
# It builds the release products first. Nothing here is a test: timings belong in benchmarks, never in `swift test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
entries="${1:-200}"
rounds="${2:-3}"
case "$entries$rounds" in *[!0-9]*) echo "bench-suite: ENTRIES and ROUNDS are whole numbers" >&2; exit 2 ;; esac
swift build -c release --product ghostline >/dev/null
swift build -c release --product ghostline-bench >/dev/null
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for scene in Fixtures/scenes/bench-screen.yaml Fixtures/demo/card.yaml; do
  .build/release/ghostline-bench --suite --entries "$entries" --rounds "$rounds" --scene "$scene"
  echo
done

#!/usr/bin/env bash
# Every test, in the order a failure is cheapest to read: installs what is missing, runs Ghostline's suite and the
# example app package, then the hostile-input catalogue (issue 11) against the release build, the binary users run,
# which it holds to 10 s and 1.5 GB an input. This is the README's test command, and exactly what .ci/run runs.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --tests
swift test
swift test --package-path Examples/CardChecks
swift build -c release --static-swift-stdlib --product ghostline
python3 scripts/hostile-catalogue.py --binary .build/release/ghostline

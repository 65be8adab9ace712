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
# The catalogue needs Pillow and fontTools: the python3 on PATH when it has them, else Debian's, which setup.sh
# gives them (a python3 from pyenv or a virtualenv may have neither).
python=python3
python3 -c "import PIL, fontTools" 2>/dev/null || python=/usr/bin/python3
"$python" scripts/hostile/hostile-catalogue.py --binary .build/release/ghostline

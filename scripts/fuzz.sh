#!/usr/bin/env bash
# Coverage-guided fuzzing of Ghostline's parsers of untrusted files with libFuzzer.
#   scripts/fuzz.sh scene|png|font [SECONDS]     (default 60 s)
# Seeds come from the repository's fixtures; findings land in .fuzz/<target>/ (crash-* files), which
# `swift run ghostline-fuzz <target> FILE` replays in a normal build.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-scene}
seconds=${2:-60}
case "$target" in scene|png|font) ;; *) echo "usage: scripts/fuzz.sh scene|png|font [SECONDS]" >&2; exit 2;; esac
corpus=.fuzz/$target/corpus
mkdir -p "$corpus"
case "$target" in
  scene) cp Fixtures/demo/*.yaml Fixtures/scenes/*.yaml "$corpus"/ ;;
  png) cp Tests/GhostlinePNGTests/Fixtures/*.png "$corpus"/ 2>/dev/null || true ;;
  font) cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$corpus"/ ;;
esac
swift build --scratch-path .build-fuzz --product ghostline-fuzz \
  -Xswiftc -sanitize=fuzzer -Xswiftc -D -Xswiftc FUZZING -Xswiftc -use-ld=lld
GHOSTLINE_FUZZ_TARGET=$target .build-fuzz/debug/ghostline-fuzz "$corpus" \
  -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=65536 -artifact_prefix=".fuzz/$target/" -print_final_stats=1

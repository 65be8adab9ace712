#!/usr/bin/env bash
# Coverage-guided fuzzing of Ghostline's readers of untrusted files with libFuzzer (and AddressSanitizer).
#   scripts/fuzz/fuzz.sh TARGET [SECONDS]      TARGET: scene png jpeg webp font layout-json text font-names sketch figma   (default 60 s)
#   scripts/fuzz/fuzz.sh all [SECONDS]         every target in turn
# The targets are listed in Sources/ghostline-fuzz/Targets.swift; adding one there and a seed case below is all
# a new target needs. Everything lands in .fuzz/<target>/ (gitignored): corpus/, crash-*/leak-*/timeout-* files,
# and log (libFuzzer's output, each line prefixed with the seconds since the start). The last line printed is a
# summary: executions, coverage (edges) at 60 s and at the end, findings. `swift run ghostline-fuzz TARGET FILE`
# replays a finding in a normal build; a fixed finding becomes a regression input under Tests/ (see README).
#
# Coverage counts edges in Ghostline's own code (Swift and its C bridges, instrumented here), not inside the
# system's libpng, libjpeg, libwebp, FreeType or HarfBuzz, which are Debian's uninstrumented builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
targets=(scene png jpeg webp font layout-json text font-names sketch figma)
target=${1:-}
seconds=${2:-60}
if [ "$target" = "all" ]; then
  for each in "${targets[@]}"; do "$0" "$each" "$seconds"; done
  exit 0
fi
case " ${targets[*]} " in *" $target "*) ;; *) echo "usage: scripts/fuzz/fuzz.sh ${targets[*]// /|}|all [SECONDS]" >&2; exit 2;; esac

dir=.fuzz/$target
corpus=$dir/corpus
mkdir -p "$corpus"
fixtures=Tests/GhostlinePNGTests/Fixtures
options=()
case "$target" in
  scene) cp Fixtures/demo/*.yaml Fixtures/scenes/*.yaml "$corpus"/ ;;
  # color/: exports with ICC profiles (iCCP, APP2, ICCP) and gamma chunks, good and hostile, so the seeds reach
  # the colour conversion (DeclaredColorSpace, CColorBridge) from the first run.
  png) cp "$fixtures"/*.png "$fixtures"/formats/*.png "$fixtures"/color/*.png "$corpus"/ ;;
  jpeg) cp "$fixtures"/formats/*.jpg "$fixtures"/color/*.jpg "$corpus"/; options+=(-dict=scripts/fuzz/jpeg.dict) ;;
  webp) cp "$fixtures"/formats/*.webp "$fixtures"/color/*.webp "$corpus"/; options+=(-dict=scripts/fuzz/webp.dict) ;;
  font)
    python3 -c "import fontTools" 2>/dev/null \
      || { echo "fuzz: the font seeds need fontTools: apt-get install python3-fonttools (or pip install fonttools)" >&2; exit 2; }
    python3 scripts/fuzz/make-fuzz-seed-fonts.py "$corpus" >/dev/null ;;
  # Real documents (Fixtures/designdocs): the small Sketch archives and the Figma responses.
  sketch) find Fixtures/designdocs -name '*.sketch' -size -500k -exec cp {} "$corpus"/ \; ;;
  figma) cp Fixtures/designdocs/figma-*/*.json "$corpus"/ ;;
  layout-json)
    cp Snapshots/*.json "$corpus"/
    options+=(-dict=scripts/fuzz/layout-json.dict) ;;
  text)
    # Every text of the Chromium world cases (scripts, emoji, bidi, CJK, soft hyphens, tabs), each behind eight
    # style bytes that vary from seed to seed.
    python3 - "$corpus" <<'PY'
import json, sys, hashlib
cases = json.load(open("Fixtures/browser/world-cases.json"))
for case in cases:
    text = case.get("text") or "".join(run["text"] for run in case.get("runs", []))
    prefix = hashlib.sha1(case["id"].encode()).digest()[:8]
    with open(f"{sys.argv[1]}/{case['id']}.txt", "wb") as seed:
        seed.write(prefix + text.encode("utf-8"))
PY
    ;;
  font-names)
    # Cache files whose context and stamp match the target's (context "fuzz", watching /), so the look-up runs too:
    # one with a real font, one with odd names and escapes, one with many records.
    python3 - "$corpus" <<'PY'
import os, sys
st = os.stat("/")
stamp = f"dir {st.st_ino} {st.st_size} {st.st_mtime_ns // 10**9}.{st.st_mtime_ns % 10**9}"
head = f"ghostline font names 1\ncontext\tfuzz\nstamp\t/\t{stamp}\n"
seeds = {
    "real": head + "font\tInter\t400\t0\t/usr/share/fonts/opentype/inter/Inter-Regular.otf\t0\n",
    "odd": head + "font\tA\\tB\\\\C\\n\t900\t1\t/usr/share/fonts/x.otf\t3\n",
    "many": head + "".join(f"stamp\t/etc/fonts/conf.d/{i}.conf\tmissing\n" for i in range(20))
            + "".join(f"font\tFamily {i}\t{100 * (i % 9 + 1)}\t{i % 2}\t/usr/share/fonts/{i}.ttf\t{i}\n" for i in range(20)),
}
for name, text in seeds.items():
    open(f"{sys.argv[1]}/{name}", "w").write(text)
PY
    ;;
esac
# Fixed regression inputs are seeds too, so a fix stays covered.
if [ -d "Tests/FuzzRegressions/$target" ]; then cp "Tests/FuzzRegressions/$target"/* "$corpus"/ 2>/dev/null || true; fi

# -sanitize=fuzzer instruments the Swift code; -fsanitize=fuzzer-no-link the C bridges (CPNGBridge, CJPEGBridge, …).
swift build -c release --scratch-path .build-fuzz --product ghostline-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address \
  -Xswiftc -D -Xswiftc FUZZING -Xswiftc -use-ld=lld 2>&1 | tail -1

# FUZZ_KEEP_GOING=1 runs libFuzzer in fork mode, which goes on after a crash (to count every distinct one, or to
# measure a target whose known crash is not fixed yet); the default stops at the first finding.
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); fi

start=$(date +%s)
touch "$dir/.started"
set +e
GHOSTLINE_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0 .build-fuzz/release/ghostline-fuzz "$corpus" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -artifact_prefix="$dir/" \
  -print_final_stats=1 ${options[@]+"${options[@]}"} 2>&1 \
  | while IFS= read -r line; do printf '%5d %s\n' "$(($(date +%s) - start))" "$line"; done > "$dir/log"
status=${PIPESTATUS[0]}
set -e

# Summary from the log: coverage is libFuzzer's "cov:" (edges); executions its final stat, or in fork mode the
# last "#N:" count; findings are the crash, timeout and out-of-memory inputs this run wrote.
findings=$(find "$dir" -maxdepth 1 \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) \
  -newer "$dir/.started" | wc -l)
awk -v target="$target" -v status="$status" -v findings="$findings" '
  / cov: / { for (i = 1; i <= NF; i++) if ($i == "cov:") { cov = $(i + 1); if ($1 <= 60) at60 = cov } }
  $2 ~ /^#[0-9]+:?$/ { n = $2; gsub(/[#:]/, "", n); execs = n }
  /stat::number_of_executed_units:/ { execs = $NF }
  END { printf "fuzz %s: %s execs, edges %s at 60 s, %s at the end, %d finding(s), libFuzzer exit %s (log: .fuzz/%s/log)\n",
               target, execs, at60 == "" ? "?" : at60, cov, findings, status, target }' "$dir/log"

#!/usr/bin/env bash
# Installs what Ghostline needs on Debian/Ubuntu, and only what is missing:
# the C libraries it wraps (FreeType, HarfBuzz, libpng, ISA-L, libjpeg-turbo, libwebp, Little CMS 2, ICU, fontconfig,
# libhyphen), pkg-config,
# and the fonts its demo scene and tests use (Inter, DejaVu, and Noto for fallback and emoji). Font files are
# installed from Debian packages, never committed.
# With --tests it also installs headless Chromium, which the test suite drives to check the review page, and what
# scripts/hostile/hostile-catalogue.py needs: GNU time (peak memory of each run), and Pillow and fontTools to generate
# its inputs (from Debian's packages, for Debian's /usr/bin/python3).
# With --bench it also installs what the benchmarks need: the peers they time Ghostline against in the same run,
# HarfBuzz's hb-view (ghostline-bench) and ImageMagick's compare (scripts/bench/bench-diff.py), and GNU time for the
# peak memory of scripts/bench/bench-limits.sh.
# Swift itself (6.0 or newer) must already be on PATH.
set -euo pipefail

packages=(
  pkg-config
  libfreetype-dev      # glyph outlines, rasterization, font tables
  libharfbuzz-dev      # shaping
  libpng-dev           # PNG read/write
  libisal-dev          # Intel ISA-L: fast deflate for the diff images and ghosts Ghostline writes
  libjpeg62-turbo-dev  # JPEG design exports (libjpeg-turbo)
  libwebp-dev          # WebP design exports
  liblcms2-dev         # Little CMS 2: design exports with an ICC profile or PNG gamma chunks converted to sRGB
  libicu-dev           # UAX #14 line breaking
  libfontconfig-dev    # finding fonts by family and weight
  libhyphen-dev        # hyphenation (hyphenationFactor, hyphens: auto)
  hyphen-de hyphen-en-us  # the hyphenation dictionaries the tests and examples use
  fonts-inter          # the demo card's typeface
  fonts-dejavu-core    # test font with an ffi ligature and an OS/2 v1 table
  fonts-noto-core      # font fallback: Arabic, Hebrew, Devanagari, Thai, … (fontconfig's choice per character)
  fonts-noto-cjk       # font fallback: Japanese, Chinese, Korean
  fonts-noto-color-emoji  # colour emoji (CBDT bitmaps)
)

for flag in "$@"; do
  case "$flag" in
    --tests)
      packages+=(chromium)  # the review page's browser test (and scripts/browser/browser-baselines.py)
      packages+=(time)      # scripts/hostile/hostile-catalogue.py: each run's maximum resident set size
      packages+=(curl)      # the review app's API tests send their requests with it
      # Fonts that must change nothing: Debian's variable Inter (its italic file names an instance "Inter"), another
      # Devanagari font and another UI family. The suite proves renders stay byte-identical with them installed.
      packages+=(fonts-inter-variable fonts-lohit-deva fonts-cantarell)
      # Debian's python3 with Pillow and fontTools: scripts/hostile/hostile-catalogue.py generates its images and fonts
      # with them, and FontIdentityTests reads fonts with fontTools as the independent check (a python3 from pyenv or a
      # virtualenv first on PATH may have neither, so Debian's interpreter is the one named).
      packages+=(python3 python3-pil python3-fonttools) ;;
    --bench) packages+=(
        libharfbuzz-bin  # hb-view, the peer of `ghostline render`
        imagemagick      # compare, the peer of `ghostline diff`
        time             # /usr/bin/time -v, for the peak memory figures
      ) ;;
    *) echo "setup: unknown flag $flag (use --tests and/or --bench)" >&2; exit 2 ;;
  esac
done

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root or install sudo to install: ${missing[*]}" >&2; exit 2; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # New fonts must be visible to fontconfig before the first lookup.
  fc-cache -f >/dev/null 2>&1 || true
fi

command -v swift >/dev/null || { echo "setup: swift is not on PATH; install Swift 6 from swift.org and add its bin/ to PATH" >&2; exit 2; }

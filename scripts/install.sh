#!/usr/bin/env bash
# Builds the `ghostline` command for release, with the Swift runtime linked statically, and installs it into a
# directory on PATH (default /usr/local/bin).
#
#   scripts/install.sh [--prefix DIR]      PREFIX=DIR scripts/install.sh
#
# It first runs scripts/setup.sh, which installs only the Debian packages that are missing (the C libraries and
# the fonts). The installed binary needs no Swift toolchain; it still uses the system's FreeType, HarfBuzz,
# ICU, libpng and fontconfig libraries, and the fonts that scenes name.
set -euo pipefail

usage="usage: scripts/install.sh [--prefix DIR]  (default: \$PREFIX, else /usr/local/bin)"
prefix="${PREFIX:-/usr/local/bin}"
while (($#)); do
  case "$1" in
    --prefix)
      (($# >= 2)) || { echo "install: --prefix needs a directory; $usage" >&2; exit 2; }
      prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "install: unknown argument '$1'; $usage" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install: the prefix is empty; $usage" >&2; exit 2; }
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

# Refuse before spending minutes on a build: the directory, or the nearest part of it that exists, must be
# writable by this user.
existing="$prefix"
while [ ! -e "$existing" ]; do existing="$(dirname "$existing")"; done
if [ ! -d "$existing" ] || [ ! -w "$existing" ]; then
  echo "install: cannot write to $prefix; run it as root (sudo env \"PATH=\$PATH\" scripts/install.sh) or install for yourself with scripts/install.sh --prefix ~/.local/bin" >&2
  exit 2
fi

cd "$(dirname "$0")/.."
./scripts/setup.sh

# Under sudo, build as the user who asked, so the checkout's .build stays theirs; only the copy runs as root.
build=(swift build -c release --static-swift-stdlib --product ghostline)
if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
  build=(sudo -H -u "$SUDO_USER" env "PATH=$PATH" "${build[@]}")
fi
"${build[@]}"
binary="$("${build[@]}" --show-bin-path)/ghostline"

mkdir -p "$prefix"
install -m 755 "$binary" "$prefix/ghostline"
"$prefix/ghostline" --help >/dev/null   # the installed copy starts and finds its libraries

version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/Ghostline/Version.swift)"
echo "installed ghostline $version to $prefix/ghostline"
case ":$PATH:" in
  *":$prefix:"*) echo "try: ghostline --help" ;;
  *) echo "$prefix is not on PATH; add it (export PATH=\"$prefix:\$PATH\") or run $prefix/ghostline --help" ;;
esac

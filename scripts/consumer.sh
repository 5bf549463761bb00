#!/usr/bin/env bash
# Depends on Flick the way another package does: by URL and version (examples/consumer).
#   scripts/consumer.sh resolve   the graph resolves with Flick taken by version
#   scripts/consumer.sh run       ... and the app builds, links no SDL, and runs the README's two examples
#                                 (headless, and in a GTK window under Xvfb) (`make consumer`, `make test`)
# Flick is taken from a clone of this repository's HEAD (committed work only) tagged $VERSION,
# by a file:// URL: SwiftPM treats it as any remote git dependency, so a library product with
# unsafe build flags, or a version requirement that does not match, fails here as it would for
# a user.
set -euo pipefail
mode="${1:-resolve}"
VERSION="${FLICK_CONSUMER_VERSION:-0.1.0}"
SWIFT="${SWIFT:-swift}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/flick-consumer.XXXXXX")"
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$work"' EXIT

git clone --quiet --no-local "$root" "$work/flick"
git -C "$work/flick" -c user.name=flick -c user.email=flick@localhost tag -a "$VERSION" -m "Flick $VERSION"
cp -R "$root/examples/consumer" "$work/app"
rm -rf "$work/app/.build" "$work/app/Package.resolved"
export FLICK_PACKAGE_URL="file://$work/flick"

cd "$work/app"
if ! out=$("$SWIFT" package resolve 2>&1); then
  echo "$out" >&2
  echo "consumer: the graph did not resolve with Flick $VERSION taken by version" >&2
  exit 1
fi
resolved=$(grep -A6 '"identity" : "flick"' Package.resolved | grep '"version"' || true)
if [[ -z "$resolved" ]]; then
  echo "consumer: Package.resolved does not pin flick by version:" >&2
  cat Package.resolved >&2
  exit 1
fi
echo "consumer: resolved Flick by version ($(echo "$resolved" | tr -d ' ,'))"
[[ "$mode" == "resolve" ]] && exit 0

# `swift package resolve` does not check build settings; building does (unsafe flags).
"$SWIFT" build --product NotesApp 2>&1 | grep -v '^\[' || true
[[ -x .build/debug/NotesApp ]] || { echo "consumer: NotesApp did not build" >&2; exit 1; }
.build/debug/NotesApp
# A GTK app links no SDL: the host core (FlickHost) carries what the GTK widget shares with the
# SDL window, and `Flick` no longer depends on the SDL window.
if ldd .build/debug/NotesApp | grep -i sdl; then
  echo "consumer: NotesApp (Flick + FlickGTK) links SDL2" >&2
  exit 1
fi
echo "consumer: NotesApp links no SDL"
if [[ -n "${DISPLAY:-}" ]]; then
  GTK_A11Y=none .build/debug/NotesApp --gtk
else
  GTK_A11Y=none xvfb-run -a -s "-screen 0 1024x1024x24 -nolisten tcp" .build/debug/NotesApp --gtk
fi

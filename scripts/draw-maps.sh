#!/usr/bin/env bash
# Draws the pictures of the boards the README shows from the games' data files: the Sardinia map
# for Ticket to Ride (docs/ttr-sardinia.png) and both sides of the Bardagi board
# (docs/bardagi-summer.png, docs/bardagi-winter.png). `nuraghe map` writes SVG; Debian's
# librsvg2-bin (rsvg-convert, installed when missing) turns it into PNG. Builds build/nuraghe when
# it is missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ -x $root/build/nuraghe ]] || "$root/scripts/setup.sh" "$root/build" >/dev/null
if ! command -v rsvg-convert >/dev/null; then
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends librsvg2-bin >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
draw() {  # NAME MAP-ARGUMENTS...: docs/NAME.png
  local name=$1
  shift
  "$root/build/nuraghe" map "$@" --svg "$tmp/$name.svg" >/dev/null
  rsvg-convert -o "$root/docs/$name.png" "$tmp/$name.svg"
  echo "wrote docs/$name.png"
}
draw ttr-sardinia --game ttr
draw bardagi-summer --game bardagi -o side=summer
draw bardagi-winter --game bardagi -o side=winter

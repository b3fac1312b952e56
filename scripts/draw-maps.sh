#!/usr/bin/env bash
# Draws the pictures of the boards the README shows from the games' data files: the Sardinia map
# for Ticket to Ride (docs/ttr-sardinia.png). `nuraghe map` writes SVG; Debian's librsvg2-bin
# (rsvg-convert, installed when missing) turns it into PNG. Builds build/nuraghe when it is missing.
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
"$root/build/nuraghe" map --game ttr --svg "$tmp/ttr-sardinia.svg"
rsvg-convert -o "$root/docs/ttr-sardinia.png" "$tmp/ttr-sardinia.svg"
echo "wrote docs/ttr-sardinia.png"

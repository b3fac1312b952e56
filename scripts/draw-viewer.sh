#!/usr/bin/env bash
# Draws the viewer's pictures in docs/: a game of each real game (the seeds and bots below) at a
# middle step and at its end, as headless chromium shows the page at 1400x1000
# (docs/viewer-<game>-middle.png, docs/viewer-<game>-last.png). Installs Debian's chromium when it
# is missing; builds build/nuraghe when it is missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ -x $root/build/nuraghe ]] || "$root/scripts/setup.sh" "$root/build" >/dev/null
if ! command -v chromium >/dev/null; then
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
draw() {  # GAME PLAY-ARGUMENTS...: docs/viewer-GAME-middle.png and docs/viewer-GAME-last.png
  local game=$1
  shift
  "$root/build/nuraghe" play --game "$game" "$@" --log "$tmp/$game.jsonl" --html "$tmp/$game.html" >/dev/null
  local decisions
  decisions=$(grep -c '"ply":' "$tmp/$game.jsonl")
  for at in middle last; do
    local step=last
    [[ $at == middle ]] && step=$((decisions / 2))
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,1000 \
      --virtual-time-budget=5000 --user-data-dir="$tmp/profile" --screenshot="$root/docs/viewer-$game-$at.png" \
      "file://$tmp/$game.html#step=$step" 2>/dev/null
    echo "wrote docs/viewer-$game-$at.png (step $step of $decisions)"
  done
}
draw sardegna --players 3 --bots heuristic,heuristic:seed=2,random --seed 4
draw ttr --players 2 --bots heuristic,heuristic:seed=2 --seed 4
draw bardagi --players 3 --bots heuristic,heuristic:seed=2,random --seed 4

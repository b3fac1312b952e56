# Shared set-up of the experiment scripts in this directory. Sourced, not run: each
# experiments/<name>.sh keeps its own name, parameters, experiment loop and post-processing, and
# gets from here what every experiment does the same way:
#   set -euo pipefail
#   source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
#   experiment_start NAME      gnuplot, build/nuraghe, private copy of it; sets csv, txt, png
#   experiment_header TITLE    first lines of $txt: title, date, nproc, CPU, binary
#   locked "$nuraghe" ARGS...  every nuraghe run, under the CPU lock
#   experiment_finish          wall-time line, print $txt
#   bardagi_table LABEL HEADING BOT BOT BOT   the Bardagi search studies' arena, tables and plot
# The pieces (need_gnuplot, need_nuraghe, private_nuraghe, locked) can also be used alone, as
# sardegna_ismcts_vs_heuristic.sh does.
# Globals set here: root, lock, name, tmp, nuraghe, binary, csv, txt, png.

# Strict mode for every experiment, whatever the script set before sourcing this file.
set -euo pipefail

# The repository root, so the scripts run from any directory.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Every nuraghe run takes this lock (flock), so it never overlaps a build or another experiment on
# the shared machine.
lock=/tmp/nuraghe-cpu.lock

# need_gnuplot: the studies plot with gnuplot; install Debian's gnuplot-nox when it is missing
# (with sudo unless running as root).
need_gnuplot() {
  command -v gnuplot >/dev/null && return
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y gnuplot-nox
}

# need_nuraghe: build build/nuraghe with scripts/setup.sh only when it is missing; an existing
# binary is used as it is (the binary line of the results says which one it was).
need_nuraghe() {
  [[ -x $root/build/nuraghe ]] || "$root/scripts/setup.sh" "$root/build" >/dev/null
}

# private_nuraghe: run a private copy of the binary, so a rebuild of build/ during the run cannot mix
# two builds. Sets tmp (scratch directory, removed on exit), nuraghe (the copy) and binary (its
# provenance for the results file: hash, build time of build/nuraghe, repo HEAD and whether the
# sources differ from it).
private_nuraghe() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  cp "$root/build/nuraghe" "$tmp/nuraghe"
  nuraghe=$tmp/nuraghe
  # HEAD is read when the script runs, not when the binary was built: its commit time is given so a
  # binary older than HEAD shows (the build time comes before it).
  local head state
  head=$(git -C "$root" log -1 --format='%h, committed %cd' --date=format-local:'%Y-%m-%d %H:%M:%S UTC' 2>/dev/null || echo unknown)
  state=$(git -C "$root" status --porcelain --untracked-files=no -- lib bots CMakeLists.txt 2>/dev/null | grep -q . && echo "with uncommitted changes to the sources" || echo "sources as committed")
  # `nuraghe --version` names the commit the binary was built from (older binaries lack it).
  local built_from
  built_from=$("$nuraghe" --version 2>/dev/null | sed -n 's/^nuraghe //p')
  binary="build/nuraghe ${built_from:+built from $built_from, }sha256 $(sha256sum "$nuraghe" | cut -c1-16), built $(date -u -r "$root/build/nuraghe" '+%Y-%m-%d %H:%M:%S UTC'); repo HEAD at run time $head, $state"
}

# locked CMD...: run CMD under the CPU lock and log the seconds it held the lock to $tmp/held
# (experiment_finish reports their sum, to tell running time from waiting for the lock).
locked() {
  flock "$lock" bash -c 't0=$EPOCHREALTIME; "${@:2}"; rc=$?; echo "$t0 $EPOCHREALTIME" >>"$1"; exit $rc' _ "$tmp/held" "$@"
}

# experiment_start NAME: everything a study needs before its first run (gnuplot, build/nuraghe, the
# private copy); sets name and its results files csv, txt, png (experiments/NAME.{csv,txt,png}).
experiment_start() {
  name=$1
  need_gnuplot
  need_nuraghe
  private_nuraghe
  csv=$root/experiments/$name.csv
  txt=$root/experiments/$name.txt
  png=$root/experiments/$name.png
}

# experiment_header TITLE: (re)write $txt starting with "# NAME: TITLE" and where the figures come
# from (date, nproc, CPU model, binary), since timings depend on the machine and results on the build.
experiment_header() {
  {
    echo "# $name: $1"
    echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "# nproc: $(nproc)"
    echo "# cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    echo "# binary: $binary"
  } >"$txt"
}

# experiment_finish: append the script's wall time, and how much of it nuraghe ran under the lock
# (the rest: waiting for the lock, plotting), to $txt; print $txt and name the files written.
experiment_finish() {
  local held
  held=$(awk '{s += $2 - $1} END {printf "%.0f", s}' "$tmp/held")
  echo "# script wall time: ${SECONDS} s, of which ${held} s running nuraghe under $lock (the rest: waiting for the lock, plotting)" >>"$txt"
  cat "$txt"
  echo "$name: wrote $csv $txt $png" >&2
}

# bardagi_table LABEL HEADING BOT BOT BOT: the Bardagi search studies' table (bardagi_bandits.sh,
# bardagi_so_vs_mo.sh): one 3-player arena of $games games (--seed 1, --jobs $jobs; a multiple of 6:
# $games / 6 deals, each in its six seatings) between the three bots, its table, the win shares with
# both intervals (bardagi_stats.py wins, LABEL in $csv), the think time a game, and the win-share plot
# titled HEADING. After experiment_start and _header.
bardagi_table() {
  local label=$1 heading=$2
  shift 2
  local cmd=(arena --game bardagi --players 3)
  for bot in "$@"; do cmd+=(--bot "$bot"); done
  cmd+=(--games "$games" --seed 1 --jobs "$jobs" --out "$tmp/results.jsonl")
  echo "# commands (each under flock $lock):" >>"$txt"
  echo "#   build/nuraghe ${cmd[*]/#$tmp\//}" >>"$txt"
  echo "#   build/nuraghe merge results.jsonl --format csv" >>"$txt"
  echo "$name: $games games ..." >&2
  {
    echo
    echo "## the arena's table"
    locked "$nuraghe" "${cmd[@]}"
  } >>"$txt"
  locked "$nuraghe" merge "$tmp/results.jsonl" --format csv >"$tmp/arena.csv" 2>/dev/null
  rm -f "$csv"
  {
    echo
    echo "## win share with both intervals (bootstrap: over the $((games / 6)) deals; Wilson: over the $games games)"
    python3 "$root/experiments/bardagi_stats.py" wins "$tmp/arena.csv" "$label" "$csv" 2>"$tmp/plot.dat"
    echo
    python3 "$root/experiments/bardagi_stats.py" think "$tmp/results.jsonl"
  } >>"$txt"
  gnuplot -e "data='$tmp/plot.dat'; out='$png'; fair=1.0/3; nbots=3; heading='$heading'" \
    "$root/experiments/bardagi_winshare.gp"
}

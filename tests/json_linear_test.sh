#!/usr/bin/env bash
# Reading, and refusing, one JSON array or object of many entries takes time linear in its size:
# the instructions of tests/json_cost.cpp, counted by callgrind, for n and 8n entries of each kind,
# less those of one entry (the program's start); 8 times the entries may cost at most 12 times the
# instructions (a quadratic reader costs some 60 times). A count, not a time: the machine's load
# does not change it.
#   tests/json_linear_test.sh JSON_COST
set -euo pipefail
cost=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "json_linear_test: valgrind is not installed" >&2; exit 1; }

# The instructions json_cost executes for KIND and N (it must succeed).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$cost" "$1" "$2" 2>"$work/log" \
    || { cat "$work/log" >&2; echo "json_linear_test: json_cost $1 $2 failed" >&2; exit 1; }
  awk '/^summary:/ { print $2 }' "$work/out"
}

failed=0
check() {  # KIND N
  local base small large
  base=$(instructions "$1" 1)
  small=$(( $(instructions "$1" "$2") - base ))
  large=$(( $(instructions "$1" $((8 * $2))) - base ))
  echo "$1: $2 entries $small instructions, $((8 * $2)) entries $large ($(awk -v a="$large" -v b="$small" 'BEGIN { printf "%.1f", a / b }')x)"
  if (( large > 12 * small )); then
    echo "json_linear_test: FAIL $1: 8x the entries cost more than 12x the instructions" >&2
    failed=1
  fi
}
check array-of-objects 4000
check object-of-objects 4000
check object-of-numbers 4000
check refuse-array 4000
check refuse-object 4000
check bardagi-areas 2000
exit $failed

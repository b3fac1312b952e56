#!/usr/bin/env bash
# scripts/check-layering.sh can fail: in a scratch copy of the tracked tree (a git repository of
# its own), each kind of forbidden include is added in turn and must be reported with its file,
# line and header, and the check must exit 1; the untouched copy and allowed includes pass.
#   tests/layering_test.sh
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/tests/cli_helpers.sh"  # tmp (removed on exit), ok, bad, passed, failed
check=$root/scripts/check-layering.sh

copy=$tmp/repo
mkdir -p "$copy"
(cd "$root" && git ls-files -z | xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$copy"
(cd "$copy" && git init -q && git add -A) || { echo "layering_test: cannot make a scratch repository"; exit 1; }

# expect_pass DESCRIPTION: the check exits 0.
expect_pass() {
  if bash "$check" "$copy" >"$tmp/out" 2>&1; then ok; else bad "$1: the check failed: $(cat "$tmp/out")"; fi
}
# expect_violation DESCRIPTION LINE_PATTERN: the check exits 1 and prints a line matching the regex.
expect_violation() {
  bash "$check" "$copy" >"$tmp/out" 2>&1
  local rc=$?
  if [[ $rc -ne 1 ]]; then bad "$1: exit status $rc, expected 1: $(cat "$tmp/out")"; return; fi
  if grep -Eq -- "$2" "$tmp/out"; then ok; else bad "$1: no line matches /$2/: $(cat "$tmp/out")"; fi
}
# with FILE LINE...: FILE (new, or a tracked file put back afterwards) gets the lines appended,
# is added to the scratch repository, and is restored by `restore`.
with() {
  local file=$copy/$1
  shift
  mkdir -p "$(dirname "$file")"
  if [[ -f $file ]]; then cp "$file" "$tmp/saved"; else rm -f "$tmp/saved"; fi
  created=$file
  printf '%s\n' "$@" >>"$file"
  (cd "$copy" && git add -A)
}
restore() {
  if [[ -f $tmp/saved ]]; then cp "$tmp/saved" "$created"; else rm -f "$created"; fi
  (cd "$copy" && git add -A)
}
lines_of() { wc -l <"$copy/$1"; }

expect_pass "the tree as committed"

# lib/search may not include a game (the line number is the appended line's).
n=$(($(lines_of lib/search/tree.hpp) + 1))
with lib/search/tree.hpp '#include "games/connect4/connect4.hpp"'
expect_violation "search includes a game" "^lib/search/tree\.hpp:$n: lib/search may not include \"games/connect4/connect4\.hpp\"$"
restore
with lib/search/extra.hpp '#pragma once' '#include "bots/bot.hpp"'
expect_violation "search includes bots" '^lib/search/extra\.hpp:2: lib/search may not include "bots/bot\.hpp"$'
restore
with lib/search/extra.hpp '#include "core/game.hpp"' '#include "search/tree.hpp"' '#include <vector>' '#include <Eigen/Dense>'
expect_pass "search includes core, search, the standard library and Eigen"
restore

# lib/core includes only core.
with lib/core/extra.hpp '#include <nlohmann/json.hpp>' '#include "core/rng.hpp"' '#include "search/tree.hpp"'
expect_violation "core includes search" '^lib/core/extra\.hpp:3: lib/core may not include "search/tree\.hpp"$'
restore
with lib/core/extra.hpp '#include <games/kuhn/kuhn.hpp>'
expect_violation "core includes a game in angle brackets" '^lib/core/extra\.hpp:1: lib/core may not include <games/kuhn/kuhn\.hpp>$'
restore
with lib/core/extra.hpp '  #  include "../search/tree.hpp"  // a comment'
expect_violation "core includes search by a relative path" \
  '^lib/core/extra\.hpp:1: lib/core may not include "\.\./search/tree\.hpp" \(that is, search/tree\.hpp\)$'
restore
with lib/core/extra.hpp '#include "bots/registry.hpp"'
expect_violation "core includes bots" '^lib/core/extra\.hpp:1: lib/core may not include "bots/registry\.hpp"$'
restore

# lib/games/<game> includes only core and its own folder.
with lib/games/connect4/extra.cpp '#include "games/connect4/connect4.hpp"' '#include "games/kuhn/kuhn.hpp"'
expect_violation "a game includes another game" '^lib/games/connect4/extra\.cpp:2: lib/games/connect4 may not include "games/kuhn/kuhn\.hpp"$'
restore
with lib/games/connect4/extra.cpp '#include "search/mcts.hpp"'
expect_violation "a game includes search" '^lib/games/connect4/extra\.cpp:1: lib/games/connect4 may not include "search/mcts\.hpp"$'
restore
with lib/games/sardegna/extra.cpp '#include "bots/bot.hpp"'
expect_violation "a game includes bots" '^lib/games/sardegna/extra\.cpp:1: lib/games/sardegna may not include "bots/bot\.hpp"$'
restore
with lib/games/sardegna/extra.cpp '#include "../kuhn/kuhn.hpp"'
expect_violation "a game includes another game by a relative path" \
  '^lib/games/sardegna/extra\.cpp:1: lib/games/sardegna may not include "\.\./kuhn/kuhn\.hpp" \(that is, games/kuhn/kuhn\.hpp\)$'
restore
with lib/games/sardegna/extra.cpp '#include "games/sardegna/board_json.hpp"' '#include "core/json.hpp"' '#include "board.hpp"'
expect_pass "a game includes its own generated header, core and its own folder"
restore

# Another folder of lib (lib/learn) includes only core and its own folder.
with lib/learn/extra.cpp '#include "learn/fit.hpp"' '#include "core/value_model.hpp"' '#include <Eigen/Dense>'
expect_pass "lib/learn includes its own folder, core and Eigen"
restore
with lib/learn/extra.cpp '#include "learn/fit.hpp"' '#include "search/tree.hpp"'
expect_violation "lib/learn includes search" '^lib/learn/extra\.cpp:2: lib/learn may not include "search/tree\.hpp"$'
restore
with lib/learn/extra.cpp '#include "games/kuhn/kuhn.hpp"'
expect_violation "lib/learn includes a game" '^lib/learn/extra\.cpp:1: lib/learn may not include "games/kuhn/kuhn\.hpp"$'
restore
# A folder of lib that the rooms' table does not name includes only core and its own folder.
with lib/extra/extra.hpp '#include "extra/other.hpp"' '#include "core/game.hpp"' '#include "bots/bot.hpp"'
expect_violation "a new folder of lib includes bots" \
  '^lib/extra/extra\.hpp:3: lib/extra \(a folder the rooms'"'"' table does not name\) may not include "bots/bot\.hpp"$'
restore

# The program's rooms: each includes the rooms below it, and an arrow that runs back up fails.
with lib/bots/extra.hpp '#include "games/kuhn/kuhn.hpp"' '#include "search/mcts.hpp"' '#include "arena/arena.hpp"'
expect_violation "the bots include the arena" '^lib/bots/extra\.hpp:3: lib/bots may not include "arena/arena\.hpp"$'
restore
with lib/arena/extra.hpp '#include "bots/registry.hpp"' '#include "cli/command.hpp"'
expect_violation "the arena includes the command line" '^lib/arena/extra\.hpp:2: lib/arena may not include "cli/command\.hpp"$'
restore
with lib/viewer/extra.cpp '#include "bots/match.hpp"' '#include "arena/summary.hpp"'
expect_violation "the viewer includes the arena" '^lib/viewer/extra\.cpp:2: lib/viewer may not include "arena/summary\.hpp"$'
restore
with lib/any_game/extra.cpp '#include "arena/arena.hpp"' '#include "learn/fit.hpp"' '#include "cli/options.hpp"'
expect_violation "the games through type erasure include the command line" \
  '^lib/any_game/extra\.cpp:3: lib/any_game may not include "cli/options\.hpp"$'
restore
with lib/learn/extra.cpp '#include "any_game/any_game.hpp"'
expect_violation "learning's fits include the games through type erasure" \
  '^lib/learn/extra\.cpp:1: lib/learn may not include "any_game/any_game\.hpp"$'
restore
with lib/arena/extra.hpp '#include "bots/registry.hpp"' '#include "games/kuhn/kuhn.hpp"' '#include "search/mcts.hpp"'
expect_pass "the arena includes the bots, a game and the search"
restore
with cli/extra.cpp '#include "any_game/any_game.hpp"' '#include "arena/arena.hpp"' '#include "viewer/viewer.hpp"' \
  '#include "learn/fit.hpp"' '#include "cli/command.hpp"'
expect_pass "the command line includes every room"
restore

# Games and search together only in the rooms, tests and bench.
with tools/extra.cpp '#include "search/mcts.hpp"' '#include <vector>' '#include "games/kuhn/kuhn.hpp"'
expect_violation "games and search together outside the rooms, tests and bench" \
  '^tools/extra\.cpp:3: tools/ \(outside the rooms, tests and bench\) may not include "games/kuhn/kuhn\.hpp" together with "search/mcts\.hpp" \(line 1\)$'
restore
with tools/extra.cpp '#include "search/mcts.hpp"'
expect_pass "search alone outside the rooms, tests and bench"
restore
for place in lib/bots/extra.cpp cli/extra.cpp tests/extra.cpp bench/extra.cpp tests/fuzz/extra.cpp python/extra.cpp; do
  with $place '#include "search/mcts.hpp"' '#include "games/kuhn/kuhn.hpp"'
  expect_pass "games and search together in $place"
  restore
done

# Several violations: each is reported, and the count.
with lib/core/extra.hpp '#include "search/tree.hpp"' '#include "games/kuhn/kuhn.hpp"'
expect_violation "two violations in one file" '^check-layering: 2 includes break the layering'
restore

expect_pass "the tree restored"
echo "layering tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

#!/usr/bin/env bash
# The library as another project uses it: `cmake --install` into a new prefix, then tests/consumer,
# copied out of the source tree, configured with find_package(nuraghe) against that prefix alone,
# built and run. Nothing of the source or build tree may be on its include path, and none of
# nuraghe's own build flags (warnings, -Werror, sanitizers) may reach it.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR CXX_COMPILER GENERATOR
set -u
build=$(realpath "$1") source_dir=$(realpath "$2") compiler=$3 generator=$4
source "$source_dir/tests/cli_helpers.sh"
prefix=$tmp/prefix

if cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1; then ok; else bad "cmake --install: $(tail -3 "$tmp/install.log")"; fi
for file in bin/nuraghe include/nuraghe/core/game.hpp include/nuraghe/search/search.hpp \
  include/nuraghe/games/all_games.hpp include/nuraghe/games/sardegna/sardegna.hpp include/nuraghe/bots/registry.hpp \
  include/nuraghe/learn/fit.hpp include/nuraghe/games/all_presentations.hpp include/nuraghe/games/sardegna/presentation.hpp \
  include/nuraghe/viewer/viewer.hpp; do
  if [[ -f $prefix/$file ]]; then ok; else bad "$file is not installed"; fi
done
config=$(find "$prefix" -name nuragheConfig.cmake)
if [[ -n $config && -f $(dirname "$config")/nuragheConfigVersion.cmake && -f $(dirname "$config")/nuragheTargets.cmake ]]; then
  ok
else
  bad "no package configuration (nuragheConfig.cmake, its version and targets files) under $prefix"
fi
for lib in nuraghe_core nuraghe_games nuraghe_bot_specs nuraghe_bots nuraghe_viewer nuraghe_arena nuraghe_learn; do
  if [[ -n $(find "$prefix" -name "lib$lib.a") ]]; then ok; else bad "lib$lib.a is not installed"; fi
done
# What stays behind: the games' own test helpers, the command line's headers, the build's paths.
if [[ -z $(find "$prefix/include" -name 'test_*') ]]; then ok; else bad "test headers installed: $(find "$prefix/include" -name 'test_*')"; fi
if [[ ! -e $prefix/include/nuraghe/cli && ! -e $prefix/include/nuraghe/any_game && -f $prefix/include/nuraghe/arena/arena.hpp ]]; then
  ok
else
  bad "the command line's headers are installed, or the arena's are not"
fi
if ! grep -rlF -e "$source_dir" -e "$build" "$prefix/lib" "$prefix/include" >"$tmp/leaks" 2>/dev/null; then
  ok
else
  bad "installed files name the source or build folder: $(head -3 "$tmp/leaks")"
fi
if "$prefix/bin/nuraghe" --version >/dev/null 2>&1; then ok; else bad "the installed program does not run"; fi
# A build with the Python module installs the package too, which imports from the prefix alone.
if [[ -d $build/python/nuraghe ]]; then
  package=$(find "$prefix" -path '*/dist-packages/nuraghe/__init__.py')
  if [[ -n $package ]] && (cd "$tmp" && PYTHONPATH=$(dirname "$(dirname "$package")") /usr/bin/python3 -c \
    'import nuraghe, sys; assert nuraghe.__file__.startswith(sys.argv[1]); nuraghe.play("tictactoe", ["random", "random"])' \
    "$prefix") >"$tmp/python.log" 2>&1; then
    ok
  else
    bad "the installed Python package does not import from $prefix: $(tail -2 "$tmp/python.log")"
  fi
fi

# The consumer, outside the source tree, sees the prefix only.
cp -r "$source_dir/tests/consumer" "$tmp/consumer"
if cmake -S "$tmp/consumer" -B "$tmp/consumer-build" -G "$generator" -DCMAKE_CXX_COMPILER="$compiler" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$tmp/configure.log" 2>&1; then
  ok
else
  bad "the consumer does not configure: $(grep -m3 -i error -A3 "$tmp/configure.log")"
fi
if cmake --build "$tmp/consumer-build" >"$tmp/build.log" 2>&1; then ok; else bad "the consumer does not build: $(grep -m3 -i error "$tmp/build.log")"; fi
commands=$tmp/consumer-build/compile_commands.json
if [[ -f $commands ]] && ! grep -qF -e "$source_dir" -e "$build" "$commands"; then ok; else bad "the consumer compiles with the source or build tree on its include path"; fi
if [[ -f $commands ]] && ! grep -qE -e '-W(all|extra|pedantic|error)|-fsanitize' "$commands"; then ok; else bad "nuraghe's build flags reach the consumer: $(grep -m1 command "$commands")"; fi
if grep -q 'std=.*20' "$commands" 2>/dev/null; then ok; else bad "the consumer is not compiled as C++20 (nuraghe::core asks for it)"; fi
out=$("$tmp/consumer-build/consumer" 2>&1)
if [[ $out =~ ^sardegna:\ [0-9]+\ moves,\ scores\ .*,\ returns\ [01.]+\ [01.]+\ [01.]+$ ]]; then ok; else bad "the consumer printed: $out"; fi

echo "install tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

#!/usr/bin/env bash
# Checks the layering (CONTRIBUTING.md, "Format and layering") on the #include lines of every
# tracked C++ source file (*.cpp, *.hpp, *.h, *.cc, *.hpp.in):
#   lib/core/          includes only "core/..." (and standard, system or third-party headers)
#   lib/search/        only "core/..." and "search/..."
#   lib/games/<game>/  only "core/..." and "games/<game>/..." (its own folder, its generated headers
#                      included: "games/sardegna/board_json.hpp")
#   lib/<folder>/      (any other folder: lib/learn) only "core/..." and its own "<folder>/..."
#   bots/, tests/, bench/  anything: the places where games and search meet (and so may a game's
#                      own tests, lib/games/<game>/test_*.cpp, which are tests like those of tests/)
#   anywhere else      not games and search together
# A nuraghe header included with angle brackets (<search/tree.hpp>) or by a relative path
# ("../search/tree.hpp") counts as the header it names.
#   scripts/check-layering.sh [REPO]   (REPO: a checkout, the one this script is in by default)
# Prints `file:line: <layer> may not include <header>` for each violation and exits 1 if any.
set -euo pipefail
repo=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$repo"

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- '*.cpp' '*.hpp' '*.h' '*.cc' '*.hpp.in')
else  # an exported tree without .git: every source file outside the build folders
  mapfile -t files < <(find . -path './build*' -prune -o -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \
                         -o -name '*.cc' -o -name '*.hpp.in' \) -print | sed 's|^\./||' | sort)
fi

# Sets `header` to the lib-relative name of an included header ("search/tree.hpp"), or to "" if it
# is not nuraghe's. A quoted name is looked up next to the including file first, as the compiler
# does; an angle-bracket one is nuraghe's only when it names a folder of lib/ or bots/.
resolve() {  # FILE KIND(" or <) NAME
  local file=$1 kind=$2 name=$3 dir
  dir=.
  if [[ $file == */* ]]; then dir=${file%/*}; fi
  if [[ $kind == '"' && ( $name == ./* || $name == ../* || -e $dir/$name ) ]]; then
    name=$(realpath -m --relative-to=. "$dir/$name")
    name=${name#lib/}
  fi
  case $name in
    core/* | search/* | games/* | bots/*) header=$name ;;
    *) if [[ $kind == '"' ]]; then header=$name; else header=""; fi ;;
  esac
}

violations=0
report() {  # FILE LINE LAYER SHOWN [REST]: SHOWN is the header as written (with what it names)
  echo "$1:$2: $3 may not include $4${5:-}"
  violations=$((violations + 1))
}

for file in "${files[@]}"; do
  case $file in
    lib/core/*) layer=lib/core ;;
    lib/search/*) layer=lib/search ;;
    lib/games/*/test_*.cpp) continue ;;
    lib/games/*/*) game=${file#lib/games/}; game=${game%%/*}; layer=lib/games/$game ;;
    lib/games/*) layer=lib/games ;;
    lib/*/*) own=${file#lib/}; own=${own%%/*}; layer=lib/$own ;;
    lib/*) own=""; layer=lib ;;
    bots/* | tests/* | bench/*) continue ;;
    */*) layer=${file%/*}/ ;;
    *) layer=./ ;;
  esac
  games_line=0 search_line=0 games_shown="" search_shown=""
  while IFS= read -r hit; do
    line=${hit%%:*}
    text=${hit#*:}
    [[ $text =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\"\>]+)[\"\>] ]] || continue
    kind=${BASH_REMATCH[1]} name=${BASH_REMATCH[2]}
    resolve "$file" "$kind" "$name"
    [[ -n $header ]] || continue
    if [[ $kind == '"' ]]; then shown="\"$name\""; else shown="<$name>"; fi
    [[ $header == "$name" ]] || shown="$shown (that is, $header)"
    case $layer in
      lib/core) [[ $header == core/* ]] || report "$file" "$line" "$layer" "$shown" ;;
      lib/search) [[ $header == core/* || $header == search/* ]] || report "$file" "$line" "$layer" "$shown" ;;
      lib/games/*) [[ $header == core/* || $header == games/$game/* ]] || report "$file" "$line" "$layer" "$shown" ;;
      lib/games) [[ $header == core/* || $header == games/* ]] || report "$file" "$line" "$layer" "$shown" ;;
      lib | lib/*)
        [[ $header == core/* || ( -n $own && $header == "$own"/* ) ]] ||
          report "$file" "$line" "$layer (a folder other than core, search, games)" "$shown" ;;
      *)
        if [[ $header == games/* && $games_line == 0 ]]; then games_line=$line games_shown=$shown; fi
        if [[ $header == search/* && $search_line == 0 ]]; then search_line=$line search_shown=$shown; fi ;;
    esac
  done < <(grep -n -E '^[[:space:]]*#[[:space:]]*include' "$file" || true)
  if [[ $games_line != 0 && $search_line != 0 ]]; then
    # Named at the later of the two: the include that brings games and search together.
    what="$layer (outside bots, tests and bench)"
    if [[ $games_line -gt $search_line ]]; then
      report "$file" "$games_line" "$what" "$games_shown" " together with $search_shown (line $search_line)"
    else
      report "$file" "$search_line" "$what" "$search_shown" " together with $games_shown (line $games_line)"
    fi
  fi
done

if [[ $violations -gt 0 ]]; then
  echo "check-layering: $violations includes break the layering (CONTRIBUTING.md, \"Format and layering\")"
  exit 1
fi
echo "check-layering: ${#files[@]} files keep the layering"

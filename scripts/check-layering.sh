#!/usr/bin/env bash
# Checks the layering (CONTRIBUTING.md, "Format and layering"; docs/architecture.md draws it) on the
# #include lines of every tracked C++ source file (*.cpp, *.hpp, *.h, *.cc, *.hpp.in). Each room
# includes only the rooms below it and itself (besides standard, system and third-party headers):
#   lib/core/          core
#   lib/search/        core, search
#   lib/games/<game>/  core and its own folder games/<game>/ (its generated headers included:
#                      "games/sardegna/board_json.hpp")
#   lib/learn/         core, learn
#   lib/bots/          core, search, games, bots: where a game and the search meet
#   lib/arena/         core, search, games, bots, arena
#   lib/viewer/        core, search, games, bots, viewer
#   lib/any_game/      core, search, games, learn, bots, arena, viewer, any_game
#   cli/               every room
#   lib/<folder>/      (a folder the table does not name) core and its own folder
#   tests/, bench/, python/  anything (and so may a game's own tests, lib/games/<game>/test_*.cpp)
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

# The rooms of lib/ and cli/, each with the rooms its files may include (lib/games is special: a
# game's folder includes only its own).
declare -A may_include=(
  [core]="core"
  [search]="core search"
  [games]="core games"
  [learn]="core learn"
  [bots]="core search games bots"
  [arena]="core search games bots arena"
  [viewer]="core search games bots viewer"
  [any_game]="core search games learn bots arena viewer any_game"
  [cli]="core search games learn bots arena viewer any_game cli"
)

# Sets `normalized` to PATH (relative to the checkout) without its "." and ".." parts, as
# `realpath -m --relative-to=.` would print it, without a process per include (the check runs some 30
# times in its own test).
normalize() {  # PATH
  local IFS=/ part
  local -a parts=()
  for part in $1; do
    case $part in
      '' | .) ;;
      ..) if [[ ${#parts[@]} -gt 0 ]]; then unset 'parts[-1]'; fi ;;
      *) parts+=("$part") ;;
    esac
  done
  normalized=${parts[*]}
  [[ -n $normalized ]] || normalized=.
}

# Sets `header` to the lib-relative name of an included header ("search/tree.hpp"), or to "" if it
# is not nuraghe's. A quoted name is looked up next to the including file first, as the compiler
# does; an angle-bracket one is nuraghe's only when it names a room.
resolve() {  # FILE KIND(" or <) NAME
  local file=$1 kind=$2 name=$3 dir
  dir=.
  if [[ $file == */* ]]; then dir=${file%/*}; fi
  if [[ $kind == '"' && ( $name == ./* || $name == ../* || -e $dir/$name ) ]]; then
    normalize "$dir/$name"
    name=${normalized#lib/}
  fi
  if [[ -n ${may_include[${name%%/*}]+x} || $name == cli/* ]]; then
    header=$name
  elif [[ $kind == '"' ]]; then
    header=$name
  else
    header=""
  fi
}

violations=0
report() {  # FILE LINE LAYER SHOWN [REST]: SHOWN is the header as written (with what it names)
  echo "$1:$2: $3 may not include $4${5:-}"
  violations=$((violations + 1))
}

# One file's includes, from the "LINE:TEXT" lines of the grep below.
check_file() {  # FILE
  local file=$1 hit line text kind name shown allowed below
  room="" game=""
  case $file in
    lib/games/*/test_*.cpp) return ;;
    lib/games/*/*) game=${file#lib/games/}; game=${game%%/*}; layer=lib/games/$game room=games ;;
    lib/*/*) room=${file#lib/}; room=${room%%/*}; layer=lib/$room ;;
    lib/*) layer=lib room=lib ;;
    cli/*) layer=cli room=cli ;;
    tests/* | bench/* | python/*) return ;;
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
    if [[ -n $game ]]; then  # a game's folder: core and its own folder alone
      [[ $header == core/* || $header == games/$game/* ]] || report "$file" "$line" "$layer" "$shown"
    elif [[ $room == cli ]]; then  # the top room: every room below, and its generated headers
      :
    elif [[ -n $room && -n ${may_include[$room]+x} ]]; then
      allowed=0
      for below in ${may_include[$room]}; do
        if [[ $header == "$below"/* ]]; then allowed=1; fi
      done
      [[ $allowed == 1 ]] || report "$file" "$line" "$layer" "$shown"
    elif [[ -n $room ]]; then  # a folder of lib/ the table does not name: core and its own folder
      [[ $header == core/* || $header == "$room"/* ]] ||
        report "$file" "$line" "$layer (a folder the rooms' table does not name)" "$shown"
    else
      if [[ $header == games/* && $games_line == 0 ]]; then games_line=$line games_shown=$shown; fi
      if [[ $header == search/* && $search_line == 0 ]]; then search_line=$line search_shown=$shown; fi
    fi
  done <<<"$2"
  if [[ $games_line != 0 && $search_line != 0 ]]; then
    # Named at the later of the two: the include that brings games and search together.
    what="$layer (outside the rooms, tests and bench)"
    if [[ $games_line -gt $search_line ]]; then
      report "$file" "$games_line" "$what" "$games_shown" " together with $search_shown (line $search_line)"
    else
      report "$file" "$search_line" "$what" "$search_shown" " together with $games_shown (line $games_line)"
    fi
  fi
}

# Every file's include lines in one grep ("FILE:LINE:TEXT"), handed to check_file a file at a time.
current="" lines=""
while IFS= read -r hit; do
  file=${hit%%:*}
  if [[ $file != "$current" ]]; then
    [[ -z $current ]] || check_file "$current" "$lines"
    current=$file lines=""
  fi
  lines+=${hit#*:}$'\n'
done < <(if [[ ${#files[@]} -gt 0 ]]; then grep -n -H -E '^[[:space:]]*#[[:space:]]*include' -- "${files[@]}" || true; fi)
[[ -z $current ]] || check_file "$current" "$lines"

if [[ $violations -gt 0 ]]; then
  echo "check-layering: $violations includes break the layering (CONTRIBUTING.md, \"Format and layering\")"
  exit 1
fi
echo "check-layering: ${#files[@]} files keep the layering"

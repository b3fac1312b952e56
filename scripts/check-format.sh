#!/usr/bin/env bash
# Checks that every tracked C++ file (*.cpp, *.hpp) is formatted as .clang-format says, with
# clang-format-14 (installed with apt-get when missing, as scripts/setup.sh installs its packages).
#   scripts/check-format.sh
# Prints each file that differs and exits 1 if any does; `clang-format-14 -i FILE` formats one.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

if ! command -v clang-format-14 >/dev/null; then
  echo "check-format: installing clang-format-14"
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends clang-format-14 >/dev/null
fi

mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
differ=()
for f in "${files[@]}"; do
  clang-format-14 --dry-run -Werror "$f" >/dev/null 2>&1 || differ+=("$f")
done
if [[ ${#differ[@]} -gt 0 ]]; then
  printf '%s\n' "${differ[@]}"
  echo "check-format: ${#differ[@]} of ${#files[@]} files differ from .clang-format (clang-format-14 -i FILE formats one)"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"

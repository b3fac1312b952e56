#!/usr/bin/env bash
# Installs, builds, and runs a real tournament, then prints its table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh" "$root/build"
echo
echo "\$ nuraghe arena --game connect4 --bots random,random --games 200 --seed 1 --jobs $(nproc)"
"$root/build/nuraghe" arena --game connect4 --bots random,random --games 200 --seed 1 --jobs "$(nproc)"

#!/usr/bin/env bash
# Installs what nuraghe needs (Debian packages only) and builds it.
#   scripts/setup.sh [BUILD_DIR] [extra cmake arguments...]
# Idempotent: with everything installed and built it only checks and returns. With
# -DNURAGHE_MPI=ON it also installs Debian's OpenMPI, with -DNURAGHE_PYTHON=ON pybind11, pytest and
# pandas, with -DNURAGHE_FUZZ=ON clang-14 and libFuzzer, with -DNURAGHE_BROWSER_TEST=ON chromium,
# ChromeDriver and Selenium,
# with -DNURAGHE_NATIVE=OFF valgrind. NURAGHE_TARGET="name ..." builds only those targets. A new
# build folder compiles through ccache (Debian's ccache, installed here too) unless the arguments name another CMAKE_CXX_COMPILER_LAUNCHER; an
# existing one is configured again when arguments are given, so that they take effect.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
shift $(( $# > 0 ? 1 : 0 ))

packages=(g++ cmake ninja-build pkg-config libeigen3-dev doctest-dev libcli11-dev libbenchmark-dev nlohmann-json3-dev
          libcpp-httplib-dev ccache)
for arg in "$@"; do [[ $arg == -DNURAGHE_MPI=ON ]] && packages+=(libopenmpi-dev openmpi-bin); done
# A build for any x86-64 CPU counts instructions under valgrind (tests/json_linear_test.sh).
for arg in "$@"; do [[ $arg == -DNURAGHE_NATIVE=OFF ]] && packages+=(valgrind); done
# The Python module: pybind11 and Debian's Python headers; pytest and pandas for its tests.
for arg in "$@"; do [[ $arg == -DNURAGHE_PYTHON=ON ]] && packages+=(pybind11-dev python3-dev python3-pytest python3-pandas); done
# Headless chromium opens the viewer's pages in tests/viewer_browser_test.sh, and plays a live
# table through clicks in tests/table_browser_test.py (Selenium and ChromeDriver drive it).
for arg in "$@"; do [[ $arg == -DNURAGHE_BROWSER_TEST=ON ]] && packages+=(chromium chromium-driver python3-selenium); done
# libFuzzer's and the sanitizers' runtimes (libclang-rt-14-dev) and OpenMP for clang (libomp-14-dev)
# are only recommended by clang-14, which --no-install-recommends leaves out.
for arg in "$@"; do [[ $arg == -DNURAGHE_FUZZ=ON ]] && packages+=(clang-14 libfuzzer-14-dev libclang-rt-14-dev libomp-14-dev); done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "setup: installing ${missing[*]}"
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ccache keeps compiled objects between builds (~/.cache/ccache): a build folder made again from a
# clean clone recompiles only what changed. Paths are hashed relative to the checkout (CCACHE_BASEDIR),
# and the sanitizer and fuzz builds' line tables (-g1) without the build folder (CCACHE_NOHASHDIR), so
# that a clone in another folder (CI's) finds the objects too; a report then names files relative to
# the checkout.
export CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=1
launcher=()
if command -v ccache >/dev/null && [[ ! " $* " =~ " -DCMAKE_CXX_COMPILER_LAUNCHER=" ]]; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [[ ! -f $build/build.ninja ]]; then
  cmake -S "$root" -B "$build" -G Ninja "${launcher[@]}" "$@" >/dev/null
elif [[ $# -gt 0 ]]; then
  cmake -S "$root" -B "$build" "$@" >/dev/null
fi
cmake --build "$build" -j "$(nproc)" ${NURAGHE_TARGET:+--target $NURAGHE_TARGET}

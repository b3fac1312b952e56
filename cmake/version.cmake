# Run at every build (cmake -P): writes OUT, a header naming the commit the sources are at
# (`git describe --always --dirty`, so a build from changed sources says "-dirty"). The file is
# rewritten only when that changes, so nothing recompiles otherwise.
#   cmake -DSRC=<source dir> -DOUT=<header> -P cmake/version.cmake
execute_process(COMMAND git -C "${SRC}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR version STREQUAL "")
  set(version "unknown (not built from a git checkout)")
endif()
set(text "#pragma once\n// Generated at build time by cmake/version.cmake.\n#define NURAGHE_VERSION \"${version}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT text STREQUAL old)
  file(WRITE "${OUT}" "${text}")
endif()

# Writes a game's data file into a C++ header as a raw string literal (nuraghe_add_game's DATA):
#   cmake -DIN=<file> -DOUT=<header> -DNAMESPACE=nuraghe::<game> -DVARIABLE=k<Name> -DSOURCE=<path shown> -P embed_data.cmake
# Runs at build time whenever the file changes; the header is always rewritten, so that the build
# sees it newer than the file.
set(DELIMITER nuraghe_data)
file(READ ${IN} TEXT)
string(FIND "${TEXT}" ")${DELIMITER}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${SOURCE} contains )${DELIMITER}\", which would end the raw string literal it is embedded in")
endif()
file(READ ${CMAKE_CURRENT_LIST_DIR}/embedded_data.hpp.in template)
string(CONFIGURE "${template}" header @ONLY)
file(WRITE ${OUT} "${header}")

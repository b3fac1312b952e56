# Run by the ctest entries name-list/* (tests/CMakeLists.txt): reads the list file LIST as CMake
# reads lib/games/games.txt and cli/commands.txt (cmake/name_list.cmake) and prints its names, or
# stops with the refusal a configuration would stop with.
#   cmake -DLIST=tests/name_lists/good.txt -P tests/name_list_test.cmake
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/name_list.cmake)
nuraghe_read_name_list(names ${LIST} "test name")
string(REPLACE ";" " " text "${names}")
message(STATUS "names: ${text}")

# A game is one folder and one line (docs/adding-a-game.md):
# - the folder lib/games/<name>/ holds the game's headers, sources, data files and own tests, and a
#   CMakeLists.txt that calls nuraghe_add_game;
# - the line is <name> in lib/games/games.txt, the one list of games.
# nuraghe_add_games reads the list, builds every game into the nuraghe_games library and writes
# games/all_games.hpp: the includes of every game and AllGames, the type list that the command
# line, the invariant and no-peeking tests, the benchmarks and the fuzzers are written over; and
# games/all_presentations.hpp: the includes of every game's presentation.hpp, its Presentation
# (lib/core/hooks.hpp), for the code that shows games to people.

set(NURAGHE_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/name_list.cmake)
# Generated headers: the games' data, private to nuraghe_games; the list, for lib/bots and the rooms
# above it.
set(NURAGHE_GAME_DATA_DIR ${PROJECT_BINARY_DIR}/generated/game_data)
set(NURAGHE_GAME_LIST_DIR ${PROJECT_BINARY_DIR}/generated/game_list)

# nuraghe_add_game(<name> TYPE <struct> [HEADER <file>] [SOURCES <file>...] [DATA <file>...] [TESTS <file>...])
# nuraghe_add_game(<name> IN_PROGRESS [SOURCES <file>...] [DATA <file>...] [TESTS <file>...])
#   <name>   the folder's name, which is also the game's kName on the command line
#   TYPE     the game's struct in namespace nuraghe (TicTacToe), the one that satisfies Game
#   IN_PROGRESS  a game built over several steps whose struct does not exist yet: its sources,
#            data and tests are built and run, but it is not in AllGames (the command line, the
#            invariant and no-peeking tests, the benchmarks and fuzzers do not see it). It must
#            come after every finished game in the list, so that finished games keep their places.
#   HEADER   the header defining it, in the folder (default: <name>.hpp)
#   SOURCES  .cpp files, compiled into nuraghe_games
#   DATA     files compiled in as text, so that the program finds them wherever it runs: board.json
#            becomes the header "games/<name>/board_json.hpp" with nuraghe::<name>::kBoardJson, a
#            std::string_view of the file's bytes, written again whenever the file changes (include
#            it from the game's sources: it is private to nuraghe_games)
#   TESTS    doctest sources of the game's own suite: the executable test_<name>, ctest name <name>,
#            or <name>/<file> for each of several files (tests/CMakeLists.txt builds them, when
#            NURAGHE_TESTS is on; they include the headers of tests/ by name: "game_tests.hpp")
# Paths are relative to the folder. The function only records the game; nuraghe_add_games, which
# added the folder, builds it (so that every generated file belongs to the top directory).
function(nuraghe_add_game name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "IN_PROGRESS" "TYPE;HEADER" "SOURCES;DATA;TESTS")
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  set(where "lib/games/${folder}/CMakeLists.txt: nuraghe_add_game(${name})")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${where}: unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT name STREQUAL folder)
    message(FATAL_ERROR "${where}: a game is named after its folder (${folder})")
  endif()
  if(ARG_IN_PROGRESS AND (ARG_TYPE OR ARG_HEADER))
    message(FATAL_ERROR "${where}: an IN_PROGRESS game has no TYPE or HEADER yet; drop IN_PROGRESS when it has")
  endif()
  if(NOT ARG_TYPE AND NOT ARG_IN_PROGRESS)
    message(FATAL_ERROR "${where}: TYPE <the game's struct> is required")
  endif()
  set(kinds SOURCES DATA TESTS)
  if(NOT ARG_IN_PROGRESS)
    list(APPEND kinds HEADER)
    if(NOT ARG_HEADER)
      set(ARG_HEADER ${name}.hpp)
    endif()
  endif()
  foreach(kind IN LISTS kinds)
    set(files "")
    foreach(file IN LISTS ARG_${kind})
      if(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/${file})
        message(FATAL_ERROR "${where}: ${kind} file ${file} is not in the folder")
      endif()
      list(APPEND files ${CMAKE_CURRENT_SOURCE_DIR}/${file})
    endforeach()
    set_property(GLOBAL PROPERTY NURAGHE_GAME_${name}_${kind} ${files})
  endforeach()
  set_property(GLOBAL PROPERTY NURAGHE_GAME_${name}_TYPE ${ARG_TYPE})
  set_property(GLOBAL PROPERTY NURAGHE_GAME_${name}_IN_PROGRESS ${ARG_IN_PROGRESS})
  set_property(GLOBAL PROPERTY NURAGHE_GAME_${name}_DIR ${CMAKE_CURRENT_SOURCE_DIR})
endfunction()

# nuraghe_game_property(<variable> <name> <TYPE|IN_PROGRESS|HEADER|SOURCES|DATA|TESTS|DIR>): what the game
# declared (files as absolute paths; DIR is its folder).
function(nuraghe_game_property variable name kind)
  get_property(value GLOBAL PROPERTY NURAGHE_GAME_${name}_${kind})
  set(${variable} ${value} PARENT_SCOPE)
endfunction()

# Embeds one data file of game <name> into nuraghe_games (see DATA above).
function(nuraghe_embed_data name file)
  nuraghe_game_property(folder ${name} DIR)
  file(RELATIVE_PATH relative ${folder} ${file})
  string(REGEX REPLACE "[^A-Za-z0-9]+" "_" stem ${relative})
  string(REGEX REPLACE "[^A-Za-z0-9]+" ";" words ${relative})
  set(variable k)
  foreach(word IN LISTS words)
    string(SUBSTRING ${word} 0 1 first)
    string(SUBSTRING ${word} 1 -1 rest)
    string(TOUPPER ${first} first)
    string(APPEND variable ${first}${rest})
  endforeach()
  set(header ${NURAGHE_GAME_DATA_DIR}/games/${name}/${stem}.hpp)
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} -DIN=${file} -DOUT=${header} -DNAMESPACE=nuraghe::${name} -DVARIABLE=${variable}
            -DSOURCE=lib/games/${name}/${relative} -P ${NURAGHE_CMAKE_DIR}/embed_data.cmake
    DEPENDS ${file} ${NURAGHE_CMAKE_DIR}/embed_data.cmake ${NURAGHE_CMAKE_DIR}/embedded_data.hpp.in
    COMMENT "Embedding lib/games/${name}/${relative}"
    VERBATIM)
  target_sources(nuraghe_games PRIVATE ${header})
  set_property(GLOBAL APPEND PROPERTY NURAGHE_EMBEDDED_DATA ${header})
endfunction()

# nuraghe_add_games(<list file>): every game of the list, in its order, into nuraghe_games, and
# ${NURAGHE_GAME_LIST_DIR}/games/all_games.hpp and games/all_presentations.hpp (the presentation.hpp
# of every finished game that has one: a game may leave its presentation out). Sets the global
# property NURAGHE_GAMES (the names).
function(nuraghe_add_games list_file)
  get_filename_component(games_dir ${list_file} DIRECTORY)
  nuraghe_read_name_list(games ${list_file} "game folder name")

  set(NURAGHE_GAME_INCLUDES "")
  set(NURAGHE_GAME_TYPES "")
  set(NURAGHE_GAME_EACH "")
  set(NURAGHE_GAME_NAME_CHECKS "")
  set(NURAGHE_PRESENTATION_INCLUDES "")
  set(in_progress "")
  foreach(game IN LISTS games)
    if(NOT EXISTS ${games_dir}/${game}/CMakeLists.txt)
      message(FATAL_ERROR "${list_file} lists ${game}, but lib/games/${game}/CMakeLists.txt does not exist")
    endif()
    add_subdirectory(${games_dir}/${game} ${PROJECT_BINARY_DIR}/lib/games/${game})
    nuraghe_game_property(type ${game} TYPE)
    nuraghe_game_property(unfinished ${game} IN_PROGRESS)
    if(NOT type AND NOT unfinished)
      message(FATAL_ERROR "lib/games/${game}/CMakeLists.txt does not call nuraghe_add_game(${game} ...)")
    endif()
    nuraghe_game_property(sources ${game} SOURCES)
    nuraghe_game_property(data ${game} DATA)
    target_sources(nuraghe_games PRIVATE ${sources})
    # Its headers, for the installed package; its tests' own (test_*.hpp) stay behind. The embedded
    # data are compiled into nuraghe_games and included by no header, so they are not installed.
    file(GLOB headers ${games_dir}/${game}/*.hpp)
    list(FILTER headers EXCLUDE REGEX "/test_[^/]*$")
    install(FILES ${headers} DESTINATION ${NURAGHE_INSTALL_INCLUDEDIR}/games/${game})
    foreach(file IN LISTS data)
      nuraghe_embed_data(${game} ${file})
    endforeach()
    if(unfinished)
      list(APPEND in_progress ${game})
      continue()
    endif()
    if(in_progress)
      message(FATAL_ERROR "${list_file}: ${game} comes after ${in_progress}, which is IN_PROGRESS: a game in progress "
                          "comes after every finished one, so that finished games keep their places")
    endif()
    nuraghe_game_property(header ${game} HEADER)
    file(RELATIVE_PATH include ${PROJECT_SOURCE_DIR}/lib ${header})
    string(APPEND NURAGHE_GAME_INCLUDES "#include \"${include}\"\n")
    # A presentation.hpp added or removed later configures again (CONFIGURE_DEPENDS).
    file(GLOB presentation CONFIGURE_DEPENDS ${games_dir}/${game}/presentation.hpp)
    if(presentation)
      string(APPEND NURAGHE_PRESENTATION_INCLUDES "#include \"games/${game}/presentation.hpp\"\n")
    endif()
    if(NOT NURAGHE_GAME_TYPES STREQUAL "")
      string(APPEND NURAGHE_GAME_TYPES ", ")
    endif()
    string(APPEND NURAGHE_GAME_TYPES ${type})
    string(APPEND NURAGHE_GAME_EACH " X(${type})")
    string(APPEND NURAGHE_GAME_NAME_CHECKS
           "static_assert(${type}::kName == std::string_view(\"${game}\"), \"lib/games/${game}: kName must be the folder's name\");\n")
  endforeach()
  target_include_directories(nuraghe_games PRIVATE ${NURAGHE_GAME_DATA_DIR})
  # The embedded data as a target of their own, for a program built from one game's sources alone
  # (tests/json_cost).
  get_property(embedded GLOBAL PROPERTY NURAGHE_EMBEDDED_DATA)
  add_custom_target(nuraghe_game_data DEPENDS ${embedded})
  configure_file(${NURAGHE_CMAKE_DIR}/all_games.hpp.in ${NURAGHE_GAME_LIST_DIR}/games/all_games.hpp @ONLY)
  configure_file(${NURAGHE_CMAKE_DIR}/all_presentations.hpp.in ${NURAGHE_GAME_LIST_DIR}/games/all_presentations.hpp
                 @ONLY)
  install(FILES ${NURAGHE_GAME_LIST_DIR}/games/all_games.hpp ${NURAGHE_GAME_LIST_DIR}/games/all_presentations.hpp
          DESTINATION ${NURAGHE_INSTALL_INCLUDEDIR}/games)
  set_property(GLOBAL PROPERTY NURAGHE_GAMES ${games})
endfunction()

# nuraghe_game_files(<variable> <template> <folder>): one source per finished game, written from
# <template> (a file with @NURAGHE_GAME@, @NURAGHE_GAME_TYPE@ and @NURAGHE_GAME_HEADER@) into
# generated/<folder>/<game>.cpp; the file names go into <variable>. Each game's bots
# (lib/bots/bot_file.cpp.in, into generated/bots) and its AnyGame with its tournament loop
# (lib/any_game/game_file.cpp.in, into generated/any_game), which the command line and the Python
# module share, are instantiated in files of their own this way, so that a build compiles the games side
# by side.
function(nuraghe_game_files variable template folder)
  get_property(games GLOBAL PROPERTY NURAGHE_GAMES)
  set(files "")
  foreach(game IN LISTS games)
    nuraghe_game_property(NURAGHE_GAME_TYPE ${game} TYPE)
    if(NOT NURAGHE_GAME_TYPE)
      continue()  # IN_PROGRESS: not in AllGames yet
    endif()
    nuraghe_game_property(header ${game} HEADER)
    file(RELATIVE_PATH NURAGHE_GAME_HEADER ${PROJECT_SOURCE_DIR}/lib ${header})
    set(NURAGHE_GAME ${game})
    set(file ${PROJECT_BINARY_DIR}/generated/${folder}/${game}.cpp)
    configure_file(${template} ${file} @ONLY)
    list(APPEND files ${file})
  endforeach()
  set(${variable} ${files} PARENT_SCOPE)
endfunction()

# nuraghe_read_name_list(<variable> <list file> <what>): the names of a list file (a name a line; `#`
# starts a comment; lib/games/games.txt, cli/commands.txt), in order. A name that is not lower case
# letters, digits and _, or one listed twice, stops the configuration with the file and the name
# (`what` says what a name is: "game folder name", "command name"). The list file joins the
# configuration's dependencies, so that editing it configures again.
function(nuraghe_read_name_list variable list_file what)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file})
  file(STRINGS ${list_file} lines)
  set(names "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "#.*" "" line "${line}")
    string(STRIP "${line}" line)
    if(line STREQUAL "")
      continue()
    endif()
    if(NOT line MATCHES "^[a-z][a-z0-9_]*$")
      message(FATAL_ERROR "${list_file}: \"${line}\" is not a ${what} (lower case letters, digits, _)")
    endif()
    if(line IN_LIST names)
      message(FATAL_ERROR "${list_file}: ${line} is listed twice")
    endif()
    list(APPEND names ${line})
  endforeach()
  set(${variable} ${names} PARENT_SCOPE)
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/name_list.cmake)

# The commands of `nuraghe` from cli/commands.txt (a name a line; `#` starts a comment): each is
# the file cli/commands/<name>.cpp, which defines the entry <name>_command (cli/command.hpp).
# nuraghe_commands(<sources variable> <list file>) sets the variable to the commands' files and
# writes generated/cli/cli/command_list.hpp: the entries declared, and kCommands, their addresses in
# the list's order, which cli/cli.cpp turns into subcommands.
function(nuraghe_commands variable list_file)
  nuraghe_read_name_list(names ${list_file} "command name")
  get_filename_component(folder ${list_file} DIRECTORY)
  set(sources "")
  set(declarations "")
  set(entries "")
  foreach(name IN LISTS names)
    if(NOT EXISTS ${folder}/commands/${name}.cpp)
      message(FATAL_ERROR "${list_file}: the command ${name} has no file cli/commands/${name}.cpp")
    endif()
    list(APPEND sources ${folder}/commands/${name}.cpp)
    string(APPEND declarations "extern const CommandEntry ${name}_command;\n")
    string(APPEND entries "    &${name}_command,\n")
  endforeach()
  set(NURAGHE_COMMAND_DECLARATIONS "${declarations}")
  set(NURAGHE_COMMAND_ENTRIES "${entries}")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/command_list.hpp.in ${PROJECT_BINARY_DIR}/generated/cli/cli/command_list.hpp @ONLY)
  set(${variable} ${sources} PARENT_SCOPE)
endfunction()

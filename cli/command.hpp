#pragma once
// A subcommand of `nuraghe`, written in one file of cli/commands/: its options with their help, and
// what it does once they are read, the games' own work included. cli/commands.txt lists the
// commands in the order `nuraghe --help` shows them; CMake compiles each command's file and writes
// the list cli/cli.cpp reads (the generated cli/command_list.hpp). docs/architecture.md, "Adding a
// command", is the recipe.

#include <memory>

namespace nuraghe {

class Options;  // cli/options.hpp

class Command {
 public:
  virtual ~Command() = default;
  // Adds the command's options, with their help, to its subcommand: once, before the command line
  // is read. The options write into the command's own members.
  virtual void add_options(Options& options) = 0;
  // Runs the command once its options are read: the process's exit status (bad input throws
  // InputError, which the program reports in one line with exit status 2).
  virtual int run() = 0;
};

// A command's entry in the list: its name, its line in `nuraghe --help`, and how it is made. Each
// command's file defines one, named after the file (cli/commands/arena.cpp: arena_command):
//   extern const CommandEntry arena_command{"arena", "play a tournament ...", make_command<Arena>};
struct CommandEntry {
  const char* name;
  const char* help;
  std::unique_ptr<Command> (*make)();
};

template <class C>
std::unique_ptr<Command> make_command() {
  return std::make_unique<C>();
}

}  // namespace nuraghe

#include "cli/cli.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <utility>
#include <vector>

#include "cli/command_list.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"

namespace nuraghe {
namespace {

// The closest name by edit distance, for "did you mean".
std::string closest(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_distance = 3;  // suggest only names within two edits
  for (const auto& name : names) {
    std::vector<std::size_t> row(name.size() + 1);
    for (std::size_t j = 0; j <= name.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= name.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (word[i - 1] == name[j - 1] ? 0 : 1)});
        diagonal = up;
      }
    }
    if (row[name.size()] < best_distance) best_distance = row[name.size()], best = name;
  }
  return best;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"nuraghe: Monte Carlo tree search bots for Sardinian board games"};
  app.require_subcommand(1);
  app.option_defaults()->always_capture_default();  // --help shows every default
  app.set_help_all_flag("--help-all", "help for every subcommand");
  app.set_version_flag("--version", std::string("nuraghe ") + version(),
                       "print the commit this program was built from");

  // Every command of cli/commands.txt, with its options, in the list's order.
  std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>> commands;
  for (const CommandEntry* entry : kCommands) {
    CLI::App* sub = app.add_subcommand(entry->name, entry->help);
    commands.emplace_back(sub, entry->make());
    Options options(*sub);
    commands.back().second->add_options(options);
  }

  try {
    // A mistyped command is named, with the nearest one, rather than CLI11's "not expected".
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> names;
      for (const CommandEntry* entry : kCommands) names.push_back(entry->name);
      const std::string word = argv[1];
      if (std::find(names.begin(), names.end(), word) == names.end()) {
        const std::string near = closest(word, names);
        std::string all;
        for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
        input_error("unknown command \"" + word + "\"" + (near.empty() ? "" : " (did you mean " + near + "?)") +
                    "; the commands are " + all);
      }
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app.exit(e);
      std::cerr << "nuraghe: error: " << e.what() << "\n";
      return 2;
    }
    for (auto& [sub, command] : commands)
      if (*sub) return command->run();
  } catch (const InputError& e) {
    std::cerr << "nuraghe: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace nuraghe

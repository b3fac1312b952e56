// `nuraghe compare A B`: each figure of `stats` for two files side by side, with the difference and
// its interval: paired over the deals the files share, else as two independent samples
// (cli/commands/stats.cpp).
#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "cli/commands/stats.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Compare final : public Command {
 public:
  void add_options(CLI::App& sub) override {
    sub.add_option("files", args_.files, "two results files or play logs: a, then b")
        ->check(kFileName)
        ->required()
        ->expected(2);
    add_stats_options(sub, args_);
  }

  int run() override { return run_compare_command(args_); }

 private:
  StatsCommand args_;
};

}  // namespace

extern const CommandEntry compare_command{
    "compare", "each figure of `stats` for two files side by side, with the difference and its interval",
    make_command<Compare>};

}  // namespace nuraghe

// `nuraghe compare A B`: each figure of `stats` for two files side by side, with the difference and
// its interval: paired over the deals the files share, else as two independent samples
// (cli/commands/stats.cpp).
#include "cli/command.hpp"
#include "cli/commands/stats.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Compare final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("files", args_.files, "two results files or play logs: a, then b").file().required().expected(2);
    add_stats_options(o, args_);
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

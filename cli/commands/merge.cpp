// `nuraghe merge`: arena results files of one tournament (its shards) combined into one table, and
// into one results file with --out. Two files must be of one tournament, and a game in both must
// have the same result in each.
#include <iostream>
#include <map>
#include <optional>

#include "arena/arena.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/commands/selfplay.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"

namespace nuraghe {
namespace {

int merge(const std::vector<std::string>& files, const std::string& format, const std::string& out, int resamples) {
  check_summary_format(format);
  if (files.empty()) input_error("merge: give one or more results files");
  // Self-play folders (selfplay --shard): joined into the folder of the whole run.
  if (is_selfplay_folder(files[0])) {
    if (format != "table") input_error("merge: --format is for results files; self-play folders are joined");
    join_selfplay(files, out, version(), false);
    return 0;
  }
  check_output_path(out, "merge --out");
  std::optional<ResultsHeader> header;
  std::map<int, GameResult> games;
  for (const auto& path : files) {
    ResultsFile f = read_results(path);
    AllGames::dispatch(f.header.game, []<Game G>() { return 0; });  // a game this program knows
    if (!header) header = f.header;
    else if (!same_tournament(f.header.json, header->json))
      input_error("merge: \"" + path + "\" belongs to another tournament than \"" + files[0] + "\" (" +
                  tournament_difference(f.header.json, header->json, "\"" + files[0] + "\"") + ")");
    for (auto& g : f.games) {
      const auto [it, fresh] = games.emplace(g.index, g);
      if (!fresh && (it->second.scores != g.scores || it->second.seat_bot != g.seat_bot || it->second.seed != g.seed))
        input_error("merge: game " + std::to_string(g.index) + " has different results in two files");
    }
  }
  std::vector<GameResult> all;
  for (auto& [index, g] : games) all.push_back(std::move(g));
  if (!out.empty()) {
    ResultsWriter w(out);
    w.write(header->json);
    for (const auto& g : all) w.write(g.line);
  }
  const Summary s = summarize(header->bots, all, header->config.seed, resamples);
  if (format == "table")
    std::cout << "merge: " << header->game << ", " << all.size() << " games from " << files.size() << " files, seed "
              << header->config.seed << "\n";
  std::cout << format_summary(s, format);
  return 0;
}

class Merge final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("files", files_, "results files, or the folders of a self-play run's shards (selfplay --shard)")
        .file()
        .required();
    o.option("--format", format_, "table, csv or json").not_empty();
    o.option("--out", out_,
             "also write the merged results to this new file; for self-play shards, the folder of the whole run")
        .file();
    o.integer("--resamples", resamples_, 10, 100000, "bootstrap resamples for the intervals");
  }

  int run() override { return merge(files_, format_, out_, resamples_); }

 private:
  std::vector<std::string> files_;
  std::string format_ = "table", out_;
  int resamples_ = 1000;
};

}  // namespace

extern const CommandEntry merge_command{"merge",
                                        "combine arena results files (shards) into one table, or self-play shards "
                                        "into one folder",
                                        make_command<Merge>};

}  // namespace nuraghe

// `nuraghe arena`: a tournament of duplicate deals in balanced seatings (lib/arena/arena.hpp), its
// results file resumed, and its table of wins, scores, ranks and Elo with intervals over deals.
#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "any_game/game_loops.hpp"
#include "arena/arena.hpp"
#include "arena/sprt.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/mpi.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"

namespace nuraghe {
namespace {

struct ArenaCommand {
  ArenaSettings settings;
  std::string format = "table";  // table | csv | json
  std::string sprt;              // "elo0,elo1,alpha,beta", or empty
  int resamples = 1000;          // bootstrap resamples for the intervals
  bool self_play = false;        // the one bot given sits in every seat
  std::string fill;              // a spec (or NAME=SPEC) whose copies take the seats the bots leave
};

inline ProgressMode progress_mode() { return isatty(fileno(stderr)) ? ProgressMode::Bar : ProgressMode::Lines; }

// Under mpirun -n K: rank r plays shard r/K, appending to its own part file (so a killed run loses
// no finished game and resumes per rank); rank 0 gathers every rank's games and writes the one
// results file, which later runs also resume from.
template <Game G>
ArenaRun mpi_arena(const ArenaSettings& given, ArenaRunOptions options) {
  const ArenaSettings a = resumed_rules(given);  // the results file's own rules, when it resumes one
  const int rank = mpi::rank(), ranks = mpi::size();
  ArenaSettings mine = a;
  mine.shard = rank, mine.shards = ranks;
  if (!a.out.empty()) {
    mine.out = a.out + ".rank" + std::to_string(rank) + "of" + std::to_string(ranks);
    options.also_done.push_back(a.out);
  }
  if (rank != 0) options.progress = ProgressMode::Off;
  ArenaRun run = run_arena<G>(mine, options);
  std::vector<std::string> lines;
  for (const auto& g : run.games) lines.push_back(json_text(g.line));
  const std::vector<std::string> all = mpi::gather_lines(lines);
  ArenaRun merged;
  merged.resumed = run.resumed, merged.rules = run.rules;
  if (rank == 0) {
    const int n = int(a.bots.size());
    Json first_line = arena_header<G>(a, n);
    first_line["version"] = options.version;
    const ResultsHeader header = header_from_line(first_line, "mpi");
    for (const auto& line : all) merged.games.push_back(result_from_line(parse_json(line, "mpi"), header, "mpi"));
    std::sort(merged.games.begin(), merged.games.end(),
              [](const GameResult& x, const GameResult& y) { return x.index < y.index; });
    if (!a.out.empty()) {
      const std::string tmp = a.out + ".tmp";
      std::filesystem::remove(tmp);
      {
        ResultsWriter w(tmp);
        w.write(first_line);
        for (const auto& g : merged.games) w.write(g.line);
      }
      std::filesystem::rename(tmp, a.out);  // the one results file, replaced whole
    }
  }
  mpi::barrier();  // every rank's part is in the results file before any part is removed
  if (!a.out.empty()) std::filesystem::remove(mine.out);
  return merged;
}

template <Game G>
int arena(const ArenaCommand& c) {
  ArenaSettings a = c.settings;
  check_summary_format(c.format);
  check_not_input(a.out, "--out", a.config.map_file, "--map file");
  std::optional<SprtSettings> sprt;
  if (!c.sprt.empty()) {
    sprt = parse_sprt(c.sprt);
    if (c.self_play || a.bots.size() != 2 || num_players_of<G>(G::initial(a.config)) != 2)
      input_error("--sprt compares two bots in a two-player game (pairs of games with seats swapped)");
    if (a.shards != 1) input_error("--sprt decides as the games come in: it cannot run in shards");
  }
  // One spec is one bot: given twice under one name it would be two rows of one player, and their
  // comparison meaningless. Copies under two labels are two equal players (an A/A table); --fill
  // seats labelled copies of one bot in the seats the listed bots leave; self-play seats one spec
  // everywhere and compares the seats instead.
  const int n = num_players_of<G>(G::initial(a.config));
  if (c.self_play) {
    if (!c.fill.empty()) input_error("arena: --self-play seats one bot everywhere, so there is no seat for --fill");
    if (a.bots.size() != 1) input_error("--self-play seats one bot everywhere: give exactly one --bot");
    a.bots.assign(std::size_t(n), a.bots[0]);
    // One bot in every seat has no neighbours to balance: the rotations put it in every seat, n games
    // a deal (a deterministic bot would replay one game in all n (n - 1) balanced seatings).
    a.rules.seatings = Seatings::Rotations;
  } else {
    if (!c.fill.empty()) a.bots = filled_seats(a.bots, c.fill, n);
    for (std::size_t i = 0; i < a.bots.size(); ++i)
      for (std::size_t k = i + 1; k < a.bots.size(); ++k)
        if (same_bot(a.bots[i], a.bots[k]) && bot_name(a.bots[i]) == bot_name(a.bots[k]))
          input_error("arena: \"" + a.bots[i] +
                      "\" is given twice: copies of one bot need two labels (--bot a=SPEC "
                      "--bot b=SPEC), --fill SPEC seats copies in the seats left, --self-play one bot in every seat");
    check_bot_names(a.bots, "arena");
  }
  ArenaRunOptions options;
  options.progress = progress_mode();
  options.version = version();
  if (sprt) {
    // SPRT checks between batches of 8 deals, whatever --jobs is, so the games played are the same.
    options.batch_deals = 8;
    options.should_stop = [&](const std::vector<GameResult>& games) { return sprt_track(*sprt, games).verdict != 0; };
  }
  ArenaRun run;
  if (mpi::size() > 1) {
    if (sprt) input_error("--sprt decides as the games come in: it cannot be split over MPI ranks");
    if (a.shards != 1) input_error("--shard and mpirun both split the games: use one of them");
    run = mpi_arena<G>(a, options);
    if (mpi::rank() != 0) return 0;  // rank 0 prints the table of every rank's games
  } else {
    run = run_arena<G>(a, options);
  }
  const Summary summary = summarize(a.bots, run.games, a.config.seed, c.resamples);
  if (c.format == "json") {
    Json j = parse_json(format_summary(summary, "json"), "summary");
    j["game"] = G::kName, j["seed"] = a.config.seed,
    j["shard"] = std::to_string(a.shard) + "/" + std::to_string(a.shards);
    if (sprt) {
      const SprtTrack t = sprt_track(*sprt, run.games);
      j["sprt"] = {{"verdict", t.verdict > 0   ? "H1"
                               : t.verdict < 0 ? "H0"
                                               : "none"},
                   {"first", bot_name(a.bots[0])},
                   {"second", bot_name(a.bots[1])},
                   {"pairs", t.llr.size()},
                   {"llr", t.llr}};
    }
    std::cout << json_text(j, 2) << "\n";
    return 0;
  }
  if (c.format == "table") {
    const int n = int(a.bots.size());
    const int set = seatings_per_deal(n, run.rules.seatings);
    std::cout << "arena: " << G::kName << ", " << run.games.size() << " games (" << (run.games.size() + set - 1) / set
              << " deals x " << set << " seatings";
    if (a.shards > 1) std::cout << ", shard " << a.shard << "/" << a.shards;
    std::cout << "), seed " << a.config.seed;
    if (run.resumed) std::cout << ", " << run.resumed << " resumed from " << a.out;
    std::cout << "\n";
  }
  std::cout << format_summary(summary, c.format);
  if (sprt && c.format == "table") {
    const std::vector<std::string> names = table_names(summary);
    std::cout << sprt_report(sprt_track(*sprt, run.games), names[0], names[1]);
  }
  return 0;
}

class Arena final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    o.option("--bots", bots_, "bot specs, one per seat, separated by commas").not_empty();
    o.option("-b,--bot", bot_, "a bot spec (repeatable, one per seat)").not_empty();
    o.integer("-n,--games", args_.settings.games, 1, 1 << 30,
              "number of games (whole deals: a multiple of n (n - 1) for n seats)")
        .required();
    o.integer("-j,--jobs", args_.settings.jobs, 1, 256, "games played in parallel");
    o.option("--out", args_.settings.out, "results file (JSON lines); an existing one is resumed").file();
    o.option("--shard", shard_, "play only deals d with d % n == i (i/n), for spreading over machines")
        .not_empty()
        .default_text("0/1");
    o.flag("--self-play", args_.self_play, "the one --bot given plays every seat; the table compares the seats");
    o.option("--fill", args_.fill,
             "SPEC or NAME=SPEC: copies of one bot (NAME.1, NAME.2, ...) in the seats the bots given leave")
        .not_empty();
    o.option("--format", args_.format, "table, csv or json").not_empty();
    o.option("--sprt", args_.sprt, "elo0,elo1,alpha,beta: stop early by a sequential test (two bots, two seats)")
        .not_empty();
    o.integer("--resamples", args_.resamples, 10, 100000, "bootstrap resamples for the intervals");
  }

  int run() override {
    ArenaSettings& a = args_.settings;
    a.game = common_.game;
    a.bots = bot_specs(bots_, bot_);
    a.config = common_.config(args_.self_play || !args_.fill.empty() ? 0 : a.bots.size());
    if (!shard_.empty()) parse_shard(shard_, a.shard, a.shards);
    return AllGames::dispatch(a.game, [&]<Game G>() { return arena<G>(args_); });
  }

 private:
  Common common_;
  ArenaCommand args_;
  std::string bots_, shard_;
  std::vector<std::string> bot_;
};

}  // namespace

extern const CommandEntry arena_command{
    "arena", "play a tournament of duplicate deals in balanced seatings; print a result table", make_command<Arena>};

}  // namespace nuraghe

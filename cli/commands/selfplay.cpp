// `nuraghe selfplay` (cli/commands/selfplay.hpp): its arguments checked, then the game's self-play
// (cli/commands/selfplay_game.hpp, which `learn` and the tests share).
#include "cli/commands/selfplay.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "any_game/any_game.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/commands/selfplay_game.hpp"
#include "cli/mpi.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/npy.hpp"

namespace nuraghe {

int run_selfplay_command(const SelfplaySettings& s) {
  if (s.every < 1) input_error("selfplay: --every must be at least 1");
  if (s.chunk_games < 1) input_error("selfplay: --chunk must be at least 1");
  if (!(s.label_rate >= 0 && s.label_rate <= 1)) input_error("selfplay: --label-rate must be in [0, 1]");
  if (!(s.expert_budget > 0)) input_error("selfplay: --expert-budget must be above 0");
  if (s.label_rate == 0 && (!s.expert.empty() || s.expert_budget != 10))
    input_error("selfplay: --expert and --expert-budget say how decisions are labelled: give --label-rate too");
  return AllGames::dispatch(s.game, [&]<Game G>() { return commands::run_selfplay<G>(s); });
}

namespace {

// Under mpirun -n K: rank r plays shard r/K into OUT.rank<r>of<K> (resumable per rank, as a
// shard's folder is), and once every rank is done rank 0 joins them into OUT. A folder OUT already
// begun by one process is finished by rank 0 alone. A rank's error reaches every rank through the
// gather, so that none waits for a rank that stopped; rank 0 says it.
int mpi_selfplay(const SelfplaySettings& s) {
  if (s.shards != 1) input_error("selfplay: --shard and mpirun both split the games: use one of them");
  const int rank = mpi::rank(), ranks = mpi::size();
  if (is_selfplay_folder(s.out)) {
    if (rank != 0) return 0;
    std::fprintf(stderr, "selfplay: \"%s\" was begun by one process: rank 0 finishes it alone\n", s.out.c_str());
    return run_selfplay_command(s);
  }
  SelfplaySettings mine = s;
  mine.shard = rank, mine.shards = ranks, mine.summary = false;
  mine.out = s.out + ".rank" + std::to_string(rank) + "of" + std::to_string(ranks);
  std::FILE* quiet = rank == 0 ? nullptr : std::fopen("/dev/null", "w");
  if (quiet) mine.progress = quiet;
  std::string status = "ok";
  try {
    run_selfplay_command(mine);
  } catch (const InputError& e) {
    status = std::string("rank ") + std::to_string(rank) + ": " + e.what();
  }
  if (quiet) std::fclose(quiet);
  const std::vector<std::string> all = mpi::gather_lines({status});
  if (rank != 0) return status == "ok" ? 0 : 2;
  for (const std::string& line : all)
    if (line != "ok") input_error(line);
  std::vector<std::string> folders;
  for (int r = 0; r < ranks; ++r) folders.push_back(s.out + ".rank" + std::to_string(r) + "of" + std::to_string(ranks));
  join_selfplay(folders, s.out, s.version, true);
  return 0;
}

class Selfplay final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    o.option("--bots", bots_, "bot specs: one for every seat, or one per seat, separated by commas").not_empty();
    o.option("-b,--bot", bot_, "a bot spec (repeatable)").not_empty();
    o.integer("-n,--games", args_.games, 1, 1 << 30,
              "number of games (a multiple of the seat count: every deal in every seating)")
        .required();
    o.integer("-j,--jobs", args_.jobs, 1, 256, "games played in parallel");
    o.integer("--every", args_.every, 1, 1 << 20,
              "rows from every k-th decision (Bardagi: about 12 MB a game at every decision)");
    o.integer("--chunk", args_.chunk_games, 1, 1 << 20, "games per chunk of .npy files");
    o.real("--label-rate", args_.label_rate, 0, 1,
           "the share of row decisions an expert search labels (its visit shares and root values)");
    o.real("--expert-budget", args_.expert_budget, 0.001, 1e6,
           "the expert: the seat's own spec with its iters= (and ms=) times this (default 10)");
    o.option("--expert", args_.expert, "the expert's spec at every seat, instead of the seats' own").not_empty();
    o.option("--out", args_.out, "the folder of the data; an existing one of this run is resumed").file().required();
    o.option("--shard", shard_,
             "play only the chunks c with c % n == i (i/n), for spreading over machines; `nuraghe merge` joins the "
             "shards' folders")
        .not_empty();
  }

  int run() override {
    args_.game = common_.game;
    args_.config = common_.config();
    args_.bots = bot_specs(bots_, bot_);
    if (args_.bots.empty()) input_error("selfplay: give the bots with --bots or --bot");
    args_.version = version();
    if (!shard_.empty()) parse_shard(shard_, args_.shard, args_.shards);
    if (mpi::size() > 1) return mpi_selfplay(args_);
    return run_selfplay_command(args_);
  }

 private:
  Common common_;
  SelfplaySettings args_;
  std::string bots_, shard_;
  std::vector<std::string> bot_;
};

}  // namespace

extern const CommandEntry selfplay_command{
    "selfplay", "play games as the arena does and write every seat's observations and the outcomes for learning",
    make_command<Selfplay>};

}  // namespace nuraghe

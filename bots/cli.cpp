#include "bots/cli.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "bots/any_game.hpp"
#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "core/files.hpp"
#include "core/params.hpp"

namespace nuraghe {
namespace {

// ---- numbers on the command line
// CLI11 reads "010" as 8, "0x10" as 16 and lets "-1" wrap into a huge unsigned seed. Every number
// is therefore taken as text and read here, in decimal only (core/params.hpp), with its range.

template <class T>
CLI::Option* add_integer(CLI::App* cmd, const std::string& names, T& target, long long lo, long long hi,
                         const std::string& help) {
  const std::string flag = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  return cmd
      ->add_option_function<std::string>(
          names,
          [&target, lo, hi, flag](const std::string& text) {
            long long v = 0;
            if (!Params::try_integer(text, v) || v < lo || v > hi)
              input_error(flag + " \"" + text + "\" must be a whole number in [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "], written in decimal");
            target = T(v);
          },
          help)
      ->type_name("INT")
      ->default_str(std::to_string(target));
}

CLI::Option* add_seed(CLI::App* cmd, const std::string& names, std::uint64_t& target, const std::string& help) {
  return cmd
      ->add_option_function<std::string>(
          names,
          [&target](const std::string& text) {
            if (!Params::try_unsigned(text, target))
              input_error("--seed \"" + text +
                          "\" must be a whole number in [0, 18446744073709551615], written in decimal");
          },
          help)
      ->type_name("INT")
      ->default_str(std::to_string(target));
}

CLI::Option* add_real(CLI::App* cmd, const std::string& names, double& target, double lo, double hi,
                      const std::string& help) {
  const std::string flag = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  char range[64];
  std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
  char def[32];
  std::snprintf(def, sizeof def, "%g", target);
  return cmd
      ->add_option_function<std::string>(
          names,
          [&target, lo, hi, flag, r = std::string(range)](const std::string& text) {
            double v = 0;
            if (!Params::try_real(text, v) || !(v >= lo && v <= hi))
              input_error(flag + " \"" + text + "\" must be a decimal number in " + r);
            target = v;
          },
          help)
      ->type_name("NUMBER")
      ->default_str(def);
}

// A file option given an empty value (--html "") would read as not given at all: refused instead.
const CLI::Validator kFileName(
    [](std::string& value) {
      return value.empty() ? std::string("needs a file name, not an empty one") : std::string();
    },
    "FILE");

// A text option given an empty value (--shard "", --sprt "") would read as not given at all and
// run with the default: refused instead.
const CLI::Validator kNotEmpty(
    [](std::string& value) { return value.empty() ? std::string("needs a value, not an empty one") : std::string(); },
    "");

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

int cmd_games() {
  AllGames::for_each([]<Game G>() {
    std::cout << G::kName << "  (" << G::kMinPlayers;
    if (G::kMaxPlayers != G::kMinPlayers) std::cout << "-" << G::kMaxPlayers;
    std::cout << " players" << (hidden_information<G> ? ", hidden information" : "") << ")  " << G::kDescription
              << "\n";
    for (const auto& p : G::option_specs()) std::cout << "    option " << p.describe() << "\n";
  });
  return 0;
}

// Each bot with its own parameters; the parameters all searching bots share, once, at the end.
int cmd_bots() {
  // seed= and label= every bot takes, so each bot lists them; the rest of the search's parameters
  // only the searching bots take (those with iters=), listed once below them.
  const std::vector<ParamSpec> shared = search_params();
  const auto is_shared = [&](const ParamSpec& p) {
    return p.name != "seed" && p.name != "label" &&
           std::any_of(shared.begin(), shared.end(), [&](const ParamSpec& q) { return q.name == p.name; });
  };
  for (const auto& b : bot_catalog()) {
    const bool searches =
        std::any_of(b.params.begin(), b.params.end(), [](const ParamSpec& p) { return p.name == "iters"; });
    std::cout << b.name << "  " << b.help << (searches ? "; takes the search parameters below" : "") << "\n";
    for (const auto& p : b.params)
      if (!is_shared(p)) std::cout << "    " << p.describe() << "\n";
  }
  std::cout << "\nsearch parameters of uct, cheat-uct, pimc, ismcts and mo-ismcts:\n";
  for (const auto& p : shared)
    if (is_shared(p)) std::cout << "    " << p.describe() << "\n";
  return 0;
}

// A quick speed table: for every game, random playouts and one ismcts (or uct) search from the
// start position, timed on this machine. Google Benchmark (build/bench) gives the careful figures.
int cmd_bench(double seconds) {
  std::printf("%-10s %14s %14s %16s %14s\n", "game", "playouts/s", "decisions/s", "search", "iterations/s");
  AllGames::for_each([&]<Game G>() { any_game_of<G>().commands().bench_row(seconds); });
  return 0;
}

// ---- the questions of one position: new, legal, score, apply, analyze

std::unique_ptr<AnyState> load_position(const AnyGame& game, const Common& c) {
  if (c.position.empty()) input_error("--position FILE is required");
  Json j = parse_json(read_input_file(c.position, "position file"), "position file \"" + c.position + "\"");
  if (!c.map_file.empty()) {
    GameConfig with_map;
    with_map.map_file = c.map_file;
    game.check_map(with_map);  // a game that reads no board refuses the file, in the game's words
    if (j.is_object())
      j[game.info().map_field] = parse_json(read_input_file(c.map_file, "map file"), "map file \"" + c.map_file + "\"");
  }
  return game.from_json(j);
}

int cmd_new(const Common& c) {
  const AnyGame& game = any_game(c.game);
  std::cout << game.initial(c.config())->to_json().dump(2) << "\n";
  return 0;
}

int cmd_legal(const Common& c) {
  const auto s = load_position(any_game(c.game), c);
  const Player p = s->to_move();
  if (p == kTerminal) {
    std::cout << "game over; scores: " << format_values(s->scores()) << "\n";
    return 0;
  }
  if (p == kSimultaneous) {
    for (int q = 0; q < s->num_players(); ++q) {
      std::string list;
      for (const auto& m : s->legal_moves(q)) list += (list.empty() ? "" : ", ") + m;
      std::cout << "player " << q << ": " << list << "\n";
    }
    return 0;
  }
  for (const auto& m : s->legal_moves(p)) std::cout << m << "\n";
  return 0;
}

// The score of a position part by part, where the game can say more than its scores.
int cmd_score(const Common& c, bool json) {
  std::cout << load_position(any_game(c.game), c)->score(json);
  return 0;
}

// --moves "" is no moves (the position printed as read); otherwise every step between the ';'
// must be a move: "a;;b" or a trailing ';' is refused, not skipped. Spaces around a step are allowed.
int cmd_apply(const Common& c, const std::string& moves) {
  const auto s = load_position(any_game(c.game), c);
  if (!moves.empty()) {
    const std::vector<std::string> steps = split_moves(moves, ';');
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string step = trim(steps[i]);
      if (step.empty())
        input_error("--moves \"" + moves + "\": move " + std::to_string(i + 1) + " of " + std::to_string(steps.size()) +
                    " is empty (separate moves by one ';')");
      s->apply_step(step);
    }
  }
  std::cout << s->to_json().dump(2) << "\n";
  return 0;
}

// Searches a position for the seat to move (or --seat at a simultaneous node) and prints the root
// statistics: visits, mean value and final policy of every move.
int cmd_analyze(const Common& c, const std::string& spec, int seat_option) {
  const auto s = load_position(any_game(c.game), c);
  const Player to_move = s->to_move();
  if (to_move == kTerminal) input_error("analyze: the game is over in this position");
  Player seat = to_move;
  if (to_move == kSimultaneous) {
    if (seat_option < 0 || seat_option >= s->num_players())
      input_error("analyze: a simultaneous node needs --seat 0.." + std::to_string(s->num_players() - 1));
    seat = seat_option;
  } else if (seat_option >= 0 && seat_option != to_move) {
    input_error("analyze: player " + std::to_string(to_move) + " is to move, not player " +
                std::to_string(seat_option));
  }
  parse_spec(spec, "bot");  // a malformed spec is refused before the settings are read
  BotHandle bot{spec, seat, c.seed, {}, {}, false};
  const GameConfig settings = c.config();
  const Analysis r = s->analyze(bot, {}, &settings);
  std::printf("%s for player %d: %lld iterations in %.3f s (%.0f/s), tree %.1f MiB of %.1f MiB reserved\n",
              spec.c_str(), seat, r.iterations, r.seconds, r.seconds > 0 ? r.iterations / r.seconds : 0.0,
              r.bytes_used / 1048576.0, r.bytes_reserved / 1048576.0);
  std::printf("%-24s %10s %8s %8s\n", "move", "visits", "mean", "policy");
  auto rows = r.moves;
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.visits > b.visits; });
  for (const auto& m : rows) std::printf("%-24s %10u %8.3f %8.3f\n", m.move.c_str(), m.visits, m.mean, m.policy);
  std::printf("best: %s\n", r.best.c_str());
  return 0;
}

// --hidden: one or two layer sizes, "64" or "64,32".
std::vector<int> hidden_sizes(const std::string& text) {
  const auto refuse = [&] {
    input_error("--hidden \"" + text + "\" must be one or two sizes from 1 to 4096, e.g. 64,32");
  };
  std::vector<int> sizes;
  std::stringstream parts(text);
  for (std::string size; std::getline(parts, size, ',');) {
    long long v = 0;
    if (!Params::try_integer(size, v) || v < 1 || v > 4096) refuse();
    sizes.push_back(int(v));
  }
  if (sizes.empty() || sizes.size() > 2 || text.back() == ',') refuse();
  return sizes;
}

void add_game_options(CLI::App* cmd, Common& c, bool setup) {
  cmd->add_option("-g,--game", c.game, "game name (see `nuraghe games`)")->check(kNotEmpty)->required();
  cmd->add_option("--map", c.map_file, "board or map file, for games that read one")->check(kFileName);
  if (setup) {
    // (any count here: Common::config says the game's own range)
    add_integer(cmd, "-p,--players", c.players, 1, 1000000, "number of players")->default_str("the game's");
    add_seed(cmd, "-s,--seed", c.seed, "seed for everything random at setup");
    cmd->add_option("-o,--option", c.options, "rule option KEY=VALUE (repeatable)")->check(kNotEmpty);
  }
}

// A command that reads recorded games (replay, results, score --results, map --usage) plays them on
// the map the file records; --map gives another in its place and --ignore-map-hash accepts one whose
// hash is not the recorded one (arena.hpp's MapOverride). `map_option` is the command's own --map,
// or null to add one.
CLI::Option* add_map_override(CLI::App* cmd, std::string& map_file, bool& ignore_hash,
                              CLI::Option* map_option = nullptr) {
  if (!map_option)
    map_option = cmd->add_option("--map", map_file, "the map the games were played on, in place of the recorded one")
                     ->check(kFileName);
  return cmd
      ->add_flag("--ignore-map-hash", ignore_hash,
                 "read the games on a --map whose hash is not the recorded one (each move is still checked)")
      ->needs(map_option);
}

}  // namespace

GameConfig Common::config(std::size_t seats) const {
  GameConfig c;
  c.players = players;
  AllGames::for_each([&]<Game G>() {
    if (G::kName != game) return;
    if (players != 0 && (players < G::kMinPlayers || players > G::kMaxPlayers)) wrong_player_count<G>(players);
    c.players = players_for_bots(any_game_of<G>().info(), players, seats);
  });
  c.seed = seed;
  c.map_file = map_file;
  for (const auto& kv : options) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) input_error("--option \"" + kv + "\" is not KEY=VALUE");
    if (!c.options.emplace(kv.substr(0, eq), kv.substr(eq + 1)).second)
      input_error("--option " + kv.substr(0, eq) + " given twice");
  }
  return c;
}

std::vector<std::string> bot_specs(const std::string& list, const std::vector<std::string>& repeated) {
  std::vector<std::string> specs;
  for (const auto& arg : repeated) specs.push_back(labelled_spec(arg));
  if (!list.empty())
    for (auto& s : split_bot_list(list)) specs.push_back(s);
  return specs;
}

int run_cli(int argc, char** argv) {
  CLI::App app{"nuraghe: Monte Carlo tree search bots for Sardinian board games"};
  app.require_subcommand(1);
  app.option_defaults()->always_capture_default();  // --help shows every default
  app.set_help_all_flag("--help-all", "help for every subcommand");
  app.set_version_flag("--version", std::string("nuraghe ") + version(),
                       "print the commit this program was built from");

  Common common;
  auto* games = app.add_subcommand("games", "list the games and their rule options");
  auto* bots = app.add_subcommand("bots", "list the bots and their parameters");

  auto* make = app.add_subcommand("new", "print a starting position as JSON");
  add_game_options(make, common, true);

  auto* legal = app.add_subcommand("legal", "print the legal moves of a position");
  add_game_options(legal, common, false);
  legal->add_option("--position", common.position, "position file (JSON; - for standard input)")
      ->check(kFileName)
      ->required();

  std::string moves;
  auto* apply = app.add_subcommand("apply", "apply moves to a position and print the result as JSON");
  add_game_options(apply, common, false);
  apply->add_option("--position", common.position, "position file (JSON; - for standard input)")
      ->check(kFileName)
      ->required();
  apply
      ->add_option("--moves", moves,
                   "moves in notation separated by ';' (a simultaneous move: one per seat, separated by ',')")
      ->required();

  bool score_json = false;
  std::string score_results;
  auto* score = app.add_subcommand(
      "score", "print the score of a position part by part, or of every game of a results file as JSON lines");
  score->add_option("-g,--game", common.game, "game name (see `nuraghe games`)")->check(kNotEmpty);
  auto* score_map =
      score->add_option("--map", common.map_file, "board or map file, for games that read one")->check(kFileName);
  auto* score_position =
      score->add_option("--position", common.position, "position file (JSON; - for standard input)")->check(kFileName);
  auto* score_results_option =
      score->add_option("--results", score_results, "a results file (arena --out) or play log: one JSON line per game")
          ->check(kFileName)
          ->excludes(score_position);
  score->add_flag("--json", score_json, "the breakdown as one JSON line");
  bool score_ignore_map_hash = false;
  add_map_override(score, common.map_file, score_ignore_map_hash, score_map)->needs(score_results_option);

  MapCommand map_args;
  Common map_common;
  auto* map = app.add_subcommand("map", "check a game's board or map, or draw it from its data as SVG");
  add_game_options(map, map_common, true);
  CLI::Option* map_map = map->get_option("--map");
  auto* map_check = map->add_flag("--check", map_args.check, "print the board's counts and the designer's warnings");
  map->add_flag("--strict", map_args.strict, "with --check: a warning is an error (exit 2)")->needs(map_check);
  auto* map_svg = map->add_option("--svg", map_args.svg, "the SVG file to write")->check(kFileName);
  auto* map_usage =
      map->add_option("--usage", map_args.usage,
                      "a results file (arena --out) or play log: colour the routes by how often they were claimed")
          ->check(kFileName)
          ->needs(map_svg);
  map->add_flag("--force", map_args.force, "replace an existing --svg file")->needs(map_svg);
  add_map_override(map, map_common.map_file, map_args.ignore_map_hash, map_map)->needs(map_usage);

  PlayArgs play_args;
  auto* play = app.add_subcommand("play", "play one game and print its move log");
  add_game_options(play, play_args.common, true);
  play->add_option("--bots", play_args.bots, "bot specs, one per seat, separated by commas")->check(kNotEmpty);
  play->add_option("-b,--bot", play_args.bot, "a bot spec (repeatable, one per seat)")->check(kNotEmpty);
  play->add_option("--log", play_args.log, "write the game as JSON lines to FILE")->check(kFileName);
  add_integer(play, "--human", play_args.human, 0, kMaxPlayers - 1, "a person plays this seat from the terminal")
      ->default_str("none");
  play->add_option("--html", play_args.html, "write the game as a page for the browser to FILE")->check(kFileName);
  play->add_flag("--force", play_args.force, "replace existing --log and --html files");

  ArenaCommand arena_args;
  std::string arena_bots, arena_shard;
  std::vector<std::string> arena_bot;
  Common arena_common;
  auto* arena =
      app.add_subcommand("arena", "play a tournament of duplicate deals in balanced seatings; print a result table");
  add_game_options(arena, arena_common, true);
  arena->add_option("--bots", arena_bots, "bot specs, one per seat, separated by commas")->check(kNotEmpty);
  arena->add_option("-b,--bot", arena_bot, "a bot spec (repeatable, one per seat)")->check(kNotEmpty);
  add_integer(arena, "-n,--games", arena_args.settings.games, 1, 1 << 30,
              "number of games (whole deals: a multiple of n (n - 1) for n seats)")
      ->required();
  add_integer(arena, "-j,--jobs", arena_args.settings.jobs, 1, 256, "games played in parallel");
  arena->add_option("--out", arena_args.settings.out, "results file (JSON lines); an existing one is resumed")
      ->check(kFileName);
  arena->add_option("--shard", arena_shard, "play only deals d with d % n == i (i/n), for spreading over machines")
      ->check(kNotEmpty)
      ->default_str("0/1");
  arena->add_flag("--self-play", arena_args.self_play,
                  "the one --bot given plays every seat; the table compares the seats");
  arena
      ->add_option("--fill", arena_args.fill,
                   "SPEC or NAME=SPEC: copies of one bot (NAME.1, NAME.2, ...) in the seats the bots given leave")
      ->check(kNotEmpty);
  arena->add_option("--format", arena_args.format, "table, csv or json")->check(kNotEmpty);
  arena
      ->add_option("--sprt", arena_args.sprt,
                   "elo0,elo1,alpha,beta: stop early by a sequential test (two bots, two seats)")
      ->check(kNotEmpty);
  add_integer(arena, "--resamples", arena_args.resamples, 10, 100000, "bootstrap resamples for the intervals");

  std::vector<std::string> merge_files;
  std::string merge_format = "table", merge_out;
  int merge_resamples = 1000;
  auto* merge = app.add_subcommand("merge", "combine arena results files (shards) into one table");
  merge->add_option("files", merge_files, "results files")->check(kFileName)->required();
  merge->add_option("--format", merge_format, "table, csv or json")->check(kNotEmpty);
  merge->add_option("--out", merge_out, "also write the merged results to this new file")->check(kFileName);
  add_integer(merge, "--resamples", merge_resamples, 10, 100000, "bootstrap resamples for the intervals");

  ReplayCommand replay_args;
  auto* replay = app.add_subcommand("replay", "step through a game of an arena results file or a play --log file");
  replay->add_option("file", replay_args.file, "results file (arena --out) or game log (play --log)")
      ->check(kFileName)
      ->required();
  add_integer(replay, "-k,--index", replay_args.index, 0, 1 << 30,
              "the game's index in an arena results file (a play log holds game 0)");
  add_integer(replay, "--seat", replay_args.seat, 0, kMaxPlayers - 1, "show the game as this seat saw it")
      ->default_str("everything");
  replay
      ->add_option("--html", replay_args.html,
                   "write the game as a page for the browser to FILE (with --seat: that seat's view alone)")
      ->check(kFileName);
  replay->add_flag("--force", replay_args.force, "replace an existing --html file");
  add_map_override(replay, replay_args.map.map_file, replay_args.map.ignore_hash);

  ResultsTableCommand results_args;
  auto* results = app.add_subcommand(
      "results", "flatten a results file or play log into a table (a row per game, seat or move) for pandas or R");
  results->add_option("file", results_args.file, "results file (arena --out) or game log (play --log)")
      ->check(kFileName)
      ->required();
  results->add_option("--format", results_args.format, "csv (a header row) or json (JSON lines)")->check(kNotEmpty);
  results->add_option("--per", results_args.per, "what a row is: game, seat or move")->check(kNotEmpty);
  results->add_option("--out", results_args.out, "write the table to this new file instead of standard output")
      ->check(kFileName);
  results->add_flag("--force", results_args.force, "replace an existing --out file");
  add_map_override(results, results_args.map_file, results_args.ignore_map_hash);

  // stats and compare: a designer's figures (bots/stats.hpp).
  StatsCommand stats_args, compare_args;
  const auto add_stats_options = [&](CLI::App* cmd, StatsCommand& a) {
    cmd->add_option("--by", a.by,
                    "what a row is about: game (every game), route, ticket or city (ttr), area or tile (bardagi)")
        ->check(kNotEmpty);
    cmd->add_option("--format", a.format, "table, csv (a header row) or json (JSON lines)")->check(kNotEmpty);
    cmd->add_option("--out", a.out, "write the table to this new file instead of standard output")->check(kFileName);
    cmd->add_flag("--force", a.force, "replace an existing --out file");
    add_integer(cmd, "--resamples", a.resamples, 10, 100000, "bootstrap resamples for the intervals");
    add_map_override(cmd, a.map_file, a.ignore_map_hash);
  };
  auto* stats = app.add_subcommand(
      "stats", "a designer's figures on a results file or play log, by seat and by bot, with intervals over deals");
  stats->add_option("file", stats_args.files, "results file (arena --out) or game log (play --log)")
      ->check(kFileName)
      ->required()
      ->expected(1);
  add_stats_options(stats, stats_args);
  auto* compare = app.add_subcommand(
      "compare", "each figure of `stats` for two files side by side, with the difference and its interval");
  compare->add_option("files", compare_args.files, "two results files or play logs: a, then b")
      ->check(kFileName)
      ->required()
      ->expected(2);
  add_stats_options(compare, compare_args);

  TuneCommand tune_args;
  std::string tune_bot;
  std::vector<std::string> tune_opponents;
  Common tune_common;
  auto* tune =
      app.add_subcommand("tune", "tune numeric parameters of a bot spec against opponents (SPSA or cross-entropy)");
  add_game_options(tune, tune_common, true);
  tune->add_option("-b,--bot", tune_bot, "the bot spec to tune, e.g. ismcts:iters=300")->check(kNotEmpty)->required();
  tune->add_option("--opponent", tune_opponents, "an opponent spec (repeatable; seats are filled from this pool)")
      ->check(kNotEmpty)
      ->required();
  tune->add_option("--param", tune_args.params, "NAME=LOW:HIGH (repeatable)")->check(kNotEmpty)->required();
  tune->add_option("--method", tune_args.method, "spsa or cem")->check(kNotEmpty);
  add_integer(tune, "--budget", tune_args.budget, 1, 1 << 30, "games in all")->required();
  add_integer(tune, "--games-per-eval", tune_args.games_per_eval, 1, 1 << 30, "games per evaluation of a candidate")
      ->required();
  add_integer(tune, "-j,--jobs", tune_args.arena.jobs, 1, 256, "games played in parallel");
  tune->add_option("--best", tune_args.best_out, "write the best spec to this file")->check(kFileName);
  tune->add_option("--csv", tune_args.csv_out, "write the trajectory to this CSV file")->check(kFileName);
  tune->add_flag("--force", tune_args.force, "replace existing --best and --csv files");
  add_integer(tune, "--final-games", tune_args.final_games, 1, 1 << 30,
              "games of the final match, tuned and untuned spec each")
      ->default_str("a fifth of --budget, at least 10 deals");

  SelfplaySettings selfplay_args;
  std::string selfplay_bots;
  std::vector<std::string> selfplay_bot;
  Common selfplay_common;
  auto* selfplay = app.add_subcommand(
      "selfplay", "play games as the arena does and write every seat's observations and the outcomes for learning");
  add_game_options(selfplay, selfplay_common, true);
  selfplay->add_option("--bots", selfplay_bots, "bot specs: one for every seat, or one per seat, separated by commas")
      ->check(kNotEmpty);
  selfplay->add_option("-b,--bot", selfplay_bot, "a bot spec (repeatable)")->check(kNotEmpty);
  add_integer(selfplay, "-n,--games", selfplay_args.games, 1, 1 << 30,
              "number of games (a multiple of the seat count: every deal in every seating)")
      ->required();
  add_integer(selfplay, "-j,--jobs", selfplay_args.jobs, 1, 256, "games played in parallel");
  add_integer(selfplay, "--every", selfplay_args.every, 1, 1 << 20,
              "rows from every k-th decision (Bardagi: about 12 MB a game at every decision)");
  add_integer(selfplay, "--chunk", selfplay_args.chunk_games, 1, 1 << 20, "games per chunk of .npy files");
  selfplay->add_option("--out", selfplay_args.out, "the folder of the data; an existing one of this run is resumed")
      ->check(kFileName)
      ->required();

  LearnCommand learn_args;
  std::string learn_hidden = "64";
  auto* learn = app.add_subcommand(
      "learn", "fit a value function on self-play data (selfplay --out) and write it as a model file for eval=");
  learn->add_option("--data", learn_args.data, "a self-play folder (repeatable; one game, options, map and seat count)")
      ->check(kFileName)
      ->required();
  learn->add_option("--model", learn_args.model, "linear (ridge regression), logistic or mlp")->check(kNotEmpty);
  learn
      ->add_option("--target", learn_args.target,
                   "returns (the games' outcomes) or search-value (the searches' root values)")
      ->check(kNotEmpty);
  learn->add_option("--out", learn_args.out, "the model file to write (JSON)")->check(kFileName)->required();
  learn->add_option("--curve", learn_args.curve, "also write a learning curve (CSV) to this file")->check(kFileName);
  add_seed(learn, "-s,--seed", learn_args.seed, "seed of the held-out deals, the folds and the MLP's training");
  learn->add_option("--hidden", learn_hidden, "the MLP's hidden layers: one or two sizes, e.g. 64 or 64,32")
      ->check(kNotEmpty);
  add_integer(learn, "--epochs", learn_args.epochs, 1, 100000, "the MLP's most epochs (early stopping may end sooner)");
  add_integer(learn, "--threads", learn_args.threads, 1, 256, "threads of the fit (the model is the same to 1e-9)");
  add_real(learn, "--held-out", learn_args.held_out, 0.05, 0.5, "the share of deals held out for the figures");
  add_integer(learn, "--determinizations", learn_args.determinizations, 1, 1000,
              "determinizations a seat for the hand-written evaluation's figures (and input)");
  learn->add_flag("--with-evaluate", learn_args.with_evaluate,
                  "one more input: the logit of the game's hand-written evaluation of the seat");
  learn->add_flag("--force", learn_args.force, "replace existing --out and --curve files");

  ImproveCommand improve_args;
  Common improve_common;
  std::string improve_hidden = "64";
  auto* improve = app.add_subcommand(
      "improve", "generations of self-play, fit and an SPRT gate: a bot's learned evaluation, kept while it wins");
  add_game_options(improve, improve_common, true);
  improve
      ->add_option("-b,--bot", improve_args.bot,
                   "the searching bot improved (improve adds eval=, and cutoff=leaf "
                   "where it has no cutoff)")
      ->check(kNotEmpty)
      ->required();
  add_integer(improve, "--generations", improve_args.generations, 1, 10000, "generations to play")->required();
  add_integer(improve, "-n,--games", improve_args.games, 2, 1 << 30, "self-play games a generation (even)")->required();
  add_integer(improve, "--every", improve_args.every, 1, 1 << 20, "self-play rows every k-th decision");
  improve->add_option("--model", improve_args.model, "linear, logistic or mlp")->check(kNotEmpty);
  improve->add_option("--hidden", improve_hidden, "the MLP's hidden layers, e.g. 64 or 64,32")->check(kNotEmpty);
  improve->add_flag("--with-evaluate", improve_args.with_evaluate,
                    "the models also read the game's hand-written evaluation (learn --with-evaluate)");
  add_real(improve, "--elo1", improve_args.elo1, 0.5, 1000, "the gate's SPRT H1 (elo0 = 0, alpha = beta = 0.05)");
  add_integer(improve, "--max-deals", improve_args.max_deals, 1, 1 << 20,
              "the gate's most deals (pairs of games); undecided, it rejects");
  improve->add_option("--reference", improve_args.reference, "the fixed bot each generation's best is rated against")
      ->check(kNotEmpty);
  add_integer(improve, "--reference-games", improve_args.reference_games, 2, 1 << 30,
              "games against the reference a generation (even)");
  add_integer(improve, "-j,--jobs", improve_args.jobs, 1, 256, "games played in parallel");
  improve->add_option("--out", improve_args.out, "the run's folder; an existing one of this run is resumed")
      ->check(kFileName)
      ->required();

  double bench_seconds = 0.5;
  BenchCommand bench_args;
  Common bench_common;
  std::vector<std::string> bench_bot;
  auto* bench = app.add_subcommand(
      "bench", "a quick speed table for every game (one core), or with --game the speed of searching bots");
  auto* bench_time = add_real(bench, "--seconds", bench_seconds, 0.01, 60.0,
                              "time for each measurement; with --game, each search's in place of the spec's budget");
  auto* bench_game =
      bench->add_option("-g,--game", bench_common.game, "game name: search positions of its play")->check(kNotEmpty);
  bench->add_option("--map", bench_common.map_file, "board or map file, for games that read one")
      ->check(kFileName)
      ->needs(bench_game);
  add_integer(bench, "-p,--players", bench_common.players, 1, 1000000, "number of players")
      ->default_str("the game's")
      ->needs(bench_game);
  add_seed(bench, "-s,--seed", bench_common.seed, "seed of the positions' games")->needs(bench_game);
  bench->add_option("-o,--option", bench_common.options, "rule option KEY=VALUE (repeatable)")
      ->check(kNotEmpty)
      ->needs(bench_game);
  bench->add_option("-b,--bot", bench_bot, "a searching bot's spec, or NAME=SPEC (once or twice)")
      ->check(kNotEmpty)
      ->needs(bench_game);
  add_integer(bench, "--positions", bench_args.positions, 1, 100000, "positions each spec searches")->needs(bench_game);
  add_integer(bench, "--resamples", bench_args.resamples, 10, 100000, "bootstrap resamples for the intervals")
      ->needs(bench_game);
  bench->add_flag("--json", bench_args.json, "one JSON object instead of the table")->needs(bench_game);

  std::string analyze_bot;
  int analyze_seat = -1;
  auto* analyze = app.add_subcommand("analyze", "search a position and print the root statistics of every move");
  add_game_options(analyze, common, false);
  analyze->add_option("--position", common.position, "position file (JSON; - for standard input)")
      ->check(kFileName)
      ->required();
  analyze->add_option("-b,--bot", analyze_bot, "a searching bot spec, e.g. ismcts:iters=10000")
      ->check(kNotEmpty)
      ->required();
  add_integer(analyze, "--seat", analyze_seat, 0, kMaxPlayers - 1, "the seat to analyse at a simultaneous node")
      ->default_str("the seat to move");
  add_seed(analyze, "-s,--seed", common.seed, "the bot's seed");

  try {
    // A mistyped command is named, with the nearest one, rather than CLI11's "not expected".
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> names;
      for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        names.push_back(sub->get_name());
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
    if (*games) return cmd_games();
    if (*bots) return cmd_bots();
    if (*bench) {
      if (bench_common.game.empty()) return cmd_bench(bench_seconds);
      if (bench_bot.empty() || bench_bot.size() > 2)
        input_error("bench --game: give one --bot SPEC, or two to compare");
      for (const auto& text : bench_bot) bench_args.bots.push_back(labelled_spec(text));
      bench_args.config = bench_common.config();
      bench_args.seconds = bench_time->count() ? bench_seconds : 0;
      return any_game(bench_common.game).commands().bench_bots(bench_args);
    }
    if (*make) return cmd_new(common);
    if (*legal) return cmd_legal(common);
    if (*score) {
      if (!score_results.empty())
        return run_score_command(score_results, common.game, MapOverride{common.map_file, score_ignore_map_hash});
      if (common.position.empty()) input_error("score: give --position FILE (with --game) or --results FILE");
      if (common.game.empty()) input_error("score: --position needs --game");
      return cmd_score(common, score_json);
    }
    if (*map) {
      map_args.game = map_common.game;
      map_args.config = map_common.config();
      return run_map_command(map_args);
    }
    if (*apply) return cmd_apply(common, moves);
    if (*analyze) return cmd_analyze(common, analyze_bot, analyze_seat);
    if (*play) return any_game(play_args.common.game).commands().play(play_args);
    if (*arena) {
      ArenaSettings& a = arena_args.settings;
      a.game = arena_common.game;
      a.bots = bot_specs(arena_bots, arena_bot);
      a.config = arena_common.config(arena_args.self_play || !arena_args.fill.empty() ? 0 : a.bots.size());
      if (!arena_shard.empty()) parse_shard(arena_shard, a.shard, a.shards);
      return run_arena_command(arena_args);
    }
    if (*merge) return run_merge_command(merge_files, merge_format, merge_out, merge_resamples);
    if (*replay) return run_replay_command(replay_args);
    if (*stats) return run_stats_command(stats_args);
    if (*compare) return run_compare_command(compare_args);
    if (*results) return run_results_command(results_args);
    if (*selfplay) {
      selfplay_args.game = selfplay_common.game;
      selfplay_args.config = selfplay_common.config();
      selfplay_args.bots = bot_specs(selfplay_bots, selfplay_bot);
      if (selfplay_args.bots.empty()) input_error("selfplay: give the bots with --bots or --bot");
      selfplay_args.version = version();
      return run_selfplay_command(selfplay_args);
    }
    if (*learn) {
      learn_args.hidden = hidden_sizes(learn_hidden);
      return run_learn_command(learn_args);
    }
    if (*improve) {
      improve_args.game = improve_common.game;
      improve_args.config = improve_common.config();
      improve_args.hidden = hidden_sizes(improve_hidden);
      improve_args.version = version();
      return run_improve_command(improve_args);
    }
    if (*tune) {
      tune_args.arena.game = tune_common.game;
      tune_args.arena.config = tune_common.config();
      tune_args.arena.bots.assign(1, tune_bot);
      for (const auto& o : tune_opponents) tune_args.arena.bots.push_back(o);
      return run_tune_command(tune_args);
    }
  } catch (const InputError& e) {
    std::cerr << "nuraghe: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace nuraghe

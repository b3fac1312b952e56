#pragma once
// A tournament: every deal is played in a balanced set of seatings (lib/arena/tables.hpp: every bot in
// every seat, and directly after every other bot, equally often), each replaying the same deal
// ("duplicate"), so the luck of the deal and the neighbours' effects cancel between the bots. The
// unit is therefore the duplicate set (deal d: the k games d*k .. d*k + k-1, k = n (n - 1) for n
// seats), for statistics and for sharding.
//
// Reproducibility: game g is deal g / k in seating g % k; the deal's seed is a hash of --seed and
// d, and each seat's bot is built fresh with a seed hashed from (deal seed, seating, seat), into
// which a spec's seed= is mixed. So with iteration budgets a game's result does not depend on
// --jobs, --shard or a resume.
//
// Results go to a JSON-lines file: a header line that names the tournament, then one line per
// finished game, appended and flushed as each game ends (a killed arena loses no finished game;
// a half-written last line is dropped on resume).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "arena/tables.hpp"
#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/model_file.hpp"
#include "search/parallel.hpp"

namespace nuraghe {

// How messages name the settings a user gave: the command line's flags (the defaults), or the
// Python module's arguments (games=, bots=, out=).
struct SettingNames {
  std::string games = "--games";
  std::string one_bot = "--bot";  // "give one ... per seat"
  std::string out = "--out";
  std::string out_file(const std::string& path) const {
    return out + (out.back() == '=' ? "" : " ") + "\"" + path + "\"";
  }
};

struct ArenaSettings {
  std::string game;               // the game's name
  GameConfig config;              // players, options, map; config.seed is the tournament seed
  std::vector<std::string> bots;  // one spec per seat
  int games = 0;                  // a multiple of the seat count
  int jobs = 1;
  int shard = 0, shards = 1;  // this process plays the deals d with d % shards == shard
  std::string out;            // results file (JSON lines); resumed if it exists
  TableRules rules;           // fair tables; a file written before is resumed under its own (legacy)
};

// One finished game as the summary needs it (and as a results line holds it).
struct GameResult {
  int index = 0, deal = 0;
  std::uint64_t seed = 0;
  std::vector<int> seat_bot;  // seat_bot[seat] = index into the tournament's bots
  std::vector<double> scores, returns;
  std::vector<int> ranks;             // 1 = best score; tied seats share the better rank
  std::vector<double> think_seconds;  // per seat, over the game
  std::vector<int> decisions;         // per seat
  Json line;                          // the results-file line
};

// Each seat's rank by its score: 1 = best; tied seats share the better rank.
std::vector<int> ranks_of(const std::vector<double>& scores);

// ---- the results file ----------------------------------------------------------------------

// A game whose board or map is data (HasMap, core/hooks.hpp): results files record its hash, so
// that a map file edited after the games is noticed when they are resumed, merged or replayed.
template <Game G>
std::string map_hash_text(const GameConfig& config) {
  if constexpr (HasMap<G>) return map_hash_text<G>(G::initial(config));
  return "";
}

// The map itself, which the header of a results file or play log records beside its hash when the
// games are on a map of their own: the file's JSON, so that the record is read in any folder and on
// another machine (GameConfig::map_data). Null on the game's own board.
template <Game G>
Json recorded_map(const GameConfig& config) {
  if constexpr (HasMap<G>)
    if (has_own_map(config)) return G::initial(config).board().source;
  return nullptr;
}

// The model files a bot's spec names, as (parameter, path) in the spec's order: eval=PATH (a value
// model) and prior=PATH (a policy model; prior's words none, uniform and heuristic name none). The
// Python module's bots ("python:NAME") are no specs of nuraghe's and name none.
std::vector<std::pair<std::string, std::string>> named_models(const std::string& text);

// The model files the specs name (eval=PATH, prior=PATH), as written in them, each once, in order.
std::vector<std::string> model_paths(const std::vector<std::string>& specs);

// What a model must match to serve in the game of state s under `config` (model_mismatch).
template <Game G>
requires HasTensors<G> ModelFit model_fit(const typename G::State& s, const GameConfig& config) {
  Json options = Json::object();
  for (const auto& [k, v] : config.options) options[k] = v;
  return model_fit_of<G>(s, std::move(options), map_hash_text<G>(s));
}

// Refuses, before any game starts, a bot whose model (eval= or prior=) was fitted for another
// game, options, map, seat count, observation size or action space than those of state s, which
// the command plays or searches: the model would read numbers that mean something else, or past
// its end. `config` is the game's configuration; where it is unknown (null: a state does not keep
// its options, as for the Python module's bots), each model's own options stand for the game's.
template <Game G>
void check_models(const std::vector<std::string>& specs, const typename G::State& s, const GameConfig* config) {
  for (const auto& text : specs) {
    const auto models = named_models(text);
    if (models.empty()) continue;
    make_bot<G>(text, 0);  // the spec's own checks first (a game without tensors, cutoff, reward, kinds)
    if constexpr (HasTensors<G>) {
      for (const auto& [key, path] : models) {
        const ValueModel& m = *shared_model(path);
        ModelFit fit = model_fit<G>(s, config ? *config : GameConfig{});
        if (!config) fit.options = m.options;
        const std::string why = model_mismatch(m, fit);
        if (!why.empty()) input_error("bot " + parse_spec(text, "bot").name + ": " + key + "=" + path + ": " + why);
      }
    }
  }
}

// The header's record of the table rules (lib/arena/tables.hpp). A file without it was played under the
// old ones, which a header therefore never names.
void put_table_rules(Json& header, const TableRules& rules);

// "12 or 24": the multiples of `unit` on either side of `n` (the one above alone when none is below).
std::string multiples_near(int n, int unit);

// What identifies a tournament: two files may be merged, and a file resumed, only if these agree.
// The header line is this plus "version" (the program that started the file), which is recorded
// for the reader's information and never compared: a newer build resumes an older file.
template <Game G>
Json arena_header(const ArenaSettings& a, int seats) {
  Json options = Json::object();
  for (const auto& [k, v] : a.config.options) options[k] = v;
  Json h{{"nuraghe", "arena"},       {"game", a.game}, {"players", seats},     {"options", options},
         {"map", a.config.map_file}, {"bots", a.bots}, {"seed", a.config.seed}};
  if (const std::string hash = map_hash_text<G>(a.config); !hash.empty()) h["map_hash"] = hash;
  if (Json map = recorded_map<G>(a.config); !map.is_null()) h["map_data"] = std::move(map);
  put_table_rules(h, a.rules);
  // Each model file's hash, by its path as the specs give it: a model edited since is another
  // tournament. Only where a bot names a model (eval=, prior=FILE), so that every other header stays as it was.
  if (const auto paths = model_paths(a.bots); !paths.empty()) {
    Json models = Json::object();
    for (const auto& path : paths) models[path] = model_hash_text(*shared_model(path));
    h["models"] = models;
  }
  return h;
}

// The fields of a header that identify its tournament (arena_header's), without "version". The
// map is its hash where both headers have one: the same map read from another folder, or recorded
// in the file, is the same tournament. Files written before headers had "map_hash" lack it; they
// are compared by the map's path.
Json tournament_identity(const Json& header);
bool same_tournament(const Json& x, const Json& y);

// Where two tournaments differ, for a refusal that says it: "the file's bots [...], this run's [...]",
// the first identifying field that differs (same_tournament's comparison), each value cut to a
// readable length; empty when they are one tournament. `this_one` names the second header.
std::string tournament_difference(const Json& file, const Json& other, const std::string& this_one);

// A results file's header, checked field by field.
struct ResultsHeader {
  TableRules rules = TableRules::legacy();  // as the header says: a file without the fields predates them
  std::string game;
  int players = 0;
  GameConfig config;              // players, options, map (path, recorded JSON); seed: the tournament's
  std::vector<std::string> bots;  // one spec per seat
  std::string map_hash;           // of the board or map played on (map_hash_text), where recorded
  Json json;                      // the line as written
};

// `kind` is "arena" for a results file, "play" for the log of `nuraghe play --log`.
ResultsHeader header_from_line(const Json& j, const std::string& where, std::string_view kind = "arena");

// One game line, checked against its header: every field of the right type, one entry per seat,
// the seating and the deal's seed the ones the arena gives game `index`, returns in [0, 1].
GameResult result_from_line(const Json& j, const ResultsHeader& h, const std::string& where);

// A results file: its header and its games (by index). A last line without its newline is what a
// killed writer leaves: it is reported through `truncated_at` (the byte offset of the good part).
struct ResultsFile {
  ResultsHeader header;
  std::vector<GameResult> games;
  std::optional<std::size_t> truncated_at;
  bool unfinished = false;        // a play log of a game quit at the human seat (no result)
  bool map_hash_ignored = false;  // --ignore-map-hash: a --map whose hash differs is read anyway
  // Set by the first check_recorded_map (lib/arena/logged_game.hpp), so that a file of N games hashes
  // its map once, not N times. Files are read by one thread.
  mutable bool map_checked = false;
};

// A results file of any size, read line by line (lines are bounded, so /dev/zero is an error).
inline constexpr std::size_t kMaxResultsLineBytes = std::size_t(16) << 20;

ResultsFile parse_results(std::istream& in, const std::string& name);

ResultsFile parse_results(std::string_view text, const std::string& name);

ResultsFile read_results(const std::string& path);

// The log of `nuraghe play --log` as a results file of one game (index 0, the header's seed): a
// header, one {"ply", "player", "move"} line per decision, and a {"result"} line, or for a game
// quit at the human seat an {"unfinished": true} line.
ResultsFile parse_play_log(std::istream& in, const std::string& name);

// The map a reader of records plays the games on: `--map FILE` in place of the recorded one, and
// `--ignore-map-hash` to read the games on a map whose hash is not the recorded one (each move is
// still checked as it is played).
struct MapOverride {
  std::string map_file;
  bool ignore_hash = false;
};

// Where the games of file `path` were played: --map if given; else the map the header records;
// else (a file written before headers recorded the map) its path, relative to the file first, then
// to the working folder.
void resolve_map(ResultsFile& f, const std::string& path, const MapOverride& override);

// The first line of a file, read up to a bound (kMaxResultsLineBytes and one more byte, so that a
// longer line shows as too long), and whether a newline ended it: a file's header is judged by it
// before the file is read whole.
struct FirstLine {
  std::string text;
  bool ended = false;  // a '\n' followed it
};

FirstLine first_line(std::istream& in);

// A results file or a play log, told apart by the header's "nuraghe" field, on its map (resolve_map).
ResultsFile read_game_records(const std::string& path, const MapOverride& override = {});

// Appends lines to the results file, one whole line per write, flushed. A write that fails (a
// full disk, /dev/full) is an InputError: a tournament whose results are not kept has not worked.
class ResultsWriter {
 public:
  ResultsWriter() = default;
  explicit ResultsWriter(const std::string& path);
  void write(const Json& line);

 private:
  std::string path_;
  std::ofstream out_;
  std::mutex mutex_;
};

// What an --out path holds before a run writes to it. Only an absent file, a results file, or the
// first bytes of this very header (a run killed while writing it) may be written: anything else,
// an empty file too, belongs to the user and is refused, never overwritten.
enum class ResultsFileState { Absent, Empty, HalfHeader, Results };

ResultsFileState results_file_state(const std::string& path, const std::string& header_text,
                                    const SettingNames& names = {});

// The table rules of the results file at `path`, if it is one (else nothing: the caller's checks
// name what is wrong with it). A run resumes a file under the rules it was begun with, so that a
// file written before fair tables goes on as it began; a note on stderr says so.
std::optional<TableRules> recorded_table_rules(const std::string& path);

// The settings a run plays: the given ones, under the rules of the results file it resumes.
ArenaSettings resumed_rules(ArenaSettings a, const std::vector<std::string>& also_done = {});

// ---- running -------------------------------------------------------------------------------

// `--fill SPEC` (or NAME=SPEC): the bots given, then copies of SPEC in the seats they leave, labelled
// NAME.1, NAME.2, ... (NAME "fill" by default), so that two bots can be compared at a table of
// three to five seats and the copies' rows are an A/A check of the table.
std::vector<std::string> filled_seats(std::vector<std::string> bots, const std::string& fill, int seats);

// Progress on stderr: a bar redrawn in place on a terminal, a line every 10% otherwise, or nothing.
enum class ProgressMode { Off, Lines, Bar };

class Progress {
 public:
  Progress(int total, ProgressMode mode) : total_(total), mode_(mode), start_(std::chrono::steady_clock::now()) {}
  void tick();

 private:
  int total_, done_ = 0;
  ProgressMode mode_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
};

// The search threads a spec asks for (threads=N), so that jobs x threads stays within the cores.
int spec_threads(const std::string& spec);

// How the arena seats a bot: built from its spec and seed, and the search threads it runs. The
// default seats nuraghe's own bots (make_bot); the Python module's also seats bots written in Python.
template <Game G>
struct BotMaker {
  std::function<std::unique_ptr<Bot<G>>(const std::string& spec, std::uint64_t seed, SpecSeeds rule)> make =
      [](const std::string& spec, std::uint64_t seed, SpecSeeds rule) { return make_bot<G>(spec, seed, rule); };
  std::function<int(const std::string& spec)> threads = spec_threads;
};

template <Game G>
GameResult play_arena_game(const ArenaSettings& a, int n, int g, const BotMaker<G>& maker = {}) {
  GameResult r;
  const int set = seatings_per_deal(n, a.rules.seatings);
  r.index = g, r.deal = g / set;
  r.seed = arena_deal_seed(a.config.seed, r.deal);
  r.seat_bot = seating_of(g % set, n, a.rules.seatings);
  GameConfig config = a.config;
  config.seed = r.seed;
  std::vector<std::unique_ptr<Bot<G>>> owned;
  std::vector<Bot<G>*> seats;
  for (int s = 0; s < n; ++s) {
    owned.push_back(maker.make(a.bots[r.seat_bot[s]], arena_bot_seed(r.seed, g % set, s), a.rules.seeds));
    seats.push_back(owned.back().get());
  }
  const GameRecord rec = play_game<G>(G::initial(config), seats);
  r.scores.assign(rec.scores.begin(), rec.scores.begin() + n);
  r.returns.assign(rec.returns.begin(), rec.returns.begin() + n);
  r.ranks = ranks_of(r.scores);
  r.think_seconds.assign(n, 0.0);
  r.decisions.assign(n, 0);
  Json moves = Json::array(), movers = Json::array(), seconds = Json::array();
  for (const auto& m : rec.moves) {
    moves.push_back(m.text);
    movers.push_back(m.player);
    if (m.player == kSimultaneous) {
      seconds.push_back(std::vector<double>(m.seconds.begin(), m.seconds.begin() + n));
      for (int s = 0; s < n; ++s) r.think_seconds[s] += m.seconds[s], ++r.decisions[s];
    } else {
      seconds.push_back(m.seconds[m.player]);
      r.think_seconds[m.player] += m.seconds[m.player], ++r.decisions[m.player];
    }
  }
  std::vector<std::string> specs;
  for (int b : r.seat_bot) specs.push_back(a.bots[b]);
  r.line = Json{{"index", g},
                {"seed", r.seed},
                {"seats", r.seat_bot},
                {"bots", specs},
                {"scores", r.scores},
                {"returns", r.returns},
                {"ranks", r.ranks},
                {"moves", moves},
                {"movers", movers},
                {"seconds", seconds},
                {"think_seconds", r.think_seconds},
                {"decisions", r.decisions}};
  return r;
}

struct ArenaRun {
  std::vector<GameResult> games;  // this shard's games, finished, by index
  int resumed = 0;                // how many came from the results file
  int jobs = 1;                   // the jobs actually used
  TableRules rules;               // the rules played under (a resumed file's own)
};

// Validates the settings (InputError on anything wrong, before any game runs) and returns the seat
// count.
template <Game G>
int check_arena(const ArenaSettings& a, const BotMaker<G>& maker = {}, const SettingNames& names = {}) {
  const auto probe = G::initial(a.config);  // validates players, options and the map once
  const int n = num_players_of<G>(probe);
  if (int(a.bots.size()) != n)
    input_error("arena: " + std::to_string(a.bots.size()) + " bots for " + std::to_string(n) + " seats (give one " +
                names.one_bot + " per seat)");
  const int set = seatings_per_deal(n, a.rules.seatings);
  if (a.games <= 0 || a.games % set != 0)
    input_error("arena: " + names.games + " " + std::to_string(a.games) + " is not a positive multiple of " +
                std::to_string(set) + ", the seatings of one deal at " + std::to_string(n) + " seats" +
                (a.rules.seatings == Seatings::Balanced && n > 2 ? " (every bot in every seat and after every other)"
                                                                 : " (every bot in every seat)") +
                ": give " + multiples_near(a.games, set));
  if (a.shards < 1 || a.shard < 0 || a.shard >= a.shards) input_error("arena: bad shard");
  for (const auto& spec : a.bots) maker.make(spec, 0, a.rules.seeds);  // reject bad specs before any game runs
  check_models<G>(a.bots, probe, &a.config);
  return n;
}

// How a run reports and when it may stop early.
struct ArenaRunOptions {
  ProgressMode progress = ProgressMode::Off;
  int batch_deals = 0;  // > 0: play in batches of this many deals and ask should_stop between them
  std::function<bool(const std::vector<GameResult>&)> should_stop;
  std::vector<std::string> also_done;  // other results files of this tournament whose games count as played
  std::string version = "unknown";     // the program's version, recorded in a new results file's header
  SettingNames names;                  // how messages name the settings
};

// Plays this shard's games of the tournament, skipping those already in the results file.
template <Game G>
ArenaRun run_arena(const ArenaSettings& settings, const ArenaRunOptions& options = {}, const BotMaker<G>& maker = {}) {
  const ArenaSettings a = resumed_rules(settings, options.also_done);
  const int n = check_arena<G>(a, maker, options.names);
  ArenaRun run;
  run.rules = a.rules;
  std::set<int> done;
  const Json header = arena_header<G>(a, n);
  const auto take_finished = [&](const std::string& path, bool own_file) {
    ResultsFile f = read_results(path);
    if (!same_tournament(f.header.json, header))
      input_error("\"" + path + "\" is the results file of another tournament (" +
                  tournament_difference(f.header.json, header, "this run") + "): use another " + options.names.out);
    // A recorded map that is not the map its hash names was edited by hand: games added to the file
    // would be played on another map than its own (and `results` would refuse the file).
    if (!f.header.map_hash.empty() && !f.header.config.map_data.is_null()) {
      GameConfig recorded = f.header.config;
      recorded.map_file.clear();
      if (const std::string hash = map_hash_text<G>(recorded); hash != f.header.map_hash)
        input_error("\"" + path + "\" records a map (map_data) whose hash is " + hash + ", not its map_hash " +
                    f.header.map_hash + ": the file was edited; nothing was played or written");
    }
    if (f.truncated_at && own_file) {  // drop the half-written line so the next write starts on a fresh line
      std::fprintf(stderr, "arena: dropping a truncated last line of %s\n", path.c_str());
      std::filesystem::resize_file(path, *f.truncated_at);
    }
    for (auto& g : f.games)
      if (g.index < a.games && g.deal % a.shards == a.shard && done.insert(g.index).second)
        run.games.push_back(std::move(g));
  };
  for (const auto& path : options.also_done)
    if (std::filesystem::exists(path)) take_finished(path, false);
  if (!a.out.empty()) {
    Json first_line = header;
    first_line["version"] = options.version;
    const std::string header_text = json_text(first_line);
    switch (results_file_state(a.out, header_text, options.names)) {
      case ResultsFileState::Absent: ResultsWriter(a.out).write(first_line); break;
      case ResultsFileState::Empty:  // someone's file, perhaps made for notes: not the arena's to fill
        input_error(options.names.out_file(a.out) +
                    " exists and is empty, not an arena results file: choose another file or remove it (nothing was "
                    "written)");
      case ResultsFileState::HalfHeader:  // a run killed while writing its header: start again
        std::filesystem::resize_file(a.out, 0);
        ResultsWriter(a.out).write(first_line);
        break;
      case ResultsFileState::Results: take_finished(a.out, true); break;
    }
  }
  run.resumed = int(run.games.size());
  ResultsWriter writer = a.out.empty() ? ResultsWriter() : ResultsWriter(a.out);

  std::vector<int> todo;
  const int set = seatings_per_deal(n, a.rules.seatings);
  for (int g = 0; g < a.games; ++g)
    if ((g / set) % a.shards == a.shard && !done.count(g)) todo.push_back(g);

  // jobs x search threads within the cores.
  int threads = 1;
  for (const auto& spec : a.bots) threads = std::max(threads, maker.threads(spec));
  const int cores = std::max(1, int(std::thread::hardware_concurrency()));
  run.jobs = std::max(1, std::min(a.jobs, cores / threads));
  if (run.jobs < a.jobs)
    std::fprintf(stderr, "arena: %d jobs x %d search threads would exceed %d cores; using %d jobs\n", a.jobs, threads,
                 cores, run.jobs);

  Progress progress(int(todo.size()), options.progress);
  std::mutex results_mutex;
  const std::size_t batch = options.batch_deals > 0 ? std::size_t(options.batch_deals) * std::size_t(set) : todo.size();
  for (std::size_t from = 0; from < todo.size(); from += batch) {
    if (options.should_stop && options.should_stop(run.games)) break;
    const std::size_t to = std::min(todo.size(), from + batch);
    parallel_for_dynamic(int(to - from), run.jobs, [&](int i) {
      GameResult r = play_arena_game<G>(a, n, todo[from + std::size_t(i)], maker);
      writer.write(r.line);
      {
        std::lock_guard lock(results_mutex);
        run.games.push_back(std::move(r));
      }
      progress.tick();
    });
  }
  std::sort(run.games.begin(), run.games.end(),
            [](const GameResult& x, const GameResult& y) { return x.index < y.index; });
  return run;
}

}  // namespace nuraghe

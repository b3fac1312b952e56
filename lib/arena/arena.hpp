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
#include <sstream>
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

inline std::vector<int> ranks_of(const std::vector<double>& scores) {
  std::vector<int> ranks(scores.size(), 1);
  for (std::size_t s = 0; s < scores.size(); ++s)
    for (double other : scores) ranks[s] += other > scores[s];
  return ranks;
}

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
inline std::vector<std::pair<std::string, std::string>> named_models(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> models;
  if (text.find("eval=") == std::string::npos && text.find("prior=") == std::string::npos) return models;
  const Spec spec = parse_spec(text, "bot");
  for (const std::string& key : spec.order) {
    const std::string& value = spec.values.at(key);
    if (key == "eval" || (key == "prior" && prior_names_a_file(value))) models.emplace_back(key, value);
  }
  return models;
}

// The model files the specs name (eval=PATH, prior=PATH), as written in them, each once, in order.
inline std::vector<std::string> model_paths(const std::vector<std::string>& specs) {
  std::vector<std::string> paths;
  for (const auto& text : specs)
    for (const auto& [key, path] : named_models(text))
      if (std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(path);
  return paths;
}

// What a model must match to serve in the game of state s under `config` (model_mismatch).
template <Game G>
requires HasTensors<G> ModelFit model_fit(const typename G::State& s, const GameConfig& config) {
  Json options = Json::object();
  for (const auto& [k, v] : config.options) options[k] = v;
  return {G::kName,         options,          map_hash_text<G>(s), num_players_of<G>(s), G::observation_size(s),
          HasEvaluation<G>, G::num_actions(s)};
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
inline void put_table_rules(Json& header, const TableRules& rules) {
  if (rules.seatings == Seatings::Balanced) header["seatings"] = "balanced";
  if (rules.seeds == SpecSeeds::Streams) header["bot_seeds"] = "streams";
}

// "12 or 24": the multiples of `unit` on either side of `n` (the one above alone when none is below).
inline std::string multiples_near(int n, int unit) {
  const int below = std::max(0, n) / unit * unit;
  return (below > 0 ? std::to_string(below) + " or " : std::string()) + std::to_string(below + unit);
}

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
inline Json tournament_identity(const Json& header) {
  Json id = header;
  id.erase("version");
  return id;
}
inline bool same_tournament(const Json& x, const Json& y) {
  Json a = tournament_identity(x), b = tournament_identity(y);
  if (a.contains("map_hash") && b.contains("map_hash")) {
    for (Json* id : {&a, &b}) id->erase("map"), id->erase("map_data");
  } else {
    a.erase("map_hash"), b.erase("map_hash");
  }
  return a == b;
}

// Where two tournaments differ, for a refusal that says it: "the file's bots [...], this run's [...]",
// the first identifying field that differs (same_tournament's comparison), each value cut to a
// readable length; empty when they are one tournament. `this_one` names the second header.
inline std::string tournament_difference(const Json& file, const Json& other, const std::string& this_one) {
  Json a = tournament_identity(file), b = tournament_identity(other);
  if (a.contains("map_hash") && b.contains("map_hash")) {
    for (Json* id : {&a, &b}) id->erase("map"), id->erase("map_data");
  } else {
    a.erase("map_hash"), b.erase("map_hash");
  }
  return first_difference(
      a, b, "the file", this_one,
      {"game", "players", "options", "map_hash", "map", "map_data", "bots", "seed", "models", "seatings", "bot_seeds"});
}

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
inline ResultsHeader header_from_line(const Json& j, const std::string& where, std::string_view kind = "arena") {
  const JsonIn in(j, where);
  if (!j.is_object() || !j.contains("nuraghe") || j["nuraghe"] != kind)
    in.fail(kind == "arena" ? "is not the header of an arena results file" : "is not the header of a play log");
  in.allow_only({"nuraghe", "game", "players", "options", "map", "map_hash", "map_data", "models", "bots", "seed",
                 "version", "seatings", "bot_seeds"});
  ResultsHeader h;
  h.game = in.at("game").string();
  h.players = in.at("players").int_in(1, kMaxPlayers);
  h.config.players = h.players;
  h.config.seed = in.at("seed").u64();
  h.config.map_file = in.at("map").string();
  const JsonIn options = in.at("options");
  options.expect_object();
  for (auto it = j["options"].begin(); it != j["options"].end(); ++it)
    h.config.options[it.key()] = options.at(it.key()).string();
  h.bots = in.at("bots").strings(std::size_t(h.players), std::size_t(h.players));
  if (auto v = in.find("version")) v->string();
  if (auto v = in.find("map_hash")) h.map_hash = v->string();
  if (auto v = in.find("map_data")) {
    v->expect_object();
    h.config.map_data = j["map_data"];
  }
  if (auto models = in.find("models")) {
    models->expect_object();
    for (auto it = j["models"].begin(); it != j["models"].end(); ++it) models->at(it.key()).string();
  }
  if (auto v = in.find("seatings")) {
    if (v->string() != "balanced") v->fail("is not \"balanced\" (a file without it rotated the seats)");
    h.rules.seatings = Seatings::Balanced;
  }
  if (auto v = in.find("bot_seeds")) {
    if (v->string() != "streams")
      v->fail("is not \"streams\" (a file without it let a spec's seed= replace the game's)");
    h.rules.seeds = SpecSeeds::Streams;
  }
  h.json = j;
  return h;
}

// One game line, checked against its header: every field of the right type, one entry per seat,
// the seating and the deal's seed the ones the arena gives game `index`, returns in [0, 1].
inline GameResult result_from_line(const Json& j, const ResultsHeader& h, const std::string& where) {
  const JsonIn in(j, where);
  in.allow_only({"index", "seed", "seats", "bots", "scores", "returns", "ranks", "moves", "movers", "seconds",
                 "think_seconds", "decisions"});
  const auto n = std::size_t(h.players);
  GameResult r;
  r.index = in.at("index").int_in(0, 1 << 30);
  r.deal = deal_of_game(r.index, h.players, h.rules.seatings);
  r.seed = in.at("seed").u64();
  for (long long b : in.at("seats").integers(0, h.players - 1, n, n)) r.seat_bot.push_back(int(b));
  if (r.seat_bot != seating_of_game(r.index, h.players, h.rules.seatings))
    in.at("seats").fail("is not the seating of game " + std::to_string(r.index));
  if (r.seed != arena_deal_seed(h.config.seed, r.deal))
    in.at("seed").fail("is not the seed of deal " + std::to_string(r.deal) + " of this tournament");
  const auto specs = in.at("bots").strings(n, n);
  for (std::size_t s = 0; s < n; ++s)
    if (specs[s] != h.bots[std::size_t(r.seat_bot[s])])
      in.at("bots").fail("does not match the seats and the header's bots");
  r.scores = in.at("scores").reals(-1e12, 1e12, n, n);
  r.returns = in.at("returns").reals(0, 1, n, n);
  r.think_seconds = in.at("think_seconds").reals(0, 1e12, n, n);
  for (long long d : in.at("decisions").integers(0, 1 << 30, n, n)) r.decisions.push_back(int(d));
  r.ranks = ranks_of(r.scores);
  if (auto ranks = in.find("ranks")) {
    std::vector<int> given;
    for (long long k : ranks->integers(1, h.players, n, n)) given.push_back(int(k));
    if (given != r.ranks) ranks->fail("do not follow from the scores");
  }
  in.at("moves").strings();
  r.line = j;
  return r;
}

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

inline ResultsFile parse_results(std::istream& in, const std::string& name) {
  ResultsFile f;
  std::size_t offset = 0;
  int line_no = 0;
  std::set<int> seen;
  std::string line;
  for (;;) {
    line.clear();
    bool newline = false;
    for (char c; in.get(c);) {
      if (c == '\n') {
        newline = true;
        break;
      }
      line.push_back(c);
      if (line.size() > kMaxResultsLineBytes)
        input_error(name + " line " + std::to_string(line_no + 1) + " is longer than " +
                    std::to_string(kMaxResultsLineBytes >> 20) + " MiB");
    }
    if (line.empty() && !newline) break;  // the end
    ++line_no;
    const std::string where = name + " line " + std::to_string(line_no);
    if (!newline) {  // no newline: the writer was killed mid-line
      f.truncated_at = offset;
      break;
    }
    offset += line.size() + 1;
    const Json j = parse_json(line, where);
    if (line_no == 1) {
      f.header = header_from_line(j, where);
      continue;
    }
    GameResult r = result_from_line(j, f.header, where);
    if (!seen.insert(r.index).second) input_error(where + ": game " + std::to_string(r.index) + " appears twice");
    f.games.push_back(std::move(r));
  }
  if (in.bad()) input_error("cannot read " + name);
  if (f.header.json.is_null()) input_error(name + " has no header line: it is not an arena results file");
  // The lines are in the order the games finished, which --jobs and resumes change: every reader
  // gets them in index order, so that what it computes from them (a bootstrap over deals, a sum in
  // floating point) is the same for every such file of one tournament.
  std::sort(f.games.begin(), f.games.end(), [](const GameResult& a, const GameResult& b) { return a.index < b.index; });
  return f;
}

inline ResultsFile parse_results(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  return parse_results(in, name);
}

inline ResultsFile read_results(const std::string& path) {
  const std::string name = "results file \"" + path + "\"";
  if (std::filesystem::is_directory(path)) input_error("cannot read " + name + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) input_error("cannot read " + name);
  return parse_results(in, name);
}

// The log of `nuraghe play --log` as a results file of one game (index 0, the header's seed): a
// header, one {"ply", "player", "move"} line per decision, and a {"result"} line, or for a game
// quit at the human seat an {"unfinished": true} line.
inline ResultsFile parse_play_log(std::istream& in, const std::string& name) {
  ResultsFile f;
  Json moves = Json::array();
  int line_no = 0;
  bool result = false;
  for (std::string line; std::getline(in, line);) {
    if (line.size() > kMaxResultsLineBytes) input_error(name + " line " + std::to_string(line_no + 1) + " is too long");
    const std::string where = name + " line " + std::to_string(++line_no);
    const Json j = parse_json(line, where);
    const JsonIn at(j, where);
    if (line_no == 1) {
      f.header = header_from_line(j, where, "play");
    } else if (result) {
      at.fail(f.unfinished ? "follows the unfinished line" : "follows the result line");
    } else if (at.has("result")) {
      at.allow_only({"result"});
      result = true;
    } else if (at.has("unfinished")) {
      at.allow_only({"unfinished"});
      if (!at.at("unfinished").boolean()) at.at("unfinished").fail("is false: leave the line out");
      result = f.unfinished = true;
    } else {
      at.allow_only({"ply", "player", "move"});
      if (at.at("ply").int_in(1, 1 << 30) != line_no - 1) at.at("ply").fail("is out of order");
      moves.push_back(at.at("move").string());
    }
  }
  if (in.bad()) input_error("cannot read " + name);
  if (line_no == 0) input_error(name + " is empty");
  GameResult g;
  g.seed = f.header.config.seed;
  g.seat_bot = seating_of(0, f.header.players, Seatings::Rotations);  // seat s holds bot s
  g.line = Json{{"index", 0}, {"moves", moves}, {"bots", f.header.bots}};
  f.games.push_back(std::move(g));
  return f;
}

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
inline void resolve_map(ResultsFile& f, const std::string& path, const MapOverride& override) {
  GameConfig& c = f.header.config;
  f.map_hash_ignored = override.ignore_hash;
  if (!override.map_file.empty()) {
    c.map_file = override.map_file;
    c.map_data = nullptr;
  } else if (c.map_data.is_null() && !c.map_file.empty() && std::filesystem::path(c.map_file).is_relative()) {
    const std::filesystem::path beside = std::filesystem::path(path).parent_path() / c.map_file;
    if (std::filesystem::is_regular_file(beside)) c.map_file = beside.string();
  }
}

// The first line of a file, read up to a bound (kMaxResultsLineBytes and one more byte, so that a
// longer line shows as too long), and whether a newline ended it: a file's header is judged by it
// before the file is read whole.
struct FirstLine {
  std::string text;
  bool ended = false;  // a '\n' followed it
};

inline FirstLine first_line(std::istream& in) {
  FirstLine line;
  for (char c; line.text.size() <= kMaxResultsLineBytes && in.get(c);) {
    if (c == '\n') {
      line.ended = true;
      break;
    }
    line.text.push_back(c);
  }
  return line;
}

// A results file or a play log, told apart by the header's "nuraghe" field, on its map (resolve_map).
inline ResultsFile read_game_records(const std::string& path, const MapOverride& override = {}) {
  const std::string name = "file \"" + path + "\"";
  if (std::filesystem::is_directory(path)) input_error("cannot read " + name + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) input_error("cannot read " + name);
  bool play_log = false;
  try {
    const Json header = parse_json(first_line(in).text, name);
    play_log = header.is_object() && header.contains("nuraghe") && header["nuraghe"] == "play";
  } catch (const InputError&) {  // not a play log: parse_results names what is wrong
  }
  in.clear();
  in.seekg(0);
  ResultsFile f =
      play_log ? parse_play_log(in, "play log \"" + path + "\"") : parse_results(in, "results file \"" + path + "\"");
  resolve_map(f, path, override);
  return f;
}

// Appends lines to the results file, one whole line per write, flushed. A write that fails (a
// full disk, /dev/full) is an InputError: a tournament whose results are not kept has not worked.
class ResultsWriter {
 public:
  ResultsWriter() = default;
  explicit ResultsWriter(const std::string& path) : path_(path), out_(path, std::ios::app | std::ios::binary) {
    if (!out_) input_error("cannot write results file \"" + path + "\"");
  }
  void write(const Json& line) {
    if (!out_.is_open()) return;
    std::lock_guard lock(mutex_);
    out_ << line.dump() << '\n';
    out_.flush();
    if (!out_) input_error("cannot write results file \"" + path_ + "\" (is the disk full?)");
  }

 private:
  std::string path_;
  std::ofstream out_;
  std::mutex mutex_;
};

// What an --out path holds before a run writes to it. Only an absent file, a results file, or the
// first bytes of this very header (a run killed while writing it) may be written: anything else,
// an empty file too, belongs to the user and is refused, never overwritten.
enum class ResultsFileState { Absent, Empty, HalfHeader, Results };

inline ResultsFileState results_file_state(const std::string& path, const std::string& header_text,
                                           const SettingNames& names = {}) {
  const std::string name = names.out_file(path);
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) {
    const auto parent = std::filesystem::path(path).parent_path();
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
      input_error(name + ": the folder " + parent.string() + " does not exist");
    return ResultsFileState::Absent;
  }
  if (std::filesystem::is_directory(status)) input_error(name + " is a directory");
  if (!std::filesystem::is_regular_file(status)) input_error(name + " is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) input_error("cannot read " + name);
  const auto [first, newline] = first_line(in);
  if (first.empty() && !newline) return ResultsFileState::Empty;
  if (!newline && first.size() <= header_text.size() && header_text.compare(0, first.size(), first) == 0)
    return ResultsFileState::HalfHeader;
  bool is_header = false;
  if (newline) {
    try {
      const Json j = parse_json(first, name);
      is_header = j.is_object() && j.contains("nuraghe") && j["nuraghe"] == "arena";
    } catch (const InputError&) {
    }
  }
  if (!is_header)
    input_error(name + " exists and is not an arena results file: choose another file (nothing was written)");
  return ResultsFileState::Results;
}

// The table rules of the results file at `path`, if it is one (else nothing: the caller's checks
// name what is wrong with it). A run resumes a file under the rules it was begun with, so that a
// file written before fair tables goes on as it began; a note on stderr says so.
inline std::optional<TableRules> recorded_table_rules(const std::string& path) {
  std::error_code ec;
  if (path.empty() || !std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  const FirstLine first = first_line(in);
  if (!first.ended) return std::nullopt;
  try {
    return header_from_line(parse_json(first.text, path), path).rules;
  } catch (const InputError&) {
    return std::nullopt;
  }
}

// The settings a run plays: the given ones, under the rules of the results file it resumes.
inline ArenaSettings resumed_rules(ArenaSettings a, const std::vector<std::string>& also_done = {}) {
  std::vector<std::string> files{a.out};
  files.insert(files.end(), also_done.begin(), also_done.end());
  for (const auto& path : files) {
    const std::optional<TableRules> recorded = recorded_table_rules(path);
    if (!recorded) continue;
    if (*recorded == TableRules::legacy() && a.rules != *recorded)
      std::fprintf(stderr,
                   "arena: \"%s\" was begun before fair tables: its games go on rotating the seats, and a spec's "
                   "seed= replaces the game's seed\n",
                   path.c_str());
    a.rules = *recorded;
    break;
  }
  return a;
}

// ---- running -------------------------------------------------------------------------------

// `--fill SPEC` (or NAME=SPEC): the bots given, then copies of SPEC in the seats they leave, labelled
// NAME.1, NAME.2, ... (NAME "fill" by default), so that two bots can be compared at a table of
// three to five seats and the copies' rows are an A/A check of the table.
inline std::vector<std::string> filled_seats(std::vector<std::string> bots, const std::string& fill, int seats) {
  if (int(bots.size()) >= seats)
    input_error("--fill \"" + fill + "\": the " + std::to_string(bots.size()) + " bots given take every one of the " +
                std::to_string(seats) + " seats (give --players)");
  const std::string head = fill.substr(0, fill.find(':'));
  const auto eq = head.find('=');
  const std::string name = eq == std::string::npos ? "fill" : fill.substr(0, eq);
  const std::string spec = eq == std::string::npos ? fill : fill.substr(eq + 1);
  if (parse_spec(spec, "--fill").values.count("label"))
    input_error("--fill \"" + fill + "\": the copies are labelled " + name + ".1, " + name +
                ".2, ...: name them with --fill NAME=SPEC, not label=");
  for (int k = 1; int(bots.size()) < seats; ++k)
    bots.push_back(labelled_spec(name + "." + std::to_string(k) + "=" + spec));
  return bots;
}

// Progress on stderr: a bar redrawn in place on a terminal, a line every 10% otherwise, or nothing.
enum class ProgressMode { Off, Lines, Bar };

class Progress {
 public:
  Progress(int total, ProgressMode mode) : total_(total), mode_(mode), start_(std::chrono::steady_clock::now()) {}
  void tick() {
    if (mode_ == ProgressMode::Off) return;
    std::lock_guard lock(mutex_);
    ++done_;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = elapsed > 0 ? done_ / elapsed : 0;
    const double eta = rate > 0 ? (total_ - done_) / rate : 0;
    if (mode_ == ProgressMode::Bar) {
      const int width = 30, filled = total_ ? width * done_ / total_ : width;
      std::fprintf(stderr, "\r[%s%s] %d/%d games, %.2f games/s, ETA %.0f s ", std::string(filled, '#').c_str(),
                   std::string(width - filled, ' ').c_str(), done_, total_, rate, eta);
      if (done_ == total_) std::fprintf(stderr, "\n");
    } else if (total_ > 0 && (done_ * 10 / total_ != (done_ - 1) * 10 / total_ || done_ == total_)) {
      std::fprintf(stderr, "arena: %d/%d games, %.2f games/s, ETA %.0f s\n", done_, total_, rate, eta);
    }
    std::fflush(stderr);
  }

 private:
  int total_, done_ = 0;
  ProgressMode mode_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
};

// The search threads a spec asks for (threads=N), so that jobs x threads stays within the cores.
inline int spec_threads(const std::string& spec) {
  const Params p = bot_params(parse_spec(spec, "bot"));
  return p.given("threads") ? int(p.integer("threads")) : 1;
}

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
    const std::string header_text = first_line.dump();
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

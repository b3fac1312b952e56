// The arena's functions that are not templates over a game, compiled once (lib/arena/arena.hpp
// declares and documents them): results files read, checked and written, the tournament's identity,
// the table rules of a file resumed, and the run's progress.

#include "arena/arena.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "core/json.hpp"

namespace nuraghe {

std::vector<int> ranks_of(const std::vector<double>& scores) {
  std::vector<int> ranks(scores.size(), 1);
  for (std::size_t s = 0; s < scores.size(); ++s)
    for (double other : scores) ranks[s] += other > scores[s];
  return ranks;
}

// ---- the results file ----------------------------------------------------------------------

std::vector<std::pair<std::string, std::string>> named_models(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> models;
  if (text.find("eval=") == std::string::npos && text.find("prior=") == std::string::npos) return models;
  const Spec spec = parse_spec(text, "bot");
  for (const std::string& key : spec.order) {
    const std::string& value = spec.values.at(key);
    if (key == "eval" || (key == "prior" && prior_names_a_file(value))) models.emplace_back(key, value);
  }
  return models;
}

std::vector<std::string> model_paths(const std::vector<std::string>& specs) {
  std::vector<std::string> paths;
  for (const auto& text : specs)
    for (const auto& [key, path] : named_models(text))
      if (std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(path);
  return paths;
}

void put_table_rules(Json& header, const TableRules& rules) {
  if (rules.seatings == Seatings::Balanced) header["seatings"] = "balanced";
  if (rules.seeds == SpecSeeds::Streams) header["bot_seeds"] = "streams";
}

std::string multiples_near(int n, int unit) {
  const int below = std::max(0, n) / unit * unit;
  return (below > 0 ? std::to_string(below) + " or " : std::string()) + std::to_string(below + unit);
}

Json tournament_identity(const Json& header) {
  Json id = header;
  id.erase("version");
  return id;
}

bool same_tournament(const Json& x, const Json& y) {
  Json a = tournament_identity(x), b = tournament_identity(y);
  if (a.contains("map_hash") && b.contains("map_hash")) {
    for (Json* id : {&a, &b}) id->erase("map"), id->erase("map_data");
  } else {
    a.erase("map_hash"), b.erase("map_hash");
  }
  return a == b;
}

std::string tournament_difference(const Json& file, const Json& other, const std::string& this_one) {
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

ResultsHeader header_from_line(const Json& j, const std::string& where, std::string_view kind) {
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

GameResult result_from_line(const Json& j, const ResultsHeader& h, const std::string& where) {
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

ResultsFile parse_results(std::istream& in, const std::string& name) {
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

ResultsFile parse_results(std::string_view text, const std::string& name) {
  std::istringstream in{std::string(text)};
  return parse_results(in, name);
}

ResultsFile read_results(const std::string& path) {
  const std::string name = "results file \"" + path + "\"";
  if (std::filesystem::is_directory(path)) input_error("cannot read " + name + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) input_error("cannot read " + name);
  return parse_results(in, name);
}

ResultsFile parse_play_log(std::istream& in, const std::string& name) {
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

void resolve_map(ResultsFile& f, const std::string& path, const MapOverride& override) {
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

FirstLine first_line(std::istream& in) {
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

ResultsFile read_game_records(const std::string& path, const MapOverride& override) {
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

ResultsWriter::ResultsWriter(const std::string& path) : path_(path), out_(path, std::ios::app | std::ios::binary) {
  if (!out_) input_error("cannot write results file \"" + path + "\"");
}

void ResultsWriter::write(const Json& line) {
  if (!out_.is_open()) return;
  std::lock_guard lock(mutex_);
  out_ << json_text(line) << '\n';
  out_.flush();
  if (!out_) input_error("cannot write results file \"" + path_ + "\" (is the disk full?)");
}

ResultsFileState results_file_state(const std::string& path, const std::string& header_text,
                                    const SettingNames& names) {
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

std::optional<TableRules> recorded_table_rules(const std::string& path) {
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

ArenaSettings resumed_rules(ArenaSettings a, const std::vector<std::string>& also_done) {
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

std::vector<std::string> filled_seats(std::vector<std::string> bots, const std::string& fill, int seats) {
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

void Progress::tick() {
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

int spec_threads(const std::string& spec) {
  const Params p = bot_params(parse_spec(spec, "bot"));
  return p.given("threads") ? int(p.integer("threads")) : 1;
}

}  // namespace nuraghe

#pragma once
// A tournament: every bot plays every seat equally often, and every rotation of a table replays the
// same deal ("duplicate"), so the luck of the deal cancels between the bots. The unit is therefore
// the duplicate set (deal d: games d*n .. d*n + n-1 for n seats), for statistics and for sharding.
//
// Reproducibility: game g is deal g / n with the bots rotated g % n seats; the deal's seed is a
// hash of --seed and d, and each seat's bot is built fresh with a seed hashed from (deal seed,
// rotation, seat). So with iteration budgets a game's result does not depend on --jobs, --shard or a resume.
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

#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "core/json.hpp"
#include "search/parallel.hpp"

namespace nuraghe {

struct ArenaSettings {
  std::string game;                // the game's name
  GameConfig config;               // players, options, map; config.seed is the tournament seed
  std::vector<std::string> bots;   // one spec per seat
  int games = 0;                   // a multiple of the seat count
  int jobs = 1;
  int shard = 0, shards = 1;       // this process plays the deals d with d % shards == shard
  std::string out;                 // results file (JSON lines); resumed if it exists
};

// One finished game as the summary needs it (and as a results line holds it).
struct GameResult {
  int index = 0, deal = 0;
  std::uint64_t seed = 0;
  std::vector<int> seat_bot;        // seat_bot[seat] = index into the tournament's bots
  std::vector<double> scores, returns;
  std::vector<int> ranks;           // 1 = best score; tied seats share the better rank
  std::vector<double> think_seconds;  // per seat, over the game
  std::vector<int> decisions;         // per seat
  Json line;                           // the results-file line
};

// Game g is deal g / n with the bots rotated g % n seats.
inline std::vector<int> arena_seating(int game, int seats) {
  std::vector<int> seat_bot(seats);
  for (int s = 0; s < seats; ++s) seat_bot[s] = (s + game) % seats;
  return seat_bot;
}

inline std::vector<int> ranks_of(const std::vector<double>& scores) {
  std::vector<int> ranks(scores.size(), 1);
  for (std::size_t s = 0; s < scores.size(); ++s)
    for (double other : scores) ranks[s] += other > scores[s];
  return ranks;
}

// ---- the results file ----------------------------------------------------------------------

// What identifies a tournament: two files may be merged, and a file resumed, only if these agree.
inline Json arena_header(const ArenaSettings& a, int seats) {
  Json options = Json::object();
  for (const auto& [k, v] : a.config.options) options[k] = v;
  return Json{{"nuraghe", "arena"}, {"game", a.game}, {"players", seats}, {"options", options},
              {"map", a.config.map_file}, {"bots", a.bots}, {"seed", a.config.seed}};
}

inline GameResult result_from_line(const Json& j, int seats, int bots, const std::string& where) {
  GameResult r;
  r.index = int(get_int(j, "index", 0, 1LL << 30, where));
  r.deal = r.index / seats;
  r.seed = get_field<std::uint64_t>(j, "seed", where);
  r.seat_bot = get_field<std::vector<int>>(j, "seats", where);
  r.scores = get_field<std::vector<double>>(j, "scores", where);
  r.returns = get_field<std::vector<double>>(j, "returns", where);
  r.think_seconds = get_field<std::vector<double>>(j, "think_seconds", where);
  r.decisions = get_field<std::vector<int>>(j, "decisions", where);
  const auto n = std::size_t(seats);
  if (r.seat_bot.size() != n || r.scores.size() != n || r.returns.size() != n || r.think_seconds.size() != n || r.decisions.size() != n)
    input_error(where + ": a game line needs one entry per seat in seats, scores, returns, think_seconds, decisions");
  for (int b : r.seat_bot)
    if (b < 0 || b >= bots) input_error(where + ": seats names a bot that is not in the header");
  r.ranks = ranks_of(r.scores);
  r.line = j;
  return r;
}

// A results file: its header and its games (by index). A last line without its newline is what a
// killed writer leaves: it is reported through `truncated_at` (the byte offset of the good part).
struct ResultsFile {
  Json header;
  std::vector<GameResult> games;
  std::optional<std::size_t> truncated_at;
};

inline ResultsFile read_results(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) input_error("cannot read results file \"" + path + "\"");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ResultsFile f;
  std::size_t pos = 0;
  int line_no = 0, seats = 0, bots = 0;
  std::set<int> seen;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    ++line_no;
    const std::string where = "results file \"" + path + "\" line " + std::to_string(line_no);
    if (end == std::string::npos) {  // no newline: the writer was killed mid-line
      f.truncated_at = pos;
      break;
    }
    const std::string_view line(text.data() + pos, end - pos);
    pos = end + 1;
    Json j;
    try {
      j = Json::parse(line);
    } catch (const Json::exception&) {
      input_error(where + ": not JSON (the file is corrupt)");
    }
    if (line_no == 1) {
      if (!j.is_object() || j.value("nuraghe", "") != "arena") input_error(where + ": not an arena results file (no header)");
      f.header = j;
      seats = int(get_int(j, "players", 1, kMaxPlayers, where));
      bots = int(get_field<std::vector<std::string>>(j, "bots", where).size());
      continue;
    }
    GameResult r = result_from_line(j, seats, bots, where);
    if (!seen.insert(r.index).second) input_error(where + ": game " + std::to_string(r.index) + " appears twice");
    f.games.push_back(std::move(r));
  }
  if (line_no == 0 || f.header.is_null()) input_error("results file \"" + path + "\" is empty");
  return f;
}

// Appends lines to the results file, one whole line per write, flushed.
class ResultsWriter {
 public:
  ResultsWriter() = default;
  explicit ResultsWriter(const std::string& path) : out_(path, std::ios::app | std::ios::binary) {
    if (!out_) input_error("cannot write results file \"" + path + "\"");
  }
  void write(const Json& line) {
    if (!out_.is_open()) return;
    std::lock_guard lock(mutex_);
    out_ << line.dump() << '\n';
    out_.flush();
  }

 private:
  std::ofstream out_;
  std::mutex mutex_;
};

// ---- running -------------------------------------------------------------------------------

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

template <Game G>
GameResult play_arena_game(const ArenaSettings& a, int n, int g) {
  GameResult r;
  r.index = g, r.deal = g / n;
  r.seed = hash_combine(a.config.seed, std::uint64_t(r.deal));
  r.seat_bot = arena_seating(g, n);
  GameConfig config = a.config;
  config.seed = r.seed;
  std::vector<std::unique_ptr<Bot<G>>> owned;
  std::vector<Bot<G>*> seats;
  for (int s = 0; s < n; ++s) {
    // The deal is shared by the rotations; the bots' own randomness is not (two copies of one
    // deterministic bot would otherwise replay the same game in every rotation).
    owned.push_back(make_bot<G>(a.bots[r.seat_bot[s]], hash_combine(hash_combine(r.seed, std::uint64_t(g % n) + 1), std::uint64_t(s) + 1)));
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
  r.line = Json{{"index", g},           {"seed", r.seed},         {"seats", r.seat_bot},        {"bots", specs},
                {"scores", r.scores},   {"returns", r.returns},   {"ranks", r.ranks},           {"moves", moves},
                {"movers", movers},     {"seconds", seconds},     {"think_seconds", r.think_seconds}, {"decisions", r.decisions}};
  return r;
}

struct ArenaRun {
  std::vector<GameResult> games;  // this shard's games, finished, by index
  int resumed = 0;                 // how many came from the results file
  int jobs = 1;                    // the jobs actually used
};

// Validates the settings (InputError on anything wrong, before any game runs) and returns the seat
// count.
template <Game G>
int check_arena(const ArenaSettings& a) {
  const auto probe = G::initial(a.config);  // validates players, options and the map once
  const int n = probe.num_players();
  if (int(a.bots.size()) != n)
    input_error("arena: " + std::to_string(a.bots.size()) + " bots for " + std::to_string(n) + " seats (give one --bot per seat)");
  if (a.games <= 0 || a.games % n != 0)
    input_error("arena: --games must be a positive multiple of the seat count " + std::to_string(n) + " so that every bot plays every seat equally");
  if (a.shards < 1 || a.shard < 0 || a.shard >= a.shards) input_error("arena: bad shard");
  for (const auto& spec : a.bots) make_bot<G>(spec, 0);  // reject bad specs before any game runs
  return n;
}

// How a run reports and when it may stop early.
struct ArenaRunOptions {
  ProgressMode progress = ProgressMode::Off;
  int batch_deals = 0;  // > 0: play in batches of this many deals and ask should_stop between them
  std::function<bool(const std::vector<GameResult>&)> should_stop;
  std::vector<std::string> also_done;  // other results files of this tournament whose games count as played
};

// Plays this shard's games of the tournament, skipping those already in the results file.
template <Game G>
ArenaRun run_arena(const ArenaSettings& a, const ArenaRunOptions& options = {}) {
  const int n = check_arena<G>(a);
  ArenaRun run;
  std::set<int> done;
  const auto take_finished = [&](const std::string& path, bool own_file) {
    ResultsFile f = read_results(path);
    if (f.header != arena_header(a, n))
      input_error("results file \"" + path + "\" belongs to another tournament (game, players, options, map, bots or seed differ): use another --out");
    if (f.truncated_at && own_file) {  // drop the half-written line so the next write starts on a fresh line
      std::fprintf(stderr, "arena: dropping a truncated last line of %s\n", path.c_str());
      std::filesystem::resize_file(path, *f.truncated_at);
    }
    for (auto& g : f.games)
      if (g.index < a.games && g.deal % a.shards == a.shard && done.insert(g.index).second) run.games.push_back(std::move(g));
  };
  for (const auto& path : options.also_done)
    if (std::ifstream(path).good()) take_finished(path, false);
  if (!a.out.empty()) {
    // A file without one whole line is what a run killed before its header was written leaves:
    // start it again.
    std::ifstream probe(a.out);
    std::string first;
    const bool has_header = probe.good() && std::getline(probe, first) && !probe.eof();
    probe.close();
    if (has_header) {
      take_finished(a.out, true);
    } else {
      if (std::filesystem::exists(a.out)) std::filesystem::resize_file(a.out, 0);
      ResultsWriter(a.out).write(arena_header(a, n));
    }
  }
  run.resumed = int(run.games.size());
  ResultsWriter writer = a.out.empty() ? ResultsWriter() : ResultsWriter(a.out);

  std::vector<int> todo;
  for (int g = 0; g < a.games; ++g)
    if ((g / n) % a.shards == a.shard && !done.count(g)) todo.push_back(g);

  // jobs x search threads within the cores.
  int threads = 1;
  for (const auto& spec : a.bots) threads = std::max(threads, spec_threads(spec));
  const int cores = std::max(1, int(std::thread::hardware_concurrency()));
  run.jobs = std::max(1, std::min(a.jobs, cores / threads));
  if (run.jobs < a.jobs)
    std::fprintf(stderr, "arena: %d jobs x %d search threads would exceed %d cores; using %d jobs\n", a.jobs, threads, cores, run.jobs);

  Progress progress(int(todo.size()), options.progress);
  std::mutex results_mutex;
  const std::size_t batch = options.batch_deals > 0 ? std::size_t(options.batch_deals) * std::size_t(n) : todo.size();
  for (std::size_t from = 0; from < todo.size(); from += batch) {
    if (options.should_stop && options.should_stop(run.games)) break;
    const std::size_t to = std::min(todo.size(), from + batch);
    parallel_for_dynamic(int(to - from), run.jobs, [&](int i) {
      GameResult r = play_arena_game<G>(a, n, todo[from + std::size_t(i)]);
      writer.write(r.line);
      {
        std::lock_guard lock(results_mutex);
        run.games.push_back(std::move(r));
      }
      progress.tick();
    });
  }
  std::sort(run.games.begin(), run.games.end(), [](const GameResult& x, const GameResult& y) { return x.index < y.index; });
  return run;
}

}  // namespace nuraghe

#pragma once
// `nuraghe selfplay` for one game (cli/commands/selfplay.hpp): the games, their rows, the chunks and the
// manifest. Instantiated once per game by cli/game_commands.hpp.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>

#include "arena/arena.hpp"
#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "cli/commands/selfplay.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/npy.hpp"
#include "search/parallel.hpp"

namespace nuraghe::commands {

namespace fs = std::filesystem;

// The rows of one game, or of a chunk of games, column by column.
struct Rows {
  int observation_size = 0, players = 0;
  std::vector<float> observation, progress, returns, scores, search_value;
  std::vector<std::int32_t> seat, game, deal, decision, moved;
  std::vector<Json> games;  // each game's line of games.jsonl: its seed, moves and outcome

  long long count() const { return (long long)seat.size(); }
  void append(const Rows& o) {
    const auto add = [](auto& to, const auto& from) { to.insert(to.end(), from.begin(), from.end()); };
    add(observation, o.observation), add(progress, o.progress), add(returns, o.returns), add(scores, o.scores);
    add(search_value, o.search_value), add(seat, o.seat), add(game, o.game), add(deal, o.deal);
    add(decision, o.decision), add(moved, o.moved), add(games, o.games);
  }
};

// The seat's bot in seat s of game g: one spec for every seat, or the arena's rotation of one each.
inline const std::string& spec_of(const SelfplaySettings& a, const std::vector<int>& seating, int s) {
  return a.bots.size() == 1 ? a.bots[0] : a.bots[std::size_t(seating[std::size_t(s)])];
}

template <Game G>
Rows play_selfplay_game(const SelfplaySettings& a, int n, int g, int observation_size) {
  const int deal = g / n;
  GameConfig config = a.config;
  config.seed = arena_deal_seed(a.config.seed, deal);
  // Selfplay keeps the rotations: its data's columns say "seating g % players", and a row's worth
  // does not depend on who sits beside whom as a table's comparison of two bots does.
  const std::vector<int> seating = seating_of_game(g, n, Seatings::Rotations);
  std::vector<std::unique_ptr<Bot<G>>> owned;
  std::vector<Bot<G>*> seats;
  for (int s = 0; s < n; ++s) {
    owned.push_back(make_bot<G>(spec_of(a, seating, s), arena_bot_seed(config.seed, g % n, s)));
    seats.push_back(owned.back().get());
  }
  Rows rows;
  rows.observation_size = observation_size, rows.players = n;
  // Which decisions give rows: every `every`-th, from an offset the deal's seed chooses, so that
  // the first decision of each game is not always among them.
  const int offset = int(config.seed % std::uint64_t(a.every));
  int decision = 0;
  std::vector<float> buffer(static_cast<std::size_t>(observation_size));
  const GameRecord record =
      play_game<G>(G::initial(config), seats, [&](const typename G::State& s, const MoveRecord& m) {
        if ((decision + offset) % a.every == 0) {
          for (int p = 0; p < n; ++p) {
            G::observation(s, p, buffer.data());
            rows.observation.insert(rows.observation.end(), buffer.begin(), buffer.end());
            const bool moved = m.player == kSimultaneous || m.player == p;
            const std::optional<double> value = moved ? seats[std::size_t(p)]->root_value() : std::nullopt;
            rows.search_value.push_back(value ? float(*value) : std::numeric_limits<float>::quiet_NaN());
            rows.seat.push_back(p), rows.game.push_back(g), rows.deal.push_back(deal);
            rows.decision.push_back(decision), rows.moved.push_back(moved);
          }
        }
        ++decision;
      });
  for (long long r = 0; r < rows.count(); ++r) {
    rows.progress.push_back(float(rows.decision[std::size_t(r)]) / float(decision));
    for (int p = 0; p < n; ++p) {
      rows.returns.push_back(float(record.returns[p]));
      rows.scores.push_back(float(record.scores[p]));
    }
  }
  Json moves = Json::array(), movers = Json::array();
  for (const MoveRecord& m : record.moves) moves.push_back(m.text), movers.push_back(m.player);
  rows.games.push_back(Json{{"index", g},
                            {"deal", deal},
                            {"seed", config.seed},
                            {"bots",
                             [&] {
                               Json specs = Json::array();
                               for (int s = 0; s < n; ++s) specs.push_back(spec_of(a, seating, s));
                               return specs;
                             }()},
                            {"scores", std::vector<double>(record.scores.begin(), record.scores.begin() + n)},
                            {"returns", std::vector<double>(record.returns.begin(), record.returns.begin() + n)},
                            {"moves", moves},
                            {"movers", movers}});
  return rows;
}

inline std::string chunk_name(int c) {
  char name[32];
  std::snprintf(name, sizeof name, "chunk-%05d", c);
  return name;
}

template <class T>
void write_array(const fs::path& folder, const char* name, const std::vector<T>& values, long long rows, long long cols,
                 bool two_dimensional) {
  const fs::path path = folder / (std::string(name) + ".npy");
  std::ofstream out(path, std::ios::binary);
  const std::string bytes = npy::encode(values.data(), rows, cols, two_dimensional);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  out.close();
  if (!out) input_error("selfplay: cannot write \"" + path.string() + "\"");
}

// Writes a chunk's arrays into a folder of their own, renamed into place once whole. Neither
// folder is there: stale_chunks removed this run's leftovers and refused anything else.
inline void write_chunk(const fs::path& out, int c, const Rows& r) {
  const fs::path done = out / chunk_name(c), part = out / (chunk_name(c) + ".part");
  std::error_code ec;
  if (!fs::create_directory(part, ec)) input_error("selfplay: cannot create \"" + part.string() + "\"");
  const long long n = r.count();
  write_array(part, "observation", r.observation, n, r.observation_size, true);
  write_array(part, "seat", r.seat, n, 1, false);
  write_array(part, "game", r.game, n, 1, false);
  write_array(part, "deal", r.deal, n, 1, false);
  write_array(part, "decision", r.decision, n, 1, false);
  write_array(part, "progress", r.progress, n, 1, false);
  write_array(part, "moved", r.moved, n, 1, false);
  write_array(part, "returns", r.returns, n, r.players, true);
  write_array(part, "scores", r.scores, n, r.players, true);
  write_array(part, "search_value", r.search_value, n, 1, false);
  {
    const fs::path path = part / "games.jsonl";
    std::ofstream games(path);
    for (const Json& line : r.games) games << line.dump() << "\n";
    games.close();
    if (!games) input_error("selfplay: cannot write \"" + path.string() + "\"");
  }
  fs::rename(part, done, ec);
  if (ec)
    input_error("selfplay: cannot rename \"" + part.string() + "\" to \"" + done.string() + "\": " + ec.message());
}

// The files a chunk folder holds: its arrays and games.jsonl.
inline bool chunk_file(const std::string& name) {
  if (name == "games.jsonl") return true;
  for (const SelfplayArray& x : kSelfplayArrays)
    if (name == std::string(x.name) + ".npy") return true;
  return false;
}

// This run's leftovers in `out`, to be removed and written again: a chunk half-written when a run
// was killed (chunk-NNNNN.part), or written whole but killed before the manifest named it
// (chunk-NNNNN), of the chunks `written` to `total` - 1 alone. Anything else in the folder is a
// user's and left alone; where it stands in a chunk's place (a file, a link, a folder holding
// other files), the run is refused before anything is removed.
inline std::vector<fs::path> stale_chunks(const fs::path& out, int written, int total) {
  std::vector<fs::path> stale;
  for (const auto& e : fs::directory_iterator(out)) {
    std::string name = e.path().filename().string();
    if (name.size() > 5 && name.ends_with(".part")) name.resize(name.size() - 5);  // the chunk's
    if (!name.starts_with("chunk-") || name.size() == 6 || name.size() > 16 ||
        name.find_first_not_of("0123456789", 6) != std::string::npos)
      continue;
    const long long c = std::stoll(name.substr(6));
    if (c < written || c >= total || name != chunk_name(int(c))) continue;  // not a chunk this run writes
    const std::string where = "selfplay: \"" + e.path().string() + "\"";
    if (!e.is_directory() || e.is_symlink())
      input_error(where + " is not a chunk folder selfplay wrote, where it writes chunk " + std::to_string(c) +
                  ": move it away");
    for (const auto& f : fs::directory_iterator(e.path()))
      if (!chunk_file(f.path().filename().string()) || !f.is_regular_file() || f.is_symlink())
        input_error(where + " holds \"" + f.path().filename().string() +
                    "\", which selfplay did not write; it writes chunk " + std::to_string(c) + " there: move it away");
    stale.push_back(e.path());
  }
  return stale;
}

// The reward= each bot backs up (a searching bot's), or null for a bot that does not search.
inline Json rewards_of(const std::vector<std::string>& bots) {
  Json rewards = Json::array();
  for (const auto& text : bots) {
    const Spec spec = parse_spec(text, "bot");
    bool searches = false;
    for (const auto& p : find_bot(spec.name).params) searches = searches || p.name == "reward";
    rewards.push_back(searches ? Json(bot_params(spec).text("reward")) : Json(nullptr));
  }
  return rewards;
}

// What identifies a run: a folder is resumed only by the same run. (Its version, chunks and
// documentation of the arrays are not compared.)
template <Game G>
Json run_identity(const SelfplaySettings& a, int n, int observation_size) {
  Json options = Json::object();
  for (const auto& [k, v] : a.config.options) options[k] = v;
  Json id{{"nuraghe", "selfplay"},
          {"format", 1},
          {"game", a.game},
          {"players", n},
          {"options", options},
          {"map", a.config.map_file},
          {"map_hash", map_hash_text<G>(a.config)},
          {"observation_size", observation_size},
          {"bots", a.bots},
          {"reward", rewards_of(a.bots)},
          {"seed", a.config.seed},
          {"games", a.games},
          {"every", a.every},
          {"chunk_games", a.chunk_games}};
  // Each model's hash (eval=, prior=FILE), as arena headers hold them: data of an edited model is another run's.
  if (const auto paths = model_paths(a.bots); !paths.empty()) {
    Json models = Json::object();
    for (const auto& path : paths) models[path] = model_hash_text(*shared_model(path));
    id["models"] = models;
  }
  return id;
}

inline Json arrays_doc(int n, int observation_size) {
  Json arrays = Json::object();
  for (const SelfplayArray& x : kSelfplayArrays) {
    Json shape = Json::array({"rows"});
    if (std::string(x.columns) == "observation_size") shape.push_back(observation_size);
    if (std::string(x.columns) == "players") shape.push_back(n);
    arrays[x.name] = Json{{"dtype", x.dtype}, {"shape", shape}, {"meaning", x.meaning}};
  }
  return arrays;
}

inline void write_manifest(const fs::path& out, const Json& manifest) {
  const fs::path path = out / "manifest.json", part = out / "manifest.json.part";
  {
    std::ofstream f(part);
    f << manifest.dump(2) << "\n";
    f.close();
    if (!f) input_error("selfplay: cannot write \"" + part.string() + "\"");
  }
  fs::rename(part, path);
}

// The chunks of an existing folder of this run, or InputError for a folder of anything else.
inline std::vector<Json> resume(const fs::path& out, const Json& identity) {
  const fs::path path = out / "manifest.json";
  std::vector<Json> chunks;
  if (!fs::exists(out)) {
    std::error_code ec;
    if (!fs::create_directory(out, ec))
      input_error("selfplay: cannot create the folder --out \"" + out.string() + "\": " + ec.message());
    return chunks;
  }
  if (!fs::is_directory(out)) input_error("selfplay: --out \"" + out.string() + "\" is a file, not a folder");
  if (!fs::exists(path)) {
    if (!fs::is_empty(out))
      input_error("selfplay: --out \"" + out.string() +
                  "\" is a folder without a self-play manifest.json and not empty: use a new or empty folder");
    return chunks;
  }
  const Json manifest = parse_json(read_input_file(path.string(), "self-play manifest"), path.string());
  const JsonIn in(manifest, path.string());
  in.expect_object();
  Json id = manifest;
  for (const char* k : {"version", "chunks", "arrays", "games_file"}) id.erase(k);
  if (id != identity)
    input_error("selfplay: --out \"" + out.string() + "\" holds the self-play of another run (" +
                first_difference(id, identity, "the folder", "this run") + "): use another --out");
  const int chunk_games = identity.at("chunk_games").get<int>(), games = identity.at("games").get<int>();
  for (const JsonIn& c : in.at("chunks").array()) {
    c.allow_only({"name", "games", "rows"});
    const int i = int(chunks.size()), first = i * chunk_games, last = std::min(games, first + chunk_games);
    if (c.at("name").string() != chunk_name(i)) c.at("name").fail("must be \"" + chunk_name(i) + "\"");
    const std::vector<JsonIn> range = c.at("games").array_of_size(2);
    if (range[0].integer(0, games) != first || range[1].integer(0, games) != last)
      c.at("games").fail("must be [" + std::to_string(first) + ", " + std::to_string(last) + "]");
    const long long rows = c.at("rows").integer(0, 1LL << 40);
    if (!fs::is_directory(out / chunk_name(i))) c.at("name").fail("names a chunk folder that is not there");
    chunks.push_back(Json{{"name", chunk_name(i)}, {"games", Json::array({first, last})}, {"rows", rows}});
  }
  return chunks;
}

inline double folder_megabytes(const fs::path& out) {
  std::uintmax_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(out))
    if (e.is_regular_file()) bytes += e.file_size();
  return double(bytes) / 1e6;
}

template <Game G>
int run_selfplay(const SelfplaySettings& a) {
  if constexpr (!HasTensors<G>) {
    input_error("selfplay: " + a.game + " has no observation tensors to learn from");
  } else {
    const auto probe = G::initial(a.config);  // validates players, options and the map
    const int n = num_players_of<G>(probe);
    if (a.bots.size() != 1 && int(a.bots.size()) != n)
      input_error("selfplay: " + std::to_string(a.bots.size()) + " bots for " + std::to_string(n) +
                  " seats (give one bot for every seat, or one per seat)");
    if (a.games <= 0 || a.games % n != 0)
      input_error("selfplay: --games must be a positive multiple of the seat count " + std::to_string(n) +
                  " so that every deal is played in every seating");
    for (const auto& spec : a.bots) make_bot<G>(spec, 0);  // bad specs before any game
    check_models<G>(a.bots, probe, &a.config);             // a model of another game, options or map
    const int observation_size = G::observation_size(probe);
    const Json identity = run_identity<G>(a, n, observation_size);
    const fs::path out(a.out);
    std::vector<Json> chunks = resume(out, identity);
    const int total_chunks = (a.games + a.chunk_games - 1) / a.chunk_games;
    // A chunk half-written when a run was killed, or written whole but killed before the manifest
    // named it: played again.
    for (const auto& path : stale_chunks(out, int(chunks.size()), total_chunks)) fs::remove_all(path);

    Json manifest = identity;
    manifest["version"] = a.version;
    manifest["arrays"] = arrays_doc(n, observation_size);
    manifest["games_file"] = Json{{"name", "games.jsonl"},
                                  {"meaning",
                                   "a line a game of the chunk: index, deal, seed (the deal's), bots (by "
                                   "seat), scores, returns, moves (notation) and movers (-2: all at once)"}};
    if (!chunks.empty())
      std::fprintf(a.progress, "selfplay: resuming \"%s\" at chunk %zu of %d\n", a.out.c_str(), chunks.size(),
                   total_chunks);
    const int jobs = std::max(1, std::min(a.jobs, int(std::thread::hardware_concurrency())));
    for (int c = int(chunks.size()); c < total_chunks; ++c) {
      const int first = c * a.chunk_games, last = std::min(a.games, first + a.chunk_games);
      std::vector<Rows> games(std::size_t(last - first));
      parallel_for_dynamic(last - first, jobs, [&](int i) {
        games[std::size_t(i)] = play_selfplay_game<G>(a, n, first + i, observation_size);
      });
      Rows chunk;
      chunk.observation_size = observation_size, chunk.players = n;
      for (const Rows& r : games) chunk.append(r);
      write_chunk(out, c, chunk);
      chunks.push_back(Json{{"name", chunk_name(c)}, {"games", Json::array({first, last})}, {"rows", chunk.count()}});
      manifest["chunks"] = chunks;
      write_manifest(out, manifest);
      std::fprintf(a.progress, "selfplay: %d/%d games, %lld rows in chunk %d, %.1f MB in \"%s\"\n", last, a.games,
                   chunk.count(), c, folder_megabytes(out), a.out.c_str());
    }
    if (chunks.size() == std::size_t(total_chunks) && total_chunks > 0) {
      manifest["chunks"] = chunks;
      write_manifest(out, manifest);  // a run resumed when already complete writes the same manifest
    }
    long long rows = 0;
    for (const Json& c : chunks) rows += c["rows"].get<long long>();
    std::printf("%d games, %lld rows of %d observations, %zu chunks in %s (%.1f MB)\n", a.games, rows, observation_size,
                chunks.size(), a.out.c_str(), folder_megabytes(out));
  }
  return 0;
}

}  // namespace nuraghe::commands

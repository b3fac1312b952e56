#pragma once
// `nuraghe selfplay` for one game (cli/commands/selfplay.hpp): the games, their rows, the chunks and the
// manifest. A header, as `learn` (the data's identity) and the arena's tests (two jobs write what one
// does) use it too; cli/commands/selfplay.cpp instantiates it for every game.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <mutex>

#include "arena/arena.hpp"
#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "cli/commands/selfplay.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "search/parallel.hpp"

namespace nuraghe::commands {

namespace fs = std::filesystem;

// The rows of one game, or of a chunk of games, column by column.
struct Rows {
  int observation_size = 0, feature_count = 0, players = 0;  // feature_count 0: the game names none
  std::vector<float> observation, features, progress, returns, scores, search_value;
  std::vector<std::int32_t> seat, game, deal, decision, moved;
  std::vector<Json> games;  // each game's line of games.jsonl: its seed, moves and outcome
  // With labels: a value a row (NaN where the decision was not labelled), and the policy targets
  // sparse, an entry a move of a labelled mover's row.
  std::vector<float> expert_value, policy_prob;
  std::vector<std::int32_t> policy_row, policy_action;
  bool labelled = false;  // a chunk of a run with labels: its label arrays are written, even with no rows

  long long count() const { return (long long)seat.size(); }
  void append(const Rows& o);
};

// The number of the game's named features in this configuration: 0 for a game without them.
template <Game G>
int feature_count_of(const typename G::State& s) {
  if constexpr (HasFeatures<G>) return G::feature_count(s);
  return 0;
}

// The seat's bot in seat s of game g: one spec for every seat, or the arena's rotation of one each.
inline const std::string& spec_of(const SelfplaySettings& a, const std::vector<int>& seating, int s) {
  return a.bots.size() == 1 ? a.bots[0] : a.bots[std::size_t(seating[std::size_t(s)])];
}

// The expert search of a seat playing `spec` (--label-rate): --expert if given, else the spec with
// its iters= (and ms=, where set) times --expert-budget. InputError for a bot that does not search.
std::string expert_spec(const SelfplaySettings& a, const std::string& spec);

// The experts of a run, one a spec of a.bots (and in its order); none without labels.
inline std::vector<std::string> experts_of(const SelfplaySettings& a) {
  std::vector<std::string> experts;
  if (a.label_rate > 0)
    for (const std::string& spec : a.bots) experts.push_back(expert_spec(a, spec));
  return experts;
}

// Whether decision `decision` of game g, one giving rows, is labelled: a draw of its own, the same
// whatever the jobs and chunks.
inline bool labelled(const SelfplaySettings& a, std::uint64_t deal_seed, int g, int decision) {
  constexpr std::uint64_t kLabelStream = 0x6C6162656C000001ULL;
  const std::uint64_t h =
      hash_combine(hash_combine(hash_combine(deal_seed, kLabelStream), std::uint64_t(g)), std::uint64_t(decision));
  return double(h >> 11) * 0x1p-53 < a.label_rate;
}

// The expert's search of seat p at s (its move is not played): its visit shares over p's legal moves
// as policy entries of row `row`, an entry each (0 for a move it did not try: the entries are the
// softmax's support), and its root value of every seat.
template <Game G>
Values label_decision(const std::string& expert, std::uint64_t seed, const typename G::State& s, Player p,
                      std::int32_t row, Rows& rows) {
  const std::unique_ptr<Bot<G>> bot = make_bot<G>(expert, seed);
  auto* search = dynamic_cast<MctsBot<G>*>(bot.get());
  if (!search) input_error("selfplay: the expert \"" + expert + "\" does not search");
  bot->start(p);
  bot->choose(InfoSet<G>(s, p));
  const search::SearchResult& r = search->last_result();
  MoveListOf<G> legal;
  legal_moves_of<G>(s, p, legal);
  for (const Move move : legal) {
    const auto it =
        std::find_if(r.moves.begin(), r.moves.end(), [&](const search::MoveStats& m) { return m.move == move; });
    rows.policy_row.push_back(row);
    rows.policy_action.push_back(G::action_index(s, move));
    rows.policy_prob.push_back(it == r.moves.end() ? 0.0f : float(it->policy));
  }
  return r.root_values;
}
// Game g of the run, its rows and labels. `experts`: experts_of(a).
template <Game G>
Rows play_selfplay_game(const SelfplaySettings& a, int n, int g, int observation_size,
                        const std::vector<std::string>& experts) {
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
  const typename G::State start = G::initial(config);
  rows.observation_size = observation_size, rows.feature_count = feature_count_of<G>(start), rows.players = n;
  // Which decisions give rows: every `every`-th, from an offset the deal's seed chooses, so that
  // the first decision of each game is not always among them.
  const int offset = int(config.seed % std::uint64_t(a.every));
  int decision = 0;
  std::vector<float> buffer(std::size_t(std::max(observation_size, rows.feature_count)));
  const GameRecord record = play_game<G>(start, seats, [&](const typename G::State& s, const MoveRecord& m) {
    if ((decision + offset) % a.every == 0) {
      const auto first_row = std::int32_t(rows.count());
      for (int p = 0; p < n; ++p) {
        G::observation(s, p, buffer.data());
        rows.observation.insert(rows.observation.end(), buffer.begin(), buffer.begin() + observation_size);
        if constexpr (HasFeatures<G>) {
          G::features(s, p, buffer.data());
          rows.features.insert(rows.features.end(), buffer.begin(), buffer.begin() + rows.feature_count);
        }
        const bool moved = m.player == kSimultaneous || m.player == p;
        const std::optional<double> value = moved ? seats[std::size_t(p)]->root_value() : std::nullopt;
        rows.search_value.push_back(value ? float(*value) : std::numeric_limits<float>::quiet_NaN());
        rows.seat.push_back(p), rows.game.push_back(g), rows.deal.push_back(deal);
        rows.decision.push_back(decision), rows.moved.push_back(moved);
      }
      if (a.label_rate > 0) {
        std::array<float, kMaxPlayers> value;
        value.fill(std::numeric_limits<float>::quiet_NaN());
        if (labelled(a, config.seed, g, decision)) {
          // The mover's expert values every seat; at a simultaneous decision each seat's own
          // expert searches, and gives that seat's value.
          for (int p = 0; p < n; ++p) {
            if (m.player != kSimultaneous && m.player != p) continue;
            const std::size_t bot = a.bots.size() == 1 ? 0 : std::size_t(seating[std::size_t(p)]);
            constexpr std::uint64_t kExpertStream = 0x6578706572740001ULL;
            const std::uint64_t seed = hash_combine(hash_combine(arena_bot_seed(config.seed, g % n, p), kExpertStream),
                                                    std::uint64_t(decision));
            const Values v = label_decision<G>(experts[bot], seed, s, p, first_row + p, rows);
            for (int q = 0; q < n; ++q)
              if (m.player != kSimultaneous || q == p) value[std::size_t(q)] = float(v[q]);
          }
        }
        for (int p = 0; p < n; ++p) rows.expert_value.push_back(value[std::size_t(p)]);
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

// The folder of chunk c: chunk-00003.
std::string chunk_name(int c);

// Writes a chunk's arrays into a folder of their own, renamed into place once whole. Neither
// folder is there: stale_chunks removed this run's leftovers and refused anything else.
void write_chunk(const fs::path& out, int c, const Rows& r);

// This run's leftovers in `out`, to be removed and written again: a chunk half-written when a run
// was killed (chunk-NNNNN.part), or written whole but killed before the manifest named it
// (chunk-NNNNN), of the chunks `to_write` alone. Anything else in the folder is a user's and left
// alone; where it stands in a chunk's place (a file, a link, a folder holding other files), the
// run is refused before anything is removed.
std::vector<fs::path> stale_chunks(const fs::path& out, const std::vector<int>& to_write);

// The chunks a shard plays, in order: c with c % shards == shard, of `total`.
inline std::vector<int> chunks_of_shard(int total, int shard, int shards) {
  std::vector<int> mine;
  for (int c = shard; c < total; c += shards) mine.push_back(c);
  return mine;
}

// The reward= each bot backs up (a searching bot's), or null for a bot that does not search.
Json rewards_of(const std::vector<std::string>& bots);

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
  if (a.shards > 1) id["shard"] = std::to_string(a.shard) + "/" + std::to_string(a.shards);
  // Labels (--label-rate), only where asked, so that a run without them keeps its identity.
  if (a.label_rate > 0) {
    id["label_rate"] = a.label_rate;
    id["experts"] = experts_of(a);
    id["num_actions"] = G::num_actions(G::initial(a.config));
  }
  // The features' names, where the game has them: data of features named otherwise is another run's.
  if constexpr (HasFeatures<G>) id["feature_names"] = G::feature_names(G::initial(a.config));
  // Each model's hash (eval=, prior=FILE; the experts' too), as arena headers hold them: data of an
  // edited model is another run's.
  std::vector<std::string> specs = a.bots;
  for (const std::string& e : experts_of(a)) specs.push_back(e);
  if (const auto paths = model_paths(specs); !paths.empty()) {
    Json models = Json::object();
    for (const auto& path : paths) models[path] = model_hash_text(*shared_model(path));
    id["models"] = models;
  }
  return id;
}

// The manifest's "arrays": each array's type, shape and meaning (kSelfplayArrays), for n seats
// (features only where the game names them: feature_count > 0; the labels' only with `labels`).
Json arrays_doc(int n, int observation_size, int feature_count, bool labels);

// Writes manifest.json whole: written beside it, then renamed into place.
void write_manifest(const fs::path& out, const Json& manifest);

// The chunks of an existing folder of this run, which are the first of `mine` (the chunks the
// run's shard plays), or InputError for a folder of anything else.
std::vector<Json> resume(const fs::path& out, const Json& identity, const std::vector<int>& mine);

// The size of the folder's files, in megabytes.
double folder_megabytes(const fs::path& out);

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
    const std::vector<std::string> experts = experts_of(a);
    for (const auto& spec : experts)
      if (!dynamic_cast<MctsBot<G>*>(make_bot<G>(spec, 0).get()))
        input_error("selfplay: the expert \"" + spec + "\" does not search (give a searching bot to --expert)");
    check_models<G>(experts, probe, &a.config);
    const int observation_size = G::observation_size(probe);
    const Json identity = run_identity<G>(a, n, observation_size);
    const fs::path out(a.out);
    if (a.shards < 1 || a.shard < 0 || a.shard >= a.shards)
      input_error("selfplay: --shard must be i/n with 0 <= i < n");
    const int total_chunks = (a.games + a.chunk_games - 1) / a.chunk_games;
    const std::vector<int> mine = chunks_of_shard(total_chunks, a.shard, a.shards);
    std::vector<Json> chunks = resume(out, identity, mine);
    // A chunk half-written when a run was killed, or written whole but killed before the manifest
    // named it: played again.
    for (const auto& path : stale_chunks(out, std::vector<int>(mine.begin() + long(chunks.size()), mine.end())))
      fs::remove_all(path);

    Json manifest = identity;
    manifest["version"] = a.version;
    manifest["arrays"] = arrays_doc(n, observation_size, feature_count_of<G>(probe), a.label_rate > 0);
    manifest["games_file"] = Json{{"name", "games.jsonl"},
                                  {"meaning",
                                   "a line a game of the chunk: index, deal, seed (the deal's), bots (by "
                                   "seat), scores, returns, moves (notation) and movers (-2: all at once)"}};
    if (!chunks.empty())
      std::fprintf(a.progress, "selfplay: resuming \"%s\" at chunk %zu of %zu\n", a.out.c_str(), chunks.size(),
                   mine.size());
    const int jobs = std::max(1, std::min(a.jobs, int(std::thread::hardware_concurrency())));
    for (std::size_t k = chunks.size(); k < mine.size(); ++k) {
      const int c = mine[k];
      const int first = c * a.chunk_games, last = std::min(a.games, first + a.chunk_games);
      std::vector<Rows> games(std::size_t(last - first));
      parallel_for_dynamic(last - first, jobs, [&](int i) {
        games[std::size_t(i)] = play_selfplay_game<G>(a, n, first + i, observation_size, experts);
      });
      Rows chunk;
      chunk.observation_size = observation_size, chunk.feature_count = feature_count_of<G>(probe), chunk.players = n;
      chunk.labelled = a.label_rate > 0;
      for (const Rows& r : games) chunk.append(r);
      write_chunk(out, c, chunk);
      chunks.push_back(Json{{"name", chunk_name(c)}, {"games", Json::array({first, last})}, {"rows", chunk.count()}});
      manifest["chunks"] = chunks;
      write_manifest(out, manifest);
      if (a.shards == 1)
        std::fprintf(a.progress, "selfplay: %d/%d games, %lld rows in chunk %d, %.1f MB in \"%s\"\n", last, a.games,
                     chunk.count(), c, folder_megabytes(out), a.out.c_str());
      else
        std::fprintf(a.progress,
                     "selfplay: shard %d/%d: chunk %zu/%zu (games %d to %d), %lld rows, %.1f MB in \"%s\"\n", a.shard,
                     a.shards, k + 1, mine.size(), first, last - 1, chunk.count(), folder_megabytes(out),
                     a.out.c_str());
    }
    if (chunks.size() == mine.size() && !mine.empty()) {
      manifest["chunks"] = chunks;
      write_manifest(out, manifest);  // a run resumed when already complete writes the same manifest
    }
    long long rows = 0, games = 0;
    for (const Json& c : chunks)
      rows += c["rows"].get<long long>(), games += c["games"][1].get<long long>() - c["games"][0].get<long long>();
    if (a.summary)
      std::printf(
          "%lld games%s, %lld rows of %d observations, %zu chunks in %s (%.1f MB)\n", games,
          a.shards == 1 ? "" : (" of shard " + std::to_string(a.shard) + "/" + std::to_string(a.shards)).c_str(), rows,
          observation_size, chunks.size(), a.out.c_str(), folder_megabytes(out));
  }
  return 0;
}

}  // namespace nuraghe::commands

#pragma once
// `nuraghe learn` for one game (cli/commands/learn.hpp): the data read back, the fit, the held-out
// figures. Instantiated once per game by cli/game_commands.hpp; cli/commands/learn.cpp reads the data.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "arena/arena.hpp"
#include "bots/notation.hpp"
#include "cli/commands/learn.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/value_model.hpp"
#include "learn/fit.hpp"
#include "search/parallel.hpp"

namespace nuraghe::commands {

namespace fs = std::filesystem;

// The command's own random streams of --seed, apart from those lib/learn draws inside a fit.
constexpr std::uint64_t kHeldOutStream = 0x6C6561726E000001ULL, kCurveStream = 0x6C6561726E000002ULL;

// What the folders of one fit must share, from the first folder's manifest.
struct DataIdentity {
  std::string game, map, map_hash;
  int players = 0, observation_size = 0;
  Json options = Json::object();
};

// One game of the data: where its rows are, and its line of games.jsonl (to replay it) with what
// every row of it needs from the line, read once.
struct DataGame {
  int folder = 0;
  Json line;
  std::uint64_t seed = 0;
  long long moves = 0;
  std::vector<double> returns;  // by seat
};

// A folder's manifest and the map it names (checked against the game in learn_game).
struct DataFolder {
  std::string manifest, map;
};

struct Data {
  DataIdentity id;
  Json manifests = Json::array();  // each folder's manifest without its chunk list
  std::vector<DataFolder> folders;
  learn::Samples samples;
  std::vector<int> seat, decision;      // by row
  std::vector<long long> game_key;      // by row: a key of `games`
  std::map<long long, DataGame> games;  // by folder << 32 | game index
  // The first game of each chunk, by its key and its line's name, replayed by the manifest's rules.
  std::vector<std::pair<long long, std::string>> replayed;
  long long rows_read = 0;  // before rows without a target were left out
  // The rows kept, as read (row-major), until all folders are in and samples.x is filled once.
  std::vector<float> features;
  std::vector<double> targets;

  void fill_samples();  // samples.x and .y from the rows kept, once all folders are in
};

// The setup of the data's games (of one deal seed).
GameConfig config_of(const DataIdentity& id, std::uint64_t seed);

// The data's game by the manifest's rules: no map for a game without maps, its players, options
// and map accepted by the game, its observation the manifest's size, and the first game of each
// chunk replayed to the end its line records (a manifest naming another game, other options or
// another map than its games were played by, where the observations happen to have one size).
template <Game G>
void check_game(const Data& d) {
  for (const DataFolder& f : d.folders)
    if (!HasMap<G> && !f.map.empty())
      input_error("learn: \"", f.manifest, "\": \"map\" names \"", f.map, "\", but ", d.id.game, " takes no map");
  const std::string manifest = d.folders.front().manifest;
  const auto setup = [&](std::uint64_t seed) {
    try {
      return G::initial(config_of(d.id, seed));
    } catch (const InputError& e) {
      input_error("learn: \"", manifest, "\": ", e.what());
    }
  };
  const int size = G::observation_size(setup(1));
  if (size != d.id.observation_size)
    input_error("learn: \"", manifest, "\": observation_size ", d.id.observation_size, " is not that of ", d.id.game,
                " with its players, options and map (", size, " floats): this is not ", d.id.game, "'s self-play");
  for (const auto& [key, source] : d.replayed) {
    const DataGame& game = d.games.at(key);
    const JsonIn line(game.line, source);
    typename G::State s = setup(game.seed);
    const std::string rules = " by the manifest's rules (" + d.id.game + ", its options and map)";
    for (const JsonIn& move : line.at("moves").array()) {
      try {
        apply_step<G>(s, parse_step<G>(s, move.string()));
      } catch (const InputError& e) {
        move.fail("does not replay" + rules + ": " + e.what());
      }
    }
    if (s.to_move() != kTerminal) line.at("moves").fail("end before the game does" + rules);
    const Values end = s.returns();
    for (int p = 0; p < d.id.players; ++p)
      if (end[p] != game.returns[std::size_t(p)]) line.at("returns").fail("are not those the game ends with" + rules);
  }
}

// The game's hand-written evaluation of each `rows` row: the mean over `k` determinizations from the
// row's seat's view of evaluate()'s value for that seat (NaN elsewhere). Each game is replayed once.
template <Game G>
Eigen::VectorXd hand_written(const Data& d, const std::vector<int>& rows, int k, std::uint64_t seed) {
  Eigen::VectorXd v = Eigen::VectorXd::Constant(d.samples.x.rows(), std::nan(""));
  if constexpr (HasEvaluation<G>) {
    std::map<long long, std::vector<int>> by_game;
    for (int r : rows) by_game[d.game_key[std::size_t(r)]].push_back(r);
    for (auto& [key, game_rows] : by_game) {
      std::sort(game_rows.begin(), game_rows.end(),
                [&](int a, int b) { return d.decision[std::size_t(a)] < d.decision[std::size_t(b)]; });
      const JsonIn line(d.games.at(key).line, "self-play games");
      typename G::State s = G::initial(config_of(d.id, d.games.at(key).seed));
      const std::vector<JsonIn> moves = line.at("moves").array();
      int at = 0;
      for (int r : game_rows) {
        if (d.decision[std::size_t(r)] >= int(moves.size()))
          input_error("learn: a row of game " + std::to_string(key & 0xFFFFFFFF) + " names decision " +
                      std::to_string(d.decision[std::size_t(r)]) + ", past the game's " + std::to_string(moves.size()) +
                      " moves in its games.jsonl");
        for (; at < d.decision[std::size_t(r)]; ++at)
          apply_step<G>(s, parse_step<G>(s, moves[std::size_t(at)].string()));
        const Player p = d.seat[std::size_t(r)];
        Rng rng(hash_combine(seed, std::uint64_t(key) * 1000003 + std::uint64_t(at) * 31 + std::uint64_t(p)));
        double sum = 0;
        for (int i = 0; i < k; ++i) sum += G::evaluate(determinize<G>(s, p, rng))[p];
        v[r] = sum / k;
      }
    }
  }
  return v;
}

// The held-out figures. Of returns: over positions, each seat's values normalised to sum to 1
// (lib/learn's evaluate_positions). Of search values: row by row, each against its root value as a
// probability (log-loss of p against y and 1 - p against 1 - y, and (p - y)^2): a position has a
// row for each seat that moved, often one, which normalising would make 1 whatever the model.
// Accuracy of who wins is not defined there (NaN).
learn::Metrics figures(const std::string& target, const Eigen::VectorXd& predicted, const learn::Samples& data,
                       const std::vector<int>& rows);

template <Game G>
int learn_game(const LearnCommand& c, Data& d) {
  if constexpr (!HasTensors<G>) {
    input_error("learn: " + d.id.game + " has no observation tensors");
  } else {
    check_game<G>(d);
    {  // the map the data was played on, by its hash (a map file edited since would replay other games)
      if (map_hash_text<G>(config_of(d.id, 1)) != d.id.map_hash)
        input_error("learn: the map file \"" + d.id.map +
                    "\" is not the one the self-play was played on (its hash differs)");
    }
    // The hand-written evaluation of every row where the model reads it, else of the held-out rows
    // where it is compared: one replay of each game either way.
    const bool hand_figures = HasEvaluation<G> && c.target == "returns";
    if (c.with_evaluate && !HasEvaluation<G>)
      input_error("learn: --with-evaluate: " + d.id.game + " has no hand-written evaluation");
    std::vector<int> all_rows;
    if (c.with_evaluate)
      for (int r = 0; r < int(d.samples.x.rows()); ++r) all_rows.push_back(r);
    learn::FitOptions o;
    o.kind = c.model == "linear" ? ModelKind::Linear : c.model == "logistic" ? ModelKind::Logistic : ModelKind::Mlp;
    o.target = c.target;
    o.seed = c.seed;
    o.threads = c.threads;
    o.hidden = c.hidden;
    o.epochs = c.epochs;
    {  // a model the search could not load is refused before it is fitted (the caps, docs/learning.md)
      std::vector<int> outputs = o.kind == ModelKind::Mlp ? c.hidden : std::vector<int>{};
      outputs.push_back(1);
      const int inputs = d.id.observation_size + (c.with_evaluate ? 1 : 0);
      if (const std::string why = model_size_error(inputs, std::size_t(inputs), outputs); !why.empty())
        input_error("learn: a " + c.model + " model of " + std::to_string(inputs) + " inputs" +
                    (o.kind == ModelKind::Mlp ? " and these --hidden layers" : "") + " is too large: " + why);
    }
    const learn::Split split = learn::split_by_group(d.samples.group, c.held_out, hash_combine(c.seed, kHeldOutStream));
    Eigen::VectorXd hand_values;
    if (c.with_evaluate || hand_figures)
      hand_values = hand_written<G>(d, c.with_evaluate ? all_rows : split.test, c.determinizations, c.seed);
    if (c.with_evaluate) {  // the input's last column, observation_size (ValueModel::evaluate_input)
      const Eigen::Index column = d.samples.x.cols();
      d.samples.x.conservativeResize(Eigen::NoChange, column + 1);
      for (Eigen::Index r = 0; r < d.samples.x.rows(); ++r) d.samples.x(r, column) = evaluate_logit(hand_values[r]);
    }
    learn::FitReport report;
    ValueModel model = learn::fit(d.samples, split.train, o, &report);
    model.game = d.id.game, model.options = d.id.options, model.map_hash = d.id.map_hash;
    model.players = d.id.players, model.observation_size = d.id.observation_size;
    model.evaluate_input = c.with_evaluate;
    model.data = d.manifests;

    const Eigen::VectorXd learned = learn::predict(model, d.samples.x);
    const learn::Metrics m = figures(c.target, learned, d.samples, split.test);
    std::optional<learn::Metrics> hand;
    if (hand_figures) hand = figures(c.target, hand_values, d.samples, split.test);

    std::set<long long> train_deals, test_deals;
    for (int r : split.train) train_deals.insert(d.samples.group[std::size_t(r)]);
    for (int r : split.test) test_deals.insert(d.samples.group[std::size_t(r)]);
    std::printf("%s, %d players, %d observations: %lld rows of %zu deals (%zu training, %zu held out)\n",
                d.id.game.c_str(), d.id.players, d.id.observation_size, (long long)d.samples.x.rows(),
                train_deals.size() + test_deals.size(), train_deals.size(), test_deals.size());
    std::printf("%s model on %s%s: %d features kept, %d constant ones dropped", c.model.c_str(), c.target.c_str(),
                c.with_evaluate ? " and the hand-written evaluation" : "", report.features_kept,
                report.features_dropped);
    if (o.kind != ModelKind::Mlp) std::printf("; penalty %g by %d-fold cross-validation", report.penalty, o.folds);
    if (o.kind == ModelKind::Mlp) std::printf("; best epoch %d", report.best_epoch + 1);
    std::printf("\n\nheld out (%lld %s)%*s log-loss   Brier  accuracy\n", m.positions,
                c.target == "returns" ? "positions" : "rows, each against its search value",
                c.target == "returns" ? 9 : 1, "");
    std::printf("  learned %-22s %8.4f %7.4f ", c.model.c_str(), m.log_loss, m.brier);
    if (std::isnan(m.accuracy)) std::printf("%9s\n", "-");
    else std::printf("%8.1f%%\n", 100 * m.accuracy);
    if (hand)
      std::printf("  hand-written evaluate          %8.4f %7.4f %8.1f%%   (%d determinizations a seat)\n",
                  hand->log_loss, hand->brier, 100 * hand->accuracy, c.determinizations);
    else std::printf("  (the hand-written evaluation is compared on returns only, where the game has one)\n");

    if (!c.curve.empty()) {  // the same fit on the first 1/8, 1/4, 1/2 and all of the training deals
      OutputFile csv(c.curve, "--curve file");
      csv.write(
          "training_deals,training_rows,log_loss,brier,accuracy,evaluate_log_loss,evaluate_brier,"
          "evaluate_accuracy\n");
      std::vector<long long> deals(train_deals.begin(), train_deals.end());
      Rng rng(hash_combine(c.seed, kCurveStream));
      for (std::size_t i = deals.size(); i > 1; --i) std::swap(deals[i - 1], deals[rng.below(std::uint32_t(i))]);
      std::size_t previous = 0;
      for (const int part : {8, 4, 2, 1}) {
        // at least two deals a fold (the cross-validation's and the MLP's validation split need them)
        const std::size_t count = std::min(deals.size(), std::max(2 * std::size_t(o.folds), deals.size() / part));
        if (count == previous) continue;
        previous = count;
        const std::set<long long> some(deals.begin(), deals.begin() + long(count));
        std::vector<int> rows;
        for (int r : split.train)
          if (some.count(d.samples.group[std::size_t(r)])) rows.push_back(r);
        const learn::Metrics p =
            figures(c.target, learn::predict(learn::fit(d.samples, rows, o), d.samples.x), d.samples, split.test);
        char text[256];
        std::snprintf(text, sizeof text, "%zu,%zu,%.6f,%.6f,%.6f,", some.size(), rows.size(), p.log_loss, p.brier,
                      p.accuracy);
        std::string row = text;
        if (hand) {
          std::snprintf(text, sizeof text, "%.6f,%.6f,%.6f", hand->log_loss, hand->brier, hand->accuracy);
          row += text;
        } else {
          row += ",";
        }
        csv.write(row + "\n");
      }
      csv.close();
    }
    OutputFile out(c.out, "--out model file");
    out.write(model_to_json(model).dump(1) + "\n");
    out.close();
    std::printf("\nwrote %s (model hash %s)\n", c.out.c_str(), model_hash_text(model).c_str());
  }
  return 0;
}

}  // namespace nuraghe::commands

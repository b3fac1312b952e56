// `nuraghe learn` (cli/commands/learn.hpp): the arguments checked and the self-play data read, then
// the fit for the game and its held-out figures.
#include "cli/commands/learn.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include "any_game/any_game.hpp"
#include "arena/arena.hpp"
#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "cli/command.hpp"
#include "cli/commands/selfplay.hpp"
#include "cli/commands/selfplay_game.hpp"
#include "cli/options.hpp"
#include "cli/progress.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/npy.hpp"
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
  std::vector<std::string> feature_names;  // the game's named features (none: the data has no features)
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
  // What the model reads, and the rows kept as read (row-major, layout.size() - 1 or layout.size()
  // floats: the evaluation's column comes later), until all folders are in and samples.x is filled once.
  ModelInputs inputs = ModelInputs::Observation;
  InputLayout layout;
  learn::PolicyTargets policy;  // --target policy: each kept row's legal actions and expert shares
  std::vector<float> input_rows;
  std::vector<double> targets;

  void fill_samples();  // samples.x and .y from the rows kept, once all folders are in
};

// The setup of the data's games (of one deal seed).
GameConfig config_of(const DataIdentity& id, std::uint64_t seed);

// What a model of this layout reads, for the command's first line: "2124 observations and 172 features".
std::string inputs_text(const InputLayout& l);

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
  if (d.layout.features > 0) {  // features of the game as it names them now, as a model will read them
    std::vector<std::string> names;
    if constexpr (HasFeatures<G>) names = G::feature_names(setup(1));
    if (names != d.id.feature_names)
      input_error("learn: \"", manifest, "\": feature_names are not ", d.id.game,
                  "'s now (its features have changed since the self-play was played): play it again");
  }
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

// f(r, s, rng) for each of `rows` with s the state before its decision, replayed from the game's
// line (each game once, its rows in decision order), and rng a stream of `seed`, the row's game,
// decision and seat. With `progress`, a line a game on stderr named by it.
template <Game G, class F>
void replay_rows(const Data& d, const std::vector<int>& rows, std::uint64_t seed, const std::string& progress, F&& f) {
  std::map<long long, std::vector<int>> by_game;
  for (int r : rows) by_game[d.game_key[std::size_t(r)]].push_back(r);
  std::optional<StepProgress> shown;
  if (!progress.empty()) shown.emplace(progress, int(by_game.size()));
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
      for (; at < d.decision[std::size_t(r)]; ++at) apply_step<G>(s, parse_step<G>(s, moves[std::size_t(at)].string()));
      const Player p = d.seat[std::size_t(r)];
      Rng rng(hash_combine(seed, std::uint64_t(key) * 1000003 + std::uint64_t(at) * 31 + std::uint64_t(p)));
      f(r, std::as_const(s), rng);
    }
    if (shown)
      shown->step("game " + std::to_string(key & 0xFFFFFFFF) + ", " + std::to_string(game_rows.size()) + " rows");
  }
}

// The game's hand-written evaluation of each `rows` row: the mean over `k` determinizations from the
// row's seat's view of evaluate()'s value for that seat (NaN elsewhere). Each game is replayed once.
template <Game G>
Eigen::VectorXd hand_written(const Data& d, const std::vector<int>& rows, int k, std::uint64_t seed, bool progress) {
  Eigen::VectorXd v = Eigen::VectorXd::Constant(d.samples.x.rows(), std::nan(""));
  if constexpr (HasEvaluation<G>) {
    replay_rows<G>(d, rows, seed, progress ? "learn: the hand-written evaluation, replayed" : "",
                   [&](int r, const typename G::State& s, Rng& rng) {
                     const Player p = d.seat[std::size_t(r)];
                     double sum = 0;
                     for (int i = 0; i < k; ++i) sum += G::evaluate(determinize<G>(s, p, rng))[p];
                     v[r] = sum / k;
                   });
  }
  return v;
}

// The same figures of the game's heuristic move, as prior=heuristic makes it a prior (share
// `weight`, the rest equal over the legal moves), chosen from a determinization of the row's seat's
// view; nullopt for a game without a heuristic.
template <Game G>
std::optional<learn::PolicyMetrics> heuristic_policy(const Data& d, const std::vector<int>& rows, double weight,
                                                     std::uint64_t seed, bool progress) {
  if constexpr (HasHeuristic<G>) {
    std::map<int, int> heuristic;  // row: the heuristic move's action
    replay_rows<G>(d, rows, seed, progress ? "learn: the heuristic's moves, replayed" : "",
                   [&](int r, const typename G::State& s, Rng& rng) {
                     const Player p = d.seat[std::size_t(r)];
                     heuristic[r] = G::action_index(s, G::heuristic_move(determinize<G>(s, p, rng), p, rng));
                   });
    return learn::evaluate_policy(d.policy, rows, [&](int r, double* out) {
      const long long b = d.policy.begin[std::size_t(r)], k = d.policy.begin[std::size_t(r) + 1] - b;
      for (long long j = 0; j < k; ++j)
        out[j] = (1 - weight) / double(k) + (d.policy.action[std::size_t(b + j)] == heuristic[r] ? weight : 0.0);
    });
  }
  return std::nullopt;
}

// --target policy: a softmax policy fitted to the expert's visit shares, its held-out figures
// beside those of the heuristic's prior and of equal shares, and its model file.
template <Game G>
int learn_policy(const LearnCommand& c, Data& d) {
  learn::FitOptions o;
  o.kind = c.model == "mlp" ? ModelKind::Mlp : ModelKind::Logistic;
  o.target = "visits";
  o.seed = c.seed;
  o.threads = c.threads;
  o.hidden = c.hidden;
  o.epochs = c.epochs;
  // A policy has a weight a feature for each of hundreds of actions, so L-BFGS's own vector work
  // (memory pairs of the weights' size) outweighs the rows' (measured: 72% of the time at 10 pairs),
  // and a row costs a pass over its legal moves (Ticket to Ride: 146 on average): fewer, looser fits
  // than a value's (docs/learning.md, "Policy models").
  o.logistic_penalties = {1e-3, 1e-2, 1e-1};
  o.folds = 3;
  o.max_iterations = 100;
  o.memory = 5;
  o.tolerance = 1e-4;
  const int inputs = d.layout.size();
  std::vector<int> outputs = o.kind == ModelKind::Mlp ? c.hidden : std::vector<int>{};
  outputs.push_back(d.policy.num_actions);
  if (const std::string why = model_size_error(inputs, std::size_t(inputs), outputs); !why.empty())
    input_error("learn: a policy of " + std::to_string(inputs) + " inputs over " +
                std::to_string(d.policy.num_actions) + " actions" +
                (o.kind == ModelKind::Mlp ? " and these --hidden layers" : "") + " is too large: " + why);
  const learn::Split split = learn::split_by_group(d.samples.group, c.held_out, hash_combine(c.seed, kHeldOutStream));
  learn::FitReport report;
  std::optional<StepProgress> fitting;
  if (c.progress) {
    fitting.emplace("learn: the policy's fit", 1);
    o.progress = [&](int done, int total, const std::string& what) { fitting->at(done, total, what); };
  }
  ValueModel model = learn::fit_policy(d.samples, d.policy, split.train, o, &report);
  o.progress = nullptr;
  model.game = d.id.game, model.options = d.id.options, model.map_hash = d.id.map_hash;
  model.players = d.id.players, model.observation_size = d.id.observation_size;
  model.inputs = d.inputs;
  if (d.layout.features > 0) model.feature_names = d.id.feature_names;
  model.data = d.manifests;

  const learn::PolicyMetrics learned = learn::evaluate_policy(d.policy, split.test, [&](int r, double* out) {
    learn::policy_probabilities(model, d.samples.x, d.policy, r, out);
  });
  const learn::PolicyMetrics even = learn::evaluate_policy(d.policy, split.test, [&](int r, double* out) {
    const long long k = d.policy.begin[std::size_t(r) + 1] - d.policy.begin[std::size_t(r)];
    for (long long j = 0; j < k; ++j) out[j] = 1.0 / double(k);
  });
  constexpr double kPriorWeight = 0.5;  // prior=heuristic's default prior_weight (lib/bots/spec.cpp)
  const std::optional<learn::PolicyMetrics> heuristic =
      heuristic_policy<G>(d, split.test, kPriorWeight, c.seed, c.progress);

  std::set<long long> train_deals, test_deals;
  for (int r : split.train) train_deals.insert(d.samples.group[std::size_t(r)]);
  for (int r : split.test) test_deals.insert(d.samples.group[std::size_t(r)]);
  std::printf("%s, %d players, %s: %lld labelled rows of %zu deals (%zu training, %zu held out)\n", d.id.game.c_str(),
              d.id.players, inputs_text(d.layout).c_str(), (long long)d.samples.x.rows(),
              train_deals.size() + test_deals.size(), train_deals.size(), test_deals.size());
  std::printf("softmax policy (%s) on the expert's visit shares: %d inputs kept, %d constant ones dropped; ",
              c.model.c_str(), report.features_kept, report.features_dropped);
  if (o.kind == ModelKind::Mlp)
    std::printf("best epoch %d of %d\n", report.best_epoch + 1, int(report.train_loss.size()));
  else std::printf("penalty %g by %d-fold cross-validation\n", report.penalty, o.folds);
  std::printf("\nheld out (%lld rows, each against the expert's shares)   cross-entropy   top-1\n", learned.rows);
  std::printf("  learned policy                                   %12.4f %7.1f%%\n", learned.cross_entropy,
              100 * learned.top1);
  if (heuristic)
    std::printf("  heuristic move (prior=heuristic, weight %.1f)     %12.4f %7.1f%%\n", kPriorWeight,
                heuristic->cross_entropy, 100 * heuristic->top1);
  std::printf("  equal shares of the legal moves                  %12.4f %8s\n", even.cross_entropy, "-");
  OutputFile out(c.out, "--out model file");
  out.write(json_text(model_to_json(model), 1) + "\n");
  out.close();
  std::printf("\nwrote %s (model hash %s)\n", c.out.c_str(), model_hash_text(model).c_str());
  return 0;
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
    if (c.target == "policy") return learn_policy<G>(c, d);
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
      const int inputs = d.layout.size();
      if (const std::string why = model_size_error(inputs, std::size_t(inputs), outputs); !why.empty())
        input_error("learn: a " + c.model + " model of " + std::to_string(inputs) + " inputs" +
                    (o.kind == ModelKind::Mlp ? " and these --hidden layers" : "") + " is too large: " + why);
    }
    const learn::Split split = learn::split_by_group(d.samples.group, c.held_out, hash_combine(c.seed, kHeldOutStream));
    Eigen::VectorXd hand_values;
    if (c.with_evaluate || hand_figures)
      hand_values = hand_written<G>(d, c.with_evaluate ? all_rows : split.test, c.determinizations, c.seed, c.progress);
    if (c.with_evaluate) {  // the input's last column (InputLayout)
      const Eigen::Index column = d.samples.x.cols();
      d.samples.x.conservativeResize(Eigen::NoChange, column + 1);
      for (Eigen::Index r = 0; r < d.samples.x.rows(); ++r) d.samples.x(r, column) = evaluate_logit(hand_values[r]);
    }
    learn::FitReport report;
    std::optional<StepProgress> fitting;
    if (c.progress) {
      fitting.emplace("learn: the fit", 1);
      o.progress = [&](int done, int total, const std::string& what) { fitting->at(done, total, what); };
    }
    ValueModel model = learn::fit(d.samples, split.train, o, &report);
    fitting.reset();
    model.game = d.id.game, model.options = d.id.options, model.map_hash = d.id.map_hash;
    model.players = d.id.players, model.observation_size = d.id.observation_size;
    model.evaluate_input = c.with_evaluate;
    if (c.target == "expert-value") model.target_mix = c.target_mix;
    model.inputs = d.inputs;
    if (d.layout.features > 0) model.feature_names = d.id.feature_names;
    model.data = d.manifests;

    const Eigen::VectorXd learned = learn::predict(model, d.samples.x);
    const learn::Metrics m = figures(c.target, learned, d.samples, split.test);
    std::optional<learn::Metrics> hand;
    if (hand_figures) hand = figures(c.target, hand_values, d.samples, split.test);

    std::set<long long> train_deals, test_deals;
    for (int r : split.train) train_deals.insert(d.samples.group[std::size_t(r)]);
    for (int r : split.test) test_deals.insert(d.samples.group[std::size_t(r)]);
    std::printf("%s, %d players, %s: %lld rows of %zu deals (%zu training, %zu held out)\n", d.id.game.c_str(),
                d.id.players, inputs_text(d.layout).c_str(), (long long)d.samples.x.rows(),
                train_deals.size() + test_deals.size(), train_deals.size(), test_deals.size());
    std::printf("%s model on %s%s: %d inputs kept, %d constant ones dropped", c.model.c_str(), c.target.c_str(),
                c.with_evaluate ? " and the hand-written evaluation" : "", report.features_kept,
                report.features_dropped);
    if (o.kind != ModelKind::Mlp) std::printf("; penalty %g by %d-fold cross-validation", report.penalty, o.folds);
    if (o.kind == ModelKind::Mlp) std::printf("; best epoch %d", report.best_epoch + 1);
    if (c.target == "expert-value" && c.target_mix != 1)
      std::printf("\ntarget: %g x the expert's value + %g x the outcome, mean %.6f over the %lld rows", c.target_mix,
                  1 - c.target_mix, d.samples.y.mean(), (long long)d.samples.y.size());
    std::printf("\n\nheld out (%lld %s)%*s log-loss   Brier  accuracy\n", m.positions,
                c.target == "returns"        ? "positions"
                : c.target == "search-value" ? "rows, each against its search value"
                : c.target_mix == 1          ? "rows, each against the expert's value"
                                             : "rows, each against its mixed target",
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
        std::optional<StepProgress> part_fit;
        if (c.progress) {
          part_fit.emplace("learn: the learning curve, " + std::to_string(some.size()) + " deals", 1);
          o.progress = [&](int done, int total, const std::string& what) { part_fit->at(done, total, what); };
        }
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
    out.write(json_text(model_to_json(model), 1) + "\n");
    out.close();
    std::printf("\nwrote %s (model hash %s)\n", c.out.c_str(), model_hash_text(model).c_str());
  }
  return 0;
}

}  // namespace nuraghe::commands

namespace nuraghe {

// ---- what every game's learn shares, and the data read ------------------------------------------

namespace commands {

void Data::fill_samples() {
  const Eigen::Index rows = Eigen::Index(targets.size());
  samples.x = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      input_rows.data(), rows, layout.observation + layout.features);
  samples.y = Eigen::Map<const Eigen::VectorXd>(targets.data(), rows);
  std::vector<float>().swap(input_rows);
}

std::string inputs_text(const InputLayout& l) {
  std::string text;
  if (l.observation > 0) text = std::to_string(l.observation) + " observations";
  if (l.features > 0) text += (text.empty() ? "" : " and ") + std::to_string(l.features) + " features";
  return text;
}

GameConfig config_of(const DataIdentity& id, std::uint64_t seed) {
  GameConfig config;
  config.players = id.players, config.seed = seed, config.map_file = id.map;
  for (const auto& [name, value] : id.options.items()) config.options[name] = value.get<std::string>();
  return config;
}

learn::Metrics figures(const std::string& target, const Eigen::VectorXd& predicted, const learn::Samples& data,
                       const std::vector<int>& rows) {
  if (target == "returns") return learn::evaluate_positions(predicted, data, rows);
  learn::Metrics m;
  for (int r : rows) {
    const double p = std::clamp(predicted[r], 1e-15, 1 - 1e-15), y = data.y[r];
    m.log_loss -= y * std::log(p) + (1 - y) * std::log(1 - p);
    m.brier += (p - y) * (p - y);
  }
  m.positions = (long long)rows.size();
  m.log_loss /= double(rows.size()), m.brier /= double(rows.size());
  m.accuracy = std::nan("");
  return m;
}

namespace {

DataIdentity identity_of(const JsonIn& m) {
  DataIdentity id;
  id.game = m.at("game").string();
  id.players = m.at("players").int_in(1, kMaxPlayers);
  id.observation_size = m.at("observation_size").int_in(1, kMaxObservation);
  m.at("options").expect_object();
  for (const auto& [name, value] : m.at("options").json().items())
    if (!value.is_string()) m.at("options").fail("must map each option to its value as a string");
  id.options = m.at("options").json();
  id.map = m.at("map").string();
  id.map_hash = m.at("map_hash").string();
  if (const auto names = m.find("feature_names"))
    for (const JsonIn& name : names->array(1, std::size_t(kMaxObservation))) id.feature_names.push_back(name.string());
  return id;
}

// A file of the data is never one learn writes, --force or not: the fit would destroy its own data
// (however the two paths are spelled: same_file compares the files themselves).
void check_not_output(const LearnCommand& c, const std::string& folder, const std::string& input) {
  for (const auto& [flag, output] :
       {std::pair<const char*, const std::string*>{"--out", &c.out}, {"--curve", &c.curve}})
    if (!output->empty() && same_file(*output, input))
      input_error("learn: ", flag, " \"", *output, "\" is a file of --data \"", folder, "\" (\"", input,
                  "\"): give another file (--force replaces no file of the data)");
}

// A number of an array for a message: "nan", "1.5".
std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// Reads the manifest and arrays of --data folder `index` into `d`, checking them against each
// other and against the folders read before: the run's chunks in order and each once, each chunk's
// games its own, every row's return in [0, 1] and its game's, so that no row counts twice and no
// target is dropped or changed without a word.
void read_folder(const LearnCommand& c, int index, Data& d) {
  const std::string& folder = c.data[std::size_t(index)];
  const std::string& target = c.target;
  const std::string path = (fs::path(folder) / "manifest.json").string();
  if (!fs::is_regular_file(path))
    input_error("learn: --data \"" + folder + "\" holds no manifest.json (a folder of nuraghe selfplay --out)");
  check_not_output(c, folder, path);
  const Json manifest = parse_json(read_input_file(path, "self-play manifest"), path);
  const JsonIn m(manifest, path);
  if (m.at("nuraghe").string() != "selfplay") m.at("nuraghe").fail("must be \"selfplay\"");
  if (m.at("format").int_in(1, 1) != 1) m.at("format").fail("must be 1");
  if (const auto shard = m.find("shard"))
    input_error("learn: --data \"" + folder + "\" is shard " + shard->string() +
                " of a self-play run: join the run's shards with `nuraghe merge SHARD... --out FOLDER` and learn from "
                "FOLDER");
  const DataIdentity id = identity_of(m);
  const bool features = d.inputs != ModelInputs::Observation;
  if (features && id.feature_names.empty())
    input_error("learn: --data \"" + folder + "\" has no features (" + id.game +
                " names none, or the self-play was played before nuraghe wrote them): use --inputs observation");
  if (index == 0) {
    d.id = id;
    d.layout = {d.inputs == ModelInputs::Features ? 0 : id.observation_size,
                features ? int(id.feature_names.size()) : 0, c.with_evaluate};
  } else if (id.game != d.id.game || id.players != d.id.players || id.options != d.id.options ||
             id.map_hash != d.id.map_hash || id.observation_size != d.id.observation_size) {
    input_error("learn: --data \"" + folder +
                "\" is self-play of another game, options, map or seat count than the first --data folder");
  } else if (features && id.feature_names != d.id.feature_names) {
    input_error("learn: --data \"" + folder + "\" names its features otherwise than the first --data folder");
  }
  d.folders.push_back({path, id.map});
  if ((target == "expert-value" || target == "policy") && !m.find("label_rate"))
    input_error("learn: --data \"" + folder + "\" has no expert labels for --target " + target +
                ": play the self-play with --label-rate");
  if (target == "policy" || target == "expert-value") {  // the labels' actions are checked against it
    const int actions = m.at("num_actions").int_in(1, kMaxActions);
    if (index > 0 && actions != d.policy.num_actions)
      m.at("num_actions").fail("differs from the first --data folder's");
    d.policy.num_actions = actions;
  }
  if (target == "search-value")
    for (const JsonIn& reward : m.at("reward").array())
      if (!reward.is_null() && reward.string() == "score")
        input_error("learn: --data \"" + folder +
                    "\" was played by a bot with reward=score, whose search values are shares of points, not of the "
                    "win: fit --target returns, or play the self-play with reward=win");
  Json kept = manifest;
  kept.erase("chunks"), kept.erase("arrays"), kept.erase("games_file");
  d.manifests.push_back(kept);
  const int n = id.players, size = id.observation_size;

  // The run's chunks, in order and each once (a chunk listed twice would count its rows twice),
  // chunk i holding games [i * chunk_games, (i + 1) * chunk_games) of the run's `games`.
  const long long games = m.at("games").integer(1, 1LL << 30), chunk_games = m.at("chunk_games").integer(1, 1LL << 30);
  const std::vector<JsonIn> chunks = m.at("chunks").array();
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const JsonIn& chunk = chunks[i];
    chunk.allow_only({"name", "games", "rows"});
    const std::string name = chunk_name(int(i));
    if (chunk.at("name").string() != name)
      chunk.at("name").fail("must be \"" + name + "\" (the run's chunks, in order, each once)");
    const long long first = (long long)i * chunk_games, last = std::min(games, first + chunk_games);
    if (first >= games)
      chunk.fail("is past the run's " + std::to_string(games) + " games in chunks of " + std::to_string(chunk_games));
    const std::vector<JsonIn> range = chunk.at("games").array_of_size(2);
    if (range[0].integer(0, games) != first || range[1].integer(0, games) != last)
      chunk.at("games").fail("must be [" + std::to_string(first) + ", " + std::to_string(last) + "]");
    // Every file of the chunk, those learn does not read too: the data is the user's.
    for (const SelfplayArray& array : kSelfplayArrays)
      check_not_output(c, folder, (fs::path(folder) / name / (std::string(array.name) + ".npy")).string());
    check_not_output(c, folder, (fs::path(folder) / name / "games.jsonl").string());
  }

  std::optional<StepProgress> reading;
  if (c.progress) reading.emplace("learn: reading \"" + folder + "\"", int(chunks.size()));
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const JsonIn& chunk = chunks[i];
    const fs::path dir = fs::path(folder) / chunk.at("name").string();
    const long long first = (long long)i * chunk_games, last = std::min(games, first + chunk_games);
    const auto where = [&](const char* name) { return (dir / (std::string(name) + ".npy")).string(); };
    const long long rows = chunk.at("rows").integer(0, 1LL << 40);
    const auto obs = npy::read<float>(where("observation"));
    const auto feat = features ? npy::read<float>(where("features")) : npy::Array<float>{};
    const auto seat = npy::read<std::int32_t>(where("seat")), game = npy::read<std::int32_t>(where("game"));
    const auto deal = npy::read<std::int32_t>(where("deal")), decision = npy::read<std::int32_t>(where("decision"));
    const auto returns = npy::read<float>(where("returns")), value = npy::read<float>(where("search_value"));
    // The labels (selfplay --label-rate), for the targets that read them: the expert's values a row,
    // and the policy's entries, gathered by row.
    const bool labels = target == "expert-value" || target == "policy";
    const auto expert = labels ? npy::read<float>(where("expert_value")) : npy::Array<float>{};
    const auto policy_row = labels ? npy::read<std::int32_t>(where("policy_row")) : npy::Array<std::int32_t>{};
    const auto policy_action = labels ? npy::read<std::int32_t>(where("policy_action")) : npy::Array<std::int32_t>{};
    const auto policy_share = labels ? npy::read<float>(where("policy_prob")) : npy::Array<float>{};
    std::vector<long long> entries_of(labels ? std::size_t(rows) + 1 : 0, 0);  // row r's: [entries_of[r], ...[r+1])
    if (labels) {
      if (expert.rows != rows || policy_action.rows != policy_row.rows || policy_share.rows != policy_row.rows)
        input_error("learn: \"" + dir.string() +
                    "\": expert_value.npy must have a value a row, and policy_row, policy_action and policy_prob.npy "
                    "as many entries each");
      for (long long e = 0; e < policy_row.rows; ++e) {
        const std::int32_t r = policy_row.values[std::size_t(e)];
        if (r < 0 || r >= rows || (e > 0 && r < policy_row.values[std::size_t(e) - 1]))
          input_error("learn: \"" + where("policy_row") + "\" entry " + std::to_string(e) + " names row " +
                      std::to_string(r) + ": the entries name the chunk's rows, in order");
        const std::int32_t a = policy_action.values[std::size_t(e)];
        if (a < 0 || a >= d.policy.num_actions)
          input_error("learn: \"" + where("policy_action") + "\" entry " + std::to_string(e) + " names action " +
                      std::to_string(a) + ", not one of the game's " + std::to_string(d.policy.num_actions));
        const float p = policy_share.values[std::size_t(e)];
        if (!(p >= 0 && p <= 1))
          input_error("learn: \"" + where("policy_prob") + "\" entry " + std::to_string(e) + " is " + number_text(p) +
                      ", not a share in [0, 1]");
        ++entries_of[std::size_t(r) + 1];
      }
      for (long long r = 0; r < rows; ++r) entries_of[std::size_t(r) + 1] += entries_of[std::size_t(r)];
    }
    const auto check_shape = [&](const auto& a, const char* name, long long cols) {
      if (a.rows != rows || a.cols != cols)
        input_error("learn: \"" + where(name) + "\" has shape (" + std::to_string(a.rows) + ", " +
                    std::to_string(a.cols) + "), the manifest says (" + std::to_string(rows) + ", " +
                    std::to_string(cols) + ")");
    };
    check_shape(obs, "observation", size), check_shape(seat, "seat", 1), check_shape(game, "game", 1);
    check_shape(deal, "deal", 1), check_shape(decision, "decision", 1), check_shape(returns, "returns", n);
    check_shape(value, "search_value", 1);
    if (features) check_shape(feat, "features", (long long)id.feature_names.size());

    // The chunk's games, each once: a line of another chunk's game would stand for it twice.
    const std::string games_path = (dir / "games.jsonl").string();
    std::istringstream lines(read_input_file(games_path, "self-play games", std::size_t(1) << 30));
    std::string text;
    std::set<long long> seen;
    for (int l = 0; std::getline(lines, text); ++l) {
      const std::string source = "\"" + games_path + "\" line " + std::to_string(l + 1);
      const Json line = parse_json(text, source);
      const JsonIn in(line, source);
      const long long g = in.at("index").integer(first, last - 1);
      if (!seen.insert(g).second) in.at("index").fail("names game " + std::to_string(g) + " a second time");
      const std::vector<double> line_returns = in.at("returns").reals(0, 1, std::size_t(n), std::size_t(n));
      if (g == first) d.replayed.emplace_back((long long)index << 32 | g, source);
      d.games[(long long)index << 32 | g] =
          DataGame{index, line, in.at("seed").u64(), (long long)in.at("moves").array().size(), line_returns};
    }
    if ((long long)seen.size() != last - first)
      input_error("learn: \"" + games_path + "\" holds " + std::to_string(seen.size()) + " games, not the " +
                  std::to_string(last - first) + " of its chunk (games " + std::to_string(first) + " to " +
                  std::to_string(last - 1) + ")");

    for (long long r = 0; r < rows; ++r) {
      const std::string row = " row " + std::to_string(r);
      const int s = seat.values[std::size_t(r)];
      if (s < 0 || s >= n) input_error("learn: \"" + where("seat") + "\" holds seat " + std::to_string(s));
      const long long g = game.values[std::size_t(r)];
      if (g < first || g >= last)
        input_error("learn: \"" + where("game") + "\"" + row + " names game " + std::to_string(g) +
                    ", not one of its chunk (games " + std::to_string(first) + " to " + std::to_string(last - 1) + ")");
      const long long key = (long long)index << 32 | g;
      const DataGame& line = d.games.at(key);
      // Every seat's return: in [0, 1], and the one its game ended with. A NaN is refused, never
      // left out: the row's target would be gone without a word.
      for (int p = 0; p < n; ++p) {
        const float v = returns.row(r)[p];
        if (!(v >= 0 && v <= 1))
          input_error("learn: \"" + where("returns") + "\"" + row + ": seat " + std::to_string(p) + "'s return is " +
                      number_text(v) + ", not a number in [0, 1]");
        if (v != float(line.returns[std::size_t(p)]))
          input_error("learn: \"" + where("returns") + "\"" + row + ": seat " + std::to_string(p) + "'s return is " +
                      number_text(v) + ", not the " + number_text(line.returns[std::size_t(p)]) + " of game " +
                      std::to_string(g) + " in \"" + games_path + "\"");
      }
      ++d.rows_read;
      double y = returns.row(r)[s];
      if (target == "search-value") {
        const float v = value.values[std::size_t(r)];
        if (std::isnan(v)) continue;  // no search value: the seat did not move, or did not search
        if (!(v >= 0 && v <= 1))
          input_error("learn: \"" + where("search_value") + "\"" + row + ": the search value is " + number_text(v) +
                      ", not a number in [0, 1] (or NaN, where the seat did not search)");
        y = v;
      }
      if (target == "expert-value") {
        const float v = expert.values[std::size_t(r)];
        if (std::isnan(v)) continue;  // the decision was not labelled
        if (!(v >= 0 && v <= 1))
          input_error("learn: \"" + where("expert_value") + "\"" + row + ": the expert's value is " + number_text(v) +
                      ", not a number in [0, 1] (or NaN, where the decision was not labelled)");
        y = c.target_mix == 1 ? double(v) : c.target_mix * v + (1 - c.target_mix) * y;  // y: the outcome
      }
      if (target == "policy") {
        const long long b = entries_of[std::size_t(r)], e = entries_of[std::size_t(r) + 1];
        if (b == e) continue;  // no policy target: not labelled, or the seat did not move
        double sum = 0;
        for (long long k = b; k < e; ++k) {
          sum += policy_share.values[std::size_t(k)];
          d.policy.action.push_back(policy_action.values[std::size_t(k)]);
          d.policy.share.push_back(policy_share.values[std::size_t(k)]);
        }
        if (std::abs(sum - 1) > 1e-3)
          input_error("learn: \"" + where("policy_prob") + "\"" + row + ": the shares sum to " + number_text(sum) +
                      ", not 1");
        d.policy.begin.push_back((long long)d.policy.action.size());
      }
      if (decision.values[std::size_t(r)] < 0 || decision.values[std::size_t(r)] >= line.moves)
        input_error("learn: a row of \"" + where("decision") + "\" names decision " +
                    std::to_string(decision.values[std::size_t(r)]) + ", past the game's " +
                    std::to_string(line.moves) + " moves in its games.jsonl");
      d.seat.push_back(s), d.decision.push_back(decision.values[std::size_t(r)]), d.game_key.push_back(key);
      // The deal by its seed, not its number: two folders of one --seed played the same deals,
      // which must not fall on both sides of a split.
      d.samples.group.push_back((long long)line.seed);
      d.samples.position.push_back(key << 20 | decision.values[std::size_t(r)]);
      d.targets.push_back(y);
      // The inputs, each a finite number: a NaN would spoil the whole fit without a word.
      const auto add_inputs = [&](const float* from, int count, const char* name) {
        for (int i = 0; i < count; ++i)
          if (!std::isfinite(from[i]))
            input_error("learn: \"" + where(name) + "\"" + row + ", column " + std::to_string(i) + ": " +
                        number_text(from[i]) + " is not a finite number");
        d.input_rows.insert(d.input_rows.end(), from, from + count);
      };
      if (d.layout.observation > 0) add_inputs(obs.row(r), size, "observation");
      if (features) add_inputs(feat.row(r), d.layout.features, "features");
    }
    if (reading) reading->step(chunk.at("name").string() + ", " + std::to_string(rows) + " rows");
  }
}

}  // namespace

}  // namespace commands

int run_learn_command(const LearnCommand& c) {
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("learn: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.target != "returns" && c.target != "search-value" && c.target != "expert-value" && c.target != "policy")
    input_error("learn: --target must be returns, search-value, expert-value or policy, not \"" + c.target + "\"");
  if (c.target_mix_given && c.target != "expert-value")
    input_error("learn: --target-mix mixes the expert's value with the outcome: give --target expert-value");
  if (c.target == "policy") {
    if (c.model != "logistic" && c.model != "mlp")
      input_error("learn: --target policy fits a softmax over the legal moves: give --model logistic or mlp");
    if (c.with_evaluate) input_error("learn: --with-evaluate is a value model's input; a policy reads the seat's view");
    if (!c.curve.empty()) input_error("learn: --curve is written for value models");
  }
  const auto inputs = std::find(kModelInputs.begin(), kModelInputs.end(), c.inputs);
  if (inputs == kModelInputs.end())
    input_error("learn: --inputs must be observation, features or both, not \"" + c.inputs + "\"");
  check_output_path(c.out, "--out", c.force);
  if (!c.curve.empty()) {
    check_output_path(c.curve, "--curve", c.force);
    if (same_file(c.curve, c.out)) input_error("learn: --curve and --out name one file");
  }
  for (std::size_t i = 0; i < c.data.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(c.data[i], c.data[j]))  // its rows would count twice
        input_error("learn: --data \"" + c.data[i] + "\" is given twice (as \"" + c.data[j] + "\")");
  commands::Data d;
  d.inputs = ModelInputs(inputs - kModelInputs.begin());
  for (std::size_t i = 0; i < c.data.size(); ++i) commands::read_folder(c, int(i), d);
  d.fill_samples();
  if (d.samples.x.rows() == 0)
    input_error("learn: the --data folders hold no rows with a " + c.target + " target" +
                (c.target == "search-value" ? " (were the seats' bots searching ones?)" : ""));
  return AllGames::dispatch(d.id.game, [&]<Game G>() { return commands::learn_game<G>(c, d); });
}

namespace {

class Learn final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("--data", args_.data, "a self-play folder (repeatable; one game, options, map and seat count)")
        .file()
        .required();
    o.option("--model", args_.model, "linear (ridge regression), logistic or mlp").not_empty();
    o.option("--target", args_.target,
             "returns (the games' outcomes), search-value (the searches' root values), expert-value (the expert's "
             "root values) or policy (the expert's visit shares; selfplay --label-rate)")
        .not_empty();
    target_mix_ =
        o.real("--target-mix", args_.target_mix, 0, 1,
               "with --target expert-value: the target is this share of the expert's root value and the "
               "rest of the game's outcome (1: the expert's value alone, 0: the outcome on the labelled rows)");
    o.option("--inputs", args_.inputs,
             "what the model reads of a seat's view: observation (the game's tensors), features (its named "
             "features) or both")
        .not_empty();
    o.option("--out", args_.out, "the model file to write (JSON)").file().required();
    o.option("--curve", args_.curve, "also write a learning curve (CSV) to this file").file();
    o.seed("-s,--seed", args_.seed, "seed of the held-out deals, the folds and the MLP's training");
    o.option("--hidden", hidden_, "the MLP's hidden layers: one or two sizes, e.g. 64 or 64,32").not_empty();
    o.integer("--epochs", args_.epochs, 1, 100000, "the MLP's most epochs (early stopping may end sooner)");
    o.integer("--threads", args_.threads, 1, 256, "threads of the fit (the model is the same to 1e-9)");
    o.real("--held-out", args_.held_out, 0.05, 0.5, "the share of deals held out for the figures");
    o.integer("--determinizations", args_.determinizations, 1, 1000,
              "determinizations a seat for the hand-written evaluation's figures (and input)");
    o.flag("--with-evaluate", args_.with_evaluate,
           "one more input: the logit of the game's hand-written evaluation of the seat");
    o.flag("--force", args_.force, "replace existing --out and --curve files");
  }

  int run() override {
    args_.hidden = hidden_sizes(hidden_);
    args_.target_mix_given = target_mix_.given();
    return run_learn_command(args_);
  }

 private:
  LearnCommand args_;
  std::string hidden_ = "64";
  Option target_mix_;
};

}  // namespace

extern const CommandEntry learn_command{
    "learn", "fit a value function on self-play data (selfplay --out) and write it as a model file for eval=",
    make_command<Learn>};

}  // namespace nuraghe

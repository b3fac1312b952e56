// Search speed: iterations per second of every algorithm, one thread and two.
//   build/bench/bench_search --benchmark_min_time=2
// Connect Four from the start position with a fixed memory cap is the figure to compare with
// other MCTS libraries: raw random playouts/s next to uct iterations/s at 100k iterations a search.
#include <benchmark/benchmark.h>

#include "bots/games.hpp"
#include "core/hooks.hpp"
#include "model_helpers.hpp"
#include "reference_uct.hpp"
#include "scaling_games.hpp"
#include "search/mcts.hpp"
#include "search/playout.hpp"

namespace nuraghe {
namespace {

constexpr std::size_t kMemory = std::size_t(256) << 20;  // fixed for every search benchmark

// One benchmark iteration = one whole search of `iterations` from `start`; items are search
// iterations, so items_per_second is iterations per second.
template <Game G>
void BM_SearchWith(benchmark::State& state, const search::SearchConfig& cfg, typename G::State start) {
  const search::Algorithm algorithm = cfg.algorithm;
  const long long iterations = cfg.iterations;
  const Player seat = start.to_move() >= 0 ? start.to_move() : 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    search::Mcts<G> mcts(cfg, false);
    Rng rng(seed++);
    const bool full = search::full_state(algorithm);
    // The bots' samplers: the search over them is compiled once per game (lib/bots/games.hpp).
    const InfoSet<G> info(start, seat);
    const bool simultaneous = start.to_move() == kSimultaneous;
    const auto r = full ? mcts.search(RootState<G>{start}, seat, num_players_of<G>(start), simultaneous, rng)
                        : mcts.search(RootDeterminized<G>{info}, seat, num_players_of<G>(start), simultaneous, rng);
    benchmark::DoNotOptimize(r.best);
  }
  state.SetItemsProcessed(state.iterations() * iterations);
}

search::SearchConfig search_config(search::Algorithm algorithm, search::SimSelect sim, int threads,
                                   search::Parallel parallel, long long iterations) {
  search::SearchConfig cfg;
  cfg.algorithm = algorithm;
  cfg.iterations = iterations;
  cfg.sim = sim;
  cfg.threads = threads;
  cfg.parallel = parallel;
  cfg.memory_bytes = kMemory;
  return cfg;
}

template <Game G>
void BM_SearchFrom(benchmark::State& state, search::Algorithm algorithm, search::SimSelect sim, int threads,
                   search::Parallel parallel, long long iterations, typename G::State start) {
  BM_SearchWith<G>(state, search_config(algorithm, sim, threads, parallel, iterations), start);
}

// A game's initial state for `players` seats (0: the game's default), seed 7 as the searches use.
template <Game G>
typename G::State start_of(int players) {
  GameConfig gc;
  gc.seed = 7;
  gc.players = players;
  return G::initial(gc);
}

// The same from the game's initial state (players 0: the game's default).
template <Game G>
void BM_Search(benchmark::State& state, search::Algorithm algorithm, search::SimSelect sim, int threads,
               search::Parallel parallel, long long iterations, int players) {
  BM_SearchFrom<G>(state, algorithm, sim, threads, parallel, iterations, start_of<G>(players));
}

// ISMCTS from the game's start with `prior` (none: UCB; uniform or heuristic: PUCT), the game's
// heuristic rollouts cut off after 20 steps by its evaluation, as its best specs search: PUCT's
// iterations/s against UCB's at the same budget.
template <Game G>
void BM_SearchPrior(benchmark::State& state, search::Prior prior, long long iterations, int players) {
  search::SearchConfig cfg =
      search_config(search::Algorithm::Ismcts, search::SimSelect::Ucb, 1, search::Parallel::Root, iterations);
  cfg.rollout = search::Rollout::Heuristic;
  cfg.cutoff = 20;
  cfg.prior = prior;
  BM_SearchWith<G>(state, cfg, start_of<G>(players));
}

template <Game G>
void BM_Playouts(benchmark::State& state, typename G::State start) {
  Rng rng(1);
  for (auto _ : state) {
    auto s = start;
    random_playout<G>(s, rng);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
}

// The single-game UCT of reference_uct.hpp from the game's start, with the generic search's
// defaults (c, iterations a search) and a new tree each search as BM_SearchFrom has.
template <Game G>
void BM_ReferenceUct(benchmark::State& state, long long iterations) {
  const auto start = start_of<G>(0);
  const double c = search::SearchConfig{}.c;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    bench::ReferenceUct<G> uct(c, iterations);
    Rng rng(seed++);
    benchmark::DoNotOptimize(uct.search(start, rng));
  }
  state.SetItemsProcessed(state.iterations() * iterations);
}

// ---- A leaf's evaluation against the rollouts it replaces

// The positions of 10 random games of n seats (every decision of each, the start's included): the
// leaves a search meets, from the first move to the last.
template <Game G>
std::vector<typename G::State> positions_along_random_games(int players) {
  std::vector<typename G::State> out;
  Rng rng(11);
  for (int g = 0; g < 10; ++g) {
    GameConfig config;
    config.players = players, config.seed = std::uint64_t(g) + 1;
    auto s = G::initial(config);
    for (Player p = s.to_move(); p != kTerminal; p = s.to_move()) {
      out.push_back(s);
      random_step<G>(s, p, rng);
    }
  }
  return out;
}

// A model over every entry of G's observation at n seats, with deterministic random weights:
// `hidden` 0 is a linear model, otherwise an MLP of one hidden layer of that many units; a policy
// (logistic, one logit an action of the game's) when `policy`.
template <Game G>
ValueModel bench_model(int players, int hidden, bool policy = false) {
  return testing::made_up_model<G>(start_of<G>(players), GameConfig{}, policy,
                                   hidden   ? ModelKind::Mlp
                                   : policy ? ModelKind::Logistic
                                            : ModelKind::Linear,
                                   hidden ? std::vector<int>{hidden} : std::vector<int>{}, 5);
}

// What the search does at a new leaf, through its own evaluator (search::Evaluator), at positions along
// random games: `eval` none and rollout random or heuristic, a playout to the end; with a model and
// cutoff=leaf, every seat's observation and the model's value of it. Items are leaves.
// Observations alone: every seat's, without a model (the part of an evaluation the game pays for);
// features alone: every seat's named features (HasFeatures), the input of a model on `--inputs features`.
// A policy's priors at a new node: the mover's observation, a linear policy's logits at the legal
// moves' actions (of the game's num_actions) and their softmax; the node's legal moves are listed
// before the clock, as the search has them already.
enum class Leaf { RandomPlayout, HeuristicPlayout, Linear, Mlp64, Observations, Features, Policy };
template <Game G>
void BM_Leaf(benchmark::State& state, Leaf leaf, int players) {
  const auto positions = positions_along_random_games<G>(players);
  const ValueModel model = bench_model<G>(players, leaf == Leaf::Mlp64 ? 64 : 0, leaf == Leaf::Policy);
  search::SearchConfig cfg;
  cfg.rollout = leaf == Leaf::HeuristicPlayout ? search::Rollout::Heuristic : search::Rollout::Random;
  if (leaf == Leaf::Linear || leaf == Leaf::Mlp64) cfg.cutoff = search::kLeafCutoff, cfg.eval = &model;
  if (leaf == Leaf::Policy) cfg.prior = search::Prior::Model, cfg.policy = &model;
  const search::Evaluator<G> evaluator(cfg);
  Rng rng(3);
  std::vector<float> observation(std::size_t(model.input_size()));
  std::vector<float> features;
  if constexpr (HasFeatures<G>) features.resize(std::size_t(G::feature_count(positions[0])));
  std::vector<typename G::MoveList> legal(leaf == Leaf::Policy ? positions.size() : 0);
  for (std::size_t j = 0; j < legal.size(); ++j)
    legal_moves_of<G>(positions[j], std::max(positions[j].to_move(), 0), legal[j]);
  std::vector<double> priors(leaf == Leaf::Policy ? G::kMaxMoves : 0);
  std::size_t i = 0;
  for (auto _ : state) {
    auto s = positions[i];
    if (leaf == Leaf::Policy) {
      const Player p = std::max(s.to_move(), 0);
      evaluator.priors(s, p, legal[i].begin(), int(legal[i].size()), priors.data(), rng);
      benchmark::DoNotOptimize(priors.data());
      benchmark::ClobberMemory();
    } else if (leaf == Leaf::Features) {
      if constexpr (HasFeatures<G>)
        for (int p = 0; p < num_players_of<G>(s); ++p) G::features(s, p, features.data());
      benchmark::DoNotOptimize(features.data());
      benchmark::ClobberMemory();
    } else if (leaf == Leaf::Observations) {
      for (int p = 0; p < num_players_of<G>(s); ++p) G::observation(s, p, observation.data());
      benchmark::DoNotOptimize(observation.data());
      benchmark::ClobberMemory();
    } else {
      benchmark::DoNotOptimize(evaluator.rollout(s, rng));
    }
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["observation"] = model.observation_size;
  if (leaf == Leaf::Features) state.counters["features"] = double(features.size());
  if (leaf == Leaf::Policy) {
    double moves = 0;
    for (const auto& l : legal) moves += double(l.size());
    state.counters["legal_moves"] = moves / double(legal.size());
  }
}

}  // namespace
}  // namespace nuraghe

int main(int argc, char** argv) {
  using namespace nuraghe;
  using search::Algorithm;
  using search::Parallel;
  using search::SimSelect;
  // The tree's own cost: in one run, the generic uct beside the single-game reference
  // (reference_uct.hpp) and random playouts from the start, at 10k and 100k iterations a search;
  // Kuhn's ismcts beside Kuhn's playouts. The ratios of items_per_second are the figures.
  benchmark::RegisterBenchmark("connect4/random_playouts", BM_Playouts<Connect4>, Connect4::State{});
  benchmark::RegisterBenchmark("tictactoe/random_playouts", BM_Playouts<TicTacToe>, TicTacToe::State{});
  const auto against_reference = [](const std::string& game, auto tag, long long n) {
    using G = typename decltype(tag)::type;
    const std::string k = std::to_string(n / 1000) + "k";
    benchmark::RegisterBenchmark((game + "/uct_" + k).c_str(), BM_Search<G>, Algorithm::Uct, SimSelect::Ucb, 1,
                                 Parallel::Root, n, 0)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((game + "/reference_uct_" + k).c_str(), BM_ReferenceUct<G>, n)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  };
  for (long long n : {10000LL, 100000LL}) {
    against_reference("tictactoe", std::type_identity<TicTacToe>{}, n);
    against_reference("connect4", std::type_identity<Connect4>{}, n);
  }
  benchmark::RegisterBenchmark("kuhn/random_playouts", BM_Playouts<Kuhn>, start_of<Kuhn>(0));
  for (int threads : {1, 2}) {
    const std::string t = "/threads:" + std::to_string(threads);
    benchmark::RegisterBenchmark(("connect4/uct_100k/root" + t).c_str(), BM_Search<Connect4>, Algorithm::Uct,
                                 SimSelect::Ucb, threads, Parallel::Root, 100000, 0)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("connect4/uct_100k/tree/threads:2", BM_Search<Connect4>, Algorithm::Uct, SimSelect::Ucb,
                               2, Parallel::Tree, 100000, 0)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  // Bardagi's planning node in small: 5 seats, every seat the same number of arms, 20 rounds to
  // play out. The cost of an iteration should grow with the arms, not with their square.
  for (int arms : {13, 50, 149}) {
    const auto start = testing::ManyArms::make(5, arms, arms, 20, 7);
    const std::string a = "/arms:" + std::to_string(arms);
    benchmark::RegisterBenchmark(("many_arms5/random_playouts" + a).c_str(), BM_Playouts<testing::ManyArms>, start);
    for (auto [name, algorithm] : {std::pair{"ismcts", Algorithm::Ismcts}, std::pair{"mo-ismcts", Algorithm::MoIsmcts}})
      benchmark::RegisterBenchmark((std::string("many_arms5/") + name + "_5k" + a).c_str(),
                                   BM_SearchFrom<testing::ManyArms>, algorithm, SimSelect::Ucb, 1, Parallel::Root, 5000,
                                   start)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  }
  // Ticket to Ride's claims in small: the opponent to move with 500 moves, seen by the searcher as 25 groups.
  {
    testing::WideDecision::State start;
    start.apply(17);
    benchmark::RegisterBenchmark("wide_decision500/ismcts_5k", BM_SearchFrom<testing::WideDecision>, Algorithm::Ismcts,
                                 SimSelect::Ucb, 1, Parallel::Root, 5000, start)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  }
  for (auto [name, algorithm] : {std::pair{"ismcts", Algorithm::Ismcts}, std::pair{"mo-ismcts", Algorithm::MoIsmcts}}) {
    for (long long n : {10000LL, 100000LL})
      benchmark::RegisterBenchmark((std::string("kuhn/") + name + "_" + std::to_string(n / 1000) + "k").c_str(),
                                   BM_Search<Kuhn>, algorithm, SimSelect::Ucb, 1, Parallel::Root, n, 0)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
    for (auto [sim_name, sim] : {std::pair{"ucb", SimSelect::Ucb}, std::pair{"exp3", SimSelect::Exp3},
                                 std::pair{"rm", SimSelect::RegretMatching}})
      benchmark::RegisterBenchmark((std::string("goofspiel13/") + name + "_" + sim_name + "_10k").c_str(),
                                   BM_Search<Goofspiel>, algorithm, sim, 1, Parallel::Root, 10000, 0)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("goofspiel13/ismcts_ucb_10k/root/threads:2", BM_Search<Goofspiel>, Algorithm::Ismcts,
                               SimSelect::Ucb, 2, Parallel::Root, 10000, 0)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  for (int n : {2, 4}) {
    benchmark::RegisterBenchmark(("sardegna" + std::to_string(n) + "p/ismcts_2k").c_str(), BM_Search<Sardegna>,
                                 Algorithm::Ismcts, SimSelect::Ucb, 1, Parallel::Root, 2000, n)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("sardegna" + std::to_string(n) + "p/random_playouts").c_str(), BM_Playouts<Sardegna>,
                                 start_of<Sardegna>(n));
  }
  // Ticket to Ride: ismcts iterations/s from the start against random playouts/s in the same run
  // (the aim: at least 0.6). The start is the setup keep, a simultaneous node.
  for (int n : {2, 4}) {
    benchmark::RegisterBenchmark(("ttr" + std::to_string(n) + "p/ismcts_2k").c_str(), BM_Search<Ttr>, Algorithm::Ismcts,
                                 SimSelect::Ucb, 1, Parallel::Root, 2000, n)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("ttr" + std::to_string(n) + "p/random_playouts").c_str(), BM_Playouts<Ttr>,
                                 start_of<Ttr>(n));
  }
  // Bardagi: ismcts and mo-ismcts iterations/s from the start (the planning node, 84 selections a
  // seat) against random playouts/s in the same run (the aim: at least 0.6).
  for (int n : {2, 4}) {
    const std::string g = "bardagi" + std::to_string(n) + "p/";
    for (auto [name, algorithm] : {std::pair{"ismcts", Algorithm::Ismcts}, std::pair{"mo-ismcts", Algorithm::MoIsmcts}})
      benchmark::RegisterBenchmark((g + name + "_2k").c_str(), BM_Search<Bardagi>, algorithm, SimSelect::Ucb, 1,
                                   Parallel::Root, 2000, n)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((g + "random_playouts").c_str(), BM_Playouts<Bardagi>, start_of<Bardagi>(n));
  }
  // One leaf's learned evaluation (every seat's observation and value) beside the random and the
  // heuristic playout it replaces, from the same positions (the aims: a linear model under a fifth
  // of a random playout, an MLP of 64 hidden units under one heuristic playout).
  const auto leaves = [](const std::string& g, auto tag, int players) {
    using G = typename decltype(tag)::type;
    for (auto [name, leaf] :
         {std::pair{"random_playout", Leaf::RandomPlayout}, std::pair{"heuristic_playout", Leaf::HeuristicPlayout},
          std::pair{"eval_linear", Leaf::Linear}, std::pair{"eval_mlp64", Leaf::Mlp64},
          std::pair{"observations", Leaf::Observations}, std::pair{"features", Leaf::Features},
          std::pair{"policy_linear", Leaf::Policy}})
      benchmark::RegisterBenchmark(("leaf/" + g + "/" + name).c_str(), BM_Leaf<G>, leaf, players)
          ->Unit(benchmark::kMicrosecond);
  };
  leaves("sardegna4p", std::type_identity<Sardegna>{}, 4);
  leaves("ttr4p", std::type_identity<Ttr>{}, 4);
  leaves("bardagi4p", std::type_identity<Bardagi>{}, 4);
  // PUCT against UCB at the same budget from each real game's start, 2 players.
  const auto priors = [](const std::string& g, auto tag, long long iterations) {
    using G = typename decltype(tag)::type;
    for (auto [name, prior] : {std::pair{"ucb", search::Prior::None}, std::pair{"puct_uniform", search::Prior::Uniform},
                               std::pair{"puct_heuristic", search::Prior::Heuristic}})
      benchmark::RegisterBenchmark(("prior/" + g + "/ismcts_" + std::to_string(iterations) + "_" + name).c_str(),
                                   BM_SearchPrior<G>, prior, iterations, 2)
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  };
  priors("sardegna2p", std::type_identity<Sardegna>{}, 1000);
  priors("ttr2p", std::type_identity<Ttr>{}, 1000);
  priors("bardagi2p", std::type_identity<Bardagi>{}, 1000);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}

// Search speed: iterations per second of every algorithm, one thread and two.
//   build/bench/bench_search --benchmark_min_time=2
// Connect Four from the start position with a fixed memory cap is the figure to compare with
// other MCTS libraries: raw random playouts/s next to uct iterations/s at 100k iterations a search.
#include <benchmark/benchmark.h>

#include "bots/games.hpp"
#include "search/mcts.hpp"
#include "search/playout.hpp"

namespace nuraghe {
namespace {

constexpr std::size_t kMemory = std::size_t(256) << 20;  // fixed for every search benchmark

void BM_Connect4RandomPlayouts(benchmark::State& state) {
  const Connect4::State start;
  Rng rng(1);
  for (auto _ : state) {
    auto s = start;
    random_playout<Connect4>(s, rng);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
}

// One benchmark iteration = one whole search of `iterations` from the start position; items are
// search iterations, so items_per_second is iterations per second.
template <Game G>
void BM_Search(benchmark::State& state, search::Algorithm algorithm, search::SimSelect sim, int threads, search::Parallel parallel,
               long long iterations, int players) {  // players 0: the game's default
  search::SearchConfig cfg;
  cfg.algorithm = algorithm;
  cfg.iterations = iterations;
  cfg.sim = sim;
  cfg.threads = threads;
  cfg.parallel = parallel;
  cfg.memory_bytes = kMemory;
  GameConfig gc;
  gc.seed = 7;
  gc.players = players;
  const auto start = G::initial(gc);
  const Player seat = start.to_move() >= 0 ? start.to_move() : 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    search::Mcts<G> mcts(cfg, false);
    Rng rng(seed++);
    const bool full = algorithm == search::Algorithm::Uct || algorithm == search::Algorithm::CheatUct;
    const auto r = full ? mcts.search([&](Rng&) { return start; }, seat, start.num_players(), start.to_move() == kSimultaneous, rng)
                        : mcts.search([&](Rng& x) { return start.determinize(seat, x); }, seat, start.num_players(),
                                      start.to_move() == kSimultaneous, rng);
    benchmark::DoNotOptimize(r.best);
  }
  state.SetItemsProcessed(state.iterations() * iterations);
}

template <Game G>
void BM_PlayoutsPlayers(benchmark::State& state, int players) {
  GameConfig gc;
  gc.seed = 7;
  gc.players = players;
  const auto start = G::initial(gc);
  Rng rng(1);
  for (auto _ : state) {
    auto s = start;
    random_playout<G>(s, rng);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace
}  // namespace nuraghe

int main(int argc, char** argv) {
  using namespace nuraghe;
  using search::Algorithm;
  using search::Parallel;
  using search::SimSelect;
  benchmark::RegisterBenchmark("connect4/random_playouts", BM_Connect4RandomPlayouts);
  for (int threads : {1, 2}) {
    const std::string t = "/threads:" + std::to_string(threads);
    benchmark::RegisterBenchmark(("connect4/uct_100k/root" + t).c_str(), BM_Search<Connect4>, Algorithm::Uct, SimSelect::Ucb, threads,
                                 Parallel::Root, 100000, 0)
        ->UseRealTime()->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("connect4/uct_100k/tree/threads:2", BM_Search<Connect4>, Algorithm::Uct, SimSelect::Ucb, 2, Parallel::Tree, 100000, 0)
      ->UseRealTime()->Unit(benchmark::kMillisecond);
  for (auto [name, algorithm] : {std::pair{"ismcts", Algorithm::Ismcts}, std::pair{"mo-ismcts", Algorithm::MoIsmcts}}) {
    benchmark::RegisterBenchmark((std::string("kuhn/") + name + "_10k").c_str(), BM_Search<Kuhn>, algorithm, SimSelect::Ucb, 1,
                                 Parallel::Root, 10000, 0)
        ->UseRealTime()->Unit(benchmark::kMillisecond);
    for (auto [sim_name, sim] : {std::pair{"ucb", SimSelect::Ucb}, std::pair{"exp3", SimSelect::Exp3}, std::pair{"rm", SimSelect::RegretMatching}})
      benchmark::RegisterBenchmark((std::string("goofspiel13/") + name + "_" + sim_name + "_10k").c_str(), BM_Search<Goofspiel>, algorithm,
                                   sim, 1, Parallel::Root, 10000, 0)
          ->UseRealTime()->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("goofspiel13/ismcts_ucb_10k/root/threads:2", BM_Search<Goofspiel>, Algorithm::Ismcts, SimSelect::Ucb, 2,
                               Parallel::Root, 10000, 0)
      ->UseRealTime()->Unit(benchmark::kMillisecond);
  for (int n : {2, 4}) {
    benchmark::RegisterBenchmark(("sardegna" + std::to_string(n) + "p/ismcts_2k").c_str(), BM_Search<Sardegna>, Algorithm::Ismcts, SimSelect::Ucb, 1,
                                 Parallel::Root, 2000, n)
        ->UseRealTime()->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("sardegna" + std::to_string(n) + "p/random_playouts").c_str(), BM_PlayoutsPlayers<Sardegna>, n);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}

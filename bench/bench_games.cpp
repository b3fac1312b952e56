// Random playouts per second for every game, from its start position: the raw speed of
// legal-move generation + apply + terminal test that every search iteration pays for.
//   build/bench/bench_games --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include "bots/games.hpp"
#include "search/playout.hpp"

namespace nuraghe {
namespace {

template <Game G>
void BM_RandomPlayout(benchmark::State& state, GameConfig config) {
  const auto start = G::initial(config);
  Rng rng(12345);
  std::int64_t decisions = 0;
  for (auto _ : state) {
    auto s = start;
    decisions += random_playout<G>(s, rng);
    benchmark::DoNotOptimize(s);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["decisions/s"] = benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
  state.counters["decisions/game"] = double(decisions) / double(state.iterations());
}

GameConfig players(int n) {
  GameConfig c;
  c.players = n;
  return c;
}

}  // namespace
}  // namespace nuraghe

int main(int argc, char** argv) {
  using namespace nuraghe;
  benchmark::RegisterBenchmark("random_playout/tictactoe", BM_RandomPlayout<TicTacToe>, GameConfig{});
  benchmark::RegisterBenchmark("random_playout/connect4", BM_RandomPlayout<Connect4>, GameConfig{});
  benchmark::RegisterBenchmark("random_playout/goofspiel_13cards_2p", BM_RandomPlayout<Goofspiel>, players(2));
  benchmark::RegisterBenchmark("random_playout/goofspiel_13cards_4p", BM_RandomPlayout<Goofspiel>, players(4));
  benchmark::RegisterBenchmark("random_playout/kuhn", BM_RandomPlayout<Kuhn>, GameConfig{});
  for (int n : {2, 3, 4}) benchmark::RegisterBenchmark(("random_playout/sardegna_" + std::to_string(n) + "p").c_str(), BM_RandomPlayout<Sardegna>, players(n));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}

// Random playouts per second for every game, from its start position: the raw speed of
// legal-move generation + apply + terminal test that every search iteration pays for; and move
// generation alone, at positions along random games. Every game of the list (lib/games/games.txt)
// at its default configuration, then further configurations and the games' own hot loops.
//   build/bench/bench_games --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bots/games.hpp"
#include "core/hooks.hpp"
#include "games/ttr/scoring.hpp"
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

// The states of 20 random games (every decision of each).
template <Game G>
std::vector<typename G::State> positions_of_random_games(GameConfig config) {
  std::vector<typename G::State> out;
  Rng rng(7);
  for (int g = 0; g < 20; ++g) {
    config.seed = std::uint64_t(g) + 1;
    auto s = G::initial(config);
    for (Player p = s.to_move(); p != kTerminal; p = s.to_move()) {
      out.push_back(s);
      random_step<G>(s, p, rng);
    }
  }
  return out;
}

// One position's legal moves: the mover's, or at a simultaneous node every seat's.
template <Game G>
void BM_LegalMoves(benchmark::State& state, GameConfig config) {
  const auto positions = positions_of_random_games<G>(config);
  std::size_t i = 0;
  std::int64_t moves = 0;
  MoveListOf<G> list;
  for (auto _ : state) {
    const auto& s = positions[i];
    if (s.to_move() == kSimultaneous) {
      for (int q = 0; q < num_players_of<G>(s); ++q) {
        legal_moves_of<G>(s, q, list);
        moves += std::int64_t(list.size());
        benchmark::DoNotOptimize(list);
      }
    } else {
      s.legal_moves(list);
      moves += std::int64_t(list.size());
      benchmark::DoNotOptimize(list);
    }
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves/position"] = double(moves) / double(state.iterations());
}

// apply alone, at the sequential decisions of random games, each with a random legal move.
template <Game G>
void BM_Apply(benchmark::State& state, GameConfig config) {
  auto positions = positions_of_random_games<G>(config);
  std::erase_if(positions, [](const typename G::State& s) { return s.to_move() < 0; });
  std::vector<Move> chosen;
  Rng rng(3);
  for (const auto& s : positions) chosen.push_back(random_legal_move<G>(s, s.to_move(), rng));
  std::size_t i = 0;
  for (auto _ : state) {
    auto s = positions[i];
    s.apply(chosen[i]);
    benchmark::DoNotOptimize(s);
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

// Sardegna's hot loops on positions taken from random games (states at every decision).
std::vector<Sardegna::State> sardegna_positions(int players) {
  std::vector<Sardegna::State> out;
  Rng rng(7);
  for (int g = 0; g < 20; ++g) {
    GameConfig c;
    c.players = players;
    c.seed = std::uint64_t(g) + 1;
    auto s = Sardegna::initial(c);
    while (s.to_move() != kTerminal) {
      out.push_back(s);
      s.apply(s.random_move(rng));
    }
  }
  return out;
}

void BM_SardegnaLegalMoves(benchmark::State& state) {
  const auto positions = sardegna_positions(int(state.range(0)));
  std::size_t i = 0;
  std::int64_t moves = 0;
  Sardegna::MoveList list;
  for (auto _ : state) {
    positions[i].legal_moves(list);
    moves += std::int64_t(list.size());
    benchmark::DoNotOptimize(list);
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves/position"] = double(moves) / double(state.iterations());
}

void BM_SardegnaApply(benchmark::State& state) {
  const auto positions = sardegna_positions(int(state.range(0)));
  std::vector<Move> chosen;
  Rng rng(3);
  for (const auto& s : positions) chosen.push_back(s.random_move(rng));
  std::size_t i = 0;
  for (auto _ : state) {
    auto s = positions[i];
    s.apply(chosen[i]);
    benchmark::DoNotOptimize(s);
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_SardegnaScoreFort(benchmark::State& state) {
  const auto positions = sardegna_positions(int(state.range(0)));
  std::size_t i = 0;
  int card = 0;
  for (auto _ : state) {
    auto s = positions[i];
    s.score_fort(card);
    benchmark::DoNotOptimize(s.score);
    if (++i == positions.size()) i = 0;
    card = (card + 1) % Sardegna::kForts;
  }
  state.SetItemsProcessed(state.iterations());
}

// Ticket to Ride's end-of-game scoring, in parts (ticket completion, the longest trail, the
// breakdown with the stations' best borrowing), on the final positions of 20 random games (every
// seat's network as random play leaves it).
std::vector<Ttr::State> ttr_finals(int players) {
  std::vector<Ttr::State> out;
  Rng rng(11);
  for (int g = 0; g < 20; ++g) {
    GameConfig c;
    c.players = players;
    c.seed = std::uint64_t(g) + 100;
    auto s = Ttr::initial(c);
    random_playout<Ttr>(s, rng);
    out.push_back(s);
  }
  return out;
}

// One part of the scoring, score(final state), over the finals in turn.
template <class Score>
void BM_TtrScoring(benchmark::State& state, Score score) {
  const auto finals = ttr_finals(int(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    score(finals[i]);
    if (++i == finals.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void tickets_of_every_seat(const Ttr::State& s) {
  for (int p = 0; p < s.players; ++p)
    benchmark::DoNotOptimize(ttr::score_tickets(s.board(), s.routes[std::size_t(p)], s.tickets[std::size_t(p)]));
}
void trails_of_every_seat(const Ttr::State& s) {
  for (int p = 0; p < s.players; ++p) benchmark::DoNotOptimize(ttr::longest_trail(s.board(), s.routes[std::size_t(p)]));
}
void final_score(const Ttr::State& s) { benchmark::DoNotOptimize(s.scores()); }

// Bardagi's phases on positions of random games: legal moves at the planning node (every seat's
// selections) and in activations, and a whole claim phase (each seat's fixed claim, then its
// choices played at random until the next round or the end).
std::vector<Bardagi::State> bardagi_positions(int players, bardagi::Phase phase) {
  GameConfig c;
  c.players = players;
  std::vector<Bardagi::State> out;
  for (auto& s : positions_of_random_games<Bardagi>(c))
    if (s.phase == phase) out.push_back(s);
  return out;
}

void BM_BardagiLegalMoves(benchmark::State& state, bardagi::Phase phase) {
  const auto positions = bardagi_positions(int(state.range(0)), phase);
  std::size_t i = 0;
  std::int64_t moves = 0;
  Bardagi::MoveList list;
  for (auto _ : state) {
    const auto& s = positions[i];
    for (int q = 0; q < s.num_players(); ++q) {
      if (phase != bardagi::Phase::Planning && q != s.turn) continue;
      s.legal_moves(q, list);
      moves += std::int64_t(list.size());
      benchmark::DoNotOptimize(list);
    }
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["moves/position"] = double(moves) / double(state.iterations());
}

void BM_BardagiClaim(benchmark::State& state) {
  std::vector<Bardagi::State> starts;  // the last purchase of a round: its `end` begins the claim
  for (const auto& s : bardagi_positions(int(state.range(0)), bardagi::Phase::Upgrades)) {
    Bardagi::MoveList list;
    s.legal_moves(list);
    auto next = s;
    next.apply(list[list.size() - 1]);
    if (next.phase == bardagi::Phase::Claim) starts.push_back(next);
  }
  Rng rng(5);
  std::size_t i = 0;
  std::int64_t decisions = 0;
  for (auto _ : state) {
    auto s = starts[i];
    while (s.phase == bardagi::Phase::Claim) {
      s.apply(random_legal_move<Bardagi>(s, s.to_move(), rng));
      ++decisions;
    }
    benchmark::DoNotOptimize(s);
    if (++i == starts.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["decisions/claim"] = double(decisions) / double(state.iterations());
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
  AllGames::for_each([]<Game G>() {
    const std::string name(G::kName);
    benchmark::RegisterBenchmark(("random_playout/" + name).c_str(), BM_RandomPlayout<G>, GameConfig{});
    benchmark::RegisterBenchmark(("legal_moves/" + name).c_str(), BM_LegalMoves<G>, GameConfig{});
  });
  benchmark::RegisterBenchmark("random_playout/goofspiel_13cards_4p", BM_RandomPlayout<Goofspiel>, players(4));
  for (int n : {3, 4})
    benchmark::RegisterBenchmark(("random_playout/sardegna_" + std::to_string(n) + "p").c_str(),
                                 BM_RandomPlayout<Sardegna>, players(n));
  benchmark::RegisterBenchmark("sardegna/legal_moves", BM_SardegnaLegalMoves)->Arg(2)->Arg(4);
  benchmark::RegisterBenchmark("sardegna/apply", BM_SardegnaApply)->Arg(2)->Arg(4);
  benchmark::RegisterBenchmark("sardegna/score_fort", BM_SardegnaScoreFort)->Arg(4);
  benchmark::RegisterBenchmark("random_playout/ttr_4p", BM_RandomPlayout<Ttr>, players(4));
  benchmark::RegisterBenchmark("legal_moves/ttr_4p", BM_LegalMoves<Ttr>, players(4));
  for (int n : {2, 4})
    benchmark::RegisterBenchmark(("ttr/apply/" + std::to_string(n)).c_str(), BM_Apply<Ttr>, players(n));
  benchmark::RegisterBenchmark("ttr/tickets", BM_TtrScoring<decltype(&tickets_of_every_seat)>, &tickets_of_every_seat)
      ->Arg(2)
      ->Arg(4);
  benchmark::RegisterBenchmark("ttr/longest_trail", BM_TtrScoring<decltype(&trails_of_every_seat)>,
                               &trails_of_every_seat)
      ->Arg(2)
      ->Arg(4);
  benchmark::RegisterBenchmark("ttr/final_score", BM_TtrScoring<decltype(&final_score)>, &final_score)->Arg(2)->Arg(4);
  // Bardagi: 4-player random-playout decisions/s against Sardegna's 4-player figure in the same run
  // (the aim: at least 0.15).
  benchmark::RegisterBenchmark("random_playout/bardagi_4p", BM_RandomPlayout<Bardagi>, players(4));
  benchmark::RegisterBenchmark("bardagi/legal_moves/planning", BM_BardagiLegalMoves, bardagi::Phase::Planning)
      ->Arg(2)
      ->Arg(4);
  benchmark::RegisterBenchmark("bardagi/legal_moves/activation", BM_BardagiLegalMoves, bardagi::Phase::Activation)
      ->Arg(2)
      ->Arg(4);
  for (int n : {2, 4})
    benchmark::RegisterBenchmark(("bardagi/apply/" + std::to_string(n)).c_str(), BM_Apply<Bardagi>, players(n));
  benchmark::RegisterBenchmark("bardagi/claim", BM_BardagiClaim)->Arg(2)->Arg(4);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}

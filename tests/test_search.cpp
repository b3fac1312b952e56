// The search core against positions and games whose right answers are known.
#include <doctest/doctest.h>

#include <unistd.h>
#include <Eigen/Dense>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <tuple>
#include <type_traits>
#include <vector>

#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "core/model_file.hpp"
#include "game_tests.hpp"
#include "invariants.hpp"
#include "model_helpers.hpp"
#include "toy_games.hpp"

using namespace nuraghe;
using testing::BiasedRps;
using testing::RevealGuess;

namespace {

constexpr bool kLight = testing::kLightFactor > 1;
// ThreadSanitizer finds races, which only a search on several threads can have: its build runs the
// no-peeking checks of those searches alone (and not cheat-uct's contrast, on one thread).
#ifdef NURAGHE_TSAN
constexpr bool kThreadsOnly = true;
#else
constexpr bool kThreadsOnly = false;
#endif
bool checked_in_this_build(const std::string& spec) {
  return !kThreadsOnly || spec.find("threads=") != std::string::npos;
}

// Runs a searching bot from a fresh start on state s for `seat` and returns its root statistics.
template <Game G>
search::SearchResult analyse(const std::string& spec, const typename G::State& s, Player seat, std::uint64_t seed = 1) {
  auto bot = make_bot<G>(spec, seed);
  auto* searcher = dynamic_cast<MctsBot<G>*>(bot.get());
  REQUIRE(searcher != nullptr);
  bot->start(seat);
  bot->choose(InfoSet<G>(s, seat));
  return searcher->last_result();
}

template <Game G>
Move best_move(const std::string& spec, const typename G::State& s, std::uint64_t seed = 1) {
  return analyse<G>(spec, s, s.to_move(), seed).best;
}

std::vector<std::pair<Move, std::uint32_t>> visits_of(const search::SearchResult& r) {
  std::vector<std::pair<Move, std::uint32_t>> v;
  for (const auto& m : r.moves) v.emplace_back(m.move, m.visits);
  return v;
}

double root_value(const search::SearchResult& r) {
  double sum = 0, n = 0;
  for (const auto& m : r.moves) sum += m.mean * m.visits, n += m.visits;
  return n > 0 ? sum / n : 0.0;
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe: a perfect player by memoised minimax.

int minimax(const TicTacToe::State& s, std::map<std::pair<int, int>, int>& memo) {
  // Value for the player to move: +1 win, 0 draw, -1 loss.
  if (s.to_move() == kTerminal) return s.has_line(0) || s.has_line(1) ? -1 : 0;  // the last mover won
  const auto key = std::make_pair(int(s.marks[0]), int(s.marks[1]));
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  TicTacToe::MoveList moves;
  s.legal_moves(moves);
  int best = -2;
  for (Move m : moves) {
    auto t = s;
    t.apply(m);
    best = std::max(best, -minimax(t, memo));
  }
  return memo[key] = best;
}

class PerfectTicTacToe final : public Bot<TicTacToe> {
 public:
  explicit PerfectTicTacToe(std::uint64_t seed) : rng_(seed) {}
  Move choose(const InfoSet<TicTacToe>& info) override {
    const auto& s = info.state_if_perfect_information();
    TicTacToe::MoveList moves;
    s.legal_moves(moves);
    std::vector<Move> best;
    int value = -2;
    for (Move m : moves) {
      auto t = s;
      t.apply(m);
      const int v = -minimax(t, memo_);
      if (v > value) value = v, best.clear();
      if (v == value) best.push_back(m);
    }
    return best[rng_.below(std::uint32_t(best.size()))];  // a random optimal move: varied games
  }

 private:
  Rng rng_;
  std::map<std::pair<int, int>, int> memo_;
};

}  // namespace

TEST_CASE("tictactoe: uct with 20k iterations never loses to perfect play, from either seat") {
  const int games = kLight ? 2 : 10;
  for (int seat = 0; seat < 2; ++seat) {
    for (int g = 0; g < games; ++g) {
      CAPTURE(seat);
      CAPTURE(g);
      auto uct = make_bot<TicTacToe>("uct:iters=20000", 100 + g);
      PerfectTicTacToe perfect(g);
      std::vector<Bot<TicTacToe>*> seats = {uct.get(), &perfect};
      if (seat == 1) std::swap(seats[0], seats[1]);
      const auto record = play_game<TicTacToe>(TicTacToe::State{}, seats);
      CHECK(record.returns[seat] >= 0.5);
    }
  }
}

TEST_CASE("tictactoe: uct takes the win and blocks") {
  auto pos = [](std::vector<std::string> rows) { return testing::position<TicTacToe>({{"board", rows}}); };
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    CHECK(TicTacToe::move_to_string({}, 0, best_move<TicTacToe>("uct:iters=5000", pos({"XX.", "OO.", "..."}), seed)) ==
          "c3");
    CHECK(TicTacToe::move_to_string({}, 0, best_move<TicTacToe>("uct:iters=5000", pos({"X..", "OO.", "X.."}), seed)) ==
          "c2");
  }
}

// Every seat's root value is the mean of what the iterations backed up: for the searcher, the
// visit-weighted mean of its root moves' means (each edge's reward rounded to 2^-24); the seats'
// values of a game whose returns sum to 1 sum to 1; a won position is worth about 1 to its winner.
TEST_CASE("root values: every seat's mean return over the iterations, for every way of searching") {
  const auto pos = [](std::vector<std::string> rows) { return testing::position<TicTacToe>({{"board", rows}}); };
  const TicTacToe::State s = pos({"XX.", "OO.", "..."});  // X to move wins at c3
  for (const char* spec : {"uct:iters=3000", "uct:iters=3000,threads=2", "uct:iters=3000,threads=2,parallel=tree",
                           "pimc:iters=300,dets=4", "ismcts:iters=3000"}) {
    CAPTURE(spec);
    const search::SearchResult r = analyse<TicTacToe>(spec, s, 0);
    REQUIRE(r.iterations > 0);
    CHECK(r.root_values[0] + r.root_values[1] == doctest::Approx(1.0).epsilon(1e-9));
    CHECK(r.root_values[0] > 0.6);
    CHECK(r.root_values[2] == 0.0);                       // no third seat
    if (std::string(spec).starts_with("pimc")) continue;  // PIMC's root moves hold votes, not visits
    double sum = 0, visits = 0;
    for (const auto& m : r.moves) sum += m.mean * m.visits, visits += m.visits;
    CHECK(r.root_values[0] == doctest::Approx(sum / visits).epsilon(1e-6));
  }
}

TEST_CASE("connect4: uct finds the immediate win and the forced block") {
  auto pos = [](std::string row1, std::string row0) {
    const std::string e = ".......";
    return testing::position<Connect4>({{"board", {e, e, e, e, row1, row0}}});
  };
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    CHECK(best_move<Connect4>("uct:iters=20000", pos("OOO....", "XXX...."), seed) == 3);  // win in column 4
    CHECK(best_move<Connect4>("uct:iters=20000", pos("X......", "OOO.XX."), seed) == 3);  // block column 4
    CHECK(best_move<Connect4>("uct:iters=20000,threads=2,parallel=tree", pos("OOO....", "XXX...."), seed) == 3);
    CHECK(best_move<Connect4>("uct:iters=20000,rollout=heuristic", pos("X......", "OOO.XX."), seed) == 3);
  }
}

TEST_CASE("reveal-and-guess: information-set search conditions on what apply revealed") {
  for (const std::string spec : {"ismcts:iters=20000", "mo-ismcts:iters=20000"}) {
    CAPTURE(spec);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      GameConfig c;
      c.seed = seed;
      const auto r = analyse<RevealGuess>(spec, RevealGuess::initial(c), 0, seed);
      CHECK(root_value(r) >= 0.95);
    }
    // The same search with the reveal dropped from the tokens can only guess: the test would see it.
    RevealGuess::drop_reveals = true;
    const auto blind = analyse<RevealGuess>(spec, RevealGuess::initial({}), 0);
    RevealGuess::drop_reveals = false;
    CHECK(root_value(blind) < 0.5);
  }
}

TEST_CASE("biased rock-paper-scissors: Exp3 and regret matching end near the mixed equilibrium") {
  // The equilibrium from the payoff matrix (Eigen): the opponent's mix y makes every row equal,
  // A y = v 1 with sum(y) = 1.
  Eigen::Matrix4d m = Eigen::Matrix4d::Zero();
  Eigen::Vector4d rhs(0, 0, 0, 1);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) m(i, j) = BiasedRps::kPayoff[i][j];
    m(i, 3) = -1;  // - v
    m(3, i) = 1;
  }
  const Eigen::Vector4d solution = m.fullPivLu().solve(rhs);
  const Eigen::Vector3d equilibrium = solution.head<3>();  // symmetric game: both players mix alike
  CHECK(equilibrium(0) == doctest::Approx(0.25));
  CHECK(equilibrium(1) == doctest::Approx(0.5));
  // Exploration biases the limit: the bandits learn against each other's gamma-mixed play, so the
  // equilibrium they approach is that of a perturbed game, O(gamma) away. Small gammas here.
  for (const std::string spec : {"ismcts:iters=200000,sim=exp3,gamma=0.05", "ismcts:iters=200000,sim=rm,gamma=0.03",
                                 "mo-ismcts:iters=200000,sim=rm,gamma=0.03"}) {
    CAPTURE(spec);
    for (Player seat : {0, 1}) {
      const auto r = analyse<BiasedRps>(spec, BiasedRps::State{}, seat);
      REQUIRE(r.moves.size() == 3);
      double l1 = 0;
      for (const auto& mv : r.moves) l1 += std::abs(mv.policy - equilibrium(mv.move));
      MESSAGE(spec << " seat " << seat << ": policy " << r.moves[0].policy << " " << r.moves[1].policy << " "
                   << r.moves[2].policy << ", L1 distance " << l1);
      CHECK(l1 <= 0.05);
    }
  }
}

TEST_CASE("goofspiel: decoupled search beats random in at least 90% of 200 games") {
  for (const std::string spec : {"ismcts:iters=2000,rollout=heuristic", "ismcts:iters=2000,rollout=heuristic,sim=exp3",
                                 "ismcts:iters=2000,rollout=heuristic,sim=rm"}) {
    CAPTURE(spec);
    ArenaSettings a;
    a.config.seed = 7;
    a.bots = {spec, "random"};
    a.games = kLight ? 40 : 200;
    a.jobs = 2;
    const auto table = summarize(a.bots, run_arena<Goofspiel>(a).games, a.config.seed).rows;
    const double rate = table[0].wins / table[0].games;
    MESSAGE(spec << ": " << rate * 100 << "% of " << table[0].games << " games against random");
    CHECK(rate >= (kLight ? 0.8 : 0.9));
  }
}

// ---------------------------------------------------------------------------------------------
// Kuhn poker: strategies as bet probabilities per information set, and their exact exploitability.

namespace {

struct KuhnStrategy {
  double first[3];     // seat 0, history "":   P(bet | card)
  double after_pb[3];  // seat 0, history "pb": P(call | card)
  double after_p[3];   // seat 1, history "p":  P(bet | card)
  double after_b[3];   // seat 1, history "b":  P(call | card)
};

int payoff0(int c0, int c1, const std::string& h) {
  Kuhn::State s;
  s.deck[0] = std::uint8_t(c0), s.deck[1] = std::uint8_t(c1), s.deck[2] = std::uint8_t(3 - c0 - c1);
  for (char ch : h) s.apply(ch == 'b' ? Kuhn::kBet : Kuhn::kPass);
  return int(s.scores()[0]);
}

// Best-response values (chips) of each seat against the other's part of `s`; exploitability is
// their mean (NashConv / 2), 0 exactly at an equilibrium.
double exploitability(const KuhnStrategy& s) {
  double br0 = 0, br1 = 0;
  for (int c0 = 0; c0 < 3; ++c0) {  // seat 0 best-responds knowing its card
    double bet = 0, pass_showdown = 0, call = 0, fold = 0;
    for (int c1 = 0; c1 < 3; ++c1) {
      if (c1 == c0) continue;
      bet += (s.after_b[c1] * payoff0(c0, c1, "bb") + (1 - s.after_b[c1]) * payoff0(c0, c1, "bp")) / 6;
      pass_showdown += (1 - s.after_p[c1]) * payoff0(c0, c1, "pp") / 6;
      call += s.after_p[c1] * payoff0(c0, c1, "pbb") / 6;
      fold += s.after_p[c1] * payoff0(c0, c1, "pbp") / 6;
    }
    br0 += std::max(bet, pass_showdown + std::max(call, fold));
  }
  for (int c1 = 0; c1 < 3; ++c1) {  // seat 1 best-responds at "p" and at "b"
    double p_bet = 0, p_pass = 0, b_call = 0, b_fold = 0;
    for (int c0 = 0; c0 < 3; ++c0) {
      if (c0 == c1) continue;
      const double reach_p = (1 - s.first[c0]) / 6, reach_b = s.first[c0] / 6;
      p_pass += reach_p * -payoff0(c0, c1, "pp");
      p_bet += reach_p * (s.after_pb[c0] * -payoff0(c0, c1, "pbb") + (1 - s.after_pb[c0]) * -payoff0(c0, c1, "pbp"));
      b_call += reach_b * -payoff0(c0, c1, "bb");
      b_fold += reach_b * -payoff0(c0, c1, "bp");
    }
    br1 += std::max(p_bet, p_pass) + std::max(b_call, b_fold);
  }
  return (br0 + br1) / 2;
}

// The bot's final policy (P(bet)) at each of the 12 information sets.
KuhnStrategy strategy_of(const std::string& spec) {
  KuhnStrategy s{};
  auto p_bet = [&](int seat, int card, const std::string& history) {
    Kuhn::State st;
    st.deck[seat] = std::uint8_t(card);
    st.deck[1 - seat] = std::uint8_t((card + 1) % 3);
    st.deck[2] = std::uint8_t((card + 2) % 3);
    for (char ch : history) st.apply(ch == 'b' ? Kuhn::kBet : Kuhn::kPass);
    for (const auto& m : analyse<Kuhn>(spec, st, seat).moves)
      if (m.move == Kuhn::kBet) return m.policy;
    return 0.0;
  };
  for (int c = 0; c < 3; ++c) {
    s.first[c] = p_bet(0, c, "");
    s.after_pb[c] = p_bet(0, c, "pb");
    s.after_p[c] = p_bet(1, c, "p");
    s.after_b[c] = p_bet(1, c, "b");
  }
  return s;
}

}  // namespace

TEST_CASE("kuhn: the exploitability helper is exact on known strategies") {
  const KuhnStrategy uniform{{.5, .5, .5}, {.5, .5, .5}, {.5, .5, .5}, {.5, .5, .5}};
  CHECK(exploitability(uniform) == doctest::Approx(0.458333).epsilon(1e-5));  // 11/24, as OpenSpiel reports
  // A Nash equilibrium (Kuhn 1950, alpha = 0): exploitability 0.
  const KuhnStrategy nash{{0, 0, 0}, {0, 1.0 / 3, 1}, {1.0 / 3, 0, 1}, {0, 1.0 / 3, 1}};
  CHECK(exploitability(nash) == doctest::Approx(0.0).epsilon(1e-9));
}

TEST_CASE("kuhn: information-set search never calls a bet holding the jack; exploitability reported") {
  for (const std::string spec : {"ismcts:iters=10000", "mo-ismcts:iters=10000"}) {
    CAPTURE(spec);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      // Seat 1 holds the jack facing a bet; seat 0 holds the jack after pass-bet.
      const auto facing_bet = Kuhn::from_json(Json{{"game", "kuhn"}, {"cards", {"Q", "J", "K"}}, {"history", "b"}});
      const auto after_pass_bet =
          Kuhn::from_json(Json{{"game", "kuhn"}, {"cards", {"J", "K", "Q"}}, {"history", "pb"}});
      CHECK(best_move<Kuhn>(spec, facing_bet, seed) == Kuhn::kPass);
      CHECK(best_move<Kuhn>(spec, after_pass_bet, seed) == Kuhn::kPass);
    }
    const double e = exploitability(strategy_of(spec));
    MESSAGE(spec << ": exploitability " << e << " chips per hand (NashConv " << 2 * e << ")");
    CHECK(e >= 0.0);
    CHECK(e <= 2.0);
  }
}

// ---------------------------------------------------------------------------------------------
// No peeking: two true states of one information set give identical search statistics.

namespace {

// Pairs of states of one information set for `seat`: deals from different seeds that the seat
// cannot tell apart.
template <Game G>
std::vector<std::pair<typename G::State, typename G::State>> information_set_pairs(const GameConfig& base, Player seat,
                                                                                   int wanted) {
  std::vector<std::pair<typename G::State, typename G::State>> pairs;
  // For each seed a, the first of the next 199 seeds whose deal the seat cannot tell from a's. Each
  // deal is dealt and seen once (deals[i] and views[i]: seed i + 1's), not once for every a it is
  // compared with: Bardagi's deals never coincide, and dealing 40,000 of them under
  // AddressSanitizer took two minutes.
  std::vector<typename G::State> deals;
  std::vector<std::uint64_t> views;
  const auto dealt = [&](std::uint64_t seed) {
    while (deals.size() < seed) {
      GameConfig c = base;
      c.seed = deals.size() + 1;
      deals.push_back(G::initial(c));
      views.push_back(view_hash_of<G>(deals.back(), seat));
    }
    return std::size_t(seed - 1);
  };
  for (std::uint64_t a = 1; a < 200 && int(pairs.size()) < wanted; ++a) {
    for (std::uint64_t b = a + 1; b < a + 200; ++b) {
      const std::size_t i = dealt(a), j = dealt(b);
      if (!(deals[i] == deals[j]) && views[i] == views[j]) {
        pairs.emplace_back(deals[i], deals[j]);
        break;
      }
    }
  }
  // Where deals never coincide (Sardegna's random tokens), a state and a determinization of it
  // are two states of one information set (the invariant suite checks determinize keeps the view),
  // taken at several depths of a random game.
  Rng rng(99);
  for (std::uint64_t seed = 1; int(pairs.size()) < wanted && seed < 100; ++seed) {
    GameConfig c = base;
    c.seed = seed;
    auto s = G::initial(c);
    const int depth = int(rng.below(40));
    s = testing::after_random_moves<G>(s, rng, depth);
    if (s.to_move() == kTerminal) continue;
    const auto other = determinize<G>(s, seat, rng);
    if (!(other == s)) pairs.emplace_back(s, other);
  }
  return pairs;
}

// Plays both games of a pair with the same moves while the seat cannot tell them apart, asking a
// fresh bot per game for its decision whenever the seat moves. Returns whether every search of the
// pair gave identical root statistics.
template <Game G>
bool same_statistics_along(const std::string& spec, typename G::State a, typename G::State b, Player seat,
                           std::uint64_t seed, int max_searches = 1000000) {
  auto bot_a = make_bot<G>(spec, seed), bot_b = make_bot<G>(spec, seed);
  auto* sa = dynamic_cast<MctsBot<G>*>(bot_a.get());
  auto* sb = dynamic_cast<MctsBot<G>*>(bot_b.get());
  bot_a->start(seat);
  bot_b->start(seat);
  Rng rng(seed);
  bool same = true;
  int searches = 0;
  while (a.to_move() != kTerminal && view_hash_of<G>(a, seat) == view_hash_of<G>(b, seat) && searches < max_searches) {
    if (a.to_move() == seat || a.to_move() == kSimultaneous) {
      ++searches;
      bot_a->choose(InfoSet<G>(a, seat));
      bot_b->choose(InfoSet<G>(b, seat));
      same = same && visits_of(sa->last_result()) == visits_of(sb->last_result()) && !sa->last_result().moves.empty();
    }
    const auto t = testing::random_transition<G>(a, rng);
    if (!t.legal_in(b)) break;
    bot_a->inform(t.token(a, seat));
    bot_b->inform(t.token(b, seat));
    a = t.after(a);
    b = t.after(b);
  }
  return same;
}

// `cheat_shows`: the hidden part changes the best play, so cheat-uct's statistics must differ.
template <Game G>
void check_no_peeking(const GameConfig& config, Player seat, bool cheat_shows = true) {
  const auto pairs = information_set_pairs<G>(config, seat, kLight ? 3 : 6);
  REQUIRE(pairs.size() >= 3);
  std::vector<std::string> specs = {"ismcts:iters=300",
                                    "ismcts:iters=300,reuse=on",
                                    "ismcts:iters=300,threads=2",
                                    "ismcts:iters=300,threads=2,reuse=on",
                                    "mo-ismcts:iters=300",
                                    "mo-ismcts:iters=300,reuse=on",
                                    "mo-ismcts:iters=300,threads=2",
                                    "pimc:iters=50,dets=6",
                                    "pimc:iters=50,dets=6,threads=2",
                                    "ismcts:iters=300,sim=exp3",
                                    "ismcts:iters=300,sim=rm,reuse=on",
                                    "ismcts:iters=300,prior=uniform",
                                    "mo-ismcts:iters=300,prior=uniform,cpuct=2,reuse=on",
                                    "pimc:iters=50,dets=6,prior=uniform"};
  // Every mode with a value model, a policy model and a mix.
  std::optional<testing::ModelFile> value, policy;
  if constexpr (HasTensors<G>) {
    // Models that read every float of the seat's observation, with weights made up (no fit).
    const auto root = G::initial(config);
    const std::string name = cat("peek-", G::kName, "-", num_players_of<G>(root));
    value.emplace(testing::made_up_model<G>(root, config, false), name + "-value.json");
    policy.emplace(testing::made_up_model<G>(root, config, true), name + "-policy.json");
    const std::string v = ",eval=" + value->path, p = ",prior=" + policy->path;
    for (const std::string mode : {"ismcts:iters=300", "mo-ismcts:iters=300,reuse=on", "pimc:iters=50,dets=6"}) {
      specs.push_back(mode + p);
      specs.push_back(mode + ",cutoff=leaf" + v);
      specs.push_back(mode + ",mix=0.5" + v + p);
    }
    specs.push_back("ismcts:iters=300,threads=2,reuse=on,cutoff=leaf" + v + p);
  }
  for (const std::string& spec : specs) {
    if (!checked_in_this_build(spec)) continue;
    CAPTURE(spec);
    for (const auto& [a, b] : pairs) CHECK(same_statistics_along<G>(spec, a, b, seat, 11));
  }
  if (!cheat_shows || kThreadsOnly) return;
  // The upper-bound baseline reads the true state, and the same check sees it.
  bool cheat_differs = false;
  for (const auto& [a, b] : information_set_pairs<G>(config, seat, 20))
    cheat_differs = cheat_differs || !same_statistics_along<G>("cheat-uct:iters=300", a, b, seat, 11);
  CHECK(cheat_differs);
}

}  // namespace

TEST_CASE("no peeking: kuhn") {
  check_no_peeking<Kuhn>({}, 0);
  check_no_peeking<Kuhn>({}, 1);
}
TEST_CASE("no peeking: goofspiel") {
  GameConfig c;
  c.options["cards"] = "6";
  check_no_peeking<Goofspiel>(c, 0);
  c.players = 3;
  check_no_peeking<Goofspiel>(c, 2);
}
// Sardegna's variant holds private fort cards; long games, so a few searches along each history.
TEST_CASE(
    "no peeking: sardegna alt-sentinel, the honest searches agree across an information set, cheat-uct does not") {
  GameConfig c;
  c.players = 3;
  c.options["variant"] = "alt-sentinel";
  const auto pairs = information_set_pairs<Sardegna>(c, 1, kLight ? 2 : 4);
  REQUIRE(pairs.size() >= 2);
  for (const std::string spec :
       {"ismcts:iters=150", "ismcts:iters=150,reuse=on,threads=2", "mo-ismcts:iters=150,reuse=on",
        "pimc:iters=40,dets=4", "ismcts:iters=100,rollout=heuristic,cutoff=20", "ismcts:iters=100,prior=heuristic",
        "mo-ismcts:iters=100,prior=heuristic,prior_weight=0.8,mix=0.5,reuse=on"}) {
    if (!checked_in_this_build(spec)) continue;
    CAPTURE(spec);
    for (const auto& [a, b] : pairs) CHECK(same_statistics_along<Sardegna>(spec, a, b, 1, 5, 4));
  }
  if (kThreadsOnly) return;
  bool cheat_differs = false;
  for (const auto& [a, b] : pairs)
    cheat_differs = cheat_differs || !same_statistics_along<Sardegna>("cheat-uct:iters=150", a, b, 1, 5, 4);
  CHECK(cheat_differs);
}

// Bardagi at 3 players, seen from the start player, who acts first in the round while the others'
// selections are still face down; every seat's runes are private too. Two rounds begun with the
// last seat's selection (and then the runes and piles) made different give one information set:
// the honest searches must not tell them apart, and cheat-uct, which reads the true state, must.
TEST_CASE(
    "no peeking: bardagi, the honest searches cannot tell an unrevealed selection or private runes; cheat-uct can") {
  GameConfig c;
  c.players = 3;
  const Player observer = 0, hidden = 2;
  std::vector<std::pair<Bardagi::State, Bardagi::State>> pairs;
  Rng rng(5);
  for (std::uint64_t seed = 1; int(pairs.size()) < (kLight ? 2 : 4); ++seed) {
    c.seed = seed;
    const auto start = Bardagi::initial(c);
    JointMove joint{};
    for (Player p = 0; p < 3; ++p) joint[std::size_t(p)] = Bardagi::heuristic_move(start, p, rng);
    auto a = start, b = start;
    a.apply_joint(joint);
    Bardagi::MoveList selections;
    start.legal_moves(hidden, selections);
    joint[std::size_t(hidden)] = selections[seed % selections.size()];  // another of the 84
    b.apply_joint(joint);
    if (a == b) continue;
    b = b.determinize(observer, rng);  // and the others' runes, the rune pile, the face-down tiles
    REQUIRE(a.view_hash(observer) == b.view_hash(observer));
    REQUIRE(a.selection[std::size_t(hidden)] != b.selection[std::size_t(hidden)]);
    REQUIRE(a.to_move() == observer);
    pairs.emplace_back(a, b);
  }
  for (const std::string spec :
       {"ismcts:iters=150", "ismcts:iters=100,rollout=heuristic,cutoff=10,prune=on,bias=10,reuse=on",
        "mo-ismcts:iters=150", "mo-ismcts:iters=100,rollout=heuristic,cutoff=10,prune=on,threads=2",
        "pimc:iters=30,dets=4", "mo-ismcts:iters=100,rollout=heuristic,cutoff=10,prune=on,prior=heuristic",
        "ismcts:iters=100,mix=0.3,rollout=heuristic,prior=uniform"}) {
    if (!checked_in_this_build(spec)) continue;
    CAPTURE(spec);
    for (const auto& [a, b] : pairs) CHECK(same_statistics_along<Bardagi>(spec, a, b, observer, 7, 4));
  }
  if (kThreadsOnly) return;
  bool cheat_differs = false;
  for (const auto& [a, b] : pairs)
    cheat_differs = cheat_differs || !same_statistics_along<Bardagi>("cheat-uct:iters=150", a, b, observer, 7, 4);
  CHECK(cheat_differs);
}

// Here the hidden cards never change the best play (the one card that matters is revealed before
// the only real decision), so even cheat-uct's statistics agree: only the honest bots are checked.
TEST_CASE("no peeking: reveal-and-guess, the honest searches' statistics are the same across an information set") {
  check_no_peeking<RevealGuess>({}, 0, false);
}

// Every game of the list with hidden information (for a perfect-information game an information
// set is one state: nothing to peek at), at its default configuration, from every seat: a new
// game is checked without a line here, by a lighter set of searches than the cases above.
namespace {
template <class List>
struct HiddenInformationGames;
template <Game... Gs>
struct HiddenInformationGames<GameList<Gs...>> {
  using Types = decltype(std::tuple_cat(std::conditional_t<hidden_information<Gs>, std::tuple<Gs>, std::tuple<>>{}...));
};
}  // namespace

TEST_CASE_TEMPLATE_DEFINE(
    "no peeking: every hidden-information game at its defaults, each seat's searches alike across its information set",
    G, no_peeking_every_game) {
  const int seats = G::initial({}).num_players();
  for (Player seat = 0; seat < seats; ++seat) {
    // The sanitizer builds check the first and last seats; ThreadSanitizer, which looks for races in
    // the threaded search alone, the first.
    if (kLight && seat != 0 && (kThreadsOnly || seat != seats - 1)) continue;
    CAPTURE(seat);
    const auto pairs = information_set_pairs<G>({}, seat, kLight ? 2 : 3);
    REQUIRE_MESSAGE(pairs.size() >= 2, "no two states of one information set found: is the hidden part ever hidden?");
    for (const std::string spec : {"ismcts:iters=100", "ismcts:iters=100,reuse=on,threads=2",
                                   "mo-ismcts:iters=100,reuse=on", "pimc:iters=20,dets=4"}) {
      if (!checked_in_this_build(spec)) continue;
      CAPTURE(spec);
      for (const auto& [a, b] : pairs) CHECK(same_statistics_along<G>(spec, a, b, seat, 13, 6));
    }
  }
}
TEST_CASE_TEMPLATE_APPLY(no_peeking_every_game, HiddenInformationGames<AllGames>::Types);

// ---------------------------------------------------------------------------------------------

TEST_CASE("determinism: one seed, one thread count, one budget: one move and one set of visits") {
  GameConfig c;
  c.seed = 3;
  const auto s = Goofspiel::initial(c);
  for (const std::string spec : {"ismcts:iters=2000", "ismcts:iters=2000,threads=2",
                                 "mo-ismcts:iters=2000,threads=2,sim=rm", "pimc:iters=100,dets=8,threads=2"}) {
    CAPTURE(spec);
    const auto first = analyse<Goofspiel>(spec, s, 0, 5), second = analyse<Goofspiel>(spec, s, 0, 5);
    CHECK(first.best == second.best);
    CHECK(visits_of(first) == visits_of(second));
    const auto other_seed = analyse<Goofspiel>(spec, s, 0, 6);
    CHECK(visits_of(first) != visits_of(other_seed));
  }
}

// PIMC with a time budget: every determinization gets its share of the time and at least one
// iteration, so each votes (the votes are the visits of analyze's table). Once every
// determinization measured its time from the search's start, and the first spent all of it.
TEST_CASE("pimc with ms=: each of the dets determinizations is searched and votes") {
  GameConfig c;
  c.options["cards"] = "6";
  const auto s = Goofspiel::initial(c);
  for (const std::string spec : {"pimc:iters=0,ms=200,dets=10", "pimc:iters=0,ms=200,dets=10,threads=2"}) {
    CAPTURE(spec);
    const auto r = analyse<Goofspiel>(spec, s, 0);
    std::uint32_t votes = 0;
    for (const auto& m : r.moves) votes += m.visits;
    CHECK(votes == 10);
    CHECK(r.iterations >= 10);
  }
}

TEST_CASE("memory cap: the arena never exceeds it, and the search goes on inside it") {
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.iterations = 20000;
  for (std::size_t cap : {std::size_t(4096), std::size_t(20000), std::size_t(1) << 20}) {
    CAPTURE(cap);
    cfg.memory_bytes = cap;
    search::Mcts<Connect4> mcts(cfg, false);
    Rng rng(1);
    const Connect4::State start;
    const auto r = mcts.search(RootState<Connect4>{start}, 0, 2, false, rng);
    CHECK(r.bytes_reserved <= cap);
    CHECK(r.bytes_used <= r.bytes_reserved);
    CHECK(r.iterations == 20000);
  }
  const auto r = analyse<Connect4>("uct:iters=20000,memory=1,threads=2", Connect4::State{}, 0);
  CHECK(r.bytes_reserved <= std::size_t(1) << 20);
}

// A benchmark's nodes a second and bytes a node (nuraghe bench --game) read these two: the nodes
// the trees hold and their bytes, summed over every tree the search grew.
TEST_CASE("the node count of a search: every tree's, at most one new node an iteration past the roots") {
  for (const char* spec : {"uct:iters=3000", "uct:iters=3000,threads=2", "uct:iters=3000,threads=2,parallel=tree",
                           "pimc:iters=300,dets=4"}) {
    CAPTURE(spec);
    const auto r = analyse<Connect4>(spec, Connect4::State{}, 0);
    const bool pimc = std::string(spec).starts_with("pimc");
    CHECK(r.nodes > 100);
    CHECK(r.nodes <= std::size_t(r.iterations) + (pimc ? 4u : 2u));  // a root a tree, then one a visit at most
    CHECK(r.node_bytes >= r.nodes * sizeof(search::Node));
    if (pimc) CHECK(r.node_bytes > r.bytes_used);  // four trees, bytes_used is the largest one's
    else CHECK(r.node_bytes == r.bytes_used);
  }
}

namespace {

Connect4::State connect4_after(const std::string& columns) {
  Connect4::State s;
  for (const char c : columns) s.apply(Move(c - '0'));
  return s;
}

// A uct search by the core itself, in `bytes` of tree memory (below the bot's 1 MiB granularity).
struct CappedSearch {
  search::SearchResult result;
  std::uint32_t nodes = 0, root_edges = 0, children_with_every_edge = 0;
};
// UCT of `iterations` a search within `bytes` of trees.
search::SearchConfig uct_config(long long iterations, std::size_t bytes) {
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.iterations = iterations;
  cfg.memory_bytes = bytes;
  return cfg;
}

CappedSearch uct_in(std::size_t bytes, const Connect4::State& s, long long iterations, std::uint64_t seed) {
  search::Mcts<Connect4> mcts(uct_config(iterations, bytes), false);
  Rng rng(seed);
  CappedSearch c;
  c.result = mcts.search(RootState<Connect4>{s}, s.to_move(), 2, false, rng);
  mcts.for_each_tree([&](const auto& tree) {
    c.nodes = tree.node_count();
    c.root_edges = tree.num_edges(tree.root());
    tree.for_each_edge(tree.root(), [&](search::EdgeId e) {
      const search::NodeId child = tree.link(e).child;
      c.children_with_every_edge += child != search::kNoNode && tree.num_edges(child) == c.root_edges;
    });
  });
  return c;
}

}  // namespace

// A full arena stops the tree growing; the moves chosen at its frontier must still be credited with
// playouts from the positions they lead to (once they were credited from the position they leave,
// so that the frontier's values drifted to their parent's). X to move against O's two open threats
// (a1 and e1): every move of X loses to O's reply. 3000 bytes hold the root's 7 edges and its 7
// children's 49 (so O's winning replies are edges), but only 37 of the 57 nodes of two plies.
// Tolerance: a return lies in [0, 1], so a mean of n returns has a standard error of at most
// 1 / (2 sqrt(n)), and the difference of two such means sqrt(1/(4 n1) + 1/(4 n2)); the means of the
// two searches must agree within 4 of those for every move both searched at least 100 times (some
// 2800 here: 0.05), where a move credited from its parent's position is off by 0.15 to 0.3.
TEST_CASE("memory cap: a full tree's root values agree with an uncapped search of the same iterations") {
  const auto s = connect4_after("611223");  // X: g1 b2 c2; O: b1 c1 d1
  const std::size_t cap = 3000;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    CAPTURE(seed);
    const CappedSearch capped = uct_in(cap, s, 20000, seed);
    const CappedSearch open = uct_in(std::size_t(64) << 20, s, 20000, seed);
    REQUIRE(capped.result.bytes_used == capped.result.bytes_reserved);  // both arenas are full
    REQUIRE(capped.root_edges == 7);
    REQUIRE(capped.children_with_every_edge == 7);
    REQUIRE(capped.nodes < 1 + 7 + 49);
    int compared = 0;
    double worst = 0;
    for (const auto& a : capped.result.moves)
      for (const auto& b : open.result.moves) {
        if (a.move != b.move || a.visits < 100 || b.visits < 100) continue;
        ++compared;
        const double se = std::sqrt(0.25 / a.visits + 0.25 / b.visits);
        worst = std::max(worst, std::fabs(a.mean - b.mean) / se);
        CAPTURE(a.move);
        CHECK(std::fabs(a.mean - b.mean) <= 4 * se);
      }
    CHECK(compared == 7);
    MESSAGE("seed " << seed << ": largest difference " << worst << " standard errors");
  }
}

// X to move wins at d1 (a1 b1 c1 are X's). 399 bytes hold the root's 7 edges and 3 children: most
// moves cannot get a child, the winning one among them for most seeds. Every playout through a
// winning move is a win, so its mean is exactly 1 however small the tree.
TEST_CASE("memory cap: the one winning move is found, with a mean of 1, by a tree of a few nodes") {
  const auto s = connect4_after("001122");
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    CAPTURE(seed);
    const CappedSearch capped = uct_in(399, s, 20000, seed);
    REQUIRE(capped.result.bytes_used == capped.result.bytes_reserved);
    REQUIRE(capped.root_edges == 7);
    REQUIRE(capped.nodes < 1 + 7);
    CHECK(capped.result.best == 3);
    for (const auto& m : capped.result.moves)
      if (m.move == 3) CHECK(m.mean == 1.0);
  }
}

TEST_CASE("tree reuse: the subtree reached by the bot's own observations keeps its statistics") {
  auto bot = make_bot<Connect4>("uct:iters=5000,reuse=on", 1);
  auto* searcher = dynamic_cast<MctsBot<Connect4>*>(bot.get());
  bot->start(0);
  Connect4::State s;
  const Move first = bot->choose(InfoSet<Connect4>(s, 0));
  bot->inform(Connect4::observe(s, first, 0));
  s.apply(first);
  const Move reply = 3;
  bot->inform(Connect4::observe(s, reply, 0));
  s.apply(reply);
  bot->choose(InfoSet<Connect4>(s, 0));
  std::uint64_t visits = 0;
  for (const auto& m : searcher->last_result().moves) visits += m.visits;
  CHECK(visits > 5000);  // this search's 5000 iterations plus those inherited from the last move
  CHECK(searcher->last_result().iterations == 5000);
}

TEST_CASE("tree reuse over full states: a secret that looks alike to the bot ends the reuse") {
  // cheat-uct's tree is over true states. After seat 1's secret pick, seat 0's token is the same
  // for n = 1, 2, 3: reusing any one of the three subtrees would search a state that is not the
  // true one, where seat 1's later moves differ (HiddenPick's apply throws on an illegal move).
  using testing::HiddenPick;
  for (Move secret : {Move(1), Move(2), Move(3)}) {
    auto bot = make_bot<HiddenPick>("cheat-uct:iters=300,reuse=on", 1);
    bot->start(0);
    HiddenPick::State s;
    const Move go = bot->choose(InfoSet<HiddenPick>(s, 0));
    bot->inform(HiddenPick::observe(s, go, 0));
    s.apply(go);
    bot->inform(HiddenPick::observe(s, secret, 0));
    s.apply(secret);
    CHECK_NOTHROW(bot->choose(InfoSet<HiddenPick>(s, 0)));
    auto* searcher = dynamic_cast<MctsBot<HiddenPick>*>(bot.get());
    std::uint32_t visits = 0;
    for (const auto& m : searcher->last_result().moves) visits += m.visits;
    CHECK(visits == 300);  // nothing inherited: the reuse ended at the secret
  }
}

TEST_CASE("memory while searching: a search holds no tree of the last search, kept subtrees copied or not") {
  // The sampler runs inside the search, between iterations: there it sums what the searcher still
  // holds from before (for_each_tree walks the trees of the last search the searcher kept).
  for (bool reuse : {false, true}) {
    CAPTURE(reuse);
    search::Mcts<Connect4> mcts(uct_config(300, std::size_t(1) << 20), reuse);
    Rng rng(1);
    Connect4::State s;
    const auto first = mcts.search(RootState<Connect4>{s}, 0, 2, false, rng);
    for (const Move m : {first.best, Move(3)}) {
      mcts.observe(Connect4::observe(s, m, 0));
      s.apply(m);
    }
    std::size_t held = 0;
    const auto second = mcts.search(
        [&](Rng&) {
          mcts.for_each_tree([&](const auto& tree) { held = std::max(held, tree.bytes_reserved()); });
          return s;
        },
        0, 2, false, rng);
    CHECK(held == 0);
    std::uint64_t visits = 0;
    for (const auto& m : second.moves) visits += m.visits;
    CHECK((visits > 300) == reuse);  // with reuse, the copied subtree's visits came along
  }
}

// Over full states, decisions whose visits are not the sum of their edges' visits (of those whose
// edges or lack of them the walk sees: decisions, fresh nodes), and how many there are.
std::pair<int, int> decisions_disagreeing(const search::Tree<false>& tree) {
  int decisions = 0, disagree = 0;
  for (search::NodeId n{0}; n.index < tree.node_count(); ++n) {
    // A fresh node has no edges: its visits must be 0.
    if (tree.kind(n) != search::NodeKind::Decision && tree.kind(n) != search::NodeKind::Fresh) continue;
    std::uint64_t sum = 0;
    tree.for_each_edge(n, [&](search::EdgeId e) { sum += tree.stats(e).visits; });
    ++decisions;
    disagree += sum != tree.node(n).visits;
  }
  return {decisions, disagree};
}

// A UCT search of `iterations` in `bytes` from `start`, then the check on its tree and on tree
// reuse's copy of it into an arena too small for it (nodes whose edges did not fit keep the sum).
template <Game G>
void check_visits_are_edges_visits(const typename G::State& start, long long iterations, std::size_t bytes,
                                   std::size_t copy_bytes) {
  search::Mcts<G> mcts(uct_config(iterations, bytes), false);
  Rng rng(2);
  const bool simultaneous = start.to_move() == kSimultaneous;
  mcts.search(RootState<G>{start}, simultaneous ? 0 : start.to_move(), num_players_of<G>(start), simultaneous, rng);
  int trees = 0;
  mcts.for_each_tree([&](const auto& tree) {
    if constexpr (std::is_same_v<std::decay_t<decltype(tree)>, search::Tree<false>>) {
      ++trees;
      const auto [decisions, disagree] = decisions_disagreeing(tree);
      CHECK(decisions > 100);
      CHECK(disagree == 0);
      const auto copy = search::compact(tree, search::Tree<false>::root(), copy_bytes);
      const auto [copied, copied_disagree] = decisions_disagreeing(copy);
      CHECK(copied > 5);
      CHECK(copy.node_count() < tree.node_count());
      CHECK(copied_disagree == 0);
    }
  });
  CHECK(trees == 1);
}

TEST_CASE(
    "node visits: over full states a node's visits are its edges' visits, in a search's tree and in tree reuse's "
    "copy") {
  // The choice at a visited node over full states counts untried edges from the node's visits
  // (EdgeChooser::choose_in_block): that holds only while a decision's visits are the sum of its edges'.
  SUBCASE("Connect Four: decisions only") {
    check_visits_are_edges_visits<Connect4>(Connect4::State{}, 3000, 1 << 20, 8 << 10);
  }
  SUBCASE("Bardagi, 3 seats: a simultaneous selection, then decisions") {
    GameConfig c;
    c.players = 3;
    c.seed = 4;
    // Which nodes an arena cuts short depends on its size: several sizes, for one at least to cut
    // a decision's edges (128 KiB does, for this search).
    for (const std::size_t copy_kib : {32, 64, 128, 256})
      check_visits_are_edges_visits<Bardagi>(Bardagi::initial(c), 3000, std::size_t(4) << 20, copy_kib << 10);
  }
}

TEST_CASE("log_of_count: UCB's logarithm of a count is std::log within 1e-12, from 1 to 2^32 - 1") {
  double worst = 0;
  for (std::uint64_t n = 1; n < (std::uint64_t(1) << 32); n = n < 100000 ? n + 1 : n + n / 997)
    worst = std::max(worst, std::fabs(search::log_of_count(std::uint32_t(n)) - std::log(double(n))));
  worst = std::max(worst, std::fabs(search::log_of_count(0xFFFFFFFFu) - std::log(4294967295.0)));
  CHECK(worst < 1e-12);
  CHECK(search::log_of_count(1) == 0.0);
}

TEST_CASE("progressive bias over full states: uct follows the heuristic's move at every visit of a node") {
  // Connect Four, X on a1 b1 c1 and O on g1 g2: O must block at d1, which is what the heuristic
  // plays. With a large weight (and much exploration, c=3) the root's visits go to it far more
  // often, also after the node's first visit (where uct no longer lists the moves: a bias applied
  // only there left the share where it is without one).
  auto s = Connect4::initial(GameConfig{});
  for (const Move m : {Move(0), Move(6), Move(1), Move(6), Move(2)}) s.apply(m);
  const auto share_of_block = [&](const std::string& spec) {
    const auto r = analyse<Connect4>(spec, s, s.to_move(), 3);
    for (const auto& m : r.moves)
      if (m.move == Move(3)) return double(m.visits) / double(r.iterations);
    return 0.0;
  };
  const double biased = share_of_block("uct:iters=2000,bias=1000,c=3");
  const double plain = share_of_block("uct:iters=2000,c=3");
  MESSAGE("d1: " << 100 * biased << "% of the visits with bias=1000, " << 100 * plain << "% without");
  CHECK(biased > plain + 0.25);
}

TEST_CASE("progressive bias beside a prior: PUCT's score is raised for the heuristic's move") {
  // The position above, where the heuristic blocks at d1. PUCT with equal priors (as with a
  // policy model that has no opinion) spreads the visits by their means; bias= adds the heuristic's
  // word to PUCT's score, over full states (uct, a node's block) and over information sets
  // (ismcts, the moves listed at each visit).
  auto s = Connect4::initial(GameConfig{});
  for (const Move m : {Move(0), Move(6), Move(1), Move(6), Move(2)}) s.apply(m);
  for (const std::string algorithm : {"uct", "ismcts"}) {
    CAPTURE(algorithm);
    const auto share = [&](const std::string& params) {
      const auto r = analyse<Connect4>(algorithm + ":iters=2000,prior=uniform,cpuct=30" + params, s, s.to_move(), 3);
      for (const auto& m : r.moves)
        if (m.move == Move(3)) return double(m.visits) / double(r.iterations);
      return 0.0;
    };
    const double biased = share(",bias=1000"), plain = share("");
    MESSAGE(algorithm << " d1: " << 100 * biased << "% of the visits with bias=1000, " << 100 * plain << "% without");
    CHECK(biased > plain + 0.25);
  }
  // Beside prior=heuristic, which is the bias as a prior, it is refused.
  CHECK_THROWS_AS(make_bot<Connect4>("uct:prior=heuristic,bias=10", 1), InputError);
  CHECK_NOTHROW(make_bot<Connect4>("uct:prior=uniform,bias=10", 1));
}

TEST_CASE("search bots: a spec that asks what the game cannot give is refused") {
  CHECK_THROWS_AS(make_bot<Kuhn>("uct:iters=10", 1), InputError);  // hidden information
  CHECK_NOTHROW(make_bot<Kuhn>("cheat-uct:iters=10", 1));
  CHECK_THROWS_AS(make_bot<Kuhn>("ismcts:rollout=heuristic", 1), InputError);  // kuhn has no heuristic
  CHECK_THROWS_AS(make_bot<Kuhn>("ismcts:bias=1", 1), InputError);             // nor a move to favour
  CHECK_THROWS_AS(make_bot<Kuhn>("ismcts:prune=on", 1), InputError);           // nor search moves
  CHECK_THROWS_AS(make_bot<Connect4>("uct:cutoff=3", 1), InputError);          // nor connect4 an evaluation
  CHECK_THROWS_AS(make_bot<Connect4>("uct:iters=0", 1), InputError);           // no budget at all
  CHECK_THROWS_AS(make_bot<Connect4>("pimc:reuse=on", 1), InputError);
  CHECK_THROWS_AS(make_bot<Connect4>("uct:threads=0", 1), InputError);
  CHECK_THROWS_AS(make_bot<Connect4>("ismcts:sim=ducb", 1), InputError);
  CHECK_NOTHROW(make_bot<Goofspiel>("ismcts:cutoff=3,rollout=heuristic,epsilon=0.2", 1));
  // The static evaluations are win shares, the score reward points: the two would be mixed.
  CHECK_THROWS_WITH_AS(make_bot<Goofspiel>("ismcts:reward=score,cutoff=3", 1),
                       doctest::Contains("reward=score with cutoff=3"), InputError);
  CHECK_NOTHROW(make_bot<Goofspiel>("ismcts:reward=score", 1));
  CHECK_NOTHROW(make_bot<Goofspiel>("ismcts:reward=score,cutoff=0", 1));
}

// ---- Priors and PUCT (docs/search.md, "Priors and PUCT")

TEST_CASE("PUCT: it chooses by its formula, Q + cpuct * P * sqrt(N) / (1 + n), an untried edge at the node's mean") {
  // Three edges at a root visited 16 times (N), priors 0.5, 0.3, 0.2: the first tried 10 times for
  // 6 wins, the second 5 for 4, the third never. By hand, with cpuct = 1:
  //   edge 0: 0.6 + 0.5 * 4 / 11 = 0.782;  edge 1: 0.8 + 0.3 * 4 / 6 = 1.0;
  //   edge 2: (6 + 4) / 15 + 0.2 * 4 / 1 = 1.467, so the untried edge is chosen;
  // with its prior at 0.05 instead: 0.667 + 0.2 = 0.867, and edge 1 is.
  search::SearchConfig cfg;
  cfg.prior = search::Prior::Uniform;
  cfg.cpuct = 1.0;
  search::Tree<false> tree(std::size_t(1) << 20);
  const search::NodeId root = search::Tree<false>::root();
  const std::uint64_t keys[3] = {10, 11, 12};
  const search::EdgeId first = tree.add_edges(root, keys, 3);
  REQUIRE(first != search::kNoEdge);
  const auto set = [&](int u, std::uint32_t visits, double wins, double prior) {
    search::EdgeStats& e = tree.stats(first + std::uint32_t(u));
    e.visits = visits;
    e.reward = std::uint64_t(wins * search::kRewardScale);
    e.prior = std::uint16_t(prior * search::kPriorScale + 0.5);
  };
  set(0, 10, 6, 0.5);
  set(1, 5, 4, 0.3);
  set(2, 0, 0, 0.2);
  search::EdgeChooser<false> chooser(cfg);
  const auto edge_of = [&](int u) { return first + std::uint32_t(u); };
  CHECK(chooser.choose_puct(tree, 3, edge_of, 16) == 2);
  set(2, 0, 0, 0.05);
  CHECK(chooser.choose_puct(tree, 3, edge_of, 16) == 1);
  // cpuct 0: the best mean alone, the untried edge at the node's mean 0.667 below edge 1's 0.8.
  cfg.cpuct = 0;
  CHECK(chooser.choose_puct(tree, 3, edge_of, 16) == 1);
}

TEST_CASE("PUCT: with the heuristic's prior it finds the winning move in fewer iterations than UCB") {
  // Connect Four: the first player holds columns 0, 1, 2 of the bottom row and plays column 3 to win.
  auto s = Connect4::initial(GameConfig{});
  for (const Move m : {0, 6, 1, 6, 2, 5}) s.apply(m);
  REQUIRE(s.to_move() == 0);
  // The fewest iterations (of 1 to 64) at which the search's move is the win, over 10 seeds.
  const auto fewest = [&](const std::string& spec) {
    int worst = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      int n = 1;
      for (; n <= 64; ++n) {
        auto bot = make_bot<Connect4>("uct:iters=" + std::to_string(n) + "," + spec, seed);
        bot->start(0);
        if (bot->choose(InfoSet<Connect4>(s, 0)) == 3) break;
      }
      worst = std::max(worst, n);
    }
    return worst;
  };
  const int ucb = fewest("c=0.7"), puct = fewest("prior=heuristic");
  CAPTURE(ucb);
  CAPTURE(puct);
  CHECK(puct == 1);  // the heuristic takes a win, and its move is tried first
  CHECK(ucb > puct);
  CHECK(ucb <= 64);  // UCB finds it too, once it has tried the moves
}

TEST_CASE(
    "PUCT: without a prior the search is UCB's; prior=none changes nothing, prior=uniform changes the statistics") {
  // prior=none is the default; giving it spelled out changes nothing, and a PUCT search differs.
  auto s = Connect4::initial(GameConfig{});
  const auto stats = [&](const std::string& spec) {
    auto bot = make_bot<Connect4>(spec, 5);
    bot->start(0);
    bot->choose(InfoSet<Connect4>(s, 0));
    return visits_of(dynamic_cast<MctsBot<Connect4>*>(bot.get())->last_result());
  };
  CHECK(stats("uct:iters=500") == stats("uct:iters=500,prior=none"));
  CHECK(stats("uct:iters=500") != stats("uct:iters=500,prior=uniform"));
}

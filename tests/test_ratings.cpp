#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "arena/ratings.hpp"
#include "arena/sprt.hpp"
#include "arena/summary.hpp"
#include "core/rng.hpp"

using namespace nuraghe;

namespace {

// A two-player game between bots a (seat 0) and b (seat 1): a scores 1, 0.5 or 0.
RatedGame duel(int a, int b, double a_score) { return {{a, b}, {a_score, 1 - a_score}}; }

// Coin-flip duplicate sets between two equally strong bots: each set is one deal played twice
// with the seats swapped.
std::vector<DuplicateSet> coin_flip_sets(int n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<DuplicateSet> sets;
  for (int i = 0; i < n; ++i) {
    sets.push_back({duel(0, 1, static_cast<double>(rng.below(2))), duel(1, 0, static_cast<double>(rng.below(2)))});
  }
  return sets;
}

// One game's score for the stronger or equal bot A: win, draw or loss with the given probabilities.
double game_score(Rng& rng, double win, double draw) {
  const double u = rng.uniform();
  return u < win ? 1.0 : u < win + draw ? 0.5 : 0.0;
}

// Runs a sequential test on simulated pairs until the LLR leaves the bounds (or max_pairs):
// +1 if H1 was accepted, -1 if H0 was, 0 if undecided.
int run_sprt(const SprtSettings& s, std::uint64_t seed, double win, double draw, int max_pairs) {
  Rng rng(seed);
  std::array<double, 5> counts{};
  for (int pair = 0; pair < max_pairs; ++pair) {
    const double points = game_score(rng, win, draw) + game_score(rng, win, draw);
    counts[static_cast<std::size_t>(std::lround(points * 2))] += 1;
    const double llr = sprt_llr(counts, s.elo0, s.elo1);
    if (llr >= sprt_upper_bound(s)) return +1;
    if (llr <= sprt_lower_bound(s)) return -1;
  }
  return 0;
}

}  // namespace

TEST_CASE("elo and score: the helpers are logistic and inverse to each other") {
  CHECK(score_from_elo(0) == doctest::Approx(0.5));
  CHECK(score_from_elo(400) == doctest::Approx(10.0 / 11.0));
  CHECK(elo_from_score(0.75) == doctest::Approx(400 * std::log10(3.0)));
  for (double elo : {-700.0, -35.5, 0.0, 12.0, 250.0})
    CHECK(elo_from_score(score_from_elo(elo)) == doctest::Approx(elo));
  CHECK(std::isinf(elo_from_score(1.0)));
  CHECK(elo_from_score(0.0) < 0);
}

TEST_CASE("pairwise_points: a multi-player game is its pairwise results; same-bot seats are not compared") {
  // Bot 0 and bot 2 tie on 5 and both beat bot 1; then bot 0 holds two seats and bot 1 beats both.
  const std::vector<DuplicateSet> sets = {{{{0, 1, 2}, {5, 3, 5}}}, {{{0, 0, 1}, {1, 2, 3}}}};
  Eigen::MatrixXd expected(3, 3);
  expected << 0, 1, 0.5,  //
      2, 0, 0,            //
      0.5, 1, 0;
  const Eigen::MatrixXd points = pairwise_points(sets, 3);
  CHECK(points == expected);
}

TEST_CASE("Bradley-Terry: it recovers known ratings from simulated games") {
  const double truth[3] = {-100, 0, 150};
  Rng rng(2024);
  std::vector<DuplicateSet> sets;
  for (int g = 0; g < 20000; ++g) {
    const int a = static_cast<int>(rng.below(3));
    const int b = (a + 1 + static_cast<int>(rng.below(2))) % 3;
    const double a_wins = rng.uniform() < score_from_elo(truth[a] - truth[b]) ? 1.0 : 0.0;
    sets.push_back({duel(a, b, a_wins)});
  }
  const Eigen::VectorXd elo = bradley_terry_elo(pairwise_points(sets, 3));
  const double mean = (truth[0] + truth[1] + truth[2]) / 3;
  CHECK(elo.sum() == doctest::Approx(0).epsilon(1e-9));
  for (int i = 0; i < 3; ++i) CHECK(std::abs(elo[i] - (truth[i] - mean)) < 15);
}

TEST_CASE("Bradley-Terry: without a prior it solves the likelihood equations") {
  // At the maximum-likelihood fit every bot's expected points equal its actual points.
  Eigen::MatrixXd points(4, 4);
  points << 0, 7, 3, 12,  //
      5, 0, 9, 4,         //
      2.5, 6, 0, 8,       //
      1, 3, 4.5, 0;
  const Eigen::VectorXd elo = bradley_terry_elo(points, 0.0);
  for (int i = 0; i < 4; ++i) {
    double expected = 0;
    for (int j = 0; j < 4; ++j) {
      if (j != i) expected += (points(i, j) + points(j, i)) * score_from_elo(elo[i] - elo[j]);
    }
    CHECK(expected == doctest::Approx(points.row(i).sum()).epsilon(1e-8));
  }
}

TEST_CASE("Bradley-Terry: symmetric data gives 0; the prior keeps a perfect record finite") {
  Eigen::MatrixXd even = Eigen::MatrixXd::Constant(3, 3, 4.0);
  even.diagonal().setZero();
  const Eigen::VectorXd flat = bradley_terry_elo(even);
  for (int i = 0; i < 3; ++i) CHECK(std::abs(flat[i]) < 1e-9);

  // Ten wins out of ten: with 0.5 virtual draws the score is 10.25 to 0.25.
  Eigen::MatrixXd sweep = Eigen::MatrixXd::Zero(2, 2);
  sweep(0, 1) = 10;
  const Eigen::VectorXd elo = bradley_terry_elo(sweep);
  REQUIRE(std::isfinite(elo[0]));
  REQUIRE(std::isfinite(elo[1]));
  CHECK(elo[0] - elo[1] == doctest::Approx(400 * std::log10(10.25 / 0.25)));
  CHECK(elo[0] + elo[1] == doctest::Approx(0).epsilon(1e-9));

  // A bot that beat everyone among three stays finite and on top.
  Eigen::MatrixXd champion(3, 3);
  champion << 0, 20, 20,  //
      0, 0, 11,           //
      0, 9, 0;
  const Eigen::VectorXd ranked = bradley_terry_elo(champion);
  for (int i = 0; i < 3; ++i) CHECK(std::isfinite(ranked[i]));
  CHECK(ranked[0] > ranked[1]);
  CHECK(ranked[1] > ranked[2]);
}

TEST_CASE("Bradley-Terry: a bot that met nobody gets 0; separate groups are centred separately") {
  Eigen::MatrixXd points = Eigen::MatrixXd::Zero(5, 5);
  points(0, 1) = 6, points(1, 0) = 2;  // group {0, 1}
  points(3, 4) = 1, points(4, 3) = 3;  // group {3, 4}; bot 2 met nobody
  const Eigen::VectorXd elo = bradley_terry_elo(points);
  CHECK(elo[2] == 0);
  CHECK(elo[0] + elo[1] == doctest::Approx(0).epsilon(1e-9));
  CHECK(elo[3] + elo[4] == doctest::Approx(0).epsilon(1e-9));
  CHECK(elo[0] - elo[1] == doctest::Approx(400 * std::log10(6.25 / 2.25)));
  CHECK(elo[4] - elo[3] == doctest::Approx(400 * std::log10(3.25 / 1.25)));
}

TEST_CASE("bootstrap: intervals are unknown without data, deterministic per seed, shared across statistics") {
  const auto one = coin_flip_sets(1, 5);
  const EloIntervals single = elo_with_intervals(one, 2, 100, 1);
  CHECK(std::isnan(single.low[0]));
  CHECK(std::isnan(single.high[1]));
  const auto none = bootstrap_interval(
      1, [](const std::vector<int>&) { return 0.5; }, 100, 1, 0.95);
  CHECK(std::isnan(none.first));
  CHECK(std::isnan(none.second));

  // A bot that met nobody keeps rating 0 and unknown bounds.
  const auto sets = coin_flip_sets(50, 6);
  const EloIntervals with_idle = elo_with_intervals(sets, 3, 100, 1);
  CHECK(with_idle.elo[2] == 0);
  CHECK(std::isnan(with_idle.low[2]));
  CHECK(with_idle.low[0] < with_idle.elo[0]);
  CHECK(with_idle.elo[0] < with_idle.high[0]);

  const EloIntervals a = elo_with_intervals(sets, 2, 200, 42), b = elo_with_intervals(sets, 2, 200, 42);
  const EloIntervals c = elo_with_intervals(sets, 2, 200, 43);
  CHECK(a.low == b.low);
  CHECK(a.high == b.high);
  CHECK(a.low != c.low);

  // The same seed gives the same resamples to any statistic, so the generic bootstrap of bot 0's
  // rating reproduces elo_with_intervals exactly.
  const auto elo0 = bootstrap_interval(
      static_cast<int>(sets.size()),
      [&](const std::vector<int>& indices) {
        std::vector<DuplicateSet> resampled;
        for (int i : indices) resampled.push_back(sets[i]);
        return bradley_terry_elo(pairwise_points(resampled, 2))[0];
      },
      200, 42, 0.95);
  CHECK(elo0.first == doctest::Approx(a.low[0]));
  CHECK(elo0.second == doctest::Approx(a.high[0]));
}

TEST_CASE("bootstrap: intervals for equal bots cover 0 about 95% of the time and shrink with data") {
  int elo_covers = 0, win_rate_covers = 0;
  double width_100 = 0, width_400 = 0;
  const int seeds = 100;
  for (int seed = 0; seed < seeds; ++seed) {
    const auto small = coin_flip_sets(100, 1000 + seed);
    const EloIntervals e = elo_with_intervals(small, 2, 200, seed);
    if (e.low[0] <= 0 && 0 <= e.high[0]) ++elo_covers;
    width_100 += e.high[0] - e.low[0];

    // Bot 0's score rate, bootstrapped by set: the generic interval used for win rates.
    const auto rate = bootstrap_interval(
        100,
        [&](const std::vector<int>& indices) {
          double points = 0;
          for (int i : indices) points += small[i][0].score[0] + small[i][1].score[1];
          return points / (2.0 * static_cast<double>(indices.size()));
        },
        200, seed, 0.95);
    if (rate.first <= 0.5 && 0.5 <= rate.second) ++win_rate_covers;

    const auto large = coin_flip_sets(400, 5000 + seed);
    const EloIntervals f = elo_with_intervals(large, 2, 200, seed);
    width_400 += f.high[0] - f.low[0];
  }
  CHECK(elo_covers >= 90);
  CHECK(win_rate_covers >= 90);
  CHECK(width_400 / seeds < width_100 / seeds);
  // The width falls like 1/sqrt(sets): four times the data, about half the width.
  CHECK(width_400 / width_100 == doctest::Approx(0.5).epsilon(0.15));
}

TEST_CASE("sprt_llr: zero without pairs, antisymmetric, close to the normal approximation") {
  CHECK(sprt_llr({0, 0, 0, 0, 0}, 0, 10) == 0);

  const std::array<double, 5> counts{80, 420, 1010, 440, 95};
  CHECK(sprt_llr(counts, 0, 10) == doctest::Approx(-sprt_llr(counts, 10, 0)));

  // For close hypotheses LLR ~ N (s1 - s0)(2 m - s0 - s1) / (2 var), m and var the mean and
  // variance of the normalised pair score.
  double n = 0, mean = 0, square = 0;
  for (int i = 0; i < 5; ++i) {
    n += counts[i];
    mean += counts[i] * i / 4.0;
    square += counts[i] * (i / 4.0) * (i / 4.0);
  }
  mean /= n;
  const double variance = square / n - mean * mean;
  for (auto [elo0, elo1] : {std::pair{0.0, 10.0}, std::pair{-5.0, 5.0}, std::pair{0.0, 5.0}}) {
    const double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
    const double approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
    CHECK(sprt_llr(counts, elo0, elo1) == doctest::Approx(approx).epsilon(0.03));
  }
}

TEST_CASE("SPRT: it accepts H1 for a clearly stronger bot and H0 for equal bots") {
  const SprtSettings s = parse_sprt("0,10,0.05,0.05");

  // A scores 70% (60% wins, 20% draws): the LLR climbs fast.
  std::array<double, 5> strong{};
  Rng rng(11);
  for (int pair = 0; pair < 300; ++pair) {
    strong[static_cast<std::size_t>(std::lround(2 * (game_score(rng, 0.6, 0.2) + game_score(rng, 0.6, 0.2))))] += 1;
  }
  CHECK(sprt_llr(strong, s.elo0, s.elo1) > sprt_upper_bound(s));

  // Equal bots: after many pairs the LLR is well below the lower bound (its drift is about -0.001
  // per pair with a standard deviation of about 0.045 per pair).
  std::array<double, 5> equal{};
  for (int pair = 0; pair < 40000; ++pair) {
    equal[static_cast<std::size_t>(std::lround(2 * (game_score(rng, 0.4, 0.2) + game_score(rng, 0.4, 0.2))))] += 1;
  }
  const double llr = sprt_llr(equal, s.elo0, s.elo1);
  CHECK(llr < 0);
  CHECK(llr < sprt_lower_bound(s));

  // Run sequentially, the test stops on the right side nearly every time (alpha = beta = 5%).
  int h1 = 0, h0 = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    h1 += run_sprt(s, seed, 0.6, 0.2, 100000) == +1;
    h0 += run_sprt(s, 100 + seed, 0.4, 0.2, 100000) == -1;
  }
  CHECK(h1 == 20);
  CHECK(h0 >= 17);
}

TEST_CASE("parse_sprt: four numbers, elo0 < elo1, 0 < alpha, beta < 0.5") {
  const SprtSettings s = parse_sprt(" -5, 5 ,0.1,0.2");
  CHECK(s.elo0 == -5);
  CHECK(s.elo1 == 5);
  CHECK(s.alpha == 0.1);
  CHECK(s.beta == 0.2);
  const SprtSettings t = parse_sprt("0,10,0.05,0.05");
  CHECK(sprt_lower_bound(t) == doctest::Approx(std::log(0.05 / 0.95)));
  CHECK(sprt_upper_bound(t) == doctest::Approx(std::log(0.95 / 0.05)));

  for (const char* bad : {"1,2,3", "5,0,0.05,0.05", "0,5,0.6,0.05", "a,b,c,d", "", "0,10,0.05,0.05,1", "0,10,0.05,",
                          "0,10,0.05,0.5", "0,10,0,0.05", "nan,10,0.05,0.05", "0,10x,0.05,0.05", "0,5000,0.05,0.05"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_sprt(bad), InputError);
  }
  try {
    parse_sprt("1,2,3");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
    CHECK(std::string(e.what()).find("1,2,3") != std::string::npos);
  }
}

TEST_CASE("sprt_llr_scores: the pentanomial test on five outcomes, the normal approximation on many") {
  CHECK(sprt_llr_scores({}, 0, 10) == 0);
  // The five pair outcomes, every one seen: the same empirical distribution, so the same LLR.
  const std::array<double, 5> counts{8, 42, 101, 44, 9};
  std::vector<double> scores;
  for (int i = 0; i < 5; ++i) scores.insert(scores.end(), std::size_t(counts[std::size_t(i)]), i / 4.0);
  for (auto [elo0, elo1] : {std::pair{0.0, 10.0}, std::pair{-5.0, 5.0}, std::pair{0.0, 40.0}})
    CHECK(sprt_llr_scores(scores, elo0, elo1) == doctest::Approx(sprt_llr(counts, elo0, elo1)).epsilon(1e-9));

  // Deal scores of a three-seat table take many values: for close hypotheses the LLR is near
  // N (s1 - s0)(2 m - s0 - s1) / (2 var), m and var the scores' mean and variance.
  Rng rng(7);
  std::vector<double> deals;
  double mean = 0, square = 0;
  for (int d = 0; d < 3000; ++d) {
    double x = 0;
    for (int g = 0; g < 6; ++g) x += rng.below(3) / 2.0 + (rng.uniform() < 0.04 ? 0.5 : 0.0);
    x = std::min(1.0, x / 6);
    deals.push_back(x), mean += x, square += x * x;
  }
  mean /= double(deals.size());
  const double variance = square / double(deals.size()) - mean * mean;
  const double s0 = score_from_elo(0), s1 = score_from_elo(10);
  const double approx = double(deals.size()) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
  CHECK(sprt_llr_scores(deals, 0, 10) == doctest::Approx(approx).epsilon(0.03));
  CHECK(sprt_llr_scores(deals, 0, 10) == doctest::Approx(-sprt_llr_scores(deals, 10, 0)));
}

namespace {

// A deal of a three-seat table: bot 0 against two copies of bot 1 in the six seatings, bot 0
// finishing first with probability `first` and last otherwise (the copies tie for the other places
// when `tie`).
std::vector<GameResult> three_seat_deal(int deal, Rng& rng, double first, bool tie) {
  std::vector<GameResult> games;
  const int seatings[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
  for (int k = 0; k < 6; ++k) {
    GameResult g;
    g.index = deal * 6 + k, g.deal = deal;
    for (int s = 0; s < 3; ++s) g.seat_bot.push_back(seatings[k][s] == 0 ? 0 : 1);
    const bool wins = rng.uniform() < first;
    g.scores.assign(3, 0);
    for (int s = 0; s < 3; ++s)
      g.scores[std::size_t(s)] = g.seat_bot[std::size_t(s)] == 0 ? (wins ? 10 : 0) : tie ? 5 : 5 + s;
    g.returns.assign(3, 0);
    games.push_back(g);
  }
  return games;
}

int three_seat_verdict(const SprtSettings& s, std::uint64_t seed, double first, int deals, int* decided_at = nullptr) {
  Rng rng(seed);
  std::vector<GameResult> games;
  for (int d = 0; d < deals; ++d)
    for (GameResult& g : three_seat_deal(d, rng, first, d % 2 == 0)) games.push_back(g);
  const SprtTrack t = sprt_track(s, games, 6);
  if (decided_at) *decided_at = t.decided_at;
  return t.verdict;
}

}  // namespace

TEST_CASE("sprt_track: at three seats a deal's score is bot 0's share of the seats it finished above") {
  const SprtSettings s = parse_sprt("0,20,0.05,0.05");
  Rng rng(3);
  std::vector<GameResult> games = three_seat_deal(0, rng, 1.0, true);
  SprtTrack t = sprt_track(s, games, 6);
  REQUIRE(t.deal_scores.size() == 1);
  CHECK(t.seats == 3);
  CHECK(t.deal_scores[0] == 1.0);
  CHECK_FALSE(pentanomial(t));
  // A deal with a game missing is not counted, nor any deal after it.
  for (GameResult& g : three_seat_deal(1, rng, 0.0, true)) games.push_back(g);
  for (GameResult& g : three_seat_deal(2, rng, 0.0, true)) games.push_back(g);
  games.erase(games.begin() + 8);
  t = sprt_track(s, games, 6);
  CHECK(t.deal_scores.size() == 1);
  CHECK(t.llr.size() == 1);
  // Last in every game: 0; the copies of bot 1 tied with each other do not change bot 0's score.
  games = three_seat_deal(0, rng, 0.0, true);
  CHECK(sprt_track(s, games, 6).deal_scores[0] == 0.0);
  // A game without bot 0 is the caller's bug, said rather than read past the seats.
  for (int& bot : games[2].seat_bot) bot = bot == 0 ? 2 : bot;
  CHECK_THROWS_WITH_AS(sprt_track(s, games, 6), doctest::Contains("bot 0 has no seat in game 2"),
                       std::invalid_argument);

  // A bot that finishes first in 60% of games (else last) is decided stronger; one at 50%, equal.
  int h1 = 0, h0 = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    h1 += three_seat_verdict(s, seed, 0.6, 4000) == +1;
    h0 += three_seat_verdict(s, 100 + seed, 0.5, 4000) == -1;
  }
  CHECK(h1 == 10);
  CHECK(h0 >= 8);
  const std::string report = sprt_report(sprt_track(s, three_seat_deal(0, rng, 1.0, false), 6), "A", "B");
  CHECK(report.find("deal scores") != std::string::npos);
  CHECK(report.find("1 deals, mean share of the other seats finished above 1.000") != std::string::npos);

  // Names too long for a verdict of 120 columns give way to their keys, each given in full once
  // (a name that is a key already, as the table above showed it, is not given again).
  const std::string first(40, 'f'), second(45, 's');
  SprtTrack decided = sprt_track(s, three_seat_deal(0, rng, 1.0, false), 6);
  decided.verdict = 1, decided.decided_at = 1;
  const std::string keyed = sprt_report(decided, first, second);
  CHECK(keyed.find("verdict: H1 accepted: #1 is stronger than #2 by at least elo1 after 1 deals") != std::string::npos);
  CHECK(keyed.find("\n#1: " + first + "\n#2: " + second + "\n") != std::string::npos);
  CHECK(keyed.find(first + " for") == std::string::npos);
  CHECK(widest_line(keyed.substr(0, keyed.find("\n#1: "))) <= kTableColumns);
  const std::string table_keyed = sprt_report(decided, "#1", second);
  const std::size_t after_verdict = table_keyed.find('\n', table_keyed.find("verdict: ")) + 1;
  CHECK(table_keyed.substr(after_verdict, table_keyed.find('\n', after_verdict) - after_verdict) == "#2: " + second);
  // Short names stay.
  CHECK(sprt_report(decided, "A", "B").find("verdict: H1 accepted: A is stronger than B") != std::string::npos);
}

// Ticket to Ride's heuristic players: the plan they share (paths, what they need), each style's
// legal and distinct play, and their strength against random play (the aim: at least 95% of
// two-player games).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "arena/arena.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "games/ttr/heuristic.hpp"
#include "games/ttr/ttr.hpp"
#include "invariants.hpp"

using namespace nuraghe::ttr;
using nuraghe::Move;
using nuraghe::Rng;

namespace {

// The first turn of a 2-player game on Sardinia, seat 0 holding exactly `tickets`.
State first_turn(std::uint64_t tickets, std::uint64_t seed = 3) {
  State s = State::setup(Map::sardinia(), 2, {}, seed);
  s.phase = Phase::Turn;
  s.offered = {};
  s.tickets = {};
  s.tickets[0] = tickets;
  s.turn = 0;
  return s;
}

std::uint64_t bit(int i) { return std::uint64_t(1) << i; }

}  // namespace

TEST_CASE("plan: on an open board, a ticket's path costs its shortest distance, and claiming on it shortens it") {
  const Map& m = Map::sardinia();
  for (int t = 0; t < m.num_tickets; ++t) {
    const Ticket& ticket = m.tickets[std::size_t(t)];
    State s = first_turn(bit(t));
    const Plan plan = make_plan(s, 0);
    CAPTURE(t);
    CHECK(plan.unfinished == 1);
    CHECK(plan.unreachable == 0);
    CHECK(plan.spaces == m.shortest(ticket.from, ticket.to));
    int spaces = 0, symbols = 0;
    plan.wanted.for_each([&](int r) {
      spaces += m.routes[std::size_t(r)].length;
      symbols += m.routes[std::size_t(r)].railways + m.routes[std::size_t(r)].tunnels;
    });
    CHECK(spaces == plan.spaces);  // the wanted routes are exactly one path
    CHECK(symbols == plan.symbols);
    int cards = plan.grey + plan.locomotives + plan.symbols;
    for (const int c : plan.colour) cards += c;
    CHECK(cards == plan.spaces);  // every space is paid by one of them
    // Seat 0 takes the first wanted route: the rest of the path costs that much less.
    int first = -1;
    plan.wanted.for_each([&](int r) { first = first < 0 ? r : first; });
    s.routes[0].add(first);
    const Plan after = make_plan(s, 0);
    CHECK(after.spaces == plan.spaces - m.routes[std::size_t(first)].length);
    CHECK(!after.wanted.has(first));
  }
}

TEST_CASE("plan: routes the opponent holds are closed, and a ticket cut off is unreachable") {
  const Map& m = Map::sardinia();
  // A ticket, and the opponent holding every route at one of its cities: no path is left.
  const Ticket& ticket = m.tickets[0];
  State s = first_turn(bit(0));
  for (std::uint64_t f = ticket.from; f; f &= f - 1)
    m.routes_at[std::size_t(std::countr_zero(f))].for_each([&](int r) { s.routes[1].add(r); });
  const Plan plan = make_plan(s, 0);
  CHECK(plan.unfinished == 1);
  CHECK(plan.unreachable == 1);
  CHECK(plan.spaces == 0);
  CHECK(spaces_to_complete(s, 0, ticket, {}) == -1);
  // A completed ticket asks nothing.
  State done = first_turn(bit(0));
  for (int guard = 0; guard < 64; ++guard) {
    const Plan p = make_plan(done, 0);
    if (p.unfinished == 0) break;
    int r = -1;
    p.wanted.for_each([&](int x) { r = r < 0 ? x : r; });
    done.routes[0].add(r);
  }
  CHECK(make_plan(done, 0).unfinished == 0);
  CHECK(make_plan(done, 0).wanted.empty());
}

TEST_CASE("evaluate: win shares that sum to 1, for the seat with the better prospects, and the result at the end") {
  const Map& m = Map::sardinia();
  State s = first_turn(bit(0));
  s.tickets[1] = bit(0);  // the same ticket for both: equal prospects
  auto v = nuraghe::Ttr::evaluate(s);
  CHECK(v[0] + v[1] == doctest::Approx(1.0));
  CHECK(v[0] == doctest::Approx(v[1]));
  // Seat 0 claims the first route of the ticket's path: its share grows.
  int first = -1;
  make_plan(s, 0).wanted.for_each([&](int r) { first = first < 0 ? r : first; });
  s.routes[0].add(first);
  s.cars[0] = std::uint8_t(s.cars[0] - m.routes[std::size_t(first)].length);
  const auto closer = nuraghe::Ttr::evaluate(s);
  CHECK(closer[0] > v[0]);
  // Seat 1's ticket cut off (seat 0 holds every route at one end): seat 0 is far ahead.
  for (std::uint64_t f = m.tickets[0].from; f; f &= f - 1)
    m.routes_at[std::size_t(std::countr_zero(f))].for_each([&](int r) {
      if (!s.routes[0].has(r)) s.routes[0].add(r);
    });
  v = nuraghe::Ttr::evaluate(s);
  CHECK(v[0] > 0.9);
  // At the end the evaluation is the result.
  s.phase = Phase::Over;
  v = nuraghe::Ttr::evaluate(s);
  CHECK(v[0] == s.returns()[0]);
  CHECK(v[1] == s.returns()[1]);
}

TEST_CASE("heuristic: every style plays legal moves to the end of the game, at 2 to 5 players") {
  const int games = nuraghe::testing::kLightFactor > 1 ? 2 : 6;
  for (int players = 2; players <= 5; ++players)
    for (int style = 0; style < int(kStyleNames.size()); ++style)
      for (int g = 0; g < games; ++g) {
        CAPTURE(players);
        CAPTURE(kStyleNames[std::size_t(style)]);
        nuraghe::GameConfig c;
        c.players = players;
        c.seed = std::uint64_t(100 * players + 10 * style + g);
        State s = nuraghe::Ttr::initial(c);
        Rng rng(c.seed);
        int decisions = 0;
        while (s.to_move() != nuraghe::kTerminal && decisions < nuraghe::Ttr::kMaxGameLength) {
          if (s.to_move() == nuraghe::kSimultaneous) {
            nuraghe::JointMove joint{};
            for (int p = 0; p < players; ++p) {
              joint[std::size_t(p)] = nuraghe::Ttr::heuristic_move(s, p, rng, style);
              MoveList legal;
              s.legal_moves(p, legal);
              REQUIRE(legal.contains(joint[std::size_t(p)]));
            }
            s.apply_joint(joint);
          } else {
            const Move m = nuraghe::Ttr::heuristic_move(s, s.to_move(), rng, style);
            MoveList legal;
            s.legal_moves(legal);
            REQUIRE(legal.contains(m));
            s.apply(m);
          }
          ++decisions;
        }
        CHECK(s.to_move() == nuraghe::kTerminal);
      }
}

TEST_CASE("heuristic: the styles play differently") {
  // From one start, each style's game: the routes claimed and the tickets drawn differ.
  std::set<std::vector<Move>> games;
  for (int style = 0; style < int(kStyleNames.size()); ++style) {
    nuraghe::GameConfig c;
    c.players = 2;
    c.seed = 5;
    State s = nuraghe::Ttr::initial(c);
    Rng rng(1);
    std::vector<Move> moves;
    while (s.to_move() != nuraghe::kTerminal) {
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < 2; ++p) joint[std::size_t(p)] = nuraghe::Ttr::heuristic_move(s, p, rng, style);
        s.apply_joint(joint);
        continue;
      }
      const Move m = nuraghe::Ttr::heuristic_move(s, s.to_move(), rng, style);
      moves.push_back(m);
      s.apply(m);
    }
    games.insert(moves);
  }
  CHECK(games.size() == kStyleNames.size());
}

TEST_CASE("heuristic: with fewer cars than its tickets' paths need, route-focus spends them on points") {
  // Found by playtesting (experiments/ttr_playtest.txt): both seats held a ticket still reachable
  // but longer than their cars, drew cards for 10 rounds and the safeguard ended the game.
  const Map& m = Map::sardinia();
  // A ticket whose path has no route of 1 space: with 1 car, none of the plan fits.
  State s;
  int ticket = 0;
  for (; ticket < m.num_tickets; ++ticket) {
    s = first_turn(bit(ticket));
    int shortest = 99;
    make_plan(s, 0).wanted.for_each(
        [&](int r) { shortest = std::min(shortest, int(m.routes[std::size_t(r)].length)); });
    if (shortest >= 2) break;
  }
  REQUIRE(ticket < m.num_tickets);
  s.cars[0] = 1;
  for (int k = 0; k < kCardKinds; ++k) s.cards[0][std::size_t(k)] = 3;
  Rng rng(1);
  for (const Style style : {Style::RouteFocus, Style::DestinationHungry}) {
    CAPTURE(int(style));
    const Move mv = heuristic_move(s, 0, rng, style);
    CHECK(kind_of(mv) == MoveKind::Claim);
    // And with the cars its plan needs it still builds the plan.
    State roomy = s;
    roomy.cars[0] = 45;
    const Move planned = heuristic_move(roomy, 0, rng, style);
    if (kind_of(planned) == MoveKind::Claim) CHECK(make_plan(roomy, 0).wanted.has(route_of(planned)));
  }
}

TEST_CASE("heuristic: a plan's railway symbols need Railway cards or Wood + Rails: Tunnel cards do not pay them") {
  // Found by playtesting: a seat holding Tunnel cards for a plan with railway symbols counted them
  // as paying, never drew Materials, and drew train cards until the safeguard ended the game.
  const Map& m = Map::sardinia();
  for (int t = 0; t < m.num_tickets; ++t) {
    State s = first_turn(bit(t));
    const Plan plan = make_plan(s, 0);
    int railways = 0, tunnels = 0;
    plan.wanted.for_each([&](int r) {
      railways += m.routes[std::size_t(r)].railways;
      tunnels += m.routes[std::size_t(r)].tunnels;
    });
    if (railways == 0 || tunnels > 0) continue;  // a path with railway symbols only
    CAPTURE(t);
    s.materials[0] = {};
    s.materials[0][std::size_t(Material::Tunnel)] = std::uint8_t(railways + 1);
    s.materials[0][std::size_t(Material::Stones)] = 2;
    s.phase = Phase::SecondDraw;  // a draw decision, so the heuristic only chooses what to draw
    s.first_draw = FirstDraw::TrainCard;
    s.cards[0] = {};
    for (int c = 0; c < kTrainColours; ++c) s.cards[0][std::size_t(c)] = 9;  // every colour it could lack
    MoveList legal;
    s.legal_moves(legal);
    bool may_draw_materials = false;
    for (const Move mv : legal) may_draw_materials = may_draw_materials || kind_of(mv) == MoveKind::DrawMaterials;
    REQUIRE(may_draw_materials);
    Rng rng(1);
    CHECK(kind_of(heuristic_move(s, 0, rng, Style::RouteFocus)) == MoveKind::DrawMaterials);
    return;
  }
  FAIL("no ticket's path has railway symbols only");
}

TEST_CASE("heuristic: the setup keep takes at least two tickets, the cheapest first, and a done ticket always") {
  nuraghe::GameConfig c;
  c.players = 2;
  c.seed = 9;
  const State s = nuraghe::Ttr::initial(c);
  const Map& m = s.board();
  Rng rng(1);
  for (int style = 0; style < int(kStyleNames.size()); ++style) {
    const Move keep = nuraghe::Ttr::heuristic_move(s, 0, rng, style);
    CHECK(kind_of(keep) == MoveKind::Keep);
    CHECK(std::popcount(unsigned(field_of(keep))) >= 2);
    // The offered ticket with the shortest path is among those kept.
    int cheapest = 0, i = 0, best = 1000;
    for (std::uint64_t o = s.offered[0]; o; o &= o - 1, ++i) {
      const Ticket& t = m.tickets[std::size_t(std::countr_zero(o))];
      if (m.shortest(t.from, t.to) < best) best = m.shortest(t.from, t.to), cheapest = i;
    }
    CHECK((field_of(keep) >> cheapest & 1) == 1);
  }
}

TEST_CASE("heuristic: each style beats random in at least 95% of two-player games") {
  for (const auto style : kStyleNames) {
    nuraghe::ArenaSettings a;
    a.config.players = 2;
    a.config.seed = 21;
    a.bots = {"heuristic:style=" + std::string(style), "random"};
    a.games = nuraghe::testing::kLightFactor > 1 ? 20 : 60;
    a.jobs = 2;
    const auto table = nuraghe::summarize(a.bots, nuraghe::run_arena<nuraghe::Ttr>(a).games, a.config.seed).rows;
    MESSAGE(style << " vs random: " << 100 * table[0].wins / table[0].games << "% of " << table[0].games << " games");
    CHECK(table[0].wins / table[0].games >= 0.95);
  }
}

TEST_CASE("search moves (prune=on): of each claimable route the cheapest payment, no stations, the rest as legal") {
  nuraghe::Rng rng(12);
  int states = 0, dropped = 0;
  for (int game = 0; game < 6; ++game) {
    State s = State::setup(Map::sardinia(), 2 + game % 4, {}, 100 + std::uint64_t(game));
    for (int step = 0; step < 2000 && s.phase != Phase::Over; ++step) {
      const nuraghe::Player p = s.to_move() == nuraghe::kSimultaneous ? 0 : s.to_move();
      MoveList legal, kept;
      s.legal_moves(p, legal);
      kept = legal;
      search_moves(s, p, kept);
      REQUIRE(kept.size() > 0);
      ++states, dropped += int(legal.size() - kept.size());
      // A subsequence of the legal moves: the order kept.
      std::size_t at = 0;
      for (const Move mv : kept) {
        while (at < legal.size() && legal[at] != mv) ++at;
        REQUIRE(at < legal.size());
      }
      bool only_stations = true;
      for (const Move mv : legal) only_stations = only_stations && kind_of(mv) == MoveKind::Station;
      std::set<int> routes;
      for (const Move mv : kept) {
        if (!only_stations) CHECK(kind_of(mv) != MoveKind::Station);
        if (kind_of(mv) == MoveKind::Claim) CHECK(routes.insert(route_of(mv)).second);  // one payment a route
      }
      for (const Move mv : legal) {  // every claimable route and every other kind of move stays
        if (kind_of(mv) == MoveKind::Claim) CHECK(routes.count(route_of(mv)) == 1);
        else if (kind_of(mv) != MoveKind::Station) CHECK(kept.contains(mv));
      }
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int q = 0; q < s.players; ++q) joint[q] = nuraghe::random_legal_move<nuraghe::Ttr>(s, q, rng);
        s.apply_joint(joint);
      } else {
        s.apply(legal[rng.below(std::uint32_t(legal.size()))]);
      }
    }
  }
  MESSAGE(states << " states, " << dropped << " moves dropped");
  CHECK(dropped > 0);
  // A pruned search plays legal games to the end (the arena checks every move it applies).
  nuraghe::ArenaSettings a;
  a.config.players = 2;
  a.config.seed = 5;
  a.bots = {"ismcts:iters=100,prune=on,rollout=heuristic,cutoff=8", "heuristic"};
  a.games = 2;
  a.jobs = 1;
  CHECK(nuraghe::run_arena<nuraghe::Ttr>(a).games.size() == 2);
}

TEST_CASE("progressive bias (bias=W): the search follows the heuristic's move unless its samples say otherwise") {
  State s = first_turn(bit(0) | bit(20));
  Rng rng(3);
  const Move heuristic = nuraghe::Ttr::heuristic_move(s, 0, rng);
  const auto visits_of = [&](const std::string& spec) {
    auto bot = nuraghe::make_bot<nuraghe::Ttr>(spec, 7);
    auto* searcher = dynamic_cast<nuraghe::MctsBot<nuraghe::Ttr>*>(bot.get());
    REQUIRE(searcher != nullptr);
    bot->start(0);
    bot->choose(nuraghe::InfoSet<nuraghe::Ttr>(s, 0));
    double share = 0;
    for (const auto& m : searcher->last_result().moves)
      if (m.move == heuristic) share = double(m.visits) / double(searcher->last_result().iterations);
    return share;
  };
  // A weight far above any reward: after one try of each move, every iteration takes the heuristic's.
  const double biased = visits_of("ismcts:iters=400,prune=on,bias=1000");
  const double plain = visits_of("ismcts:iters=400,prune=on");
  MESSAGE("the heuristic's move: " << 100 * biased << "% of the visits with bias=1000, " << 100 * plain << "% without");
  CHECK(biased > 0.8);
  CHECK(biased > plain);
}

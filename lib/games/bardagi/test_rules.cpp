// Bardagi's rules, case by case on crafted positions: setup and planning; then random games on both sides
// that keep every disk and Axe token. Each phase's cases are in a file of their own: test_activation.cpp,
// test_attack.cpp, test_knerrir.cpp, test_trade.cpp, test_strengthen.cpp, test_runes.cpp, test_upgrades.cpp,
// test_claim.cpp, test_end.cpp. (Rulings: "Title") names the reading of docs/rules-bardagi.md that a case checks.
#include <doctest/doctest.h>

#include <set>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

TEST_CASE("rounds: 10 / 9 / 8 / 7 for 2 / 3 / 4 / 5 players, two fewer in the short game; 6 cards, 8 from round 5") {
  for (int n = 2; n <= 5; ++n) {
    CHECK(start(n).rounds == 12 - n);
    CHECK(start(n, false, 1, true).rounds == 10 - n);
  }
  for (int r = 1; r <= 4; ++r) CHECK(cards_in_round(r) == 6);
  for (int r = 5; r <= 10; ++r) CHECK(cards_in_round(r) == 8);
}

TEST_CASE("setup: disks, gold, one rune, units at home, the Knerrir on the player board, seat 0 starts") {
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n) {
      CAPTURE(winter);
      CAPTURE(n);
      const State s = start(n, winter, 7);
      const Board& b = s.board();
      int runes_dealt = 0;
      for (int p = 0; p < n; ++p) {
        const auto q = std::size_t(p);
        const Village& v = s.villages[q];
        for (int k = 0; k < kBuildings; ++k) {
          CHECK(v.disks[std::size_t(k)] == 6);  // "6 disks are placed on Verslun ... Virki ... Hof"
          CHECK(v.cap[std::size_t(k)] == 6);    // "Maximum amount on building = 6"
        }
        CHECK(v.pile == 40 - 18);  // "disks (x 40)"
        CHECK(v.gold == 1);        // "1 small (1 gold) coin"
        int runes = 0;
        for (const auto r : v.runes) runes += r;
        CHECK(runes == 1);  // "1 token at random"
        runes_dealt += runes;
        CHECK(v.recruits == 0);
        CHECK(v.axes == 0);
        CHECK(v.glory == 0);
        CHECK(v.upgrades == 0);
        for (const auto a : s.unit_area[q]) CHECK(a == b.home[q]);  // "on your coloured location"
        CHECK(s.knerrir_route[q] == -1);                            // "Knerrir is placed on the harbour"
        CHECK(s.owned[q] == 0);
      }
      CHECK(s.rune_size == 48 - runes_dealt);
      CHECK(s.axes_pile == 20);
      CHECK(s.round == 1);
      CHECK(s.start_player == 0);
      CHECK(s.phase == Phase::Planning);
      CHECK(s.to_move() == nuraghe::kSimultaneous);
    }
}

TEST_CASE("setup: the upgrade stacks hold every tile once per copy; 2 small + 1 large face up (2-3), 3 + 2 (4-5)") {
  for (int n = 2; n <= 5; ++n) {
    CAPTURE(n);
    const State s = start(n, false, 11);
    const Tiles& tiles = s.tiles();
    std::array<int, kMaxTiles> seen{};
    for (int k = 0; k < kStacks; ++k) {
      const TileSize size = TileSize(k & 1);
      const Building building = Building(k / 2);
      int up = 0;
      for (const auto t : s.visible[std::size_t(k)])
        if (t != State::kNoTile) {
          ++up, ++seen[t];
          CHECK(tiles.tiles[t].size == size);
          CHECK(tiles.tiles[t].building == building);
        }
      CHECK(up == (size == TileSize::Small ? (n <= 3 ? 2 : 3) : (n <= 3 ? 1 : 2)));
      for (int i = 0; i < s.stack_size[std::size_t(k)]; ++i) {
        const auto t = s.stacks[std::size_t(k)][std::size_t(i)];
        ++seen[t];
        CHECK(tiles.tiles[t].size == size);
        CHECK(tiles.tiles[t].building == building);
      }
      CHECK(up + s.stack_size[std::size_t(k)] == (size == TileSize::Small ? 10 : 5));
    }
    for (int t = 0; t < tiles.num_tiles; ++t) CHECK(seen[std::size_t(t)] == tiles.tiles[std::size_t(t)].copies);
  }
}

TEST_CASE("setup: the seed shuffles the runes and the stacks; the same seed gives the same state") {
  CHECK(start(3, false, 5) == start(3, false, 5));
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const State a = start(3, false, seed), b = start(3, false, seed + 100);
    differ += a.rune_pile != b.rune_pile || a.visible != b.visible;
  }
  CHECK(differ == 10);
}

TEST_CASE("planning: 84 selections of 6 cards and 149 of 8, each count at most 6, none twice") {
  for (const auto& [n, expected] : {std::pair{6, 84}, std::pair{8, 149}}) {
    std::array<Selection, kMaxLegalMoves> all;
    const int count = State::selections(n, all);
    CHECK(count == expected);
    std::set<Selection> distinct;
    for (int i = 0; i < count; ++i) {
      const Selection sel = all[std::size_t(i)];
      distinct.insert(sel);
      CHECK(cards_of(sel) == n);
      for (int u = 0; u < kUnits; ++u) CHECK(count_of(sel, Unit(u)) <= kCardsPerUnit);
    }
    CHECK(int(distinct.size()) == count);
  }
}

TEST_CASE("planning: every seat selects at once; the selections are kept and the start player activates first") {
  State s = start(4, false, 3);
  MoveList moves;
  for (int p = 0; p < 4; ++p) {
    s.legal_moves(p, moves);
    CHECK(moves.size() == 84);
  }
  s.round = 5;
  s.legal_moves(2, moves);
  CHECK(moves.size() == 149);
  s.round = 1;
  s.start_player = 2;
  nuraghe::JointMove joint{};
  const std::array<Selection, 4> chosen = {make_selection({6, 0, 0, 0}), make_selection({1, 2, 3, 0}),
                                           make_selection({0, 0, 0, 6}), make_selection({2, 2, 1, 1})};
  for (int p = 0; p < 4; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, chosen[std::size_t(p)]);
  s.apply_joint(joint);
  for (int p = 0; p < 4; ++p) CHECK(s.selection[std::size_t(p)] == chosen[std::size_t(p)]);
  CHECK(s.phase == Phase::Activation);
  CHECK(s.to_move() == 2);
}

namespace {
// Every disk of a seat in one place: its buildings, its areas, the village, beside the board, its
// Theirs are yours markers. Every Axe token too: the pile, the villages, the areas.
void check_supplies(const State& s) {
  int axes = s.axes_pile;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const Village& v = s.villages[q];
    int disks = v.disks[0] + v.disks[1] + v.disks[2] + v.recruits + v.pile;
    for (int a = 0; a < s.board().num_areas; ++a) {
      if ((s.owned[q] >> a) & 1) disks += s.disks[std::size_t(a)];
      disks += s.thief[std::size_t(a)] == p + 1;
    }
    CHECK(disks == 40);
    axes += v.axes;
    for (int k = 0; k < kBuildings; ++k) CHECK(v.disks[std::size_t(k)] <= v.cap[std::size_t(k)]);
    for (const auto r : v.storage) CHECK(r <= 5);
  }
  for (int a = 0; a < s.board().num_areas; ++a) {
    axes += s.axes[std::size_t(a)];
    if (s.owner_of(a) < 0) CHECK(s.disks[std::size_t(a)] == 0);
    else CHECK(s.disks[std::size_t(a)] >= 1);
  }
  CHECK(axes == 20);
}
}  // namespace

TEST_CASE(
    "random games: from setup to the end on both sides, every decision has a move, supplies are kept, and the game "
    "ends") {
  nuraghe::Rng rng(31);
  int games = 0, decisions = 0;
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n)
      for (int g = 0; g < 6; ++g) {
        State s = start(n, winter, std::uint64_t(100 + g), g % 2 == 1);
        const int steps = play_out(s, rng, [](const State& t, int decision) {
          if (decision % 97 == 0) check_supplies(t);
        });
        CHECK(s.phase == Phase::Over);
        CHECK(s.round == s.rounds);
        check_supplies(s);
        double shares = 0;
        for (int p = 0; p < n; ++p) shares += s.returns()[std::size_t(p)];
        CHECK(shares == doctest::Approx(1.0));
        ++games;
        decisions += steps;
      }
  CHECK(games == 36);
  MESSAGE(decisions << " decisions in " << games << " random games");
}

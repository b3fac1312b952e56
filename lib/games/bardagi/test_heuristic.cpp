// Bardagi's heuristic player: legal, and stronger than random play.
#include <doctest/doctest.h>

#include <algorithm>
#include "arena/arena.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/heuristic.hpp"
#include "invariants.hpp"

TEST_CASE("heuristic: beats random in at least 90% of two-player games, on both sides") {
  for (const char* side : {"summer", "winter"}) {
    nuraghe::ArenaSettings a;
    a.config.players = 2;
    a.config.seed = 5;
    a.config.options["side"] = side;
    a.bots = {"heuristic", "random"};
    a.games = nuraghe::testing::kLightFactor > 1 ? 20 : 60;
    a.jobs = 2;
    const auto table = nuraghe::summarize(a.bots, nuraghe::run_arena<nuraghe::Bardagi>(a).games, a.config.seed).rows;
    MESSAGE(std::string(side) << ": heuristic vs random: " << 100 * table[0].wins / table[0].games << "% of "
                              << table[0].games << " games");
    CHECK(table[0].wins / table[0].games >= 0.9);
  }
}

namespace {
using namespace nuraghe;
using namespace nuraghe::bardagi;

// States along random games at 2-5 players: the start of a round, inside activations and claims.
std::vector<State> sample_states(int players, std::uint64_t seed, int every) {
  GameConfig c;
  c.players = players;
  c.seed = seed;
  State s = Bardagi::initial(c);
  std::vector<State> out;
  Rng rng(seed);
  for (int step = 0; s.to_move() != kTerminal; ++step) {
    if (step % every == 0) out.push_back(s);
    s = testing::random_transition<Bardagi>(s, rng).after(s);
  }
  out.push_back(s);
  return out;
}
}  // namespace

TEST_CASE("evaluate: win shares that sum to 1; the returns once the game is over") {
  for (int players = 2; players <= 5; ++players)
    for (const State& s : sample_states(players, std::uint64_t(players), 37)) {
      const Values v = evaluate(s);
      double sum = 0;
      for (int p = 0; p < players; ++p) {
        CHECK(v[p] >= 0.0);
        CHECK(v[p] <= 1.0);
        sum += v[p];
      }
      CHECK(sum == doctest::Approx(1.0));
      if (s.to_move() == kTerminal) CHECK(v == s.returns());
    }
}

TEST_CASE("evaluate: an area more, gold more, a tile more, each raises the seat's share; a late lead is surer") {
  GameConfig c;
  c.players = 3;
  c.seed = 2;
  const State start = Bardagi::initial(c);
  const Board& b = start.board();
  int town = -1;
  for (int a = 0; a < b.num_areas && town < 0; ++a)
    if (b.kind[std::size_t(a)] == AreaKind::Town) town = a;
  REQUIRE(town >= 0);
  const double before = evaluate(start)[1];
  CHECK(before == doctest::Approx(1.0 / 3));  // nobody has anything yet
  State area = start;
  area.owned[1] |= std::uint64_t(1) << town;
  area.disks[std::size_t(town)] = 1;
  CHECK(evaluate(area)[1] > before);
  State gold = start;
  gold.villages[1].gold += 5;
  CHECK(evaluate(gold)[1] > before);
  State tile = start;
  tile.villages[1].upgrades |= 1;  // tile 0: its end glory at least
  CHECK(evaluate(tile)[1] > before);
  // The same lead is surer in the last round than in the first: fewer points are still to move.
  State late = gold, late_start = start;
  late.round = late_start.round = std::uint8_t(start.rounds);
  CHECK(evaluate(late)[1] - evaluate(late_start)[1] > evaluate(gold)[1] - before);
}

TEST_CASE("search_moves: a subset of the legal moves in their order, never empty, the same across an information set") {
  Rng rng(3);
  int pruned = 0;
  for (int players : {2, 3, 5})
    for (const State& s : sample_states(players, 40 + std::uint64_t(players), 3)) {
      if (s.to_move() == kTerminal || s.to_move() == kSimultaneous) continue;
      const Player p = s.to_move();
      bardagi::MoveList legal, kept;
      s.legal_moves(legal);
      s.legal_moves(kept);
      search_moves(s, p, kept);
      REQUIRE(!kept.empty());
      std::size_t i = 0;
      for (const Move m : kept) {
        while (i < legal.size() && legal[i] != m) ++i;
        REQUIRE(i < legal.size());  // in the legal list, in its order
        const MoveKind k = kind_of(m);
        CHECK(k != MoveKind::Strengthen);
        CHECK(k != MoveKind::RemoveRune);
        if (k == MoveKind::CastRune) {
          const Rune r = Rune(field_of(m) & 7);
          const int owner = s.owner_of(field_of(m) >> 3);
          if (r == Rune::DivinePowers || r == Rune::Double || r == Rune::Defence) CHECK(owner == p);
          else CHECK((owner >= 0 && owner != p));
        }
      }
      pruned += int(legal.size() - kept.size());
      const State other = s.determinize(p, rng);
      bardagi::MoveList kept_other;
      other.legal_moves(kept_other);
      search_moves(other, p, kept_other);
      CHECK(std::equal(kept.begin(), kept.end(), kept_other.begin(), kept_other.end()));
    }
  CHECK(pruned > 0);  // the sample met strengthening or runes
}

TEST_CASE("heuristic and search_moves: the tiles' actions have values; a free rune before a card's") {
  GameConfig c;
  c.players = 2;
  c.seed = 3;
  State s = Bardagi::initial(c);
  JointMove joint{};
  for (int p = 0; p < 2; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({0, 2, 2, 2}));
  s.apply_joint(joint);
  s.villages[0].upgrades = 1u << s.tiles().tile("hof-free-rune") | 1u << s.tiles().tile("virki-any-card");
  s.villages[0].runes = {0, 0, 0, 0, 0, 1};
  const Board& b = s.board();
  const int own = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  const int theirs = std::countr_zero(b.of_kind[std::size_t(AreaKind::Quarry)]);  // barbarian
  s.owned[0] |= std::uint64_t(1) << own, s.disks[std::size_t(own)] = 1;
  // Double on its own area: free beats the Godi card's cast of the same rune.
  Rng rng(1);
  const Move free_double = make_move(MoveKind::CastRune, int(Rune::Double) | own << 3 | kFreeRune);
  CHECK(heuristic_move(s, 0, rng) == free_double);
  // search_moves keeps the free rune for its caster's area, not on another's, and keeps a card of
  // another unit played as a Berserkur card.
  bardagi::MoveList kept;
  s.legal_moves(0, kept);
  REQUIRE(kept.contains(make_move(MoveKind::CastRune, int(Rune::Double) | theirs << 3 | kFreeRune)));
  search_moves(s, 0, kept);
  CHECK(kept.contains(free_double));
  CHECK(!kept.contains(make_move(MoveKind::CastRune, int(Rune::Double) | theirs << 3 | kFreeRune)));
  CHECK(std::any_of(kept.begin(), kept.end(), [](Move m) { return card_of(m) != Unit::Berserkur; }));
}

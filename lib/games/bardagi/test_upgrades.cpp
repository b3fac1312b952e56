// Upgrades bought (Rulings: "Upgrade costs and stacks"), and what every tile does (Rulings: "The tiles' texts").
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include "games/bardagi/state.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

namespace {
State at_upgrades(int players = 2) {
  State s = start(players, false, 13);
  s.phase = Phase::Upgrades;
  s.turn = s.start_player;
  return s;
}
int visible_tile(const State& s, Building b, TileSize size) { return s.visible[std::size_t(stack_of(b, size))][0]; }
}  // namespace

TEST_CASE("upgrades: a face-up tile the storage and gold pay; the cap rises at once, no disks; at most 2 a round") {
  State s = at_upgrades();
  const int small = visible_tile(s, Building::Hof, TileSize::Small);
  CHECK(!legal(s, make_move(MoveKind::Buy, small)));  // 1 gold, no timber or iron
  CHECK(legal(s, make_move(MoveKind::End)));
  s.villages[0].storage = {0, 0, 0, 4, 2, 3};
  s.villages[0].gold = 5;
  REQUIRE(legal(s, make_move(MoveKind::Buy, small)));
  s.apply(make_move(MoveKind::Buy, small));
  CHECK(s.villages[0].gold == 4);                                                          // small: 1 gold ...
  CHECK(s.villages[0].storage == std::array<std::uint8_t, kResources>{0, 0, 0, 2, 2, 2});  // ... 2 timber, 1 iron
  CHECK(s.villages[0].cap[std::size_t(Building::Hof)] == 7);
  CHECK(s.villages[0].disks[std::size_t(Building::Hof)] == 6);
  CHECK(s.visible[std::size_t(stack_of(Building::Hof, TileSize::Small))][0] == State::kNoTile);  // not refilled yet
  const int large = visible_tile(s, Building::Verslun, TileSize::Large);
  REQUIRE(legal(s, make_move(MoveKind::Buy, large)));
  s.apply(make_move(MoveKind::Buy, large));
  CHECK(s.villages[0].gold == 2);
  CHECK(s.villages[0].storage == std::array<std::uint8_t, kResources>{0, 0, 0, 2, 0, 0});  // 2 stone, 2 iron
  CHECK(s.villages[0].cap[std::size_t(Building::Verslun)] == 8);
  s.villages[0].storage = {5, 5, 5, 5, 5, 5};
  s.villages[0].gold = 9;
  MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 1);  // two bought: only end
  s.apply(make_move(MoveKind::End));
  CHECK(s.to_move() == 1);
  s.apply(make_move(MoveKind::End));
  CHECK(s.phase == Phase::Claim);  // after the last seat's purchases
}

TEST_CASE("upgrades: never a second copy of an owned tile; 4 slots a building; caps at most 10, 12 for Virki's tiles") {
  State s = at_upgrades();
  s.villages[0].storage = {5, 5, 5, 5, 5, 5};
  s.villages[0].gold = 20;
  const Tiles& t = s.tiles();
  // Both copies of a small tile face up: the second is refused once the first is bought.
  const int tile = t.tile("hof-gold-two");
  s.visible[std::size_t(stack_of(Building::Hof, TileSize::Small))] = {std::uint8_t(tile), std::uint8_t(tile),
                                                                      State::kNoTile};
  s.apply(make_move(MoveKind::Buy, tile));
  CHECK(!legal(s, make_move(MoveKind::Buy, tile)));
  // Slots: two large Hof tiles fill Hof's 4.
  s.bought = {};
  s.villages[0].upgrades = 1u << t.tile("hof-glory-three") | 1u << t.tile("hof-axes-four");
  CHECK(s.slots_used(0, Building::Hof) == 4);
  const int another = t.tile("hof-glory-per-iron");
  s.visible[std::size_t(stack_of(Building::Hof, TileSize::Small))][2] = std::uint8_t(another);
  CHECK(!legal(s, make_move(MoveKind::Buy, another)));
  // Caps: Hof with 4 small tiles is 6 + 4 = 10; Virki reaches 12 only through its tiles.
  s.villages[0].upgrades = 1u << t.tile("hof-gold-two") | 1u << t.tile("hof-glory-per-iron") |
                           1u << t.tile("hof-glory-per-cattle") | 1u << t.tile("hof-knerrir-plus-two");
  CHECK(s.cap_of(0, Building::Hof) == 10);
  s.villages[0].upgrades = 1u << t.tile("virki-disks-plus-two");
  CHECK(s.cap_of(0, Building::Virki) == 6 + 1 + 2);
  s.villages[0].upgrades = 1u << t.tile("virki-disks-plus-two") | 1u << t.tile("virki-strong-berserkur");
  CHECK(s.cap_of(0, Building::Virki) == 12);  // 8 + 1 + 2 + 2, within 12
  s.villages[0].upgrades = 1u << t.tile("virki-strong-berserkur");
  CHECK(s.cap_of(0, Building::Virki) == 10);  // 8 + 2
}

// Rulings: "The tiles' texts": the three tiles whose text is an action.
TEST_CASE("virki-any-card: a card of another unit as a Berserkur card, two a round; not for a Berserkur aboard") {
  State s = activating(make_selection({0, 2, 2, 2}));
  s.villages[0].upgrades = 1u << s.tiles().tile("virki-any-card");
  const Board& b = s.board();
  const int next = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  const auto as = [](Unit card, nuraghe::Move m) { return with_card(m, card); };
  const auto move_there = make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, next);
  REQUIRE(legal(s, as(Unit::Godi, move_there)));
  CHECK(legal(s, as(Unit::Knerrir, move_there)));
  CHECK(!legal(s, move_there));  // no Berserkur card of his own
  s.apply(as(Unit::Godi, move_there));
  CHECK(s.unit_area[0][std::size_t(Unit::Berserkur)] == next);
  CHECK(s.cards_left[std::size_t(Unit::Godi)] == 1);
  CHECK(s.as_berserkur == 1);
  // He overtakes the barbarian area with a Kaupmadur card: a Virki disk, as with his own.
  const auto overtake = as(Unit::Kaupmadur, make_unit_move(MoveKind::Overtake, Unit::Berserkur));
  REQUIRE(legal(s, overtake));
  s.apply(overtake);
  CHECK(s.owner_of(next) == 0);
  CHECK(s.villages[0].disks[0] == kStartingDisks - 1);
  CHECK(s.cards_left[std::size_t(Unit::Kaupmadur)] == 1);
  // Two a round: no third.
  MoveList moves;
  s.legal_moves(moves);
  CHECK(std::none_of(moves.begin(), moves.end(), [](nuraghe::Move m) { return card_of(m) != Unit::Berserkur; }));
  // Aboard, the Berserkur takes no action by any card (Rulings: "A unit aboard takes no action of its own").
  State t = activating(make_selection({0, 2, 2, 2}));
  t.villages[0].upgrades = s.villages[0].upgrades;
  t.aboard[0] = 1 << int(Unit::Berserkur);
  t.knerrir_route[0] = 0, t.knerrir_squares[0] = 1;
  t.legal_moves(moves);
  CHECK(std::none_of(moves.begin(), moves.end(), [](nuraghe::Move m) { return card_of(m) != Unit::Berserkur; }));
}

TEST_CASE("hof-free-rune: one rune a round without a card or a Hof disk, beside the card's two; aboard too") {
  State s = activating(make_selection({2, 2, 2, 0}));
  s.villages[0].upgrades = 1u << s.tiles().tile("hof-free-rune");
  s.villages[0].runes = {0, 0, 0, 0, 0, 3};  // three Double runes
  const Board& b = s.board();
  const int x = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)] & ~b.homes);
  const int y = std::countr_zero(b.of_kind[std::size_t(AreaKind::Quarry)] & ~b.homes);
  const int z = std::countr_zero(b.of_kind[std::size_t(AreaKind::IronMine)] & ~b.homes);
  const auto free_rune = make_move(MoveKind::CastRune, int(Rune::Double) | x << 3 | kFreeRune);
  REQUIRE(legal(s, free_rune));
  const Village before = s.villages[0];
  s.apply(free_rune);
  CHECK(((s.runes[std::size_t(x)] >> int(Rune::Double)) & 1));
  CHECK(s.villages[0].disks == before.disks);         // no Hof disk
  CHECK(s.cards_left[std::size_t(Unit::Godi)] == 2);  // no card
  CHECK(s.casts_left == 0);
  CHECK(s.free_runes == 1);
  CHECK(!legal(s, make_move(MoveKind::CastRune, int(Rune::Double) | y << 3 | kFreeRune)));  // one a round
  // The Godi card still casts its two.
  const auto cast = [](int a) { return make_move(MoveKind::CastRune, int(Rune::Double) | a << 3); };
  REQUIRE(legal(s, cast(y)));
  s.apply(cast(y));
  REQUIRE(legal(s, cast(z)));
  s.apply(cast(z));
  CHECK(s.villages[0].runes[std::size_t(Rune::Double)] == 0);
  // The Godi aboard casts it too.
  State t = activating(make_selection({2, 2, 2, 0}));
  t.villages[0].upgrades = 1u << t.tiles().tile("hof-free-rune");
  t.villages[0].runes = {0, 0, 0, 0, 0, 1};
  t.aboard[0] = 1 << int(Unit::Godi);
  t.knerrir_route[0] = 0, t.knerrir_squares[0] = 1;
  CHECK(legal(t, free_rune));
}

TEST_CASE("verslun-free-home-action: the Kaupmadur's home action from any area, once; not aboard") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int away = std::countr_zero(b.of_kind[std::size_t(AreaKind::Town)] & ~b.homes);
  s.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(away);
  CHECK(!legal(s, make_move(MoveKind::Home)));
  s.villages[0].upgrades = 1u << s.tiles().tile("verslun-free-home-action");
  REQUIRE(legal(s, make_move(MoveKind::Home)));
  State t = s;
  t.apply(make_move(MoveKind::Home));  // a trade session, then the refills, as at home
  CHECK(t.trade_next == 0);
  CHECK(t.restock_next);
  CHECK(t.cards_left == s.cards_left);
  CHECK(t.used(State::FreeAction::HomeAction));
  s.aboard[0] = 1 << int(Unit::Kaupmadur);
  s.knerrir_route[0] = 0, s.knerrir_squares[0] = 1;
  CHECK(!legal(s, make_move(MoveKind::Home)));
}

// docs/rules-bardagi.md, Rulings, "The home action from anywhere": the
// tile lifts where the Kaupmadur must stand, not how often. The home action stays "Free action,
// once per round" (rulebook, "2. Actions - Continued"): with the tile a seat has one home action a
// round, at home or away, never a second one after it.
TEST_CASE("verslun-free-home-action: it adds no second home action, one a round, at home or away") {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  s.villages[0].upgrades = 1u << s.tiles().tile("verslun-free-home-action");
  const int away = std::countr_zero(b.of_kind[std::size_t(AreaKind::Town)] & ~b.homes);
  for (const int where : {int(b.home[0]), away}) {
    CAPTURE(where);
    State t = s;
    t.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(where);
    REQUIRE(legal(t, make_move(MoveKind::Home)));
    t.free_used = std::uint8_t(t.free_used | 1 << int(State::FreeAction::HomeAction));  // taken this round
    for (const int then : {int(b.home[0]), away}) {                                     // wherever he stands afterwards
      t.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(then);
      CHECK(!legal(t, make_move(MoveKind::Home)));
    }
  }
  // Played through: the home action's trade and refills at home, then the Kaupmadur's card takes him
  // to a Town, where the tile's "does not need to be on Home area" gives nothing more.
  State t = s;
  t.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(b.home[0]);
  t.apply(make_move(MoveKind::Home));
  for (int guard = 0; guard < 64 && (t.trade_next < kResources || t.restock_next); ++guard) {
    MoveList moves;
    t.legal_moves(moves);
    REQUIRE(moves.size() > 0);
    t.apply(moves[0]);
  }
  CHECK(t.used(State::FreeAction::HomeAction));
  t.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(away);
  CHECK(!legal(t, make_move(MoveKind::Home)));
}

namespace {
// What owning tile t changes, measured on a position made for its effect kind: a number without
// the tile and with it (Rulings: "No tile is inert"). Never its cap raise or end glory.
// A kind without a probe here fails the test below, so that a new kind is implemented and tested.
std::optional<std::pair<long, long>> probe(EffectKind kind, int t) {
  const auto own = [t](State& s, int seat) { s.villages[std::size_t(seat)].upgrades |= 1u << t; };
  // Both states, without and with the tile for `seat`, measured.
  const auto both = [&](const State& base, int seat, const std::function<long(State)>& measure) {
    State with = base;
    own(with, seat);
    return std::make_pair(measure(base), measure(with));
  };
  const auto count_moves = [](const State& s, const std::function<bool(nuraghe::Move)>& which) {
    MoveList moves;
    s.legal_moves(moves);
    return long(std::count_if(moves.begin(), moves.end(), which));
  };
  // The claim's effects: seat 0 owns an area of every kind a player can own, has made an attack and
  // overtaken two areas. Measured when its claim begins: gold, glory, recruits or runes; or the
  // offers to sell hide seen while its claim is played with the first move offered at each choice.
  const auto claimed = [&](int field) {
    State s = activating(make_selection({2, 2, 2, 0}));
    const Board& b = s.board();
    for (const AreaKind k : {AreaKind::Sheep, AreaKind::Cattle, AreaKind::Forest, AreaKind::Quarry, AreaKind::IronMine,
                             AreaKind::GoldMine, AreaKind::Town, AreaKind::Camp}) {
      const int a = std::countr_zero(b.of_kind[std::size_t(k)] & ~b.homes);
      s.owned[0] |= bit(a);
      s.disks[std::size_t(a)] = 1;
    }
    s.attacks[0] = 1;
    s.overtakes[0] = 2;
    s.villages[0].storage[std::size_t(Resource::Hide)] = 3;
    s.cards_left = {};
    s.phase = Phase::Upgrades;
    return both(s, 0, [field](State c) {
      c.start_claim();  // what leaves no choice comes at once: measured before the first choice
      const Village& v = c.villages[0];
      int runes = 0;
      for (const int n : v.runes) runes += n;
      const std::array<long, 4> at_once = {v.gold, v.glory, v.recruits, runes};
      if (field < 4) return at_once[std::size_t(field)];
      long sells = 0;
      while (c.phase == Phase::Claim && c.turn == 0) {
        MoveList moves;
        c.legal_moves(moves);
        for (const auto m : moves) sells += kind_of(m) == MoveKind::Sell && field_of(m) > 0;
        c.apply(moves[0]);
      }
      return sells;
    });
  };
  switch (kind) {
    case EffectKind::None: return std::nullopt;
    case EffectKind::ClaimGold:
    case EffectKind::GoldPerArea:
    case EffectKind::GoldPerAttack: return claimed(0);
    case EffectKind::ClaimGlory:
    case EffectKind::GloryPerArea:
    case EffectKind::GloryIfOwns:
    case EffectKind::GloryPerOvertake: return claimed(1);
    case EffectKind::RecruitPerArea: return claimed(2);
    case EffectKind::RunePerTown: return claimed(3);
    case EffectKind::SellHide: return claimed(4);
    case EffectKind::KnerrirSquares: {  // the squares of a Knerrir card
      State s = winter_sailing(2);
      const int fir = area(s, "fir-wood");
      s.owned[0] |= bit(fir);
      s.disks[std::size_t(fir)] = 1;
      return both(s, 0, [fir](State c) {
        c.apply(make_move(MoveKind::Launch, fir));
        return long(c.squares_left);
      });
    }
    case EffectKind::BerserkurSteps:  // the areas one Berserkur card reaches
      return both(activating(make_selection({2, 2, 2, 0})), 0,
                  [](State c) { return long(std::popcount(c.reachable(Unit::Berserkur))); });
    case EffectKind::VirkiCap: {  // Virki's cap beyond the raise every tile gives its building
      const int raise = Tiles::standard().tiles[std::size_t(t)].cap_raise;
      const auto [without, with] = both(start(2), 0, [](State c) { return long(c.cap_of(0, Building::Virki)); });
      return std::make_pair(without, with - raise);
    }
    case EffectKind::BerserkurStrength: {  // an attack's first step against the defender's Berserkur
      State s = battlefield(1);
      s.unit_area[1][std::size_t(Unit::Berserkur)] = std::uint8_t(area_of_battle(s));
      return both(s, 1, [](State c) { return long(c.attack_cost()); });
    }
    case EffectKind::AxeDefence: {  // the Virki disks to fight the defender's Axe
      State s = battlefield(1);
      s.axes[std::size_t(area_of_battle(s))] = 1;
      return both(s, 1, [](State c) { return long(c.axes_cost(area_of_battle(c))); });
    }
    case EffectKind::FreeRune:  // free-rune moves offered: seat 0 holds a rune, no Godi card
      return both(activating(make_selection({2, 0, 2, 2})), 0, [&](State c) {
        c.villages[0].runes = {1, 0, 1, 0, 0, 1};
        return count_moves(
            c, [](nuraghe::Move m) { return kind_of(m) == MoveKind::CastRune && (field_of(m) & kFreeRune); });
      });
    case EffectKind::AnyCardBerserkur:  // Berserkur moves offered without a Berserkur card
      return both(activating(make_selection({0, 2, 2, 2})), 0, [&](State c) {
        return count_moves(c, [](nuraghe::Move m) { return card_of(m) != Unit::Berserkur; });
      });
    case EffectKind::FreeHomeAction: {  // the home action offered, the Kaupmadur away from home
      State s = activating(make_selection({2, 2, 2, 0}));
      const Board& b = s.board();
      s.unit_area[0][std::size_t(Unit::Kaupmadur)] =
          std::uint8_t(std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes));
      return both(
          s, 0, [&](State c) { return count_moves(c, [](nuraghe::Move m) { return kind_of(m) == MoveKind::Home; }); });
    }
  }
  return std::pair<long, long>{0, 0};  // an unknown kind: no effect measured
}
}  // namespace

TEST_CASE("upgrade tiles: every effect kind of tiles.json changes what its text says, beyond cap and end glory") {
  const Tiles& tiles = Tiles::standard();
  std::set<EffectKind> seen;
  for (int t = 0; t < tiles.num_tiles; ++t) {
    const EffectKind kind = tiles.tiles[std::size_t(t)].effect.kind;
    if (kind == EffectKind::None || !seen.insert(kind).second) continue;
    CAPTURE(tiles.tiles[std::size_t(t)].id);
    const auto measured = probe(kind, t);
    REQUIRE(measured.has_value());
    CHECK_MESSAGE(measured->first != measured->second,
                  "owning " << tiles.tiles[std::size_t(t)].id << " changed nothing (" << effect_kind_name(kind) << ")");
  }
  CHECK(seen.size() == kEffectKinds - 1);  // every kind but none is in the file
}

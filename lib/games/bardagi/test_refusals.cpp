// Bardagi's position reader, read_position (docs/position-format.md, "bardagi"): every position it
// refuses, with its whole message. test_position.cpp checks the round trip, the views and the
// invariants by fragments; here each check of the reader, in the order of the code, is pinned whole.
#include <doctest/doctest.h>

#include <bit>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "game_tests.hpp"
#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/position.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;
using nuraghe::Json;

namespace {
// Seat p owns the tile `id`, taken from its stack (a face-up one replaced by the stack's top), and
// its buildings' caps are what its tiles give.
void give_tile(State& s, int p, std::string_view id) {
  const int t = s.tiles().tile(id);
  REQUIRE(t >= 0);
  s.villages[std::size_t(p)].upgrades |= 1u << t;
  for (int k = 0; k < kStacks; ++k) {
    auto& size = s.stack_size[std::size_t(k)];
    auto& stack = s.stacks[std::size_t(k)];
    for (auto& up : s.visible[std::size_t(k)])
      if (up == t) up = stack[--size], stack[size] = 0;
    for (int i = 0; i < size; ++i)
      if (stack[std::size_t(i)] == t) {
        for (int j = i; j + 1 < size; ++j) stack[std::size_t(j)] = stack[std::size_t(j + 1)];
        stack[--size] = 0;
      }
  }
  for (int k = 0; k < kBuildings; ++k)
    s.villages[std::size_t(p)].cap[std::size_t(k)] = std::uint8_t(s.cap_of(p, Building(k)));
}

}  // namespace

// Every check of read_position and its helpers, in the order of the code, refuses here one position
// that only it refuses, and its message is pinned whole. A message may change only to say more, and
// then here with it. The checks that JsonIn makes for every field alike (a type, a range, a list's
// length, a missing field) have a case or two.
TEST_CASE("positions: every refusal of the reader, message by message") {
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  const Board& b = Board::summer();
  const int ash = b.area("ash-wood"), ewe = b.area("ewe-downs");
  REQUIRE(ash == std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)]));
  REQUIRE(b.routes[0].a == ewe);
  REQUIRE(b.area_id[b.routes[0].b] == "ram-head");
  REQUIRE(b.routes[0].squares == 9);

  // At planning, 3 players on Summer: seat 0 (red) owns ash-wood with 2 disks and an Axe on it.
  State s = start(3, false, 11);
  s.owned[0] |= bit(ash), s.disks[std::size_t(ash)] = 2, s.villages[0].pile -= 2;
  s.axes[std::size_t(ash)] = 1, --s.axes_pile;
  const Json planning = position(s, -1);
  REQUIRE(read_position(planning) == s);
  // The activations: every seat selected 2 Berserkur, 2 Godi, 1 Kaupmadur and 1 Knerrir cards; seat 0 to play.
  State a = s;
  nuraghe::JointMove joint{};
  for (int p = 0; p < 3; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({2, 2, 1, 1}));
  a.apply_joint(joint);
  const Json activation = position(a, -1);
  REQUIRE(read_position(activation) == a);
  // Seat 0's Knerrir docked at its own ewe-downs, the Kaupmadur boarded since the last card.
  State d = a;
  d.owned[0] |= bit(ewe), d.disks[std::size_t(ewe)] = 1, --d.villages[0].pile;
  d.knerrir_harbour[0] = std::int8_t(ewe), d.aboard[0] = 1 << int(Unit::Kaupmadur);
  d.crossed = 1 << int(Unit::Kaupmadur);
  const Json docked = position(d, -1);
  REQUIRE(read_position(docked) == d);
  // Seat 0 owns virki-any-card and has played no card yet.
  State t = a;
  give_tile(t, 0, "virki-any-card");
  const Json any_card = position(t, -1);
  REQUIRE(read_position(any_card) == t);
  // The claim: seat 0 places its recruits.
  State c = a;
  c.phase = Phase::Claim, c.cards_left = {}, c.claim_step = State::ClaimStep::PlaceRecruits, c.claim_cursor = 1;
  const Json claim = position(c, -1);
  REQUIRE(read_position(claim) == c);
  // Winter, 2 players: its board has homes for 3 colours. And a game some random decisions on.
  const Json winter = position(start(2, true, 3), -1);
  nuraghe::Rng rng(41);
  const State later = nuraghe::testing::after_random_moves<nuraghe::Bardagi>(start(3, false, 12), rng, 40);
  const Json played = position(later, -1);
  REQUIRE(read_position(played) == later);

  const std::vector<Refused> cases = {
      // ---- the frame
      {"a field of no position", &planning, [](Json& j) { j["extra"] = 1; },
       "bardagi position: has an unknown field \"extra\""},
      {"a view's seat is no field of a position", &played, [](Json& j) { j["seat"] = 0; },
       "bardagi position: has an unknown field \"seat\""},
      {"game", &played, [](Json& j) { j["game"] = "ttr"; }, "bardagi position: game is not \"bardagi\""},
      {"board: a side's name", &planning, [](Json& j) { j["board"] = "autumn"; },
       "bardagi position: board must be \"summer\", \"winter\" or a whole board object, not \"autumn\" (--map FILE "
       "reads a board file)"},
      {"board: an object", &planning, [](Json& j) { j["board"] = 5; },
       "bardagi position: board must be a JSON object, not a number"},
      {"board: a board object, read as a board", &planning, [](Json& j) { j["board"] = Json::object(); },
       "bardagi position: board: missing field \"name\""},
      {"players (JsonIn's integer range)", &planning, [](Json& j) { j["players"] = 6; },
       "bardagi position: players must be an integer in [2, 5], not 6"},
      {"players: the board's homes", &winter, [](Json& j) { j["players"] = 4; },
       "bardagi position: players is 4: the board has homes for 3 colours"},
      {"length", &planning, [](Json& j) { j["length"] = "medium"; },
       "bardagi position: length \"medium\" is not a game length (full or short)"},
      {"rounds: the players' and the length's", &planning, [](Json& j) { j["rounds"] = 10; },
       "bardagi position: rounds must be 9 for 3 players in the full game, not 10"},
      {"rounds: the short game's", &planning, [](Json& j) { j["length"] = "short"; },
       "bardagi position: rounds must be 7 for 3 players in the short game, not 9"},
      {"round", &planning, [](Json& j) { j["round"] = 10; },
       "bardagi position: round must be an integer in [1, 9], not 10"},
      {"phase", &planning, [](Json& j) { j["phase"] = "feast"; },
       "bardagi position: phase \"feast\" is not a phase (planning, activation, upgrades, claim or over)"},
      {"start_player", &planning, [](Json& j) { j["start_player"] = 3; },
       "bardagi position: start_player must be an integer in [0, 2], not 3"},
      {"turn: the start player's at planning", &planning, [](Json& j) { j["turn"] = 1; },
       "bardagi position: turn must be the start player (0) in the planning phase"},
      {"round: the last once over", &planning, [](Json& j) { j["phase"] = "over"; },
       "bardagi position: round must be 9 once the game is over: it ends after the last round"},

      // ---- the seats
      {"seats: one a player", &planning, [](Json& j) { j["seats"].erase(2); },
       "bardagi position: seats must have 3 entries, not 2"},
      {"a seat's fields", &planning, [](Json& j) { j["seats"][0]["hand"] = 1; },
       "bardagi position: seats[0] has an unknown field \"hand\""},
      {"colour: the seat's", &planning, [](Json& j) { j["seats"][1]["colour"] = "black"; },
       "bardagi position: seats[1].colour must be \"blue\": seat 1 plays the colour 2 of red, blue, yellow, green, "
       "black"},
      {"upgrades: a tile", &planning, [](Json& j) { j["seats"][0]["upgrades"] = {"virki-gold-four"}; },
       "bardagi position: seats[0].upgrades[0] \"virki-gold-four\" is not an upgrade tile"},
      {"upgrades: one copy a seat", &planning,
       [](Json& j) {
         j["seats"][0]["upgrades"] = {"virki-gold-three", "virki-gold-three"};
       },
       "bardagi position: seats[0].upgrades[1] names virki-gold-three twice: one copy a seat"},
      {"upgrades: a building's slots", &planning,
       [](Json& j) {
         j["seats"][0]["upgrades"] = {"hof-glory-three", "hof-axes-four", "hof-free-rune"};
       },
       "bardagi position: seats[0].upgrades fill 6 slots of hof: a building has 4 (a small tile takes 1, a large 2)"},
      {"counts: their names", &planning, [](Json& j) { j["seats"][0]["caps"]["gold"] = 6; },
       "bardagi position: seats[0].caps has an unknown field \"gold\""},
      {"counts: their range", &planning, [](Json& j) { j["seats"][0]["caps"]["hof"] = 21; },
       "bardagi position: seats[0].caps.hof must be an integer in [0, 20], not 21"},
      {"counts: every name", &planning, [](Json& j) { j["seats"][0]["storage"].erase("iron"); },
       "bardagi position: missing field \"seats[0].storage.iron\""},
      {"caps: what the tiles give", &planning, [](Json& j) { j["seats"][2]["caps"]["hof"] = 7; },
       "bardagi position: seats[2].caps.hof must be 6, what its tiles give, not 7"},
      {"disks: within the cap", &planning, [](Json& j) { j["seats"][0]["disks"]["virki"] = 7; },
       "bardagi position: seats[0].disks.virki is 7: above the building's cap of 6"},
      {"gold (JsonIn's integer range)", &planning, [](Json& j) { j["seats"][1]["gold"] = -1; },
       "bardagi position: seats[1].gold must be an integer in [0, 65535], not -1"},
      {"gold (JsonIn's integers)", &planning, [](Json& j) { j["seats"][1]["gold"] = 1.5; },
       "bardagi position: seats[1].gold must be an integer in [0, 65535], not 1.5"},
      {"glory_from: a tile's source needs the tile", &planning,
       [](Json& j) { j["seats"][0]["glory"] = 3, j["seats"][0]["glory_from"]["claim-glory"] = 3; },
       "bardagi position: seats[0].glory_from.claim-glory is 3, but the seat has no tile whose effect is claim-glory"},
      {"glory_from: adds up to the glory", &planning, [](Json& j) { j["seats"][0]["glory_from"]["areas"] = 2; },
       "bardagi position: seats[0].glory_from adds up to 2, not the seat's glory of 0"},
      // (Since JsonIn::some_counts read it, the rune's name comes with its object's path; it had none.)
      {"runes: a rune's name", &planning, [](Json& j) { j["seats"][1]["runes"]["lightning"] = 1; },
       "bardagi position: seats[1].runes \"lightning\" is not a rune (divine-powers, wind, defence, no-resources, "
       "theirs-are-yours or double)"},
      {"runes: at most the kind's tokens", &planning,
       [](Json& j) {
         j["seats"][1]["runes"] = {{"double", 9}};
       },
       "bardagi position: seats[1].runes.double must be an integer in [0, 8], not 9"},
      {"units: the land units", &planning, [](Json& j) { j["seats"][0]["units"]["knerrir"] = "red-home"; },
       "bardagi position: seats[0].units has an unknown field \"knerrir\""},
      {"an area of the board", &planning, [](Json& j) { j["seats"][0]["units"]["godi"] = "atlantis"; },
       "bardagi position: seats[0].units.godi \"atlantis\" is not an area of the board"},
      {"units: never in another colour's home", &planning,
       [](Json& j) { j["seats"][0]["units"]["godi"] = "blue-home"; },
       "bardagi position: seats[0].units.godi is blue-home, another colour's home area: no unit enters it"},
      {"aboard: a land unit", &planning, [](Json& j) { j["seats"][0]["aboard"] = {"knerrir"}; },
       "bardagi position: seats[0].aboard[0] \"knerrir\" is not a land unit (berserkur, godi or kaupmadur)"},
      {"aboard: each unit once", &planning,
       [](Json& j) {
         j["seats"][0]["aboard"] = {"godi", "godi"};
       },
       "bardagi position: seats[0].aboard[1] names godi twice"},
      {"knerrir: its fields", &planning, [](Json& j) { j["seats"][0]["knerrir"]["crew"] = 0; },
       "bardagi position: seats[0].knerrir has an unknown field \"crew\""},
      {"knerrir: docked at a harbour", &planning, [](Json& j) { j["seats"][0]["knerrir"]["harbour"] = "ash-wood"; },
       "bardagi position: seats[0].knerrir.harbour is ash-wood, which has no harbour"},
      {"knerrir: docked or at sea", &planning,
       [](Json& j) {
         j["seats"][0]["knerrir"] = {{"harbour", "ewe-downs"}, {"route", "ewe-downs~ram-head"}, {"squares", 1}};
       },
       "bardagi position: seats[0].knerrir is both docked (harbour) and at sea (route): one of them is null"},
      {"knerrir: a sea route, in the board's order", &planning,
       [](Json& j) { j["seats"][0]["knerrir"]["route"] = "ram-head~ewe-downs"; },
       "bardagi position: seats[0].knerrir.route \"ram-head~ewe-downs\" is not a sea route of the board "
       "(harbour~harbour, in the board's order)"},
      {"knerrir: strictly between the route's ends", &planning,
       [](Json& j) {
         j["seats"][0]["knerrir"] = {{"harbour", nullptr}, {"route", "ewe-downs~ram-head"}, {"squares", 9}};
       },
       "bardagi position: seats[0].knerrir.squares must be in [1, 8] at sea on a route of 9 squares (sailed from its "
       "first harbour), not 9"},
      {"knerrir: squares only at sea", &planning, [](Json& j) { j["seats"][0]["knerrir"]["squares"] = 2; },
       "bardagi position: seats[0].knerrir.squares must be 0 unless the Knerrir is at sea on a route"},
      {"aboard: none while the Knerrir is at home", &planning, [](Json& j) { j["seats"][0]["aboard"] = {"godi"}; },
       "bardagi position: seats[0].aboard must be empty while the Knerrir is at home on the player board"},
      // docs/rules-bardagi.md, Rulings: "An empty Knerrir waits at its harbour".
      {"knerrir: an empty one goes home", &planning, [](Json& j) { j["seats"][0]["knerrir"]["harbour"] = "ewe-downs"; },
       "bardagi position: seats[0].knerrir is docked at ewe-downs with nobody aboard outside its own activation: an "
       "empty Knerrir goes home when its owner's activation ends"},
      // docs/rules-bardagi.md, Rulings: "The attack, step by step".
      {"down: the Berserkur at home", &planning,
       [](Json& j) { j["seats"][0]["down"] = true, j["seats"][0]["units"]["berserkur"] = "ash-wood"; },
       "bardagi position: seats[0].down is true, but a Berserkur sent home by an attack stands on his home area "
       "until Virki is refilled"},
      {"selection: none at planning", &planning,
       [](Json& j) {
         j["seats"][1]["selection"] = {{"berserkur", 6}, {"godi", 0}, {"kaupmadur", 0}, {"knerrir", 0}};
       },
       "bardagi position: seats[1].selection must be null in the planning phase: no selection is kept"},
      {"selection: every seat's after planning", &activation, [](Json& j) { j["seats"][1]["selection"] = nullptr; },
       "bardagi position: seats[1].selection must be the seat's selection: every seat selected at planning"},
      // docs/rules-bardagi.md, Rulings: "Rounds and cards".
      {"selection: the round's cards", &activation, [](Json& j) { j["seats"][1]["selection"]["knerrir"] = 2; },
       "bardagi position: seats[1].selection has 7 cards: round 1 uses 6"},
      {"overtakes and attacks: none at planning", &planning, [](Json& j) { j["seats"][0]["overtakes"] = 1; },
       "bardagi position: seats[0] has 1 overtakes and 0 attacks this round: none before the round's cards are "
       "played"},
      // docs/rules-bardagi.md, Rulings: "An area won by an attack is overtaken".
      {"overtakes and attacks: a card each", &activation,
       [](Json& j) { j["seats"][0]["attacks"] = 7, j["seats"][0]["overtakes"] = 3; },
       "bardagi position: seats[0] has 3 overtakes and 7 attacks this round: each takes a card, and round 1 has 6"},
      {"bought: after the activations", &activation, [](Json& j) { j["seats"][0]["bought"] = 1; },
       "bardagi position: seats[0].bought must be 0 in the activation phase: upgrades are bought after the "
       "activations"},
      {"bought: tiles the seat has", &claim, [](Json& j) { j["seats"][0]["bought"] = 1; },
       "bardagi position: seats[0].bought counts more upgrades than the seat has"},
      {"godi: one an area", &planning,
       [](Json& j) { j["seats"][0]["units"]["godi"] = "ash-wood", j["seats"][2]["units"]["godi"] = "ash-wood"; },
       "bardagi position: seats[2].units.godi shares ash-wood with red's Godi: no Godi enters it"},

      // ---- the areas
      {"areas: an object", &planning, [](Json& j) { j["areas"] = Json::array(); },
       "bardagi position: areas must be a JSON object, not a list"},
      {"areas: the board's", &planning,
       [](Json& j) {
         j["areas"]["atlantis"] = {
             {"owner", nullptr}, {"disks", 0}, {"axes", 0}, {"runes", Json::array()}, {"marker", nullptr}};
       },
       "bardagi position: areas has \"atlantis\", which is not an area of the board"},
      {"an area's fields", &planning, [](Json& j) { j["areas"]["ash-wood"]["thief"] = nullptr; },
       "bardagi position: areas.ash-wood has an unknown field \"thief\""},
      {"a seat's colour", &planning, [](Json& j) { j["areas"]["ash-wood"]["owner"] = "green"; },
       "bardagi position: areas.ash-wood.owner \"green\" is not the colour of a seat in this 3-player game (red, "
       "blue, yellow)"},
      {"owner: an area that can be owned", &planning,
       [](Json& j) {
         j["areas"]["thing-stone"] = {
             {"owner", "red"}, {"disks", 1}, {"axes", 0}, {"runes", Json::array()}, {"marker", nullptr}};
       },
       "bardagi position: areas.thing-stone.owner must be null: a sacred area is never owned"},
      {"disks: one at least where owned", &planning, [](Json& j) { j["areas"]["ash-wood"]["disks"] = 0; },
       "bardagi position: areas.ash-wood.disks is 0: an owned area holds a disk at least"},
      {"disks: none where barbarian", &planning, [](Json& j) { j["areas"]["ash-wood"]["owner"] = nullptr; },
       "bardagi position: areas.ash-wood.disks is 2: a barbarian area (no owner) holds no disks"},
      {"axes: on owned areas", &planning,
       [](Json& j) { j["areas"]["ash-wood"]["owner"] = nullptr, j["areas"]["ash-wood"]["disks"] = 0; },
       "bardagi position: areas.ash-wood.axes must be 0: Axe tokens stand on owned areas only"},
      {"runes: a rune", &planning, [](Json& j) { j["areas"]["ash-wood"]["runes"] = {"lightning"}; },
       "bardagi position: areas.ash-wood.runes[0] \"lightning\" is not a rune (divine-powers, wind, defence, "
       "no-resources, theirs-are-yours or double)"},
      {"runes: one of a kind an area", &planning,
       [](Json& j) {
         j["areas"]["ash-wood"]["runes"] = {"double", "double"};
       },
       "bardagi position: areas.ash-wood.runes[1] is there twice: one rune of a kind an area"},
      {"runes: on areas that can be owned", &planning,
       [](Json& j) {
         j["areas"]["thing-stone"] = {
             {"owner", nullptr}, {"disks", 0}, {"axes", 0}, {"runes", {"wind"}}, {"marker", nullptr}};
       },
       "bardagi position: areas.thing-stone.runes[0] is on a sacred area: runes go on areas that can be owned"},
      {"marker: with theirs-are-yours", &planning,
       [](Json& j) { j["areas"]["ash-wood"]["runes"] = {"theirs-are-yours"}; },
       "bardagi position: areas.ash-wood.marker must be the colour of the seat that cast theirs-are-yours there"},
      {"marker: only with theirs-are-yours", &planning, [](Json& j) { j["areas"]["ash-wood"]["marker"] = "blue"; },
       "bardagi position: areas.ash-wood.marker must be null: a marker disk comes only with theirs-are-yours"},

      // ---- the activation's sub-state
      {"activation's fields", &activation, [](Json& j) { j["activation"]["bonus"] = 0; },
       "bardagi position: activation has an unknown field \"bonus\""},
      {"cards_left: none outside the activation", &planning, [](Json& j) { j["activation"]["cards_left"]["godi"] = 1; },
       "bardagi position: activation.cards_left must be all 0 outside the activation phase"},
      {"cards_left: of the selection", &activation, [](Json& j) { j["activation"]["cards_left"]["godi"] = 3; },
       "bardagi position: activation.cards_left.godi is 3: seat 0 selected 2"},
      {"free_used: a free action", &activation, [](Json& j) { j["activation"]["free_used"] = {"sleep"}; },
       "bardagi position: activation.free_used[0] \"sleep\" is not a free action (strengthen, home-action or cast)"},
      // docs/rules-bardagi.md, Rulings: "Free actions, once an activation".
      {"free_used: each once", &activation,
       [](Json& j) {
         j["activation"]["free_used"] = {"cast", "cast"};
       },
       "bardagi position: activation.free_used[1] names cast twice"},
      {"crossed: a unit", &activation, [](Json& j) { j["activation"]["crossed"] = {"ship"}; },
       "bardagi position: activation.crossed[0] \"ship\" is not a unit (berserkur, godi, kaupmadur or knerrir)"},
      // docs/rules-bardagi.md, Rulings: "Boarding and leaving".
      {"crossed: a land unit", &activation, [](Json& j) { j["activation"]["crossed"] = {"knerrir"}; },
       "bardagi position: activation.crossed[0] is the Knerrir: the land units board and leave it"},
      {"crossed: each once", &activation,
       [](Json& j) {
         j["activation"]["crossed"] = {"godi", "godi"};
       },
       "bardagi position: activation.crossed[1] names godi twice"},
      {"crossed: in the activation", &planning, [](Json& j) { j["activation"]["crossed"] = {"godi"}; },
       "bardagi position: activation.crossed[0] names a unit outside the activation phase"},
      {"crossed: aboard or at the harbour", &docked, [](Json& j) { j["activation"]["crossed"] = {"godi"}; },
       "bardagi position: activation.crossed[0] names a unit neither aboard nor at the Knerrir's harbour: it "
       "boarded or left it since the last card"},
      {"defender: another seat", &activation, [](Json& j) { j["activation"]["defender"] = "red"; },
       "bardagi position: activation.defender is the attacking seat's own colour"},
      {"squares_left: a Knerrir on the board", &activation, [](Json& j) { j["activation"]["squares_left"] = 3; },
       "bardagi position: activation.squares_left is 3, but seat 0's Knerrir is at home: only a Knerrir on the "
       "board sails"},
      {"trade_next: a resource", &activation, [](Json& j) { j["activation"]["trade_next"] = "gold"; },
       "bardagi position: activation.trade_next \"gold\" is not a resource (meat, wool, hide, timber, stone or "
       "iron)"},
      // docs/rules-bardagi.md, Rulings: "Trade sessions".
      {"trade_pool: only in a trade session", &planning, [](Json& j) { j["activation"]["trade_pool"] = 3; },
       "bardagi position: activation.trade_pool must be 0 outside a trade session (trade_next null): the value "
       "left ended as gold"},
      {"restock_next: after the home action", &activation, [](Json& j) { j["activation"]["restock_next"] = true; },
       "bardagi position: activation.restock_next is true, but free_used has no home-action: the refills follow "
       "the home action's trade"},
      {"strengthening: after strengthen", &activation, [](Json& j) { j["activation"]["strengthening"] = true; },
       "bardagi position: activation.strengthening is true, but free_used has no strengthen"},
      {"last_shift's fields", &activation, [](Json& j) { j["activation"]["last_shift"]["via"] = "ash-wood"; },
       "bardagi position: activation.last_shift has an unknown field \"via\""},
      {"last_shift: virki or an area", &activation, [](Json& j) { j["activation"]["last_shift"]["from"] = "atlantis"; },
       "bardagi position: activation.last_shift.from \"atlantis\" is not an area of the board"},
      {"received: each area once", &activation,
       [](Json& j) {
         j["activation"]["received"] = {"ash-wood", "ash-wood"};
       },
       "bardagi position: activation.received[1] names ash-wood twice"},
      {"received: own areas", &activation,
       [](Json& j) {
         j["activation"]["free_used"] = {"strengthen"}, j["activation"]["strengthening"] = true;
         j["activation"]["received"] = {"birka"};
       },
       "bardagi position: activation.received names an area seat 0 does not own: a strengthening puts disks on own "
       "areas"},
      {"casts_left: after a cast", &activation, [](Json& j) { j["activation"]["casts_left"] = 1; },
       "bardagi position: activation.casts_left is 1, but free_used has no cast"},
      // docs/rules-bardagi.md, Rulings: "The tiles' texts".
      {"as_berserkur: only in the activation", &planning, [](Json& j) { j["activation"]["as_berserkur"] = 1; },
       "bardagi position: activation.as_berserkur is 1, but seat 0 may have 0 outside the activation phase"},
      {"as_berserkur: the tile's number", &activation, [](Json& j) { j["activation"]["as_berserkur"] = 1; },
       "bardagi position: activation.as_berserkur is 1, but seat 0 may have 0 (with the any-card-berserkur tile's "
       "number, else none)"},
      {"free_runes: the tile's number", &activation, [](Json& j) { j["activation"]["free_runes"] = 1; },
       "bardagi position: activation.free_runes is 1, but seat 0 may have 0 (with the free-rune tile's number, else "
       "none)"},
      {"as_berserkur: cards played", &any_card, [](Json& j) { j["activation"]["as_berserkur"] = 1; },
       "bardagi position: activation.as_berserkur is 1, but seat 0 has played 0 cards of its other units"},
      {"a decision under way: only in the activation", &planning,
       [](Json& j) { j["activation"]["trade_next"] = "meat"; },
       "bardagi position: activation.trade_next shows a decision under way in the planning phase: only activations "
       "have one"},
      {"a decision under way: the home action's refills", &planning,
       [](Json& j) { j["activation"]["free_used"] = {"home-action"}, j["activation"]["restock_next"] = true; },
       "bardagi position: activation.restock_next shows a decision under way in the planning phase: only "
       "activations have one"},
      {"a decision under way: one at a time", &activation,
       [](Json& j) {
         j["activation"]["trade_next"] = "wool", j["activation"]["free_used"] = {"strengthen"};
         j["activation"]["strengthening"] = true;
       },
       "bardagi position: activation.strengthening shows a decision under way beside trade_next's: one decision at "
       "a time"},

      // ---- the claim (docs/rules-bardagi.md, Rulings: "The claim")
      {"claim's fields", &planning, [](Json& j) { j["claim"]["area"] = 0; },
       "bardagi position: claim has an unknown field \"area\""},
      {"step: never done", &claim, [](Json& j) { j["claim"]["step"] = "done"; },
       "bardagi position: claim.step is done: a seat's claim ends at once, with the next seat's or the round's end"},
      {"step: a step a position holds", &claim, [](Json& j) { j["claim"]["step"] = "over"; },
       "bardagi position: claim.step \"over\" is not a claim step (yields, extra, sell, buy-axes, place-axes or "
       "place-recruits)"},
      {"cursor: at most one past the last area", &claim, [](Json& j) { j["claim"]["cursor"] = 45; },
       "bardagi position: claim.cursor must be an integer in [0, 44], not 45"},
      {"claim: at rest outside the claim", &planning, [](Json& j) { j["claim"]["step"] = "sell"; },
       "bardagi position: claim must be {\"step\": \"yields\", \"cursor\": 0} outside the claim phase"},
      {"cursor: an area in the yields", &claim,
       [](Json& j) { j["claim"]["step"] = "yields", j["claim"]["cursor"] = 44; },
       "bardagi position: claim.cursor must be an area's index (0 to 43) in the yields step"},
      {"cursor: an area in the Axes' placement", &claim,
       [](Json& j) { j["claim"]["step"] = "place-axes", j["claim"]["cursor"] = 44; },
       "bardagi position: claim.cursor must be an area's index (0 to 43) in the place-axes step"},
      {"cursor: a building in the recruits' placement", &claim, [](Json& j) { j["claim"]["cursor"] = 3; },
       "bardagi position: claim.cursor must be a building (0 virki, 1 hof, 2 verslun) in the place-recruits step"},

      // ---- the supplies
      {"axes_pile", &planning, [](Json& j) { j["axes_pile"] = 21; },
       "bardagi position: axes_pile must be an integer in [0, 20], not 21"},
      {"rune_pile: runes", &planning, [](Json& j) { j["rune_pile"][0] = "lightning"; },
       "bardagi position: rune_pile[0] \"lightning\" is not a rune (divine-powers, wind, defence, no-resources, "
       "theirs-are-yours or double)"},
      {"stacks: the buildings' and sizes'", &planning,
       [](Json& j) { j["stacks"]["virki-huge"] = j["stacks"]["virki-large"]; },
       "bardagi position: stacks has an unknown field \"virki-huge\""},
      {"a stack's fields", &planning, [](Json& j) { j["stacks"]["hof-small"]["hidden"] = 0; },
       "bardagi position: stacks.hof-small has an unknown field \"hidden\""},
      {"face_up: the places the players give", &planning,
       [](Json& j) { j["stacks"]["virki-small"]["face_up"].push_back(nullptr); },
       "bardagi position: stacks.virki-small.face_up must have 2 entries, not 3"},
      {"a stack's tiles: an upgrade tile", &planning,
       [](Json& j) { j["stacks"]["virki-small"]["face_up"][0] = "virki-gold-four"; },
       "bardagi position: stacks.virki-small.face_up[0] \"virki-gold-four\" is not an upgrade tile"},
      {"a stack's tiles: face down, never empty", &planning,
       [](Json& j) { j["stacks"]["virki-small"]["face_down"][0] = nullptr; },
       "bardagi position: stacks.virki-small.face_down[0] must be a string, not null"},
      {"a stack's tiles: of its building and size", &planning,
       [](Json& j) { j["stacks"]["hof-small"]["face_down"][0] = "virki-gold-three"; },
       "bardagi position: stacks.hof-small.face_down[0] \"virki-gold-three\" is a large virki tile, not of the "
       "hof-small stack"},
      // docs/rules-bardagi.md, Rulings: "Upgrade costs and stacks".
      {"face_up: refilled at the round's end", &planning,
       [](Json& j) { j["stacks"]["virki-large"]["face_up"][0] = nullptr; },
       "bardagi position: stacks.virki-large.face_up[0] is empty while tiles are face down: the places are "
       "refilled at the round's end"},

      // ---- every piece in one place
      {"tiles: each copy once", &planning,
       [](Json& j) { j["seats"][0]["upgrades"] = {"virki-gold-three"}, j["seats"][0]["caps"]["virki"] = 8; },
       "bardagi position: has 2 of the tile virki-gold-three owned and in its stack, not its 1 copies"},
      {"Axe tokens: 20", &planning, [](Json& j) { j["axes_pile"] = 20; },
       "bardagi position: has 21 Axe tokens in all (the pile, the villages, the areas), not 20"},
      {"runes: the kind's tokens", &planning,
       [](Json& j) { j["rune_pile"].push_back("double"), j["rune_pile"].push_back("double"); },
       "bardagi position: has 10 double runes (the pile, the hands, the areas): there are 8"},
      {"disks: 40 a seat", &planning, [](Json& j) { j["seats"][0]["pile"] = 19; },
       "bardagi position: seats[0] has 39 disks (buildings, owned areas, recruits, pile, theirs-are-yours markers), "
       "not 40"},
      // docs/rules-bardagi.md, Rulings: "The attack, step by step".
      {"defender: an attack with a next step", &activation, [](Json& j) { j["activation"]["defender"] = "blue"; },
       "bardagi position: activation.defender is set, but seat 0's Berserkur has no attack step there that Virki "
       "pays for: the attack would be over"},
  };
  check_refusals(cases, [](const Json& j) { (void)read_position(j); });
}

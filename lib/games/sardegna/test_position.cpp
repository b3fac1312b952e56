// The position reader, Sardegna::from_json (docs/position-format.md, "sardegna"): every position it
// refuses, with its whole message. tests/test_positions.cpp ("sardegna reader: ...") checks the
// invariants by fragments; here each check of the reader, in the order of the code, is pinned whole.
// Pages are the rulebook's; (Rulings: "Title") names a reading of docs/rules-sardegna.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "game_tests.hpp"
#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

namespace {
// Seat p plays `card`: from its hand to its front.
void to_front(Json& j, int p, const char* card) {
  Json& hand = j["seats"][std::size_t(p)]["hand"];
  hand.erase(std::find(hand.begin(), hand.end(), card));
  j["seats"][std::size_t(p)]["front"].push_back(card);
}
// Seat p takes `card` back: from its front to its hand.
void to_hand(Json& j, int p, const char* card) {
  Json& front = j["seats"][std::size_t(p)]["front"];
  front.erase(std::find(front.begin(), front.end(), card));
  j["seats"][std::size_t(p)]["hand"].push_back(card);
}

}  // namespace

// Every check of from_json, in the order of the code, refuses here one position that only it
// refuses, and its message is pinned whole. A message may change only to say more, and then here
// with it. The checks that JsonIn makes for every field alike (a type, a range, a list's length)
// have a case or two.
TEST_CASE("positions: every refusal of the reader, message by message") {
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  // The start of a 3-player game, the base game and the variant (a private fort card each).
  const Json base = SG::to_json(empty_game(3, false, 7));
  REQUIRE_NOTHROW((void)SG::from_json(base));
  const Json variant = SG::to_json(empty_game(3, true, 7));
  REQUIRE_NOTHROW((void)SG::from_json(variant));
  // Seat 0's Commander moved a villager from province 1 to 2, 3 steps left.
  Json commander = base;
  commander["phase"] = "commander-move";
  to_front(commander, 0, "commander");
  commander["move"] = {{"steps_left", 3}, {"started", {1}}, {"ended", {2}}, {"last", {1, 2}}};
  commander["seats"][0]["villagers"][1] = 1;
  REQUIRE_NOTHROW((void)SG::from_json(commander));
  // A game some random decisions on, and one played to its end.
  Rng rng(23);
  const Json played = SG::to_json(nuraghe::testing::after_random_moves<Sardegna>(empty_game(3, false, 5), rng, 20));
  REQUIRE_NOTHROW((void)SG::from_json(played));
  const S over = nuraghe::testing::after_random_moves<Sardegna>(empty_game(3, false, 11), rng);
  REQUIRE(over.phase == SG::Phase::Over);
  const Json ended = SG::to_json(over);
  REQUIRE_NOTHROW((void)SG::from_json(ended));
  const int last = over.turn;  // the seat whose Sentinel made the 11th scoring
  REQUIRE((over.front[last] >> SG::kSentinel & 1) == 1);

  const std::vector<Refused> cases = {
      // ---- the frame
      {"a field of no position", &base, [](Json& j) { j["extra"] = 1; },
       "sardegna position: has an unknown field \"extra\""},
      {"a view's observer is no field of a position", &played, [](Json& j) { j["observer"] = 0; },
       "sardegna position: has an unknown field \"observer\""},
      {"game", &played, [](Json& j) { j["game"] = "ttr"; }, "sardegna position: game is not \"sardegna\""},
      {"map: the built-in board's name", &base, [](Json& j) { j["map"] = "other"; },
       "sardegna position: map must be \"standard\" or a whole board object, not \"other\" (--map FILE reads a "
       "board file)"},
      {"map: an object", &base, [](Json& j) { j["map"] = 5; },
       "sardegna position: map must be a JSON object, not a number"},
      {"map: a board object, read as a board", &base, [](Json& j) { j["map"] = Json::object(); },
       "sardegna position: map: missing field \"name\""},
      {"players (JsonIn's integer range)", &base, [](Json& j) { j["players"] = 5; },
       "sardegna position: players must be an integer in [2, 4], not 5"},
      {"variant", &base, [](Json& j) { j["variant"] = "advanced"; },
       "sardegna position: variant must be \"base\" or \"alt-sentinel\""},
      {"turn", &base, [](Json& j) { j["turn"] = 3; }, "sardegna position: turn must be an integer in [0, 2], not 3"},
      {"phase", &base, [](Json& j) { j["phase"] = "feast"; },
       "sardegna position: phase \"feast\" is not a phase (play, commander-move, admiral-move, sentinel-choice, "
       "discard, over)"},

      // ---- the tokens (page 2; Rulings: "Tokens by kind")
      {"tokens: one a province", &base, [](Json& j) { j["tokens"].erase(0); },
       "sardegna position: tokens must have 16 entries, not 15"},
      {"tokens: a kind", &base, [](Json& j) { j["tokens"][0] = "salt"; },
       "sardegna position: tokens[0] \"salt\" is not a token (wheat, olive, wine, thyme, cheese, or null once "
       "harvested)"},
      {"tokens: the province's colour", &base, [](Json& j) { j["tokens"][0] = "wheat"; },
       "sardegna position: a wheat token cannot lie in province 1 (wrong colour)"},

      // ---- the seats
      {"seats: one a player", &base, [](Json& j) { j["seats"].erase(2); },
       "sardegna position: seats must have 3 entries, not 2"},
      {"a seat's fields", &base, [](Json& j) { j["seats"][0]["name"] = "x"; },
       "sardegna position: seats[0] has an unknown field \"name\""},
      {"score", &base, [](Json& j) { j["seats"][1]["score"] = 10001; },
       "sardegna position: seats[1].score must be an integer in [0, 10000], not 10001"},
      {"cards: character cards", &base, [](Json& j) { j["seats"][0]["hand"].push_back("joker"); },
       "sardegna position: seats[0].hand[7] \"joker\" is not a character card"},
      {"cards: each once in a list", &base, [](Json& j) { j["seats"][0]["hand"].push_back("farmer"); },
       "sardegna position: seats[0].hand[7] names the farmer a second time"},
      {"cards: each in hand or in front", &base, [](Json& j) { j["seats"][0]["front"] = {"farmer"}; },
       "sardegna position: seat 0: every character card must be either in hand or in front, once"},
      {"villagers: a province's (JsonIn's integers)", &base, [](Json& j) { j["seats"][0]["villagers"][0] = 6; },
       "sardegna position: seats[0].villagers[0] must be an integer in [0, 5], not 6"},
      {"villages: one count a province", &base, [](Json& j) { j["seats"][0]["villages"].erase(0); },
       "sardegna position: seats[0].villages must have 16 entries, not 15"},
      // Rulings: "Pieces are limited by supply".
      {"villagers and villages: the supply", &base,
       [](Json& j) { j["seats"][0]["villagers"][0] = 3, j["seats"][0]["villagers"][1] = 3; },
       "sardegna position: seat 0: more villagers or villages than the supply has (5, 4)"},
      {"priest: a province", &base, [](Json& j) { j["seats"][0]["priest"] = 17; },
       "sardegna position: seats[0].priest must be an integer in [1, 16], not 17"},
      {"ships: a harbour", &base, [](Json& j) { j["seats"][0]["ships"] = {8}; },
       "sardegna position: seats[0].ships[0] must be an integer in [1, 7], not 8"},
      {"ships: never two in one harbour", &base,
       [](Json& j) {
         j["seats"][0]["ships"] = {1, 1};
       },
       "sardegna position: seats[0].ships[1] names harbour 1 a second time"},
      {"ships: the supply", &base,
       [](Json& j) {
         j["seats"][0]["ships"] = {1, 2, 3};
       },
       "sardegna position: seat 0: a player has 2 ships"},
      {"forts: a fort space", &base, [](Json& j) { j["seats"][0]["forts"] = {27}; },
       "sardegna position: seats[0].forts[0] must be an integer in [1, 26], not 27"},
      {"forts: one a space", &base, [](Json& j) { j["seats"][0]["forts"] = {1}, j["seats"][1]["forts"] = {1}; },
       "sardegna position: seats[1].forts[0] names fort space 1, which is not free"},
      {"forts: the supply", &base,
       [](Json& j) {
         j["seats"][0]["forts"] = {1, 2, 3, 4};
       },
       "sardegna position: seat 0: a player has 3 forts"},
      {"harvested: the kinds", &base, [](Json& j) { j["seats"][0]["harvested"]["salt"] = 0; },
       "sardegna position: seats[0].harvested has an unknown field \"salt\""},
      {"harvested: the kind's tokens", &base, [](Json& j) { j["seats"][0]["harvested"]["wheat"] = 3; },
       "sardegna position: seats[0].harvested.wheat must be an integer in [0, 2], not 3"},
      // Page 5: villages in play never outnumber the tokens harvested.
      {"villages: the tokens harvested", &base, [](Json& j) { j["seats"][0]["villages"][0] = 1; },
       "sardegna position: seat 0: more villages than harvested tokens"},
      {"tokens: all 16 on the board or harvested", &base, [](Json& j) { j["tokens"][11] = nullptr; },
       "sardegna position: there must be 2 wheat tokens on the board and harvested"},
      // Page 4: 7 pieces a province.
      {"provinces: the capacity", &base,
       [](Json& j) { j["seats"][0]["villagers"][0] = 4, j["seats"][1]["villagers"][0] = 4; },
       "sardegna position: province 1 holds more than 7 pieces"},
      {"harbours: the capacity", &base,
       [](Json& j) { j["seats"][0]["ships"] = {1}, j["seats"][1]["ships"] = {1}, j["seats"][2]["ships"] = {1}; },
       "sardegna position: harbour 1 holds too many ships"},

      // ---- the fort cards: each of the 26 once
      {"scorings", &base, [](Json& j) { j["scorings"] = 12; },
       "sardegna position: scorings must be an integer in [0, 11], not 12"},
      {"row: the cards not yet scored", &base, [](Json& j) { j["row"].erase(0); },
       "sardegna position: row must have 11 entries, not 10"},
      {"a fort card", &base, [](Json& j) { j["row"][0] = 27; },
       "sardegna position: row[0] must be an integer in [1, 26], not 27"},
      {"a fort card once", &base, [](Json& j) { j["row"][0] = 1, j["row"][1] = 1; },
       "sardegna position: row[1] is fort card 1, which appears twice"},
      {"deck: a card's fields", &base, [](Json& j) { j["deck"][0]["x"] = 0; },
       "sardegna position: deck[0] has an unknown field \"x\""},
      {"known_by: the players", &base, [](Json& j) { j["deck"][0]["known_by"] = {3}; },
       "sardegna position: deck[0].known_by[0] must be an integer in [0, 2], not 3"},
      {"known_by: each player once", &base,
       [](Json& j) {
         j["deck"][0]["known_by"] = {1, 1};
       },
       "sardegna position: deck[0].known_by[1] names player 1 a second time"},
      // Page 10; Rulings: "The variant's private cards".
      {"private: one a seat in the variant", &variant, [](Json& j) { j["seats"][0]["private"] = Json::array(); },
       "sardegna position: seat 0 must hold 1 private fort cards here"},
      {"private: none in the base game", &base, [](Json& j) { j["seats"][0]["private"] = {1}; },
       "sardegna position: seat 0 must hold 0 private fort cards here"},
      {"fort cards: all 26", &base, [](Json& j) { j["deck"].erase(0); },
       "sardegna position: the row, deck and private cards must hold all 26 fort cards"},

      // ---- the points: a harvest scores exactly its points (page 5), the rest comes from scorings
      {"score: the harvests' points at least", &base,
       [](Json& j) { j["tokens"][11] = nullptr, j["seats"][0]["harvested"]["wheat"] = 1; },
       "sardegna position: seat 0 has 0 points, fewer than its harvests scored (1)"},
      {"score: only the harvests' before a scoring", &base, [](Json& j) { j["seats"][1]["score"] = 3; },
       "sardegna position: seat 1 has 3 points before any scoring, but its harvests scored 0"},

      // ---- the phase and the half-finished move
      // Page 9; Rulings: "The end and a tie".
      {"over: after the 11th scoring", &base, [](Json& j) { j["phase"] = "over"; },
       "sardegna position: the game is over exactly after the 11th scoring"},
      {"sentinel-choice: after a Sentinel's scoring", &base, [](Json& j) { j["phase"] = "sentinel-choice"; },
       "sardegna position: a sentinel-choice needs a scoring just made by a Sentinel and a card just turned up"},
      // Page 10; Rulings: "The variant's keep".
      {"discard: the variant's keep", &base, [](Json& j) { j["phase"] = "discard"; },
       "sardegna position: the discard phase follows a Sentinel's keep in the alt-sentinel variant only"},
      {"move: only in a move's steps", &base,
       [](Json& j) {
         j["move"] = {{"steps_left", 3}, {"started", {1}}, {"ended", {2}}, {"last", {1, 2}}};
       },
       "sardegna position: \"move\" describes a half-finished commander or admiral move, and only that"},
      {"move: in a move's steps", &commander, [](Json& j) { j.erase("move"); },
       "sardegna position: \"move\" describes a half-finished commander or admiral move, and only that"},
      {"move's fields", &commander, [](Json& j) { j["move"]["x"] = 0; },
       "sardegna position: move has an unknown field \"x\""},
      // Page 4: "Move your villagers up to 4 times", the first step with the card.
      {"steps_left: the Commander's", &commander, [](Json& j) { j["move"]["steps_left"] = 4; },
       "sardegna position: move.steps_left must be an integer in [0, 3], not 4"},
      {"started: provinces", &commander, [](Json& j) { j["move"]["started"] = {17}; },
       "sardegna position: move.started[0] must be an integer in [1, 16], not 17"},
      {"started: each once", &commander,
       [](Json& j) {
         j["move"]["started"] = {1, 1};
       },
       "sardegna position: move.started[1] names 1 a second time"},
      {"last: a step", &commander, [](Json& j) { j["move"]["last"] = {1}; },
       "sardegna position: move.last must have 2 entries, not 1"},
      {"last: a step of the move", &commander,
       [](Json& j) {
         j["move"]["last"] = {3, 2};
       },
       "sardegna position: move.last must be the previous step [from, to], with from among \"started\" and to "
       "among \"ended\""},
      // Rulings: "One path to each end position" (the message cited it as "ruling 4", of a file outside
      // the repository; it names the ruling now).
      {"started and ended: apart", &commander,
       [](Json& j) {
         j["move"]["started"] = {1, 2};
       },
       "sardegna position: move has a step starting where another ended: that is one longer step "
       "(docs/rules-sardegna.md, Rulings: \"One path to each end position\")"},
      {"ended: the Commander's villagers there", &commander, [](Json& j) { j["seats"][0]["villagers"][1] = 0; },
       "sardegna position: move.ended names 2, where the player to move has no villager"},
      // Rulings: "The Admiral's relocation".
      {"ended: the Admiral's ships there", &base,
       [](Json& j) {
         j["phase"] = "admiral-move";
         to_front(j, 0, "admiral");
         j["move"] = {{"steps_left", 0}, {"started", {1}}, {"ended", {2}}, {"last", {1, 2}}};
       },
       "sardegna position: move.ended names 2, where the player to move has no ship"},
      {"the moving card in front", &commander,
       [](Json& j) {
         j["seats"][0]["hand"] = {"admiral", "commander", "priest", "architect", "queen", "sentinel"};
         j["seats"][0]["front"] = {"farmer"};
       },
       "sardegna position: a half-finished commander move needs the commander (or the Queen) in front of the player "
       "to move"},
      // Page 6: everyone takes their played cards back once a Sentinel's scoring is resolved.
      {"the Sentinel: in front only while its scoring is resolved", &base, [](Json& j) { to_front(j, 1, "sentinel"); },
       "sardegna position: seat 1: the Sentinel is in front only while its scoring is being resolved"},
      {"the Sentinel: in front while its scoring is resolved", &ended, [&](Json& j) { to_hand(j, last, "sentinel"); },
       "sardegna position: seat " + std::to_string(last) + " has just played the Sentinel: it must be in front"},
  };
  check_refusals(cases, [](const Json& j) { (void)SG::from_json(j); });
}

// A province's pieces are counted seat by seat, not in the state's packed 4-bit counters: 16 pieces
// or more in one province would carry into the next one's counter and read as a few.
TEST_CASE("positions: a province of 16 pieces or more is refused, not read as its count less 16") {
  Json j = SG::to_json(empty_game(3, false, 7));
  for (int p = 0; p < 3; ++p) {
    j["seats"][std::size_t(p)]["villagers"][0] = 5;  // every villager of the supply
    j["seats"][std::size_t(p)]["priest"] = 1;
  }
  // 3 x (5 villagers + a priest) = 18: the counter of province 1 would read 2.
  CHECK(nuraghe::testing::refusal([&] { (void)SG::from_json(j); }) ==
        "sardegna position: province 1 holds more than 7 pieces");
}

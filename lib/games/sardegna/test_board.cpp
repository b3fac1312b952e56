// Sardegna's board and setup: the built-in board against the rulebook's numbers, the board validator
// against malformed maps, and the setup of page 2 in both rule sets. Pages are the rulebook's;
// (Rulings: "Title") names a reading of docs/rules-sardegna.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <set>
#include <string>

#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

TEST_CASE("board: the built-in board passes its validator and has the rulebook's numbers") {
  const auto& b = sardegna::Board::standard();
  int yellow = 0, green = 0, brown = 0;
  for (auto c : b.colour)
    yellow += c == sardegna::Colour::Yellow, green += c == sardegna::Colour::Green,
        brown += c == sardegna::Colour::Brown;
  CHECK(yellow == 2);
  CHECK(green == 8);
  CHECK(brown == 6);
  // Fort space 6 borders provinces worth 5, 5 and 2, as in the worked example.
  std::multiset<int> values;
  for (unsigned r = b.fort_provinces[5]; r; r &= r - 1) values.insert(b.value[std::countr_zero(r)]);
  CHECK(values == std::multiset<int>{2, 5, 5});
  CHECK(b.distance[0][0] == 0);
  CHECK(b.distance[1][2] == 1);  // Anglona - Nurra are neighbours
}

TEST_CASE("board: a malformed map is rejected with a clear error") {
  const Json good = sardegna::Board::standard().source;
  auto rejects = [&](const std::function<void(Json&)>& edit, const char* fragment) {
    Json j = good;
    edit(j);
    try {
      sardegna::Board::from_json(j, "test map");
      FAIL("accepted a malformed map: " << fragment);
    } catch (const InputError& e) {
      CHECK_MESSAGE(std::string(e.what()).find(fragment) != std::string::npos, e.what());
    }
  };
  rejects([](Json& j) { j["provinces"][0]["colour"] = "yellow"; }, "2 yellow");
  rejects([](Json& j) { j["provinces"][0]["neighbours"].push_back(16); },
          "but provinces[15].neighbours does not name province 1");
  rejects([](Json& j) { j["forts"][0]["provinces"] = {1, 16}; }, "do not touch");
  rejects([](Json& j) { j["forts"][0]["provinces"] = {1}; }, "2 to 4");
  rejects([](Json& j) { j["harbours"][0]["provinces"] = {4}; }, "not coastal");
  rejects([](Json& j) { j["harbours"].erase(6); }, "must have 7 entries");
  rejects([](Json& j) { j["provinces"][3]["value"] = "five"; }, "must be an integer");
  rejects([](Json& j) { j["colour"] = 1; }, "unknown field");
  // The points the browser viewer draws at: present, numbers, on the map, not on top of each other.
  rejects([](Json& j) { j["provinces"][2].erase("x"); }, "test map: missing field \"provinces[2].x\"");
  rejects([](Json& j) { j["forts"][0]["y"] = "north"; }, "forts[0].y must be a number, not");
  rejects([](Json& j) { j["harbours"][1]["x"] = -1; }, "harbours[1].x must be a number in [0, 600], not -1");
  rejects([](Json& j) { j["provinces"][0]["y"] = 881; }, "provinces[0].y must be a number in [0, 880], not 881");
  rejects(
      [](Json& j) {
        j["forts"][4]["x"] = j["forts"][2]["x"].get<double>() + 3;
        j["forts"][4]["y"] = j["forts"][2]["y"];
      },
      "test map: fort spaces 3 and 5 are less than 20 apart on the map (x, y)");
  rejects([](Json& j) { j["harbours"][6]["y"] = j["harbours"][5]["y"], j["harbours"][6]["x"] = j["harbours"][5]["x"]; },
          "test map: harbours 6 and 7 are less than 20 apart");
  rejects([](Json& j) { j["provinces"][15]["x"] = 160.5, j["provinces"][15]["y"] = 700.5; },
          "test map: provinces 13 and 16 are less than 20 apart");
}

TEST_CASE("board: the built-in board's points are read from the file, north up") {
  const auto& b = sardegna::Board::standard();
  CHECK(b.province_point[0].x == 379);  // Gallura, as board.json gives it
  CHECK(b.province_point[0].y == 160);
  CHECK(b.fort_point[25].x == 233);    // fort space 26
  CHECK(b.harbour_point[3].y == 785);  // Cagliari
  // Gallura (north-east) lies north of Sulcis (south-west) and east of Nurra (north-west).
  CHECK(b.province_point[0].y < b.province_point[15].y);
  CHECK(b.province_point[0].x > b.province_point[2].x);
}

TEST_CASE(
    "setup, page 2: 11 row cards with the 2 leftmost face up, 15 in the deck, 16 tokens by colour, 7 cards in hand") {
  // Page 2: "place the 2 wheat tokens onto the 2 yellow provinces, the 8 olive and wine tokens
  // randomly onto the 8 green provinces, and the 6 thyme and cheese tokens randomly onto the 6
  // brown provinces" (4 + 4 and 3 + 3: Rulings, "Tokens by kind"); "Shuffle the 26 fort cards ...
  // Deal out 11 fort cards in a face-down row ..., then turn the 2 leftmost fort cards face up."
  // Page 10 (variant): "After dealing out the fort row, each player draws 1 fort card from the top
  // of the deck."
  CHECK(SG::kTokensOfKind[SG::kWheat] == 2);
  CHECK(SG::kTokensOfKind[SG::kOlive] == 4);
  CHECK(SG::kTokensOfKind[SG::kWine] == 4);
  CHECK(SG::kTokensOfKind[SG::kThyme] == 3);
  CHECK(SG::kTokensOfKind[SG::kCheese] == 3);
  const auto& b = sardegna::Board::standard();
  std::set<std::uint64_t> layouts;
  for (int players = 2; players <= 4; ++players)
    for (std::uint64_t seed = 1; seed <= 8; ++seed)
      for (bool variant : {false, true}) {
        CAPTURE(players);
        CAPTURE(seed);
        CAPTURE(variant);
        const S s = empty_game(players, variant, seed);
        CHECK(s.scorings() == 0);
        CHECK(s.face_up(0) == s.row[0]);
        CHECK(s.face_up(1) == s.row[1]);
        CHECK(s.deck_size == 15 - (variant ? players : 0));
        for (int i = 0; i < s.deck_size; ++i) CHECK(s.deck_known[i] == 0);  // nobody has seen the deck
        CHECK(all_cards_once(s));
        const Json v = s.view(0);
        REQUIRE(v["row"].size() == 11u);
        CHECK(v["row"][0] == s.row[0] + 1);
        CHECK(v["row"][1] == s.row[1] + 1);
        for (int i = 2; i < 11; ++i) CHECK(v["row"][i].is_null());
        int count[SG::kTokenKinds] = {};
        for (int q = 0; q < SG::kProvinces; ++q) {
          const SG::Token t = s.token_in(q);
          ++count[t];
          if (b.colour[q] == sardegna::Colour::Yellow) CHECK(t == SG::kWheat);
          if (b.colour[q] == sardegna::Colour::Green) CHECK((t == SG::kOlive || t == SG::kWine));
          if (b.colour[q] == sardegna::Colour::Brown) CHECK((t == SG::kThyme || t == SG::kCheese));
        }
        CHECK(count[SG::kNoToken] == 0);
        CHECK(count[SG::kWheat] == 2);
        CHECK(count[SG::kOlive] == 4);
        CHECK(count[SG::kWine] == 4);
        CHECK(count[SG::kThyme] == 3);
        CHECK(count[SG::kCheese] == 3);
        layouts.insert(s.tokens);
        for (int p = 0; p < players; ++p) {
          CHECK(s.hand[p] == 0x7F);  // all 7 character cards
          CHECK(s.front[p] == 0);
          CHECK(s.score[p] == 0);
        }
        // Every seat, not only seat 0, holds one private card in the variant, none in the base game.
        for (int p = 0; p < SG::kMaxPlayers; ++p) {
          if (variant && p < players) CHECK(s.private_card[p][0] != SG::kNoCard);
          else CHECK(s.private_card[p][0] == SG::kNoCard);
          CHECK(s.private_card[p][1] == SG::kNoCard);
        }
        if (variant) {
          // Drawn from the top of the deck after the row was dealt: the same seed's base game has
          // the same row, and its deck is the private cards (seat order) followed by this deck.
          const S base = empty_game(players, false, seed);
          CHECK(std::equal(s.row, s.row + SG::kRowLength, base.row));
          for (int p = 0; p < players; ++p) CHECK(s.private_card[p][0] == base.deck[p]);
          for (int i = 0; i < s.deck_size; ++i) CHECK(s.deck[i] == base.deck[i + players]);
          for (int p = 0; p < players; ++p)
            for (int o = 0; o < players; ++o)
              CHECK(s.view(o)["seats"][p]["private"][0] == (o == p ? Json(s.private_card[p][0] + 1) : Json()));
        }
      }
  CHECK(layouts.size() > 4);  // olive/wine and thyme/cheese are placed at random: 8 seeds, several layouts
}

// A state names its board by index in the board registry (core/registry.hpp): more boards than a
// byte can count (the libFuzzer harness of board files plays on 2,000) are each named, and a
// position on the last one reads back on it.
TEST_CASE("board: a state names any of 300 boards of one process by its index") {
  const Json standard = sardegna::Board::standard().source;
  const sardegna::Board* last = nullptr;
  for (int i = 0; i < 300; ++i) {
    Json j = standard;
    j["name"] = "registry test " + std::to_string(i);
    last = &sardegna::Board::intern(j, "test board");
  }
  REQUIRE(last->index >= 300);
  CHECK(&sardegna::Board::at(last->index) == last);
  S s = empty_game(2, false, 3);
  s.board_index = std::uint16_t(last->index);
  const S read = SG::from_json(SG::to_json(s));
  CHECK(read.board_index == last->index);
  CHECK(read.board().name == last->name);
  CHECK(SG::map_hash(read) == last->hash);
}

// Sardegna's Sentinel and scoring: the rulebook's worked example (pages 8-9), the Sentinel's choices in
// both rule sets, the scoring of provinces, the hands' return and the end after the 11th scoring. Pages
// are the rulebook's; (Rulings: "Title") names a reading of docs/rules-sardegna.md.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

TEST_CASE("worked example, pages 8-9: provinces A, B and C around fort 6, four players") {
  // Seats: 0 yellow, 1 blue, 2 purple, 3 green. A = Logudoro (4, 5 VP), B = Nurra (3, 5 VP),
  // C = Anglona (2, 2 VP); fort space 6 borders all three, 2 borders B and C, 1 borders C only;
  // harbour 7 (Alghero) is adjacent to B and not to A or C.
  S s = empty_game(4);
  const int A = 4, B = 3, C = 2;
  villagers(s, 1, A, 1);  // A: blue 1 villager; purple 1 fort
  fort(s, 2, 6);
  village(s, 0, B);  // B: yellow village + ship + fort = 4
  ship(s, 0, 7);
  fort(s, 0, 2);
  villagers(s, 2, B, 2);  // purple: 2 villagers + fort 6 = 3
  villagers(s, 3, B, 3);  // green: 3 villagers = 3
  village(s, 1, C);       // C: blue village + fort = 3
  fort(s, 1, 1);
  villagers(s, 0, C, 1);  // yellow villager + fort 2 = 2; purple fort 6 = 1
  CHECK(s.influence(0, B - 1) == 4);
  CHECK(s.influence(2, B - 1) == 3);
  CHECK(s.influence(3, B - 1) == 3);
  CHECK(s.influence(1, C - 1) == 3);
  CHECK(s.influence(0, C - 1) == 2);
  CHECK(s.influence(2, C - 1) == 1);
  row_card(s, 0, 6);
  row_card(s, 1, 17);
  row_card(s, 2, 8);
  CHECK(s.face_up(0) == 5);
  CHECK(s.face_up(1) == 16);
  play(s, "sentinel");         // yellow
  CHECK(s.score[0] == 5 + 1);  // B first, C second
  CHECK(s.score[1] == 5 + 2);  // A shared first, C first
  CHECK(s.score[2] == 5 + 2);  // A shared first, B second (tied with green), C third: nothing
  CHECK(s.score[3] == 2);      // B second
  // "Yellow removes fort card 6 and reveals the next card in the row - fort card 8."
  CHECK(s.face_up(0) == 16);
  CHECK(s.face_up(1) == 7);
  CHECK(s.phase == SG::Phase::SentinelChoice);
  CHECK(legal_texts(s) == std::vector<std::string>{"keep", "replace"});
  CHECK(s.deck[s.deck_size - 1] == 5);  // the scored card lies at the bottom of the deck
}

TEST_CASE(
    "sentinel: keep leaves the turned card; replace puts it under the deck and turns the top card; hands return") {
  S s = empty_game(3);
  row_card(s, 0, 6);
  row_card(s, 1, 17);
  row_card(s, 2, 8);
  play(s, "farmer");
  play(s, "architect");
  play(s, "commander");
  play(s, "sentinel");  // seat 0 again
  S kept = s, replaced = s;
  const int top = s.deck[0], size = s.deck_size;
  play(kept, "keep");
  CHECK(kept.face_up(1) == 7);
  CHECK(kept.deck_size == size);
  CHECK(kept.hand[0] == 0x7F);  // every card back in hand
  CHECK(kept.hand[1] == 0x7F);
  CHECK(kept.front[2] == 0);
  CHECK(kept.turn == 1);
  play(replaced, "replace");
  CHECK(replaced.face_up(1) == top);
  CHECK(replaced.deck[replaced.deck_size - 1] == 7);
  CHECK(replaced.deck_known[replaced.deck_size - 1] == 0x7);  // everyone saw it go under
  CHECK(replaced.deck_size == size);
}

TEST_CASE(
    "scoring: no influence scores nothing; a tie for first gives no second place; two players never score second") {
  S s = empty_game(3);
  villagers(s, 0, 5, 2);
  villagers(s, 1, 5, 1);
  s.score_province(4);
  CHECK(s.score[0] == 4);  // Baronia is worth 4
  CHECK(s.score[1] == 2);  // second: half, rounded down
  CHECK(s.score[2] == 0);  // no influence
  S tie = empty_game(3);
  villagers(tie, 0, 5, 2);
  villagers(tie, 1, 5, 2);
  villagers(tie, 2, 5, 1);
  tie.score_province(4);
  CHECK(tie.score[0] == 4);
  CHECK(tie.score[1] == 4);
  CHECK(tie.score[2] == 0);  // first place tied: nobody is second
  S two = empty_game(2);
  villagers(two, 0, 5, 2);
  villagers(two, 1, 5, 1);
  two.score_province(4);
  CHECK(two.score[1] == 0);  // two players: no second place
  S odd = empty_game(4);
  villagers(odd, 0, 10, 3);  // Arborea, 7 VP
  villagers(odd, 1, 10, 1);
  villagers(odd, 2, 10, 1);
  odd.score_province(9);
  CHECK(odd.score[1] == 3);  // floor(7 / 2), every player tied for second
  CHECK(odd.score[2] == 3);
}

TEST_CASE("the end: the game ends right after the 11th scoring; tied leaders share the win") {
  S s = empty_game(2);
  Rng rng(3);
  int sentinels = 0;
  while (s.to_move() != kTerminal) {
    SG::MoveList moves;
    s.legal_moves(moves);
    const Move m = moves[rng.below(std::uint32_t(moves.size()))];
    sentinels += SG::kind_of(m) == SG::kPlaySentinel;
    s.apply(m);
  }
  CHECK(sentinels == 11);
  CHECK(s.scorings() == 11);
  S tie = s;
  tie.score[0] = tie.score[1] = 50;
  CHECK(tie.returns()[0] == 0.5);
}

TEST_CASE("variant: the Sentinel needs three other cards in front; keep, replace or swap; private cards stay private") {
  S s = empty_game(2, true);
  CHECK(s.private_card[0][0] != SG::kNoCard);
  CHECK(!legal(s, "sentinel"));
  row_card(s, 0, 6);
  row_card(s, 1, 17);
  row_card(s, 2, 8);
  for (const char* c : {"farmer", "farmer", "architect", "architect", "commander", "commander"}) play(s, c);
  CHECK(legal(s, "sentinel"));  // seat 0 has three cards in front
  play(s, "sentinel");
  CHECK(legal_texts(s) == std::vector<std::string>{"keep", "replace", "swap"});
  S keep = s, swap = s;
  const int top = s.deck[0], mine = s.private_card[0][0];
  play(keep, "keep");  // take the deck's top card, then discard one of the two
  CHECK(keep.phase == SG::Phase::Discard);
  CHECK(keep.private_card[0][1] == top);
  keep.apply(SG::parse_move(keep, 0, "discard " + std::to_string(mine + 1)));
  CHECK(keep.private_card[0][0] == top);
  CHECK(keep.deck[keep.deck_size - 1] == mine);
  CHECK(keep.deck_known[keep.deck_size - 1] == 1);  // only its owner knows it
  CHECK(keep.view(1)["deck"].back()["fort"].is_null());
  CHECK(keep.view(0)["deck"].back()["fort"] == mine + 1);
  play(swap, "swap");  // the private card replaces the turned card, face up
  CHECK(swap.face_up(1) == mine);
  CHECK(swap.private_card[0][0] == top);
  CHECK(swap.view(1)["seats"][0]["private"][0].is_null());
  // The discard looks the same to the opponent whichever card it was.
  SG::MoveList moves;
  keep = s;
  play(keep, "keep");
  keep.legal_moves(moves);
  REQUIRE(moves.size() == 2);
  CHECK(SG::observe(keep, moves[0], 1) == SG::observe(keep, moves[1], 1));
  CHECK(SG::observe(keep, moves[0], 0) != SG::observe(keep, moves[1], 0));
}

TEST_CASE("scoring, page 7: a priest adds 1 influence in its own province (and none next door)") {
  // Page 7: "1 influence per priest or villager in the province".
  S s = empty_game(3);
  villagers(s, 0, 5, 1);
  priest(s, 0, 5);        // Baronia (4 VP): villager + priest = 2
  villagers(s, 1, 5, 1);  // 1
  priest(s, 2, 1);        // Gallura borders Baronia: no influence in Baronia
  CHECK(s.influence(0, 4) == 2);
  CHECK(s.influence(1, 4) == 1);
  CHECK(s.influence(2, 4) == 0);
  s.score_province(4);
  CHECK(s.score[0] == 4);  // without the priest it would be a 1-1 tie: 4 each, nobody second
  CHECK(s.score[1] == 2);  // second, three players: floor(4 / 2)
  CHECK(s.score[2] == 0);
  S lone = empty_game(2);
  priest(lone, 1, 16);  // a priest alone wins Sulcis (4 VP)
  lone.score_province(15);
  CHECK(lone.score[0] == 0);
  CHECK(lone.score[1] == 4);
}

TEST_CASE("variant, page 10: the Sentinel is refused with 0, 1 or 2 other cards in front, allowed with 3") {
  // Page 10: "You may only play the Sentinel when you have 3 or more other character cards played
  // in front of you."
  S base = empty_game(2);
  CHECK(legal(base, "sentinel"));  // the base game: at any time (Rulings: "The Sentinel at any time")
  S s = empty_game(2, true);
  int in_front = 0;
  for (const char* c : {"farmer", "architect", "commander"}) {
    CHECK(std::popcount(unsigned(s.front[0])) == in_front);
    CHECK_MESSAGE(!legal(s, "sentinel"), "seat 0 with " << in_front);
    play(s, c);
    CHECK(std::popcount(unsigned(s.front[1])) == in_front);
    CHECK_MESSAGE(!legal(s, "sentinel"), "seat 1 with " << in_front);
    play(s, c);
    ++in_front;
  }
  CHECK(std::popcount(unsigned(s.front[0])) == 3);
  CHECK(legal(s, "sentinel"));
  play(s, "admiral");
  CHECK(legal(s, "sentinel"));  // seat 1 has 3 as well

  // Rulings, "The Queen counts toward the variant's three cards": the Queen in front is one of the three.
  S q = empty_game(2, true);
  for (const char* c : {"farmer", "architect"}) play(q, c), play(q, c);
  CHECK(!legal(q, "sentinel"));
  play(q, "queen"), play(q, "admiral");
  CHECK(std::popcount(unsigned(q.front[0])) == 3);
  CHECK(legal(q, "sentinel"));
}

TEST_CASE(
    "the end: after the 10th scoring nothing is turned up, no choice, hands return, play goes on; the 11th ends the "
    "game") {
  // Rulings, "Nothing left to turn up": after the 10th scoring no face-down card is left in the row, so
  // nothing is turned up, there is no choice, and every player takes the played cards back. Page 9: "The
  // game ends after the 11th fort card is scored." Both rule sets.
  for (bool variant : {false, true}) {
    CAPTURE(variant);
    S s = empty_game(2, variant);
    for (int i = 0; i < 9; ++i) {
      three_in_front(s);
      play(s, "sentinel");
      REQUIRE(s.phase == SG::Phase::SentinelChoice);
      play(s, "replace");
    }
    CHECK(s.scorings() == 9);
    three_in_front(s);
    const int p = s.turn, scored = s.row[9], last = s.row[10], deck = s.deck_size;
    const int mine = s.private_card[p][0];
    CHECK(std::popcount(unsigned(s.front[1 - p])) == 3);
    play(s, "sentinel");
    CHECK(s.scorings() == 10);
    CHECK(s.phase == SG::Phase::Play);  // no keep / replace (/ swap / discard)
    CHECK(s.turn == 1 - p);
    CHECK(s.face_up(0) == last);
    CHECK(s.face_up(1) == -1);
    CHECK(s.deck_size == deck + 1);
    CHECK(s.deck[deck] == scored);
    CHECK(s.deck_known[deck] == 0b11);
    for (int q = 0; q < 2; ++q) {
      CHECK(s.hand[q] == 0x7F);
      CHECK(s.front[q] == 0);
    }
    CHECK(s.private_card[p][0] == mine);  // the variant's supply is untouched
    CHECK(s.private_card[p][1] == SG::kNoCard);
    CHECK(all_cards_once(s));
    three_in_front(s);
    play(s, "sentinel");  // by the other seat
    CHECK(s.scorings() == 11);
    CHECK(s.phase == SG::Phase::Over);
    CHECK(s.to_move() == kTerminal);
    CHECK(legal_texts(s).empty());
    CHECK(s.deck[s.deck_size - 1] == last);
  }
}

TEST_CASE("hands, page 6: they return after replace, and in the variant after swap and after keep + discard") {
  // Page 6: "Once scoring is complete, all players collect their played character cards and add
  // them to their hand. Play then continues clockwise as normal."
  auto hands_back = [](const S& s) {
    for (int p = 0; p < s.players; ++p) {
      CHECK(s.hand[p] == 0x7F);
      CHECK(s.front[p] == 0);
    }
    CHECK(s.phase == SG::Phase::Play);
    CHECK(s.turn == 1);
  };
  S base = empty_game(3);
  three_in_front(base);
  CHECK(base.front[2] == ((1u << SG::kFarmer) | (1u << SG::kArchitect) | (1u << SG::kCommander)));
  play(base, "sentinel");
  play(base, "replace");
  hands_back(base);
  S v = empty_game(3, true);
  three_in_front(v);
  play(v, "sentinel");
  S swapped = v;
  play(swapped, "swap");
  hands_back(swapped);
  S kept = v;
  play(kept, "keep");
  const auto texts = legal_texts(kept);
  REQUIRE(texts.size() == 2);
  play(kept, texts[1]);
  hands_back(kept);
}

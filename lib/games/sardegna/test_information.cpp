// What a Sardegna seat knows and sees: determinizations that re-deal only the unseen fort cards,
// observation tokens, the action and observation vectors, and the pictures for the browser viewer.
// Pages are the rulebook's; (Rulings: "Title") names a reading of docs/rules-sardegna.md.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "games/sardegna/presentation.hpp"
#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

TEST_CASE("hidden information: determinize re-deals only the unseen fort cards") {
  S s = empty_game(3);
  Rng rng(9);
  std::set<std::vector<int>> rows;
  for (int i = 0; i < 200; ++i) {
    const S d = s.determinize(0, rng);
    CHECK(d.row[0] == s.row[0]);  // face up
    CHECK(d.row[1] == s.row[1]);
    rows.insert(std::vector<int>(d.row + 2, d.row + SG::kRowLength));
  }
  CHECK(rows.size() > 100);  // 9 face-down cards among 24 unseen: the order varies
  // Cards everyone saw go under the deck stay where they went.
  S t = s;
  t.put_under_deck(t.row[0], t.everyone());
  const S d = t.determinize(1, rng);
  CHECK(d.deck[d.deck_size - 1] == t.row[0]);
}

TEST_CASE(
    "variant hidden information: determinize re-deals others' private cards, keeps the observer's own and its discard; "
    "observe carries revealed cards") {
  // Rulings, "The variant's private cards": each player's private fort card is hidden from the others; a
  // card a player discards from the supply to the bottom of the deck is known to that player only, and
  // for the others it is one more unseen card, its place known but not its face. Rulings, "The deck is
  // a queue".
  S s = empty_game(3, true, 5);
  Rng rng(21);
  std::set<int> seat1, seat2;
  for (int i = 0; i < 200; ++i) {
    const S d = s.determinize(0, rng);
    CHECK(d.private_card[0][0] == s.private_card[0][0]);
    CHECK(d.row[0] == s.row[0]);
    CHECK(d.row[1] == s.row[1]);
    CHECK(all_cards_once(d));
    seat1.insert(d.private_card[1][0]);
    seat2.insert(d.private_card[2][0]);
  }
  CHECK(seat1.size() > 5);  // 23 unseen cards
  CHECK(seat2.size() > 5);
  three_in_front(s);
  play(s, "sentinel");
  const S choice = s;
  play(s, "keep");
  const int mine = s.private_card[0][0], drawn = s.private_card[0][1];
  play(s, "discard " + std::to_string(mine + 1));
  const int bottom = s.deck_size - 1;
  REQUIRE(s.deck[bottom] == mine);
  REQUIRE(s.private_card[0][0] == drawn);
  std::set<int> under_for_1, private_for_1;
  for (int i = 0; i < 200; ++i) {
    const S d0 = s.determinize(0, rng);
    CHECK(d0.deck[bottom] == mine);  // the owner knows its discard
    CHECK(d0.private_card[0][0] == drawn);
    CHECK(d0.deck[bottom - 1] == s.deck[bottom - 1]);  // the scored card: seen by all
    const S d1 = s.determinize(1, rng);
    CHECK(d1.private_card[1][0] == s.private_card[1][0]);
    CHECK(d1.deck[bottom - 1] == s.deck[bottom - 1]);
    CHECK(all_cards_once(d1));
    under_for_1.insert(d1.deck[bottom]);
    private_for_1.insert(d1.private_card[0][0]);
  }
  CHECK(under_for_1.size() > 5);
  CHECK(private_for_1.size() > 5);

  // Observation tokens: the Sentinel's reveal and a replacement show their card to all.
  S t = empty_game(3, true, 5);
  three_in_front(t);
  const Move sentinel = SG::parse_move(t, 0, "sentinel");
  S other_reveal = t, same_reveal = t;
  std::swap(other_reveal.row[2], other_reveal.row[3]);  // another card would be turned up
  std::swap(same_reveal.row[3], same_reveal.row[4]);    // only cards that stay face down differ
  for (int o = 0; o < 3; ++o) {
    CHECK(SG::observe(t, sentinel, o) != SG::observe(other_reveal, sentinel, o));
    CHECK(SG::observe(t, sentinel, o) == SG::observe(same_reveal, sentinel, o));
    CHECK(SG::observe(t, sentinel, o) == SG::observe(t, sentinel, 0));
  }
  S other_top = choice, other_private = choice;
  std::swap(other_top.deck[0], other_top.deck[1]);
  std::swap(other_private.private_card[0][0], other_private.deck[2]);
  const Move replace = SG::parse_move(choice, 0, "replace"), swap = SG::parse_move(choice, 0, "swap"),
             keep = SG::parse_move(choice, 0, "keep");
  for (int o = 0; o < 3; ++o) {
    CHECK(SG::observe(choice, replace, o) != SG::observe(other_top, replace, o));  // the drawn card goes face up
    CHECK(SG::observe(choice, swap, o) != SG::observe(other_private, swap, o));    // the private card goes face up
  }
  for (int o = 1; o < 3; ++o) {  // the deck's top goes to seat 0's supply: only seat 0 sees it
    CHECK(SG::observe(choice, swap, o) == SG::observe(other_top, swap, o));
    CHECK(SG::observe(choice, keep, o) == SG::observe(other_top, keep, o));
  }
  CHECK(SG::observe(choice, swap, 0) != SG::observe(other_top, swap, 0));
  CHECK(SG::observe(choice, keep, 0) != SG::observe(other_top, keep, 0));
  // A discard: one token for every non-owner, whichever card.
  S disc = choice;
  disc.apply(keep);
  SG::MoveList moves;
  disc.legal_moves(moves);
  REQUIRE(moves.size() == 2);
  const auto hidden = SG::observe(disc, moves[0], 1);
  CHECK(SG::observe(disc, moves[1], 1) == hidden);
  CHECK(SG::observe(disc, moves[0], 2) == hidden);
  CHECK(SG::observe(disc, moves[1], 2) == hidden);
  CHECK(SG::observe(disc, moves[0], 0) != SG::observe(disc, moves[1], 0));
}

TEST_CASE(
    "tensors: one action per move of the game; a seat observes its private cards, never the row's face-down cards") {
  const auto observation = [](const S& s, Player p) {
    std::vector<float> out(std::size_t(SG::observation_size(s)));
    SG::observation(s, p, out.data());
    return out;
  };
  S s = empty_game(2, true);
  // 6 cards for no action and the Sentinel; each card's actions, itself and by the Queen (2 x 619);
  // the later steps (42 + 240), stop, keep, replace, swap, and 26 discards.
  CHECK(SG::num_actions(s) == 1557);
  CHECK(SG::action_index(s, SG::parse_move(s, 0, "admiral")) == 0);
  CHECK(SG::action_index(s, SG::parse_move(s, 0, "sentinel")) == 6);
  CHECK(SG::action_index(s, SG::parse_move(s, 0, "admiral ship 1")) == 7);
  CHECK(SG::action_index(s, SG::parse_move(s, 0, "queen admiral ship 1")) == 7 + 619);
  CHECK(SG::action_move(s, 1556) == SG::parse_move(s, 0, "discard 26"));
  for (int a = 0; a < SG::num_actions(s); ++a) CHECK(SG::action_index(s, SG::action_move(s, a)) == a);  // one move each
  CHECK(SG::observation_size(s) == 531);
  CHECK(SG::observation_size(empty_game(4)) == 737);

  // Another private card of seat 1: seat 1 tells the two states apart, seat 0 does not.
  S other = s;
  std::swap(other.private_card[1][0], other.deck[0]);
  CHECK(observation(other, 0) == observation(s, 0));
  CHECK(observation(other, 1) != observation(s, 1));
  // The row's face-down cards swapped: nobody tells; the face-up ones swapped: everybody.
  S hidden = s, shown = s;
  std::swap(hidden.row[5], hidden.row[6]);
  std::swap(shown.row[0], shown.row[1]);
  for (Player p : {0, 1}) {
    CHECK(observation(hidden, p) == observation(s, p));
    CHECK(observation(shown, p) != observation(s, p));
  }
  // A move changes what both seats observe.
  S after = s;
  play(after, "commander villager 4");
  for (Player p : {0, 1}) CHECK(observation(after, p) != observation(s, p));
}

TEST_CASE("draw: the pieces stand at the board file's points, in their seats' colours") {
  S s = empty_game(3);
  villagers(s, 1, 4, 2);  // seat 1 in Logudoro (province 4, at 260, 296): 2 villagers, a village, its priest
  village(s, 1, 4);
  priest(s, 1, 4);
  villagers(s, 2, 4, 1);  // and seat 2 with one villager, on the line below
  fort(s, 0, 6);
  ship(s, 2, 7);
  const svg::Drawing d = SG::Presentation::draw(s, 0);
  CHECK(d.view_box == "0 0 1000 880");
  CHECK(d.board == SG::Presentation::draw(empty_game(3, false, 7), -1).board);  // drawn from the board alone
  // The board: province 4 named, fort space 6 and harbour 7 (Alghero) at their points.
  CHECK(d.board.find("<title>4 Logudoro: 5 points</title><circle cx=\"260.0\" cy=\"296.0\"") != std::string::npos);
  CHECK(d.board.find("<g class=\"fort-space\" data-fort=\"6\"") != std::string::npos);
  CHECK(d.board.find("data-harbour=\"7\"><circle cx=\"74.0\" cy=\"330.0\"") != std::string::npos);
  // The pieces, a group per seat, as render() writes them: right of the province's disc.
  const auto seat_group = [&](int seat) {
    const std::size_t from = d.pieces.find("<g class=\"pieces\" data-seat=\"" + std::to_string(seat) + "\"");
    REQUIRE(from != std::string::npos);
    return d.pieces.substr(from, d.pieces.find("</g>", from) - from);
  };
  CHECK(seat_group(1).find("<text data-province=\"4\" x=\"285.0\" y=\"290.0\">2v1V+P</text>") != std::string::npos);
  CHECK(seat_group(2).find("<text data-province=\"4\" x=\"285.0\" y=\"301.0\">1v</text>") != std::string::npos);
  CHECK(seat_group(0).find("data-province") == std::string::npos);
  CHECK(d.pieces.find("<rect class=\"fort\" data-fort=\"6\" data-seat=\"0\"") != std::string::npos);
  CHECK(d.pieces.find("<circle class=\"ship\" data-harbour=\"7\" data-seat=\"2\"") != std::string::npos);
  // The two face-up row cards' fort spaces are ringed.
  CHECK(d.pieces.find("<circle class=\"face-up\" data-fort=\"" + std::to_string(s.face_up(0) + 1) + "\"") !=
        std::string::npos);
}

TEST_CASE("draw: a seat sees its own private fort cards and the count of the others'; -1 sees them all") {
  const S s = empty_game(3, true);  // the variant deals each seat one private fort card
  const auto card = [&](int seat) { return std::to_string(s.private_card[seat][0] + 1); };
  const std::string seat0 = SG::Presentation::draw(s, 0).panel, all = SG::Presentation::draw(s, -1).panel;
  CHECK(seat0.find("data-seat=\"0\">private fort cards: " + card(0) + "</text>") != std::string::npos);
  CHECK(seat0.find("data-seat=\"1\">1 private fort card</text>") != std::string::npos);
  CHECK(seat0.find("data-seat=\"2\">1 private fort card</text>") != std::string::npos);
  CHECK(all.find("data-seat=\"1\">private fort cards: " + card(1) + "</text>") != std::string::npos);
  CHECK(all.find("data-seat=\"2\">private fort cards: " + card(2) + "</text>") != std::string::npos);
}

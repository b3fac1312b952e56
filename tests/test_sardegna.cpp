// Sardegna: the rulebook's worked example, a test for every rule and ruling (the illegal cases
// included), the board validator, and the Commander's step cuts against brute force. Pages are the
// rulebook's; (Rulings: "Title") names a reading of docs/rules-sardegna.md.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>

#include "bots/summary.hpp"
#include "games/sardegna/sardegna.hpp"
#include "invariants.hpp"

using namespace nuraghe;
using S = Sardegna::State;
using SG = Sardegna;

namespace {

// Positions are set up by hand from an empty board; ids below are 1-based as on the board.
S empty_game(int players, bool variant = false, std::uint64_t seed = 1) {
  GameConfig c;
  c.players = players;
  c.seed = seed;
  if (variant) c.options["variant"] = "alt-sentinel";
  return SG::initial(c);
}
// Pieces placed by hand: recount() brings the state's derived counts up to date, as from_json does.
void villagers(S& s, int p, int province, int n) {
  s.villagers[p] += std::uint64_t(n) << (4 * (province - 1));
  s.recount();
}
void village(S& s, int p, int province) {
  s.villages[p] += std::uint64_t(1) << (4 * (province - 1));
  ++s.harvested[p][SG::kWheat];  // villages need harvested tokens; the kind does not matter here
  s.recount();
}
void fort(S& s, int p, int space) {
  s.forts[p] |= 1u << (space - 1);
  s.recount();
}
void ship(S& s, int p, int harbour) {
  s.ships[p] = std::uint8_t(s.ships[p] | (1u << (harbour - 1)));
  s.recount();
}
void priest(S& s, int p, int province) {
  s.priest[p] = std::int8_t(province - 1);
  s.recount();
}

std::vector<std::string> legal_texts(const S& s) {
  SG::MoveList moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(SG::move_to_string(s, s.turn, m));
  return out;
}
bool legal(const S& s, const std::string& text) {
  const auto all = legal_texts(s);
  return std::find(all.begin(), all.end(), text) != all.end();
}
void play(S& s, const std::string& text) {
  REQUIRE_MESSAGE(legal(s, text), "not legal: " << text);
  s.apply(SG::parse_move(s, s.turn, text));
}
// Puts fort card `space` (1-based) at row position i by swapping it in from wherever it is.
void row_card(S& s, int i, int space) {
  const std::uint8_t want = std::uint8_t(space - 1);
  for (auto& c : s.row)
    if (c == want) std::swap(c, s.row[i]);
  for (int k = 0; k < s.deck_size; ++k)
    if (s.deck[k] == want) std::swap(s.deck[k], s.row[i]);
}
// Sets the agriculture token of `province` (1-based) by hand.
void token(S& s, int province, SG::Token t) {
  const int shift = 4 * (province - 1);
  s.tokens = (s.tokens & ~(std::uint64_t(15) << shift)) | (std::uint64_t(t) << shift);
}
// The legal moves whose text starts with `prefix`.
std::set<std::string> legal_starting(const S& s, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& t : legal_texts(s))
    if (t.rfind(prefix, 0) == 0) out.insert(t);
  return out;
}
std::set<std::string> legal_set(const S& s) {
  const auto all = legal_texts(s);
  return {all.begin(), all.end()};
}
// Every seat in turn plays farmer, architect and commander for no action: afterwards the seat that
// started is to move again with three other cards in front (the variant's Sentinel condition).
void three_in_front(S& s) {
  for (const char* c : {"farmer", "architect", "commander"})
    for (int i = 0; i < s.players; ++i) play(s, c);
}
// Every fort card is in exactly one place: the row (not yet scored), the deck or a private supply.
bool all_cards_once(const S& s) {
  std::multiset<int> cards;
  for (int i = s.row_next; i < SG::kRowLength; ++i) cards.insert(s.row[i]);
  for (int i = 0; i < s.deck_size; ++i) cards.insert(s.deck[i]);
  for (int p = 0; p < SG::kMaxPlayers; ++p)
    for (int i = 0; i < 2; ++i)
      if (s.private_card[p][i] != SG::kNoCard) cards.insert(s.private_card[p][i]);
  std::multiset<int> want;
  for (int c = 0; c < SG::kForts; ++c) want.insert(c);
  return cards == want;
}

}  // namespace

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
  rejects([](Json& j) { j["provinces"][0]["neighbours"].push_back(16); }, "disagree about being neighbours");
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

TEST_CASE("capacity: a full province takes nothing more, but pieces pass through it") {
  S s = empty_game(3);
  villagers(s, 1, 4, 4);
  villagers(s, 2, 4, 3);  // Logudoro holds 7: full
  CHECK(s.full(3));
  CHECK(!legal(s, "commander villager 4"));
  CHECK(!legal(s, "priest add 4"));
  villagers(s, 0, 3, 1);  // Nurra -> Logudoro -> Marghine (7) passes through the full province
  CHECK(!legal(s, "commander move 3-4"));
  CHECK(s.board->distance[2][6] == 2);
  CHECK(legal(s, "commander move 3-7"));
}

TEST_CASE("priest lock: no adding, leaving or ending a move there; passing through, priests and harvests are allowed") {
  S s = empty_game(2);
  priest(s, 1, 4);        // the opponent's priest in Logudoro
  villagers(s, 0, 4, 1);  // our villager there is stuck
  villagers(s, 0, 3, 1);
  CHECK(s.locked_for(0, 3));
  CHECK(!s.locked_for(1, 3));
  CHECK(!legal(s, "commander villager 4"));
  CHECK(!legal(s, "commander move 4-7"));  // may not move out
  CHECK(!legal(s, "commander move 3-4"));  // may not end there
  CHECK(legal(s, "commander move 3-7"));   // may pass through
  CHECK(legal(s, "priest add 4"));         // a priest may join another priest
  s.harvested[0][SG::kWheat] = 1;
  CHECK(!legal(s, "architect village 4"));
  CHECK(legal(s, "architect village 3"));
  priest(s, 0, 4);  // with our own priest there the lock is gone
  CHECK(legal(s, "commander move 4-7"));
  CHECK(legal(s, "architect village 4"));
}

TEST_CASE("farmer: harvest from a villager province next to an own-ship harbour or joined by a villager chain") {
  S s = empty_game(2);
  // Alghero (7) touches Nurra (3) and Planargia (8). Villagers in Nurra, Logudoro (4), Marghine (7).
  villagers(s, 0, 3, 1);
  villagers(s, 0, 4, 1);
  villagers(s, 0, 7, 1);
  CHECK(s.harvestable(0) == 0);  // no ship: no harvest
  ship(s, 0, 7);
  CHECK(s.harvestable(0) == ((1u << 2) | (1u << 3) | (1u << 6)));  // the chain Nurra-Logudoro-Marghine
  villagers(s, 0, 4, -1);                                          // break the chain
  CHECK(s.harvestable(0) == (1u << 2));
  // A locked province can still be harvested (Rulings: "The priest lock").
  priest(s, 1, 3);
  CHECK(s.harvestable(0) == (1u << 2));
  // The n-th token of a kind scores n.
  const SG::Token kind = s.token_in(2);
  s.harvested[0][kind] = 2;
  play(s, "farmer harvest 3");
  CHECK(s.score[0] == 3);
  CHECK(s.harvested[0][kind] == 3);
  CHECK(s.token_in(2) == SG::kNoToken);
}

TEST_CASE("harbours: one ship per harbour with two players, two with more; never both own ships in one") {
  S two = empty_game(2);
  ship(two, 1, 2);
  CHECK(!legal(two, "admiral ship 2"));
  CHECK(legal(two, "admiral ship 1"));
  S three = empty_game(3);
  ship(three, 1, 2);
  CHECK(legal(three, "admiral ship 2"));
  ship(three, 2, 2);
  CHECK(!legal(three, "admiral ship 2"));  // a third ship
  ship(three, 0, 1);
  CHECK(!legal(three, "admiral ship 1"));  // own ships never share a harbour
  CHECK(legal(three, "admiral move 1-3"));
  CHECK(!legal(three, "admiral move 1-2"));
  ship(three, 0, 3);
  CHECK(!legal(three, "admiral ship 4"));  // both ships are on the board
}

TEST_CASE("architect: forts on empty spaces, at most three; villages up to the harvested tokens") {
  S s = empty_game(2);
  fort(s, 1, 6);
  CHECK(!legal(s, "architect fort 6"));
  CHECK(legal(s, "architect fort 7"));
  fort(s, 0, 1);
  fort(s, 0, 2);
  fort(s, 0, 3);
  CHECK(!legal(s, "architect fort 7"));     // a fourth fort
  CHECK(!legal(s, "architect village 5"));  // no token harvested yet
  s.harvested[0][SG::kOlive] = 1;
  CHECK(legal(s, "architect village 5"));
  play(s, "architect village 5");
  CHECK(s.villages_in(0, 4) == 1);
  s.turn = 0;
  s.hand[0] |= 1u << SG::kArchitect;
  CHECK(!legal(s, "architect village 6"));  // villages on board == tokens harvested
}

TEST_CASE("commander: up to four crossings split among villagers; steps then stop") {
  S s = empty_game(2);
  villagers(s, 0, 3, 2);
  play(s, "commander move 3-4");  // 1 crossing
  CHECK(s.phase == SG::Phase::CommanderSteps);
  CHECK(s.steps_left == 3);
  CHECK(!legal(s, "move 4-7"));  // a step never starts where one ended (that is the step 3-7)
  CHECK(!legal(s, "move 3-2"));  // steps come in non-decreasing (from, to) order
  CHECK(legal(s, "move 3-4"));   // the second villager may follow
  CHECK(legal(s, "stop"));
  play(s, "move 3-8");  // 1 crossing: 2 left, and no step is left from Nurra
  CHECK(s.villagers_in(0, 2) == 0);
  CHECK(s.phase == SG::Phase::Play);  // nothing more is possible: the move ended by itself
  CHECK(s.turn == 1);
}

TEST_CASE("queen: copies a card in front (not the Sentinel nor herself); with nothing in front only no action") {
  S s = empty_game(2);
  auto queen_moves = [&] {
    int n = 0;
    for (const auto& t : legal_texts(s)) n += t.rfind("queen", 0) == 0;
    return n;
  };
  CHECK(queen_moves() == 1);  // "queen" for no action
  s.hand[0] &= ~(1u << SG::kArchitect);
  s.front[0] |= 1u << SG::kArchitect;
  CHECK(legal(s, "queen architect fort 12"));
  CHECK(!legal(s, "queen commander villager 1"));
  play(s, "queen architect fort 12");
  CHECK(s.forts[0] == 1u << 11);
  CHECK((s.front[0] >> SG::kQueen & 1) == 1);
  CHECK((s.front[0] >> SG::kArchitect & 1) == 1);
}

TEST_CASE("the game ends right after the 11th scoring; tied leaders share the win") {
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

TEST_CASE(
    "priest move, page 4: up to 3 crossings, through full provinces but not into one, next to an opponent's priest") {
  // Page 4: "Move your priest up to 3 times." Page 3: "Priests and villagers can move through
  // full provinces, but cannot end their movement there." Rulings, "The priest lock": the lock concerns
  // villages and villagers only; a priest may be moved into a province holding another player's priest.
  // Sulcis (16) borders only Iglesiente (13) and Campidano (14), both full here, so every move
  // passes through a full province. From 16 (board.json): 1 crossing 13, 14; 2 crossings 10, 11,
  // 12, 15; 3 crossings 6, 7, 8, 9; 4 crossings 3, 4, 5; 5 crossings 1, 2.
  S s = empty_game(4);
  CHECK(s.board->distance[15][5] == 3);
  CHECK(s.board->distance[15][3] == 4);
  priest(s, 0, 16);
  villagers(s, 1, 13, 5);
  villagers(s, 2, 13, 2);  // Iglesiente: 7
  villagers(s, 3, 14, 5);
  villagers(s, 2, 14, 2);  // Campidano: 7
  village(s, 1, 9);        // Ogliastra: 2 + 2 villages, 1 villager, 2 priests = 7
  village(s, 1, 9);
  village(s, 3, 9);
  village(s, 3, 9);
  villagers(s, 2, 9, 1);
  priest(s, 1, 9);
  priest(s, 3, 9);
  priest(s, 2, 10);  // an opponent's priest in Arborea
  CHECK(s.full(12));
  CHECK(s.full(13));
  CHECK(s.full(8));
  CHECK(legal_starting(s, "priest ") ==
        std::set<std::string>{"priest move 16-6", "priest move 16-7", "priest move 16-8", "priest move 16-10",
                              "priest move 16-11", "priest move 16-12", "priest move 16-15"});
  CHECK(!legal(s, "priest move 16-9"));   // 3 crossings, but full
  CHECK(!legal(s, "priest move 16-4"));   // 4 crossings
  CHECK(!legal(s, "priest move 16-13"));  // full
  play(s, "priest move 16-10");           // one decision: the turn passes (Rulings: "The Priest moves in one step")
  CHECK(s.priest[0] == 9);
  CHECK(s.pieces_in(9) == 2);  // two priests share Arborea
  CHECK(s.pieces_in(15) == 0);
  CHECK(s.phase == SG::Phase::Play);
  CHECK(s.turn == 1);
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

TEST_CASE("capacity, page 3: priests and villages count toward 7 (5 villagers + 1 village + 1 priest is full)") {
  // Page 3: "Each province may contain a maximum of 7 priests, villages, and / or villagers at a
  // time. As soon as a province is full, no further priests, villages, or villagers may be added."
  S s = empty_game(3);
  villagers(s, 1, 4, 5);
  village(s, 2, 4);  // Logudoro: 6 pieces
  villagers(s, 0, 3, 1);
  s.harvested[0][SG::kOlive] = 1;
  CHECK(s.pieces_in(3) == 6);
  CHECK(legal(s, "commander villager 4"));
  CHECK(legal(s, "commander move 3-4"));
  CHECK(legal(s, "architect village 4"));
  CHECK(legal(s, "priest add 4"));
  S own = s;
  priest(own, 0, 4);  // our own priest (no lock for us) is the 7th piece
  CHECK(own.full(3));
  CHECK(!legal(own, "commander villager 4"));
  CHECK(!legal(own, "commander move 3-4"));
  CHECK(!legal(own, "architect village 4"));
  CHECK(legal(own, "commander villager 7"));
  CHECK(legal(own, "architect village 7"));
  S other = s;
  priest(other, 1, 4);  // an opponent's priest as the 7th: the capacity, not the lock, stops ours
  CHECK(!legal(other, "priest add 4"));
  CHECK(legal(other, "priest add 3"));
  S two_villages = s;
  village(two_villages, 2, 4);  // 5 villagers + 2 villages
  CHECK(!legal(two_villages, "priest add 4"));
  CHECK(!legal(two_villages, "commander villager 4"));
}

TEST_CASE("supply, page 2: at most 5 villagers and 4 villages on the board (even with 6 tokens), 1 priest") {
  // Page 2: each player takes "1 priest, 2 ships, 3 forts, 4 villages, and 5 villagers"
  // (Rulings: "Pieces are limited by supply").
  S s = empty_game(2);
  villagers(s, 0, 1, 2);
  villagers(s, 0, 6, 2);
  CHECK(legal_starting(s, "commander villager ").size() == 16);
  villagers(s, 0, 16, 1);
  CHECK(s.villagers_on_board(0) == 5);
  CHECK(legal_starting(s, "commander villager ").empty());
  CHECK(legal(s, "commander move 16-14"));  // they may still move
  S v = empty_game(2);
  village(v, 0, 1);
  village(v, 0, 2);
  village(v, 0, 3);
  v.harvested[0][SG::kWheat] = 2;
  v.harvested[0][SG::kOlive] = 4;  // 6 tokens harvested
  CHECK(legal_starting(v, "architect village ").size() == 16);
  village(v, 0, 4);
  v.harvested[0][SG::kWheat] = 2;
  CHECK(v.villages_on_board(0) == 4);
  CHECK(v.tokens_harvested(0) == 6);
  CHECK(legal_starting(v, "architect village ").empty());
  CHECK(legal(v, "architect fort 1"));
  S p = empty_game(2);
  CHECK(legal_starting(p, "priest add ").size() == 16);
  priest(p, 0, 5);
  CHECK(legal_starting(p, "priest add ").empty());
}

TEST_CASE(
    "farmer, page 5: villages do not link the chain; a harvested province is not offered; each kind scores on its "
    "own") {
  // Page 5: "there is an unbroken chain of provinces containing your villager(s) connecting your
  // chosen harbor to the chosen province" (villages do not count: Rulings, "A province holding only a
  // village does not link the chain"). "The first collected agriculture token of each type is worth 1
  // point; the 2nd, 3rd, and 4th tokens of the the same type are worth 2, 3, and 4 points
  // respectively." Alghero (harbour 7) touches Nurra (3) and Planargia (8); Marghine (7) borders
  // Logudoro (4), Barbagia, Planargia and Arborea.
  S s = empty_game(2);
  ship(s, 0, 7);
  villagers(s, 0, 3, 1);
  village(s, 0, 4);  // Logudoro: a village, no villager
  villagers(s, 0, 7, 1);
  village(s, 0, 8);  // Planargia, next to the harbour: a village only
  CHECK(s.harvestable(0) == 1u << 2);
  CHECK(legal_starting(s, "farmer ") == std::set<std::string>{"farmer harvest 3"});
  villagers(s, 0, 4, 1);  // a villager in Logudoro links Nurra and Marghine
  CHECK(legal_starting(s, "farmer ") ==
        std::set<std::string>{"farmer harvest 3", "farmer harvest 4", "farmer harvest 7"});

  // A harvested province is not offered again, but its villagers still link the chain.
  S h = empty_game(2);
  ship(h, 0, 7);
  villagers(h, 0, 3, 1);
  villagers(h, 0, 2, 1);  // Anglona reaches Alghero only through Nurra
  CHECK(h.harvestable(0) == ((1u << 1) | (1u << 2)));
  play(h, "farmer harvest 3");
  CHECK(h.token_in(2) == SG::kNoToken);
  CHECK(h.harvestable(0) == 1u << 1);
  h.turn = 0;
  h.hand[0] = 0x7F, h.front[0] = 0;
  CHECK(legal_starting(h, "farmer ") == std::set<std::string>{"farmer harvest 2"});

  // Kinds count separately: olive 1, thyme 1 (not 2), olive 2, thyme 2, olive 3.
  S k = empty_game(2);
  ship(k, 0, 7);
  for (int q : {2, 3, 4, 7, 8}) villagers(k, 0, q, 1);
  token(k, 3, SG::kOlive);
  token(k, 4, SG::kThyme);
  token(k, 8, SG::kOlive);
  token(k, 7, SG::kThyme);
  token(k, 2, SG::kOlive);
  auto harvest = [&](const std::string& text, int total) {
    k.turn = 0;
    k.hand[0] = 0x7F, k.front[0] = 0;
    play(k, text);
    CHECK_MESSAGE(k.score[0] == total, text);
  };
  harvest("farmer harvest 3", 1);
  harvest("farmer harvest 4", 2);
  harvest("farmer harvest 8", 4);
  harvest("farmer harvest 7", 6);
  harvest("farmer harvest 2", 9);
  CHECK(k.harvested[0][SG::kOlive] == 3);
  CHECK(k.harvested[0][SG::kThyme] == 2);
  CHECK(k.harvested[0][SG::kWheat] + k.harvested[0][SG::kWine] + k.harvested[0][SG::kCheese] == 0);
  CHECK(k.score[1] == 0);
}

TEST_CASE("admiral, page 4: later steps obey the cuts, the move ends by itself, own ships never swap") {
  // Page 4: "Move any of your ships on the board to harbors of your choice." Rulings, "The Admiral's
  // relocation": a step never starts at a harbour an earlier step ended at, never ends at one an
  // earlier step started from, and steps come in non-decreasing (from, to) order; swapping one's two
  // ships is never a move. Rulings, "Multi-step moves end by themselves": the move ends when no further step is legal.
  S s = empty_game(3);  // two ships per harbour: only own ships restrict the targets
  ship(s, 0, 1);
  ship(s, 0, 2);
  CHECK(!legal(s, "admiral move 1-2"));
  S a = s;
  play(a, "admiral move 1-3");
  CHECK(a.phase == SG::Phase::AdmiralSteps);
  CHECK(a.turn == 0);
  // Not from 3 (a step ended there); from 2 not to 1 (a step started there) nor 3 (own ship).
  CHECK(legal_set(a) == std::set<std::string>{"move 2-4", "move 2-5", "move 2-6", "move 2-7", "stop"});
  play(a, "move 2-4");
  CHECK(a.ships[0] == ((1u << 2) | (1u << 3)));
  CHECK(a.phase == SG::Phase::Play);  // both ships ended a step: no step and no "stop" is left
  CHECK(a.turn == 1);
  S b = s;
  play(b, "admiral move 2-5");  // a step from 1 would come before (2, 5): the move is over
  CHECK(b.ships[0] == ((1u << 0) | (1u << 4)));
  CHECK(b.phase == SG::Phase::Play);
  CHECK(b.turn == 1);
  S c = empty_game(3);
  ship(c, 0, 3);
  ship(c, 0, 5);
  play(c, "admiral move 3-4");
  CHECK(legal_set(c) == std::set<std::string>{"move 5-1", "move 5-2", "move 5-6", "move 5-7", "stop"});
  play(c, "stop");
  CHECK(c.ships[0] == ((1u << 3) | (1u << 4)));
  CHECK(c.turn == 1);
  // Every Admiral move from ships {1, 2}: first 1-x (x = 3..7) then "stop" or 2-y (y = 3..7, y != x),
  // or 2-x alone: 5 + 20 + 5 = 30 sequences, reaching every pair of harbours except {1, 2} itself.
  std::set<unsigned> ends;
  int sequences = 0;
  std::function<void(const S&)> walk = [&](const S& t) {
    if (t.turn != 0) {
      ends.insert(t.ships[0]);
      ++sequences;
      return;
    }
    for (const auto& text : legal_texts(t)) {
      S u = t;
      u.apply(SG::parse_move(u, 0, text));
      walk(u);
    }
  };
  for (const auto& text : legal_starting(s, "admiral move ")) {
    S u = s;
    u.apply(SG::parse_move(u, 0, text));
    walk(u);
  }
  CHECK(sequences == 30);
  CHECK(ends.size() == 20);      // C(7, 2) - 1
  CHECK(ends.count(0b11) == 0);  // the swap of the two own ships
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
    "after the 10th scoring nothing is turned up: no choice, hands return, play goes on; the 11th ends the game") {
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

TEST_CASE("hands return after replace, and in the variant after swap and after keep + discard (page 6)") {
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
    "queen, page 6: copying a Commander move over several steps; the Commander stays in front, the Queen joins it") {
  // Page 6: "you may copy any action from any character card you have played since the last
  // Sentinel"; page 4: "Move your villagers up to 4 times ... split this movement across multiple
  // villagers freely."
  S s = empty_game(2);
  villagers(s, 0, 1, 1);
  villagers(s, 0, 3, 1);
  villagers(s, 0, 5, 1);
  s.hand[0] &= std::uint8_t(~(1u << SG::kCommander));
  s.front[0] |= std::uint8_t(1u << SG::kCommander);
  CHECK(!legal(s, "commander move 1-2"));
  play(s, "queen commander move 1-2");  // 1 crossing
  CHECK(s.phase == SG::Phase::CommanderSteps);
  CHECK(s.turn == 0);
  CHECK(s.steps_left == 3);
  CHECK(s.front[0] == ((1u << SG::kCommander) | (1u << SG::kQueen)));
  CHECK(s.hand[0] == (0x7F & ~((1u << SG::kCommander) | (1u << SG::kQueen))));
  play(s, "move 3-7");  // 2 crossings (3-4-7 or 3-8-7)
  CHECK(s.steps_left == 1);
  // From 5, 1 crossing: Gallura (1) is where a step started; Barbagia (6) and Ogliastra (9) remain.
  CHECK(legal_set(s) == std::set<std::string>{"move 5-6", "move 5-9", "stop"});
  CHECK(!legal(s, "move 5-11"));  // 2 crossings: over the 4
  play(s, "move 5-6");
  CHECK(s.phase == SG::Phase::Play);  // 4 crossings used: the move ended by itself
  CHECK(s.turn == 1);
  for (int q : {1, 3, 5}) CHECK(s.villagers_in(0, q - 1) == 0);
  for (int q : {2, 7, 6}) CHECK(s.villagers_in(0, q - 1) == 1);
  CHECK(s.front[0] == ((1u << SG::kCommander) | (1u << SG::kQueen)));
}

TEST_CASE("commander moves: the step cuts lose no end position (brute force on random positions)") {
  // Brute force: any sequence of up to 4 single border crossings by the player's villagers, passing
  // anywhere; the end positions allowed are those where no villager left or entered a locked
  // province and no province that gained villagers holds more than 7 pieces.
  Rng rng(17);
  int positions = 0;
  for (int game = 0; game < 200 && positions < 25; ++game) {
    S s = empty_game(2 + game % 3, false, std::uint64_t(game) + 1);
    const int depth = int(rng.below(120));
    for (int d = 0; d < depth && s.to_move() != kTerminal; ++d) {
      SG::MoveList moves;
      s.legal_moves(moves);
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
    if (s.phase != SG::Phase::Play || !(s.hand[s.turn] >> SG::kCommander & 1) || s.villager_provinces(s.turn) == 0)
      continue;
    ++positions;
    const int p = s.turn;
    // The engine's end positions.
    std::set<std::uint64_t> engine;
    std::function<void(const S&)> walk = [&](const S& t) {
      if (t.turn != p || (t.phase != SG::Phase::CommanderSteps)) {
        engine.insert(t.villagers[p]);
        return;
      }
      SG::MoveList moves;
      t.legal_moves(moves);
      for (Move m : moves) {
        S u = t;
        u.apply(m);
        walk(u);
      }
    };
    SG::MoveList first;
    s.legal_moves(first);
    for (Move m : first)
      if (SG::kind_of(m) == SG::kVillagerStep && !SG::queen_of(m)) {
        S u = s;
        u.apply(m);
        walk(u);
      }
    // Brute force.
    std::set<std::uint64_t> brute, seen;
    std::function<void(std::uint64_t, int)> crossings = [&](std::uint64_t v, int left) {
      if (!seen.insert(v * 8 + std::uint64_t(left)).second) return;
      if (v != s.villagers[p]) {
        bool ok = true;
        for (int q = 0; q < SG::kProvinces && ok; ++q) {
          const int before = S::nibble(s.villagers[p], q), after = S::nibble(v, q);
          if (s.locked_for(p, q) && after != before) ok = false;
          if (after > before && s.pieces_in(q) + after - before > SG::kCapacity) ok = false;
        }
        if (ok) brute.insert(v);
      }
      if (left == 0) return;
      for (int q = 0; q < SG::kProvinces; ++q) {
        if (!S::nibble(v, q)) continue;
        for (unsigned n = s.board->neighbours[q]; n; n &= n - 1) {
          const int r = std::countr_zero(n);
          crossings(v - (std::uint64_t(1) << (4 * q)) + (std::uint64_t(1) << (4 * r)), left - 1);
        }
      }
    };
    crossings(s.villagers[p], SG::kCommanderMoves);
    CHECK_MESSAGE(engine == brute, "engine " << engine.size() << " end positions, brute force " << brute.size()
                                             << " at " << SG::to_json(s).dump());
  }
  CHECK(positions >= 10);
}

TEST_CASE("heuristic: beats random in at least 90% of two-player games") {
  ArenaSettings a;
  a.config.players = 2;
  a.config.seed = 11;
  a.bots = {"heuristic", "random"};
  a.games = testing::kLightFactor > 1 ? 20 : 100;
  a.jobs = 2;
  const auto table = summarize(a.bots, run_arena<Sardegna>(a).games, a.config.seed).rows;
  MESSAGE("heuristic vs random: " << 100 * table[0].wins / table[0].games << "% of " << table[0].games << " games");
  CHECK(table[0].wins / table[0].games >= 0.9);
  // Both rule sets.
  a.config.options["variant"] = "alt-sentinel";
  const auto variant = summarize(a.bots, run_arena<Sardegna>(a).games, a.config.seed).rows;
  CHECK(variant[0].wins / variant[0].games >= 0.9);
}

TEST_CASE("random_move is exactly legal_moves()[rng.below(n)] (uniform over every legal move)") {
  Rng walk(5);
  int checked = 0;
  for (int game = 0; game < 6; ++game) {
    S s = empty_game(2 + game % 3, game % 2 == 1, std::uint64_t(game) + 3);
    while (s.to_move() != kTerminal) {
      SG::MoveList moves;
      s.legal_moves(moves);
      Rng a(walk.next());
      Rng b = a;
      const Move fast = s.random_move(a);
      CHECK(fast == moves[b.below(std::uint32_t(moves.size()))]);
      CHECK(a == b);  // the same random numbers were drawn
      ++checked;
      s.apply(moves[walk.below(std::uint32_t(moves.size()))]);
    }
  }
  CHECK(checked > 500);
}

TEST_CASE("fort_points gives what score_fort would add, for every seat and every fort space") {
  // The heuristic and the scoring explanation ask fort_points instead of scoring a copy.
  for (int players = 2; players <= 4; ++players) {
    GameConfig c;
    c.players = players;
    c.seed = std::uint64_t(players);
    S s = SG::initial(c);
    Rng rng(std::uint64_t(40 + players));
    for (int ply = 0; s.to_move() != kTerminal; ++ply) {
      if (ply % 7 == 0)
        for (int f = 0; f < SG::kForts; ++f) {
          int points[SG::kMaxPlayers] = {};
          s.fort_points(f, points);
          S scored = s;
          scored.score_fort(f);
          for (int p = 0; p < SG::kMaxPlayers; ++p) CHECK(points[p] == scored.score[p] - s.score[p]);
        }
      s.apply(random_legal_move<SG>(s, s.to_move(), rng));
    }
  }
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
  const svg::Drawing d = SG::draw(s, 0);
  CHECK(d.view_box == "0 0 1000 880");
  CHECK(d.board == SG::draw(empty_game(3, false, 7), -1).board);  // drawn from the board alone
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
  const std::string seat0 = SG::draw(s, 0).pieces, all = SG::draw(s, -1).pieces;
  CHECK(seat0.find("data-seat=\"0\">private fort cards: " + card(0) + "</text>") != std::string::npos);
  CHECK(seat0.find("data-seat=\"1\">1 private fort card</text>") != std::string::npos);
  CHECK(seat0.find("data-seat=\"2\">1 private fort card</text>") != std::string::npos);
  CHECK(all.find("data-seat=\"1\">private fort cards: " + card(1) + "</text>") != std::string::npos);
  CHECK(all.find("data-seat=\"2\">private fort cards: " + card(2) + "</text>") != std::string::npos);
}

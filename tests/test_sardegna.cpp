// Sardegna: the rulebook's worked example, a test for every rule and ruling (the illegal cases
// included), the board validator, and the Commander's step cuts against brute force.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>

#include "games/sardegna/sardegna.hpp"
#include "bots/summary.hpp"
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

}  // namespace

TEST_CASE("board: the built-in board passes its validator and has the rulebook's numbers") {
  const auto& b = sardegna::Board::standard();
  int yellow = 0, green = 0, brown = 0;
  for (auto c : b.colour) yellow += c == sardegna::Colour::Yellow, green += c == sardegna::Colour::Green, brown += c == sardegna::Colour::Brown;
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
  rejects([](Json& j) { j["harbours"].erase(6); }, "exactly 7");
  rejects([](Json& j) { j["provinces"][3]["value"] = "five"; }, "must be an integer");
  rejects([](Json& j) { j["colour"] = 1; }, "unknown field");
}

TEST_CASE("worked example, pages 8-9: provinces A, B and C around fort 6, four players") {
  // Seats: 0 yellow, 1 blue, 2 purple, 3 green. A = Logudoro (4, 5 VP), B = Nurra (3, 5 VP),
  // C = Anglona (2, 2 VP); fort space 6 borders all three, 2 borders B and C, 1 borders C only;
  // harbour 7 (Alghero) is adjacent to B and not to A or C.
  S s = empty_game(4);
  const int A = 4, B = 3, C = 2;
  villagers(s, 1, A, 1);  // A: blue 1 villager; purple 1 fort
  fort(s, 2, 6);
  village(s, 0, B);       // B: yellow village + ship + fort = 4
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
  play(s, "sentinel");  // yellow
  CHECK(s.score[0] == 5 + 1);   // B first, C second
  CHECK(s.score[1] == 5 + 2);   // A shared first, C first
  CHECK(s.score[2] == 5 + 2);   // A shared first, B second (tied with green), C third: nothing
  CHECK(s.score[3] == 2);       // B second
  // "Yellow removes fort card 6 and reveals the next card in the row - fort card 8."
  CHECK(s.face_up(0) == 16);
  CHECK(s.face_up(1) == 7);
  CHECK(s.phase == SG::Phase::SentinelChoice);
  CHECK(legal_texts(s) == std::vector<std::string>{"keep", "replace"});
  CHECK(s.deck[s.deck_size - 1] == 5);  // the scored card lies at the bottom of the deck
}

TEST_CASE("sentinel: keep leaves the turned card; replace puts it under the deck and turns the top card; hands return") {
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

TEST_CASE("scoring: no influence scores nothing; a tie for first gives no second place; two players never score second") {
  S s = empty_game(3);
  villagers(s, 0, 5, 2);
  villagers(s, 1, 5, 1);
  s.score_province(4);
  CHECK(s.score[0] == 4);      // Baronia is worth 4
  CHECK(s.score[1] == 2);      // second: half, rounded down
  CHECK(s.score[2] == 0);      // no influence
  S tie = empty_game(3);
  villagers(tie, 0, 5, 2);
  villagers(tie, 1, 5, 2);
  villagers(tie, 2, 5, 1);
  tie.score_province(4);
  CHECK(tie.score[0] == 4);
  CHECK(tie.score[1] == 4);
  CHECK(tie.score[2] == 0);    // first place tied: nobody is second
  S two = empty_game(2);
  villagers(two, 0, 5, 2);
  villagers(two, 1, 5, 1);
  two.score_province(4);
  CHECK(two.score[1] == 0);    // two players: no second place
  S odd = empty_game(4);
  villagers(odd, 0, 10, 3);    // Arborea, 7 VP
  villagers(odd, 1, 10, 1);
  villagers(odd, 2, 10, 1);
  odd.score_province(9);
  CHECK(odd.score[1] == 3);    // floor(7 / 2), every player tied for second
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
  CHECK(!legal(s, "commander move 4-7"));   // may not move out
  CHECK(!legal(s, "commander move 3-4"));   // may not end there
  CHECK(legal(s, "commander move 3-7"));    // may pass through
  CHECK(legal(s, "priest add 4"));          // a priest may join another priest
  s.harvested[0][SG::kWheat] = 1;
  CHECK(!legal(s, "architect village 4"));
  CHECK(legal(s, "architect village 3"));
  priest(s, 0, 4);                          // with our own priest there the lock is gone
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
  villagers(s, 0, 4, -1);        // break the chain
  CHECK(s.harvestable(0) == (1u << 2));
  // A locked province can still be harvested (ruling 3).
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
  CHECK(!legal(s, "architect fort 7"));  // a fourth fort
  CHECK(!legal(s, "architect village 5")); // no token harvested yet
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
  CHECK(!legal(s, "move 4-7"));   // a step never starts where one ended (that is the step 3-7)
  CHECK(!legal(s, "move 3-2"));   // steps come in non-decreasing (from, to) order
  CHECK(legal(s, "move 3-4"));    // the second villager may follow
  CHECK(legal(s, "stop"));
  play(s, "move 3-8");            // 1 crossing: 2 left, and no step is left from Nurra
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
    if (s.phase != SG::Phase::Play || !(s.hand[s.turn] >> SG::kCommander & 1) || s.villager_provinces(s.turn) == 0) continue;
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
    CHECK_MESSAGE(engine == brute, "engine " << engine.size() << " end positions, brute force " << brute.size() << " at "
                                              << SG::to_json(s).dump());
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

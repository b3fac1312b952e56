// Sardegna's character cards, one rule at a time with its illegal cases: capacity, the priest lock and
// the supply; the Farmer, Admiral, Architect, Commander, Priest and Queen; and the Commander's step cuts
// against brute force. Pages are the rulebook's; (Rulings: "Title") names a reading of
// docs/rules-sardegna.md.
#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <functional>
#include <set>
#include <string>

#include "games/sardegna/sardegna.hpp"
#include "games/sardegna/test_helpers.hpp"

using namespace nuraghe;
using namespace nuraghe::sardegna::test;

TEST_CASE("capacity: a full province takes nothing more, but pieces pass through it") {
  S s = empty_game(3);
  villagers(s, 1, 4, 4);
  villagers(s, 2, 4, 3);  // Logudoro holds 7: full
  CHECK(s.full(3));
  CHECK(!legal(s, "commander villager 4"));
  CHECK(!legal(s, "priest add 4"));
  villagers(s, 0, 3, 1);  // Nurra -> Logudoro -> Marghine (7) passes through the full province
  CHECK(!legal(s, "commander move 3-4"));
  CHECK(s.board().distance[2][6] == 2);
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

TEST_CASE(
    "priest move, page 4: up to 3 crossings, through full provinces but not into one, next to an opponent's priest") {
  // Page 4: "Move your priest up to 3 times." Page 3: "Priests and villagers can move through
  // full provinces, but cannot end their movement there." Rulings, "The priest lock": the lock concerns
  // villages and villagers only; a priest may be moved into a province holding another player's priest.
  // Sulcis (16) borders only Iglesiente (13) and Campidano (14), both full here, so every move
  // passes through a full province. From 16 (board.json): 1 crossing 13, 14; 2 crossings 10, 11,
  // 12, 15; 3 crossings 6, 7, 8, 9; 4 crossings 3, 4, 5; 5 crossings 1, 2.
  S s = empty_game(4);
  CHECK(s.board().distance[15][5] == 3);
  CHECK(s.board().distance[15][3] == 4);
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
        for (unsigned n = s.board().neighbours[q]; n; n &= n - 1) {
          const int r = std::countr_zero(n);
          crossings(v - (std::uint64_t(1) << (4 * q)) + (std::uint64_t(1) << (4 * r)), left - 1);
        }
      }
    };
    crossings(s.villagers[p], SG::kCommanderMoves);
    CHECK_MESSAGE(engine == brute, "engine " << engine.size() << " end positions, brute force " << brute.size()
                                             << " at " << json_text(SG::to_json(s)));
  }
  CHECK(positions >= 10);
}

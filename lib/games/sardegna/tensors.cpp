// Sardegna's action and observation vectors for learning agents (HasTensors). The layout is
// documented in docs/rules-sardegna.md, "Action and observation vectors": change both together.
#include <cassert>
#include <vector>

#include "core/tensors.hpp"
#include "games/sardegna/sardegna.hpp"

namespace nuraghe {
namespace {

using S = Sardegna;

// The steps of one piece from a place to another of `places` (provinces or harbours): from and to
// in mixed radix, a step never ending where it starts.
void add_steps(std::vector<Move>& moves, S::Kind kind, Move card, bool queen, int places) {
  for (int from = 0; from < places; ++from)
    for (int to = 0; to < places; ++to)
      if (to != from) moves.push_back(S::make_move(kind, card, queen, Move(from), Move(to)));
}
void add_places(std::vector<Move>& moves, S::Kind kind, Move card, bool queen, int places) {
  for (int a = 0; a < places; ++a) moves.push_back(S::make_move(kind, card, queen, Move(a)));
}

// Every move of the game, in the order of docs/rules-sardegna.md: the cards played for nothing
// (admiral..queen) and the Sentinel; then each card's actions, first played itself, then copied
// by the Queen; the later steps of a Commander's and an Admiral's move, stop; the Sentinel's
// choices and the variant's discard.
std::vector<Move> every_move() {
  std::vector<Move> moves;
  for (Move c = S::kAdmiral; c < S::kSentinel; ++c) moves.push_back(S::make_move(S::kNoAction, c));
  moves.push_back(S::make_move(S::kPlaySentinel, S::kSentinel));
  for (const bool queen : {false, true}) {
    const auto card = [&](S::Card c) { return queen ? Move(S::kQueen) : Move(c); };
    add_places(moves, S::kAddShip, card(S::kAdmiral), queen, S::kHarbours);
    add_steps(moves, S::kShipStep, card(S::kAdmiral), queen, S::kHarbours);
    add_places(moves, S::kAddVillager, card(S::kCommander), queen, S::kProvinces);
    add_steps(moves, S::kVillagerStep, card(S::kCommander), queen, S::kProvinces);
    add_places(moves, S::kAddPriest, card(S::kPriest), queen, S::kProvinces);
    add_steps(moves, S::kPriestMove, card(S::kPriest), queen, S::kProvinces);
    add_places(moves, S::kHarvest, card(S::kFarmer), queen, S::kProvinces);
    add_places(moves, S::kBuildFort, card(S::kArchitect), queen, S::kForts);
    add_places(moves, S::kBuildVillage, card(S::kArchitect), queen, S::kProvinces);
  }
  add_steps(moves, S::kShipStep, S::kNoCardField, false, S::kHarbours);
  add_steps(moves, S::kVillagerStep, S::kNoCardField, false, S::kProvinces);
  for (const S::Kind k : {S::kStop, S::kKeep, S::kReplace, S::kSwap}) moves.push_back(S::make_move(k, S::kNoCardField));
  add_places(moves, S::kDiscard, S::kNoCardField, false, S::kForts);
  return moves;
}

const ActionTable& actions() {
  static const ActionTable table(every_move());
  return table;
}

// Points are scaled by this; a game's scores stay below it in practice, but are not bounded by it.
constexpr double kPointsScale = 100;

// The layout of docs/rules-sardegna.md: the turn and a move under way, the board's tokens and
// the fort cards, seat p's private fort cards, then every seat from p on in seat order. Returns
// the numbers written (without `out`, only counted).
int write_observation(const S::State& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  ObservationWriter w(out);
  // The turn: the phase, the seat to move (counted from p), and a Commander's or Admiral's move
  // under way (crossings left, where its steps started and ended, the last step's two ends).
  w.one_hot(int(s.phase), int(S::Phase::Over) + 1);
  w.one_hot((s.turn - p + s.players) % s.players, s.players);
  w.scaled(s.steps_left, S::kCommanderMoves);
  w.bits(s.started, S::kProvinces);
  w.bits(s.ended, S::kProvinces);
  w.one_hot(s.last_step ? s.last_step / 16 : -1, S::kProvinces);
  w.one_hot(s.last_step ? s.last_step % 16 : -1, S::kProvinces);
  // The board: each province's token (none, wheat, olive, wine, thyme, cheese).
  for (int q = 0; q < S::kProvinces; ++q) w.one_hot(s.token_in(q), S::kTokenKinds);
  // The fort cards: scorings made, the two face-up cards of the row, the deck's size and, per fort
  // card, whether p knows it in the deck and at which place (the face-down row cards and the
  // others' private cards are in no number).
  w.scaled(s.scorings(), S::kRowLength);
  for (int i = 0; i < 2; ++i) w.one_hot(s.face_up(i), S::kForts);
  w.scaled(s.deck_size, S::kForts);
  std::array<int, S::kForts> place{};
  place.fill(-1);
  for (int i = 0; i < s.deck_size; ++i)
    if (s.deck_known[i] >> p & 1) place[s.deck[i]] = i;
  for (int c = 0; c < S::kForts; ++c) {
    w.flag(place[c] >= 0);
    w.scaled(place[c] >= 0 ? place[c] + 1 : 0, S::kForts);
  }
  // Seat p's private fort cards (the variant), each one-hot.
  for (int i = 0; i < 2; ++i) w.one_hot(s.private_card[p][i] == S::kNoCard ? -1 : s.private_card[p][i], S::kForts);
  // Every seat, p first: points, cards in hand and in front, pieces per province, priest, ships,
  // forts, tokens harvested by kind, and how many private fort cards it holds.
  for (int i = 0; i < s.players; ++i) {
    const int q = (p + i) % s.players;
    w.scaled(s.score[q], kPointsScale);
    w.bits(s.hand[q], S::kCards);
    w.bits(s.front[q], S::kCards);
    for (int r = 0; r < S::kProvinces; ++r) w.scaled(s.villagers_in(q, r), S::kSupplyVillagers);
    for (int r = 0; r < S::kProvinces; ++r) w.scaled(s.villages_in(q, r), S::kSupplyVillages);
    w.one_hot(s.priest[q], S::kProvinces);
    w.bits(s.ships[q], S::kHarbours);
    w.bits(s.forts[q], S::kForts);
    for (int k = 1; k < S::kTokenKinds; ++k) w.scaled(s.harvested[q][k], S::kTokensOfKind[k]);
    w.scaled((s.private_card[q][0] != S::kNoCard) + (s.private_card[q][1] != S::kNoCard), 2);
  }
  return w.size();
}

}  // namespace

int Sardegna::num_actions(const State&) { return actions().size(); }
int Sardegna::action_index(const State&, Move m) { return actions().index(m); }
Move Sardegna::action_move(const State&, int a) { return actions().move(a); }
int Sardegna::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void Sardegna::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

}  // namespace nuraghe

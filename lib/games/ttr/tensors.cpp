// Ticket to Ride's action and observation vectors for learning agents (HasTensors). The layout is
// documented in docs/rules-ttr.md, "Action and observation vectors": change both together.
#include <algorithm>
#include <cassert>
#include <vector>

#include "core/tensors.hpp"
#include "games/ttr/ttr.hpp"

namespace nuraghe {
namespace {

using namespace ttr;

// The payments of a station, whatever it costs (1 to kStations cards): n cards of one colour,
// locomotives wild, as State::station_payments lists them for one cost. A payment is kept by
// its colour and locomotives (the move's fields), so one (colour, locomotives) is one action at
// every cost: 8 colours x 0..2 locomotives, and 1..3 locomotives alone.
std::vector<Payment> station_payments_of_any_cost() {
  std::vector<Payment> out;
  Cards any_hand;
  any_hand.fill(kTrainCards);
  for (int cost = 1; cost <= kStations; ++cost) {
    Route station;
    station.length = std::uint8_t(cost);
    for_each_payment(station, any_hand, Materials{}, [&](const Payment& p) {
      const auto same_fields = [&](const Payment& q) { return q.colour == p.colour && q.locomotives == p.locomotives; };
      if (std::none_of(out.begin(), out.end(), same_fields)) out.push_back(p);
    });
  }
  return out;
}

// Every move of map m, kind by kind: the claims route by route (each route's payments in
// for_each_payment's order, for a hand holding every card), the stations city by city, then the
// face-up draws by card kind, the deck, the Materials draws (none discarded, then by kind
// discarded), the tickets, the keeps by mask of the offered tickets (1..15) and the pass.
std::vector<Move> every_move(const Map& m) {
  std::vector<Move> moves;
  Cards any_hand;
  any_hand.fill(kTrainCards);
  Materials any_materials;
  any_materials.fill(kMaterialCards);
  for (int r = 0; r < m.num_routes; ++r)
    for_each_payment(m.routes[std::size_t(r)], any_hand, any_materials,
                     [&](const Payment& p) { moves.push_back(make_claim(r, p)); });
  const std::vector<Payment> station_payments = station_payments_of_any_cost();
  for (int c = 0; c < m.num_cities; ++c)
    for (const Payment& p : station_payments) moves.push_back(make_station(c, p));
  for (int k = 0; k < kCardKinds; ++k) moves.push_back(make_move(MoveKind::DrawFaceUp, k));
  moves.push_back(make_move(MoveKind::DrawDeck));
  for (int discard = 0; discard <= kMaterialKinds; ++discard)
    moves.push_back(make_move(MoveKind::DrawMaterials, discard));
  moves.push_back(make_move(MoveKind::DrawTickets));
  for (int kept = 1; kept < 1 << (kSetupLong + kSetupRegular); ++kept) moves.push_back(make_move(MoveKind::Keep, kept));
  moves.push_back(make_move(MoveKind::Pass));
  return moves;
}

const ActionTable& actions(const State& s) {
  static ActionTables tables;
  return tables.at(s.map, [&] { return ActionTable(every_move(s.board())); });
}

// Card counts by kind, each scaled by the most of one kind (the 14 locomotives).
void card_counts(ObservationWriter& w, const Cards& cards) {
  for (const int n : cards) w.scaled(n, kLocomotives);
}
void material_counts(ObservationWriter& w, const Materials& materials) {
  for (const int n : materials) w.scaled(n, kMaterialsLimit);
}
int sum(const Cards& cards) {
  int n = 0;
  for (const int k : cards) n += k;
  return n;
}
int sum(const Materials& materials) {
  int n = 0;
  for (const int k : materials) n += k;
  return n;
}

// The layout of docs/rules-ttr.md: the turn, the table, seat p's own hand and tickets, then every
// seat from p on in seat order. Returns the numbers written (without `out`, only counted).
int write_observation(const State& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  const Map& m = s.board();
  ObservationWriter w(out);
  // The turn: phase, the seat to move (counted from p), the first draw, the last round, the safeguard.
  w.one_hot(int(s.phase), int(Phase::Over) + 1);
  w.one_hot((s.turn - p + s.players) % s.players, s.players);
  w.one_hot(int(s.first_draw), int(FirstDraw::Material) + 1);
  w.flag(s.last_round >= 0);
  w.scaled(std::max(0, int(s.last_round)), s.players);
  w.scaled(s.idle_turns, kIdleRoundsLimit * s.players);
  // The table: the face-up cards by kind, the decks' sizes and the discards.
  Cards face_up{};
  for (const auto k : s.face_up)
    if (k < kCardKinds) ++face_up[k];
  for (const int n : face_up) w.scaled(n, kFaceUp);
  w.scaled(s.train_size, kTrainCards);
  card_counts(w, s.train_discards);
  w.scaled(s.materials_size, kMaterialCards);
  for (const int n : s.materials_discards) w.scaled(n, kMaterialCards);
  w.scaled(s.ticket_size, m.num_tickets);
  // Seat p's own: cards and Materials by kind, the tickets offered to it, and those it put back.
  const auto own = std::size_t(p);
  card_counts(w, s.cards[own]);
  material_counts(w, s.materials[own]);
  w.bits(s.offered[own], m.num_tickets);
  w.bits(s.placed_mask(p), m.num_tickets);
  // Every seat, p first: what is on the board and what all know of its hand.
  for (int i = 0; i < s.players; ++i) {
    const auto q = std::size_t((p + i) % s.players);
    for (int r = 0; r < m.num_routes; ++r) w.flag(s.routes[q].has(r));
    w.bits(s.stations[q], m.num_cities);
    w.scaled(s.cars[q], s.starting_cars);
    card_counts(w, s.cards_seen[q]);
    w.scaled(sum(s.cards[q]), kTrainCards);
    w.scaled(sum(s.materials[q]), kMaterialsLimit);
    w.scaled(std::popcount(s.tickets[q]), m.num_tickets);
    w.scaled(std::popcount(s.offered[q]), kSetupLong + kSetupRegular);
    w.scaled(s.setup_kept[q], kSetupLong + kSetupRegular);
    // The tickets p knows it holds: its own, or those p put back that this seat drew since.
    w.bits(i == 0 ? s.tickets[q] : (s.tickets[q] | s.offered[q]) & s.placed_mask(p), m.num_tickets);
  }
  return w.size();
}

}  // namespace

int Ttr::num_actions(const State& s) { return actions(s).size(); }
int Ttr::action_index(const State& s, Move m) { return actions(s).index(m); }
Move Ttr::action_move(const State& s, int a) { return actions(s).move(a); }
int Ttr::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void Ttr::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

}  // namespace nuraghe

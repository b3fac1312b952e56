// Ticket to Ride's rules on a map of data: setup, the draws, tickets, claims and stations, the legal
// moves and the moves applied, the turn's and the game's end, the final score and the
// determinization. (Rulings: "Title") names a reading of docs/rules-ttr.md.
#include <algorithm>
#include <cassert>
#include <tuple>

#include "core/bits.hpp"
#include "core/rng.hpp"
#include "games/ttr/scoring.hpp"
#include "games/ttr/state.hpp"

namespace nuraghe::ttr {
namespace {

constexpr std::uint8_t kEmptySlot = kCardKinds;

// Draws from an Rng seeded by the state, and moves the state's seed on: reshuffles are data.
Rng rng_of(std::uint64_t& state) {
  Rng r(state);
  state = r.next();
  return r;
}

}  // namespace

State State::setup(const Map& m, int players, const Options& options, std::uint64_t seed) {
  State s;
  s.map = std::uint16_t(m.index);
  s.players = std::uint8_t(players);
  s.stations_option = options.stations, s.express = options.express, s.touring = options.touring,
  s.ferries = options.ferries;
  s.starting_cars = std::uint8_t(options.cars > 0 ? options.cars : players <= 3 ? 45 : 40);
  Rng rng(seed);
  s.rng_state = rng.next();

  // The train deck: 12 of each colour, 14 locomotives, shuffled.
  int n = 0;
  for (int c = 0; c < kTrainColours; ++c)
    for (int k = 0; k < kCardsPerColour; ++k) s.train_deck[std::size_t(n++)] = std::uint8_t(c);
  for (int k = 0; k < kLocomotives; ++k) s.train_deck[std::size_t(n++)] = kLocomotive;
  rng.shuffle(s.train_deck.begin(), std::uint32_t(n));
  s.train_size = std::uint8_t(n);
  // The Materials deck.
  n = 0;
  for (int k = 0; k < kMaterialKinds; ++k)
    for (int i = 0; i < kMaterialsOfKind[std::size_t(k)]; ++i) s.set_material(n++, Material(k));
  std::array<std::uint8_t, kMaterialCards> kinds{};
  for (int i = 0; i < n; ++i) kinds[std::size_t(i)] = std::uint8_t(s.material_at(i));
  rng.shuffle(kinds.begin(), std::uint32_t(n));
  for (int i = 0; i < n; ++i) s.set_material(i, Material(kinds[std::size_t(i)]));
  s.materials_size = std::uint8_t(n);

  // Tickets: the long ones shuffled, one to each seat, the rest to the box; the regular ones
  // shuffled, three to each seat, the rest the deck.
  std::array<std::uint8_t, kMaxTickets> long_ids{}, regular{};
  int longs = 0, regulars = 0;
  for (int t = 0; t < m.num_tickets; ++t)
    (m.tickets[std::size_t(t)].long_route ? long_ids[std::size_t(longs++)] : regular[std::size_t(regulars++)]) =
        std::uint8_t(t);
  assert(longs >= players && regulars >= kSetupRegular * players);  // checked with the options
  rng.shuffle(long_ids.begin(), std::uint32_t(longs));
  rng.shuffle(regular.begin(), std::uint32_t(regulars));
  for (int p = 0; p < players; ++p) {
    s.offered[std::size_t(p)] = std::uint64_t(1) << long_ids[std::size_t(p)];
    for (int k = 0; k < kSetupRegular; ++k)
      s.offered[std::size_t(p)] |= std::uint64_t(1) << regular[std::size_t(--regulars)];
  }
  std::copy(regular.begin(), regular.begin() + regulars, s.ticket_deck.begin());
  s.ticket_size = std::uint8_t(regulars);

  for (int p = 0; p < players; ++p) {
    s.cars[std::size_t(p)] = s.starting_cars;
    for (int k = 0; k < kStartingCards; ++k) ++s.cards[std::size_t(p)][std::size_t(s.train_top())];
    for (int k = 0; k < kStartingMaterials; ++k) ++s.materials[std::size_t(p)][std::size_t(s.materials_top())];
  }
  s.face_up.fill(kEmptySlot);
  for (int slot = 0; slot < kFaceUp; ++slot) s.face_up[std::size_t(slot)] = std::uint8_t(s.train_top());
  s.check_face_up_locomotives();
  s.phase = Phase::KeepSetupTickets;
  return s;
}

int State::train_top() {
  if (train_size == 0) {  // "When the deck is exhausted, you can reshuffle the discards"
    for (int k = 0; k < kCardKinds; ++k)
      for (; train_discards[std::size_t(k)] > 0; --train_discards[std::size_t(k)])
        train_deck[train_size++] = std::uint8_t(k);
    Rng r = rng_of(rng_state);
    r.shuffle(train_deck.begin(), train_size);
  }
  if (train_size == 0) return -1;
  const int card = train_deck[--train_size];
  train_deck[train_size] = 0;  // vacated places hold 0: one state, one representation
  return card;
}

int State::materials_top() {
  if (materials_size == 0) {
    for (int k = 0; k < kMaterialKinds; ++k)
      for (; materials_discards[std::size_t(k)] > 0; --materials_discards[std::size_t(k)])
        set_material(materials_size++, Material(k));
    std::array<std::uint8_t, kMaterialCards> kinds{};
    for (int i = 0; i < materials_size; ++i) kinds[std::size_t(i)] = std::uint8_t(material_at(i));
    Rng r = rng_of(rng_state);
    r.shuffle(kinds.begin(), materials_size);
    for (int i = 0; i < materials_size; ++i) set_material(i, Material(kinds[std::size_t(i)]));
  }
  if (materials_size == 0) return -1;
  const int card = int(material_at(--materials_size));
  set_material(materials_size, Material::Wood);  // (0)
  return card;
}

int State::face_up_count(int kind) const {
  int n = 0;
  for (const std::uint8_t k : face_up) n += k == kind;
  return n;
}

void State::check_face_up_locomotives() {
  for (int resets = 0; resets < kResetsInARow && face_up_count(kLocomotive) >= kFaceUpLocomotiveLimit; ++resets) {
    for (std::uint8_t& k : face_up)
      if (k != kEmptySlot) ++train_discards[k], k = kEmptySlot;
    for (std::uint8_t& k : face_up) {
      const int card = train_top();
      k = card < 0 ? kEmptySlot : std::uint8_t(card);
    }
  }
}

void State::refill_face_up(int slot) {
  const int card = train_top();
  face_up[std::size_t(slot)] = card < 0 ? kEmptySlot : std::uint8_t(card);
  check_face_up_locomotives();
}

bool State::may_draw_face_up(int kind) const {
  if (phase != Phase::Turn && phase != Phase::SecondDraw) return false;
  if (face_up_count(kind) == 0) return false;
  if (phase == Phase::Turn) return true;
  // The second draw: a face-up locomotive only after a Materials card, and nothing of the train
  // cards after a face-up locomotive.
  if (first_draw == FirstDraw::FaceUpLocomotive) return false;
  return kind != kLocomotive || first_draw == FirstDraw::Material;
}

bool State::train_cards_left() const {
  int discards = 0;
  for (const std::uint8_t d : train_discards) discards += d;
  return train_size + discards > 0;
}

bool State::may_draw_deck() const {
  if (phase != Phase::Turn && phase != Phase::SecondDraw) return false;
  if (phase == Phase::SecondDraw && first_draw == FirstDraw::FaceUpLocomotive) return false;
  return train_cards_left();
}

bool State::may_draw_materials() const {
  if (phase != Phase::Turn && phase != Phase::SecondDraw) return false;
  int discards = 0;
  for (const std::uint8_t d : materials_discards) discards += d;
  return materials_size + discards > 0;
}

bool State::second_draw_possible() const {
  for (int k = 0; k < kCardKinds; ++k)
    if (may_draw_face_up(k)) return true;
  return may_draw_deck() || may_draw_materials();
}

void State::draw_face_up(int kind) {
  assert(may_draw_face_up(kind));
  const auto slot = std::size_t(std::find(face_up.begin(), face_up.end(), std::uint8_t(kind)) - face_up.begin());
  ++cards[turn][std::size_t(kind)];
  ++cards_seen[turn][std::size_t(kind)];
  refill_face_up(int(slot));
  const bool first = phase == Phase::Turn;
  if (first) first_draw = kind == kLocomotive ? FirstDraw::FaceUpLocomotive : FirstDraw::TrainCard;
  phase = Phase::SecondDraw;
  if (!first || !second_draw_possible()) end_turn();
}

void State::draw_deck() {
  assert(may_draw_deck());
  ++cards[turn][std::size_t(train_top())];
  const bool first = phase == Phase::Turn;
  if (first) first_draw = FirstDraw::TrainCard;
  phase = Phase::SecondDraw;
  if (!first || !second_draw_possible()) end_turn();
}

void State::draw_materials(int discard) {
  assert(may_draw_materials());
  Materials& hand = materials[turn];
  [[maybe_unused]] int held = 0;  // read by the assert alone
  for (const std::uint8_t k : hand) held += k;
  // "If the player has 8 Materials cards in his hand, he must first discard unwanted cards": the
  // card goes face up on the Materials discard pile (a reading: docs/rules-ttr.md).
  assert((held >= kMaterialsLimit) == (discard >= 0));
  if (discard >= 0) --hand[std::size_t(discard)], ++materials_discards[std::size_t(discard)];
  ++hand[std::size_t(materials_top())];
  const bool first = phase == Phase::Turn;
  if (first) first_draw = FirstDraw::Material;
  phase = Phase::SecondDraw;
  if (!first || !second_draw_possible()) end_turn();
}

void State::keep_setup_tickets(const std::array<std::uint64_t, kMaxSeats>& kept) {
  assert(phase == Phase::KeepSetupTickets);
  for (int p = 0; p < players; ++p) {
    const std::uint64_t k = kept[std::size_t(p)];
    assert((k & ~offered[std::size_t(p)]) == 0 && std::popcount(k) >= kSetupKeep);
    tickets[std::size_t(p)] = k;
    setup_kept[std::size_t(p)] = std::uint8_t(std::popcount(k));
    for (std::uint64_t b = offered[std::size_t(p)] & ~k; b; b &= b - 1)  // to the box, known to this seat
      set_placed_by(std::countr_zero(b), p);
    offered[std::size_t(p)] = 0;
  }
  phase = Phase::Turn;
  turn = 0;
}

void State::draw_tickets() {
  assert(may_draw_tickets());
  for (int k = 0; k < kTicketDraw && ticket_size > 0; ++k) {
    offered[turn] |= std::uint64_t(1) << ticket_deck[--ticket_size];
    ticket_deck[ticket_size] = 0;
  }
  phase = Phase::KeepTickets;
}

bool State::may_keep(std::uint64_t kept) const {
  const int least = phase == Phase::KeepSetupTickets ? kSetupKeep : 1;
  return (phase == Phase::KeepTickets || phase == Phase::KeepSetupTickets) && (kept & ~offered[turn]) == 0 &&
         std::popcount(kept) >= least;
}

void State::keep_tickets(std::uint64_t kept) {
  assert(phase == Phase::KeepTickets && may_keep(kept));
  tickets[turn] |= kept;
  // The others go under the deck in id order, one after another (so the highest id ends at the
  // bottom); the seat that returned them knows where they are.
  const std::uint64_t back = offered[turn] & ~kept;
  const int n = std::popcount(back);
  std::copy_backward(ticket_deck.begin(), ticket_deck.begin() + ticket_size, ticket_deck.begin() + ticket_size + n);
  int i = n;
  for (std::uint64_t b = back; b; b &= b - 1) ticket_deck[std::size_t(--i)] = std::uint8_t(std::countr_zero(b));
  ticket_size = std::uint8_t(ticket_size + n);
  for (std::uint64_t b = back; b; b &= b - 1) set_placed_by(std::countr_zero(b), turn);
  offered[turn] = 0;
  end_turn();
}

bool State::may_claim(int r) const {
  if (phase != Phase::Turn || r < 0 || r >= board().num_routes) return false;
  return may_claim(board().routes[std::size_t(r)], r, claimed());
}

bool State::may_claim(const Route& route, int r, const RouteSet& all) const {
  if (all.has(r) || cars[turn] < route.length) return false;
  // Double routes: with 2 or 3 players only one of the pair is used; with 4 or 5 no player takes both.
  if (route.partner >= 0) {
    if (players <= 3 && all.has(route.partner)) return false;
    if (routes[turn].has(route.partner)) return false;
  }
  return true;
}

namespace {
// Takes a payment's train cards from a hand into the discards; cards taken face up are spent
// first from what the others know (a reading: docs/rules-ttr.md).
void pay_cards(Cards& hand, Cards& seen, Cards& discards, const Payment& p) {
  if (p.colour_cards > 0) {
    hand[p.colour] = std::uint8_t(hand[p.colour] - p.colour_cards);
    seen[p.colour] = std::uint8_t(std::max(0, seen[p.colour] - p.colour_cards));
    discards[p.colour] = std::uint8_t(discards[p.colour] + p.colour_cards);
  }
  hand[kLocomotive] = std::uint8_t(hand[kLocomotive] - p.locomotives);
  seen[kLocomotive] = std::uint8_t(std::max(0, seen[kLocomotive] - p.locomotives));
  discards[kLocomotive] = std::uint8_t(discards[kLocomotive] + p.locomotives);
}
}  // namespace

void State::claim(int r, const Payment& p) {
  assert(may_claim(r));
  const Route& route = board().routes[std::size_t(r)];
  pay_cards(cards[turn], cards_seen[turn], train_discards, p);
  const Materials spent = p.materials(route);
  for (int k = 0; k < kMaterialKinds; ++k) {
    materials[turn][std::size_t(k)] = std::uint8_t(materials[turn][std::size_t(k)] - spent[std::size_t(k)]);
    materials_discards[std::size_t(k)] = std::uint8_t(materials_discards[std::size_t(k)] + spent[std::size_t(k)]);
  }
  routes[turn].add(r);
  cars[turn] = std::uint8_t(cars[turn] - route.length);
  end_turn(true);
}

bool State::may_build_station(int city) const {
  if (phase != Phase::Turn || !stations_option || city < 0 || city >= board().num_cities) return false;
  std::uint64_t built = 0;
  for (int q = 0; q < players; ++q) built |= stations[std::size_t(q)];
  return std::popcount(stations[turn]) < kStations && !(built >> city & 1);
}

void State::build_station(int city, const Payment& p) {
  assert(may_build_station(city) && p.colour_cards + p.locomotives == station_cost());
  pay_cards(cards[turn], cards_seen[turn], train_discards, p);
  stations[turn] |= std::uint64_t(1) << city;
  end_turn(true);
}

namespace {
std::uint64_t kept_tickets(std::uint64_t offered, int field) {
  std::uint64_t kept = 0;
  for (int i = 0; i < std::popcount(offered); ++i)
    if (field >> i & 1)
      kept |= std::uint64_t(1) << nth_set_bit(offered, unsigned(i));  // keep moves name offered tickets in id order
  return kept;
}
}  // namespace

void State::legal_moves(MoveList& out) const { legal_moves(to_move(), out); }

template <class List>
void State::draw_moves(List& out) const {
  for (int k = 0; k < kCardKinds; ++k)
    if (may_draw_face_up(k)) out.push(make_move(MoveKind::DrawFaceUp, k));
  if (may_draw_deck()) out.push(make_move(MoveKind::DrawDeck));
  if (may_draw_materials()) {
    int held = 0;
    for (const std::uint8_t k : materials[turn]) held += k;
    if (held < kMaterialsLimit) out.push(make_move(MoveKind::DrawMaterials, 0));
    else
      for (int k = 0; k < kMaterialKinds; ++k)
        if (materials[turn][std::size_t(k)] > 0) out.push(make_move(MoveKind::DrawMaterials, k + 1));
  }
}

RouteSet State::claimable_routes() const {
  const RouteSet all = claimed();
  RouteSet routes_to_pay = affordable_routes(board(), cards[turn], materials[turn], cars[turn]).except(all);
  RouteSet out;
  routes_to_pay.for_each([&](int r) {
    if (may_claim(board().routes[std::size_t(r)], r, all)) out.add(r);
  });
  return out;
}

int State::station_payments(std::array<Payment, kMaxStationPayments>& payments) const {
  // A station costs n cards of one colour, locomotives wild: a route of n plain spaces' payments.
  Route cost;
  cost.length = std::uint8_t(station_cost());
  int count = 0;
  const Cards& hand = cards[turn];
  if (may_afford(cost, hand, Materials{}, *std::max_element(hand.begin(), hand.begin() + kTrainColours)))
    for_each_payment(cost, hand, Materials{}, [&](const Payment& p) { payments[std::size_t(count++)] = p; });
  return count;
}

std::uint64_t State::station_cities() const {
  if (!stations_option || std::popcount(stations[turn]) >= kStations) return 0;
  std::uint64_t built = 0;
  for (int q = 0; q < players; ++q) built |= stations[std::size_t(q)];
  const int n = board().num_cities;
  return ~built & (n == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << n) - 1);
}

void State::legal_moves(Player seat, MoveList& out) const {
  out.clear();
  if (phase == Phase::Over || seat < 0 || seat >= players) return;
  if (phase == Phase::KeepSetupTickets || phase == Phase::KeepTickets) {
    if (phase == Phase::KeepTickets && seat != turn) return;
    const int n = std::popcount(offered[std::size_t(seat)]);
    assert(n <= kMaxOffered);  // what the setup and a draw deal (the position reader checks it)
    const int least = phase == Phase::KeepSetupTickets ? kSetupKeep : 1;
    for (int field = 1; field < 1 << n; ++field)
      if (std::popcount(unsigned(field)) >= least) out.push(make_move(MoveKind::Keep, field));
    return;
  }
  if (seat != turn) return;
  // Draws: in the order face-up kinds, deck, Materials (with the discard when holding 8).
  draw_moves(out);
  if (phase == Phase::SecondDraw) return;  // the second draw is compulsory while one is legal
  if (may_draw_tickets()) out.push(make_move(MoveKind::DrawTickets));
  const Map& m = board();
  claimable_routes().for_each([&](int r) {
    for_each_payment(m.routes[std::size_t(r)], cards[turn], materials[turn],
                     [&](const Payment& p) { out.push(make_claim(r, p)); });
  });
  if (const std::uint64_t cities = station_cities()) {
    std::array<Payment, kMaxStationPayments> payments;
    const int count = station_payments(payments);
    for (std::uint64_t c = count > 0 ? cities : 0; c; c &= c - 1)
      for (int i = 0; i < count; ++i) out.push(make_station(std::countr_zero(c), payments[std::size_t(i)]));
  }
  if (out.empty()) out.push(make_move(MoveKind::Pass));
}

// The move legal_moves would list at place rng.below(size), found by counting the list's parts
// (draws and tickets, each route's payments, cities times station payments) instead of writing
// them: at the start of a turn most of the list is claims and stations.
Move State::random_move(Rng& rng) const {
  if (phase != Phase::Turn) {
    MoveList moves;
    legal_moves(moves);
    return moves[rng.below(std::uint32_t(moves.size()))];
  }
  nuraghe::MoveList<kCardKinds + 1 + kMaterialKinds + 1> head;
  draw_moves(head);
  if (may_draw_tickets()) head.push(make_move(MoveKind::DrawTickets));
  const Map& m = board();
  const RouteSet routes_to_claim = claimable_routes();
  std::array<std::uint16_t, kMaxRoutes> claims_of{};
  std::uint32_t claims = 0;
  routes_to_claim.for_each([&](int r) {
    int n = 0;
    for_each_payment(m.routes[std::size_t(r)], cards[turn], materials[turn], [&](const Payment&) { ++n; });
    claims_of[std::size_t(r)] = std::uint16_t(n);
    claims += std::uint32_t(n);
  });
  std::array<Payment, kMaxStationPayments> payments;
  const std::uint64_t cities = station_cities();
  const int per_city = cities ? station_payments(payments) : 0;
  const std::uint32_t stations_count = std::uint32_t(per_city * std::popcount(cities));
  const std::uint32_t total = std::uint32_t(head.size()) + claims + stations_count;
  if (total == 0) {
    rng.below(1);  // as legal_moves' one move, pass
    return make_move(MoveKind::Pass);
  }
  std::uint32_t i = rng.below(total);
  if (i < head.size()) return head[i];
  i -= std::uint32_t(head.size());
  if (i < claims) {
    int chosen = -1;
    routes_to_claim.for_each([&](int r) {
      if (chosen >= 0) return;
      if (i < claims_of[std::size_t(r)]) chosen = r;
      else i -= claims_of[std::size_t(r)];
    });
    Move move = 0;
    std::uint32_t k = 0;
    for_each_payment(m.routes[std::size_t(chosen)], cards[turn], materials[turn], [&](const Payment& p) {
      if (k++ == i) move = make_claim(chosen, p);
    });
    return move;
  }
  i -= claims;
  return make_station(nth_set_bit(cities, i / std::uint32_t(per_city)), payments[i % std::uint32_t(per_city)]);
}

void State::apply(Move mv) {
  switch (kind_of(mv)) {
    case MoveKind::Claim: {
      const int r = route_of(mv);
      claim(r, claim_payment(mv, board().routes[std::size_t(r)]));
      break;
    }
    case MoveKind::Station: build_station(city_of(mv), station_payment(mv, station_cost())); break;
    case MoveKind::DrawFaceUp: draw_face_up(field_of(mv)); break;
    case MoveKind::DrawDeck: draw_deck(); break;
    case MoveKind::DrawMaterials: draw_materials(field_of(mv) - 1); break;
    case MoveKind::DrawTickets: draw_tickets(); break;
    case MoveKind::Keep: keep_tickets(kept_tickets(offered[turn], field_of(mv))); break;
    case MoveKind::Pass: end_turn(); break;
  }
}

void State::apply_joint(const JointMove& joint) {
  std::array<std::uint64_t, kMaxSeats> kept{};
  for (int p = 0; p < players; ++p)
    kept[std::size_t(p)] = kept_tickets(offered[std::size_t(p)], field_of(joint[std::size_t(p)]));
  keep_setup_tickets(kept);
}

std::array<State::Breakdown, kMaxSeats> State::breakdown() const {
  const Map& m = board();
  std::array<Breakdown, kMaxSeats> b{};
  for (int p = 0; p < players; ++p) {
    Breakdown& x = b[std::size_t(p)];
    routes[std::size_t(p)].for_each([&](int r) {
      const Route& route = m.routes[std::size_t(r)];
      x.routes += route_points(route);
      if (route.ships > 0) x.ferry_cars += route.length;
    });
    RouteSet others;
    for (int q = 0; q < players; ++q)
      if (q != p) others = others | routes[std::size_t(q)];
    const TicketScore t = best_stations(m, routes[std::size_t(p)], others, stations[std::size_t(p)],
                                        tickets[std::size_t(p)], &x.borrowed);
    x.tickets = t.points, x.completed = t.completed;
    x.unused_stations = stations_option ? kStations - std::popcount(stations[std::size_t(p)]) : 0;
    x.trail = longest_trail(m, routes[std::size_t(p)]);
  }
  // The bonuses: every tied leader gets the full bonus; a count of 0 never qualifies.
  const auto award = [&](bool on, int Breakdown::*count, int Breakdown::*bonus, int points) {
    if (!on) return;
    int best = 0;
    for (int p = 0; p < players; ++p) best = std::max(best, b[std::size_t(p)].*count);
    for (int p = 0; p < players; ++p)
      if (best > 0 && b[std::size_t(p)].*count == best) b[std::size_t(p)].*bonus = points;
  };
  award(express, &Breakdown::trail, &Breakdown::express, 10);
  award(touring, &Breakdown::completed, &Breakdown::touring, 15);
  award(ferries, &Breakdown::ferry_cars, &Breakdown::ferries_bonus, 10);
  return b;
}

std::array<double, kMaxSeats> State::outcome() const {
  const auto b = breakdown();
  const auto key = [&](int p) {
    const Breakdown& x = b[std::size_t(p)];
    return std::make_tuple(x.total(), x.completed, -std::popcount(stations[std::size_t(p)]), x.express);
  };
  auto best = key(0);
  for (int p = 1; p < players; ++p) best = std::max(best, key(p));
  int winners = 0;
  for (int p = 0; p < players; ++p) winners += key(p) == best;
  std::array<double, kMaxSeats> v{};
  for (int p = 0; p < players; ++p) v[std::size_t(p)] = key(p) == best ? 1.0 / winners : 0.0;
  return v;
}

Values State::scores() const {
  Values v{};
  const auto b = breakdown();
  for (int p = 0; p < players; ++p) v[std::size_t(p)] = b[std::size_t(p)].total();
  return v;
}

Values State::returns() const {
  Values v{};
  const auto o = outcome();
  for (int p = 0; p < players; ++p) v[std::size_t(p)] = o[std::size_t(p)];
  return v;
}

void State::end_turn(bool built) {
  // "When a player ends a turn with <= 2 cars, every player (that one included) gets one more
  // turn"; the safeguard ends a game of 10 full rounds without a claim or a station.
  // Rulings: "The termination safeguard".
  bool over = false;
  if (last_round > 0) over = --last_round == 0;
  else if (last_round < 0 && cars[turn] <= kEndCars) last_round = std::int8_t(players);
  idle_turns = built ? 0 : std::uint16_t(idle_turns + 1);
  over = over || idle_turns >= kIdleRoundsLimit * players;
  phase = over ? Phase::Over : Phase::Turn;
  first_draw = FirstDraw::None;
  turn = std::uint8_t((turn + 1) % players);
  // A face-up slot left empty (no card was left to refill it) is refilled once a claim or a
  // station has put cards on the discards: at the end of that turn, slot by slot (a reading).
  for (int slot = 0; slot < kFaceUp && train_cards_left(); ++slot)
    if (face_up[std::size_t(slot)] == kEmptySlot) refill_face_up(slot);
}

}  // namespace nuraghe::ttr

namespace nuraghe::ttr {

State State::determinize(Player observer, Rng& rng) const {
  State d = *this;
  d.rng_state = rng.next();  // future reshuffles are unknown to everyone
  const auto opponent = [&](int p) { return p != observer && p < players; };

  // Train cards: the deck and what the opponents hold beyond the cards they took face up.
  std::array<std::uint8_t, kTrainCards> pool{};
  int n = 0;
  for (int i = 0; i < train_size; ++i) pool[std::size_t(n++)] = train_deck[std::size_t(i)];
  for (int p = 0; p < players; ++p)
    if (opponent(p))
      for (int k = 0; k < kCardKinds; ++k)
        for (int c = cards_seen[std::size_t(p)][std::size_t(k)]; c < cards[std::size_t(p)][std::size_t(k)]; ++c)
          pool[std::size_t(n++)] = std::uint8_t(k);
  // In a canonical order before the shuffle: the sample is a function of the view and the RNG
  // only, so two states of one information set give one sample (docs/game-concept.md, "Information").
  std::sort(pool.begin(), pool.begin() + n);
  rng.shuffle(pool.begin(), std::uint32_t(n));
  int next = 0;
  for (int p = 0; p < players; ++p) {
    if (!opponent(p)) continue;
    int unseen = 0;
    for (int k = 0; k < kCardKinds; ++k)
      unseen += cards[std::size_t(p)][std::size_t(k)] - cards_seen[std::size_t(p)][std::size_t(k)];
    d.cards[std::size_t(p)] = cards_seen[std::size_t(p)];
    for (int c = 0; c < unseen; ++c) ++d.cards[std::size_t(p)][pool[std::size_t(next++)]];
  }
  for (int i = 0; i < train_size; ++i) d.train_deck[std::size_t(i)] = pool[std::size_t(next++)];

  // Materials: the deck and every opponent's hand, all drawn blind.
  std::array<std::uint8_t, kMaterialCards> mats{};
  n = 0;
  for (int i = 0; i < materials_size; ++i) mats[std::size_t(n++)] = std::uint8_t(material_at(i));
  for (int p = 0; p < players; ++p)
    if (opponent(p))
      for (int k = 0; k < kMaterialKinds; ++k)
        for (int c = 0; c < materials[std::size_t(p)][std::size_t(k)]; ++c) mats[std::size_t(n++)] = std::uint8_t(k);
  std::sort(mats.begin(), mats.begin() + n);
  rng.shuffle(mats.begin(), std::uint32_t(n));
  next = 0;
  for (int p = 0; p < players; ++p) {
    if (!opponent(p)) continue;
    int held = 0;
    for (const auto k : materials[std::size_t(p)]) held += k;
    d.materials[std::size_t(p)] = {};
    for (int c = 0; c < held; ++c) ++d.materials[std::size_t(p)][mats[std::size_t(next++)]];
  }
  for (int i = 0; i < materials_size; ++i) d.set_material(i, Material(mats[std::size_t(next++)]));

  // Tickets: every ticket the observer cannot place goes back into a long and a regular pool.
  const Map& m = board();
  std::uint64_t known = tickets[std::size_t(observer)] | offered[std::size_t(observer)] | placed_mask(observer);
  std::array<std::uint8_t, kMaxTickets> longs{}, regulars{};
  int nl = 0, nr = 0;
  for (int t = 0; t < m.num_tickets; ++t)
    if (!(known >> t & 1))
      (m.tickets[std::size_t(t)].long_route ? longs[std::size_t(nl++)] : regulars[std::size_t(nr++)]) = std::uint8_t(t);
  rng.shuffle(longs.begin(), std::uint32_t(nl));
  rng.shuffle(regulars.begin(), std::uint32_t(nr));
  const auto take_regular = [&] {
    assert(nr > 0);
    return std::uint64_t(1) << regulars[std::size_t(--nr)];
  };
  const auto take_long = [&] {
    assert(nl > 0);
    return std::uint64_t(1) << longs[std::size_t(--nl)];
  };
  // The deck's places the observer did not fill, the offered tickets of a draw and the tickets
  // kept after setup are regular; then each opponent's setup keep holds its long ticket or not.
  for (int i = 0; i < ticket_size; ++i)
    if (placed_by(ticket_deck[std::size_t(i)]) != observer)
      d.ticket_deck[std::size_t(i)] = std::uint8_t(std::countr_zero(take_regular()));
  std::array<bool, kMaxSeats> holds_long{};
  int need_long = 0, may_long = 0, setup_slots = 0;
  for (int p = 0; p < players; ++p) {
    if (!opponent(p)) continue;
    // Tickets the observer put under the deck and this seat drew later stay with it: the observer
    // saw them go.
    const std::uint64_t mine = placed_mask(observer);
    d.tickets[std::size_t(p)] = tickets[std::size_t(p)] & mine;
    for (int c = setup_kept[std::size_t(p)] + std::popcount(d.tickets[std::size_t(p)]);
         c < std::popcount(tickets[std::size_t(p)]); ++c)
      d.tickets[std::size_t(p)] |= take_regular();
    if (phase == Phase::KeepSetupTickets) {  // the 4 dealt: 1 long, 3 regular
      d.offered[std::size_t(p)] = take_long();
      for (int c = 0; c < kSetupRegular; ++c) d.offered[std::size_t(p)] |= take_regular();
    } else {
      d.offered[std::size_t(p)] = offered[std::size_t(p)] & placed_mask(observer);
      for (int c = std::popcount(d.offered[std::size_t(p)]); c < std::popcount(offered[std::size_t(p)]); ++c)
        d.offered[std::size_t(p)] |= take_regular();
    }
    setup_slots += setup_kept[std::size_t(p)];
    may_long += setup_kept[std::size_t(p)] > 0;
    // A seat kept setup_kept of its 4: its long one among them with probability setup_kept / 4.
    holds_long[std::size_t(p)] = setup_kept[std::size_t(p)] > 0 && int(rng.below(4)) < setup_kept[std::size_t(p)];
  }
  // Repair toward what the pools allow: at least (setup slots - regulars left) long tickets, at
  // most the longs left; the true state is one such assignment, so one exists.
  need_long = std::max(0, setup_slots - nr);
  may_long = std::min(may_long, nl);
  const auto count_long = [&] {
    int c = 0;
    for (int p = 0; p < players; ++p) c += opponent(p) && holds_long[std::size_t(p)];
    return c;
  };
  for (int p = 0; p < players && count_long() < need_long; ++p)
    if (opponent(p) && setup_kept[std::size_t(p)] > 0) holds_long[std::size_t(p)] = true;
  for (int p = 0; p < players && count_long() > may_long; ++p)
    if (opponent(p)) holds_long[std::size_t(p)] = false;
  for (int p = 0; p < players; ++p) {
    if (!opponent(p)) continue;
    for (int c = 0; c < setup_kept[std::size_t(p)]; ++c)
      d.tickets[std::size_t(p)] |= c == 0 && holds_long[std::size_t(p)] ? take_long() : take_regular();
  }
  // What is left is in the box. Which tickets an opponent put back (and so knows where they are)
  // does not show to the observer, not even as a count (a ticket put back twice counts once): the
  // sample forgets it.
  for (int t = 0; t < m.num_tickets; ++t)
    if (placed_by(t) >= 0 && placed_by(t) != observer) d.set_placed_by(t, -1);
  return d;
}

}  // namespace nuraghe::ttr

#include "games/ttr/position.hpp"

#include <bit>

namespace nuraghe::ttr {
namespace {

constexpr std::array<std::string_view, 5> kPhaseNames = {"keep-setup-tickets", "turn", "second-draw", "keep-tickets",
                                                         "over"};
constexpr std::array<std::string_view, 4> kFirstDrawNames = {"none", "train-card", "face-up-locomotive", "materials"};

std::string kind_name(int k) { return k == kLocomotive ? "loco" : std::string(kColourNames[std::size_t(k)]); }

Json card_counts(const Cards& c) {
  Json j = Json::object();
  for (int k = 0; k < kCardKinds; ++k)
    if (c[std::size_t(k)] > 0) j[kind_name(k)] = c[std::size_t(k)];
  return j;
}
Json material_counts(const Materials& m) {
  Json j = Json::object();
  for (int k = 0; k < kMaterialKinds; ++k)
    if (m[std::size_t(k)] > 0) j[std::string(kMaterialNames[std::size_t(k)])] = m[std::size_t(k)];
  return j;
}
Json ticket_ids(std::uint64_t mask) {
  Json j = Json::array();
  for (; mask; mask &= mask - 1) j.push_back(std::countr_zero(mask));
  return j;
}
template <class A>
int sum(const A& a) {
  int n = 0;
  for (const auto x : a) n += x;
  return n;
}

}  // namespace

Json position(const State& s, Player observer) {
  const Map& m = s.board();
  const bool all = observer < 0;
  Json j{{"game", "ttr"},
         {"map", m.index == 0 ? Json("sardinia") : m.source},
         {"players", s.players},
         {"options",
          {{"stations", s.stations_option},
           {"express", s.express},
           {"touring", s.touring},
           {"ferries", s.ferries},
           {"cars", s.starting_cars}}},
         {"phase", kPhaseNames[std::size_t(s.phase)]},
         {"turn", s.turn},
         {"first_draw", kFirstDrawNames[std::size_t(s.first_draw)]},
         {"last_round", s.last_round},
         {"idle_turns", s.idle_turns}};
  if (!all) j["seat"] = observer;
  Json up = Json::array();
  for (const auto k : s.face_up) up.push_back(k < kCardKinds ? Json(kind_name(k)) : Json(nullptr));
  j["face_up"] = up;
  j["train_discards"] = card_counts(s.train_discards);
  j["materials_discards"] = material_counts(s.materials_discards);
  if (all) {
    j["rng"] = s.rng_state;
    Json train = Json::array(), materials = Json::array();
    for (int i = 0; i < s.train_size; ++i) train.push_back(kind_name(s.train_deck[std::size_t(i)]));
    for (int i = 0; i < s.materials_size; ++i)
      materials.push_back(std::string(kMaterialNames[std::size_t(s.material_at(i))]));
    j["train_deck"] = train;  // bottom first
    j["materials_deck"] = materials;
  } else {
    j["train_deck"] = s.train_size;
    j["materials_deck"] = s.materials_size;
  }
  // The ticket deck, bottom first: every id for the whole state; for a seat, the tickets it put
  // back where they lie, and null for the others.
  Json tickets = Json::array();
  for (int i = 0; i < s.ticket_size; ++i) {
    const int id = s.ticket_deck[std::size_t(i)];
    const bool known = all || s.placed_by(id) == observer;
    tickets.push_back(known ? Json(id) : Json(nullptr));
  }
  j["ticket_deck"] = tickets;
  Json seats = Json::array();
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    Json routes = Json::array();
    s.routes[q].for_each([&](int r) {
      const Route& route = m.routes[std::size_t(r)];
      routes.push_back(m.city_id[route.a] + "~" + m.city_id[route.b] + (route.second ? "#2" : ""));
    });
    Json stations = Json::array();
    for (std::uint64_t c = s.stations[q]; c; c &= c - 1)
      stations.push_back(m.city_id[std::size_t(std::countr_zero(c))]);
    Json seat{{"routes", routes},
              {"cars", s.cars[q]},
              {"stations", stations},
              {"seen", card_counts(s.cards_seen[q])},
              {"setup_kept", s.setup_kept[q]}};
    const bool own = all || p == observer;
    if (own) {
      seat["cards"] = card_counts(s.cards[q]);
      seat["materials"] = material_counts(s.materials[q]);
      seat["tickets"] = ticket_ids(s.tickets[q]);
      seat["offered"] = ticket_ids(s.offered[q]);
      seat["placed"] = ticket_ids(s.placed_mask(p));  // under the deck or in the box
    } else {
      seat["cards"] = sum(s.cards[q]);
      seat["materials"] = sum(s.materials[q]);
      seat["tickets"] = std::popcount(s.tickets[q]);
      seat["offered"] = std::popcount(s.offered[q]);
      // The tickets the observer put under the deck that this seat drew since: the observer saw them go.
      seat["known_tickets"] = ticket_ids((s.tickets[q] | s.offered[q]) & s.placed_mask(observer));
    }
    seats.push_back(seat);
  }
  j["seats"] = seats;
  return j;
}

namespace {

// The card kinds in Cards' order (the colours, then kLocomotive): an error lists them all.
constexpr std::array<std::string_view, kCardKinds> kCardNames = {"pink",  "white", "blue",  "yellow", "orange",
                                                                 "black", "red",   "green", "loco"};
static_assert(kCardNames[kLocomotive] == "loco");
int card_kind(const JsonIn& field) { return field.one_of(kCardNames, "a train card"); }
template <class Counts, std::size_t N>
Counts read_counts(const JsonIn& j, const std::array<std::string_view, N>& names, std::string_view what, int hi) {
  const auto n = j.some_counts(names, what, [&](std::size_t) { return hi; });
  Counts c{};
  for (std::size_t k = 0; k < N; ++k) c[k] = std::uint8_t(n[k]);
  return c;
}
Cards read_cards(const JsonIn& j) { return read_counts<Cards>(j, kCardNames, "a train card", kTrainCards); }
Materials read_materials(const JsonIn& j) {
  return read_counts<Materials>(j, kMaterialNames, "a Materials card", kMaterialCards);
}
int ticket_of(const JsonIn& e, const Map& m) { return e.int_in(0, m.num_tickets - 1); }
std::uint64_t read_tickets(const JsonIn& list, const Map& m) {
  return list.bit_set(
      kMaxTickets, [&](const JsonIn& e) { return ticket_of(e, m); },
      [](int t) { return cat("names ticket ", t, " twice"); });
}
int read_route(const JsonIn& e, const Map& m) {
  const auto find = [&](const std::string& name) {
    for (int r = 0; r < m.num_routes; ++r) {
      const Route& route = m.routes[r];
      if (cat(m.city_id[route.a], "~", m.city_id[route.b], route.second ? "#2" : "") == name) return r;
    }
    return -1;
  };
  return e.name_in(find, "a route of the map (city~city, #2 for a double's second)");
}
int longs_in(std::uint64_t tickets, const Map& m) {
  int n = 0;
  for (; tickets; tickets &= tickets - 1) n += m.tickets[std::countr_zero(tickets)].long_route;
  return n;
}

// The seat p's routes, cars, stations, cards and tickets (the header fields and decks read
// already); `claimed`, `stations` and `dealt` gather what the seats hold, each in one place.
void read_seat(const JsonIn& e, int p, State& s, RouteSet& claimed, std::uint64_t& stations, std::uint64_t& dealt) {
  const Map& m = s.board();
  e.allow_only(
      {"routes", "cars", "stations", "seen", "setup_kept", "cards", "materials", "tickets", "offered", "placed"});
  int length = 0;
  for (const JsonIn& r : e.at("routes").array(0, kMaxRoutes)) {
    const int route = read_route(r, m);
    const Route& x = m.routes[route];
    if (claimed.has(route)) r.fail("is claimed twice");
    if (x.partner >= 0 && s.routes[p].has(x.partner)) r.fail("and its double's other route belong to one player");
    if (x.partner >= 0 && s.players <= 3 && claimed.has(x.partner))
      r.fail("is the other route of a claimed double: with 2 or 3 players only one is used");
    claimed.add(route), s.routes[p].add(route);
    length += x.length;
  }
  s.cars[p] = std::uint8_t(e.at("cars").int_in(0, s.starting_cars));
  if (s.cars[p] + length != s.starting_cars)
    e.at("cars").fail("must be ", s.starting_cars - length, ": ", s.starting_cars, " less the ", length,
                      " of the routes claimed");
  for (const JsonIn& c : e.at("stations").array(0, kStations)) {
    const int city = c.name_in([&](const std::string& id) { return m.city(id); }, "a city of the map");
    if (stations >> city & 1) c.fail("has a station already");
    if (!s.stations_option) c.fail("is a station in a game without stations");
    stations |= std::uint64_t(1) << city;
    s.stations[p] |= std::uint64_t(1) << city;
  }
  s.cards[p] = read_cards(e.at("cards"));
  s.cards_seen[p] = read_cards(e.at("seen"));
  for (int k = 0; k < kCardKinds; ++k)
    if (s.cards_seen[p][k] > s.cards[p][k]) e.at("seen").fail("counts more cards than the hand holds");
  s.materials[p] = read_materials(e.at("materials"));
  if (sum(s.materials[p]) > kMaterialsLimit)
    e.at("materials")
        .fail("holds ", sum(s.materials[p]), " cards: at most ", kMaterialsLimit, " (with ", kMaterialsLimit,
              ", a draw discards one first)");
  s.setup_kept[p] = std::uint8_t(e.at("setup_kept").int_in(0, kSetupLong + kSetupRegular));
  s.tickets[p] = read_tickets(e.at("tickets"), m);
  s.offered[p] = read_tickets(e.at("offered"), m);
  for (const std::uint64_t mask : {s.tickets[p], s.offered[p]}) {
    if (mask & dealt) e.fail("holds a ticket that is elsewhere too");
    dealt |= mask;
  }
  if (const int longs = longs_in(s.tickets[p] | s.offered[p], m); longs > kSetupLong)
    e.fail("holds ", longs, " long tickets (tickets and offered): each seat is dealt one, at setup");
  for (const JsonIn& t : e.at("placed").array(0, kMaxTickets)) {
    const int id = ticket_of(t, m);
    if (s.placed_by(id) >= 0) t.fail("is placed by two players");
    s.set_placed_by(id, p);
  }
}

// The tickets as play deals and keeps them (State::setup, draw_tickets, keep_setup_tickets): more
// offered than a deal gives would not fit the keep moves (4 bits of mask, `keep 1+2+3+4`).
void check_tickets(const JsonIn& e, int p, const State& s) {
  const Map& m = s.board();
  const int offered = std::popcount(s.offered[p]), held = std::popcount(s.tickets[p]), kept = s.setup_kept[p];
  if (s.phase == Phase::KeepSetupTickets) {  // dealt, nothing kept or put back yet
    if (const int longs = longs_in(s.offered[p], m); offered != kSetupLong + kSetupRegular || longs != kSetupLong)
      e.at("offered").fail("holds ", offered, " tickets, ", longs, " of them long: the setup deals each seat ",
                           kSetupLong + kSetupRegular, ": ", kSetupLong, " long and ", kSetupRegular, " regular");
    if (kept != 0) e.at("setup_kept").fail("must be 0 during keep-setup-tickets: no seat has kept its tickets yet");
    if (held != 0) e.at("tickets").fail("must be empty during keep-setup-tickets: no seat has kept its tickets yet");
    if (s.placed_mask(p) != 0)
      e.at("placed").fail("must be empty during keep-setup-tickets: no seat has put a ticket back yet");
    return;
  }
  if (s.phase == Phase::KeepTickets && p == s.turn) {  // min(3, deck) regular tickets drawn
    if (offered > kTicketDraw || (offered < kTicketDraw && s.ticket_size > 0))
      e.at("offered").fail("holds ", offered, " tickets: a draw offers ", kTicketDraw,
                           ", fewer only when the deck held fewer, and ", s.ticket_size, " are left in it");
    for (std::uint64_t t = s.offered[p]; t; t &= t - 1)
      if (m.tickets[std::countr_zero(t)].long_route)
        e.at("offered").fail("holds ", std::countr_zero(t), ", a long ticket: a draw offers regular tickets only");
  }
  // After the setup keep: 2 to 4 of the 4 kept, held still; a keep of all 4 kept the long one.
  // Every ticket put back that the seat holds was drawn after the setup keep.
  if (kept < kSetupKeep)
    e.at("setup_kept")
        .fail("is ", kept, ": the setup keep keeps ", kSetupKeep, " to ", kSetupLong + kSetupRegular,
              " of the tickets dealt");
  if (kept > held)
    e.at("setup_kept")
        .fail("is ", kept, ", more than the ", held, " tickets it holds: the tickets kept are held to the end");
  if (kept > kSetupRegular && longs_in(s.tickets[p], m) < kSetupLong)
    e.at("setup_kept").fail("is ", kept, ", so it kept its long ticket, but it holds none");
  std::uint64_t put_back = 0;  // the tickets some seat placed (to the box or under the deck)
  for (int t = 0; t < m.num_tickets; ++t)
    if (s.placed_by(t) >= 0) put_back |= std::uint64_t(1) << t;
  if (const int back = std::popcount(s.tickets[p] & put_back); back > held - kept)
    e.fail("holds ", back, " tickets put back by a seat, drawn after the setup keep, but only ", held - kept,
           " were drawn after it (tickets less setup_kept)");
}

// The end (State::end_turn). The game is over when the last round is played out (last_round
// counts down to 0) or after 10 x players turns without a claim or a station, and only then.
void check_end(const JsonIn& in, const std::vector<JsonIn>& seats, const State& s) {
  const int idle_limit = kIdleRoundsLimit * s.players;
  const bool over = s.phase == Phase::Over;
  if (!over && s.idle_turns >= idle_limit)
    in.at("idle_turns")
        .fail("is ", idle_limit,
              ": the game is over after 10 rounds without a claim or a station, so the phase must be over");
  if (!over && s.last_round == 0)
    in.at("last_round").fail("is 0: the game is over once the last round is played out, so the phase must be over");
  if (over && s.last_round != 0 && s.idle_turns < idle_limit)
    in.at("phase").fail("is over, but last_round is not 0 (the last round played out) and idle_turns is not ",
                        idle_limit, " (10 rounds without a claim or a station)");
  if (s.last_round >= 0) {
    // The seat whose turn started the last round, last_round set to players then, counted down at
    // each turn's end since: it ended that turn with 2 cars or fewer, and cars never come back.
    const int since = s.players - s.last_round;
    const int starter = ((s.turn - since - 1) % s.players + s.players) % s.players;
    if (s.cars[starter] > kEndCars)
      in.at("last_round")
          .fail("is ", s.last_round, ": seats[", starter,
                "] ended the turn that started the last round with 2 cars or fewer, not ", s.cars[starter]);
    // That turn was a claim (idle_turns 0 after it), unless the cars started at 2 or fewer: then it
    // was the game's first turn, which may end with idle_turns 1.
    const int most = since + (s.starting_cars <= kEndCars ? 1 : 0);
    if (s.idle_turns > most)
      in.at("idle_turns")
          .fail("must be at most ", most, ": the last round started ", since, " turns ago, with a claim",
                s.starting_cars <= kEndCars ? " or the first turn" : "");
  } else {
    // A claim that leaves 2 cars or fewer ends its turn so, which starts the last round.
    for (int p = 0; p < s.players; ++p)
      if (s.cars[p] <= kEndCars && s.cars[p] < s.starting_cars)
        seats[p].at("cars").fail("is ", s.cars[p],
                                 " after a claim: that turn started the last round, so last_round cannot be -1");
  }
}

}  // namespace

Json State::view(Player observer) const { return position(*this, observer); }

State read_position(const Json& j) {
  const JsonIn in(j, "ttr position");
  in.allow_only({"game", "map", "players", "options", "phase", "turn", "first_draw", "last_round", "idle_turns", "rng",
                 "face_up", "train_discards", "materials_discards", "train_deck", "materials_deck", "ticket_deck",
                 "seats"});
  if (in.at("game").string() != "ttr") in.at("game").fail("is not \"ttr\"");
  const Map& m = in.at("map").builtin_or_whole(
      std::array<std::string_view, 1>{"sardinia"}, [](std::size_t) -> const Map& { return Map::sardinia(); },
      Map::intern, "map");
  State s;
  s.map = std::uint16_t(m.index);
  s.players = std::uint8_t(in.at("players").int_in(2, kMaxSeats));
  const JsonIn o = in.at("options");
  o.allow_only({"stations", "express", "touring", "ferries", "cars"});
  s.stations_option = o.at("stations").boolean(), s.express = o.at("express").boolean();
  s.touring = o.at("touring").boolean(), s.ferries = o.at("ferries").boolean();
  s.starting_cars = std::uint8_t(o.at("cars").int_in(1, 99));
  s.phase = in.at("phase").one_of<Phase>(kPhaseNames, "a phase");
  s.turn = std::uint8_t(in.at("turn").int_in(0, s.players - 1));
  s.first_draw = in.at("first_draw").one_of<FirstDraw>(kFirstDrawNames, "a first draw");
  if ((s.phase == Phase::SecondDraw) != (s.first_draw != FirstDraw::None))
    in.at("first_draw").fail("must be \"none\" exactly when the phase is not second-draw");
  s.last_round = std::int8_t(in.at("last_round").int_in(-1, s.players));
  s.idle_turns = std::uint16_t(in.at("idle_turns").int_in(0, kIdleRoundsLimit * s.players));
  // The setup keep comes before any turn (State::setup, keep_setup_tickets).
  if (s.phase == Phase::KeepSetupTickets) {
    if (s.turn != 0) in.at("turn").fail("must be 0 during keep-setup-tickets, where every seat moves at once");
    if (s.idle_turns != 0) in.at("idle_turns").fail("must be 0 during keep-setup-tickets: no turn has ended");
    if (s.last_round != -1) in.at("last_round").fail("must be -1 during keep-setup-tickets: no turn has ended");
  }
  s.rng_state = in.at("rng").u64();

  const std::vector<JsonIn> up = in.at("face_up").array_of_size(kFaceUp);
  for (int i = 0; i < kFaceUp; ++i) s.face_up[i] = std::uint8_t(up[i].is_null() ? kCardKinds : card_kind(up[i]));
  s.train_discards = read_cards(in.at("train_discards"));
  s.materials_discards = read_materials(in.at("materials_discards"));
  for (const JsonIn& e : in.at("train_deck").array(0, kTrainCards))
    s.train_deck[s.train_size++] = std::uint8_t(card_kind(e));
  for (const JsonIn& e : in.at("materials_deck").array(0, kMaterialCards))
    s.set_material(s.materials_size++, e.one_of<Material>(kMaterialNames, "a Materials card"));
  const auto regular = [&](const JsonIn& e) {
    const int t = ticket_of(e, m);
    if (m.tickets[t].long_route) e.fail("is a long ticket: the deck holds only regular ones");
    return s.ticket_deck[s.ticket_size++] = std::uint8_t(t);
  };
  std::uint64_t dealt =
      in.at("ticket_deck").bit_set(kMaxTickets, regular, [](int t) { return cat("names ticket ", t, " twice"); });

  const std::vector<JsonIn> seats = in.at("seats").array_of_size(s.players);
  RouteSet claimed;
  std::uint64_t stations = 0;
  for (int p = 0; p < s.players; ++p) read_seat(seats[p], p, s, claimed, stations, dealt);
  // Every card in one place: 12 of each colour and 14 locomotives; 54 Materials by kind. Counted in
  // int, not in Cards' 8 bits: 256 cards too many would wrap to the right total.
  std::array<int, kCardKinds> cards{};
  for (int i = 0; i < s.train_size; ++i) ++cards[s.train_deck[i]];
  for (const auto k : s.face_up)
    if (k < kCardKinds) ++cards[k];
  for (int k = 0; k < kCardKinds; ++k) {
    cards[k] += s.train_discards[k];
    for (int p = 0; p < s.players; ++p) cards[k] += s.cards[p][k];
    if (const int all = k == kLocomotive ? kLocomotives : kCardsPerColour; cards[k] != all)
      in.fail("has ", cards[k], " ", kCardNames[k], " cards in all, not ", all);
  }
  // Play refills an empty face-up slot whenever a train card is left to fill it (rules.cpp, end_turn).
  for (int i = 0; i < kFaceUp; ++i)
    if (s.face_up[i] == kCardKinds && s.train_cards_left()) up[i].fail("is empty while train cards are left to draw");
  std::array<int, kMaterialKinds> materials{};
  for (int i = 0; i < s.materials_size; ++i) ++materials[int(s.material_at(i))];
  for (int k = 0; k < kMaterialKinds; ++k) {
    materials[k] += s.materials_discards[k];
    for (int p = 0; p < s.players; ++p) materials[k] += s.materials[p][k];
    if (materials[k] != kMaterialsOfKind[k])
      in.fail("has ", materials[k], " ", kMaterialNames[k], " cards in all, not ", kMaterialsOfKind[k]);
  }
  // Offered tickets only while someone keeps them: every seat at setup, the seat to move after a draw.
  for (int p = 0; p < s.players; ++p) {
    const bool keeping = s.phase == Phase::KeepSetupTickets || (s.phase == Phase::KeepTickets && p == s.turn);
    if ((s.offered[p] != 0) != keeping)
      seats[p].at("offered").fail(keeping ? "must hold the tickets to keep" : "must be empty in this phase");
  }
  for (int p = 0; p < s.players; ++p) check_tickets(seats[p], p, s);
  // A long ticket put back went to the box at the setup keep (the deck holds none): nobody holds it.
  std::uint64_t holding = 0;
  for (int p = 0; p < s.players; ++p) holding |= s.tickets[p] | s.offered[p];
  for (int p = 0; p < s.players; ++p)
    for (const JsonIn& t : seats[p].at("placed").array(0, kMaxTickets))
      if (const int id = ticket_of(t, m); m.tickets[id].long_route && (holding >> id & 1))
        t.fail("is a long ticket put back at the setup keep: it is in the box, not held or offered");
  check_end(in, seats, s);
  return s;
}

std::uint64_t observe(const State& before, Move m, Player observer) {
  // The move as the observer sees it; then what it turned up or dealt.
  const bool mover = observer == Player(before.turn);
  std::uint64_t token = m;
  State after = before;
  after.apply(m);
  switch (kind_of(m)) {
    case MoveKind::DrawFaceUp: {  // the card that replaced it (and any reset) is seen by all
      for (const auto k : after.face_up) token = token * 16 + k;
      break;
    }
    case MoveKind::Claim:
    case MoveKind::Station:  // the turn's end may refill an empty face-up slot: seen by all
      if (after.face_up != before.face_up)
        for (const auto k : after.face_up) token = token * 16 + k;
      break;
    case MoveKind::DrawDeck:  // the drawer sees its card
      if (mover)
        for (int k = 0; k < kCardKinds; ++k)
          if (after.cards[before.turn][std::size_t(k)] > before.cards[before.turn][std::size_t(k)])
            token |= Move(k + 1) << 8;
      break;
    case MoveKind::DrawMaterials:
      if (mover)
        for (int k = 0; k < kMaterialKinds; ++k)
          if (after.materials[before.turn][std::size_t(k)] + (field_of(m) == k + 1) >
              before.materials[before.turn][std::size_t(k)])
            token |= Move(k + 1) << 8;
      break;
    case MoveKind::DrawTickets:  // the drawer sees the tickets; the others their number
      token = mover ? token ^ after.offered[before.turn] * 0x9E3779B97F4A7C15ull  // (odd: one token a set)
                    : token | Move(std::popcount(after.offered[before.turn])) << 8;
      break;
    case MoveKind::Keep:  // the others see how many were kept, and which of the tickets they put back
      if (!mover) {
        const std::uint64_t theirs =
            (before.offered[before.turn] & ~after.offered[before.turn] & after.tickets[before.turn]) &
            before.placed_mask(observer);
        token = (make_move(MoveKind::Keep, 0) | Move(std::popcount(unsigned(field_of(m)))) << 8) ^
                theirs * 0x9E3779B97F4A7C15ull;
      }
      break;
    default: break;  // claims, stations and passes are public, payments included
  }
  return token;
}

std::uint64_t observe_joint(const State& before, const JointMove& joint, Player observer) {
  // Every seat's own keep, and the others' counts kept.
  std::uint64_t token = 0;
  for (int p = 0; p < before.players; ++p) {
    const int field = field_of(joint[std::size_t(p)]);
    token = token * 32 + (p == observer ? std::uint64_t(field) : std::uint64_t(16 + std::popcount(unsigned(field))));
  }
  return token;
}

}  // namespace nuraghe::ttr

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
int card_kind(const JsonIn& field) { return index_of(kCardNames, field, "a train card"); }
Cards read_cards(const JsonIn& j) {
  j.expect_object();
  Cards c{};
  for (auto it = j.json().begin(); it != j.json().end(); ++it) {
    const Json key = it.key();
    const int k = card_kind(JsonIn(key, j.source()));
    c[std::size_t(k)] = std::uint8_t(j.at(it.key()).int_in(0, kTrainCards));
  }
  return c;
}
Materials read_materials(const JsonIn& j) {
  j.expect_object();
  Materials m{};
  for (auto it = j.json().begin(); it != j.json().end(); ++it) {
    const Json key = it.key();
    const int k = index_of(kMaterialNames, JsonIn(key, j.source()), "a Materials card");
    m[std::size_t(k)] = std::uint8_t(j.at(it.key()).int_in(0, kMaterialCards));
  }
  return m;
}
std::uint64_t read_tickets(const JsonIn& list, const Map& m) {
  std::uint64_t mask = 0;
  for (const JsonIn& e : list.array(0, kMaxTickets)) {
    const int t = e.int_in(0, m.num_tickets - 1);
    if (mask >> t & 1) e.fail("names ticket " + std::to_string(t) + " twice");
    mask |= std::uint64_t(1) << t;
  }
  return mask;
}
int read_route(const JsonIn& e, const Map& m) {
  const std::string name = e.string();
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& route = m.routes[std::size_t(r)];
    const std::string ab = m.city_id[route.a] + "~" + m.city_id[route.b] + (route.second ? "#2" : "");
    if (ab == name) return r;
  }
  e.fail("\"" + name + "\" is not a route of the map (city~city, #2 for a double's second)");
}

}  // namespace

Json State::view(Player observer) const { return position(*this, observer); }

State read_position(const Json& j) {
  const std::string where = "ttr position";
  const JsonIn in(j, where);
  in.allow_only({"game", "map", "players", "options", "phase", "turn", "first_draw", "last_round", "idle_turns", "rng",
                 "face_up", "train_discards", "materials_discards", "train_deck", "materials_deck", "ticket_deck",
                 "seats"});
  if (in.at("game").string() != "ttr") in.at("game").fail("is not \"ttr\"");
  const JsonIn map = in.at("map");
  const Map& m = map.json().is_string()
                     ? (map.string() == "sardinia" ? Map::sardinia()
                                                   : (map.fail("must be \"sardinia\" or a whole map object, not \"" +
                                                               map.string() + "\" (--map FILE reads a map file)"),
                                                      Map::sardinia()))
                     : (map.expect_object(), Map::intern(map.json(), where + ": map"));
  State s;
  s.map = std::uint8_t(m.index);
  s.players = std::uint8_t(in.at("players").int_in(2, kMaxSeats));
  const JsonIn o = in.at("options");
  o.allow_only({"stations", "express", "touring", "ferries", "cars"});
  s.stations_option = o.at("stations").boolean(), s.express = o.at("express").boolean();
  s.touring = o.at("touring").boolean(), s.ferries = o.at("ferries").boolean();
  s.starting_cars = std::uint8_t(o.at("cars").int_in(1, 99));
  s.phase = Phase(index_of(kPhaseNames, in.at("phase"), "a phase"));
  s.turn = std::uint8_t(in.at("turn").int_in(0, s.players - 1));
  s.first_draw = FirstDraw(index_of(kFirstDrawNames, in.at("first_draw"), "a first draw"));
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
  for (int i = 0; i < kFaceUp; ++i)
    s.face_up[std::size_t(i)] =
        up[std::size_t(i)].is_null() ? std::uint8_t(kCardKinds) : std::uint8_t(card_kind(up[std::size_t(i)]));
  s.train_discards = read_cards(in.at("train_discards"));
  s.materials_discards = read_materials(in.at("materials_discards"));
  const std::vector<JsonIn> train = in.at("train_deck").array(0, kTrainCards);
  for (const JsonIn& e : train) s.train_deck[s.train_size++] = std::uint8_t(card_kind(e));
  const std::vector<JsonIn> mats = in.at("materials_deck").array(0, kMaterialCards);
  for (const JsonIn& e : mats)
    s.set_material(s.materials_size++, Material(index_of(kMaterialNames, e, "a Materials card")));
  std::uint64_t in_deck = 0;
  for (const JsonIn& e : in.at("ticket_deck").array(0, kMaxTickets)) {
    const int t = e.int_in(0, m.num_tickets - 1);
    if (in_deck >> t & 1) e.fail("names ticket " + std::to_string(t) + " twice");
    if (m.tickets[std::size_t(t)].long_route) e.fail("is a long ticket: the deck holds only regular ones");
    in_deck |= std::uint64_t(1) << t;
    s.ticket_deck[s.ticket_size++] = std::uint8_t(t);
  }

  const std::vector<JsonIn> seats = in.at("seats").array_of_size(s.players);
  std::uint64_t dealt = in_deck;
  RouteSet claimed;
  std::uint64_t station_cities = 0;
  for (int p = 0; p < s.players; ++p) {
    const JsonIn& e = seats[std::size_t(p)];
    const auto q = std::size_t(p);
    e.allow_only(
        {"routes", "cars", "stations", "seen", "setup_kept", "cards", "materials", "tickets", "offered", "placed"});
    int length = 0;
    for (const JsonIn& r : e.at("routes").array(0, kMaxRoutes)) {
      const int route = read_route(r, m);
      if (claimed.has(route)) r.fail("is claimed twice");
      const Route& x = m.routes[std::size_t(route)];
      if (x.partner >= 0 && s.routes[q].has(x.partner)) r.fail("and its double's other route belong to one player");
      if (x.partner >= 0 && s.players <= 3 && claimed.has(x.partner))
        r.fail("is the other route of a claimed double: with 2 or 3 players only one is used");
      claimed.add(route), s.routes[q].add(route);
      length += x.length;
    }
    s.cars[q] = std::uint8_t(e.at("cars").int_in(0, s.starting_cars));
    if (s.cars[q] + length != s.starting_cars)
      e.at("cars").fail("must be " + std::to_string(s.starting_cars - length) + ": " + std::to_string(s.starting_cars) +
                        " less the " + std::to_string(length) + " of the routes claimed");
    for (const JsonIn& c : e.at("stations").array(0, kStations)) {
      const int city = m.city(c.string());
      if (city < 0) c.fail("\"" + c.string() + "\" is not a city of the map");
      if (station_cities >> city & 1) c.fail("has a station already");
      if (!s.stations_option) c.fail("is a station in a game without stations");
      station_cities |= std::uint64_t(1) << city;
      s.stations[q] |= std::uint64_t(1) << city;
    }
    s.cards[q] = read_cards(e.at("cards"));
    s.cards_seen[q] = read_cards(e.at("seen"));
    for (int k = 0; k < kCardKinds; ++k)
      if (s.cards_seen[q][std::size_t(k)] > s.cards[q][std::size_t(k)])
        e.at("seen").fail("counts more cards than the hand holds");
    s.materials[q] = read_materials(e.at("materials"));
    if (sum(s.materials[q]) > kMaterialsLimit)
      e.at("materials")
          .fail("holds " + std::to_string(sum(s.materials[q])) + " cards: at most " + std::to_string(kMaterialsLimit) +
                " (with " + std::to_string(kMaterialsLimit) + ", a draw discards one first)");
    s.setup_kept[q] = std::uint8_t(e.at("setup_kept").int_in(0, kSetupLong + kSetupRegular));
    s.tickets[q] = read_tickets(e.at("tickets"), m);
    s.offered[q] = read_tickets(e.at("offered"), m);
    for (const std::uint64_t mask : {s.tickets[q], s.offered[q]}) {
      if (mask & dealt) e.fail("holds a ticket that is elsewhere too");
      dealt |= mask;
    }
    int longs = 0;
    for (std::uint64_t t = s.tickets[q] | s.offered[q]; t; t &= t - 1)
      longs += m.tickets[std::size_t(std::countr_zero(t))].long_route;
    if (longs > kSetupLong)
      e.fail("holds " + std::to_string(longs) +
             " long tickets (tickets and offered): each seat is dealt one, at setup");
    for (const JsonIn& t : e.at("placed").array(0, kMaxTickets)) {
      const int id = t.int_in(0, m.num_tickets - 1);
      if (s.placed_by(id) >= 0) t.fail("is placed by two players");
      s.set_placed_by(id, p);
    }
  }
  // Every card in one place: 12 of each colour and 14 locomotives; 54 Materials by kind. Counted in
  // int, not in Cards' 8 bits: 256 cards too many would wrap to the right total.
  std::array<int, kCardKinds> total{};
  for (int k = 0; k < kCardKinds; ++k) total[std::size_t(k)] = s.train_discards[std::size_t(k)];
  for (int i = 0; i < s.train_size; ++i) ++total[s.train_deck[std::size_t(i)]];
  for (const auto k : s.face_up)
    if (k < kCardKinds) ++total[k];
  for (int p = 0; p < s.players; ++p)
    for (int k = 0; k < kCardKinds; ++k) total[std::size_t(k)] += s.cards[std::size_t(p)][std::size_t(k)];
  for (int k = 0; k < kCardKinds; ++k)
    if (total[std::size_t(k)] != (k == kLocomotive ? kLocomotives : kCardsPerColour))
      in.fail("has " + std::to_string(total[std::size_t(k)]) + " " + kind_name(k) + " cards in all, not " +
              std::to_string(k == kLocomotive ? kLocomotives : kCardsPerColour));
  // Play refills an empty face-up slot whenever a train card is left to fill it (rules.cpp, end_turn).
  for (int i = 0; i < kFaceUp; ++i)
    if (s.face_up[std::size_t(i)] == kCardKinds && s.train_cards_left())
      up[std::size_t(i)].fail("is empty while train cards are left to draw");
  std::array<int, kMaterialKinds> mtotal{};
  for (int k = 0; k < kMaterialKinds; ++k) mtotal[std::size_t(k)] = s.materials_discards[std::size_t(k)];
  for (int i = 0; i < s.materials_size; ++i) ++mtotal[std::size_t(s.material_at(i))];
  for (int p = 0; p < s.players; ++p)
    for (int k = 0; k < kMaterialKinds; ++k) mtotal[std::size_t(k)] += s.materials[std::size_t(p)][std::size_t(k)];
  for (int k = 0; k < kMaterialKinds; ++k)
    if (mtotal[std::size_t(k)] != kMaterialsOfKind[std::size_t(k)])
      in.fail("has " + std::to_string(mtotal[std::size_t(k)]) + " " + std::string(kMaterialNames[std::size_t(k)]) +
              " cards in all, not " + std::to_string(kMaterialsOfKind[std::size_t(k)]));
  // Offered tickets only while someone keeps them: every seat at setup, the seat to move after a draw.
  for (int p = 0; p < s.players; ++p) {
    const bool keeping = s.phase == Phase::KeepSetupTickets || (s.phase == Phase::KeepTickets && p == s.turn);
    if ((s.offered[std::size_t(p)] != 0) != keeping)
      seats[std::size_t(p)].at("offered").fail(keeping ? "must hold the tickets to keep"
                                                       : "must be empty in this phase");
  }
  // The tickets as play deals and keeps them (State::setup, draw_tickets, keep_setup_tickets): more
  // offered than a deal gives would not fit the keep moves (4 bits of mask, `keep 1+2+3+4`).
  const auto longs_in = [&](std::uint64_t mask) {
    int n = 0;
    for (; mask; mask &= mask - 1) n += m.tickets[std::size_t(std::countr_zero(mask))].long_route;
    return n;
  };
  std::uint64_t put_back = 0;  // the tickets some seat placed (to the box or under the deck)
  for (int t = 0; t < m.num_tickets; ++t)
    if (s.placed_by(t) >= 0) put_back |= std::uint64_t(1) << t;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const JsonIn& e = seats[q];
    const int offered = std::popcount(s.offered[q]), held = std::popcount(s.tickets[q]), kept = s.setup_kept[q];
    if (s.phase == Phase::KeepSetupTickets) {  // dealt, nothing kept or put back yet
      const int longs = longs_in(s.offered[q]);
      if (offered != kSetupLong + kSetupRegular || longs != kSetupLong)
        e.at("offered").fail("holds " + std::to_string(offered) + " tickets, " + std::to_string(longs) +
                             " of them long: the setup deals each seat " + std::to_string(kSetupLong + kSetupRegular) +
                             ": " + std::to_string(kSetupLong) + " long and " + std::to_string(kSetupRegular) +
                             " regular");
      if (kept != 0) e.at("setup_kept").fail("must be 0 during keep-setup-tickets: no seat has kept its tickets yet");
      if (held != 0) e.at("tickets").fail("must be empty during keep-setup-tickets: no seat has kept its tickets yet");
      if (s.placed_mask(p) != 0)
        e.at("placed").fail("must be empty during keep-setup-tickets: no seat has put a ticket back yet");
      continue;
    }
    if (s.phase == Phase::KeepTickets && p == s.turn) {  // min(3, deck) regular tickets drawn
      if (offered > kTicketDraw || (offered < kTicketDraw && s.ticket_size > 0))
        e.at("offered").fail("holds " + std::to_string(offered) + " tickets: a draw offers " +
                             std::to_string(kTicketDraw) + ", fewer only when the deck held fewer, and " +
                             std::to_string(s.ticket_size) + " are left in it");
      for (std::uint64_t t = s.offered[q]; t; t &= t - 1)
        if (m.tickets[std::size_t(std::countr_zero(t))].long_route)
          e.at("offered").fail("holds " + std::to_string(std::countr_zero(t)) +
                               ", a long ticket: a draw offers regular tickets only");
    }
    // After the setup keep: 2 to 4 of the 4 kept, held still; a keep of all 4 kept the long one.
    // Every ticket put back that the seat holds was drawn after the setup keep.
    if (kept < kSetupKeep)
      e.at("setup_kept")
          .fail("is " + std::to_string(kept) + ": the setup keep keeps " + std::to_string(kSetupKeep) + " to " +
                std::to_string(kSetupLong + kSetupRegular) + " of the tickets dealt");
    if (kept > held)
      e.at("setup_kept")
          .fail("is " + std::to_string(kept) + ", more than the " + std::to_string(held) +
                " tickets it holds: the tickets kept are held to the end");
    if (kept > kSetupRegular && longs_in(s.tickets[q]) < kSetupLong)
      e.at("setup_kept").fail("is " + std::to_string(kept) + ", so it kept its long ticket, but it holds none");
    const int back = std::popcount(s.tickets[q] & put_back);
    if (back > held - kept)
      e.fail("holds " + std::to_string(back) + " tickets put back by a seat, drawn after the setup keep, but only " +
             std::to_string(held - kept) + " were drawn after it (tickets less setup_kept)");
  }
  // A long ticket put back went to the box at the setup keep (the deck holds none): nobody holds it.
  std::uint64_t holding = 0;
  for (int p = 0; p < s.players; ++p) holding |= s.tickets[std::size_t(p)] | s.offered[std::size_t(p)];
  for (int p = 0; p < s.players; ++p)
    for (const JsonIn& t : seats[std::size_t(p)].at("placed").array(0, kMaxTickets)) {
      const int id = t.int_in(0, m.num_tickets - 1);
      if (m.tickets[std::size_t(id)].long_route && (holding >> id & 1))
        t.fail("is a long ticket put back at the setup keep: it is in the box, not held or offered");
    }
  // The end (State::end_turn). The game is over when the last round is played out (last_round
  // counts down to 0) or after 10 x players turns without a claim or a station, and only then.
  const int idle_limit = kIdleRoundsLimit * s.players;
  const bool over = s.phase == Phase::Over;
  if (!over && s.idle_turns >= idle_limit)
    in.at("idle_turns")
        .fail("is " + std::to_string(idle_limit) +
              ": the game is over after 10 rounds without a claim or a station, so the phase must be over");
  if (!over && s.last_round == 0)
    in.at("last_round").fail("is 0: the game is over once the last round is played out, so the phase must be over");
  if (over && s.last_round != 0 && s.idle_turns < idle_limit)
    in.at("phase").fail("is over, but last_round is not 0 (the last round played out) and idle_turns is not " +
                        std::to_string(idle_limit) + " (10 rounds without a claim or a station)");
  if (s.last_round >= 0) {
    // The seat whose turn started the last round, last_round set to players then, counted down at
    // each turn's end since: it ended that turn with 2 cars or fewer, and cars never come back.
    const int since = s.players - s.last_round;
    const int starter = ((s.turn - since - 1) % s.players + s.players) % s.players;
    if (s.cars[std::size_t(starter)] > kEndCars)
      in.at("last_round")
          .fail("is " + std::to_string(s.last_round) + ": seats[" + std::to_string(starter) +
                "] ended the turn that started the last round with 2 cars or fewer, not " +
                std::to_string(s.cars[std::size_t(starter)]));
    // That turn was a claim (idle_turns 0 after it), unless the cars started at 2 or fewer: then it
    // was the game's first turn, which may end with idle_turns 1.
    const int most = since + (s.starting_cars <= kEndCars ? 1 : 0);
    if (s.idle_turns > most)
      in.at("idle_turns")
          .fail("must be at most " + std::to_string(most) + ": the last round started " + std::to_string(since) +
                " turns ago, with a claim" + (s.starting_cars <= kEndCars ? " or the first turn" : ""));
  } else {
    // A claim that leaves 2 cars or fewer ends its turn so, which starts the last round.
    for (int p = 0; p < s.players; ++p)
      if (s.cars[std::size_t(p)] <= kEndCars && s.cars[std::size_t(p)] < s.starting_cars)
        seats[std::size_t(p)].at("cars").fail("is " + std::to_string(s.cars[std::size_t(p)]) +
                                              " after a claim: that turn started the last round, so last_round "
                                              "cannot be -1");
  }
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

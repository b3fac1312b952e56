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
      seat["placed"] = std::popcount(s.placed_mask(p));
      // The tickets the observer put under the deck that this seat drew since: the observer saw them go.
      seat["known_tickets"] = ticket_ids((s.tickets[q] | s.offered[q]) & s.placed_mask(observer));
    }
    seats.push_back(seat);
  }
  j["seats"] = seats;
  return j;
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
    case MoveKind::Keep:  // the others see how many were kept
      if (!mover) token = make_move(MoveKind::Keep, 0) | Move(std::popcount(unsigned(field_of(m)))) << 8;
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

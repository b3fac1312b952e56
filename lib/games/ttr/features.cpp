// Ticket to Ride's features of a seat's view (features.hpp). The list is documented in
// docs/rules-ttr.md, "Features": change both together.
#include "games/ttr/features.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "games/ttr/heuristic.hpp"
#include "games/ttr/payments.hpp"
#include "games/ttr/scoring.hpp"

namespace nuraghe::ttr {

int Lack::cards() const {
  int n = grey + locomotives + railways + tunnels;
  for (const int c : colour) n += c;
  return n;
}

Lack lacking(const State& s, Player p, const RouteSet& routes) {
  const Map& m = s.board();
  const Cards& hand = s.cards[std::size_t(p)];
  const Materials& mats = s.materials[std::size_t(p)];
  std::array<int, kTrainColours> need{};
  int grey = 0, ships = 0, railways = 0, tunnels = 0;
  routes.for_each([&](int r) {
    const Route& route = m.routes[std::size_t(r)];
    const int train = route.length - route.railways - route.tunnels - route.ships;
    if (route.colour == Colour::Grey) grey += train;
    else need[std::size_t(route.colour)] += train;
    ships += route.ships, railways += route.railways, tunnels += route.tunnels;
  });
  Lack lack;
  int locomotives = hand[kLocomotive] - ships;
  lack.locomotives = std::max(0, -locomotives);
  locomotives = std::max(0, locomotives);
  int spare = 0;  // the most cards of one colour beyond that colour's routes
  for (int c = 0; c < kTrainColours; ++c) {
    const int short_of = std::max(0, need[std::size_t(c)] - hand[std::size_t(c)]),
              wild = std::min(locomotives, short_of);
    lack.colour[std::size_t(c)] = short_of - wild;
    locomotives -= wild;
    spare = std::max(spare, hand[std::size_t(c)] - need[std::size_t(c)]);
  }
  lack.grey = std::max(0, grey - spare - locomotives);
  // Symbols: Tunnel cards on tunnels and Railway cards on railways first, then a Railway card and
  // Stones for a tunnel, then Wood + Rails for a railway, and Wood + Rails + Stones for a tunnel.
  int tunnel_cards = mats[std::size_t(Material::Tunnel)], railway_cards = mats[std::size_t(Material::Railway)];
  int stones = mats[std::size_t(Material::Stones)];
  int pairs = std::min(mats[std::size_t(Material::Wood)], mats[std::size_t(Material::Rails)]);
  const auto pay = [](int& symbols, int& cards) {
    const int paid = std::min(symbols, cards);
    symbols -= paid, cards -= paid;
  };
  pay(tunnels, tunnel_cards);
  pay(railways, railway_cards);
  const int railway_and_stones = std::min({railway_cards, stones, tunnels});
  tunnels -= railway_and_stones, stones -= railway_and_stones;
  pay(railways, pairs);
  const int full_sets = std::min({pairs, stones, tunnels});
  tunnels -= full_sets;
  lack.railways = railways, lack.tunnels = tunnels;
  return lack;
}

namespace {

// The features' layout, in one place: the names and the numbers follow it.
constexpr std::array<const char*, 8> kSeatFeatures = {"route_points", "routes",      "cars",      "stations_left",
                                                      "trail",        "train_cards", "materials", "tickets"};
constexpr std::array<const char*, 9> kTicketSummary = {
    "tickets.done",          "tickets.done_value", "tickets.open",    "tickets.open_value", "tickets.no_path",
    "tickets.no_path_value", "plan.spaces",        "plan.cars_after", "plan.lacks"};
constexpr std::array<const char*, 6> kTicketFeatures = {"held", "offered", "done", "spaces", "no_path", "lacks"};

int sum(const auto& counts) {
  int n = 0;
  for (const int k : counts) n += k;
  return n;
}

}  // namespace

int feature_count(const State& s) {
  return int(kSeatFeatures.size()) * s.players + int(kTicketSummary.size()) +
         int(kTicketFeatures.size()) * s.board().num_tickets;
}

std::vector<std::string> feature_names(const State& s) {
  std::vector<std::string> names;
  for (int k = 0; k < s.players; ++k)
    for (const char* f : kSeatFeatures) names.push_back("seat+" + std::to_string(k) + "." + f);
  for (const char* f : kTicketSummary) names.push_back(f);
  for (int t = 0; t < s.board().num_tickets; ++t)
    for (const char* f : kTicketFeatures) names.push_back("ticket." + std::to_string(t) + "." + f);
  assert(int(names.size()) == feature_count(s));
  return names;
}

void features(const State& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  const Map& m = s.board();
  float* const start = out;
  const auto put = [&](double v) { *out++ = float(v); };
  // Every seat's public side: its routes and their points, cars, stations, trail and counts.
  for (int k = 0; k < s.players; ++k) {
    const auto q = std::size_t((p + k) % s.players);
    int points = 0;
    s.routes[q].for_each([&](int r) { points += route_points(m.routes[std::size_t(r)]); });
    put(points);
    put(s.routes[q].count());
    put(s.cars[q]);
    put(s.stations_option ? kStations - std::popcount(s.stations[q]) : 0);
    put(longest_trail(m, s.routes[q]));
    put(sum(s.cards[q]));
    put(sum(s.materials[q]));
    put(std::popcount(s.tickets[q]));
  }
  // Seat p's own tickets: each one's cheapest open path alone, then the plan for all of them.
  const auto own = std::size_t(p);
  std::array<TicketPath, kMaxTickets> paths{};
  int done = 0, done_value = 0, open = 0, open_value = 0, no_path = 0, no_path_value = 0;
  for (std::uint64_t t = s.tickets[own] | s.offered[own]; t; t &= t - 1) {
    const int id = std::countr_zero(t);
    paths[std::size_t(id)] = ticket_path(s, p, m.tickets[std::size_t(id)]);
    if (!(s.tickets[own] >> id & 1)) continue;
    const int spaces = paths[std::size_t(id)].spaces, value = m.tickets[std::size_t(id)].value;
    if (spaces == 0) ++done, done_value += value;
    else if (spaces > 0) ++open, open_value += value;
    else ++no_path, no_path_value += value;
  }
  const Plan plan = make_plan(s, p);
  for (const int v : {done, done_value, open, open_value, no_path, no_path_value}) put(v);
  put(plan.spaces);
  put(int(s.cars[own]) - plan.spaces);
  put(lacking(s, p, plan.wanted).cards());
  for (int t = 0; t < m.num_tickets; ++t) {
    const bool held = s.tickets[own] >> t & 1, offered = s.offered[own] >> t & 1;
    const TicketPath& path = paths[std::size_t(t)];
    const bool known = held || offered;
    put(held);
    put(offered);
    put(known && path.spaces == 0);
    put(known ? std::max(0, path.spaces) : 0);
    put(known && path.spaces < 0);
    put(known && path.spaces > 0 ? lacking(s, p, path.routes).cards() : 0);
  }
  assert(out - start == feature_count(s));
  (void)start;
}

}  // namespace nuraghe::ttr

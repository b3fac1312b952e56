#include "games/ttr/heuristic.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <optional>

namespace nuraghe::ttr {
namespace {

constexpr int kBuckets = 128;  // paths are searched up to 127 spaces: more than any seat's cars

// Whether seat p could still claim route r: nobody holds it, and the double-route rule allows it.
bool open_to(const State& s, Player p, const RouteSet& claimed, int r) {
  if (claimed.has(r)) return false;
  const Route& route = s.board().routes[std::size_t(r)];
  if (route.partner >= 0) {
    if (s.players <= 3 && claimed.has(route.partner)) return false;
    if (s.routes[std::size_t(p)].has(route.partner)) return false;
  }
  return true;
}

// The cheapest path from a city of `from` to a city of `to` (Dial's algorithm: buckets of city
// masks by distance), own routes and `free` ones costing nothing, open ones their length. Returns
// the cost (-1: no path) and adds the path's costing routes to *path.
int cheapest_path(const State& s, Player p, std::uint64_t from, std::uint64_t to, const RouteSet& free,
                  RouteSet* path) {
  const Map& m = s.board();
  const RouteSet claimed = s.claimed(), own = s.routes[std::size_t(p)] | free;
  std::array<std::uint64_t, kBuckets> bucket{};
  std::array<std::uint8_t, kMaxCities> dist;
  std::array<std::int16_t, kMaxCities> via;  // the route a city was reached by (-1: a start)
  dist.fill(0xFF);
  bucket[0] = from;
  for (std::uint64_t f = from; f; f &= f - 1)
    dist[std::size_t(std::countr_zero(f))] = 0, via[std::size_t(std::countr_zero(f))] = -1;
  std::uint64_t settled = 0;
  for (int d = 0; d < kBuckets; ++d) {
    for (std::uint64_t here = bucket[std::size_t(d)] & ~settled; here; here = bucket[std::size_t(d)] & ~settled) {
      const int u = std::countr_zero(here);
      settled |= std::uint64_t(1) << u;
      if (dist[std::size_t(u)] != d) continue;  // reached more cheaply since
      if (to >> u & 1) {
        if (path)
          for (int c = u; via[std::size_t(c)] >= 0;) {
            const int r = via[std::size_t(c)];
            if (!own.has(r)) path->add(r);
            const Route& route = m.routes[std::size_t(r)];
            c = route.a == c ? route.b : route.a;
          }
        return d;
      }
      m.routes_at[std::size_t(u)].for_each([&](int r) {
        const Route& route = m.routes[std::size_t(r)];
        const int v = route.a == u ? route.b : route.a;
        if (settled >> v & 1) return;
        int w;
        if (own.has(r)) w = 0;
        else if (open_to(s, p, claimed, r)) w = route.length;
        else return;
        const int nd = d + w;
        if (nd < kBuckets && nd < dist[std::size_t(v)]) {
          dist[std::size_t(v)] = std::uint8_t(nd);
          via[std::size_t(v)] = std::int16_t(r);
          bucket[std::size_t(nd)] |= std::uint64_t(1) << v;
        }
      });
    }
  }
  return -1;
}

// What a claim move costs the hand, for choosing between payments of one route: locomotives are
// worth most, then Railway and Tunnel cards (each pays a symbol alone).
int payment_cost(const Payment& p) { return 4 * p.locomotives + 2 * (p.tunnel_cards + p.railway_cards); }

// Sorts a[0..n) by `before`, by insertion: n is at most a few dozen here, and GCC 12 at -O2
// reads std::sort's unrolled loops as overrunning a small std::array (an error under -Werror).
template <class T, std::size_t N, class Before>
void sort_first(std::array<T, N>& a, int n, Before before) {
  for (int i = 1; i < n && i < int(N); ++i)
    for (int j = i; j > 0 && before(a[std::size_t(j)], a[std::size_t(j - 1)]); --j)
      std::swap(a[std::size_t(j)], a[std::size_t(j - 1)]);
}

struct Candidate {
  Move move = 0;
  int score = -1;
};

}  // namespace

int spaces_to_complete(const State& s, Player p, const Ticket& ticket, const RouteSet& free) {
  return cheapest_path(s, p, ticket.from, ticket.to, free, nullptr);
}

TicketPath ticket_path(const State& s, Player p, const Ticket& ticket) {
  TicketPath path;
  path.spaces = cheapest_path(s, p, ticket.from, ticket.to, RouteSet{}, &path.routes);
  return path;
}

Plan make_plan(const State& s, Player p, std::uint64_t extra) {
  const Map& m = s.board();
  Plan plan;
  // The tickets by value, highest first (ties by id, for determinism).
  std::array<int, kMaxTickets> order;
  int n = 0;
  for (std::uint64_t t = s.tickets[std::size_t(p)] | extra; t; t &= t - 1)
    order[std::size_t(n++)] = std::countr_zero(t);
  sort_first(order, n, [&](int a, int b) {
    return m.tickets[std::size_t(a)].value > m.tickets[std::size_t(b)].value ||
           (m.tickets[std::size_t(a)].value == m.tickets[std::size_t(b)].value && a < b);
  });
  for (int i = 0; i < n; ++i) {
    const Ticket& ticket = m.tickets[std::size_t(order[std::size_t(i)])];
    const int cost = cheapest_path(s, p, ticket.from, ticket.to, plan.wanted, &plan.wanted);
    if (cost == 0) continue;
    ++plan.unfinished;
    if (cost < 0) ++plan.unreachable;
    else plan.spaces += cost;
  }
  plan.wanted.for_each([&](int r) {
    const Route& route = m.routes[std::size_t(r)];
    const int train = route.length - route.railways - route.tunnels - route.ships;
    if (route.colour == Colour::Grey) plan.grey += train;
    else plan.colour[std::size_t(route.colour)] += train;
    plan.locomotives += route.ships;
    plan.symbols += route.railways + route.tunnels;
    plan.railways += route.railways, plan.tunnels += route.tunnels;
  });
  return plan;
}

namespace {

// The keep decision: the `least` cheapest tickets to add to the plan, then any other the style
// finds cheap enough once those are planned.
Move choose_keep(const State& s, Player p, const MoveList& legal, Style style) {
  const Map& m = s.board();
  const std::uint64_t offered = s.offered[std::size_t(p)];
  const int least = s.phase == Phase::KeepSetupTickets ? kSetupKeep : 1;
  const int n = std::popcount(offered);
  assert(n <= kMaxOffered);
  std::array<int, kMaxOffered> id{}, cost{};
  std::uint64_t rest = offered;
  Plan held = make_plan(s, p);
  for (int i = 0; i < n; ++i, rest &= rest - 1) {
    id[std::size_t(i)] = std::countr_zero(rest);
    const int c = spaces_to_complete(s, p, m.tickets[std::size_t(id[std::size_t(i)])], held.wanted);
    cost[std::size_t(i)] = c < 0 ? 1000 : c;
  }
  std::array<int, kMaxOffered> rank{};
  for (int i = 0; i < n; ++i) rank[std::size_t(i)] = i;
  sort_first(rank, n, [&](int a, int b) {
    return cost[std::size_t(a)] < cost[std::size_t(b)] || (cost[std::size_t(a)] == cost[std::size_t(b)] && a < b);
  });
  int field = 0;
  std::uint64_t kept = 0;
  for (int j = 0; j < least && j < n; ++j) {
    field |= 1 << rank[std::size_t(j)];
    kept |= std::uint64_t(1) << id[std::size_t(rank[std::size_t(j)])];
  }
  if (style != Style::OneStep) {
    const int cars = s.cars[std::size_t(p)];
    for (int j = least; j < n; ++j) {
      const int i = rank[std::size_t(j)];
      const Ticket& ticket = m.tickets[std::size_t(id[std::size_t(i)])];
      const Plan with = make_plan(s, p, kept);
      const int c = spaces_to_complete(s, p, ticket, with.wanted);
      const bool cheap = style == Style::DestinationHungry ? c >= 0 && c <= ticket.value && with.spaces + c <= cars - 6
                                                           : c >= 0 && c <= 2;
      if (cheap) field |= 1 << i, kept |= std::uint64_t(1) << id[std::size_t(i)];
    }
  }
  const Move want = make_move(MoveKind::Keep, field);
  for (const Move mv : legal)
    if (mv == want) return mv;
  return legal[0];
}

// The colour the hand holds most of (ties to the lowest), for styles that save one colour.
int main_colour(const Cards& hand) {
  int best = 0;
  for (int c = 1; c < kTrainColours; ++c)
    if (hand[std::size_t(c)] > hand[std::size_t(best)]) best = c;
  return best;
}

// A draw: a face-up card the plan needs most, a Materials card when its symbols outrun the hand,
// else the deck's top; a style without a plan takes its main colour.
// Whether a Materials hand pays these railway and tunnel symbols together (payments.hpp): a railway
// takes a Railway card or Wood + Rails; a tunnel a Tunnel card, or Railway + Stones, or Wood +
// Rails + Stones. Tunnel cards go on tunnels first; the rest of the tunnels take a railway's worth
// and a Stones each.
bool pays_symbols(const Materials& mats, int railways, int tunnels) {
  const int m = int(Material::Railway), t = int(Material::Tunnel);
  const int left = std::max(0, tunnels - mats[std::size_t(t)]);
  const int railway_units =
      mats[std::size_t(m)] + std::min(mats[std::size_t(Material::Wood)], mats[std::size_t(Material::Rails)]);
  return railway_units >= railways + left && mats[std::size_t(Material::Stones)] >= left;
}

std::optional<Move> choose_draw(const State& s, Player p, const MoveList& legal, const Plan* plan) {
  const Cards& hand = s.cards[std::size_t(p)];
  const Materials& mats = s.materials[std::size_t(p)];
  Move deck = 0, materials = 0, face_up_loco = 0;
  bool has_deck = false, has_materials = false, has_loco = false;
  std::array<int, kTrainColours> face_up_move{};
  face_up_move.fill(-1);
  for (int i = 0; i < int(legal.size()); ++i) {
    const Move mv = legal[std::size_t(i)];
    switch (kind_of(mv)) {
      case MoveKind::DrawFaceUp:
        if (field_of(mv) == kLocomotive) face_up_loco = mv, has_loco = true;
        else face_up_move[std::size_t(field_of(mv))] = i;
        break;
      case MoveKind::DrawDeck: deck = mv, has_deck = true; break;
      case MoveKind::DrawMaterials:
        // Holding 8, each discard is a move: discard what the hand has most of.
        if (!has_materials || (field_of(mv) > 0 && field_of(materials) > 0 &&
                               mats[std::size_t(field_of(mv) - 1)] > mats[std::size_t(field_of(materials) - 1)]))
          materials = mv;
        has_materials = true;
        break;
      default: break;
    }
  }
  if (plan) {
    int best = -1, deficit = 0;
    for (int c = 0; c < kTrainColours; ++c) {
      const int d = plan->colour[std::size_t(c)] - hand[std::size_t(c)];
      if (face_up_move[std::size_t(c)] >= 0 && d > deficit) best = c, deficit = d;
    }
    if (best >= 0) return legal[std::size_t(face_up_move[std::size_t(best)])];
    if (has_materials && !pays_symbols(mats, plan->railways, plan->tunnels)) return materials;
    if (has_loco && plan->locomotives > hand[kLocomotive]) return face_up_loco;
    // Grey spaces: the face-up colour the hand already holds most of.
    if (plan->grey > 0) {
      int grey = -1;
      for (int c = 0; c < kTrainColours; ++c)
        if (face_up_move[std::size_t(c)] >= 0 && (grey < 0 || hand[std::size_t(c)] > hand[std::size_t(grey)])) grey = c;
      if (grey >= 0 && hand[std::size_t(grey)] > 0) return legal[std::size_t(face_up_move[std::size_t(grey)])];
    }
  } else {
    const int c = main_colour(hand);
    if (face_up_move[std::size_t(c)] >= 0) return legal[std::size_t(face_up_move[std::size_t(c)])];
  }
  if (has_deck) return deck;
  if (has_materials) return materials;
  for (int c = 0; c < kTrainColours; ++c)
    if (face_up_move[std::size_t(c)] >= 0) return legal[std::size_t(face_up_move[std::size_t(c)])];
  if (has_loco) return face_up_loco;
  return std::nullopt;  // no draw is legal
}

}  // namespace

Move heuristic_move(const State& s, Player p, Rng& rng, Style style) {
  MoveList legal;
  s.legal_moves(p, legal);
  if (legal.size() == 1) return legal[0];
  if (s.phase == Phase::KeepSetupTickets || s.phase == Phase::KeepTickets) return choose_keep(s, p, legal, style);
  const Map& m = s.board();
  const int cars = s.cars[std::size_t(p)];
  int hand_size = 0;
  for (const std::uint8_t k : s.cards[std::size_t(p)]) hand_size += k;
  const bool ending = s.last_round >= 0 || cars <= 12;
  Plan plan;
  if (style != Style::OneStep) plan = make_plan(s, p);
  const Plan* planned = style == Style::OneStep ? nullptr : &plan;
  if (s.phase == Phase::SecondDraw) return choose_draw(s, p, legal, planned).value_or(legal[0]);

  // Claims: the plan's routes, longest first (the hard ones), or what scores most.
  Candidate wanted, scoring, long_one;
  bool can_draw_tickets = false;
  for (const Move mv : legal) {
    if (kind_of(mv) == MoveKind::DrawTickets) can_draw_tickets = true;
    if (kind_of(mv) != MoveKind::Claim) continue;
    const int r = route_of(mv);
    const Route& route = m.routes[std::size_t(r)];
    const int cheap = 16 - payment_cost(claim_payment(mv, route));  // fewer locomotives and symbol cards first
    if (planned && plan.wanted.has(r)) {
      const int score = 32 * route.length + cheap;
      if (score > wanted.score) wanted = {mv, score};
    }
    const int points = 32 * route_points(route) + cheap;
    if (points > scoring.score) scoring = {mv, points};
    if (route.length >= 4 && points > long_one.score) long_one = {mv, points};
  }
  // Nothing left that a path can complete, or no route of the plan fits the cars left: then the
  // cars go on points (else both seats could draw cards until the safeguard ends the game, as
  // playtesting found at two players).
  bool plan_fits = false;
  plan.wanted.for_each([&](int r) { plan_fits = plan_fits || m.routes[std::size_t(r)].length <= cars; });
  const bool tickets_done = plan.unfinished == plan.unreachable || !plan_fits;
  switch (style) {
    case Style::RouteFocus:
    case Style::DestinationHungry: {
      if (wanted.score >= 0) return wanted.move;
      const bool hungry = style == Style::DestinationHungry;
      if (can_draw_tickets && !ending && (tickets_done || (hungry && plan.spaces <= 4)) && cars >= (hungry ? 10 : 15))
        return make_move(MoveKind::DrawTickets);
      if (tickets_done && scoring.score >= 0) return scoring.move;
      // A full hand that the plan cannot spend yet goes on a long route's points.
      if (long_one.score >= 0 && hand_size >= 10 &&
          cars - m.routes[std::size_t(route_of(long_one.move))].length >= plan.spaces)
        return long_one.move;
      break;
    }
    case Style::OneStep:
      if (scoring.score >= 0) return scoring.move;
      break;
    case Style::LongRoute:
      if (wanted.score >= 0 && (ending || m.routes[std::size_t(route_of(wanted.move))].length >= 4)) return wanted.move;
      if (long_one.score >= 0) return long_one.move;
      if (can_draw_tickets && !ending && tickets_done && cars >= 15) return make_move(MoveKind::DrawTickets);
      if (ending && scoring.score >= 0) return scoring.move;
      break;
  }
  if (const auto draw = choose_draw(s, p, legal, planned)) return *draw;
  if (scoring.score >= 0) return scoring.move;
  // Nothing to draw and nothing to claim: a station or a pass, whatever is legal.
  return legal[rng.below(std::uint32_t(legal.size()))];
}

void search_moves(const State& s, Player p, MoveList& moves) {
  (void)p;
  const Map& m = s.board();
  std::array<int, kMaxRoutes> best_cost;
  best_cost.fill(1 << 30);
  for (const Move mv : moves)
    if (kind_of(mv) == MoveKind::Claim) {
      const int r = route_of(mv);
      best_cost[std::size_t(r)] =
          std::min(best_cost[std::size_t(r)], payment_cost(claim_payment(mv, m.routes[std::size_t(r)])));
    }
  bool other_than_stations = false;
  for (const Move mv : moves) other_than_stations = other_than_stations || kind_of(mv) != MoveKind::Station;
  if (!other_than_stations) return;  // stations only: keep them
  std::array<bool, kMaxRoutes> taken{};
  moves.keep_if([&](Move mv) {
    const MoveKind k = kind_of(mv);
    if (k == MoveKind::Station) return false;
    if (k != MoveKind::Claim) return true;
    const int r = route_of(mv);
    if (taken[std::size_t(r)] || payment_cost(claim_payment(mv, m.routes[std::size_t(r)])) != best_cost[std::size_t(r)])
      return false;
    taken[std::size_t(r)] = true;
    return true;
  });
}

// For rollouts cut off early: each seat's points projected to the end of the game, as win shares.
// The projection: the route points and unused stations held now; the cars the seat can still place
// before the game ends (no more than the fewest cars any seat holds, plus a turn) at the Sardinia
// map's average of about 1.8 points a car; each ticket done now at its value, each one no open path
// completes at minus its value, and the others at their values weighted by how much of that budget
// the plan for all of them takes (so that drawing tickets is not free). Shares are a softmax over
// the projected points, sharper as cars run out.
Values evaluate(const State& s) {
  if (s.phase == Phase::Over) return s.returns();
  const Map& m = s.board();
  int fewest_cars = 255;
  for (int p = 0; p < s.players; ++p) fewest_cars = std::min(fewest_cars, int(s.cars[std::size_t(p)]));
  std::array<double, kMaxSeats> projected{};
  double top = -1e18;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const int budget = std::min(int(s.cars[q]), fewest_cars + 3);
    double points = 1.8 * budget;
    s.routes[q].for_each([&](int r) { points += route_points(m.routes[std::size_t(r)]); });
    if (s.stations_option) points += 4 * (kStations - std::popcount(s.stations[q]));
    // The tickets still open share one plan: the more of the budget it takes, the worse their odds.
    const Plan plan = make_plan(s, p);
    const double load = double(plan.spaces) / (budget + 1);
    const double odds = std::clamp(1.6 * (1.0 - load) - 0.6, -1.0, 1.0);
    for (std::uint64_t t = s.tickets[q]; t; t &= t - 1) {
      const Ticket& ticket = m.tickets[std::size_t(std::countr_zero(t))];
      const int need = spaces_to_complete(s, p, ticket, RouteSet{});
      points += (need == 0 ? 1.0 : need < 0 ? -1.0 : odds) * ticket.value;
    }
    top = std::max(top, projected[q] = points);
  }
  const double scale = 5.0 + 0.3 * fewest_cars;  // the points still to move, roughly
  Values v{};
  double total = 0;
  for (int p = 0; p < s.players; ++p) total += v[p] = std::exp((projected[std::size_t(p)] - top) / scale);
  for (int p = 0; p < s.players; ++p) v[p] /= total;
  return v;
}

}  // namespace nuraghe::ttr

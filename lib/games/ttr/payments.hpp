#pragma once
// Paying for a route (docs/rules-ttr.md, Rulings: "Paying for a route"): of a route's L spaces, s carry
// ship symbols, r railway symbols and t tunnel symbols.
// - Train cards pay the L - r - t spaces without a railway or tunnel symbol: a locomotive for each
//   ship symbol ("a player must play a Locomotive card for each Ship symbol on the route"), and for
//   the others cards of the route's colour (a grey route: any one colour), locomotives being wild.
// - Materials pay the symbols: a railway symbol takes a Railway card or Wood + Rails ("Railway
//   card = 1 Wood + 1 Rails"); a tunnel symbol a Tunnel card, or Railway + Stones, or
//   Wood + Rails + Stones.
// Payments that leave the same hand are one move. Which symbol a card went to does not show in
// the hand, so a payment is (colour, locomotives, Tunnel cards, Railway cards): with tt Tunnel cards
// and R Railway cards, the rest follows (Stones t - tt, Wood = Rails = r + t - tt - R).
// A payment without colour cards has no colour (an all-locomotive payment).

#include <algorithm>
#include <array>
#include <cstdint>

#include "games/ttr/map.hpp"

namespace nuraghe::ttr {

// Card kinds in a hand: the eight colours (Colour's order), then the locomotive.
inline constexpr int kLocomotive = kTrainColours, kCardKinds = kTrainColours + 1;
inline constexpr std::uint8_t kNoColour = kTrainColours;  // a payment of locomotives alone

enum class Material : std::uint8_t { Wood, Rails, Stones, Railway, Tunnel };
inline constexpr int kMaterialKinds = 5;
inline constexpr std::array<std::string_view, kMaterialKinds> kMaterialNames = {"wood", "rails", "stones", "railway",
                                                                                "tunnel"};

using Cards = std::array<std::uint8_t, kCardKinds>;          // train cards by kind
using Materials = std::array<std::uint8_t, kMaterialKinds>;  // Materials cards by kind

struct Payment {
  std::uint8_t colour = kNoColour;  // the colour of the colour cards, kNoColour if there are none
  std::uint8_t colour_cards = 0, locomotives = 0;
  std::uint8_t tunnel_cards = 0, railway_cards = 0;  // the two numbers that, with the route, fix the Materials

  // The Materials cards this payment spends on `route`.
  Materials materials(const Route& route) const {
    const int wood = route.railways + route.tunnels - tunnel_cards - railway_cards;
    return {std::uint8_t(wood), std::uint8_t(wood), std::uint8_t(route.tunnels - tunnel_cards), railway_cards,
            tunnel_cards};
  }
  bool operator==(const Payment&) const = default;
};

// Points for claiming a route: the table for the spaces paid with train cards, +2 a railway
// symbol, +3 a tunnel symbol. This reproduces the rulebook's four examples (3, 4, 7, 12 points).
inline constexpr std::array<int, kMaxRouteLength + 1> kRoutePoints = {0, 1, 2, 4, 7, 10, 15, 18, 21};
inline int route_points(const Route& route) {
  return kRoutePoints[std::size_t(route.length - route.railways - route.tunnels)] + 2 * route.railways +
         3 * route.tunnels;
}

// A quick necessary condition for for_each_payment to find a payment, so that move generation
// skips the routes a hand cannot pay without enumerating: locomotives for the ships, one usable
// colour (`most_of_one_colour`: the hand's largest colour count, for grey routes) and locomotives
// for the train spaces, and a Railway card, a Tunnel card or a Wood + Rails pair for each symbol
// (every way of paying a symbol takes one of those).
inline bool may_afford(const Route& route, const Cards& cards, const Materials& have, int most_of_one_colour) {
  const int locomotives = cards[kLocomotive];
  if (locomotives < route.ships) return false;
  const int colour = route.colour == Colour::Grey ? most_of_one_colour : cards[std::size_t(route.colour)];
  if (colour + locomotives < route.length - route.railways - route.tunnels) return false;
  return route.railways + route.tunnels <= have[3] + have[4] + std::min(have[0], have[1]);
}

// The routes of `map` that pass may_afford for a hand and fit in `cars`: the same test over every
// route at once, from the map's route sets, so that move generation visits only these.
inline RouteSet affordable_routes(const Map& map, const Cards& cards, const Materials& have, int cars) {
  const auto at_most = [](int k) { return std::size_t(std::clamp(k, 0, kMaxRouteLength)); };
  const int locomotives = cards[kLocomotive];
  const int most_of_one_colour = *std::max_element(cards.begin(), cards.begin() + kTrainColours);
  RouteSet payable = map.train_spaces_at_most[kTrainColours][at_most(most_of_one_colour + locomotives)];  // grey
  for (int c = 0; c < kTrainColours; ++c)
    payable = payable | map.train_spaces_at_most[std::size_t(c)][at_most(cards[std::size_t(c)] + locomotives)];
  return payable & map.ships_at_most[at_most(locomotives)] &
         map.symbols_at_most[at_most(have[3] + have[4] + std::min(have[0], have[1]))] &
         map.length_at_most[at_most(cars)];
}

// f(payment) for every payment of `route` that the hand affords, each distinct hand left once:
// colours in Colour order, then fewer locomotives first, then fewer Tunnel and Railway cards.
template <class F>
void for_each_payment(const Route& route, const Cards& cards, const Materials& have, F&& f) {
  const int train = route.length - route.railways - route.tunnels;  // spaces paid with train cards
  const int symbols = route.railways + route.tunnels;
  for (int locos = route.ships; locos <= train && locos <= cards[kLocomotive]; ++locos) {
    const int need = train - locos;  // colour cards
    for (int c = 0; c < kTrainColours; ++c) {
      if (need == 0 && c > 0) break;  // no colour cards: one payment, without colour
      if (need > 0 && route.colour != Colour::Grey && c != int(route.colour)) continue;
      if (need > cards[std::size_t(c)]) continue;
      for (int tunnel_cards = 0; tunnel_cards <= route.tunnels && tunnel_cards <= have[4]; ++tunnel_cards)
        for (int railway_cards = 0; railway_cards <= symbols - tunnel_cards && railway_cards <= have[3];
             ++railway_cards) {
          const Payment p{std::uint8_t(need == 0 ? kNoColour : c), std::uint8_t(need), std::uint8_t(locos),
                          std::uint8_t(tunnel_cards), std::uint8_t(railway_cards)};
          const Materials spent = p.materials(route);
          if (spent[0] <= have[0] && spent[1] <= have[1] && spent[2] <= have[2]) f(p);
        }
    }
  }
}

}  // namespace nuraghe::ttr

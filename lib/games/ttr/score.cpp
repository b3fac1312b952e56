// The score part by part: one JSON structure (`nuraghe score --json`, the arena's results files),
// and the text of `nuraghe score`, which is drawn from that structure alone.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "games/ttr/payments.hpp"
#include "games/ttr/presentation.hpp"
#include "games/ttr/scoring.hpp"
#include "games/ttr/ttr.hpp"

namespace nuraghe {
namespace {

// How the winner was decided (docs/rules-ttr.md, Rulings: "Bonuses and the winner's ties"): points,
// then completed tickets, then fewer stations used, then the Express bonus; seats still tied share
// the win. The first of these on which the seats with the most points differ.
std::string decided_by(const ttr::State& s, const std::array<ttr::State::Breakdown, ttr::kMaxSeats>& parts) {
  int best = parts[0].total();  // (from 0, a tie below zero read as "the most points")
  for (int p = 0; p < s.players; ++p) best = std::max(best, parts[std::size_t(p)].total());
  std::vector<int> tied;
  for (int p = 0; p < s.players; ++p)
    if (parts[std::size_t(p)].total() == best) tied.push_back(p);
  const auto all_equal = [&](auto key) {
    return std::all_of(tied.begin(), tied.end(), [&](int p) { return key(p) == key(tied[0]); });
  };
  if (tied.size() == 1) return "points";
  if (!all_equal([&](int p) { return parts[std::size_t(p)].completed; })) return "tickets";
  if (!all_equal([&](int p) { return std::popcount(s.stations[std::size_t(p)]); })) return "stations";
  if (!all_equal([&](int p) { return parts[std::size_t(p)].express; })) return "express";
  return "shared";
}

// Words wrapped at 79 columns, each line after the first indented by `indent`.
std::string wrapped(const std::vector<std::string>& words, std::size_t first_column, std::size_t indent) {
  std::string out;
  std::size_t column = first_column;
  for (const auto& w : words) {
    if (column > indent && column + 1 + w.size() > 79) out += "\n" + std::string(indent, ' '), column = indent;
    else out += " ", ++column;
    out += w, column += w.size();
  }
  return out;
}

// The network seat p's tickets are scored on: its own routes and the ones its stations borrow.
ttr::RouteSet scored_network(const ttr::State& s, const ttr::State::Breakdown& b, int p) {
  ttr::RouteSet network = s.routes[std::size_t(p)];
  for (std::uint64_t c = s.stations[std::size_t(p)]; c; c &= c - 1)
    if (const int r = b.borrowed[std::size_t(std::countr_zero(c))]; r >= 0) network.add(r);
  return network;
}

std::string padded(const std::string& label, int points, bool sign = false) {
  char text[64];
  std::snprintf(text, sizeof text, sign ? "  %-10s %+4d  " : "  %-10s %4d  ", label.c_str(), points);
  return text;
}

}  // namespace

Json ttr::Presentation::score_json(const Ttr::State& s) {
  using namespace ttr;
  const Map& m = s.board();
  const auto parts = s.breakdown();
  const auto outcome = s.outcome();
  const auto owner = [&](int r) {
    for (int q = 0; q < s.players; ++q)
      if (s.routes[std::size_t(q)].has(r)) return q;
    return -1;
  };
  Json seats = Json::array();
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const State::Breakdown& b = parts[q];
    Json routes = Json::array(), tickets = Json::array(), stations = Json::array();
    s.routes[q].for_each([&](int r) {
      const Route& route = m.routes[std::size_t(r)];
      routes.push_back({{"route", route_name(m, r)}, {"cars", int(route.length)}, {"points", route_points(route)}});
    });
    const RouteSet network = scored_network(s, b, p);
    RouteSet others;
    for (int o = 0; o < s.players; ++o)
      if (o != p) others = others | s.routes[std::size_t(o)];
    for (std::uint64_t c = s.stations[q]; c; c &= c - 1) {
      const int city = std::countr_zero(c), r = b.borrowed[std::size_t(city)];
      // A station takes no route when no other player has one at its city, or when none of
      // theirs there raises its owner's ticket score (docs/rules-ttr.md, Rulings: "Stations").
      Json station = {{"city", m.city_id[std::size_t(city)]},
                      {"borrows", r < 0 ? Json() : Json(route_name(m, r))},
                      {"routes_of_others", (m.routes_at[std::size_t(city)] & others).count()}};
      if (r >= 0) station["owner"] = owner(r);
      stations.push_back(std::move(station));
    }
    for (std::uint64_t t = s.tickets[q]; t; t &= t - 1) {
      const int k = std::countr_zero(t);
      const Ticket& ticket = m.tickets[std::size_t(k)];
      tickets.push_back({{"id", k},
                         {"name", ticket_name(m, k)},
                         {"value", int(ticket.value)},
                         {"long", ticket.long_route},
                         {"completed", completes(m, network, ticket)}});
    }
    seats.push_back({{"total", b.total()},
                     {"win", outcome[q]},
                     {"routes", b.routes},
                     {"tickets", b.tickets},
                     {"completed", b.completed},
                     {"unused_stations", b.unused_stations},
                     {"trail", b.trail},
                     {"ferry_cars", b.ferry_cars},
                     {"express", b.express},
                     {"touring", b.touring},
                     {"ferries", b.ferries_bonus},
                     {"cars", int(s.cars[q])},
                     {"route_list", routes},
                     {"ticket_list", tickets},
                     {"station_list", stations}});
  }
  const char* ended = s.phase != Phase::Over ? "not-over" : s.last_round == 0 ? "last-round" : "safeguard";
  Json winners = Json::array();
  for (int p = 0; p < s.players; ++p)
    if (outcome[std::size_t(p)] > 0) winners.push_back(p);
  return Json{
      {"map", m.name},
      {"title", m.title},
      {"ended_by", ended},
      {"options",
       {{"stations", s.stations_option}, {"express", s.express}, {"touring", s.touring}, {"ferries", s.ferries}}},
      {"seats", seats},
      {"winner", {{"seats", winners}, {"decided_by", decided_by(s, parts)}}}};
}

std::string ttr::score_text(const Json& score) {
  const Json& options = score.at("options");
  const Json& seats = score.at("seats");
  std::ostringstream out;
  out << score.at("title").get<std::string>() << ", " << seats.size() << " players: "
      << (score.at("ended_by") != "not-over" ? "the final score" : "the game is not over; the score if it ended now")
      << "\n";
  for (std::size_t p = 0; p < seats.size(); ++p) {
    const Json& seat = seats[p];
    const auto points = [&](const char* part) { return seat.at(part).get<int>(); };
    out << "player " << p << ": " << points("total") << " points"
        << (seat.at("win").get<double>() > 0 ? ", a winner" : "") << "\n";

    std::vector<std::string> routes;
    int cars = 0;
    for (const Json& route : seat.at("route_list")) {
      routes.push_back(route.at("route").get<std::string>() + " " + std::to_string(route.at("points").get<int>()));
      cars += route.at("cars").get<int>();
    }
    const std::string head = padded("routes", points("routes")) + std::to_string(routes.size()) + " routes, " +
                             std::to_string(cars) + " cars" + (routes.empty() ? "" : ", points each:");
    out << head << wrapped(routes, head.size(), 19) << "\n";

    const Json& tickets = seat.at("ticket_list");
    out << padded("tickets", points("tickets"), true) << points("completed") << " of " << tickets.size()
        << " completed\n";
    for (const Json& ticket : tickets) {
      const int value = ticket.at("value").get<int>();
      char line[32];  // under the points column
      std::snprintf(line, sizeof line, "%13s%+4d  ", "", ticket.at("completed").get<bool>() ? value : -value);
      out << line << ticket.at("name").get<std::string>() << (ticket.at("long").get<bool>() ? " (long)" : "") << "\n";
    }

    if (options.at("stations").get<bool>()) {
      const Json& stations = seat.at("station_list");
      const int unused = points("unused_stations");
      out << padded("stations", 4 * unused) << stations.size() << " built, " << unused << " unused at 4 points\n";
      for (const Json& station : stations) {
        const int here = station.at("routes_of_others").get<int>();
        out << std::string(19, ' ') << station.at("city").get<std::string>() << ": "
            << (!station.at("borrows").is_null() ? "borrows " + station.at("borrows").get<std::string>() +
                                                       " of player " + std::to_string(station.at("owner").get<int>())
                : here == 0 ? std::string("no route of another player here to borrow")
                            : "borrowing gains nothing (" + std::to_string(here) +
                                  (here == 1 ? " route of another player here)" : " routes of other players here)"))
            << "\n";
      }
    }
    if (options.at("express").get<bool>())
      out << padded("express", points("express")) << "longest trail " << points("trail") << " cars\n";
    if (options.at("touring").get<bool>())
      out << padded("touring", points("touring")) << points("completed") << " tickets completed\n";
    if (options.at("ferries").get<bool>())
      out << padded("ferries", points("ferries")) << points("ferry_cars") << " cars on ferry routes\n";
  }

  const Json& winner = score.at("winner");
  std::string who;
  for (const Json& p : winner.at("seats"))
    who += (who.empty() ? "player " : ", player ") + std::to_string(p.get<int>());
  const std::string decided = winner.at("decided_by").get<std::string>();
  const char* why = decided == "points"     ? "the most points"
                    : decided == "tickets"  ? "tied on points; the most completed tickets"
                    : decided == "stations" ? "tied on points and tickets; the fewest stations used"
                    : decided == "express"  ? "tied on points, tickets and stations; the Express bonus"
                                            : "tied on points, tickets, stations and the Express bonus";
  out << (winner.at("seats").size() > 1 ? "shared win: " : "winner: ") << who << " (" << why << ")\n";
  return out.str();
}

// A designer's figures (`nuraghe stats --by route|ticket|city`): per seat, the routes it claimed;
// the tickets it kept and, at the end, whether each is completed as the score counts it (its
// stations' borrowed routes too); the cities its routes reach, its routes there, its station there
// and its kept tickets that name the city.
ItemStats Ttr::item_stats(const State& s, std::string_view kind, bool final) {
  using namespace ttr;
  const Map& m = s.board();
  const int n = s.players;
  if (kind == "route") {
    ItemStats out(m.num_routes, {{"claimed", false}}, n);
    for (int p = 0; p < n; ++p) s.routes[std::size_t(p)].for_each([&](int r) { out.at(r, p, 0) = 1; });
    if (final)
      for (int r = 0; r < m.num_routes; ++r) out.items.push_back(route_name(m, r));
    return out;
  }
  if (kind == "ticket") {
    ItemStats out(m.num_tickets, {{"kept", false}, {"completed", true}}, n);
    const auto parts = final ? s.breakdown() : std::array<State::Breakdown, kMaxSeats>{};
    for (int p = 0; p < n; ++p) {
      const RouteSet network = final ? scored_network(s, parts[std::size_t(p)], p) : RouteSet{};
      for (int t = 0; t < m.num_tickets; ++t) {
        const bool kept = (s.tickets[std::size_t(p)] >> t) & 1;
        out.at(t, p, 0) = kept;
        out.at(t, p, 1) = !kept ? std::numeric_limits<double>::quiet_NaN()
                                : double(final && completes(m, network, m.tickets[std::size_t(t)]));
      }
    }
    if (final)
      for (int t = 0; t < m.num_tickets; ++t) out.items.push_back(std::to_string(t) + ": " + ticket_name(m, t));
    return out;
  }
  if (kind == "city") {
    ItemStats out(m.num_cities, {{"reached", false}, {"routes", false}, {"station", false}, {"tickets", false}}, n);
    for (int p = 0; p < n; ++p) {
      const auto q = std::size_t(p);
      for (int c = 0; c < m.num_cities; ++c) {
        const int routes = (m.routes_at[std::size_t(c)] & s.routes[q]).count();
        int tickets = 0;
        for (std::uint64_t t = s.tickets[q]; t; t &= t - 1) {
          const Ticket& ticket = m.tickets[std::size_t(std::countr_zero(t))];
          tickets += (((ticket.from | ticket.to) >> c) & 1) != 0;
        }
        out.at(c, p, 0) = routes > 0;
        out.at(c, p, 1) = routes;
        out.at(c, p, 2) = double((s.stations[q] >> c) & 1);
        out.at(c, p, 3) = tickets;
      }
    }
    if (final)
      for (int c = 0; c < m.num_cities; ++c) out.items.push_back(m.city_id[std::size_t(c)]);
    return out;
  }
  throw std::logic_error("ttr: no statistics of kind " + std::string(kind));
}

}  // namespace nuraghe

#include "games/ttr/ttr.hpp"

#include "games/ttr/payments.hpp"
#include "games/ttr/scoring.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <sstream>

namespace nuraghe {

Ttr::State Ttr::initial(const GameConfig& config) {
  const int players = checked_players<Ttr>(config, 2);
  const Params params("ttr", config.options, option_specs());
  const ttr::Map& map = config.map_file.empty() ? ttr::Map::sardinia() : ttr::Map::load_file(config.map_file);
  int longs = 0;
  for (int t = 0; t < map.num_tickets; ++t) longs += map.tickets[std::size_t(t)].long_route;
  const int regulars = map.num_tickets - longs;
  if (longs < players || regulars < ttr::kSetupRegular * players)
    input_error("ttr: map \"" + map.name + "\" has " + std::to_string(longs) + " long and " + std::to_string(regulars) +
                " regular tickets; " + std::to_string(players) + " players need " + std::to_string(players) +
                " long and " + std::to_string(ttr::kSetupRegular * players) + " regular");
  State::Options o;
  o.stations = params.text("stations") == "on";
  o.express = params.text("express") == "on";
  o.touring = params.text("touring") == "on";
  o.ferries = params.text("ferries") == "on";
  o.cars = int(params.integer("cars"));
  return State::setup(map, players, o, config.seed);
}

// Within 80 columns: the table (face-up cards, decks), then a line or two per seat; the seat's own
// cards, Materials and tickets (and the tickets it is offered, numbered as `keep` names them) only
// where the observer may see them.
std::string Ttr::render(const State& s, Player observer) {
  const ttr::Map& m = s.board();
  std::ostringstream out;
  static constexpr const char* kPhases[] = {"keeping setup tickets", "turn", "second draw", "keeping tickets",
                                            "game over"};
  out << m.title << " | " << (s.phase == ttr::Phase::Over ? "" : "player " + std::to_string(int(s.turn)) + ": ")
      << kPhases[int(s.phase)] << "\n  face up";
  for (const auto k : s.face_up)
    out << " " << (k == ttr::kLocomotive ? "loco" : k < ttr::kCardKinds ? ttr::kColourNames[k] : "-");
  out << "\n  decks: " << int(s.train_size) << " train, " << int(s.materials_size) << " materials, "
      << int(s.ticket_size) << " tickets\n";
  const auto ticket_text = [&](int t) {
    const ttr::Ticket& k = m.tickets[std::size_t(t)];
    return ttr::ticket_name(m, t) + " " + std::to_string(int(k.value)) + (k.long_route ? " long" : "");
  };
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    out << "  player " << p << ": " << int(s.cars[q]) << " cars, " << s.routes[q].count() << " routes, "
        << std::popcount(s.stations[q]) << " stations";
    const bool shown = observer < 0 || observer == p;
    int cards = 0, mats = 0;
    for (const auto c : s.cards[q]) cards += c;
    for (const auto c : s.materials[q]) mats += c;
    if (shown) {
      out << "\n    cards";
      for (int k = 0; k < ttr::kCardKinds; ++k)
        if (s.cards[q][std::size_t(k)] > 0)
          out << " " << (k == ttr::kLocomotive ? "loco" : ttr::kColourNames[std::size_t(k)])
              << int(s.cards[q][std::size_t(k)]);
      out << " | materials";
      for (int k = 0; k < ttr::kMaterialKinds; ++k)
        if (s.materials[q][std::size_t(k)] > 0)
          out << " " << ttr::kMaterialNames[std::size_t(k)] << int(s.materials[q][std::size_t(k)]);
      std::string tickets;
      for (std::uint64_t t = s.tickets[q]; t; t &= t - 1) {
        const std::string text = ticket_text(std::countr_zero(t));
        const std::size_t last_line = tickets.rfind('\n') == std::string::npos ? 0 : tickets.rfind('\n') + 1;
        tickets += (tickets.empty() ? "" : tickets.size() - last_line + text.size() > 68 ? ";\n      " : "; ") + text;
      }
      if (!tickets.empty()) out << "\n    tickets " << tickets;
      if (s.offered[q]) out << "\n    offered:";
      int place = 0;
      for (std::uint64_t t = s.offered[q]; t; t &= t - 1)
        out << "\n      " << ++place << ". " << ticket_text(std::countr_zero(t));
    } else {
      out << "\n    " << cards << " cards, " << mats << " materials, " << std::popcount(s.tickets[q]) << " tickets";
      if (s.offered[q]) out << ", " << std::popcount(s.offered[q]) << " offered";
    }
    out << "\n";
  }
  return out.str();
}

namespace {

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

std::string padded(const std::string& label, int points, bool sign = false) {
  char text[64];
  std::snprintf(text, sizeof text, sign ? "  %-10s %+4d  " : "  %-10s %4d  ", label.c_str(), points);
  return text;
}

}  // namespace

Json Ttr::score_json(const State& s) {
  using namespace ttr;
  const Map& m = s.board();
  const auto parts = s.breakdown();
  const auto outcome = s.outcome();
  Json seats = Json::array();
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const State::Breakdown& b = parts[q];
    Json routes = Json::array(), tickets = Json::array(), stations = Json::array();
    s.routes[q].for_each([&](int r) { routes.push_back(route_name(m, r)); });
    RouteSet network = s.routes[q];
    for (std::uint64_t c = s.stations[q]; c; c &= c - 1) {
      const int city = std::countr_zero(c), r = b.borrowed[std::size_t(city)];
      stations.push_back(
          {{"city", m.city_id[std::size_t(city)]}, {"borrows", r < 0 ? Json() : Json(route_name(m, r))}});
      if (r >= 0) network.add(r);
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
  return Json{{"map", m.name}, {"ended_by", ended}, {"seats", seats}};
}

std::string Ttr::score_report(const State& s) {
  using namespace ttr;
  const Map& m = s.board();
  const auto parts = s.breakdown();
  const auto outcome = s.outcome();
  std::ostringstream out;
  out << m.title << ", " << int(s.players) << " players: "
      << (s.phase == Phase::Over ? "the final score" : "the game is not over; the score if it ended now") << "\n";
  const auto owner = [&](int r) {
    for (int q = 0; q < s.players; ++q)
      if (s.routes[std::size_t(q)].has(r)) return q;
    return -1;
  };
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const State::Breakdown& b = parts[q];
    out << "player " << p << ": " << b.total() << " points" << (outcome[q] > 0 ? ", a winner" : "") << "\n";

    std::vector<std::string> routes;
    int cars = 0;
    s.routes[q].for_each([&](int r) {
      routes.push_back(route_name(m, r) + " " + std::to_string(route_points(m.routes[std::size_t(r)])));
      cars += m.routes[std::size_t(r)].length;
    });
    const std::string head = padded("routes", b.routes) + std::to_string(routes.size()) + " routes, " +
                             std::to_string(cars) + " cars" + (routes.empty() ? "" : ", points each:");
    out << head << wrapped(routes, head.size(), 19) << "\n";

    // The network the tickets are scored on: the own routes and the ones the stations borrow.
    RouteSet network = s.routes[q];
    for (int c = 0; c < m.num_cities; ++c)
      if (b.borrowed[std::size_t(c)] >= 0) network.add(b.borrowed[std::size_t(c)]);
    out << padded("tickets", b.tickets, true) << b.completed << " of " << std::popcount(s.tickets[q]) << " completed\n";
    for (std::uint64_t t = s.tickets[q]; t; t &= t - 1) {
      const int k = std::countr_zero(t);
      const Ticket& ticket = m.tickets[std::size_t(k)];
      const bool done = completes(m, network, ticket);
      char line[32];  // under the points column
      std::snprintf(line, sizeof line, "%13s%+4d  ", "", done ? ticket.value : -ticket.value);
      out << line << ticket_name(m, k) << (ticket.long_route ? " (long)" : "") << "\n";
    }

    if (s.stations_option) {
      const int built = std::popcount(s.stations[q]);
      out << padded("stations", 4 * b.unused_stations) << built << " built, " << b.unused_stations
          << " unused at 4 points\n";
      // A station takes no route when no other player has one at its city, or when none of
      // theirs there raises its owner's ticket score (docs/rules-ttr.md, Rulings: "Stations").
      RouteSet others;
      for (int o = 0; o < s.players; ++o)
        if (o != p) others = others | s.routes[std::size_t(o)];
      for (std::uint64_t c = s.stations[q]; c; c &= c - 1) {
        const int city = std::countr_zero(c), r = b.borrowed[std::size_t(city)];
        const int here = (m.routes_at[std::size_t(city)] & others).count();
        out << std::string(19, ' ') << m.city_id[std::size_t(city)] << ": "
            << (r >= 0      ? "borrows " + route_name(m, r) + " of player " + std::to_string(owner(r))
                : here == 0 ? std::string("no route of another player here to borrow")
                            : "borrowing gains nothing (" + std::to_string(here) +
                                  (here == 1 ? " route of another player here)" : " routes of other players here)"))
            << "\n";
      }
    }
    if (s.express) out << padded("express", b.express) << "longest trail " << b.trail << " cars\n";
    if (s.touring) out << padded("touring", b.touring) << b.completed << " tickets completed\n";
    if (s.ferries) out << padded("ferries", b.ferries_bonus) << b.ferry_cars << " cars on ferry routes\n";
  }

  // How the winner was decided (docs/rules-ttr.md, Rulings: "Bonuses and the winner's ties"): points, then
  // completed tickets, then fewer stations used, then the Express bonus; seats still tied share the win.
  std::vector<int> winners, tied;
  int best = 0;
  for (int p = 0; p < s.players; ++p) best = std::max(best, parts[std::size_t(p)].total());
  for (int p = 0; p < s.players; ++p) {
    if (outcome[std::size_t(p)] > 0) winners.push_back(p);
    if (parts[std::size_t(p)].total() == best) tied.push_back(p);
  }
  std::string who;
  for (int p : winners) who += (who.empty() ? "player " : ", player ") + std::to_string(p);
  const auto all_equal = [&](auto key) {
    for (int p : tied)
      if (key(p) != key(tied[0])) return false;
    return true;
  };
  std::string why = "the most points";
  if (tied.size() > 1) {
    const auto completed = [&](int p) { return parts[std::size_t(p)].completed; };
    const auto stations = [&](int p) { return std::popcount(s.stations[std::size_t(p)]); };
    const auto express = [&](int p) { return parts[std::size_t(p)].express; };
    why = !all_equal(completed)  ? "tied on points; the most completed tickets"
          : !all_equal(stations) ? "tied on points and tickets; the fewest stations used"
          : !all_equal(express)  ? "tied on points, tickets and stations; the Express bonus"
                                 : "tied on points, tickets, stations and the Express bonus";
  }
  out << (winners.size() > 1 ? "shared win: " : "winner: ") << who << " (" << why << ")\n";
  return out.str();
}

}  // namespace nuraghe

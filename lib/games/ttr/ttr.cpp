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
  const ttr::Map& map = board_of(config, ttr::Map::sardinia());
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

}  // namespace nuraghe

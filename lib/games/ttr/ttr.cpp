#include "games/ttr/ttr.hpp"

#include "core/text.hpp"
#include "games/ttr/features.hpp"
#include "games/ttr/notation.hpp"
#include "games/ttr/payments.hpp"
#include "games/ttr/presentation.hpp"
#include "games/ttr/scoring.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

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

namespace {

// What seat p's hand lacks to claim `routes` (ttr::lacking, features.hpp), as the seat reads it:
// "red 2, any 1, loco 1, railway 1" ("any": cards of one colour, for grey routes); "" when the hand
// pays it all.
std::string lacking_text(const ttr::State& s, Player p, const ttr::RouteSet& routes) {
  const ttr::Lack lack = ttr::lacking(s, p, routes);
  std::string out;
  const auto add = [&](const std::string& what, int n) {
    if (n > 0) out += (out.empty() ? "" : ", ") + what + " " + std::to_string(n);
  };
  for (int c = 0; c < ttr::kTrainColours; ++c)
    add(std::string(ttr::kColourNames[std::size_t(c)]), lack.colour[std::size_t(c)]);
  add("any", lack.grey);
  add("loco", lack.locomotives);
  add("railway", lack.railways);
  add("tunnel", lack.tunnels);
  return out;
}

// Seat p's ticket t as the seat follows it: done (its routes join the ticket's cities), or the car
// spaces left on its cheapest open path and the cards that path still lacks ("4 spaces, lacks red 2,
// loco 1"; "cards in hand" when the hand pays it all), or no open path. At the end, done or not.
std::string ticket_progress(const ttr::State& s, Player p, int t) {
  const ttr::TicketPath path = ttr::ticket_path(s, p, s.board().tickets[std::size_t(t)]);
  if (path.spaces == 0) return "done";
  if (s.phase == ttr::Phase::Over) return "not done";
  if (path.spaces < 0) return "no open path";
  const std::string lacks = lacking_text(s, p, path.routes);
  return std::to_string(path.spaces) + (path.spaces == 1 ? " space, " : " spaces, ") +
         (lacks.empty() ? "cards in hand" : "lacks " + lacks);
}

}  // namespace

std::string ttr::Presentation::explain_to(const Ttr::State& before, Move m, Player p) {
  const ttr::MoveKind kind = ttr::kind_of(m);
  if (before.to_move() != p || (kind != ttr::MoveKind::DrawDeck && kind != ttr::MoveKind::DrawMaterials)) return {};
  Ttr::State after = before;
  after.apply(m);
  const auto q = std::size_t(p);
  for (int k = 0; k < ttr::kCardKinds; ++k)
    if (after.cards[q][std::size_t(k)] > before.cards[q][std::size_t(k)])
      return "  you drew " + std::string(k == ttr::kLocomotive ? "a locomotive" : ttr::kColourNames[std::size_t(k)]) +
             "\n";
  for (int k = 0; k < ttr::kMaterialKinds; ++k)
    if (after.materials[q][std::size_t(k)] > before.materials[q][std::size_t(k)])
      return "  you drew " + std::string(ttr::kMaterialNames[std::size_t(k)]) + "\n";
  // A full hand discards first (the move names the kind), then draws: a card of the kind discarded
  // leaves the hand as it was.
  if (kind == ttr::MoveKind::DrawMaterials && ttr::field_of(m) > 0)
    return "  you drew " + std::string(ttr::kMaterialNames[std::size_t(ttr::field_of(m) - 1)]) + "\n";
  return {};
}

std::string ttr::Presentation::move_help(const Ttr::State& s, Player p, Move m) {
  if (ttr::kind_of(m) != ttr::MoveKind::Keep) return {};
  // The tickets kept, by name: `keep 1+3` numbers the offered tickets in id order.
  std::string kept;
  int place = 0;
  for (std::uint64_t offered = s.offered[std::size_t(p)]; offered; offered &= offered - 1, ++place)
    if (ttr::field_of(m) >> place & 1)
      kept += (kept.empty() ? "" : "; ") + ttr::ticket_name(s.board(), std::countr_zero(offered));
  return kept;
}

std::vector<std::string> ttr::Presentation::move_places(const Ttr::State& s, Player, Move m) {
  const ttr::Map& map = s.board();
  switch (ttr::kind_of(m)) {
    case ttr::MoveKind::Claim: return {"route:" + ttr::route_name(map, ttr::route_of(m))};
    case ttr::MoveKind::Station: return {"city:" + map.city_id[std::size_t(ttr::city_of(m))]};
    default: return {};
  }
}

// Within 80 columns: the table (face-up cards, decks), then a line or two per seat; the seat's own
// cards, Materials, claimed routes and tickets (each done, or with what its cheapest open path still
// needs; and the tickets it is offered, numbered as `keep` names them) only where the observer may
// see them.
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
      std::vector<std::string> claimed;
      s.routes[q].for_each([&](int r) { claimed.push_back(ttr::route_name(m, r) + ","); });
      if (!claimed.empty()) {
        claimed.back().pop_back();  // the last one's comma
        out << "\n" << wrapped_list("    routes", claimed, 11);
      }
      // A ticket a line, its progress after it or, where the line would pass 80 columns, on the next
      // (the progress says it is a ticket: a line of its own as a header would not fit 24 lines).
      for (std::uint64_t t = s.tickets[q]; t; t &= t - 1) {
        const int k = std::countr_zero(t);
        const std::string text = "      " + ticket_text(k) + ":", progress = ticket_progress(s, p, k);
        out << "\n" << text << (text.size() + 1 + progress.size() <= 80 ? " " : "\n        ") << progress;
      }
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

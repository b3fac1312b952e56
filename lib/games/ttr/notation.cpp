#include "games/ttr/notation.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "core/error.hpp"

namespace nuraghe::ttr {
namespace {

std::string card_name(int kind) { return kind == kLocomotive ? "loco" : std::string(kColourNames[std::size_t(kind)]); }

// "red2+loco1+railway+stones": colour cards and locomotives with their counts, then the Materials
// cards spent (a count only above 1).
std::string payment_text(const Payment& p, const Materials& spent) {
  std::string out;
  const auto add = [&](const std::string& part) { out += (out.empty() ? "" : "+") + part; };
  if (p.colour_cards > 0) add(card_name(p.colour) + std::to_string(p.colour_cards));
  if (p.locomotives > 0) add("loco" + std::to_string(p.locomotives));
  // The made cards first, as the rulebook names them ("1 Railway and 1 Stones cards").
  for (const Material k : {Material::Railway, Material::Tunnel, Material::Wood, Material::Rails, Material::Stones})
    if (spent[std::size_t(k)] > 0)
      add(std::string(kMaterialNames[std::size_t(k)]) +
          (spent[std::size_t(k)] > 1 ? std::to_string(spent[std::size_t(k)]) : ""));
  return out;
}

// The words of a move with single spaces, and the parts of a payment in sorted order: a player
// may list a payment's cards in any order ("stones+railway" is "railway+stones").
std::string canonical(std::string_view text) {
  std::vector<std::string> words(1);
  for (const char c : text) {
    if (c == ' ' || c == '\t') {
      if (!words.back().empty()) words.emplace_back();
    } else {
      words.back() += c;
    }
  }
  if (words.back().empty()) words.pop_back();
  std::string out;
  for (std::string& w : words) {
    std::vector<std::string> parts(1);
    for (const char c : w)
      if (c == '+') parts.emplace_back();
      else parts.back() += c;
    std::sort(parts.begin(), parts.end());
    std::string joined;
    for (const auto& part : parts) joined += (joined.empty() ? "" : "+") + part;
    out += (out.empty() ? "" : " ") + joined;
  }
  return out;
}

}  // namespace

std::string route_name(const Map& m, int r) {
  const Route& route = m.routes[std::size_t(r)];
  return m.city_id[route.a] + "~" + m.city_id[route.b] + (route.second ? "#2" : "");
}

std::string ticket_name(const Map& m, int t) {
  const Ticket& ticket = m.tickets[std::size_t(t)];
  const auto side = [&](std::uint64_t cities) {
    const std::string& name = m.city_name[std::size_t(std::countr_zero(cities))];
    const int k = std::popcount(cities);
    return k == 1 ? name : name + " (any of " + std::to_string(k) + ")";
  };
  return side(ticket.from) + " - " + side(ticket.to);
}

std::string move_text(const State& s, Player seat, Move mv) {
  const Map& m = s.board();
  switch (kind_of(mv)) {
    case MoveKind::Claim: {
      const int r = route_of(mv);
      const Route& route = m.routes[std::size_t(r)];
      const Payment p = claim_payment(mv, route);
      return "claim " + route_name(m, r) + " " + payment_text(p, p.materials(route));
    }
    case MoveKind::Station:
      return "station " + m.city_id[std::size_t(city_of(mv))] + " " +
             payment_text(station_payment(mv, s.station_cost()), Materials{});
    case MoveKind::DrawFaceUp: return "draw face-up " + card_name(field_of(mv));
    case MoveKind::DrawDeck: return "draw deck";
    case MoveKind::DrawMaterials:
      return field_of(mv) == 0 ? "draw materials"
                               : "draw materials discard " + std::string(kMaterialNames[std::size_t(field_of(mv) - 1)]);
    case MoveKind::DrawTickets: return "draw tickets";
    case MoveKind::Keep: {
      std::string out;
      for (int i = 0; i < kMaxOffered; ++i)
        if (field_of(mv) >> i & 1) out += (out.empty() ? "" : "+") + std::to_string(i + 1);
      return "keep " + out;
    }
    case MoveKind::Pass: return "pass";
  }
  (void)seat;
  return "?";
}

Move parse_move_text(const State& s, Player seat, std::string_view text) {
  const std::string wanted = canonical(text);
  MoveList moves;
  s.legal_moves(seat, moves);
  for (const Move m : moves)
    if (canonical(move_text(s, seat, m)) == wanted) return m;
  input_error("ttr: \"" + std::string(text) + "\" is not a legal move for player " + std::to_string(seat) +
              " here (`nuraghe legal` lists them)");
}

}  // namespace nuraghe::ttr

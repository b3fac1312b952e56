// What Sardegna tells a person at the table: the text picture, the board's legend, what a move
// did and will do, and why a move is not legal (docs/game-concept.md, "Notation and positions").
#include <algorithm>
#include <sstream>

#include "games/sardegna/presentation.hpp"
#include "games/sardegna/sardegna.hpp"

namespace nuraghe {

using S = Sardegna::State;

namespace {

std::string id_list(unsigned mask) {
  std::string out;
  for (; mask; mask &= mask - 1) out += (out.empty() ? "" : " ") + std::to_string(std::countr_zero(mask) + 1);
  return out;
}

}  // namespace

std::string Sardegna::render(const State& s, Player observer) {
  std::ostringstream out;
  out << "scorings " << int(s.row_next) << "/11 | face up";
  for (int i = 0; i < 2; ++i)
    if (s.face_up(i) >= 0) out << " " << s.face_up(i) + 1;
  out << " | row " << kRowLength - s.row_next << ", deck " << int(s.deck_size) << " | player " << int(s.turn) << ": "
      << kPhaseNames[int(s.phase)] << "\n"
      << "  province value token | pN: v villagers, V villages, +P priest\n";
  // One entry per province: id, name, value, token, then each player's pieces as "p0:2v1V+P"
  // (villagers, villages, the priest). Two columns when every entry fits 39 characters, so the
  // picture and the move prompt fit a terminal of 80 x 24.
  std::vector<std::string> entries;
  std::size_t widest = 0;
  for (int q = 0; q < kProvinces; ++q) {
    char head[64];
    std::snprintf(head, sizeof head, "%2d %-10.10s %d %-6s", q + 1, s.board().province_names[q].c_str(),
                  int(s.board().value[q]), s.token_in(q) ? token_name(s.token_in(q)) : "-");
    std::string e = head;
    for (int p = 0; p < s.players; ++p) {
      const int v = s.villagers_in(p, q), g = s.villages_in(p, q);
      if (!v && !g && s.priest[p] != q) continue;
      e += " p" + std::to_string(p) + ":";
      if (v) e += std::to_string(v) + "v";
      if (g) e += std::to_string(g) + "V";
      if (s.priest[p] == q) e += "+P";
    }
    if (s.full(q)) e += " FULL";
    widest = std::max(widest, e.size());
    entries.push_back(e);
  }
  const bool two_columns = widest <= 38;
  const int rows = two_columns ? kProvinces / 2 : kProvinces;
  for (int r = 0; r < rows; ++r) {
    std::string line = "  " + entries[std::size_t(r)];
    if (two_columns) line += std::string(40 - line.size(), ' ') + entries[std::size_t(r + rows)];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  for (int p = 0; p < s.players; ++p) {
    // Every card not played since the last Sentinel is in hand: the played ones say it all.
    out << "  player " << p << ": " << s.score[p] << " points, ships " << (s.ships[p] ? id_list(s.ships[p]) : "-")
        << ", forts " << (s.forts[p] ? id_list(s.forts[p]) : "-") << ", played";
    if (!s.front[p]) out << " -";
    for (int c = 0; c < kCards; ++c)
      if (s.front[p] >> c & 1) out << " " << kCardNames[c];
    if (s.tokens_harvested(p)) {
      out << ", harvested";
      for (int k = 1; k < kTokenKinds; ++k)
        if (s.harvested[p][k]) out << " " << int(s.harvested[p][k]) << " " << kTokenNames[k];
    }
    if (p == observer || observer < 0)
      for (int i = 0; i < 2; ++i)
        if (s.private_card[p][i] != kNoCard) out << ", private fort " << s.private_card[p][i] + 1;
    out << "\n";
  }
  return out.str();
}

// The board's geometry, which the per-turn picture leaves out: borders, and the provinces around
// every fort space and harbour.
std::string sardegna::Presentation::legend(const Sardegna::State& s) {
  const auto& b = s.board();
  std::ostringstream out;
  out << "board: " << b.name << "\nprovinces and their neighbours:\n";
  for (int q = 0; q < kProvinces; q += 2) {
    char line[160];
    std::snprintf(line, sizeof line, "  %2d %-10.10s %-24s %2d %-10.10s %s\n", q + 1, b.province_names[q].c_str(),
                  id_list(b.neighbours[q]).c_str(), q + 2, b.province_names[q + 1].c_str(),
                  id_list(b.neighbours[q + 1]).c_str());
    out << line;
  }
  // Entries packed into lines of at most 78 characters.
  const auto packed = [&](const char* title, int count, const auto& entry) {
    out << title;
    std::string line = " ";
    for (int i = 0; i < count; ++i) {
      const std::string e = entry(i);
      if (line.size() + 2 + e.size() > 78) out << line << "\n", line = " ";
      line += "  " + e;
    }
    out << line << "\n";
  };
  const auto commas = [](unsigned mask) {
    std::string t = id_list(mask);
    std::replace(t.begin(), t.end(), ' ', ',');
    return t;
  };
  packed("fort spaces (provinces around each):\n", kForts,
         [&](int f) { return std::to_string(f + 1) + ":" + commas(b.fort_provinces[f]); });
  packed("harbours (provinces beside each):\n", kHarbours, [&](int h) {
    return std::to_string(h + 1) + " " + b.harbour_names[h] + ":" + commas(b.harbour_provinces[h]);
  });
  return out.str();
}

// A Sentinel's scoring told province by province (page 7), and the card then turned up.
std::string sardegna::Presentation::explain(const Sardegna::State& before, Move m) {
  if (Sardegna::kind_of(m) != Sardegna::kPlaySentinel || before.row_next >= Sardegna::kRowLength) return {};
  const int fort = before.row[before.row_next];
  std::ostringstream out;
  out << "scoring of fort space " << fort + 1 << ":\n";
  Sardegna::State s = before;
  for (unsigned r = s.board().fort_provinces[fort]; r; r &= r - 1) {
    const int q = std::countr_zero(r);
    out << "  " << s.board().province_names[q] << " (" << int(s.board().value[q]) << "): influence";
    for (int p = 0; p < s.players; ++p) out << " p" << p << "=" << s.influence(p, q);
    std::uint16_t was[Sardegna::kMaxPlayers];
    std::copy(s.score, s.score + Sardegna::kMaxPlayers, was);
    s.score_province(q);
    std::string gains;
    for (int p = 0; p < s.players; ++p)
      if (s.score[p] != was[p])
        gains += (gains.empty() ? "" : ", ") + ("p" + std::to_string(p) + " +" + std::to_string(s.score[p] - was[p]));
    out << " -> " << (gains.empty() ? "nobody scores" : gains) << "\n";
  }
  Sardegna::State after = before;
  after.apply(m);
  if (after.phase == Sardegna::Phase::SentinelChoice)
    out << "  fort card " << after.row[after.row_next + 1] + 1
        << " is turned up: keep it, or replace it with the deck's top card\n";
  return out.str();
}

std::string sardegna::Presentation::move_help(const Sardegna::State& s, Player p, Move m) {
  const int next = s.row_next + 1 < Sardegna::kRowLength ? s.row[s.row_next + 1] + 1 : 0;
  switch (Sardegna::kind_of(m)) {
    case Sardegna::kKeep:
      return s.variant ? "fort card " + std::to_string(next) + " stays; draw the deck's top card, then discard one"
                       : "fort card " + std::to_string(next) + " stays in the row, second to be scored";
    case Sardegna::kReplace:
      return "fort card " + std::to_string(next) + " goes under the deck, its top card replaces it";
    case Sardegna::kSwap:
      return "fort card " + std::to_string(next) + " under the deck, your private " +
             std::to_string(s.private_card[p][0] + 1) + " in its place; draw anew";
    case Sardegna::kDiscard:
      return "fort card " + std::to_string(int(Sardegna::a_of(m)) + 1) + " goes under the deck, known to you alone";
    default: return {};
  }
}

std::vector<std::string> sardegna::Presentation::move_places(const Sardegna::State&, Player, Move m) {
  // The numbers as the notation writes them (from 1) and as picture.cpp marks the board's places.
  const auto place = [](const char* kind, Move i) { return std::string(kind) + ":" + std::to_string(int(i) + 1); };
  const Move a = Sardegna::a_of(m), b = Sardegna::b_of(m);
  switch (Sardegna::kind_of(m)) {
    case Sardegna::kAddShip: return {place("harbour", a)};
    case Sardegna::kShipStep: return {place("harbour", a), place("harbour", b)};
    case Sardegna::kVillagerStep:
    case Sardegna::kPriestMove: return {place("province", a), place("province", b)};
    case Sardegna::kAddVillager:
    case Sardegna::kAddPriest:
    case Sardegna::kHarvest:
    case Sardegna::kBuildVillage: return {place("province", a)};
    case Sardegna::kBuildFort: return {place("fort", a)};
    default: return {};  // a card alone, the Sentinel's choices, a private fort card discarded
  }
}

std::string Sardegna::why_illegal(const State& s, Player p, Move m) {
  if (p != s.to_move()) return "it is player " + std::to_string(s.to_move()) + "'s turn";
  switch (s.phase) {
    case Phase::SentinelChoice:
      return "the Sentinel's choice comes first: keep or replace" + std::string(s.variant ? " (or swap)" : "");
    case Phase::Discard: return "first discard one of your two private fort cards";
    case Phase::CommanderSteps: return "finish the Commander move first: move FROM-TO, or stop";
    case Phase::AdmiralSteps: return "finish the Admiral move first: move FROM-TO, or stop";
    default: break;
  }
  const Kind k = kind_of(m);
  if (k == kKeep || k == kReplace || k == kSwap || k == kDiscard) return "there is no Sentinel choice to make now";
  const int card = int(card_of(m));
  if (card < kCards && !(s.hand[p] >> card & 1))
    return std::string("the ") + card_name(card) + " is not in your hand (it lies in front of you)";
  const int a = int(a_of(m)), b = int(b_of(m));
  switch (k) {
    case kAddVillager:
      if (s.villagers_on_board(p) >= kSupplyVillagers) return "all your villagers are on the board";
      if (s.full(a)) return "province " + std::to_string(a + 1) + " is full (7 pieces)";
      if (s.locked_for(p, a)) return "province " + std::to_string(a + 1) + " is locked by another player's priest";
      break;
    case kVillagerStep:
      if (s.villagers_in(p, a) == 0) return "you have no villager in province " + std::to_string(a + 1);
      if (s.full(b)) return "province " + std::to_string(b + 1) + " is full (7 pieces)";
      break;
    case kAddShip:
      if (std::popcount(unsigned(s.ships[p])) >= kSupplyShips) return "both your ships are on the board";
      if (s.ships_in(a) >= s.harbour_capacity()) return "harbour " + std::to_string(a + 1) + " is full";
      break;
    case kShipStep:
      if (!(s.ships[p] >> a & 1)) return "you have no ship in harbour " + std::to_string(a + 1);
      break;
    case kBuildFort:
      if (s.forts_built >> a & 1) return "fort space " + std::to_string(a + 1) + " is taken";
      if (std::popcount(s.forts[p]) >= kSupplyForts) return "all your forts are built";
      break;
    case kHarvest:
      if (s.token_in(a) == kNoToken) return "province " + std::to_string(a + 1) + "'s token is harvested already";
      if (!(s.harvestable(p) >> a & 1))
        return "you cannot reach province " + std::to_string(a + 1) + " (no villager there or linked to your ship)";
      break;
    default: break;
  }
  return "the rules do not allow it here";
}

}  // namespace nuraghe

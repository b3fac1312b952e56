// Sardegna's move notation (docs/rules-sardegna.md, "Move notation"): a move as text and back.
#include <sstream>

#include "games/sardegna/sardegna.hpp"

namespace nuraghe {

namespace {

int card_by_name(const std::string& name) { return name_index(Sardegna::kCardNames, name); }

std::string pair_text(int a, int b) { return std::to_string(a + 1) + "-" + std::to_string(b + 1); }

}  // namespace

std::string Sardegna::move_to_string(const State&, Player, Move m) {
  const Kind k = kind_of(m);
  const Move card = card_of(m);
  std::string prefix;
  if (card != kNoCardField) {
    prefix = card_name(int(card));
    if (queen_of(m)) {
      static constexpr Card copied_card[] = {kAdmiral, kAdmiral, kAdmiral, kCommander, kCommander,
                                             kPriest,  kPriest,  kFarmer,  kArchitect, kArchitect};
      prefix += std::string(" ") + card_name(copied_card[k]);  // indexed by Kind
    }
    prefix += " ";
  }
  const int a = int(a_of(m)), b = int(b_of(m));
  switch (k) {
    case kNoAction: return card_name(int(card));
    case kAddShip: return prefix + "ship " + std::to_string(a + 1);
    case kShipStep:
    case kVillagerStep:
    case kPriestMove: return prefix + "move " + pair_text(a, b);
    case kAddVillager: return prefix + "villager " + std::to_string(a + 1);
    case kAddPriest: return prefix + "add " + std::to_string(a + 1);
    case kHarvest: return prefix + "harvest " + std::to_string(a + 1);
    case kBuildFort: return prefix + "fort " + std::to_string(a + 1);
    case kBuildVillage: return prefix + "village " + std::to_string(a + 1);
    case kPlaySentinel: return "sentinel";
    case kStop: return "stop";
    case kKeep: return "keep";
    case kReplace: return "replace";
    case kSwap: return "swap";
    case kDiscard: return "discard " + std::to_string(a + 1);
  }
  return "?";
}

// Reads the notation above. What is legal is for the caller to check; this only reads.
Move Sardegna::parse_move(const State& s, Player, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  const std::string shown = trim(text);
  auto fail = [&](const std::string& why) -> Move {
    input_error("sardegna: cannot read move \"" + shown + "\" (" + why + ")");
  };
  auto number = [&](const std::string& t, int hi) -> Move {
    long long v;
    if (!Params::try_integer(t, v) || v < 1 || v > hi) fail("\"" + t + "\" is not a number 1.." + std::to_string(hi));
    return Move(v - 1);
  };
  auto pair = [&](const std::string& t, int hi, Move& a, Move& b) {
    const auto dash = t.find('-');
    if (dash == std::string::npos) fail("expected FROM-TO, got \"" + t + "\"");
    a = number(t.substr(0, dash), hi);
    b = number(t.substr(dash + 1), hi);
  };
  if (w.empty()) fail("empty");
  if (w.size() == 1) {
    if (w[0] == "stop") return make_move(kStop, kNoCardField);
    if (w[0] == "keep") return make_move(kKeep, kNoCardField);
    if (w[0] == "replace") return make_move(kReplace, kNoCardField);
    if (w[0] == "swap") return make_move(kSwap, kNoCardField);
    if (w[0] == "sentinel") return make_move(kPlaySentinel, kSentinel);
  }
  if (w[0] == "discard" && w.size() == 2) return make_move(kDiscard, kNoCardField, false, number(w[1], kForts));
  const bool continuation = s.phase == Phase::CommanderSteps || s.phase == Phase::AdmiralSteps;
  if (w[0] == "move" && w.size() == 2 && continuation) {
    Move a, b;
    pair(w[1], s.phase == Phase::CommanderSteps ? kProvinces : kHarbours, a, b);
    return make_move(s.phase == Phase::CommanderSteps ? kVillagerStep : kShipStep, kNoCardField, false, a, b);
  }
  std::size_t i = 0;
  int card = card_by_name(w[i++]);
  if (card < 0) fail("expected a character card: admiral, commander, priest, farmer, architect, queen or sentinel");
  bool via_queen = false;
  if (card == kQueen && w.size() > 1) {
    via_queen = true;
    card = card_by_name(w[i++]);
    if (card < 0 || card == kQueen || card == kSentinel)
      fail("the Queen copies admiral, commander, priest, farmer or architect");
  }
  const Move played = via_queen ? Move(kQueen) : Move(card);
  if (i == w.size()) return card == kSentinel ? make_move(kPlaySentinel, kSentinel) : make_move(kNoAction, played);
  if (i + 2 != w.size()) fail("expected an action and one argument");
  const std::string& action = w[i];
  const std::string& arg = w[i + 1];
  Move a = 0, b = 0;
  if (card == kAdmiral && action == "ship") return make_move(kAddShip, played, via_queen, number(arg, kHarbours));
  if (card == kAdmiral && action == "move")
    return pair(arg, kHarbours, a, b), make_move(kShipStep, played, via_queen, a, b);
  if (card == kCommander && action == "villager")
    return make_move(kAddVillager, played, via_queen, number(arg, kProvinces));
  if (card == kCommander && action == "move")
    return pair(arg, kProvinces, a, b), make_move(kVillagerStep, played, via_queen, a, b);
  if (card == kPriest && action == "add") return make_move(kAddPriest, played, via_queen, number(arg, kProvinces));
  if (card == kPriest && action == "move")
    return pair(arg, kProvinces, a, b), make_move(kPriestMove, played, via_queen, a, b);
  if (card == kFarmer && action == "harvest") return make_move(kHarvest, played, via_queen, number(arg, kProvinces));
  if (card == kArchitect && action == "fort") return make_move(kBuildFort, played, via_queen, number(arg, kForts));
  if (card == kArchitect && action == "village")
    return make_move(kBuildVillage, played, via_queen, number(arg, kProvinces));
  return fail(std::string("\"") + action + "\" is not an action of the " + card_name(card));
}

}  // namespace nuraghe

// Bardagi's features of a seat's view (features.hpp). The list is documented in
// docs/rules-bardagi.md, "Features": change both together.
#include "games/bardagi/features.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

namespace nuraghe::bardagi {

namespace {

// Per seat, counted from p, before the areas of each kind and the storage of each resource.
constexpr std::array kSeatFeatures{
    "score",         // glory if the game ended now (scores(): the bonuses' current holders included)
    "glory",         // glory taken so far
    "claims_left",   // the evaluation's parts (Evaluation): claims still to make,
    "claim_income",  // what one claim gives it now, in glory,
    "holdings",      // what its village holds toward later glory,
    "projected",     // score + claims_left x claim_income + holdings,
    "margin",        // projected less the best other seat's
};
// After the areas of each ownable kind and before the storage.
constexpr std::array kBoardFeatures{
    "disks_on_areas",   // disks on the areas it owns
    "reach.barbarian",  // areas nobody owns (yet ownable) that its land units stand on or border
    "reach.enemy",      // areas another seat owns that its land units stand on or border
    "gold",
};
// After the storage.
constexpr std::array kVillageFeatures{
    "recruits",                                            // disks in the village
    "axes",                                                // Axe tokens in the village
    "pile",                                                // disks beside the board
    "building.virki", "building.hof", "building.verslun",  // disks on each building
    "tiles",                                               // upgrade tiles bought
    "runes",                                               // runes held (their number is public, their kinds private)
};
constexpr std::array kSummary{
    "rounds_left",  // rounds after this one
    "eval.scale",   // the evaluation's softmax scale
    "eval.share",   // the win share it gives p
};

constexpr std::array kOwnableKinds{AreaKind::Sheep,    AreaKind::Cattle,   AreaKind::Forest, AreaKind::Quarry,
                                   AreaKind::IronMine, AreaKind::GoldMine, AreaKind::Camp,   AreaKind::Town};

int seat_features() {
  return int(kSeatFeatures.size() + kOwnableKinds.size() + kBoardFeatures.size() + kResources +
             kVillageFeatures.size());
}

}  // namespace

int feature_count(const State& s) { return seat_features() * s.players + int(kSummary.size()) + s.board().num_areas; }

std::vector<std::string> feature_names(const State& s) {
  std::vector<std::string> names;
  for (int k = 0; k < s.players; ++k) {
    const std::string seat = "seat+" + std::to_string(k) + ".";
    for (const char* f : kSeatFeatures) names.push_back(seat + f);
    for (const AreaKind kind : kOwnableKinds) names.push_back(seat + "areas." + std::string(area_kind_name(kind)));
    for (const char* f : kBoardFeatures) names.push_back(seat + f);
    for (const std::string_view r : kResourceNames) names.push_back(seat + "storage." + std::string(r));
    for (const char* f : kVillageFeatures) names.push_back(seat + f);
  }
  for (const char* f : kSummary) names.push_back(f);
  const Board& b = s.board();
  for (int a = 0; a < b.num_areas; ++a) names.push_back("area." + b.area_id[std::size_t(a)] + ".hold");
  assert(int(names.size()) == feature_count(s));
  return names;
}

void features(const State& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  const Board& b = s.board();
  const Evaluation e = evaluation(s);
  float* const start = out;
  const auto put = [&](double v) { *out++ = float(v); };
  std::uint64_t owned_by_anyone = 0;
  for (int q = 0; q < s.players; ++q) owned_by_anyone |= s.owned[std::size_t(q)];
  std::uint64_t ownable_areas = 0;
  for (const AreaKind kind : kOwnableKinds) ownable_areas |= b.of_kind[std::size_t(kind)];
  for (int k = 0; k < s.players; ++k) {
    const int q = (p + k) % s.players;
    const auto at = std::size_t(q);
    double best_other = -1e18;
    for (int o = 0; o < s.players; ++o)
      if (o != q) best_other = std::max(best_other, e.projected[std::size_t(o)]);
    put(e.score[q]);
    put(s.villages[at].glory);
    put(e.claims_left[at]);
    put(e.claim_income[at]);
    put(e.holdings[at]);
    put(e.projected[at]);
    put(e.projected[at] - best_other);
    for (const AreaKind kind : kOwnableKinds) put(std::popcount(s.owned[at] & b.of_kind[std::size_t(kind)]));
    int disks = 0;
    for (std::uint64_t a = s.owned[at]; a; a &= a - 1) disks += s.disks[std::size_t(std::countr_zero(a))];
    put(disks);
    std::uint64_t near = 0;  // the areas its land units stand on or border
    for (int u = 0; u < kLandUnits; ++u)
      if (s.on_board(q, Unit(u))) {
        const int a = s.unit_area[at][std::size_t(u)];
        near |= (std::uint64_t(1) << a) | b.neighbours[std::size_t(a)];
      }
    put(std::popcount(near & ownable_areas & ~owned_by_anyone));
    put(std::popcount(near & owned_by_anyone & ~s.owned[at]));
    const Village& v = s.villages[at];
    put(v.gold);
    for (const int n : v.storage) put(n);
    put(v.recruits);
    put(v.axes);
    put(v.pile);
    for (const int n : v.disks) put(n);
    put(std::popcount(v.upgrades));
    int runes = 0;
    for (const int n : v.runes) runes += n;
    put(runes);
  }
  put(s.rounds - s.round);
  put(e.scale);
  put(e.share[p]);
  for (int a = 0; a < b.num_areas; ++a) {
    const int owner = s.owner_of(a);
    const int disks = s.disks[std::size_t(a)];
    put(owner < 0 ? 0 : owner == p ? disks : -disks);
  }
  assert(out - start == feature_count(s));
  (void)start;
}

}  // namespace nuraghe::bardagi

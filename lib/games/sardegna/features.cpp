// Sardegna's features of a seat's view (features.hpp). The list is documented in
// docs/rules-sardegna.md, "Features": change both together.
#include "games/sardegna/features.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace nuraghe {

using S = Sardegna::State;
using sardegna::Board;
using sardegna::Evaluation;

namespace {

// Per seat, counted from p.
constexpr std::array kSeatFeatures{
    "score",           // points so far
    "fort_now",        // the evaluation's parts (Evaluation): points if the leftmost face-up fort were scored now,
    "fort_next",       // and the next face-up one,
    "projected",       // score + fort_now + fort_next / 2,
    "margin",          // projected less the best other seat's
    "harvestable",     // provinces with a token that it may harvest now (page 5)
    "harvest_best",    // the points of its best harvest now (the n-th token of a kind scores n)
    "harvested",       // tokens harvested so far
    "villagers_left",  // pieces in supply: villagers (of 5),
    "villages_left",   // villages (of 4),
    "forts_left",      // forts (of 3),
    "ships_left",      // ships (of 2),
    "priest_left",     // the priest (1 in supply, 0 on the board)
    "cards_in_hand",   // character cards in hand (7 after the hands come back)
    "sentinel_in_hand",
};
// For the whole table, or for seat p alone.
constexpr std::array kSummary{
    "scorings_left",   // fort cards still to score (of 11)
    "tokens_left",     // agriculture tokens still on the board
    "fort_now.lead",   // p's fort_now less the best other seat's: p's margin on the leftmost face-up fort
    "fort_next.lead",  // the same on the next face-up fort
    "eval.scale",      // the evaluation's softmax scale
    "eval.share",      // the win share it gives p
};
// For each face-up fort card (0: the leftmost) and each of its up to 4 provinces in id order: p's
// influence there less the best other seat's (0 where the fort has fewer provinces, or no card is
// face up).
constexpr int kFortProvinces = 4;

}  // namespace

int Sardegna::feature_count(const S& s) {
  return int(kSeatFeatures.size()) * s.players + int(kSummary.size()) + 2 * kFortProvinces;
}

std::vector<std::string> Sardegna::feature_names(const S& s) {
  std::vector<std::string> names;
  for (int k = 0; k < s.players; ++k)
    for (const char* f : kSeatFeatures) names.push_back("seat+" + std::to_string(k) + "." + f);
  for (const char* f : kSummary) names.push_back(f);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < kFortProvinces; ++j)
      names.push_back(std::string(i == 0 ? "fort_now" : "fort_next") + ".province_" + std::to_string(j) +
                      ".influence_lead");
  assert(int(names.size()) == feature_count(s));
  return names;
}

void Sardegna::features(const S& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  const Board& b = s.board();
  const Evaluation e = sardegna::evaluation(s);
  float* const start = out;
  const auto put = [&](double v) { *out++ = float(v); };
  for (int k = 0; k < s.players; ++k) {
    const int q = (p + k) % s.players;
    put(s.score[q]);
    put(e.fort_now[std::size_t(q)]);
    put(e.fort_next[std::size_t(q)]);
    put(e.projected[std::size_t(q)]);
    put(e.margin[std::size_t(q)]);
    const std::uint16_t reach = s.harvestable(q);
    int best = 0;
    for (unsigned r = reach; r; r &= r - 1) best = std::max(best, s.harvested[q][s.token_in(std::countr_zero(r))] + 1);
    put(std::popcount(reach));
    put(best);
    put(s.tokens_harvested(q));
    put(Sardegna::kSupplyVillagers - s.villagers_on_board(q));
    put(Sardegna::kSupplyVillages - s.villages_on_board(q));
    put(Sardegna::kSupplyForts - std::popcount(s.forts[q]));
    put(Sardegna::kSupplyShips - std::popcount(unsigned(s.ships[q])));
    put(s.priest[q] < 0);
    put(std::popcount(unsigned(s.hand[q])));
    put(s.hand[q] >> Sardegna::kSentinel & 1);
  }
  put(Sardegna::kRowLength - s.row_next);
  put(std::popcount(nibbles::nonzero(s.tokens)));
  const auto lead = [&](const std::array<int, Sardegna::kMaxPlayers>& points) {
    int best_other = 0;
    for (int o = 0; o < s.players; ++o)
      if (o != p) best_other = std::max(best_other, points[std::size_t(o)]);
    return points[std::size_t(p)] - best_other;
  };
  put(lead(e.fort_now));
  put(lead(e.fort_next));
  put(e.scale);
  put(e.share[std::size_t(p)]);
  for (int i = 0; i < 2; ++i) {
    const int card = s.face_up(i);
    unsigned provinces = card >= 0 ? b.fort_provinces[std::size_t(card)] : 0u;
    assert(std::popcount(provinces) <= kFortProvinces);  // the board's validator: 2 to 4
    for (int j = 0; j < kFortProvinces; ++j) {
      if (!provinces) {
        put(0);
        continue;
      }
      const int q = std::countr_zero(provinces);
      provinces &= provinces - 1;
      int best_other = 0;
      for (int o = 0; o < s.players; ++o)
        if (o != p) best_other = std::max(best_other, s.influence(o, q, b));
      put(s.influence(p, q, b) - best_other);
    }
  }
  assert(out - start == feature_count(s));
  (void)start;
}

}  // namespace nuraghe

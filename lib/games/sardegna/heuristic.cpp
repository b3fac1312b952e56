// Sardegna's heuristic: the rollout policy and static evaluation of the search, and the
// `heuristic` bot. It plays for influence in the provinces around the two face-up fort cards,
// harvests, and plays the Sentinel when it leads around the leftmost one.
#include <algorithm>
#include <cmath>

#include "games/sardegna/features.hpp"
#include "games/sardegna/sardegna.hpp"

namespace nuraghe {

using S = Sardegna::State;

namespace {

// How much better p does than the best opponent if `card` is scored now.
int fort_advantage(const S& s, int card, int p) {
  if (card < 0 || card >= Sardegna::kForts) return 0;
  int points[Sardegna::kMaxPlayers] = {};
  s.fort_points(card, points);
  int best_other = 0;
  for (int o = 0; o < s.players; ++o)
    if (o != p) best_other = std::max(best_other, points[o]);
  return points[p] - best_other;
}

// The value of a state for p: points plus what the two face-up forts would give now (the leftmost
// counts fully, the next one half), relative to the best opponent. (Both forts are scored for
// every seat in one pass each, without copying the state: this runs at every rollout step.)
double value_for(const S& s, int p) {
  int now[Sardegna::kMaxPlayers] = {}, next[Sardegna::kMaxPlayers] = {};
  if (s.face_up(0) >= 0) s.fort_points(s.face_up(0), now);
  if (s.face_up(1) >= 0) s.fort_points(s.face_up(1), next);
  double best_other = -1e9;
  for (int o = 0; o < s.players; ++o)
    if (o != p) best_other = std::max(best_other, s.score[o] + now[o] + 0.5 * next[o]);
  return s.score[p] + now[p] + 0.5 * next[p] - best_other;
}

}  // namespace

Move Sardegna::heuristic_move(const State& s, Player p, Rng& rng) {
  MoveList moves;
  s.legal_moves(moves);
  const int n = int(moves.size());
  // Judge a sample of the moves (all of them when there are few), always including the special
  // ones: the Sentinel, harvests, stop and the Sentinel choices.
  constexpr int kSample = 12;
  double best = -1e18;
  Move chosen = moves[0];
  auto judge = [&](Move m) {
    State t = s;
    t.apply(m);
    double v = value_for(t, p) + 0.01 * rng.uniform();  // random tie-breaks
    const Kind k = kind_of(m);
    if (k == kPlaySentinel) {
      // Time the Sentinel: only when leading around the leftmost fort (or nothing else is left).
      const int lead = fort_advantage(s, s.face_up(0), p);
      v = lead > 0 ? value_for(t, p) + 1.5 : value_for(t, p) - 3.0;
    }
    if (k == kNoAction || k == kStop) v -= 0.25;  // doing nothing is rarely best
    if (v > best) best = v, chosen = m;
  };
  if (n <= kSample) {
    for (Move m : moves) judge(m);
  } else {
    for (Move m : moves) {
      const Kind k = kind_of(m);
      if (k == kPlaySentinel || k == kHarvest || k >= kStop) judge(m);
    }
    for (int i = 0; i < kSample; ++i) judge(moves[rng.below(std::uint32_t(n))]);
  }
  return chosen;
}

// For cut-off rollouts: the projected margins (value_for) as win shares by a softmax, sharper as
// fewer scorings remain. Each face-up fort is scored once for every seat, and each seat's
// projection computed once (value_for, per seat, scores both forts again for each).
sardegna::Evaluation sardegna::evaluation(const S& s) {
  Evaluation e;
  if (s.face_up(0) >= 0) s.fort_points(s.face_up(0), e.fort_now.data());
  if (s.face_up(1) >= 0) s.fort_points(s.face_up(1), e.fort_next.data());
  for (int p = 0; p < s.players; ++p) e.projected[p] = s.score[p] + e.fort_now[p] + 0.5 * e.fort_next[p];
  double top = -1e18, total = 0;
  for (int p = 0; p < s.players; ++p) {
    double best_other = -1e9;
    for (int o = 0; o < s.players; ++o)
      if (o != p) best_other = std::max(best_other, e.projected[o]);
    top = std::max(top, e.margin[p] = e.projected[p] - best_other);
  }
  e.scale = 4.0 + 2.0 * (Sardegna::kRowLength - s.row_next);  // points still to be won, roughly
  for (int p = 0; p < s.players; ++p) total += e.share[p] = std::exp((e.margin[p] - top) / e.scale);
  for (int p = 0; p < s.players; ++p) e.share[p] /= total;
  return e;
}

Values Sardegna::evaluate(const State& s) {
  if (s.to_move() == kTerminal) return s.returns();
  return sardegna::evaluation(s).share;
}

}  // namespace nuraghe

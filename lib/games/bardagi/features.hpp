#pragma once
// What a seat's view says of its prospects, in numbers: the named features a learner reads beside
// the raw observation (docs/rules-bardagi.md, "Features"), the hand-written evaluation's parts
// (Evaluation, below) among them. Everything here reads only what seat p may know: the
// board, the units, the villages' public side and the number of runes each seat holds, never the
// kinds of another seat's runes, a selection not yet revealed, the rune pile or the stacks'
// face-down tiles, so that every state of p's information set gives the same numbers.

#include <array>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

// bardagi::evaluate (heuristic.cpp, where this is defined) part by part: each seat's score if the
// game ended now, its claims to come, what a claim gives it now, what its village holds, its
// projection (score + claims x income + holdings), the softmax's scale, 6 + 3 for each claim left to
// the seat with most, and the shares, which are what evaluate returns before the game is over.
struct Evaluation {
  Values score{};
  std::array<int, kMaxSeats> claims_left{};
  std::array<double, kMaxSeats> claim_income{}, holdings{}, projected{};
  double scale = 0;
  Values share{};
};
Evaluation evaluation(const State& s);

// The features of seat p's view: feature_count(s) numbers, named by feature_names(s) in order, the
// same count for every state of one board and seat count. Seats are counted from p ("seat+0" is p,
// "seat+1" the next in seat order), so that one model serves every seat. Raw counts and points: a
// learner standardises them.
int feature_count(const State& s);
std::vector<std::string> feature_names(const State& s);
void features(const State& s, Player p, float* out);

}  // namespace nuraghe::bardagi

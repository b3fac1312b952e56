#pragma once
// What a seat's view says of its prospects, in numbers: the hand-written evaluation part by part,
// and the named features a learner reads beside the raw observation (docs/rules-sardegna.md,
// "Features"). Everything here reads only what every seat may know: the pieces on the board, the
// scores, the hands and fronts of character cards, the tokens and the two face-up fort cards, never
// the face-down row, the deck's unknown order or another seat's private fort cards, so that every
// state of a seat's information set gives the same numbers.

#include <array>

#include "games/sardegna/sardegna.hpp"

namespace nuraghe::sardegna {

// Sardegna::evaluate (heuristic.cpp, where this is defined) part by part. Each seat's points if the
// leftmost face-up fort card were scored now, and the next one; its projection, points + the
// leftmost fort's + half the next one's; its margin, the projection less the best other seat's; the
// softmax's scale, 4 + 2 points for each scoring left; and the win shares it gives, exp(margin /
// scale) normalised, which are what evaluate returns.
struct Evaluation {
  std::array<int, Sardegna::kMaxPlayers> fort_now{}, fort_next{};
  std::array<double, Sardegna::kMaxPlayers> projected{}, margin{};
  double scale = 0;
  Values share{};
};
Evaluation evaluation(const Sardegna::State& s);

// The features of seat p's view are Sardegna::features (defined in features.cpp): feature_count(s)
// numbers, named by feature_names(s) in order, the same count for every state of one seat count.
// Seats are counted from p ("seat+0" is p, "seat+1" the next in turn order), so that one model
// serves every seat. Raw counts and points: a learner standardises them.

}  // namespace nuraghe::sardegna

#pragma once
// What a seat's view says of its prospects, in numbers: the named features a learner reads beside
// the raw observation (docs/rules-ttr.md, "Features"), and what a ticket's cheapest open path still
// lacks, which the human seat's lines print too (Ttr::render). Everything here reads only what
// seat p may know: the public board and counts, and p's own hand, Materials and tickets, so that
// every state of p's information set gives the same numbers.

#include <array>
#include <string>
#include <vector>

#include "games/ttr/state.hpp"

namespace nuraghe::ttr {

// The cards seat p's hand lacks to claim `routes` (a ticket's cheapest open path), as the
// rulebook's payments go (payments.hpp): cards of a route's colour for its train spaces, any one
// colour for a grey route's, a locomotive for each ship, and for each railway or tunnel symbol a
// Materials card or set. Locomotives left after the ships stand in for missing colour cards, then
// for grey spaces; the grey spaces are counted as paid in the one colour the hand has most of
// beyond the coloured routes (two grey routes could be paid in two colours, so this may overstate
// what grey routes lack).
struct Lack {
  std::array<int, kTrainColours> colour{};  // cards of each colour
  int grey = 0;                             // cards of any one colour, for grey spaces
  int locomotives = 0;                      // for ships
  int railways = 0, tunnels = 0;            // symbols no Materials card or set in hand pays
  int cards() const;                        // all of them
};
Lack lacking(const State& s, Player p, const RouteSet& routes);

// The features of seat p's view: feature_count(s) numbers, named by feature_names(s) in order, the
// same count for every state of one map, option set and seat count. Seats are counted from p
// ("seat+0" is p, "seat+1" the next in turn order), so that one model serves every seat. Raw
// counts and points: a learner standardises them.
int feature_count(const State& s);
std::vector<std::string> feature_names(const State& s);
void features(const State& s, Player p, float* out);

}  // namespace nuraghe::ttr

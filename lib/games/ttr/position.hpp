#pragma once
// Positions as JSON: the whole state (observer -1, for `nuraghe new`/`apply` and test fixtures)
// or what one seat knows (its view: the public state, its own cards and tickets, the deck places
// of the tickets it returned; the others' hands as counts and the cards they took face up).
// Schema: docs/position-format.md, "ttr". Observation tokens: what a seat learns from a move.

#include "core/json.hpp"
#include "games/ttr/state.hpp"

namespace nuraghe::ttr {

Json position(const State& s, Player observer);
// Reads a whole position (position(s, -1)'s form) and checks that play could reach it: every
// card, Materials card and ticket in exactly one place, routes and stations within the rules,
// cars that match the routes; InputError naming the field otherwise.
State read_position(const Json& j);

// What `observer` learns from `before --m-->`: the move as it sees it (another seat's blind draw
// is "drew from that deck", its ticket choice the number kept), the cards the move turned face up,
// and, for the seat that drew, what it drew.
std::uint64_t observe(const State& before, Move m, Player observer);
std::uint64_t observe_joint(const State& before, const JointMove& joint, Player observer);

}  // namespace nuraghe::ttr

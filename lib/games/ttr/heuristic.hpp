#pragma once
// The heuristic players of Ticket to Ride: the four playstyles that the Ticket to Ride
// playtesting literature uses as its baseline agents (de Mesentier Silva et al., FDG 2017; Smith
// and Anton, AAAI 2022), on any map. The default, route-focus, is also the search's rollout policy.
//
// Every style plans the same way: for each ticket it holds and has not completed, the cheapest
// path (in car spaces still to claim) between the ticket's nearest cities over its own routes
// (free) and the routes still open to it, the tickets taken by value, each path's routes free for
// the next, so that the tickets share one network. What a style does with the plan:
// - route-focus: claims the plan's routes, longest first, and with a hand of 10 cards that the
//   plan cannot spend yet a route of 4 spaces or more; draws the colours the plan needs; draws new
//   tickets once every ticket is done and cars are left; keeps the tickets its network reaches
//   cheaply.
// - destination-hungry: the same, but keeps every ticket it can reach for at most its value in
//   spaces and draws tickets as soon as what is left of its plan is short.
// - one-step: no plan after setup: claims whatever scores most now, else draws the colour it
//   holds most of.
// - long-route: claims only routes of 4 spaces or more (the plan's first, then any) until its
//   cars run low, and saves the colour it holds most of.
// All styles read only the seat's own view: its hand, its tickets, and the public board.

#include <array>
#include <string_view>

#include "core/rng.hpp"
#include "games/ttr/state.hpp"

namespace nuraghe::ttr {

enum class Style : std::uint8_t { RouteFocus, DestinationHungry, OneStep, LongRoute };
inline constexpr std::array<std::string_view, 4> kStyleNames = {"route-focus", "destination-hungry", "one-step",
                                                                "long-route"};

// What a seat's tickets still ask of the board.
struct Plan {
  RouteSet wanted;                          // open routes on the tickets' paths
  std::array<int, kTrainColours> colour{};  // colour cards the wanted routes of each colour take
  int grey = 0;                             // spaces of wanted grey routes (any one colour each)
  int locomotives = 0;                      // ship spaces (a locomotive each)
  int symbols = 0;                          // railway and tunnel symbols
  int railways = 0, tunnels = 0;            // of those, each kind
  int spaces = 0;                           // car spaces still to claim
  int unfinished = 0;                       // tickets not completed
  int unreachable = 0;                      // of those, tickets no open path completes
};

// The plan of seat p for its held tickets plus `extra` (a mask of tickets it considers keeping).
Plan make_plan(const State& s, Player p, std::uint64_t extra = 0);

// Car spaces still to claim for seat p to complete `ticket`, routes in `free` costing nothing;
// -1 when no open path is left.
int spaces_to_complete(const State& s, Player p, const Ticket& ticket, const RouteSet& free);

// A ticket's cheapest open path for seat p, alone (the plan's path without the other tickets): the
// car spaces still to claim on it (0: its own routes join the ticket's cities; -1: no open path is
// left) and the routes on it still to claim. The human seat shows it (Ttr::render).
struct TicketPath {
  int spaces = -1;
  RouteSet routes;
};
TicketPath ticket_path(const State& s, Player p, const Ticket& ticket);

// A legal move of seat p (the seat to move, or any seat at the setup keep) in the given style.
Move heuristic_move(const State& s, Player p, Rng& rng, Style style);

// The moves worth searching (`prune=on`): of each route's claims the one payment the heuristic
// would make (fewest locomotives and symbol cards, the first of those), no stations; draws,
// tickets, keeps and pass as they are. What remains depends only on seat p's hand and the board.
void search_moves(const State& s, Player p, MoveList& moves);

// The static evaluation for rollouts cut off early (`cutoff=N`): every seat's win share in [0, 1]
// from the points it is projected to end with (heuristic.cpp says how).
Values evaluate(const State& s);

}  // namespace nuraghe::ttr

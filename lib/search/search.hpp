#pragma once
// The generic search core: UCT, PIMC, SO-ISMCTS and MO-ISMCTS over any nuraghe::Game, with
// decoupled selection at simultaneous nodes, max^n backup, OpenMP root and tree parallelism, and
// tree reuse by observation tokens. No game-specific code lives here.
//
// One iteration: take a state (the true state for UCT, a determinization of the searcher's
// information set for ISMCTS), walk down the tree(s) choosing with the bandits (or PUCT, with
// priors), add one node, roll out to the end (or to a cut-off, then the game's static evaluation or
// a learned model's), and add each player's return to the edges that player chose (max^n).
//
// Keys (docs/search.md, "Keys: what a tree can tell apart"): an edge is keyed by the move when its tree's
// observer is the chooser (or the tree is over full states); otherwise by the observer's token of the move,
// so an opponent's hidden draw or secret choice is one edge for the others. Children are keyed by the
// observer's token of the transition, so a decision after a reveal conditions on what was revealed.
//
// The core by concern, each a header of its own:
//   search/config.hpp      what a search is asked (SearchConfig) and answers (SearchResult)
//   search/tree.hpp        the node and edge arrays (the tree's memory, never moved)
//   search/forest.hpp      the trees of one search: one, or one a seat for MO-ISMCTS
//   search/edge_index.hpp  a node's edges found by key (moves grouped by the observer's tokens)
//   search/bandit.hpp      the bandits' formulas: UCB1, Exp3, regret matching, sampling
//   search/select.hpp      how a node chooses among its edges (untried first, UCB, bias)
//   search/evaluator.hpp   a new leaf's values: rollouts, cut-offs, static and learned evaluations
//   search/worker.hpp      one thread's iteration: descent through the trees, expansion, backup
//   search/root.hpp        the root's statistics, the final policy and the move chosen
//   search/mcts.hpp        the driver bots hold: budgets, parallelism, PIMC, tree reuse

#include "search/config.hpp"
#include "search/evaluator.hpp"
#include "search/forest.hpp"
#include "search/root.hpp"
#include "search/worker.hpp"

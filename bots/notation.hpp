#pragma once
// Moves written in a game's notation, as the command line reads and prints them.

#include <concepts>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/json.hpp"
#include "core/params.hpp"
#include "core/svg.hpp"

namespace nuraghe {

template <Game G>
std::string legal_list(const typename G::State& s, Player p) {
  typename G::MoveList moves;
  legal_moves_of<G>(s, p, moves);
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : ", ") + G::move_to_string(s, p, m);
  return out;
}

// ---- optional text for people (docs/game-concept.md): a game may say more than its notation ----
// legend(s): the board's geometry, shown once; explain(before, m): what m did beyond its notation;
// move_help(s, p, m): what a move will do; why_illegal(s, p, m): one line on why m is not legal.
template <class G>
concept HasLegend = requires(const typename G::State& s) {
  { G::legend(s) } -> std::same_as<std::string>;
};
template <class G>
concept HasExplain = requires(const typename G::State& s, Move m) {
  { G::explain(s, m) } -> std::same_as<std::string>;
};
template <class G>
concept HasMoveHelp = requires(const typename G::State& s, Player p, Move m) {
  { G::move_help(s, p, m) } -> std::same_as<std::string>;
};
template <class G>
concept HasWhyIllegal = requires(const typename G::State& s, Player p, Move m) {
  { G::why_illegal(s, p, m) } -> std::same_as<std::string>;
};

// score_report(s), score_json(s): the score part by part, as text and as JSON (`nuraghe score`). board_svg(s, usage,
// games): the board of s drawn from its data as SVG (`nuraghe map`), its elements (a map's routes) coloured by `usage`,
// a share per element over `games` games, when that is not empty; board_usage(final): which elements a finished game
// used, one 0 or 1 per element, which `map --usage` averages.
template <class G>
concept HasScoreReport = requires(const typename G::State& s) {
  { G::score_report(s) } -> std::same_as<std::string>;
  { G::score_json(s) } -> std::same_as<Json>;
};
template <class G>
concept HasBoardPicture = requires(const typename G::State& s, const std::vector<double>& usage, int games) {
  { G::board_svg(s, usage, games) } -> std::same_as<std::string>;
  { G::board_usage(s) } -> std::same_as<std::vector<double>>;
};

// draw(s, p): s as seat p sees it (p = -1: everything, as render(s, -1)) for the browser viewer,
// board and pieces in one SVG frame (core/svg.hpp). Every game has one; the viewer shows render()'s
// text beside it.
template <class G>
concept HasDrawing = requires(const typename G::State& s, Player p) {
  { G::draw(s, p) } -> std::same_as<svg::Drawing>;
};

template <Game G>
std::string explain_move(const typename G::State& before, Move m) {
  if constexpr (HasExplain<G>) return G::explain(before, m);
  return {};
}
template <Game G>
std::string move_help(const typename G::State& s, Player p, Move m) {
  if constexpr (HasMoveHelp<G>) return G::move_help(s, p, m);
  return {};
}

// Reads one move of seat p in the game's notation and checks that it is legal. The error says why
// (where the game can tell) and lists the legal moves when they are few enough for one line.
template <Game G>
Move parse_legal_move(const typename G::State& s, Player p, const std::string& text) {
  const Move m = G::parse_move(s, p, text);
  typename G::MoveList moves;
  legal_moves_of<G>(s, p, moves);
  if (!moves.contains(m)) {
    std::string why;
    if constexpr (HasWhyIllegal<G>) why = ": " + G::why_illegal(s, p, m);
    const std::string list = moves.size() <= 12 ? " (legal: " + legal_list<G>(s, p) + ")"
                                                : " (" + std::to_string(moves.size()) + " legal moves)";
    input_error("illegal move \"" + trim(text) + "\" for player " + std::to_string(p) + why + list);
  }
  return m;
}

// One step written in notation: a move of the seat to move (in [0]), or at a simultaneous node one
// move per seat, "a,b"; each checked for legality.
template <Game G>
JointMove parse_step(const typename G::State& s, const std::string& text) {
  const Player p = s.to_move();
  if (p == kTerminal) input_error("move \"" + trim(text) + "\" given after the game is over");
  JointMove step{};
  if (p != kSimultaneous) {
    step[0] = parse_legal_move<G>(s, p, text);
    return step;
  }
  std::vector<std::string> parts;
  std::stringstream ss(text);
  for (std::string part; std::getline(ss, part, ',');) parts.push_back(part);
  if (int(parts.size()) != s.num_players())
    input_error("simultaneous move \"" + trim(text) + "\" must give one move per player, separated by commas");
  for (int q = 0; q < s.num_players(); ++q) step[q] = parse_legal_move<G>(s, q, parts[q]);
  return step;
}

template <Game G>
void apply_step(typename G::State& s, const JointMove& step) {
  if (s.to_move() == kSimultaneous) apply_joint<G>(s, step);
  else s.apply(step[0]);
}

template <Game G>
void apply_text(typename G::State& s, const std::string& text) {
  apply_step<G>(s, parse_step<G>(s, text));
}

// A joint move as seat `viewer` sees it once it is applied: its own move, and each other seat's
// where the viewer's observation tells it apart from that seat's other legal moves, else "?" (a
// secret selection or ticket choice stays secret; Goofspiel's revealed bids are shown).
template <Game G>
std::string joint_text_seen_by(const typename G::State& before, const JointMove& joint, Player viewer) {
  const std::uint64_t seen = observe_joint<G>(before, joint, viewer);
  std::string out;
  for (int q = 0; q < before.num_players(); ++q) {
    bool told_apart = true;
    if (q != viewer) {
      typename G::MoveList alternatives;
      legal_moves_of<G>(before, q, alternatives);
      for (const Move m : alternatives) {
        JointMove other = joint;
        other[std::size_t(q)] = m;
        if (m != joint[std::size_t(q)] && observe_joint<G>(before, other, viewer) == seen) told_apart = false;
      }
    }
    out += (q == 0 ? "" : ",") + (told_apart ? G::move_to_string(before, q, joint[std::size_t(q)]) : std::string("?"));
  }
  return out;
}

inline std::string format_values(const Values& v, int n) {
  std::string out;
  char buf[32];
  for (int p = 0; p < n; ++p) {
    std::snprintf(buf, sizeof buf, "%s%g", p ? " " : "", v[p]);
    out += buf;
  }
  return out;
}

}  // namespace nuraghe

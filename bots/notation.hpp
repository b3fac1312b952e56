#pragma once
// Moves written in a game's notation, as the command line reads and prints them.

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/params.hpp"

namespace nuraghe {

template <Game G>
std::string legal_list(const typename G::State& s, Player p) {
  typename G::MoveList moves;
  s.legal_moves(p, moves);
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : ", ") + G::move_to_string(s, p, m);
  return out;
}

// Reads one move of seat p in the game's notation and checks that it is legal.
template <Game G>
Move parse_legal_move(const typename G::State& s, Player p, const std::string& text) {
  const Move m = G::parse_move(s, p, text);
  typename G::MoveList moves;
  s.legal_moves(p, moves);
  if (!moves.contains(m))
    input_error("illegal move \"" + trim(text) + "\" for player " + std::to_string(p) + " (legal: " + legal_list<G>(s, p) + ")");
  return m;
}

// Applies one step written in notation: a move, or at a simultaneous node one move per seat, "a,b".
template <Game G>
void apply_text(typename G::State& s, const std::string& text) {
  const Player p = s.to_move();
  if (p == kTerminal) input_error("move \"" + trim(text) + "\" given after the game is over");
  if (p != kSimultaneous) {
    s.apply(parse_legal_move<G>(s, p, text));
    return;
  }
  std::vector<std::string> parts;
  std::stringstream ss(text);
  for (std::string part; std::getline(ss, part, ',');) parts.push_back(part);
  if (int(parts.size()) != s.num_players())
    input_error("simultaneous move \"" + trim(text) + "\" must give one move per player, separated by commas");
  JointMove joint{};
  for (int q = 0; q < s.num_players(); ++q) joint[q] = parse_legal_move<G>(s, q, parts[q]);
  s.apply_joint(joint);
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

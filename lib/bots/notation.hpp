#pragma once
// Moves written in a game's notation, as the command line reads and prints them.

#include <cctype>
#include <concepts>
#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/svg.hpp"

namespace nuraghe {

template <Game G>
std::string legal_list(const typename G::State& s, Player p) {
  MoveListOf<G> moves;
  legal_moves_of<G>(s, p, moves);
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : ", ") + G::move_to_string(s, p, m);
  return out;
}

// Reads one move of seat p in the game's notation and checks that it is legal. The error says why
// (where the game can tell) and lists the legal moves when they are few enough for one line.
//
// A move's text is its words separated by single spaces, as the game prints it: leading or
// trailing spaces, two spaces in a row, tabs and line breaks are refused here for every game, so
// that a file, --moves, the Python module and the human seat read one notation. (--moves and the
// human seat's line allow spaces around a move: they trim it before it comes here.)
template <Game G>
Move parse_legal_move(const typename G::State& s, Player p, const std::string& text) {
  if (text.empty()) input_error("an empty move for player " + std::to_string(p));
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F || (c == ' ' && (i == 0 || i + 1 == text.size() || text[i + 1] == ' ')))
      input_error("move \"" + trim(text) + "\" for player " + std::to_string(p) +
                  ": write its words separated by single spaces, with none before or after");
  }
  MoveListOf<G> moves;
  legal_moves_of<G>(s, p, moves);
  std::string why;  // where the game parses moves that are not legal here, it may say why
  if constexpr (HasParseMove<G>) {
    const Move m = G::parse_move(s, p, text);
    if (moves.contains(m)) return m;
    if constexpr (HasWhyIllegal<G>) why = ": " + G::why_illegal(s, p, m);
  } else {
    if (const auto m = MoveTexts<G>(s, p).find(text)) return *m;  // the default: legal texts only
  }
  const std::string list = moves.size() <= 12 ? " (legal: " + legal_list<G>(s, p) + ")"
                                              : " (" + std::to_string(moves.size()) + " legal moves)";
  input_error("illegal move \"" + trim(text) + "\" for player " + std::to_string(p) + why + list);
}

// The parts of text between separators; every separator makes a part, so that an empty one
// ("a;;b", a trailing ",") is there to be refused rather than dropped.
inline std::vector<std::string> split_moves(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  for (;;) {
    const auto at = text.find(separator, from);
    parts.push_back(text.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) return parts;
    from = at + 1;
  }
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
  std::vector<std::string> parts = split_moves(text, ',');
  for (auto& part : parts) part = trim(part);  // "5, 1": spaces around the separator are allowed
  if (int(parts.size()) != num_players_of<G>(s))
    input_error("simultaneous move \"" + trim(text) + "\" must give one move per player, separated by commas");
  for (int q = 0; q < num_players_of<G>(s); ++q) {
    if (parts[std::size_t(q)].empty())
      input_error("simultaneous move \"" + trim(text) + "\": player " + std::to_string(q) + "'s move is empty");
    step[q] = parse_legal_move<G>(s, q, parts[std::size_t(q)]);
  }
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

// ---- a move as a seat saw it (replay --seat, the viewer's page for a seat, the human seat) ------
// Seat `viewer` knows of another seat's move only what its observation token tells it (G::observe,
// observe_joint). What is printed for it must depend on nothing else: the same in every state of
// its information set. The move's parts are therefore shown only where every move the viewer could
// not tell from it has the same part there, and "?" elsewhere ("keep ?+?": two tickets kept, which
// unknown). The moves it cannot tell apart are gathered from the true state and from kSeenStates
// states of its information set drawn with fixed seeds (determinize is a function of the
// information set and the RNG), so that a part hidden from the viewer differs in one of them and is
// masked whatever the true state. (A sample, not the whole set: a hidden part that agrees in all
// nine is shown; tests/test_invariants.cpp checks the printed lines over random games.)
inline constexpr int kSeenStates = 8;

// The parts common to every text, "?" for the others. A text's parts are its runs of letters and
// digits and each other character between them ("keep 1+3": keep, ' ', 1, +, 3), so that a mask
// keeps the shape ("keep ?+?": two tickets kept, which unknown); texts of different shapes keep
// their common first parts and end in "?".
inline std::string common_words(const std::vector<std::string>& texts) {
  const auto parts = [](const std::string& t) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < t.size();) {
      const auto word = [&](std::size_t k) { return std::isalnum(static_cast<unsigned char>(t[k])) != 0; };
      std::size_t j = i + 1;
      if (word(i))
        while (j < t.size() && word(j)) ++j;
      out.push_back(t.substr(i, j - i));
      i = j;
    }
    return out;
  };
  std::vector<std::string> common = parts(texts.front());
  bool same_shape = true;
  std::size_t prefix = common.size();
  for (const auto& t : texts) {
    const auto p = parts(t);
    same_shape = same_shape && p.size() == common.size();
    std::size_t i = 0;
    while (i < prefix && i < p.size() && p[i] == common[i]) ++i;
    prefix = i;
    for (std::size_t k = 0; k < std::min(p.size(), common.size()); ++k)
      if (p[k] != common[k]) common[k] = "?";
  }
  if (!same_shape) {
    common.resize(prefix);
    while (!common.empty() && common.back() == " ") common.pop_back();
    common.push_back(common.empty() ? "?" : " ?");
  }
  std::string out;
  for (const auto& p : common) out += p;
  return out;
}

template <Game G>
std::vector<typename G::State> seen_states(const typename G::State& before, Player viewer) {
  std::vector<typename G::State> out;
  for (int k = 0; k < kSeenStates; ++k) {
    Rng rng(0x5EE5EE + std::uint64_t(k));
    out.push_back(determinize<G>(before, viewer, rng));
  }
  return out;
}

// A single mover's move as `viewer` saw it (-1: everything).
template <Game G>
std::string single_text_seen_by(const typename G::State& before, Move m, Player viewer) {
  const Player mover = before.to_move();
  const std::string text = G::move_to_string(before, mover, m);
  if (!hidden_information<G> || viewer < 0 || viewer == mover) return text;
  const std::uint64_t seen = observe<G>(before, m, viewer);
  std::vector<std::string> texts;
  const auto alike = [&](const typename G::State& s) {
    MoveListOf<G> moves;
    s.legal_moves(moves);
    for (const Move other : moves)
      if (observe<G>(s, other, viewer) == seen) texts.push_back(G::move_to_string(s, mover, other));
  };
  // The true state too: a move whose observation reveals what the viewer did not know before it (a
  // Sardegna character that turns up forts) has no like in the states drawn before the move.
  alike(before);
  for (const auto& d : seen_states<G>(before, viewer)) alike(d);
  return texts.empty() ? std::string("?") : common_words(texts);
}

// A move of the seats of joint that keeps what viewer observes (`seen`) from d, the viewer's own
// move as given and the others' searched in order, each seat's text of the joint move first
// (a revealed move is found at once); nothing found among the first 4096 joint moves tried.
template <Game G>
std::optional<JointMove> joint_seen_alike(const typename G::State& d, const JointMove& joint,
                                          const std::vector<std::string>& texts, Player viewer, std::uint64_t seen) {
  const int n = num_players_of<G>(d);
  std::vector<std::vector<Move>> choices(static_cast<std::size_t>(n));
  MoveListOf<G> moves;
  for (int q = 0; q < n; ++q) {
    auto& c = choices[std::size_t(q)];
    legal_moves_of<G>(d, q, moves);
    if (q == viewer) {
      if (!moves.contains(joint[std::size_t(q)])) return std::nullopt;
      c.push_back(joint[std::size_t(q)]);
      continue;
    }
    for (const Move m : moves)
      if (G::move_to_string(d, q, m) == texts[std::size_t(q)]) c.push_back(m);
    for (const Move m : moves)
      if (G::move_to_string(d, q, m) != texts[std::size_t(q)]) c.push_back(m);
  }
  JointMove j{};
  int budget = 4096;
  const std::function<bool(int)> search = [&](int q) {
    if (q == n) return --budget >= 0 && observe_joint<G>(d, j, viewer) == seen;
    for (const Move m : choices[std::size_t(q)]) {
      j[std::size_t(q)] = m;
      if (search(q + 1)) return true;
      if (budget < 0) return false;
    }
    return false;
  };
  if (search(0)) return j;
  return std::nullopt;
}

// A joint move as seat `viewer` sees it once it is applied: its own move, and each other seat's
// words where every move of that seat the viewer could not tell apart has them (as above; each
// seat's alternatives varied one seat at a time from a joint move observed alike).
template <Game G>
std::string joint_text_seen_by(const typename G::State& before, const JointMove& joint, Player viewer) {
  const int n = num_players_of<G>(before);
  const std::uint64_t seen = observe_joint<G>(before, joint, viewer);
  std::vector<std::string> shown(static_cast<std::size_t>(n));
  for (int q = 0; q < n; ++q) shown[std::size_t(q)] = G::move_to_string(before, q, joint[std::size_t(q)]);
  std::vector<std::vector<std::string>> texts(static_cast<std::size_t>(n));
  const auto alike = [&](const typename G::State& s, const JointMove& base) {
    MoveListOf<G> moves;
    for (int q = 0; q < n; ++q) {
      if (q == viewer) continue;
      legal_moves_of<G>(s, q, moves);
      for (const Move m : moves) {
        JointMove other = base;
        other[std::size_t(q)] = m;
        if (observe_joint<G>(s, other, viewer) == seen) texts[std::size_t(q)].push_back(G::move_to_string(s, q, m));
      }
    }
  };
  alike(before, joint);
  if (hidden_information<G>)
    for (const auto& d : seen_states<G>(before, viewer))
      if (const auto base = joint_seen_alike<G>(d, joint, shown, viewer, seen)) alike(d, *base);
  std::string out;
  for (int q = 0; q < n; ++q) {
    const auto& seen_texts = texts[std::size_t(q)];
    out += (q == 0 ? "" : ",") + (q == viewer          ? shown[std::size_t(q)]
                                  : seen_texts.empty() ? std::string("?")
                                                       : common_words(seen_texts));
  }
  return out;
}

inline std::string format_values(std::span<const double> v) {
  std::string out;
  char buf[32];
  for (std::size_t p = 0; p < v.size(); ++p) {
    std::snprintf(buf, sizeof buf, "%s%g", p ? " " : "", v[p]);
    out += buf;
  }
  return out;
}
// The values of the first n seats (a state's Values hold kMaxPlayers).
inline std::vector<double> seat_values(const Values& v, int n) { return {v.begin(), v.begin() + n}; }
inline std::string format_values(const Values& v, int n) { return format_values(std::span(v.data(), std::size_t(n))); }

}  // namespace nuraghe

#pragma once
// The generic invariant suite: every game passes it, with many random games. tests/test_invariants.cpp
// runs it for every game of the list at its default configuration, and for further configurations
// by one line each:
//
//     TEST_CASE("invariants: every invariant holds along random games, goofspiel, 3 players") {
//       check_invariants<Goofspiel>(config);
//     }
//
// What it checks, at every state of every random game, for every observer:
// - legal moves are non-empty until terminal (for every seat at a simultaneous node), empty after;
//   every legal move applies; the game ends within G::kMaxGameLength decisions;
// - a copy equals its source; JSON export/import round-trips exactly;
// - view_hash(o) is a function of view(o) that tells different views apart; determinize(o) keeps
//   view(o) exactly;
// - determinize is a function of the information set: determinize(s, o, r) equals
//   determinize(determinize(s, o, r2), o, r);
// - the seat to move has the same legal moves in every determinization of its information set;
// - a perfect-information game's determinization is the state itself; where the information set is
//   shown to hold more than one state (two deals that the observer cannot tell apart), 200 samples
//   show more than one hidden arrangement;
// - observation tokens carry exactly what the observer learns: from one information set, two
//   transitions give equal tokens if and only if they leave the observer with equal views (so a
//   hidden move looks the same whichever it was, and a reveal shows in the token);
// - returns lie in [0, 1];
// - a game without apply_joint never has a simultaneous node;
// - where the game has random_move, it returns exactly legal_moves()[rng.below(size)] and leaves
//   the RNG as that draw does; where it has heuristic_move, every move it returns is legal;
// - where the game has them, the action and observation vectors (HasTensors): their sizes stay the
//   same over a game; every legal move of every seat has an action in range, distinct from the other
//   moves' and mapped back to the move; one move (by its code, and by its text where the notation
//   does not depend on the state) has one action over all the games, and one action one move; each
//   seat's observation is finite, written in full, and the same in every determinization of its
//   information set (no peeking); a transition that changes what a seat sees changes its observation;
// - where the game has named features (HasFeatures): as many names as feature_count, each name
//   once, the names and count the same over a game; each seat's features finite, written in full
//   and the same in every determinization of its information set (no peeking).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"

namespace nuraghe::testing {

#ifdef NURAGHE_LIGHT_TESTS
inline constexpr int kLightFactor = 4;  // sanitizer builds: fewer random games, the same checks
#else
inline constexpr int kLightFactor = 1;
#endif

template <Game G>
using StateOf = typename G::State;

// A transition from s: a move of the seat to move, or a joint move at a simultaneous node.
template <Game G>
struct Transition {
  bool joint = false;
  Move move = 0;
  JointMove moves{};

  bool legal_in(const StateOf<G>& s) const {
    MoveListOf<G> list;
    if (!joint) {
      s.legal_moves(list);
      return s.to_move() >= 0 && list.contains(move);
    }
    if (s.to_move() != kSimultaneous) return false;
    for (int p = 0; p < num_players_of<G>(s); ++p) {
      legal_moves_of<G>(s, p, list);
      if (!list.contains(moves[p])) return false;
    }
    return true;
  }
  StateOf<G> after(StateOf<G> s) const {
    if (joint) apply_joint<G>(s, moves);
    else s.apply(move);
    return s;
  }
  std::uint64_t token(const StateOf<G>& s, Player o) const {
    return joint ? observe_joint<G>(s, moves, o) : observe<G>(s, move, o);
  }
};

template <Game G>
Transition<G> random_transition(const StateOf<G>& s, Rng& rng) {
  Transition<G> t;
  MoveListOf<G> list;
  if (s.to_move() == kSimultaneous) {
    t.joint = true;
    for (int p = 0; p < num_players_of<G>(s); ++p) {
      legal_moves_of<G>(s, p, list);
      t.moves[p] = list[rng.below(std::uint32_t(list.size()))];
    }
  } else {
    s.legal_moves(list);
    t.move = list[rng.below(std::uint32_t(list.size()))];
  }
  return t;
}

template <Game G>
void check_legal_moves(const StateOf<G>& s) {
  MoveListOf<G> list;
  const Player to_move = s.to_move();
  if (to_move == kTerminal) {
    for (int p = 0; p < num_players_of<G>(s); ++p) {
      legal_moves_of<G>(s, p, list);
      CHECK_MESSAGE(list.empty(), "a seat has legal moves after the game is over");
    }
    const Values r = s.returns();
    for (int p = 0; p < num_players_of<G>(s); ++p) {
      CHECK(r[p] >= 0.0);
      CHECK(r[p] <= 1.0);
    }
    return;
  }
  if (to_move == kSimultaneous) {
    CHECK_MESSAGE(HasSimultaneousMoves<G>, "a simultaneous node in a game without apply_joint and observe_joint");
    for (int p = 0; p < num_players_of<G>(s); ++p) {
      legal_moves_of<G>(s, p, list);
      CHECK_MESSAGE(!list.empty(), "a seat has no move at a simultaneous node");
    }
    return;
  }
  REQUIRE(to_move >= 0);
  REQUIRE(to_move < num_players_of<G>(s));
  s.legal_moves(list);
  CHECK_MESSAGE(!list.empty(), "no legal move before the game is over");
  MoveListOf<G> same;
  legal_moves_of<G>(s, to_move, same);
  CHECK(same.size() == list.size());
  for (Move m : list) {
    StateOf<G> t = s;
    t.apply(m);  // every legal move applies (sanitizer builds catch a bad one)
    CHECK(parse_move<G>(s, to_move, G::move_to_string(s, to_move, m)) == m);
  }
}

// The optional move generators (lib/core/game.hpp). random_move must change no result, only the
// speed: the same move as the move-list draw for the same RNG, and the same RNG afterwards.
// heuristic_move may draw at random too, so several draws are checked.
template <Game G>
void check_optional_moves(const StateOf<G>& s, Rng& rng) {
  const Player to_move = s.to_move();
  if (to_move == kTerminal) return;
  MoveListOf<G> list;
  if constexpr (HasRandomMove<G>) {
    if (to_move >= 0) {
      s.legal_moves(list);
      for (int k = 0; k < 3; ++k) {
        Rng fast(rng.next());
        Rng slow = fast;
        const Move expected = list[slow.below(std::uint32_t(list.size()))];
        CHECK_MESSAGE(G::random_move(s, to_move, fast) == expected,
                      "random_move is not legal_moves()[rng.below(size)] at " << json_text(G::to_json(s)));
        CHECK_MESSAGE(fast == slow,
                      "random_move leaves the RNG otherwise than one rng.below(size) at " << json_text(G::to_json(s)));
      }
    }
  }
  if constexpr (HasHeuristic<G>) {
    for (Player p = 0; p < num_players_of<G>(s); ++p) {
      if (to_move != kSimultaneous && p != to_move) continue;
      legal_moves_of<G>(s, p, list);
      for (int k = 0; k < 3; ++k) {
        Rng r(rng.next());
        const Move m = G::heuristic_move(s, p, r);
        CHECK_MESSAGE(list.contains(m),
                      "heuristic_move of seat " << p << " is not legal at " << json_text(G::to_json(s)));
      }
    }
  }
}

template <Game G>
void check_copy_and_json(const StateOf<G>& s) {
  const StateOf<G> copy = s;
  CHECK(same_state<G>(copy, s));
  StateOf<G> raw;
  std::memcpy(static_cast<void*>(&raw), &s, sizeof s);
  CHECK(same_state<G>(raw, s));
  const Json j = G::to_json(s);
  const StateOf<G> back = G::from_json(Json::parse(json_text(j)));
  CHECK_MESSAGE(same_state<G>(back, s), "JSON round trip changed the state: " << json_text(j));
  CHECK(G::to_json(back) == j);
}

// Two transitions from states of one information set of o give equal tokens iff equal views after.
template <Game G>
void check_tokens(const StateOf<G>& a, const Transition<G>& ta, const StateOf<G>& b, const Transition<G>& tb,
                  Player o) {
  const StateOf<G> a2 = ta.after(a), b2 = tb.after(b);
  const bool same_view = view_of<G>(a2, o) == view_of<G>(b2, o);
  CHECK_MESSAGE((view_hash_of<G>(a2, o) == view_hash_of<G>(b2, o)) == same_view, "view_hash does not follow view");
  const bool same_token = ta.token(a, o) == tb.token(b, o);
  CHECK_MESSAGE(same_view == same_token, (same_view ? "equal views after, different tokens (the token leaks)"
                                                    : "different views after, equal tokens (a reveal is lost)")
                                             << " for observer " << o << " at " << json_text(G::to_json(a)));
}

template <Game G>
void check_information(const StateOf<G>& s, Rng& rng) {
  for (Player o = 0; o < num_players_of<G>(s); ++o) {
    const Json view = view_of<G>(s, o);

    Rng r1(rng.next()), r2(rng.next());
    Rng r1_copy = r1;
    const StateOf<G> d = determinize<G>(s, o, r1);
    CHECK_MESSAGE(view_of<G>(d, o) == view, "determinize changed the observer's view");
    CHECK(view_hash_of<G>(d, o) == view_hash_of<G>(s, o));
    const StateOf<G> other = determinize<G>(s, o, r2);
    CHECK_MESSAGE(same_state<G>(determinize<G>(other, o, r1_copy), d),
                  "determinize depends on more than the view and the RNG");
    if (!hidden_information<G>) CHECK(same_state<G>(d, s));

    // The seat to move knows its own moves.
    if (s.to_move() == o || s.to_move() == kSimultaneous) {
      MoveListOf<G> mine, theirs;
      legal_moves_of<G>(s, o, mine);
      legal_moves_of<G>(d, o, theirs);
      CHECK(std::vector<Move>(mine.begin(), mine.end()) == std::vector<Move>(theirs.begin(), theirs.end()));
    }

    if (s.to_move() == kTerminal) continue;
    // Tokens: two transitions from s, and one transition from s and from a determinization of s.
    for (int k = 0; k < 4; ++k) {
      const auto t1 = random_transition<G>(s, rng), t2 = random_transition<G>(s, rng);
      check_tokens<G>(s, t1, s, t2, o);
      if (t1.legal_in(d)) check_tokens<G>(s, t1, d, t1, o);
    }
  }
}

// Shows that o's information set at `a` holds more than one state: determinizations must vary.
template <Game G>
void check_determinizations_vary(const StateOf<G>& a, Player o, std::uint64_t seed) {
  Rng rng(seed);
  std::set<std::string> seen;
  for (int i = 0; i < 200 && seen.size() < 2; ++i) seen.insert(json_text(G::to_json(determinize<G>(a, o, rng))));
  CHECK_MESSAGE(seen.size() > 1,
                "200 determinizations of an information set with several states were all the same (observer "
                    << o << ", " << json_text(G::to_json(a)) << ")");
}

// Finds another deal that observer o cannot tell from `config`'s and walks both games with the same
// moves as long as o still cannot tell them apart: each such pair proves the information set has
// more than one state.
template <Game G>
void check_hidden_arrangements(const GameConfig& config, std::uint64_t seed) {
  const StateOf<G> a0 = G::initial(config);
  for (Player o = 0; o < num_players_of<G>(a0); ++o) {
    for (std::uint64_t other = 1; other <= 200; ++other) {
      GameConfig c = config;
      c.seed = config.seed + other;
      StateOf<G> a = a0, b = G::initial(c);
      if (same_state<G>(b, a) || view_hash_of<G>(b, o) != view_hash_of<G>(a, o)) continue;
      Rng rng(seed + o);
      for (int step = 0;
           step <= G::kMaxGameLength && !same_state<G>(a, b) && view_hash_of<G>(a, o) == view_hash_of<G>(b, o);
           ++step) {
        check_determinizations_vary<G>(a, o, seed + step);
        if (a.to_move() == kTerminal) break;
        const auto t = random_transition<G>(a, rng);
        if (!t.legal_in(b)) break;
        a = t.after(a);
        b = t.after(b);
      }
      break;
    }
  }
}

// ---- the action and observation vectors (HasTensors) ----------------------------------------------

// Games whose move text depends on the state: Sardegna's "move 3-6" is a villager's step during a
// Commander move and a ship's step during an Admiral move (two moves, two actions). Their actions
// are checked by move code only.
inline bool notation_depends_on_state(std::string_view game) { return game == "sardegna"; }

// What the random games of one configuration have shown so far: the sizes, and which move (by its
// code and by its text) had which action.
struct TensorRecord {
  int num_actions = -1, observation_size = -1;
  std::vector<std::string> feature_names;  // the first state's
  std::map<Move, int> action_of_move;
  std::map<int, Move> move_of_action;
  std::map<std::string, int> action_of_text;
};

// Seat p's observation of s, with a guard of NaNs after it that must stay untouched: a game that
// writes more or fewer numbers than observation_size fails the checks below.
template <Game G>
std::vector<float> observation_of(const StateOf<G>& s, Player p) {
  constexpr int kGuard = 16;
  const int size = G::observation_size(s);
  std::vector<float> out(std::size_t(size + kGuard), std::nanf(""));
  G::observation(s, p, out.data());
  for (int i = 0; i < kGuard; ++i)
    CHECK_MESSAGE(std::isnan(out[std::size_t(size + i)]), "observation writes beyond observation_size");
  out.resize(std::size_t(size));
  return out;
}

template <Game G>
void check_actions(const StateOf<G>& s, TensorRecord& record) {
  MoveListOf<G> list;
  for (Player p = 0; p < num_players_of<G>(s); ++p) {
    legal_moves_of<G>(s, p, list);
    std::set<int> actions;
    for (Move m : list) {
      const int a = G::action_index(s, m);
      const std::string text = G::move_to_string(s, p, m);
      REQUIRE_MESSAGE(a >= 0, "move " << text << " has no action at " << json_text(G::to_json(s)));
      REQUIRE_MESSAGE(a < record.num_actions, "move " << text << " has action " << a << " of " << record.num_actions);
      CHECK_MESSAGE(actions.insert(a).second,
                    "two legal moves share action " << a << " at " << json_text(G::to_json(s)));
      CHECK_MESSAGE(G::action_move(s, a) == m, "action_move(action_index(" << text << ")) is another move");
      // What an earlier state said (emplace keeps the first entry and returns it).
      const int earlier = record.action_of_move.emplace(m, a).first->second;
      CHECK_MESSAGE(earlier == a, "move " << text << " has action " << a << " here, " << earlier << " earlier");
      CHECK_MESSAGE(record.move_of_action.emplace(a, m).first->second == m,
                    "action " << a << " is move " << text << " here, another move earlier");
      if (!notation_depends_on_state(G::kName)) {
        const int earlier_text = record.action_of_text.emplace(text, a).first->second;
        CHECK_MESSAGE(earlier_text == a,
                      "move " << text << " has action " << a << " here, " << earlier_text << " earlier (by its text)");
      }
    }
  }
}

// No peeking: seat p's observation is the same in every state of its information set.
template <Game G>
void check_observations(const StateOf<G>& s, Rng& rng) {
  for (Player p = 0; p < num_players_of<G>(s); ++p) {
    const std::vector<float> seen = observation_of<G>(s, p);
    for (float x : seen) REQUIRE_MESSAGE(std::isfinite(x), "an observation number is not finite (or not written)");
    for (int k = 0; k < 3; ++k) {
      const StateOf<G> d = determinize<G>(s, p, rng);
      CHECK_MESSAGE(observation_of<G>(d, p) == seen, "seat " << p << "'s observation differs in a state of its "
                                                             << "information set (it peeks) at "
                                                             << json_text(G::to_json(s)));
    }
  }
}

// A transition that changes what seat p sees changes p's observation: the vector is not blind to
// what happens (each game's own tests check that it shows the seat's hand).
template <Game G>
void check_observations_follow(const StateOf<G>& before, const StateOf<G>& after) {
  for (Player p = 0; p < num_players_of<G>(before); ++p)
    if (view_of<G>(before, p) != view_of<G>(after, p))
      CHECK_MESSAGE(
          observation_of<G>(before, p) != observation_of<G>(after, p),
          "seat " << p << " sees a move but its observation stays the same at " << json_text(G::to_json(before)));
}

// Seat p's features of s, guarded as observation_of guards the observation.
template <Game G>
std::vector<float> features_of(const StateOf<G>& s, Player p) {
  constexpr int kGuard = 16;
  const int count = G::feature_count(s);
  std::vector<float> out(std::size_t(count + kGuard), std::nanf(""));
  G::features(s, p, out.data());
  for (int i = 0; i < kGuard; ++i)
    CHECK_MESSAGE(std::isnan(out[std::size_t(count + i)]), "features writes beyond feature_count");
  out.resize(std::size_t(count));
  return out;
}

// The feature called `name` of seat p's view of s, for a game's own tests of its features.
template <Game G>
float feature_of(const StateOf<G>& s, Player p, std::string_view name) {
  const std::vector<std::string> names = G::feature_names(s);
  const auto at = std::find(names.begin(), names.end(), name);
  REQUIRE_MESSAGE(at != names.end(), "no feature " << name);
  return features_of<G>(s, p)[std::size_t(at - names.begin())];
}

// The names: one a feature, each once, the same in every state of a configuration. The numbers:
// finite, and the same in every state of the seat's information set (no peeking).
template <Game G>
void check_features(const StateOf<G>& s, TensorRecord& record, Rng& rng) {
  const std::vector<std::string> names = G::feature_names(s);
  if (record.feature_names.empty()) {
    REQUIRE_MESSAGE(int(names.size()) == G::feature_count(s),
                    "feature_names gives " << names.size() << " names for " << G::feature_count(s) << " features");
    std::set<std::string> once;
    for (const std::string& name : names)
      CHECK_MESSAGE(once.insert(name).second, "feature " << name << " is named twice");
    record.feature_names = names;
  }
  CHECK_MESSAGE(names == record.feature_names, "feature_names changed within a configuration");
  for (Player p = 0; p < num_players_of<G>(s); ++p) {
    const std::vector<float> seen = features_of<G>(s, p);
    for (std::size_t i = 0; i < seen.size(); ++i)
      REQUIRE_MESSAGE(std::isfinite(seen[i]), "feature " << names[i] << " is not finite (or not written)");
    for (int k = 0; k < 3; ++k) {
      const std::vector<float> other = features_of<G>(determinize<G>(s, p, rng), p);
      const std::size_t i = std::size_t(std::mismatch(seen.begin(), seen.end(), other.begin()).first - seen.begin());
      CHECK_MESSAGE(i == seen.size(), "seat " << p << "'s feature " << names[std::min(i, names.size() - 1)]
                                              << " differs in a state of its information set (it peeks) at "
                                              << json_text(G::to_json(s)));
    }
  }
}

// A game without the vectors (Nim) or the features has nothing to check here.
template <Game G>
void check_tensors([[maybe_unused]] const StateOf<G>& s, [[maybe_unused]] TensorRecord& record,
                   [[maybe_unused]] Rng& rng) {
  if constexpr (HasTensors<G>) {
    if (record.num_actions < 0)
      record.num_actions = G::num_actions(s), record.observation_size = G::observation_size(s);
    CHECK_MESSAGE(G::num_actions(s) == record.num_actions, "num_actions changed within a configuration");
    CHECK_MESSAGE(G::observation_size(s) == record.observation_size, "observation_size changed within a configuration");
    check_actions<G>(s, record);
    check_observations<G>(s, rng);
  }
  if constexpr (HasFeatures<G>) check_features<G>(s, record, rng);
}

// Every state of the first 24 decisions of a game is checked in full, then every 8th (long games
// such as Sardegna's make the JSON views the cost); legality and game length at every state.
inline bool checked_in_full(int decision) { return decision < 24 || decision % 8 == 0; }

// Random games for a game's default configuration: 200, or fewer for long games, about 32,000
// decisions' worth at the longest (Sardegna: 16).
template <Game G>
int default_game_count() {
  return std::clamp(32000 / G::kMaxGameLength, 8, 200);
}

template <Game G>
void check_invariants(GameConfig config, int games = 200) {
  games = std::max(1, games / kLightFactor);
  const std::uint64_t base_seed = config.seed;
  TensorRecord tensors;  // over every game: one configuration has one action space
  for (int g = 0; g < games; ++g) {
    config.seed = base_seed + std::uint64_t(g) * 7919;
    CAPTURE(g);
    StateOf<G> s = G::initial(config);
    Rng rng(config.seed ^ 0xA5A5);
    Rng optional_rng(config.seed ^ 0x5A5A);  // its own, so that the games played stay the same
    int decisions = 0;
    for (;; ++decisions) {
      REQUIRE_MESSAGE(decisions <= G::kMaxGameLength, "game longer than kMaxGameLength");
      check_legal_moves<G>(s);
      check_optional_moves<G>(s, optional_rng);
      if (checked_in_full(decisions) || s.to_move() == kTerminal) {
        check_copy_and_json<G>(s);
        check_information<G>(s, rng);
        check_tensors<G>(s, tensors, optional_rng);
      }
      if (s.to_move() == kTerminal) break;
      const StateOf<G> before = s;
      s = random_transition<G>(s, rng).after(s);
      if constexpr (HasTensors<G>)
        if (checked_in_full(decisions)) check_observations_follow<G>(before, s);
    }
    if (hidden_information<G> && g < 20) check_hidden_arrangements<G>(config, config.seed);
  }
}

}  // namespace nuraghe::testing

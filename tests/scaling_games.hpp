#pragma once
// Two toy games shaped like the big games' hardest nodes, for the search core's tests and
// benchmarks (bench/bench_search.cpp):
//
// ManyArms: Bardagi's planning node. 2 to 5 seats play `rounds` simultaneous rounds. Each seat
// holds a hidden number; how many arms it has in a round (from `min_arms` to `max_arms`) and which
// moves they are depend on that number and the round, so in two determinizations a seat's moves
// differ in count and only partly coincide: its arms node must grow, and keys do not sit in
// legal-move order. A seat sees its own move and the sum of all moves mod 4. The highest total of
// (move x (hidden + 1)) mod 7 wins.
//
// WideDecision: Ticket to Ride's claim decisions. Two players take `turns` turns of 500 moves each;
// the other player sees only a move's residue mod 25, so in single-observer ISMCTS an opponent's 500
// moves are 25 edges, each a group of 20 moves. The higher sum of (move x 7919) mod 101 wins.

#include <algorithm>

#include "core/game.hpp"

namespace nuraghe::testing {

struct ManyArms {
  static constexpr std::string_view kName = "many-arms";
  static constexpr std::string_view kDescription = "simultaneous rounds with many arms a seat";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 5;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kMaxRounds = 32;
  static constexpr int kMaxGameLength = kMaxRounds;
  static constexpr int kMaxMoves = 149;
  static constexpr int kHiddenValues = 64;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  struct State {
    std::uint8_t players = 5, round = 0, rounds = 20, min_arms = 3, max_arms = kMaxMoves;
    std::uint8_t hidden[5] = {};
    std::uint16_t score[5] = {};
    std::uint64_t seen[5] = {};  // a hash of what each seat saw

    int num_players() const { return players; }
    Player to_move() const { return round < rounds ? kSimultaneous : kTerminal; }
    int arms(Player q) const { return min_arms + (hidden[q] * 37 + round * 11 + q * 5) % (max_arms - min_arms + 1); }
    Move first_move(Player q) const { return Move((hidden[q] * 13 + round) % 16); }
    void legal_moves(ManyArms::MoveList& out) const { out.clear(); }
    void legal_moves(Player q, ManyArms::MoveList& out) const {
      out.clear();
      if (to_move() != kSimultaneous) return;
      for (int j = 0; j < arms(q); ++j) out.push(first_move(q) + Move(j));
    }
    void apply(Move) {}
    void apply_joint(const JointMove& joint) {
      for (int q = 0; q < players; ++q) {
        score[q] = std::uint16_t(score[q] + (joint[q] * (hidden[q] + 1u)) % 7);
        seen[q] = hash_combine(seen[q], observe_joint(*this, joint, q));
      }
      ++round;
    }
    Values scores() const {
      Values v{};
      for (int q = 0; q < players; ++q) v[q] = score[q];
      return v;
    }
    Values returns() const {
      Values v{};
      if (to_move() != kTerminal) return v;
      const int best = *std::max_element(score, score + players);
      const auto winners = std::count(score, score + players, best);
      for (int q = 0; q < players; ++q) v[q] = score[q] == best ? 1.0 / double(winners) : 0.0;
      return v;
    }
    // Scores are public (the toy does not hide them); the others' hidden numbers are not.
    Json view(Player o) const {
      return Json{{"round", round},
                  {"hidden", hidden[o]},
                  {"seen", seen[o]},
                  {"score", std::vector<int>(score, score + players)}};
    }
    std::uint64_t view_hash(Player o) const { return hash_json(view(o)); }
    State determinize(Player o, Rng& rng) const {
      State s = *this;
      for (int q = 0; q < std::min<int>(players, kMaxPlayers); ++q)  // (the bound also tells GCC 12 the array's size)
        if (q != o) s.hidden[q] = std::uint8_t(rng.below(kHiddenValues));
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static State make(int players, int min_arms, int max_arms, int rounds, std::uint64_t seed) {
    State s;
    s.players = std::uint8_t(players), s.min_arms = std::uint8_t(min_arms), s.max_arms = std::uint8_t(max_arms);
    s.rounds = std::uint8_t(rounds);
    Rng rng(seed);
    for (int q = 0; q < players; ++q) s.hidden[q] = std::uint8_t(rng.below(kHiddenValues));
    return s;
  }

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig& c) { return make(c.players == 0 ? 5 : c.players, 3, kMaxMoves, 20, c.seed); }
  static std::uint64_t observe(const State&, Move, Player) { return 0; }
  static std::uint64_t observe_joint(const State& s, const JointMove& joint, Player o) {
    Move sum = 0;
    for (int q = 0; q < s.players; ++q) sum += joint[q];
    return std::uint64_t(joint[o]) * 4 + sum % 4 + 1;
  }
  static std::string move_to_string(const State&, Player, Move m) { return std::to_string(m); }
  static Move parse_move(const State&, Player, std::string_view t) { return Move(std::stoi(std::string(t))); }
  static Json to_json(const State& s) { return s.view(0); }
  static State from_json(const Json&) { return State{}; }
  static std::string render(const State& s, Player o) { return json_text(s.view(o)); }
};

struct WideDecision {
  static constexpr std::string_view kName = "wide-decision";
  static constexpr std::string_view kDescription = "turns of 500 moves, seen by the other player as 25 groups";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kMaxTurns = 16;
  static constexpr int kMaxGameLength = kMaxTurns;
  static constexpr int kMaxMoves = 500;
  static constexpr int kGroups = 25;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  struct State {
    std::uint8_t turn = 0, turns = 6;
    std::uint16_t moves[kMaxTurns] = {};

    int num_players() const { return 2; }
    Player to_move() const { return turn < turns ? turn % 2 : kTerminal; }
    void legal_moves(WideDecision::MoveList& out) const {
      out.clear();
      if (to_move() != kTerminal)
        for (Move m = 0; m < kMaxMoves; ++m) out.push(m);
    }
    void apply(Move m) { moves[turn++] = std::uint16_t(m); }
    Values scores() const {
      Values v{};
      for (int t = 0; t < turn; ++t) v[t % 2] += (moves[t] * 7919) % 101;
      return v;
    }
    Values returns() const {
      Values v{};
      if (to_move() != kTerminal) return v;
      const Values s = scores();
      v[0] = s[0] > s[1] ? 1 : s[0] < s[1] ? 0 : 0.5;
      v[1] = 1 - v[0];
      return v;
    }
    Json view(Player o) const {
      Json seen = Json::array();
      for (int t = 0; t < turn; ++t) seen.push_back(t % 2 == o ? moves[t] : moves[t] % kGroups);
      return Json{{"turn", turn}, {"seen", seen}};
    }
    std::uint64_t view_hash(Player o) const { return hash_json(view(o)); }
    // The other player's moves: any of the 20 with the residue seen.
    State determinize(Player o, Rng& rng) const {
      State s = *this;
      for (int t = 0; t < turn; ++t)
        if (t % 2 != o) s.moves[t] = std::uint16_t(moves[t] % kGroups + kGroups * rng.below(kMaxMoves / kGroups));
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::uint64_t observe(const State& s, Move m, Player o) { return s.to_move() == o ? m : 1000 + m % kGroups; }
  static std::string move_to_string(const State&, Player, Move m) { return std::to_string(m); }
  static Move parse_move(const State&, Player, std::string_view t) { return Move(std::stoi(std::string(t))); }
  static Json to_json(const State& s) { return s.view(0); }
  static State from_json(const Json&) { return State{}; }
  static std::string render(const State& s, Player o) { return json_text(s.view(o)); }
};

}  // namespace nuraghe::testing

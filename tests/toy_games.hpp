#pragma once
// Two tiny games that isolate what the search core must get right.
//
// RevealGuess: one player, a shuffled deck of 4 cards. The first move turns the top card face up
// (apply reveals it); the second names a card and wins if it is the revealed one. A search that
// keys children by observation tokens plays it perfectly; one that loses the reveal guesses blind.
//
// HiddenPick: seat 0 says "go", seat 1 secretly picks n in 1..3, seat 0 says "go" again, then
// seat 1 names one of its two moves 10n and 10n + 1. Seat 1's secret makes states that look alike
// to seat 0 differ in what is legal later: a tree over full states must not mistake one for another.
//
// BiasedRps: one simultaneous round of rock-paper-scissors where rock beats scissors by 2; its
// unique Nash equilibrium is mixed (1/4, 1/2, 1/4) for both players.

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/game.hpp"

namespace nuraghe::testing {

struct RevealGuess {
  static constexpr std::string_view kName = "reveal-guess";
  static constexpr std::string_view kDescription = "turn a card, then name it";
  static constexpr int kMinPlayers = 1, kMaxPlayers = 1;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kMaxGameLength = 2;
  static constexpr int kCards = 4;
  static constexpr int kMaxMoves = kCards;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  struct State {
    std::uint8_t deck[kCards] = {0, 1, 2, 3};
    std::uint8_t step = 0;  // 0: reveal, 1: guess, 2: over
    std::uint8_t guess = 0;
    int num_players() const { return 1; }
    Player to_move() const { return step < 2 ? 0 : kTerminal; }
    void legal_moves(RevealGuess::MoveList& out) const {
      out.clear();
      if (step == 0) out.push(0);
      else if (step == 1)
        for (Move c = 0; c < kCards; ++c) out.push(c);
    }
    void apply(Move m) {
      if (step == 1) guess = std::uint8_t(m);
      ++step;
    }
    Values returns() const {
      Values v{};
      v[0] = step == 2 && guess == deck[0] ? 1.0 : 0.0;
      return v;
    }
    Values scores() const { return returns(); }
    Json view(Player) const {
      Json v{{"step", step}};
      if (step >= 1) v["revealed"] = deck[0];
      if (step == 2) v["guess"] = guess;
      return v;
    }
    std::uint64_t view_hash(Player p) const { return hash_json(view(p)); }
    State determinize(Player, Rng& rng) const {
      State s = *this;
      const int seen = step >= 1 ? 1 : 0;
      // The unseen cards in canonical order, then shuffled: the unseen cards are always the
      // complement of the revealed one, so rebuild them in order.
      int k = seen;
      for (std::uint8_t c = 0; c < kCards; ++c)
        if (!seen || c != deck[0]) s.deck[k++] = c;
      rng.shuffle(s.deck + seen, kCards - seen);
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static inline bool drop_reveals = false;  // a switch for showing that the test catches lost reveals

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig& c) {
    State s;
    Rng rng(c.seed);
    rng.shuffle(s.deck, kCards);
    return s;
  }
  static std::uint64_t observe(const State& before, Move m, Player) {
    if (before.step == 0) return drop_reveals ? 100 : 100 + before.deck[0];
    return m;
  }
  static std::string move_to_string(const State& s, Player, Move m) {
    return s.step == 0 ? "reveal" : std::to_string(m);
  }
  static Move parse_move(const State&, Player, std::string_view t) {
    return t == "reveal" ? 0 : Move(std::stoi(std::string(t)));
  }
  static Json to_json(const State& s) {
    return Json{{"deck", std::vector<int>(s.deck, s.deck + kCards)}, {"step", s.step}, {"guess", s.guess}};
  }
  static State from_json(const Json& j) {
    State s;
    const auto deck = j.at("deck").get<std::vector<int>>();
    for (int i = 0; i < kCards; ++i) s.deck[i] = std::uint8_t(deck[i]);
    s.step = j.at("step").get<std::uint8_t>();
    s.guess = j.at("guess").get<std::uint8_t>();
    return s;
  }
  static std::string render(const State& s, Player) { return json_text(to_json(s)); }
};

struct HiddenPick {
  static constexpr std::string_view kName = "hidden-pick";
  static constexpr std::string_view kDescription = "a secret number, then a move only it allows";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kMaxGameLength = 4;
  static constexpr int kMaxMoves = 3;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  struct State {
    std::uint8_t step = 0;  // 0 and 2: seat 0's "go"; 1: seat 1 picks n; 3: seat 1 names; 4: over
    std::uint8_t n = 0;
    std::uint8_t named = 0;
    int num_players() const { return 2; }
    Player to_move() const { return step == 4 ? kTerminal : Player(step & 1); }
    void legal_moves(HiddenPick::MoveList& out) const {
      out.clear();
      if (step == 0 || step == 2) out.push(0);
      else if (step == 1)
        for (Move k = 1; k <= 3; ++k) out.push(k);
      else if (step == 3) out.push(Move(10 * n)), out.push(Move(10 * n + 1));
    }
    // An illegal move is a fault of the caller here, not a silent no-op.
    void apply(Move m) {
      MoveList legal;
      legal_moves(legal);
      if (std::find(legal.begin(), legal.end(), m) == legal.end())
        throw std::logic_error("hidden-pick: move " + std::to_string(m) + " is not legal");
      if (step == 1) n = std::uint8_t(m);
      if (step == 3) named = std::uint8_t(m);
      ++step;
    }
    Values returns() const {
      Values v{};
      if (step == 4) v[0] = named % 2 == 0 ? 1.0 : 0.0, v[1] = 1 - v[0];
      return v;
    }
    Values scores() const { return returns(); }
    Json view(Player p) const {
      Json v{{"step", step}};
      if (p == 1 && step >= 2) v["n"] = n;
      if (step == 4) v["named"] = named;
      return v;
    }
    std::uint64_t view_hash(Player p) const { return hash_json(view(p)); }
    State determinize(Player p, Rng& rng) const {
      State s = *this;
      if (p == 0 && step >= 2 && step < 4) s.n = std::uint8_t(1 + rng.below(3));
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::uint64_t observe(const State& before, Move m, Player p) {
    return before.step == 1 && p == 0 ? 0 : m;  // seat 0 sees that seat 1 picked, not what
  }
  static std::string move_to_string(const State&, Player, Move m) { return std::to_string(m); }
  static Move parse_move(const State&, Player, std::string_view t) { return Move(std::stoi(std::string(t))); }
  static Json to_json(const State& s) { return Json{{"step", s.step}, {"n", s.n}, {"named", s.named}}; }
  static State from_json(const Json& j) {
    State s;
    s.step = j.at("step").get<std::uint8_t>();
    s.n = j.at("n").get<std::uint8_t>();
    s.named = j.at("named").get<std::uint8_t>();
    return s;
  }
  static std::string render(const State& s, Player) { return json_text(to_json(s)); }
};

struct BiasedRps {
  static constexpr std::string_view kName = "biased-rps";
  static constexpr std::string_view kDescription = "rock-paper-scissors, rock wins double";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kMaxGameLength = 1;
  static constexpr int kMaxMoves = 3;
  using MoveList = nuraghe::MoveList<kMaxMoves>;
  // Row player's payoff: rock, paper, scissors.
  static constexpr int kPayoff[3][3] = {{0, -1, 2}, {1, 0, -1}, {-2, 1, 0}};

  struct State {
    std::int8_t choice[2] = {-1, -1};
    int num_players() const { return 2; }
    Player to_move() const { return choice[0] < 0 ? kSimultaneous : kTerminal; }
    void legal_moves(BiasedRps::MoveList& out) const { out.clear(); }
    void legal_moves(Player, BiasedRps::MoveList& out) const {
      out.clear();
      if (choice[0] < 0)
        for (Move m = 0; m < 3; ++m) out.push(m);
    }
    void apply(Move) {}
    void apply_joint(const JointMove& j) {
      choice[0] = std::int8_t(j[0]);
      choice[1] = std::int8_t(j[1]);
    }
    Values scores() const {
      Values v{};
      if (choice[0] >= 0) v[0] = kPayoff[choice[0]][choice[1]], v[1] = -v[0];
      return v;
    }
    // Payoffs in [-2, 2] scaled to [0, 1].
    Values returns() const {
      Values v{};
      if (choice[0] >= 0) v[0] = (scores()[0] + 2) / 4.0, v[1] = 1 - v[0];
      return v;
    }
    Json view(Player) const { return Json{{"choice", {choice[0], choice[1]}}}; }
    std::uint64_t view_hash(Player p) const { return hash_json(view(p)); }
    State determinize(Player, Rng&) const { return *this; }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::uint64_t observe(const State&, Move m, Player) { return m; }
  static std::uint64_t observe_joint(const State&, const JointMove& j, Player) { return j[0] * 3 + j[1]; }
  static std::string move_to_string(const State&, Player, Move m) { return std::string(1, "RPS"[m]); }
  static Move parse_move(const State&, Player, std::string_view t) { return Move(std::string("RPS").find(t[0])); }
  static Json to_json(const State& s) { return s.view(0); }
  static State from_json(const Json& j) {
    State s;
    s.choice[0] = j.at("choice")[0].get<std::int8_t>();
    s.choice[1] = j.at("choice")[1].get<std::int8_t>();
    return s;
  }
  static std::string render(const State& s, Player) { return json_text(to_json(s)); }
};

}  // namespace nuraghe::testing

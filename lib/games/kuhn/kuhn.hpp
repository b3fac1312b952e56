#pragma once
// Kuhn poker: three cards (J < Q < K), two players, one private card each, ante 1, one bet of 1.
//
// Histories (p = pass, b = bet): pp and bb / pbb go to showdown (pot 2 or 4), bp and pbp end with
// a fold. Seat 0 acts first. The private cards are the hidden information; a showdown reveals the
// opponent's card, a fold reveals nothing.

#include <cstdint>

#include "core/game.hpp"

namespace nuraghe {

namespace kuhn {
// What shows the game to people (lib/core/hooks.hpp), in games/kuhn/presentation.hpp.
struct Presentation;
}  // namespace kuhn

struct Kuhn {
  static constexpr std::string_view kName = "kuhn";
  static constexpr std::string_view kDescription =
      "Kuhn poker (three cards, private hands; for information-set search)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kMaxGameLength = 3;
  static constexpr int kMaxMoves = 2;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  enum Action : Move { kPass = 0, kBet = 1 };
  enum Card : std::uint8_t { kJack = 0, kQueen = 1, kKing = 2 };

  struct State {
    std::uint8_t deck[3] = {kJack, kQueen, kKing};  // deck[p] is seat p's card; deck[2] stays unseen
    std::uint8_t length = 0;                        // actions taken so far
    std::uint8_t actions = 0;                       // bit i: action i was a bet

    int num_players() const { return 2; }
    bool bet(int i) const { return (actions >> i) & 1; }
    bool is_terminal() const {
      if (length == 2) return bet(0) == bet(1) || bet(0);  // pp, bb, bp
      return length == 3;                                  // pbp, pbb
    }
    bool is_showdown() const { return is_terminal() && !(bet(length - 2) && !bet(length - 1)); }
    Player to_move() const { return is_terminal() ? kTerminal : length & 1; }
    void legal_moves(Kuhn::MoveList& out) const {
      out.clear();
      out.push(kPass);
      out.push(kBet);
    }
    void apply(Move a) {
      actions = std::uint8_t(actions | (a << length));
      ++length;
    }

    // Chips won by seat 0 (seat 1 wins the negative): the pot is 2, or 4 once a bet is called.
    int payoff0() const {
      if (!is_showdown()) return bet(length - 2) && length == 2 ? 1 : -1;  // bp: seat 1 folded; pbp: seat 0 folded
      const int stake = (actions != 0) ? 2 : 1;
      return deck[0] > deck[1] ? stake : -stake;
    }
    Values scores() const {
      Values v{};
      if (is_terminal()) v[0] = payoff0(), v[1] = -payoff0();
      return v;
    }
    // The chip payoff in [-2, 2] scaled to [0, 1].
    Values returns() const {
      Values v{};
      if (is_terminal()) v[0] = (payoff0() + 2) / 4.0, v[1] = 1.0 - v[0];
      return v;
    }
    Json view(Player observer) const;
    std::uint64_t view_hash(Player observer) const { return hash_json(view(observer)); }
    // Re-deals the cards the observer has not seen: the opponent's (unless shown down) and the third.
    State determinize(Player observer, Rng& rng) const {
      State s = *this;
      if (is_showdown()) return s;  // the third card is the one left over: nothing unseen
      std::uint8_t& opp = s.deck[1 - observer];
      std::uint8_t& rest = s.deck[2];
      if (opp > rest) std::swap(opp, rest);  // canonical order before the draw
      if (rng.below(2)) std::swap(opp, rest);
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig& config);
  // Every action is public; the action that ends in a showdown also shows the opponent's card.
  static std::uint64_t observe(const State& before, Move a, Player observer) {
    State after = before;
    after.apply(a);
    return after.is_showdown() ? a | (std::uint64_t(before.deck[1 - observer]) + 1) << 8 : a;
  }
  static std::string move_to_string(const State&, Player, Move m);
  static Move parse_move(const State&, Player, std::string_view text);
  static Json to_json(const State& s);
  static State from_json(const Json& j);
  // For learning agents (HasTensors): action = the Action (pass 0, bet 1); observation = the seat,
  // its card, the opponent's once shown down, and the actions so far (docs/game-concept.md).
  static int num_actions(const State&) { return 2; }
  static int action_index(const State&, Move m) { return int(m); }
  static Move action_move(const State&, int a) { return Move(a); }
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  static std::string render(const State& s, Player observer);
  // What scores() counts and the picture for the browser viewer (presentation.hpp).
  using Presentation = kuhn::Presentation;
};

}  // namespace nuraghe

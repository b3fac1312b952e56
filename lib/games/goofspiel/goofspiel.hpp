#pragma once
// Goofspiel (the Game of Pure Strategy) with N cards and a hidden, randomly ordered prize deck.
//
// Each round the top prize card is face up and every player bids one card from hand in secret, at
// the same time (a simultaneous node). The single highest bid wins the prize's value; tied highest
// bids win nothing and the prize is discarded (the usual rule). Bids are then shown to all and the
// next prize is turned face up. The unseen part of the prize deck is the hidden information.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "core/game.hpp"

namespace nuraghe {

namespace goofspiel {
// What shows the game to people (lib/core/hooks.hpp), in games/goofspiel/presentation.hpp.
struct Presentation;
}  // namespace goofspiel

struct Goofspiel {
  static constexpr std::string_view kName = "goofspiel";
  static constexpr std::string_view kDescription =
      "Goofspiel with N cards and a hidden prize deck (simultaneous secret bids)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 5;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kMaxCards = 16;
  static constexpr int kMaxGameLength = kMaxCards;
  static constexpr int kMaxMoves = kMaxCards;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  // A move is the value of the card bid, 1..cards.
  struct State {
    std::uint8_t players = 2;
    std::uint8_t cards = 13;
    std::uint8_t round = 0;                          // prizes[round] is face up while round < cards
    std::uint8_t prizes[kMaxCards] = {};             // the prize deck, in dealing order
    std::uint8_t bids[kMaxCards][kMaxPlayers] = {};  // bids[r][p]: what p bid in round r
    std::uint16_t hands[kMaxPlayers] = {};           // bit v-1 set: card v still in hand
    std::uint16_t points[kMaxPlayers] = {};

    int num_players() const { return players; }
    Player to_move() const { return round < cards ? kSimultaneous : kTerminal; }
    int face_up_prize() const { return round < cards ? prizes[round] : 0; }
    void legal_moves(Goofspiel::MoveList& out) const { out.clear(); }
    void legal_moves(Player p, Goofspiel::MoveList& out) const {
      out.clear();
      if (round >= cards) return;
      for (unsigned h = hands[p]; h; h &= h - 1) out.push(Move(std::countr_zero(h) + 1));
    }
    void apply(Move) {}  // never a single mover
    void apply_joint(const JointMove& bid) {
      int best = 0, winners = 0, winner = -1;
      for (int p = 0; p < players; ++p) {
        hands[p] &= std::uint16_t(~(1u << (bid[p] - 1)));
        bids[round][p] = std::uint8_t(bid[p]);
        if (int(bid[p]) > best) best = int(bid[p]), winners = 1, winner = p;
        else if (int(bid[p]) == best) ++winners;
      }
      if (winners == 1) points[winner] = std::uint16_t(points[winner] + prizes[round]);
      ++round;
    }
    Values scores() const {
      Values v{};
      for (int p = 0; p < players; ++p) v[p] = points[p];
      return v;
    }
    // Most points wins; tied leaders share the win.
    Values returns() const {
      Values v{};
      const int best = *std::max_element(points, points + players);
      int leaders = 0;
      for (int p = 0; p < players; ++p) leaders += points[p] == best;
      for (int p = 0; p < players; ++p) v[p] = points[p] == best ? 1.0 / leaders : 0.0;
      return v;
    }
    Json view(Player observer) const;
    std::uint64_t view_hash(Player observer) const { return hash_json(view(observer)); }
    // Re-deals the prizes nobody has seen (those after the face-up one), from a canonical order.
    State determinize(Player, Rng& rng) const {
      State s = *this;
      if (round + 1 < cards) {
        std::uint8_t* unseen = s.prizes + round + 1;
        const int n = cards - round - 1;
        std::sort(unseen, unseen + n);
        rng.shuffle(unseen, std::uint32_t(n));
      }
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() {
    return {ParamSpec::integer("cards", 13, 1, kMaxCards, "cards in each hand and in the prize deck")};
  }
  static State initial(const GameConfig& config);

  // Rollout policy: bid the card that matches the face-up prize, or the nearest card held above it,
  // or failing that the nearest below (a classic strong baseline against random bidders).
  static Move heuristic_move(const State& s, Player p, Rng&) {
    const int prize = s.face_up_prize();
    const unsigned hand = s.hands[p];
    const unsigned at_or_above = hand & ~((1u << (prize - 1)) - 1);
    if (at_or_above) return Move(std::countr_zero(at_or_above) + 1);
    return Move(std::bit_width(hand));  // the highest card held, all being below the prize
  }

  // Static evaluation for cut-off rollouts. The prizes still to come are projected to go to the
  // players in proportion to the bidding strength left in their hands (so points bought with high
  // cards are not mistaken for a lead), and the projected margin becomes a win share by a softmax
  // scaled by what is still to play for. Uses only public facts.
  static constexpr double kEvaluationSharpness = 4.0;
  static Values evaluate(const State& s) {
    int remaining = 0;
    for (int r = s.round; r < s.cards; ++r) remaining += s.prizes[r];
    std::array<double, kMaxPlayers> strength{};
    double total_strength = 0;
    for (int p = 0; p < s.players; ++p) {
      for (unsigned h = s.hands[p]; h; h &= h - 1) strength[p] += std::countr_zero(h) + 1;
      total_strength += strength[p];
    }
    Values projected{}, v{};
    for (int p = 0; p < s.players; ++p)
      projected[p] = s.points[p] + (total_strength > 0 ? remaining * strength[p] / total_strength : 0.0);
    const double best = *std::max_element(projected.begin(), projected.begin() + s.players);
    double total = 0;
    for (int p = 0; p < s.players; ++p)
      total += v[p] = std::exp(kEvaluationSharpness * (projected[p] - best) / std::max(1.0, double(remaining)));
    for (int p = 0; p < s.players; ++p) v[p] /= total;
    return v;
  }

  static std::uint64_t observe(const State&, Move m, Player) { return m; }
  // Everyone sees every bid and the next prize card turned face up.
  static std::uint64_t observe_joint(const State& before, const JointMove& bid, Player) {
    std::uint64_t token = before.round + 1 < before.cards ? before.prizes[before.round + 1] : 0;
    for (int p = 0; p < before.players; ++p) token = (token << 5) | bid[p];
    return token;
  }
  static std::string move_to_string(const State&, Player, Move m);
  static Move parse_move(const State&, Player, std::string_view text);
  static Json to_json(const State& s);
  static State from_json(const Json& j);
  // For learning agents (HasTensors): action = the card's value - 1; observation = the face-up
  // prize, the prizes gone, and each seat's hand and points (docs/game-concept.md, layout in
  // goofspiel.cpp).
  static int num_actions(const State& s) { return s.cards; }
  static int action_index(const State&, Move m) { return int(m) - 1; }
  static Move action_move(const State&, int a) { return Move(a + 1); }
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  static std::string render(const State& s, Player observer);
  // What scores() counts and the picture for the browser viewer (presentation.hpp).
  using Presentation = goofspiel::Presentation;
};

}  // namespace nuraghe

#pragma once
// The Bot interface: what the arena, `play` and the tests drive.
//
// A bot decides from its own seat's information only. It is handed an InfoSet, which wraps the
// true state but exposes only what the seat may know: its view, its legal moves, and
// determinizations (states drawn from its information set). After every transition the bot is told
// its seat's observation token, which is all a searching bot may use to walk its tree forward.
// The one deliberate exception is `cheat-uct`, an upper-bound baseline that asks for the true
// state by name (InfoSet::true_state_for_cheating) so that it is easy to find.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/game.hpp"
#include "core/hooks.hpp"

namespace nuraghe {

template <Game G>
class InfoSet {
 public:
  using State = typename G::State;
  InfoSet(const State& truth, Player seat) : truth_(truth), seat_(seat) {}

  Player seat() const { return seat_; }
  Player to_move() const { return truth_.to_move(); }
  int num_players() const { return num_players_of<G>(truth_); }
  // The seat's own moves depend only on what it knows (a tested invariant of every game).
  void legal_moves(MoveListOf<G>& out) const { legal_moves_of<G>(truth_, seat_, out); }
  Json view() const { return view_of<G>(truth_, seat_); }
  State determinize(Rng& rng) const { return nuraghe::determinize<G>(truth_, seat_, rng); }
  std::string move_to_string(Move m) const { return G::move_to_string(truth_, seat_, m); }
  // For perfect-information games the information set is the state itself.
  const State& state_if_perfect_information() const requires(!hidden_information<G>) { return truth_; }
  const State& true_state_for_cheating() const {
    ++cheating_reads_;
    return truth_;
  }
  // How often the true state was read by name: a test shows that only cheat-uct does.
  int cheating_reads() const { return cheating_reads_; }

 private:
  const State& truth_;
  Player seat_;
  mutable int cheating_reads_ = 0;
};

template <Game G>
class Bot {
 public:
  virtual ~Bot() = default;
  // Before the first move of a game: the seat this bot plays.
  virtual void start(Player seat) { seat_ = seat; }
  // A move for the seat, which is to move (alone, or at a simultaneous node).
  virtual Move choose(const InfoSet<G>& info) = 0;
  // After every transition of the game: what the seat observed (G::observe / observe_joint).
  virtual void inform(std::uint64_t /*token*/) {}
  // What the last choose() estimated its seat's return to be (a search's root value), for the
  // self-play data's `search_value`; nothing for a bot that does not estimate one.
  virtual std::optional<double> root_value() const { return std::nullopt; }

 protected:
  Player seat_ = 0;
};

// Plays a uniformly random legal move.
template <Game G>
class RandomBot final : public Bot<G> {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  Move choose(const InfoSet<G>& info) override {
    MoveListOf<G> moves;
    info.legal_moves(moves);
    return moves[rng_.below(std::uint32_t(moves.size()))];
  }

 private:
  Rng rng_;
};

}  // namespace nuraghe

namespace nuraghe {

// Plays the game's own heuristic policy (G::heuristic_move), for games that have one.
template <Game G>
class HeuristicBot final : public Bot<G> {
 public:
  // `style`: an index into G::kHeuristicStyles where the game has styles (0: its default).
  explicit HeuristicBot(std::uint64_t seed, int style = 0) : rng_(seed), style_(style) {}
  Move choose(const InfoSet<G>& info) override {
    // The policy reads only what the seat knows: it runs on a determinization of its information set.
    if constexpr (HasHeuristicStyles<G>) return G::heuristic_move(info.determinize(rng_), info.seat(), rng_, style_);
    else return G::heuristic_move(info.determinize(rng_), info.seat(), rng_);
  }

 private:
  Rng rng_;
  int style_;
};

}  // namespace nuraghe

#pragma once
// Plays one game between bots: the loop shared by `play`, `arena` and the tests.

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "bots/notation.hpp"

namespace nuraghe {

// One decision of a finished game: who moved (kSimultaneous for a joint move), what, how long.
struct MoveRecord {
  Player player;
  JointMove moves;   // moves[0] for a single mover; one per seat at a simultaneous node
  std::string text;  // in the game's notation; joint moves as "m0,m1,..."
  Values seconds;    // thinking time of each seat that chose
};

struct GameRecord {
  std::vector<MoveRecord> moves;
  Values scores{}, returns{};
};

// The seats of a finished game with the best return, in seat order: one winner, or a shared win
// (every seat: a draw). `play` prints them and the viewer's last step shows them.
inline std::vector<int> winners_of(const Values& returns, int players) {
  double best = returns[0];
  for (int p = 1; p < players; ++p) best = std::max(best, returns[p]);
  std::vector<int> winners;
  for (int p = 0; p < players; ++p)
    if (returns[p] == best) winners.push_back(p);
  return winners;
}

template <Game G>
std::string joint_to_string(const typename G::State& s, const JointMove& joint) {
  std::string t;
  for (int p = 0; p < num_players_of<G>(s); ++p) t += (p ? "," : "") + G::move_to_string(s, p, joint[p]);
  return t;
}

// The seed of seat p's bot in a game of `play` (the command and the Python module's play()), unless
// its spec sets seed=: one game seed gives the same game everywhere.
inline std::uint64_t play_bot_seed(std::uint64_t game_seed, Player p) {
  return hash_combine(game_seed, std::uint64_t(p) + 1);
}

// A finished game for people to step through (`replay`, the viewer of lib/viewer/viewer.hpp): where it
// started, who sat in each seat, and every decision.
template <Game G>
struct Transcript {
  typename G::State start;
  std::vector<std::string> seats;  // the bot spec in each seat ("human" for a person)
  std::vector<MoveRecord> moves;

  // Calls f(before, move, after) for each decision, in order.
  template <class F>
  void for_each_step(F&& f) const {
    auto s = start;
    for (const MoveRecord& m : moves) {
      const auto before = s;
      apply_step<G>(s, m.moves);
      f(before, m, s);
    }
  }
  typename G::State final_state() const {
    auto s = start;
    for (const MoveRecord& m : moves) apply_step<G>(s, m.moves);
    return s;
  }
};

// The transcript of moves written in notation (a log's "moves") from `start`: each is read and
// checked for legality in its turn (parse_step), so a list that does not replay is an InputError.
template <Game G>
Transcript<G> transcript_from_notation(const typename G::State& start, std::vector<std::string> seats,
                                       const std::vector<std::string>& texts) {
  Transcript<G> t{start, std::move(seats), {}};
  auto s = start;
  for (const auto& text : texts) {
    const MoveRecord m{s.to_move(), parse_step<G>(s, text), text, {}};
    apply_step<G>(s, m.moves);
    t.moves.push_back(m);
  }
  return t;
}

// Who made a decision, as `play` and `replay` print it: "player 2", or "all" for a joint move.
inline std::string mover_name(Player p) { return p == kSimultaneous ? "all" : "player " + std::to_string(p); }

// A decision as seat `viewer` saw it (-1: everything), as `replay --seat`, the viewer and the human
// seat print it: only what the seat could tell of the others' moves (lib/bots/notation.hpp).
template <Game G>
std::string move_text_seen_by(const typename G::State& before, const MoveRecord& m, Player viewer) {
  if (viewer < 0) return m.text;
  return m.player == kSimultaneous ? joint_text_seen_by<G>(before, m.moves, viewer)
                                   : single_text_seen_by<G>(before, m.moves[0], viewer);
}

// Plays `s` to the end. seats[p] plays seat p; each bot is informed of its seat's observation after
// every transition. A bot that returns an illegal move is a bug, reported as std::logic_error.
template <Game G>
GameRecord play_game(typename G::State s, const std::vector<Bot<G>*>& seats,
                     const std::function<void(const typename G::State&, const MoveRecord&)>& on_move = {}) {
  using Clock = std::chrono::steady_clock;
  const int n = num_players_of<G>(s);
  for (int p = 0; p < n; ++p) seats[p]->start(p);
  GameRecord record;
  MoveListOf<G> legal;
  auto checked = [&](Player p, Move m) {
    legal_moves_of<G>(s, p, legal);
    if (!legal.contains(m)) throw std::logic_error("bot for seat " + std::to_string(p) + " chose an illegal move");
    return m;
  };
  for (int decisions = 0; s.to_move() != kTerminal; ++decisions) {
    if (decisions > G::kMaxGameLength) throw std::logic_error(std::string(G::kName) + ": game exceeds kMaxGameLength");
    MoveRecord rec{s.to_move(), {}, {}, {}};
    if (rec.player == kSimultaneous) {
      for (int p = 0; p < n; ++p) {
        const auto t0 = Clock::now();
        rec.moves[p] = checked(p, seats[p]->choose(InfoSet<G>(s, p)));
        rec.seconds[p] = std::chrono::duration<double>(Clock::now() - t0).count();
      }
      rec.text = joint_to_string<G>(s, rec.moves);
      for (int p = 0; p < n; ++p) seats[p]->inform(observe_joint<G>(s, rec.moves, p));
      if (on_move) on_move(s, rec);
      apply_joint<G>(s, rec.moves);
    } else {
      const auto t0 = Clock::now();
      rec.moves[0] = checked(rec.player, seats[rec.player]->choose(InfoSet<G>(s, rec.player)));
      rec.seconds[rec.player] = std::chrono::duration<double>(Clock::now() - t0).count();
      rec.text = G::move_to_string(s, rec.player, rec.moves[0]);
      for (int p = 0; p < n; ++p) seats[p]->inform(observe<G>(s, rec.moves[0], p));
      if (on_move) on_move(s, rec);
      s.apply(rec.moves[0]);
    }
    record.moves.push_back(rec);
  }
  record.scores = scores_of<G>(s);
  record.returns = s.returns();
  return record;
}

}  // namespace nuraghe

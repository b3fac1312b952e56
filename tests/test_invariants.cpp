// Every game, every configuration: the generic invariant suite (tests/invariants.hpp).
#include "core/hooks.hpp"
#include "invariants.hpp"

#include <functional>

#include "bots/games.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "games/all_presentations.hpp"

using namespace nuraghe;
using testing::check_invariants;

// Every game of the list (lib/games/games.txt) at its default configuration, one test case per
// game: a new game is in the suite without a line here. Long games play fewer random games.
TEST_CASE_TEMPLATE_DEFINE("invariants: every invariant holds along random games, at the default configuration", G,
                          every_game) {
  check_invariants<G>({}, testing::default_game_count<G>());
}
TEST_CASE_TEMPLATE_APPLY(every_game, AllGames::Types);

// Further configurations.
GameConfig goofspiel_config(int players, const char* cards) {
  GameConfig c;
  c.players = players;
  c.options["cards"] = cards;
  return c;
}
TEST_CASE("invariants: every invariant holds along random games, goofspiel, 3 players, 6 cards") {
  check_invariants<Goofspiel>(goofspiel_config(3, "6"));
}
TEST_CASE("invariants: every invariant holds along random games, goofspiel, 5 players, 4 cards") {
  check_invariants<Goofspiel>(goofspiel_config(5, "4"));
}

GameConfig sardegna_config(int players, const char* variant) {
  GameConfig c;
  c.players = players;
  c.options["variant"] = variant;
  return c;
}
// (2 players, base: the default configuration above, with as many games.)
TEST_CASE("invariants: every invariant holds along random games, sardegna, 3 players") {
  check_invariants<Sardegna>(sardegna_config(3, "base"), 8);
}
TEST_CASE("invariants: every invariant holds along random games, sardegna, 4 players") {
  check_invariants<Sardegna>(sardegna_config(4, "base"), 8);
}
TEST_CASE("invariants: every invariant holds along random games, sardegna, 2 players, alt-sentinel") {
  check_invariants<Sardegna>(sardegna_config(2, "alt-sentinel"), 16);
}
TEST_CASE("invariants: every invariant holds along random games, sardegna, 4 players, alt-sentinel") {
  check_invariants<Sardegna>(sardegna_config(4, "alt-sentinel"), 8);
}

// ---- What is printed for a seat ---------------------------------------------------------------
// `replay --seat S`, the viewer's page for S and the human seat print each decision as S saw it
// (move_text_seen_by, and for the human seat the explanation of a single mover's move). Every such
// line must be a function of what S knows: the same, in every determinization of S's information
// set before the move, for a transition there that S observes as it observed the true one. (Before:
// another seat's Ticket to Ride keep was printed in full, naming the tickets S saw only counted.)
namespace {
template <Game G>
MoveRecord record_of(const typename G::State& s, const testing::Transition<G>& t) {
  MoveRecord m{};
  m.player = t.joint ? kSimultaneous : s.to_move();
  if (t.joint) {
    m.moves = t.moves;
    m.text = joint_to_string<G>(s, t.moves);
  } else {
    m.moves[0] = t.move;
    m.text = G::move_to_string(s, s.to_move(), t.move);
  }
  return m;
}

template <Game G>
std::string printed_for(const typename G::State& before, const testing::Transition<G>& t, Player seat) {
  const MoveRecord m = record_of<G>(before, t);
  return mover_name(m.player) + ": " + move_text_seen_by<G>(before, m, seat) + "\n" +
         (t.joint ? std::string() : explain_move<G>(before, t.move));
}

// The transitions of d that seat o observes as `token` (at most `limit` of them; a joint move is
// searched over the seats' legal moves, the true one first where it is legal in d).
template <Game G>
std::vector<testing::Transition<G>> observed_alike(const typename G::State& d, const testing::Transition<G>& t,
                                                   Player o, std::uint64_t token, std::size_t limit) {
  std::vector<testing::Transition<G>> out;
  MoveListOf<G> list;
  if (!t.joint) {
    d.legal_moves(list);
    for (const Move m : list) {
      testing::Transition<G> u;
      u.move = m;
      if (out.size() < limit && u.token(d, o) == token) out.push_back(u);
    }
    return out;
  }
  std::vector<std::vector<Move>> choices(std::size_t(num_players_of<G>(d)));
  for (int q = 0; q < num_players_of<G>(d); ++q) {
    legal_moves_of<G>(d, q, list);
    auto& c = choices[std::size_t(q)];
    if (list.contains(t.moves[std::size_t(q)])) c.push_back(t.moves[std::size_t(q)]);
    for (const Move m : list)
      if (m != t.moves[std::size_t(q)]) c.push_back(m);
  }
  testing::Transition<G> u;
  u.joint = true;
  long budget = 20000;
  const std::function<void(int)> search = [&](int q) {
    if (out.size() >= limit || budget <= 0) return;
    if (q == num_players_of<G>(d)) {
      --budget;
      if (u.token(d, o) == token) out.push_back(u);
      return;
    }
    for (const Move m : choices[std::size_t(q)]) {
      u.moves[std::size_t(q)] = m;
      search(q + 1);
    }
  };
  search(0);
  return out;
}

template <Game G>
void check_printed_lines(GameConfig config, int games) {
  for (int g = 0; g < games; ++g) {
    config.seed = 11 + std::uint64_t(g) * 104729;
    CAPTURE(g);
    auto s = G::initial(config);
    Rng rng(config.seed ^ 0x3C3C), dets(config.seed ^ 0xC3C3);
    for (int decision = 0; s.to_move() != kTerminal; ++decision) {
      const auto t = testing::random_transition<G>(s, rng);
      if (testing::checked_in_full(decision)) {
        for (Player seat = 0; seat < num_players_of<G>(s); ++seat) {
          // A seat knows the move it chose itself, even where two of its moves leave one view
          // (Bardagi's "yield 14 meat" and "yield 14 wool" at times): only others' moves are masked.
          if (!t.joint && seat == s.to_move()) continue;
          const std::string printed = printed_for<G>(s, t, seat);
          const std::uint64_t token = t.token(s, seat);
          for (int k = 0; k < 3; ++k) {
            const auto d = determinize<G>(s, seat, dets);
            for (const auto& u : observed_alike<G>(d, t, seat, token, 4)) {
              INFO("decision ", decision, ", seat ", seat, ": the true move ", record_of<G>(s, t).text,
                   ", in a determinization ", record_of<G>(d, u).text);
              CHECK(printed_for<G>(d, u, seat) == printed);
            }
          }
        }
      }
      s = t.after(s);
    }
  }
}
}  // namespace

// ... and what every seat sees is printed in full: in Sardegna (base rules) each character played is
// public, also the ones whose play turns up forts the viewer had not seen, so no line holds a "?".
TEST_CASE("moves shown to a seat: a move every seat sees is printed in full for each seat (Sardegna)") {
  GameConfig config = sardegna_config(3, "base");
  for (int g = 0; g < 4; ++g) {
    config.seed = 4 + std::uint64_t(g);
    auto s = Sardegna::initial(config);
    Rng rng(config.seed);
    int lines = 0;
    while (s.to_move() != kTerminal) {
      const auto t = testing::random_transition<Sardegna>(s, rng);
      for (Player seat = 0; seat < s.num_players(); ++seat) {
        const std::string printed = move_text_seen_by<Sardegna>(s, record_of<Sardegna>(s, t), seat);
        CAPTURE(printed);
        CHECK(printed.find('?') == std::string::npos);
        ++lines;
      }
      s = t.after(s);
    }
    CHECK(lines > 0);
  }
}

TEST_CASE_TEMPLATE_DEFINE(
    "moves shown to a seat: a seat is printed only what it observed, the same in every determinization", G,
    every_hidden_game) {
  if constexpr (hidden_information<G>) check_printed_lines<G>({}, std::max(2, 8 / testing::kLightFactor));
}
TEST_CASE_TEMPLATE_APPLY(every_hidden_game, AllGames::Types);

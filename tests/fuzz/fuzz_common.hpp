#pragma once
// What the libFuzzer harnesses share: the game an input's first byte picks, and the checks every
// position the reader accepts must pass. A check that fails prints one line and traps, which
// libFuzzer reports as a crash; an exception other than InputError escapes the harness, which
// libFuzzer reports too (std::terminate prints its type and what()).

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/json.hpp"
#include "game_byte.hpp"

namespace nuraghe::fuzz {

// A broken invariant: one line on stderr, then a trap (libFuzzer: "deadly signal").
[[noreturn]] inline void failed(const std::string& what) {
  std::fprintf(stderr, "\n==fuzz== CHECK FAILED: %s\n", what.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

inline void check(bool ok, const std::string& what) {
  if (!ok) failed(what);
}

// Shortened for messages: a state's JSON can be long.
inline std::string shown(const Json& j) {
  std::string t = json_text(j);
  return t.size() > 600 ? t.substr(0, 600) + "..." : t;
}

// Calls f.template operator()<G>() for the game with that index in AllGames (game_of_byte picks it).
template <class F>
void with_game(int index, F&& f) {
  int i = 0;
  AllGames::for_each([&]<Game G>() {
    if (i++ == index) f.template operator()<G>();
  });
}

// FNV-1a of the input, to seed the RNGs the checks use (so a crash reproduces from its file).
inline std::uint64_t input_hash(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001B3ULL;
  return h;
}

// The position round trip: to_json's output is read back by from_json as the same state, and
// writing that again gives the same JSON.
template <Game G>
void check_round_trip(const typename G::State& s, const std::string& context) {
  const std::string game(G::kName);
  const Json j = G::to_json(s);
  std::optional<typename G::State> s2;
  try {
    s2 = G::from_json(j);
  } catch (const InputError& e) {
    failed(game + " (" + context + "): from_json rejects to_json's own output: " + e.what() +
           "\n  position: " + shown(j));
  }
  check(same_state<G>(*s2, s), game + " (" + context + "): from_json(to_json(s)) != s\n  position: " + shown(j));
  const Json j2 = G::to_json(*s2);
  check(j2 == j,
        game + " (" + context + "): to_json is not idempotent\n  first:  " + shown(j) + "\n  second: " + shown(j2));
}

// Everything the program does with a position once it is read must work: whose turn, the legal
// moves and their notation, pictures, views and, with hidden information, determinization.
template <Game G>
void exercise(const typename G::State& s, std::uint64_t seed, const std::string& context) {
  const std::string game = std::string(G::kName) + " (" + context + ")";
  const int n = num_players_of<G>(s);
  check(n >= G::kMinPlayers && n <= G::kMaxPlayers && n <= kMaxPlayers, game + ": " + std::to_string(n) + " players");
  const Player to_move = s.to_move();
  check(to_move == kTerminal || to_move == kSimultaneous || (to_move >= 0 && to_move < n),
        game + ": to_move() = " + std::to_string(to_move));

  // Each seat that moves has a legal move, and each legal move's notation reads back as itself.
  MoveListOf<G> moves;
  for (Player p = 0; p < n; ++p) {
    if (to_move != kSimultaneous && to_move != p) continue;
    legal_moves_of<G>(s, p, moves);
    check(!moves.empty(), game + ": player " + std::to_string(p) +
                              " is to move but has no legal move\n  position: " + shown(G::to_json(s)));
    for (Move m : moves) {
      const std::string text = G::move_to_string(s, p, m);
      Move back = 0;
      try {
        back = parse_move<G>(s, p, text);
      } catch (const InputError& e) {
        failed(game + ": the notation \"" + text + "\" of a legal move does not read: " + e.what());
      }
      check(back == m, game + ": the notation \"" + text + "\" of a legal move reads as another move");
    }
  }
  if (to_move == kTerminal) {
    const Values r = s.returns();
    for (int p = 0; p < n; ++p) check(r[p] >= 0 && r[p] <= 1, game + ": a return outside [0, 1]");
  }

  (void)render_of<G>(s, -1);
  (void)scores_of<G>(s);
  Rng rng(seed);
  for (Player p = 0; p < n; ++p) {
    (void)render_of<G>(s, p);
    const Json view = view_of<G>(s, p);
    const std::uint64_t hash = view_hash_of<G>(s, p);
    if constexpr (hidden_information<G>) {
      const auto d = determinize<G>(s, p, rng);
      check(view_of<G>(d, p) == view, game + ": determinize(" + std::to_string(p) +
                                          ") changed the observer's view\n  position: " + shown(G::to_json(s)));
      check(view_hash_of<G>(d, p) == hash, game + ": a determinization has another view_hash");
      check_round_trip<G>(d, context + ", determinized for player " + std::to_string(p));
    }
  }
}

// Reads a position as the command line does; nothing when the reader rejects it.
template <Game G>
std::optional<typename G::State> read_position(std::string_view text) {
  try {
    return G::from_json(parse_json(text, "fuzz"));
  } catch (const InputError&) {
    return std::nullopt;
  }
}

}  // namespace nuraghe::fuzz

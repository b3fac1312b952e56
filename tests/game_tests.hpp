#pragma once
// What the tests of the games share, those of tests/ and each game's own (lib/games/<game>/test_*.cpp,
// which include this folder's headers by name: tests/CMakeLists.txt gives every suite the folder):
// a position read from its fields, a refusal and its message, a table of every refusal of a reader,
// random play.

#include <doctest/doctest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/rng.hpp"

namespace nuraghe::testing {

// The position of G that its reader makes of `fields`, the fields of the game's position format
// (docs/position-format.md) but "game", which is G's name: position<Kuhn>({{"cards", {"K", "Q", "J"}},
// {"history", "pb"}}).
template <Game G>
typename G::State position(Json fields) {
  fields["game"] = std::string(G::kName);
  return G::from_json(fields);
}

// The message of the InputError that read() throws. A read that throws none fails the test case
// (with INFO or CAPTURE the caller says what was read).
template <class Read>
std::string refusal(Read&& read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  }
  FAIL("accepted, where a refusal was expected");
  return "";
}

// read() is refused with a message that holds `fragment`.
template <class Read>
void check_refused(Read&& read, const std::string& fragment) {
  const std::string message = refusal(read);
  CHECK_MESSAGE(message.find(fragment) != std::string::npos, message << " -- expected: " << fragment);
}

// One row of a reader's table of refusals: a valid input, a change that breaks only the check the
// row names, and the whole message the reader refuses the changed input with.
struct Refused {
  const char* check;
  const Json* from;
  std::function<void(Json&)> change;
  std::string message;
};

// Every row changed and given to read(json): refused, with exactly the row's message.
template <class Read>
void check_refusals(const std::vector<Refused>& rows, Read&& read) {
  for (const Refused& row : rows) {
    INFO(std::string(row.check));
    Json j = *row.from;
    row.change(j);
    CHECK(refusal([&] { read(j); }) == row.message);
  }
  MESSAGE(rows.size() << " refusals pinned");
}

// s after `decisions` random decisions (fewer if the game ends first; by default, to its end): each
// the seat to move's move, or at a simultaneous node a move of every seat in seat order, drawn
// uniformly from the legal ones (random_legal_move).
template <Game G>
typename G::State after_random_moves(typename G::State s, Rng& rng, int decisions = std::numeric_limits<int>::max()) {
  for (int d = 0; d < decisions && s.to_move() != kTerminal; ++d) {
    if (s.to_move() == kSimultaneous) {
      JointMove joint{};
      for (int p = 0; p < num_players_of<G>(s); ++p) joint[p] = random_legal_move<G>(s, p, rng);
      apply_joint<G>(s, joint);
    } else {
      s.apply(random_legal_move<G>(s, s.to_move(), rng));
    }
  }
  return s;
}

}  // namespace nuraghe::testing

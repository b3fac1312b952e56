#pragma once
// The type-erased game and state behind the Python module's one State type and one Bot type:
// AnyGame and AnyState, implemented for each game G by GameOps<G> and StateOf<G>
// (python/game_of.hpp), each game compiled in a file of its own that CMake writes from
// lib/games/games.txt (cmake/games.cmake); python/module.cpp binds them.

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "core/game.hpp"
#include "core/json.hpp"
#include "core/value_model.hpp"

namespace nuraghe::python {

namespace py = pybind11;

// ---- the type-erased game and state ---------------------------------------------------------

class AnyState;

// A bot made from a spec by nuraghe.make_bot: its game is fixed by the first state it acts on.
struct BotHandle {
  std::string spec;
  Player seat = 0;
  std::uint64_t seed = 1;
  std::string game;           // empty until the first act
  std::shared_ptr<void> bot;  // a Bot<G> of that game
  bool busy = false;          // deciding, without the GIL: an act from another thread meanwhile is refused
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual std::unique_ptr<AnyState> initial(const GameConfig& config) const = 0;
  virtual std::unique_ptr<AnyState> from_json(const Json& j) const = 0;
  virtual py::dict info() const = 0;
  virtual py::dict play(const GameConfig& config, const py::list& bots) const = 0;
  virtual py::list arena(const ArenaSettings& a, const py::list& bots) const = 0;
};

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual std::string game() const = 0;
  virtual int num_players() const = 0;
  virtual Player to_move() const = 0;
  virtual std::vector<std::string> legal_moves(Player p) const = 0;
  virtual std::vector<int> legal_actions(Player p) const = 0;
  virtual void apply(const py::handle& move) = 0;
  virtual void apply_joint(const py::list& moves) = 0;
  virtual std::vector<double> returns() const = 0;
  virtual std::vector<double> scores() const = 0;
  virtual Json view(Player p) const = 0;
  virtual std::unique_ptr<AnyState> determinize(Player p, std::uint64_t seed) const = 0;
  virtual Json to_json() const = 0;
  virtual std::string render(Player p) const = 0;
  virtual int num_actions() const = 0;
  virtual std::string action_to_move(const py::handle& action, Player p) const = 0;
  virtual int move_to_action(const std::string& text, Player p) const = 0;
  virtual std::vector<float> observation(Player p) const = 0;
  virtual std::vector<double> evaluate(const ValueModel& m) const = 0;
  virtual bool equals(const AnyState& other) const = 0;
  virtual std::string act(BotHandle& bot) const = 0;
  virtual py::dict analyze(BotHandle& bot) const = 0;
};

// The AnyGame of game G: defined in python/game_of.hpp, and instantiated for each game in the file
// CMake writes for it, which is what makes this declaration enough for python/module.cpp.
template <Game G>
const AnyGame& any_game();

}  // namespace nuraghe::python

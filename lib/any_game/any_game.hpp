#pragma once
// The one type-erased door to the games, for the command line and the Python module alike.
// AnyGame is a game chosen by name at run time: its setup and its whole games; AnyState is one of
// its states, with every
// question a caller asks of a position (legal moves, apply, score, view, tensors, a bot's
// decision, a search's statistics). Each game G implements both in lib/any_game/any_game_of.hpp,
// instantiated in a file of its own that CMake writes from lib/games/games.txt
// (cmake/games.cmake), so that a build compiles the games side by side and nothing else names
// a game. Nothing here knows Python: a bot written in Python is a callback (ExternalBot), and the
// module (python/module.cpp) turns its own objects into these types and back.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/game.hpp"
#include "core/json.hpp"

namespace nuraghe {

// (Declared only: a file that dispatches by name need not read the arena's and the match's templates.)
struct ArenaSettings;    // lib/arena/arena.hpp
struct ArenaRunOptions;  // lib/arena/arena.hpp
struct GameRecord;       // lib/bots/match.hpp
struct ValueModel;       // core/value_model.hpp
class AnyState;

// A bot by its spec, made for its game when it first acts (nuraghe.make_bot, `nuraghe analyze`).
struct BotHandle {
  std::string spec;
  Player seat = 0;
  std::uint64_t seed = 1;
  std::string game;           // empty until the first act
  std::shared_ptr<void> bot;  // a Bot<G> of that game
  bool busy = false;          // deciding: another decision meanwhile is refused (from another thread)
};

// A bot written outside the library (a Python callable), seated as `spec` ("python:NAME"). For each
// game and seat, `start(seat, seed)` gives the decision function: given the seat's view and its legal
// moves in notation, the index of its choice in that list. Both run on the thread that plays the
// game; the caller makes them safe to call there (the module takes Python's lock in them).
struct ExternalBot {
  using Decide = std::function<std::size_t(const Json& view, const std::vector<std::string>& legal)>;
  std::function<Decide(Player seat, std::uint64_t seed)> start;
};
using ExternalBots = std::map<std::string, ExternalBot>;  // by spec

// An action index as the caller read it (a Python int may be of any size): its value where it fits
// an int, and its decimal text for the message that says it is out of range.
struct Action {
  std::optional<int> value;
  std::string text;
};

// A caller's argument of a type the position cannot read, refused (an InputError with this
// message) where the position reads it, so that the checks keep their order.
struct WrongType {
  std::string message;
};

// A move given to AnyState::apply: its notation, or its index in the action space (tensors).
using MoveArg = std::variant<std::string, Action, WrongType>;

// A search's root statistics (`nuraghe analyze`, Bot.analyze).
struct Analysis {
  struct Row {
    std::string move;
    std::uint32_t visits = 0;
    double mean = 0, policy = 0;
  };
  std::string best;
  std::vector<Row> moves;  // in the searcher's order
  long long iterations = 0;
  double seconds = 0;
  std::size_t bytes_reserved = 0, bytes_used = 0;
};

// What a game says of itself (game_info).
struct GameInfo {
  std::string name, description;
  int min_players = 0, max_players = 0;
  bool hidden_information = false;
  bool tensors = false;              // the action space and observation vectors of the learning API
  bool features = false;             // named features of a seat's view (HasFeatures)
  std::vector<std::string> options;  // each option described, as --help lists them
  std::string map_field;             // the position's field that holds a board or map file, or none
};

class AnyGame {
 public:
  virtual ~AnyGame() = default;
  virtual GameInfo info() const = 0;
  virtual std::unique_ptr<AnyState> initial(const GameConfig& config) const = 0;
  virtual std::unique_ptr<AnyState> from_json(const Json& j) const = 0;
  // Refuses a map file for a game that reads none, before anything else is read (initial() refuses
  // it too, after the game's own checks).
  virtual void check_map(const GameConfig& config) const = 0;
  // The board or map the setup plays on, as its data file's JSON (Ticket to Ride's map with its
  // tickets, Bardagi's board side); refused for a game whose board is not data.
  virtual Json map_data(const GameConfig& config) const = 0;
  // A game played as `nuraghe play` plays it (the same seeds): one bot a seat, each a spec or a
  // key of `external`.
  virtual GameRecord play(const GameConfig& config, const std::vector<std::string>& bots,
                          const ExternalBots& external) const = 0;
  // A tournament (lib/arena/arena.hpp): the results lines of this shard's games, and in `summary`
  // its table as `nuraghe arena --format json` gives it (lib/arena/summary.hpp).
  virtual std::vector<Json> arena(const ArenaSettings& a, const ArenaRunOptions& options, const ExternalBots& external,
                                  Json& summary) const = 0;
};

// The game of this name; an unknown name is refused in one line that lists the games (exit 2).
const AnyGame& any_game(const std::string& name);

// The player count of a setup that gives none (0) but seats `bots`: their count, when the game
// plays that many; else 0, the game's default.
inline int players_for_bots(const GameInfo& game, int players, std::size_t bots) {
  if (players != 0 || bots < std::size_t(game.min_players) || bots > std::size_t(game.max_players)) return players;
  return int(bots);
}

// The AnyGame of game G: defined in lib/any_game/any_game_of.hpp, and instantiated for each game in the
// file CMake writes for it, which is what makes this declaration enough for any_game.
template <Game G>
const AnyGame& any_game_of();

// A seat argument of the state's questions: a seat, or kMover (the seat to move; refused where
// every seat moves at once, or nobody does).
inline constexpr Player kMover = -1;

class AnyState {
 public:
  virtual ~AnyState() = default;
  virtual std::unique_ptr<AnyState> clone() const = 0;
  virtual std::string game() const = 0;
  virtual int num_players() const = 0;
  virtual Player to_move() const = 0;
  virtual bool equals(const AnyState& other) const = 0;
  virtual Json to_json() const = 0;
  virtual std::string render(Player p) const = 0;  // kMover here: everything

  virtual std::vector<std::string> legal_moves(Player p) const = 0;
  // One move of the seat to move (`argument` names it in errors: "move", "moves[1]").
  virtual void apply(const MoveArg& move, const std::string& argument) = 0;
  // One move of every seat, at a simultaneous node.
  virtual void apply_joint(const std::vector<MoveArg>& moves) = 0;
  // A step in the command line's notation: a move, or at a simultaneous node one per seat
  // separated by commas ("5, 1").
  virtual void apply_step(const std::string& text) = 0;

  virtual std::vector<double> returns() const = 0;
  virtual std::vector<double> scores() const = 0;
  // The score part by part (`nuraghe score`): the game's JSON structure, or its text drawn from
  // it; a game without a breakdown gives its scores, once the game is over.
  virtual std::string score(bool json) const = 0;

  virtual Json view(Player p) const = 0;
  virtual std::unique_ptr<AnyState> determinize(Player p, std::uint64_t seed) const = 0;

  // The learning API (docs/learning.md); a game without tensors refuses each in one line.
  virtual int num_actions() const = 0;
  virtual std::vector<int> legal_actions(Player p) const = 0;
  virtual std::string action_to_move(const Action& action, Player p) const = 0;
  virtual int move_to_action(const std::string& text, Player p) const = 0;
  virtual std::vector<float> observation(Player p) const = 0;
  // The game's named features of seat p's view and their names (docs/game-concept.md, "Named
  // features"); a game without them refuses each in one line.
  virtual std::vector<std::string> feature_names() const = 0;
  virtual std::vector<float> features(Player p) const = 0;
  virtual std::vector<double> evaluate(const ValueModel& m) const = 0;
  // A policy model's probabilities of seat p's legal moves (by their notation, in legal order), as
  // the search takes them for its priors (policy_priors).
  virtual std::vector<std::pair<std::string, double>> policy(const ValueModel& m, Player p) const = 0;

  // The decision of the bot's seat here, made afresh (nothing carried over from another state):
  // the move, or the search's statistics. A handle decides for one caller at a time (it is one
  // search tree and one RNG): a decision while it is `busy` is refused. Once every check has
  // passed, `unlock()` is called and its token held while the bot decides (the module releases
  // Python's lock so). With `settings`, the bot's model files are checked against them first.
  using Unlock = std::function<std::shared_ptr<void>()>;
  virtual std::string act(BotHandle& bot, const Unlock& unlock = {}) const = 0;
  virtual Analysis analyze(BotHandle& bot, const Unlock& unlock = {}, const GameConfig* settings = nullptr) const = 0;
};

}  // namespace nuraghe

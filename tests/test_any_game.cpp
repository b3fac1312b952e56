// The one type-erased door to the games (lib/any_game/any_game.hpp), which the command line and the Python
// module share: every game answers through AnyGame and AnyState as through its own type, and a bot
// written outside the library plays through its callback.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "bots/games.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "core/rng.hpp"

using namespace nuraghe;

namespace {

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// A random game played on the game's own state and through AnyState side by side: the two agree
// on every legal move list, every position's JSON and the final scores.
template <Game G>
void check_same_game(int players, std::uint64_t seed) {
  CAPTURE(G::kName);
  CAPTURE(players);
  const AnyGame& game = any_game(std::string(G::kName));
  GameConfig config;
  config.players = players;
  config.seed = seed;
  auto s = G::initial(config);
  const std::unique_ptr<AnyState> a = game.initial(config);
  const int n = num_players_of<G>(s);
  REQUIRE(a->num_players() == n);
  REQUIRE(a->game() == G::kName);
  Rng rng(seed);
  for (int ply = 0; ply < 2000 && s.to_move() != kTerminal; ++ply) {
    CAPTURE(ply);
    REQUIRE(a->to_move() == s.to_move());
    REQUIRE(a->to_json() == G::to_json(s));
    if (s.to_move() == kSimultaneous) {
      JointMove joint{};
      std::vector<MoveArg> texts;
      for (int q = 0; q < n; ++q) {
        MoveListOf<G> moves;
        legal_moves_of<G>(s, q, moves);
        const std::vector<std::string> listed = a->legal_moves(q);
        REQUIRE(listed.size() == moves.size());
        const std::size_t k = rng.below(std::uint32_t(moves.size()));
        joint[q] = moves[k];
        texts.push_back(listed[k]);
      }
      apply_joint<G>(s, joint);
      a->apply_joint(texts);
      continue;
    }
    MoveListOf<G> moves;
    s.legal_moves(moves);
    const std::vector<std::string> listed = a->legal_moves(kMover);
    REQUIRE(listed.size() == moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) REQUIRE(listed[i] == G::move_to_string(s, s.to_move(), moves[i]));
    const std::size_t k = rng.below(std::uint32_t(moves.size()));
    if (ply % 2) a->apply(listed[k], "move");
    else a->apply_step(listed[k]);
    s.apply(moves[k]);
  }
  CHECK(a->to_json() == G::to_json(s));
  const Values scores = scores_of<G>(s);
  CHECK(a->scores() == std::vector<double>(scores.begin(), scores.begin() + n));
  const std::unique_ptr<AnyState> back = game.from_json(a->to_json());
  CHECK(back->equals(*a));
  CHECK(!back->equals(*game.initial(config)));
}

}  // namespace

TEST_CASE("any game: every game plays through AnyState as through its own type") {
  AllGames::for_each([]<Game G>() {
    check_same_game<G>(G::kMinPlayers, 11);
    if (G::kMaxPlayers != G::kMinPlayers) check_same_game<G>(G::kMaxPlayers, 12);
  });
}

TEST_CASE("any game: a game says what it is, and an unknown name is refused") {
  AllGames::for_each([]<Game G>() {
    const GameInfo info = any_game(std::string(G::kName)).info();
    CHECK(info.name == G::kName);
    CHECK(info.min_players == G::kMinPlayers);
    CHECK(info.max_players == G::kMaxPlayers);
    CHECK(info.hidden_information == hidden_information<G>);
    CHECK(info.map_field.empty() == !HasMap<G>);
  });
  CHECK(error_of([] { any_game("chess"); }).find("unknown game \"chess\"") != std::string::npos);
}

TEST_CASE("any game: a state refuses what it cannot do, in one line each") {
  const AnyGame& game = any_game("tictactoe");
  const auto s = game.initial({});
  CHECK(error_of([&] { s->apply(WrongType{"move= must be a str"}, "move"); }) == "move= must be a str");
  CHECK(error_of([&] {
          s->apply(Action{std::nullopt, "99999999999"}, "move");
        }) == "move=99999999999 is outside the action space [0, 9)");
  CHECK(error_of([&] { s->legal_moves(2); }) == "seat=2: there is no such seat (this game has 2)");
  CHECK(error_of([&] { s->apply_joint({}); }) == "apply_joint: this is not a simultaneous node (use apply)");
  CHECK(error_of([&] { any_game("nim").initial({})->num_actions(); }).find("nim has no action space") == 0);
  GameConfig with_map;
  with_map.map_file = "board.json";
  CHECK(error_of([&] { game.check_map(with_map); }) == "tictactoe: this game takes no --map file");

  const auto goofspiel = any_game("goofspiel").initial({});
  REQUIRE(goofspiel->to_move() == kSimultaneous);
  CHECK(error_of([&] { goofspiel->legal_moves(kMover); }) == "every seat moves at once here: name the seat (seat=...)");
  CHECK(error_of([&] { goofspiel->apply("1", "move"); }).find("apply: every seat moves at once here") == 0);
}

TEST_CASE("any game: a bot decides through its handle, which is busy meanwhile") {
  const auto s = any_game("tictactoe").initial({});
  BotHandle bot{"uct:iters=200", 0, 1, {}, {}, false};
  int unlocked = 0;
  const AnyState::Unlock unlock = [&]() -> std::shared_ptr<void> {
    ++unlocked;
    CHECK(bot.busy);  // every check has passed: the bot is deciding
    return nullptr;
  };
  const std::vector<std::string> legal = s->legal_moves(kMover);
  const std::string move = s->act(bot, unlock);
  CHECK(std::find(legal.begin(), legal.end(), move) != legal.end());
  CHECK(unlocked == 1);
  CHECK(!bot.busy);
  const Analysis r = s->analyze(bot, unlock);
  CHECK(r.iterations == 200);
  CHECK(r.moves.size() == legal.size());
  CHECK(unlocked == 2);

  bot.busy = true;
  CHECK(error_of([&] { s->act(bot); }) == "this bot is deciding in another thread (make a bot a thread)");
  bot.busy = false;
  BotHandle second{"random", 1, 1, {}, {}, false};
  CHECK(error_of([&] { s->act(second); }) == "the bot plays player 1, but player 0 is to move");
  CHECK(error_of([&] { any_game("connect4").initial({})->act(bot); }) ==
        "this bot plays tictactoe, not connect4 (make one bot a game)");
  BotHandle random{"random", 0, 1, {}, {}, false};
  CHECK(error_of([&] { s->analyze(random); }).find("analyze: bot random does not search") == 0);
}

TEST_CASE("any game: a bot written outside the library plays through its callback") {
  std::vector<Player> started;
  int decisions = 0;
  ExternalBots external;
  external["python:first"].start = [&](Player seat, std::uint64_t) -> ExternalBot::Decide {
    started.push_back(seat);
    return [&](const Json& view, const std::vector<std::string>& legal) -> std::size_t {
      CHECK(view.is_object());
      CHECK(!legal.empty());
      ++decisions;
      return 0;  // the first legal move
    };
  };
  const GameRecord record = any_game("tictactoe").play({}, {"python:first", "random"}, external);
  CHECK(started == std::vector<Player>{0});
  CHECK(decisions == int((record.moves.size() + 1) / 2));
  CHECK(record.moves.at(0).text == any_game("tictactoe").initial({})->legal_moves(kMover).at(0));

  external["python:first"].start = [](Player, std::uint64_t) -> ExternalBot::Decide {
    return [](const Json&, const std::vector<std::string>& legal) { return legal.size(); };  // one too far
  };
  CHECK(error_of([&] {
          any_game("tictactoe").play({}, {"python:first", "random"}, external);
        }) == "the bot for seat 0 chose move 9 of a list of 9");
  CHECK(error_of([&] { any_game("tictactoe").play({}, {"random"}, external); }) == "play: 2 seats need 2 bots, got 1");
}

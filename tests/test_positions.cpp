// Position files, for every game: the reader either accepts a file and round-trips it, or throws
// InputError; it never crashes, never converts a value silently, and rejects what the rules
// cannot reach. The invariants each game's reader checks (docs/position-format.md) have one test
// each below, named as the document names them.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "core/files.hpp"
#include "fuzz/game_byte.hpp"
#include "game_tests.hpp"
#include "search/playout.hpp"

using namespace nuraghe;

namespace {

// Every key of `part` (recursively, objects only) is present in `whole`: `part` is canonical
// when it holds every field that to_json writes.
bool has_every_field(const Json& part, const Json& whole) {
  if (whole.is_object()) {
    if (!part.is_object()) return false;
    for (auto it = whole.begin(); it != whole.end(); ++it)
      if (!part.contains(it.key()) || !has_every_field(part[it.key()], it.value())) return false;
  }
  if (whole.is_array() && part.is_array() && whole.size() == part.size())
    for (std::size_t i = 0; i < whole.size(); ++i)
      if (!has_every_field(part[i], whole[i])) return false;
  return true;
}

// The round-trip contract on one accepted file f: to_json(from_json(f)) is a fixed point, and
// equals f when f is canonical.
template <Game G>
void check_round_trip(const Json& f, const std::string& name) {
  const auto s = G::from_json(f);
  const Json once = G::to_json(s);
  const auto again = G::from_json(once);
  CHECK_MESSAGE(same_state<G>(again, s), name);
  CHECK_MESSAGE(G::to_json(again) == once, name);
  if (has_every_field(f, once)) CHECK_MESSAGE(f == once, name << ": a canonical file must come back unchanged");
}

// Reads `text` as a position of G: accepted (then it must round-trip) or an InputError.
template <Game G>
bool read_or_reject(const std::string& text, const std::string& name) {
  try {
    const Json j = parse_json(text, name);
    check_round_trip<G>(j, name);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

template <Game G>
Json start_position(int players = 0) {
  GameConfig c;
  c.players = players;
  c.seed = 7;
  return G::to_json(G::initial(c));
}

// A position `plies` random decisions into a game.
template <Game G>
Json midgame_position(int plies, std::uint64_t seed) {
  GameConfig c;
  c.seed = seed;
  Rng rng(seed);
  return G::to_json(testing::after_random_moves<G>(G::initial(c), rng, plies));
}

// Every path to a value inside j (objects and arrays), as JSON pointers.
void leaf_paths(const Json& j, const Json::json_pointer& at, std::vector<Json::json_pointer>& out) {
  out.push_back(at);
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) leaf_paths(it.value(), at / it.key(), out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) leaf_paths(j[i], at / i, out);
}

// Values of the wrong type or range, for every field: the reader must reject each or accept it
// and round-trip; nlohmann's own conversions (1.5 -> 1, true -> 1, 2^40 -> 0) must never happen.
const std::vector<Json>& wrong_values() {
  static const std::vector<Json> values = {Json(1.5),
                                           Json(true),
                                           Json(false),
                                           Json("x"),
                                           Json::array(),
                                           Json::object(),
                                           Json(nullptr),
                                           Json(-1),
                                           Json(1099511627776LL),
                                           Json(9223372036854775807LL),
                                           Json(std::uint64_t(9223372036854775808ULL)),
                                           Json(1e300),
                                           Json(1.0)};
  return values;
}

template <Game G>
void mutate_every_field(const Json& base, const std::string& label) {
  std::vector<Json::json_pointer> paths;
  leaf_paths(base, Json::json_pointer(), paths);
  int accepted = 0, rejected = 0;
  for (const auto& path : paths) {
    for (const Json& v : wrong_values()) {
      Json j = base;
      j[path] = v;
      (read_or_reject<G>(json_text(j), label + " with " + path.to_string() + " = " + json_text(v)) ? accepted
                                                                                                   : rejected)++;
    }
    if (path.empty()) continue;
    Json j = base;  // the field removed
    j.at(path.parent_pointer()).is_object() ? (void)j.at(path.parent_pointer()).erase(path.back())
                                            : (void)j.at(path.parent_pointer()).erase(std::stoul(path.back()));
    (read_or_reject<G>(json_text(j), label + " without " + path.to_string()) ? accepted : rejected)++;
  }
  CHECK(rejected > 0);
  MESSAGE(label << ": " << paths.size() << " fields, " << accepted << " variants accepted (and round-tripped), "
                << rejected << " rejected");
}

std::string slurp(const std::filesystem::path& p) { return read_input_file(p.string(), "fixture"); }

}  // namespace

TEST_CASE("position files: every fixture and fuzz input either reads and round-trips or is rejected with InputError") {
  int files = 0, accepted = 0;
  for (const auto& dir : {std::string(NURAGHE_TEST_POSITIONS), std::string(NURAGHE_FUZZ_CORPUS) + "/fuzz_position"}) {
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      std::string text = slurp(entry.path());
      const bool fuzz_input = dir != NURAGHE_TEST_POSITIONS;
      ++files;
      // A fuzz input's first byte picks the game (tests/fuzz/README.md); a fixture names its own.
      int index = 0;
      if (fuzz_input) {
        if (text.empty()) continue;
        index = fuzz::game_of_byte(static_cast<unsigned char>(text[0]));
        text.erase(0, 1);
      } else {
        try {
          const Json j = parse_json(text, entry.path().string());
          int i = 0;
          AllGames::for_each([&]<Game G>() {
            if (j.is_object() && j.contains("game") && j["game"] == G::kName) index = i;
            ++i;
          });
        } catch (const InputError&) {
        }
      }
      int i = 0;
      AllGames::for_each([&]<Game G>() {
        if (i++ == index) accepted += read_or_reject<G>(text, entry.path().filename().string());
      });
    }
  }
  CHECK(files >= 8);
  CHECK(accepted >= 4);
  MESSAGE(files << " files, " << accepted << " accepted");
}

// The corpus names a game by its place in lib/games/games.txt, and each file by its game: the two
// must agree, or a new game in the wrong place of the list has changed what the corpus tests.
TEST_CASE("fuzz corpus: every input starts with the letter of the game its name says") {
  int files = 0;
  for (const char* harness : {"fuzz_position", "fuzz_move"}) {
    const std::string dir = std::string(NURAGHE_FUZZ_CORPUS) + "/" + harness;
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      std::string name = entry.path().filename().string();
      if (name.starts_with("found-")) name.erase(0, 6);
      const std::string game = name.substr(0, name.find('-'));
      const std::string text = slurp(entry.path());
      INFO(harness << "/" << entry.path().filename().string());
      int index = -1, i = 0;
      AllGames::for_each([&]<Game G>() {
        if (G::kName == game) index = i;
        ++i;
      });
      REQUIRE_MESSAGE(index >= 0, "the file name does not start with a game's name");
      REQUIRE(!text.empty());
      CHECK(text[0] == fuzz::game_letter(index));
      ++files;
    }
  }
  CHECK(files >= 100);
}

TEST_CASE("positions: every game's positions along random games round-trip, canonical files come back unchanged") {
  AllGames::for_each([]<Game G>() {
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
      for (int plies : {0, 1, 3, 10, 40, 1000})
        check_round_trip<G>(midgame_position<G>(plies, seed), std::string(G::kName));
  });
}

TEST_CASE("positions: in every game, a file that is not a position object is rejected") {
  AllGames::for_each([]<Game G>() {
    for (const char* text : {"5", "false", "null", "[1,2]", "\"text\"", "", "{", "{}", "{\"game\": 5}"}) {
      INFO(G::kName << ": " << text);
      CHECK_FALSE(read_or_reject<G>(text, "test"));
    }
    std::string deep(100000, '[');
    CHECK_FALSE(read_or_reject<G>(deep + std::string(100000, ']'), "deep"));
    // A duplicated key: nlohmann would keep the last one without a word.
    std::string dup = json_text(start_position<G>());
    dup.insert(1, "\"game\":\"" + std::string(G::kName) + "\",");
    CHECK_THROWS_WITH_AS(parse_json(dup, "dup"), doctest::Contains("given twice"), InputError);
  });
}

TEST_CASE("positions: in every game, every field given a wrong type or removed is rejected or round-trips") {
  AllGames::for_each([]<Game G>() {
    mutate_every_field<G>(start_position<G>(), std::string(G::kName) + " start");
    mutate_every_field<G>(midgame_position<G>(6, 3), std::string(G::kName) + " after 6 plies");
  });
}

TEST_CASE("JsonIn: the typed accessors reject what nlohmann would convert, naming the field") {
  const Json j = Json::parse(R"({"a": 1.5, "b": true, "c": 1099511627776, "d": -1, "e": 1.0, "f": "3", "g": 3})");
  const JsonIn in(j, "test");
  CHECK_THROWS_WITH_AS(in.at("a").integer(0, 10), doctest::Contains("a must be an integer in [0, 10], not 1.5"),
                       InputError);
  CHECK_THROWS_AS(in.at("b").integer(0, 10), InputError);
  CHECK_THROWS_AS(in.at("c").integer(0, 1 << 30), InputError);
  CHECK_THROWS_AS(in.at("d").u64(), InputError);
  CHECK_THROWS_AS(in.at("e").integer(0, 10), InputError);
  CHECK_THROWS_AS(in.at("f").integer(0, 10), InputError);
  CHECK(in.at("g").integer(0, 10) == 3);
  CHECK_THROWS_WITH_AS(in.at("g").integer(5, 10), doctest::Contains("not 3"),
                       InputError);  // below the range (nlohmann holds 3 as unsigned)
  CHECK_THROWS_AS(in.at("d").integer(0, 10), InputError);
  CHECK_THROWS_WITH_AS(in.at("zz"), doctest::Contains("missing field \"zz\""), InputError);
  CHECK_THROWS_WITH_AS(in.at("g").string(), doctest::Contains("g must be a string, not 3"), InputError);
  CHECK_THROWS_WITH_AS(in.at("g").array(), doctest::Contains("must be a list"), InputError);
  CHECK_THROWS_WITH_AS(in.allow_only({"a"}), doctest::Contains("unknown field \"b\""), InputError);
  const Json nested = Json::parse(R"({"seats": [{"score": 1}, {"score": "x"}]})");
  CHECK_THROWS_WITH_AS(JsonIn(nested, "pos").at("seats").array()[1].at("score").integer(0, 9),
                       doctest::Contains("pos: seats[1].score must be an integer"), InputError);
}

TEST_CASE("Params: try_integer, try_unsigned and try_real read decimal numbers only") {
  long long i = 0;
  double r = 0;
  std::uint64_t u = 0;
  for (const char* bad : {"", "010", "0x10", "+1", " 1", "1 ", "1.5", "-", "--1", "1e3", "99999999999999999999"})
    CHECK_MESSAGE(!Params::try_integer(bad, i), bad);
  for (const char* good : {"0", "7", "-3", "9223372036854775807"}) CHECK_MESSAGE(Params::try_integer(good, i), good);
  for (const char* bad : {"", "-1", "010", "18446744073709551616"}) CHECK_MESSAGE(!Params::try_unsigned(bad, u), bad);
  CHECK(Params::try_unsigned("18446744073709551615", u));
  CHECK(u == 18446744073709551615ULL);
  for (const char* bad :
       {"", "nan", "inf", "-inf", "0x10", "1e999", ".5", "1.", "01.5", "1e", "1e+", "+1", " 1", "1,5"})
    CHECK_MESSAGE(!Params::try_real(bad, r), bad);
  for (const char* good : {"0", "0.7", "-2.5", "1e-3", "3E2", "10"}) CHECK_MESSAGE(Params::try_real(good, r), good);
  CHECK(Params::try_real("1e-3", r));
  CHECK(r == doctest::Approx(0.001));
}

// ---- the invariants of each game's reader, as docs/position-format.md lists them -------------

namespace {

template <Game G>
void rejects(const Json& base, const std::function<void(Json&)>& edit, const char* fragment) {
  Json j = base;
  edit(j);
  INFO("expected a refusal with: " << fragment << "\n" << json_text(j));
  testing::check_refused([&] { G::from_json(j); }, fragment);
}

}  // namespace

TEST_CASE(
    "tictactoe reader: wrong mark counts, two winners and a move after a win are refused; two lines through one mark "
    "are read") {
  const Json base = Json{{"game", "tictactoe"}, {"board", {"...", "...", "..."}}};
  rejects<TicTacToe>(
      base,
      [](Json& j) {
        j["board"] = {"XX.", "...", "..."};
      },
      "as many marks as O or one more");
  rejects<TicTacToe>(
      base,
      [](Json& j) {
        j["board"] = {"XXX", "OOO", "X.."};
      },
      "both players have a line");
  rejects<TicTacToe>(
      base,
      [](Json& j) {
        j["board"] = {"XXX", "OO.", "O.."};
      },
      "O moved after X");
  rejects<TicTacToe>(
      base,
      [](Json& j) {
        j["board"] = {"OOO", "XX.", "X.X"};
      },
      "X moved after O");
  // Two lines through one mark are one last move (with at most five marks, two lines always share one).
  CHECK_NOTHROW(TicTacToe::from_json(Json{{"game", "tictactoe"}, {"board", {"XXX", "XOO", "XOO"}}}));
}

TEST_CASE("connect4 reader: floating stones, wrong counts, a stone after a win and two separate fours are refused") {
  const Json base =
      Json{{"game", "connect4"}, {"board", {".......", ".......", ".......", ".......", ".......", "......."}}};
  rejects<Connect4>(
      base, [](Json& j) { j["board"][4] = "...X..."; }, "floats above an empty cell");
  rejects<Connect4>(
      base, [](Json& j) { j["board"][5] = "XX....."; }, "as many stones as O or one more");
  rejects<Connect4>(
      base, [](Json& j) { j["board"] = {".......", ".......", ".......", "O......", "O......", "OXXXXO."}; },
      "O moved after X won");
  // Two separate fours of X, on the bottom row and in the last column: neither top stone
  // (d1, g4) lies on both, so the game would have ended at the first.
  rejects<Connect4>(
      base, [](Json& j) { j["board"] = {".......", ".......", "......X", "OO....X", "OOO...X", "XXXXOOX"}; },
      "X has fours that no single last stone completed");
  CHECK_NOTHROW(Connect4::from_json(
      Json{{"game", "connect4"}, {"board", {".......", ".......", "X......", "X......", "XO.....", "XOO...."}}}));
}

TEST_CASE(
    "goofspiel reader: prizes not a permutation, lists of the wrong length, a card bid twice and unequal rounds are "
    "refused") {
  const Json base =
      Json{{"game", "goofspiel"}, {"players", 2}, {"cards", 3}, {"prizes", {2, 3, 1}}, {"bids", {{3}, {1}}}};
  CHECK_NOTHROW(Goofspiel::from_json(base));
  rejects<Goofspiel>(
      base,
      [](Json& j) {
        j["prizes"] = {1, 1, 2};
      },
      "permutation");
  rejects<Goofspiel>(
      base,
      [](Json& j) {
        j["prizes"] = {1, 2};
      },
      "must have 3 entries");
  rejects<Goofspiel>(
      base,
      [](Json& j) {
        j["bids"] = {{3, 3}, {1, 2}};
      },
      "a card not in hand");
  rejects<Goofspiel>(
      base,
      [](Json& j) {
        j["bids"] = {{3}, {1, 2}};
      },
      "once per round");
  rejects<Goofspiel>(
      base, [](Json& j) { j["bids"] = {{3}}; }, "must have 2 entries");
}

TEST_CASE("kuhn reader: a card dealt twice, an action after the hand is over and an unknown action are refused") {
  const Json base = Json{{"game", "kuhn"}, {"cards", {"K", "J", "Q"}}, {"history", "pb"}};
  CHECK_NOTHROW(Kuhn::from_json(base));
  rejects<Kuhn>(
      base,
      [](Json& j) {
        j["cards"] = {"K", "K", "Q"};
      },
      "appears twice");
  rejects<Kuhn>(
      base, [](Json& j) { j["history"] = "pbbp"; }, "after the hand is over");
  rejects<Kuhn>(
      base, [](Json& j) { j["history"] = "px"; }, "unknown action");
}

TEST_CASE(
    "sardegna reader: fort cards, tokens, characters, supplies, points, phase and a half-made move that break its "
    "rules are refused") {
  GameConfig config;
  config.players = 3;
  config.seed = 7;
  const Json base = Sardegna::to_json(Sardegna::initial(config));
  config.options["variant"] = "alt-sentinel";
  const Json variant = Sardegna::to_json(Sardegna::initial(config));
  CHECK_NOTHROW(Sardegna::from_json(base));
  CHECK_NOTHROW(Sardegna::from_json(variant));
  using G = Sardegna;
  // The map.
  rejects<G>(
      base, [](Json& j) { j["map"] = "other"; }, "must be \"standard\" or a whole board object");
  rejects<G>(
      base, [](Json& j) { j["map"] = 5; }, "map must be a JSON object");
  rejects<G>(
      base, [](Json& j) { j["map"] = {1}; }, "map must be a JSON object");
  rejects<G>(
      base, [](Json& j) { j["map"] = Json::object(); }, "missing field");
  // The fort cards: each of the 26 exactly once across row, deck and private cards.
  rejects<G>(
      base, [](Json& j) { j["deck"][0]["fort"] = j["row"][0]; }, "appears twice");
  rejects<G>(
      base, [](Json& j) { j["deck"].erase(0); }, "all 26 fort cards");
  rejects<G>(
      base,
      [](Json& j) {
        j["deck"][0]["known_by"] = {1, 1};
      },
      "names player 1 a second time");
  rejects<G>(
      base, [](Json& j) { j["deck"][0]["known_by"] = {3}; }, "known_by[0] must be an integer in [0, 2]");
  rejects<G>(
      base, [](Json& j) { j["row"].erase(0); }, "row must have 11 entries");
  rejects<G>(
      variant, [](Json& j) { j["seats"][0]["private"] = Json::array(); }, "must hold 1 private fort cards");
  // Tokens: of the right colour, all 16 accounted for.
  rejects<G>(
      base, [](Json& j) { j["tokens"][0] = j["tokens"][0] == "wheat" ? "olive" : "wheat"; }, "wrong colour");
  rejects<G>(
      base, [](Json& j) { j["tokens"][0] = nullptr; }, "tokens on the board and harvested");
  // Character cards: each in hand or in front, once.
  rejects<G>(
      base, [](Json& j) { j["seats"][0]["front"] = {"farmer"}; }, "either in hand or in front");
  rejects<G>(
      base, [](Json& j) { j["seats"][0]["hand"].push_back("farmer"); }, "names the farmer a second time");
  // Supplies and capacity.
  rejects<G>(
      base, [](Json& j) { j["seats"][0]["villagers"][0] = 6; }, "villagers[0] must be an integer in [0, 5]");
  rejects<G>(
      base, [](Json& j) { j["seats"][0]["villagers"] = {3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}; },
      "than the supply has");
  rejects<G>(
      base,
      [](Json& j) {
        for (int p = 0; p < 2; ++p) j["seats"][p]["villagers"][0] = 4;
      },
      "holds more than 7 pieces");
  rejects<G>(
      base, [](Json& j) { j["seats"][0]["villages"][0] = 1; }, "more villages than harvested tokens");
  rejects<G>(
      base,
      [](Json& j) {
        j["seats"][0]["ships"] = {1, 1};
      },
      "names harbour 1 a second time");
  rejects<G>(
      base,
      [](Json& j) {
        j["seats"][0]["forts"] = {1};
        j["seats"][1]["forts"] = {1};
      },
      "which is not free");
  // Points: harvests score exactly their points, and nothing else scores before the first scoring.
  rejects<G>(
      base, [](Json& j) { j["seats"][1]["score"] = 3; }, "points before any scoring");
  rejects<G>(
      base, [](Json& j) { j["seats"][1]["score"] = 1099511627776LL; }, "score must be an integer");
  rejects<G>(
      base, [](Json& j) { j["seats"][1]["score"] = 1.5; }, "score must be an integer");
  // The phase.
  rejects<G>(
      base, [](Json& j) { j["phase"] = "discard"; }, "alt-sentinel variant only");
  rejects<G>(
      base,
      [](Json& j) {
        j["phase"] = "sentinel-choice";
        j["seats"][0]["hand"].erase(std::find(j["seats"][0]["hand"].begin(), j["seats"][0]["hand"].end(), "sentinel"));
        j["seats"][0]["front"] = {"sentinel"};
      },
      "sentinel-choice needs a scoring just made");
  rejects<G>(
      base, [](Json& j) { j["phase"] = "over"; }, "over exactly after the 11th scoring");
  rejects<G>(
      base, [](Json& j) { j["turn"] = 3; }, "turn must be an integer in [0, 2]");
  // A half-finished Commander move: its card in front, pieces where its steps ended.
  const auto commander_move = [](Json& j) {
    j["phase"] = "commander-move";
    j["seats"][0]["hand"].erase(std::find(j["seats"][0]["hand"].begin(), j["seats"][0]["hand"].end(), "commander"));
    j["seats"][0]["front"] = {"commander"};
    j["move"] = Json{{"steps_left", 3}, {"started", {1}}, {"ended", {2}}, {"last", {1, 2}}};
  };
  rejects<G>(base, commander_move, "where the player to move has no villager");
  Json with_villager = base;
  commander_move(with_villager);
  with_villager["seats"][0]["villagers"][1] = 1;
  CHECK_NOTHROW(Sardegna::from_json(with_villager));
  rejects<G>(
      with_villager,
      [](Json& j) {
        j["move"]["started"] = {1, 1};
      },
      "names 1 a second time");
  rejects<G>(
      with_villager,
      [](Json& j) {
        j["move"]["last"] = {3, 2};
      },
      "previous step");
  rejects<G>(
      with_villager,
      [](Json& j) {
        j["move"]["started"] = {1, 2};
      },
      "starting where another ended");
  rejects<G>(
      with_villager, [](Json& j) { j["move"]["steps_left"] = 4; }, "steps_left must be an integer in [0, 3]");
  rejects<G>(
      with_villager,
      [](Json& j) {
        j["seats"][0]["front"] = {"farmer"};
        j["seats"][0]["hand"] = {"admiral", "commander", "priest", "architect", "queen", "sentinel"};
      },
      "needs the commander");
  rejects<G>(
      with_villager, [](Json& j) { j.erase("move"); }, "\"move\" describes a half-finished");
}

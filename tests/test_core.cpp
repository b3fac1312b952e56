#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <set>
#include <thread>
#include <vector>

#include "big_json.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "core/bits.hpp"
#include "core/json.hpp"
#include "core/params.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"

using namespace nuraghe;

TEST_CASE("nth_set_bit: the r-th set bit of 32- and 64-bit masks, against clearing the lowest r bits") {
  Rng rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t x = (rng.next() & rng.next()) | std::uint64_t(1) << (trial % 64);  // sparse and dense
    for (unsigned r = 0; r < unsigned(std::popcount(x)); ++r) {
      std::uint64_t y = x;
      for (unsigned k = 0; k < r; ++k) y &= y - 1;
      CHECK(nth_set_bit(x, r) == std::countr_zero(y));
      if (r < unsigned(std::popcount(std::uint32_t(x))))
        CHECK(nth_set_bit(std::uint32_t(x), r) == std::countr_zero(std::uint32_t(y)));
    }
  }
}

TEST_CASE("Rng: explicit seeds reproduce; different seeds differ") {
  Rng a(7), b(7), c(8);
  for (int i = 0; i < 100; ++i) {
    const auto x = a.next();
    CHECK(x == b.next());
    CHECK(x != c.next());
  }
}

TEST_CASE("Rng: the first outputs are pinned, so games replay identically on any platform") {
  // xoshiro256** seeded through SplitMix64 is fully specified; these values are what that
  // specification gives for seed 0 (computed once from the definition, not from <random>).
  Rng r(0);
  std::uint64_t sm = 0;
  std::uint64_t s[4];
  for (auto& w : s) w = splitmix64(sm);
  const std::uint64_t expected = std::rotl(s[1] * 5, 7) * 9;
  CHECK(r.next() == expected);
}

TEST_CASE("Rng::below: in range and close to uniform") {
  Rng r(1);
  int counts[7] = {};
  for (int i = 0; i < 70000; ++i) {
    const auto x = r.below(7);
    REQUIRE(x < 7);
    ++counts[x];
  }
  for (int c : counts) CHECK(std::abs(c - 10000) < 400);  // > 4 standard deviations
  for (int i = 0; i < 100; ++i) CHECK(r.below(1) == 0);
}

TEST_CASE("Rng::shuffle: it permutes and reaches every order") {
  Rng r(3);
  std::set<std::vector<int>> orders;
  for (int i = 0; i < 600; ++i) {
    std::vector<int> v{0, 1, 2, 3};
    r.shuffle(v.begin(), 4);
    std::vector<int> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == std::vector<int>{0, 1, 2, 3});
    orders.insert(v);
  }
  CHECK(orders.size() == 24);
}

TEST_CASE("specs: name and typed parameters; malformed specs rejected") {
  const Spec s = parse_spec("uct:iters=100, c=0.5", "bot");
  CHECK(s.name == "uct");
  CHECK(s.values.at("iters") == "100");
  CHECK(s.values.at("c") == "0.5");
  CHECK(parse_spec("random", "bot").values.empty());
  CHECK_THROWS_AS(parse_spec(":x=1", "bot"), InputError);
  CHECK_THROWS_AS(parse_spec("uct:iters", "bot"), InputError);
  CHECK_THROWS_AS(parse_spec("uct:iters=1,iters=2", "bot"), InputError);
  CHECK_THROWS_AS(parse_spec("uct:=3", "bot"), InputError);
}

TEST_CASE("params: defaults, ranges, types and unknown names") {
  const std::vector<ParamSpec> specs = {ParamSpec::integer("iters", 1000, 1, 100000, "iterations"),
                                        ParamSpec::real("c", 0.7, 0, 10, "exploration"),
                                        ParamSpec::choice("final", "max", {"max", "sample"}, "final policy")};
  const Params defaults("bot x", {}, specs);
  CHECK(defaults.integer("iters") == 1000);
  CHECK(defaults.real("c") == doctest::Approx(0.7));
  CHECK(defaults.text("final") == "max");
  CHECK(!defaults.given("iters"));
  const Params given("bot x", {{"iters", "5"}, {"final", "sample"}}, specs);
  CHECK(given.integer("iters") == 5);
  CHECK(given.given("iters"));
  CHECK_THROWS_AS(Params("bot x", {{"iters", "0"}}, specs), InputError);
  CHECK_THROWS_AS(Params("bot x", {{"iters", "5.5"}}, specs), InputError);
  CHECK_THROWS_AS(Params("bot x", {{"c", "abc"}}, specs), InputError);
  CHECK_THROWS_AS(Params("bot x", {{"c", "11"}}, specs), InputError);
  CHECK_THROWS_AS(Params("bot x", {{"final", "min"}}, specs), InputError);
  CHECK_THROWS_AS(Params("bot x", {{"speed", "1"}}, specs), InputError);
}

TEST_CASE("bot lists: they split on commas but keep a spec's own parameters") {
  CHECK(split_bot_list("random,random") == std::vector<std::string>{"random", "random"});
  CHECK(split_bot_list("uct:iters=10,c=0.5,random:seed=3") ==
        std::vector<std::string>{"uct:iters=10,c=0.5", "random:seed=3"});
  CHECK_THROWS_AS(split_bot_list("random,,random"), InputError);
  CHECK_THROWS_AS(find_bot("alphazero"), InputError);
  CHECK_THROWS_AS(bot_params(parse_spec("random:depth=3", "bot")), InputError);
}

TEST_CASE("bot names: a bot's name is its label, else its spec; a label changes nothing the bot does") {
  CHECK(bot_name("uct:iters=10,label=fast") == "fast");
  CHECK(bot_name("uct:iters=10") == "uct:iters=10");
  CHECK(labelled_spec("fast=uct:iters=10") == "uct:iters=10,label=fast");
  CHECK(labelled_spec("coin=random") == "random:label=coin");
  CHECK(labelled_spec("uct:iters=10") == "uct:iters=10");
  CHECK(same_bot("uct:iters=10,label=a", "uct:iters=10,label=b"));
  CHECK(!same_bot("uct:iters=10,label=a", "uct:iters=11,label=a"));
  CHECK_THROWS_AS(labelled_spec("a=random:label=b"), InputError);
  CHECK_THROWS_AS(bot_params(parse_spec("random:label=a b", "bot")), InputError);
  CHECK_NOTHROW(check_bot_names({"random:label=a", "random:seed=2,label=b"}, "arena"));
  CHECK_THROWS_AS(check_bot_names({"random:label=a", "random:seed=2,label=a"}, "arena"), InputError);
}

namespace {
// A registry entry as a game's map is one: read from JSON, named by its index.
struct Entry {
  Json source;
  int index = -1;
  int value = 0;  // what was read, so that a lookup can check it sees the whole entry
};
Entry entry(int key) { return Entry{Json{{"key", key}}, -1, 1000 + key}; }
}  // namespace

TEST_CASE("Registry: one entry per source, indices in order of adding, a full table refused") {
  Registry<Entry, 4> r;
  CHECK(r.find(0) == nullptr);
  const Entry& a = r.add(entry(7), "test", "entries");
  const Entry& b = r.add(entry(8), "test", "entries");
  CHECK(a.index == 0);
  CHECK(b.index == 1);
  CHECK(&r.add(entry(7), "test", "entries") == &a);  // the same source is the same entry
  CHECK(r.find(0) == &a);
  CHECK(r.find(1) == &b);
  CHECK(r.find(2) == nullptr);
  CHECK(r.find(-1) == nullptr);
  CHECK(r.find(4) == nullptr);
  r.add(entry(9), "test", "entries");
  r.add(entry(10), "test", "entries");
  CHECK_THROWS_WITH_AS(r.add(entry(11), "file x", "entries"), "file x: more than 4 entries in one process", InputError);
  CHECK(&r.add(entry(10), "file x", "entries") == r.find(3));  // a known one is still found
}

// Threads add overlapping sources while others look up what they were given, as the arena's games
// do with their maps: ThreadSanitizer builds check that the lock-free lookups are no data race.
TEST_CASE("Registry: threads adding and looking up at once get one entry per source, each whole") {
  static Registry<Entry, 256> r;
  constexpr int kThreads = 4, kKeys = 60;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      std::vector<int> mine;
      for (int i = 0; i < kKeys; ++i) {
        const int key = (i * (t + 1)) % kKeys;  // every thread meets keys the others add
        const Entry& e = r.add(entry(key), "test", "entries");
        if (e.value != 1000 + key) ++wrong;
        mine.push_back(e.index);
        for (const int index : mine) {
          const Entry* found = r.find(index);
          if (!found || found->index != index || found->value != 1000 + found->source["key"].get<int>()) ++wrong;
        }
      }
    });
  for (auto& t : threads) t.join();
  CHECK(wrong == 0);
  std::set<int> keys;
  for (int i = 0; i < 256 && r.find(i); ++i) {
    CHECK(r.find(i)->index == i);
    keys.insert(r.find(i)->source["key"].get<int>());
  }
  CHECK(keys.size() == std::size_t(kKeys));  // the keys 0..59, each added once, at indices 0..59
  CHECK(r.find(kKeys) == nullptr);
}

TEST_CASE("one_of and id_of: a name among names, an id; one line naming the field otherwise") {
  const Json j = {{"kind", "cattle"}, {"bad", "volcano"}, {"id", "gold-beach"}, {"caps", "Gold Beach"}};
  const JsonIn in(j, "board file \"x.json\"");
  const std::array<std::string_view, 3> kinds = {"sheep", "cattle", "forest"};
  CHECK(in.at("kind").one_of(kinds, "an area kind") == 1);
  enum class Kind : std::uint8_t { Sheep, Cattle, Forest };
  CHECK(in.at("kind").one_of<Kind>(kinds, "an area kind") == Kind::Cattle);
  CHECK_THROWS_WITH_AS(in.at("bad").one_of(kinds, "an area kind"),
                       "board file \"x.json\": bad \"volcano\" is not an area kind (sheep, cattle or forest)",
                       InputError);
  CHECK(name_index(kinds, "forest") == 2);
  CHECK(name_index(kinds, "volcano") == -1);
  CHECK(id_of(in.at("id"), "ewe-downs") == "gold-beach");
  CHECK_THROWS_WITH_AS(id_of(in.at("caps"), "ewe-downs"),
                       "board file \"x.json\": caps \"Gold Beach\" is not an id (1 to 32 lowercase letters, digits "
                       "and inner hyphens: \"ewe-downs\")",
                       InputError);
  for (const std::string_view id : {"a", "gold-beach", "x9", "abcdefghijklmnopqrstuvwxyz012345"}) CHECK(valid_id(id));
  for (const std::string_view id : {"", "-a", "a-", "Gold", "a b", "a_b", "abcdefghijklmnopqrstuvwxyz0123456"})
    CHECK(!valid_id(id));
}

TEST_CASE("cat: a message's strings and whole numbers, numbers in decimal") {
  const std::uint8_t small = 200;  // a byte is a number, not a character
  const std::int8_t negative = -3;
  CHECK(cat("has ", small, " of ", std::string("x"), ", ", negative, std::string_view(" left"), 7ULL) ==
        "has 200 of x, -3 left7");
  CHECK_THROWS_WITH_AS(input_error("seat ", 2, ": none"), "seat 2: none", InputError);
}

TEST_CASE("JsonIn: counts, sets and names as positions spell them; each refusal names the field") {
  const Json j = parse_json(R"({"caps": {"virki": 1, "hof": 2, "verslun": 3}, "short": {"hof": 2},
    "extra": {"virki": 1, "hof": 2, "verslun": 3, "tower": 0}, "some": {"hof": 4}, "odd": {"moat": 1},
    "set": ["hof", "virki"], "twice": ["hof", "hof"], "ids": [3, 5], "again": [5, 5], "long": [1, 2, 3],
    "area": "nurra", "board": "summer", "whole": {"name": "mine"}, "other": "autumn", "list": [1],
    "empty": ""})",
                            "test");
  const JsonIn in(j, "test");
  const std::array<std::string_view, 3> buildings = {"virki", "hof", "verslun"};
  const auto refusal = [](auto&& read) -> std::string {
    try {
      read();
    } catch (const InputError& e) {
      return e.what();
    }
    return "(accepted)";
  };
  // counts: every name, each in [0, hi]; some_counts: any of them, the rest 0.
  CHECK((in.at("caps").counts(buildings, 3) == std::array<int, 3>{1, 2, 3}));
  CHECK(refusal([&] { in.at("short").counts(buildings, 3); }) == "test: missing field \"short.virki\"");
  CHECK(refusal([&] { in.at("extra").counts(buildings, 3); }) == "test: extra has an unknown field \"tower\"");
  CHECK(refusal([&] { in.at("caps").counts(buildings, 2); }) ==
        "test: caps.verslun must be an integer in [0, 2], not 3");
  const auto up_to_four = [](std::size_t) { return 4; };
  CHECK((in.at("some").some_counts(buildings, "a building", up_to_four) == std::array<int, 3>{0, 4, 0}));
  CHECK(refusal([&] { in.at("odd").some_counts(buildings, "a building", up_to_four); }) ==
        "test: odd \"moat\" is not a building (virki, hof or verslun)");
  CHECK(refusal([&] { in.at("some").some_counts(buildings, "a building", [](std::size_t) { return 3; }); }) ==
        "test: some.hof must be an integer in [0, 3], not 4");
  // bit_set: distinct things as bits; a repeat in the reader's words or "names X twice".
  CHECK(in.at("set").bit_set(buildings, "a building") == 0b011);
  CHECK(refusal([&] { in.at("twice").bit_set(buildings, "a building"); }) == "test: twice[1] names hof twice");
  const auto id = [](const JsonIn& e) { return e.int_in(0, 9); };
  CHECK(in.at("ids").bit_set(2, id) == ((1u << 3) | (1u << 5)));
  CHECK(refusal([&] { in.at("again").bit_set(2, id); }) == "test: again[1] names 5 twice");
  CHECK(refusal([&] { in.at("again").bit_set(2, id, [](int i) { return cat("names ticket ", i, " twice"); }); }) ==
        "test: again[1] names ticket 5 twice");
  CHECK(refusal([&] { in.at("long").bit_set(2, id); }) == "test: long must have 0 to 2 entries, not 3");
  // An index outside the 64 bits is the reader's bug, not the input's: a logic_error, never a shift past the word.
  CHECK_THROWS_AS(in.at("ids").bit_set(2, [](const JsonIn& e) { return e.int_in(0, 9) * 16; }), std::logic_error);
  // text: a string shown to people, never an empty one.
  CHECK(in.at("area").text() == "nurra");
  CHECK(refusal([&] { in.at("empty").text(); }) == "test: empty must not be empty");
  CHECK(refusal([&] { in.at("list").text(); }) == "test: list must be a string, not a list");
  // name_in: an id that the caller's data knows.
  const auto area = [](const std::string& name) { return name == "nurra" ? 7 : -1; };
  CHECK(in.at("area").name_in(area, "an area of the board") == 7);
  CHECK(refusal([&] { in.at("board").name_in(area, "an area of the board"); }) ==
        "test: board \"summer\" is not an area of the board");
  // builtin_or_whole: a built-in thing by its name, or a whole object for the caller to read.
  struct Thing {
    std::string name;
  };
  static const Thing summer{"summer"}, winter{"winter"};
  static Thing read;
  const std::array<std::string_view, 2> sides = {"summer", "winter"};
  const auto builtin = [](std::size_t i) -> const Thing& { return i == 0 ? summer : winter; };
  const auto intern = [](const Json& whole, const std::string& where) -> const Thing& {
    read.name = whole.at("name").get<std::string>() + " from " + where;
    return read;
  };
  CHECK(&in.at("board").builtin_or_whole(sides, builtin, intern, "board") == &summer);
  CHECK(in.at("whole").builtin_or_whole(sides, builtin, intern, "board").name == "mine from test: whole");
  CHECK(refusal([&] { in.at("other").builtin_or_whole(sides, builtin, intern, "board"); }) ==
        "test: other must be \"summer\", \"winter\" or a whole board object, not \"autumn\" (--map FILE reads a "
        "board file)");
  CHECK(refusal([&] { in.at("list").builtin_or_whole(sides, builtin, intern, "board"); }) ==
        "test: list must be a JSON object, not a list");
}

// Until commit 1ec1f13, reading one array or object of many entries took n^2 steps. That it is
// linear is shown by instruction counts (tests/json_linear_test.sh, which reads the same texts);
// here, that such a text is read whole and right, and a fault at its end refused.
TEST_CASE("parse_json: one array or object of many entries is read whole, and a fault after them refused") {
  using testing::many;
  const int n = 20000;
  const Json array = parse_json(many(n, "[", "]", [](int) { return std::string("{\"a\":1,\"b\":[2]}"); }), "test");
  REQUIRE(array.size() == std::size_t(n));
  CHECK(array.back() == Json::parse(R"({"a":1,"b":[2]})"));
  const std::string objects =
      many(n, "{", "}", [](int i) { return "\"k" + std::to_string(i) + "\":{\"a\":" + std::to_string(i) + "}"; });
  const Json object = parse_json(objects, "test");
  REQUIRE(object.size() == std::size_t(n));
  CHECK(object.at("k" + std::to_string(n - 1)).at("a") == n - 1);
  // A key given twice, in the last entry of an array and at the end of an object.
  std::string text = many(n, "[", "]", [](int) { return std::string("{\"a\":1}"); });
  CHECK_THROWS_WITH_AS(parse_json(text.insert(text.size() - 1, ",{\"x\":1,\"x\":2}"), "test"),
                       doctest::Contains("key \"x\" given twice"), InputError);
  CHECK_THROWS_AS(parse_json(objects.substr(0, objects.size() - 1) + ",\"k0\":1}", "test"), InputError);
}

TEST_CASE("Bardagi position reader: an areas object of many made-up entries is refused") {
  const Json position = parse_json(testing::bardagi_with_made_up_areas(5000), "bardagi position");
  CHECK_THROWS_AS(Bardagi::from_json(position), InputError);
}

TEST_CASE("params: minus zero is no number a person writes, as an integer or a real") {
  long long i = 1;
  double r = 1;
  for (const char* bad : {"-0", "-00", "-01"}) CHECK_MESSAGE(!Params::try_integer(bad, i), bad);
  for (const char* bad : {"-0", "-0.0", "-0e5"}) CHECK_MESSAGE(!Params::try_real(bad, r), bad);
  CHECK((Params::try_integer("0", i) && i == 0));
  CHECK((Params::try_integer("-1", i) && i == -1));
  CHECK((Params::try_real("0", r) && r == 0));
  CHECK((Params::try_real("-0.5", r) && r == -0.5));
}

TEST_CASE("InputError: a long value is cut, saying how long it was; a line break is escaped") {
  const std::string value(100000, 'x');
  const std::string what = InputError("bot \"" + value + "\" is not available").what();
  CHECK(what.size() < 200);
  CHECK(what == "bot \"" + std::string(kValueHead, 'x') + "...\" (100000 characters) is not available");
  const std::string word = InputError("--seed " + value + " is not a number").what();
  CHECK(word == "--seed " + std::string(kValueHead, 'x') + "... (100000 characters) is not a number");
  // A message of short values is left as it is; a value at the limit too.
  const std::string usual = "arena: \"uct:iters=10\" is given twice: copies of one bot need two labels";
  CHECK(InputError(usual).what() == usual);
  const std::string limit = "\"" + std::string(kLongValue, 'y') + "\" as given";
  CHECK(InputError(limit).what() == limit);
  // One line, whatever the value holds.
  CHECK(std::string(InputError("option \"a\nb\tc\x01\" is bad").what()) == "option \"a\\nb\\tc\\x01\" is bad");
}

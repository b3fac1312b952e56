// Bardagi positions (docs/position-format.md, "bardagi"): every state of
// random games reads back to itself, a seat's view does not move when only what it cannot see
// moves, and unreachable or malformed positions are refused with one line naming the field.
#include <doctest/doctest.h>

#include <bit>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "game_tests.hpp"
#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/position.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;
using nuraghe::Json;

namespace {
// The same state with everything `observer` cannot see dealt again: the others' runes and the rune
// pile (each hand keeping its size), the others' selections not yet laid down, the stacks' face-down tiles.
State hidden_changed(const State& s, int observer, nuraghe::Rng& rng) {
  State t = s;
  std::vector<std::uint8_t> pool(t.rune_pile.begin(), t.rune_pile.begin() + t.rune_size);
  std::array<int, kMaxSeats> held{};
  for (int p = 0; p < t.players; ++p) {
    if (p == observer) continue;
    auto& runes = t.villages[std::size_t(p)].runes;
    for (int k = 0; k < kRuneKinds; ++k)
      for (int c = 0; c < runes[std::size_t(k)]; ++c) pool.push_back(std::uint8_t(k)), ++held[std::size_t(p)];
    runes = {};
  }
  rng.shuffle(pool.begin(), std::uint32_t(pool.size()));
  std::size_t next = 0;
  for (int p = 0; p < t.players; ++p)
    for (int i = 0; i < held[std::size_t(p)]; ++i) ++t.villages[std::size_t(p)].runes[pool[next++]];
  for (int i = 0; i < t.rune_size; ++i) t.rune_pile[std::size_t(i)] = pool[next++];
  std::array<Selection, kMaxLegalMoves> all;
  const int n = State::selections(t.cards_this_round(), all);
  for (int p = 0; p < t.players; ++p)
    if (p != observer && t.phase != Phase::Planning && t.phase != Phase::Over && !t.selection_revealed(p))
      t.selection[std::size_t(p)] = all[rng.below(std::uint32_t(n))];
  for (int k = 0; k < kStacks; ++k) rng.shuffle(t.stacks[std::size_t(k)].begin(), t.stack_size[std::size_t(k)]);
  return t;
}

// A move of a busier player than a random one, so that rare states come up (a cast's second rune,
// attacks that send a Berserkur home): an attack's step, a cast or a rune purchase when there is
// one; else, 9 times in 10, anything but a card played for nothing or a decision's end.
nuraghe::Move busy_move(const MoveList& moves, nuraghe::Rng& rng) {
  std::vector<nuraghe::Move> busy;
  for (const nuraghe::Move m : moves) {
    const MoveKind k = kind_of(m);
    if (k == MoveKind::Attack || k == MoveKind::Continue || k == MoveKind::CastRune || k == MoveKind::BuyRunes)
      return m;
    if (k != MoveKind::Idle && k != MoveKind::Stop && k != MoveKind::Anchor && k != MoveKind::End) busy.push_back(m);
  }
  if (busy.empty() || rng.below(10) == 0) return moves[rng.below(std::uint32_t(moves.size()))];
  return busy[rng.below(std::uint32_t(busy.size()))];
}

// Reads back; on a refusal, says which state and why.
void check_reads_back(const State& s) {
  try {
    const State back = read_position(position(s, -1));
    CHECK(back == s);
  } catch (const nuraghe::InputError& e) {
    FAIL_CHECK("refused: " << e.what() << " in phase " << int(s.phase) << " round " << int(s.round));
  }
}
}  // namespace

TEST_CASE(
    "positions: every state of random games on both sides, 2-5 players, reads back to itself; views hide "
    "what their seat cannot see") {
  nuraghe::Rng rng(57), deal(3);
  int games = 0, states = 0, views = 0, differ = 0;
  std::array<int, 12> seen{};
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n)
      for (int g = 0; g < 6; ++g) {
        State game = start(n, winter, std::uint64_t(700 + 10 * n + g), g % 2 == 1);  // games 3 to 5 busier
        const auto visit = [&](const State& s, int steps) {
          check_reads_back(s);
          ++states;
          // What the states covered: each sub-state of the activation and the claim, the pieces' places.
          seen[0] += s.defender >= 0, seen[1] += s.trade_next < kResources, seen[2] += s.restock_next;
          seen[3] += s.casts_left > 0, seen[4] += s.strengthening, seen[5] += s.squares_left > 0;
          seen[6] += s.phase == Phase::Claim && s.claim_step != State::ClaimStep::Yields;
          for (int p = 0; p < n; ++p) {
            seen[7] += s.aboard[std::size_t(p)] != 0, seen[8] += s.knerrir_route[std::size_t(p)] >= 0;
            seen[9] += s.is_down(p), seen[10] += s.villages[std::size_t(p)].upgrades != 0;
          }
          for (const auto x : s.thief) seen[11] += x != 0;
          if (steps % 5 == 0) {  // every seat's view, against the same state dealt again
            for (int o = 0; o < n; ++o) {
              const Json view = position(s, o);
              const State t = hidden_changed(s, o, deal);
              differ += !(position(t, -1) == position(s, -1));
              CHECK(position(t, o) == view);
              ++views;
            }
          }
          if (steps % 101 == 0)
            CHECK(read_position(nuraghe::parse_json(nuraghe::json_text(position(s, -1)), "test")) == s);
        };
        if (g < 3) play_out(game, rng, visit);
        else play_out(game, rng, visit, busy_move);
        CHECK(game.phase == Phase::Over);
        ++games;
      }
  CHECK(games == 36);
  CHECK(differ > views / 2);  // the changes changed the whole state: the views held against something
  for (std::size_t i = 0; i < seen.size(); ++i) {
    CAPTURE(i);
    if (i == 3 || i == 9) WARN(seen[i] > 0);  // rare (a cast's second rune, a Berserkur sent home): tested below too
    else CHECK(seen[i] > 0);
  }
  MESSAGE(states << " states read back, " << views << " views unchanged by what their seat cannot see; attacks "
                 << seen[0] << ", trades " << seen[1] << ", restocks " << seen[2] << ", casts " << seen[3]
                 << ", strengthenings " << seen[4] << ", sailing " << seen[5] << ", claim steps " << seen[6]
                 << ", aboard " << seen[7] << ", at sea " << seen[8] << ", down " << seen[9] << ", upgrades "
                 << seen[10] << ", markers " << seen[11]);
}

TEST_CASE("positions: a view shows counts for the hidden parts, a selection once laid down, and its own seat whole") {
  State s = start(3, false, 5);
  const Json setup = position(s, 1);
  CHECK(setup["seat"] == 1);
  CHECK(setup["rune_pile"] == s.rune_size);
  CHECK(setup["stacks"]["virki-small"]["face_down"] == s.stack_size[0]);
  CHECK(setup["stacks"]["virki-small"]["face_up"].size() == 2);
  CHECK(setup["seats"][0]["runes"] == 1);         // another seat's: how many
  CHECK(setup["seats"][1]["runes"].is_object());  // its own: which
  const Json whole = position(s, -1);
  CHECK(!whole.contains("seat"));
  CHECK(whole["rune_pile"].size() == s.rune_size);
  CHECK(whole["seats"][0]["runes"].is_object());
  // The others' runes: the view sees one, whichever it is; its own rune shows.
  State t = s;
  t.villages[1].runes = {};
  t.villages[1].runes[std::size_t(Rune::Double)] = 1;
  CHECK(position(t, 0) == position(s, 0));
  CHECK((position(t, 1) == position(s, 1)) == (s.villages[1].runes == t.villages[1].runes));

  // Planning: nothing selected; then every seat's selection is its own until its activation begins.
  CHECK(setup["seats"][0]["selection"].is_null());
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, make_selection({2, 2, 1, 1}));
  joint[1] = make_move(MoveKind::Select, make_selection({0, 0, 6, 0}));
  joint[2] = make_move(MoveKind::Select, make_selection({1, 1, 1, 3}));
  s.apply_joint(joint);
  REQUIRE(s.phase == Phase::Activation);
  REQUIRE(s.turn == 0);
  const Json v = position(s, 1);
  CHECK(v["seats"][0]["selection"] == Json({{"berserkur", 2}, {"godi", 2}, {"kaupmadur", 1}, {"knerrir", 1}}));
  CHECK(v["seats"][1]["selection"] == Json({{"berserkur", 0}, {"godi", 0}, {"kaupmadur", 6}, {"knerrir", 0}}));
  CHECK(v["seats"][2]["selection"].is_null());
  CHECK(position(s, 2)["seats"][2]["selection"]["knerrir"] == 3);
  CHECK(position(s, -1)["seats"][2]["selection"]["knerrir"] == 3);
  CHECK(v["activation"]["cards_left"] == v["seats"][0]["selection"]);
  // Seat 0's cards are played: its activation ends, seat 1's begins and is seen by all.
  while (s.turn == 0) {
    MoveList moves;
    s.legal_moves(moves);
    nuraghe::Move idle = moves[moves.size() - 1];
    for (const nuraghe::Move m : moves)
      if (kind_of(m) == MoveKind::Idle || kind_of(m) == MoveKind::End) idle = m;
    s.apply(idle);
  }
  CHECK(position(s, 2)["seats"][1]["selection"]["kaupmadur"] == 6);
  CHECK(position(s, 0)["seats"][2]["selection"].is_null());
}

TEST_CASE("positions: a cast's second rune to come and a Berserkur sent home read back") {
  State s = start(2, false, 21);
  nuraghe::JointMove joint{};
  for (int p = 0; p < 2; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({2, 2, 1, 1}));
  s.apply_joint(joint);
  // Two Double runes from the pile to seat 0's hand.
  for (int taken = 0, i = s.rune_size - 1; taken < 2; --i) {
    REQUIRE(i >= 0);
    if (s.rune_pile[std::size_t(i)] != std::uint8_t(Rune::Double)) continue;
    for (int k = i; k + 1 < s.rune_size; ++k) s.rune_pile[std::size_t(k)] = s.rune_pile[std::size_t(k + 1)];
    s.rune_pile[--s.rune_size] = 0;
    ++s.villages[0].runes[std::size_t(Rune::Double)], ++taken;
  }
  REQUIRE(read_position(position(s, -1)) == s);
  MoveList moves;
  s.legal_moves(moves);
  nuraghe::Move cast = 0;
  for (const nuraghe::Move m : moves)
    if (kind_of(m) == MoveKind::CastRune) cast = m;
  REQUIRE(kind_of(cast) == MoveKind::CastRune);
  s.apply(cast);
  REQUIRE(s.casts_left == 1);
  CHECK(read_position(position(s, -1)) == s);
  CHECK(position(s, -1)["activation"]["casts_left"] == 1);
  CHECK(position(s, -1)["activation"]["free_used"] == Json({"cast"}));
  // Seat 1's Berserkur sent home by an attack: down until Virki is refilled.
  State d = start(2, false, 21);
  d.berserkur_down = 2;
  CHECK(read_position(position(d, -1)) == d);
  CHECK(position(d, -1)["seats"][1]["down"] == true);
}

TEST_CASE("positions: the built-in sides by name, another board whole; a board object equal to a side is that side") {
  const State w = start(2, true, 9);
  CHECK(position(w, -1)["board"] == "winter");
  CHECK(read_position(position(w, -1)) == w);
  Json j = position(start(2, false, 9), -1);
  j["board"] = Board::summer().source;
  CHECK(read_position(j) == start(2, false, 9));
  Json other = Board::summer().source;
  other["title"] = "Summer, redrawn";
  j["board"] = other;
  const State s = read_position(j);
  CHECK(s.board_index >= 2);
  CHECK(position(s, -1)["board"] == other);
  CHECK(read_position(position(s, -1)) == s);
}

TEST_CASE("positions: malformed and unreachable positions are refused, one line naming the field") {
  const Board& b = Board::summer();
  const auto id = [&](int a) { return b.area_id[std::size_t(a)]; };
  const auto first_of = [&](AreaKind k) { return std::countr_zero(b.of_kind[std::size_t(k)]); };
  const int forest = first_of(AreaKind::Forest), sacred = first_of(AreaKind::Sacred);
  const int harbour = std::countr_zero(b.harbours & ~b.homes);

  // At planning, 3 players: seat 0 owns a forest with 2 disks, an Axe on it.
  State s = start(3, false, 11);
  s.owned[0] |= bit(forest), s.disks[std::size_t(forest)] = 2, s.villages[0].pile -= 2;
  s.axes[std::size_t(forest)] = 1, --s.axes_pile;
  const Json good = position(s, -1);
  REQUIRE(read_position(good) == s);
  // In an activation: every seat selected, seat 0 to play.
  State a = s;
  nuraghe::JointMove joint{};
  for (int p = 0; p < 3; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({2, 2, 1, 1}));
  a.apply_joint(joint);
  const Json playing = position(a, -1);
  REQUIRE(read_position(playing) == a);

  const auto refused_from = [](const Json& base, const std::function<void(Json&)>& change,
                               const std::string& fragment) {
    Json j = base;
    change(j);
    try {
      read_position(j);
      FAIL_CHECK("accepted: " << fragment);
    } catch (const nuraghe::InputError& e) {
      const std::string message = e.what();
      CAPTURE(message);
      CHECK(message.find(fragment) != std::string::npos);
      CHECK(message.find('\n') == std::string::npos);
      CHECK(message.starts_with("bardagi position: "));
    }
  };
  const auto refused = [&](const std::function<void(Json&)>& change, const std::string& fragment) {
    refused_from(good, change, fragment);
  };
  int cases = 0;
  const auto count = [&](auto&&... args) { refused(args...), ++cases; };
  const auto count_playing = [&](const std::function<void(Json&)>& change, const std::string& fragment) {
    refused_from(playing, change, fragment), ++cases;
  };

  // ---- malformed
  count([](Json& j) { j["game"] = "ttr"; }, "game is not \"bardagi\"");
  count([](Json& j) { j["board"] = "autumn"; }, "board must be \"summer\", \"winter\" or a whole board object");
  count([](Json& j) { j["extra"] = 1; }, "has an unknown field \"extra\"");
  count([](Json& j) { j["seat"] = 0; }, "has an unknown field \"seat\"");  // a view is not a position
  count([](Json& j) { j["seats"][0]["gold"] = 1.5; }, "seats[0].gold must be an integer");
  count([](Json& j) { j["seats"][0]["storage"]["meat"] = 6; }, "seats[0].storage.meat must be an integer in [0, 5]");
  count([](Json& j) { j["seats"][0]["storage"].erase("iron"); }, "missing field \"seats[0].storage.iron\"");
  count([](Json& j) { j["seats"][1]["runes"]["lightning"] = 1; }, "\"lightning\" is not a rune");
  count([](Json& j) { j["phase"] = "feast"; }, "phase \"feast\" is not a phase");
  count([&](Json& j) { j["seats"][0]["units"]["godi"] = "atlantis"; },
        "seats[0].units.godi \"atlantis\" is not an area of the board");
  count(
      [](Json& j) {
        j["areas"]["atlantis"] = {
            {"owner", nullptr}, {"disks", 0}, {"axes", 0}, {"runes", Json::array()}, {"marker", nullptr}};
      },
      "areas has \"atlantis\", which is not an area of the board");
  count(
      [](Json& j) {
        j["seats"][0]["upgrades"] = {"virki-gold-three", "virki-gold-three"};
      },
      "names virki-gold-three twice");
  count([&](Json& j) { j["areas"][id(forest)]["owner"] = "green"; },
        "\"green\" is not the colour of a seat in this 3-player game");
  count([](Json& j) { j["seats"][1]["colour"] = "black"; }, "seats[1].colour must be \"blue\"");

  // ---- the game's frame
  count([](Json& j) { j["rounds"] = 10; }, "rounds must be 9 for 3 players in the full game");
  count([](Json& j) { j["round"] = 10; }, "round must be an integer in [1, 9]");
  count([](Json& j) { j["turn"] = 3; }, "turn must be an integer in [0, 2]");
  count([](Json& j) { j["start_player"] = 3; }, "start_player must be an integer in [0, 2]");
  count([](Json& j) { j["turn"] = 1; }, "turn must be the start player (0) in the planning phase");
  count([](Json& j) { j["phase"] = "over"; }, "round must be 9 once the game is over");
  refused_from(
      position(start(2, true, 3), -1), [](Json& j) { j["players"] = 4; }, "players is 4: the board has homes for 3");
  ++cases;

  // ---- supplies: disks, caps, storage, Axes, runes, tiles
  count([](Json& j) { j["seats"][0]["pile"] = 19; }, "seats[0] has 39 disks (buildings, owned areas, recruits, pile");
  count([](Json& j) { j["seats"][0]["disks"]["virki"] = 7, j["seats"][0]["pile"] = 19; },
        "seats[0].disks.virki is 7: above the building's cap of 6");
  count([](Json& j) { j["seats"][2]["caps"]["hof"] = 7; }, "seats[2].caps.hof must be 6, what its tiles give");
  count([](Json& j) { j["axes_pile"] = 20; }, "has 21 Axe tokens in all");
  count([](Json& j) { j["seats"][0]["axes"] = 1; }, "has 21 Axe tokens in all");
  count([](Json& j) { j["rune_pile"].push_back("double"), j["rune_pile"].push_back("double"); },
        "double runes (the pile, the hands, the areas): there are 8");
  {  // a tile owned and still in its stack: more than its copies
    State t = s;
    const int tile = t.visible[std::size_t(stack_of(Building::Virki, TileSize::Large))][0];
    t.villages[1].upgrades |= 1u << tile;
    for (int k = 0; k < kBuildings; ++k) t.villages[1].cap[std::size_t(k)] = std::uint8_t(t.cap_of(1, Building(k)));
    refused_from(
        position(t, -1), [](Json&) {},
        "has 2 of the tile " + t.tiles().tiles[std::size_t(tile)].id + " owned and in its stack, not its 1");
    ++cases;
    // One bought: it is owned and gone from the stack, its place empty until the round's end.
    t.visible[std::size_t(stack_of(Building::Virki, TileSize::Large))][0] = State::kNoTile;
    refused_from(
        position(t, -1), [](Json&) {}, "stacks.virki-large.face_up[0] is empty while tiles are face down");
    ++cases;
    t.phase = Phase::Upgrades, t.bought[1] = 1;
    for (int p = 0; p < 3; ++p) t.selection[std::size_t(p)] = make_selection({2, 2, 1, 1});
    CHECK(read_position(position(t, -1)) == t);
  }
  count([](Json& j) { j["stacks"]["hof-small"]["face_down"][0] = "virki-gold-three"; },
        "\"virki-gold-three\" is a large virki tile, not of the hof-small stack");
  count(
      [](Json& j) {
        j["seats"][0]["upgrades"] = {"hof-glory-three", "hof-axes-four", "hof-free-rune"};
      },
      "seats[0].upgrades fill 6 slots of hof: a building has 4");

  // ---- areas
  count([&](Json& j) { j["areas"][id(forest)]["disks"] = 0, j["seats"][0]["pile"] = 22; },
        "is 0: an owned area holds a disk at least");
  count([&](Json& j) { j["areas"][id(forest)]["owner"] = nullptr; }, "a barbarian area (no owner) holds no disks");
  count([&](Json& j) { j["areas"][id(forest)]["owner"] = nullptr, j["areas"][id(forest)]["disks"] = 0; },
        "areas." + id(forest) + ".axes must be 0: Axe tokens stand on owned areas only");
  count([&](Json& j) { j["areas"][b.area_id[std::size_t(b.home[0])]] = j["areas"][id(forest)]; },
        "owner must be null: a home area is never owned");
  count([&](Json& j) { j["areas"][id(forest)]["marker"] = "blue"; }, "marker must be null: a marker disk comes only");
  count([&](Json& j) { j["areas"][id(forest)]["runes"] = {"theirs-are-yours"}; },
        "marker must be the colour of the seat that cast theirs-are-yours there");
  count([&](Json& j) { j["areas"][id(forest)]["runes"] = {"double", "double"}; }, "is there twice");
  count(
      [&](Json& j) {
        j["areas"][id(sacred)] = {
            {"owner", nullptr}, {"disks", 0}, {"axes", 0}, {"runes", {"wind"}}, {"marker", nullptr}};
      },
      "is on a sacred area: runes go on areas that can be owned");

  // ---- units and the Knerrir
  count([&](Json& j) { j["seats"][0]["units"]["godi"] = b.area_id[std::size_t(b.home[1])]; },
        "seats[0].units.godi is blue-home, another colour's home area");
  count([&](Json& j) { j["seats"][0]["units"]["godi"] = id(forest), j["seats"][2]["units"]["godi"] = id(forest); },
        "seats[2].units.godi shares " + id(forest) + " with red's Godi");
  const SeaRoute& route = b.routes[0];
  const std::string route_id = id(route.a) + "~" + id(route.b);
  count(
      [&](Json& j) {
        j["seats"][0]["knerrir"] = {{"harbour", id(harbour)}, {"route", route_id}, {"squares", 1}};
      },
      "seats[0].knerrir is both docked (harbour) and at sea (route)");
  count(
      [&](Json& j) {
        j["seats"][0]["knerrir"] = {{"harbour", nullptr}, {"route", route_id}, {"squares", 0}};
      },
      "seats[0].knerrir.squares must be in [1, " + std::to_string(route.squares - 1) + "] at sea");
  count(
      [&](Json& j) {
        j["seats"][0]["knerrir"] = {{"harbour", nullptr}, {"route", route_id}, {"squares", int(route.squares)}};
      },
      "at sea on a route of " + std::to_string(route.squares) + " squares");
  count(
      [&](Json& j) {
        j["seats"][0]["knerrir"] = {{"harbour", nullptr}, {"route", nullptr}, {"squares", 2}};
      },
      "squares must be 0 unless the Knerrir is at sea");
  count([&](Json& j) { j["seats"][0]["knerrir"]["route"] = id(route.b) + "~" + id(route.a); }, "is not a sea route");
  count([&](Json& j) { j["seats"][0]["knerrir"]["harbour"] = id(forest); }, "which has no harbour");
  count([&](Json& j) { j["seats"][0]["knerrir"]["harbour"] = id(harbour); },
        "with nobody aboard outside its own activation");
  count([&](Json& j) { j["seats"][0]["aboard"] = {"godi"}; },
        "seats[0].aboard must be empty while the Knerrir is at home");
  count([&](Json& j) { j["seats"][0]["down"] = true, j["seats"][0]["units"]["berserkur"] = id(forest); },
        "seats[0].down is true, but a Berserkur sent home");
  {
    Json j = good;
    j["seats"][0]["down"] = true;
    CHECK(read_position(j).is_down(0));  // sent home: he stands there
  }

  // ---- the phase's fields
  count(
      [](Json& j) {
        j["seats"][1]["selection"] = {{"berserkur", 6}, {"godi", 0}, {"kaupmadur", 0}, {"knerrir", 0}};
      },
      "seats[1].selection must be null in the planning phase");
  count_playing([](Json& j) { j["seats"][1]["selection"] = nullptr; },
                "seats[1].selection must be the seat's selection");
  count_playing([](Json& j) { j["seats"][1]["selection"]["knerrir"] = 2; }, "has 7 cards: round 1 uses 6");
  count_playing([](Json& j) { j["activation"]["cards_left"]["godi"] = 3; }, "cards_left.godi is 3: seat 0 selected 2");
  count([](Json& j) { j["activation"]["cards_left"]["godi"] = 1; }, "must be all 0 outside the activation phase");
  count([](Json& j) { j["activation"]["trade_next"] = "meat"; },
        "activation.trade_next shows a decision under way in the planning phase");
  count_playing(
      [](Json& j) {
        j["activation"]["trade_next"] = "wool", j["activation"]["free_used"] = {"strengthen"};
        j["activation"]["strengthening"] = true;
      },
      "activation.strengthening shows a decision under way beside trade_next's: one decision at a time");
  count([](Json& j) { j["activation"]["trade_pool"] = 3; }, "trade_pool must be 0 outside a trade session");
  count_playing([](Json& j) { j["activation"]["restock_next"] = true; }, "free_used has no home-action");
  count_playing([](Json& j) { j["activation"]["casts_left"] = 2; }, "casts_left must be an integer in [0, 1]");
  count_playing([](Json& j) { j["activation"]["squares_left"] = 3; },
                "Knerrir is at home: only a Knerrir on the board");
  count_playing([](Json& j) { j["activation"]["crossed"] = {"knerrir"}; }, "is the Knerrir: the land units board");
  count_playing([](Json& j) { j["activation"]["crossed"] = {"godi", "godi"}; }, "names godi twice");
  count([](Json& j) { j["activation"]["crossed"] = {"godi"}; }, "names a unit outside the activation phase");
  {  // seat 0's Knerrir docked at an own harbour with the Kaupmadur aboard, the Godi ashore elsewhere
    State d = a;
    const int harbour = std::countr_zero(d.board().harbours & ~d.board().of_kind[std::size_t(AreaKind::Home)]);
    d.owned[0] |= bit(harbour), d.disks[std::size_t(harbour)] = 1, --d.villages[0].pile;
    d.knerrir_harbour[0] = std::int8_t(harbour), d.aboard[0] = 1 << int(Unit::Kaupmadur);
    d.crossed = 1 << int(Unit::Kaupmadur);
    CHECK(read_position(position(d, -1)) == d);  // the Kaupmadur boarded since the last card
    Json j = position(d, -1);
    j["activation"]["crossed"] = {"godi"};
    CHECK_THROWS_WITH_AS(read_position(j), doctest::Contains("neither aboard nor at the Knerrir's harbour"),
                         nuraghe::InputError);
    j["activation"].erase("crossed");  // positions written before the field: nobody crossed
    CHECK(read_position(j).crossed == 0);
  }
  count_playing([](Json& j) { j["activation"]["defender"] = "red"; }, "defender is the attacking seat's own colour");
  count_playing([](Json& j) { j["activation"]["defender"] = "blue"; }, "the attack would be over");
  count([](Json& j) { j["claim"]["step"] = "sell"; }, "claim must be {\"step\": \"yields\", \"cursor\": 0} outside");
  {  // in a claim: seat 0 places its recruits
    State c = a;
    c.phase = Phase::Claim, c.cards_left = {}, c.claim_step = State::ClaimStep::PlaceRecruits, c.claim_cursor = 1;
    const Json claim = position(c, -1);
    CHECK(read_position(claim) == c);
    refused_from(
        claim, [](Json& j) { j["claim"]["step"] = "done"; }, "claim.step is done");
    // The steps an error offers are the ones a position may hold: "done" is never one of them.
    refused_from(
        claim, [](Json& j) { j["claim"]["step"] = "over"; },
        "claim.step \"over\" is not a claim step (yields, extra, sell, buy-axes, place-axes or place-recruits)");
    refused_from(
        claim, [](Json& j) { j["claim"]["cursor"] = 3; }, "claim.cursor must be a building");
    refused_from(
        claim, [&](Json& j) { j["claim"]["step"] = "yields", j["claim"]["cursor"] = b.num_areas; },
        "claim.cursor must be an area's index (0 to " + std::to_string(b.num_areas - 1) + ") in the yields step");
    refused_from(
        claim, [&](Json& j) { j["claim"]["cursor"] = b.num_areas + 1; }, "claim.cursor must be an integer in [0, ");
    cases += 4;
    Json extra = claim;
    extra["claim"] = {{"step", "extra"}, {"cursor", b.num_areas}};  // one past the last area's yield
    CHECK(read_position(extra).claim_cursor == b.num_areas);
  }
  count([](Json& j) { j["seats"][0]["overtakes"] = 1; }, "none before the round's cards are played");
  count_playing([](Json& j) { j["seats"][0]["attacks"] = 7, j["seats"][0]["overtakes"] = 3; },
                "each takes a card, and round 1 has 6");
  {  // an attack won is an attack and an overtake: 4 of each in 6 cards is possible
     // (docs/rules-bardagi.md, Rulings: "An area won by an attack is overtaken")
    Json both = position(a, -1);
    both["seats"][0]["attacks"] = 4, both["seats"][0]["overtakes"] = 4;
    CHECK(read_position(both).overtakes[0] == 4);
  }
  count_playing([](Json& j) { j["seats"][0]["bought"] = 1; }, "seats[0].bought must be 0 in the activation phase");
  CHECK(cases >= 15);
  MESSAGE(cases << " malformed or unreachable positions refused");
}

TEST_CASE("positions: the tiles' counts of the activation are optional, and checked against the tiles and the cards") {
  State a = start(2, false, 11);
  nuraghe::JointMove joint{};
  for (int p = 0; p < 2; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({0, 2, 2, 2}));
  a.apply_joint(joint);
  // Seat 0 owns two tiles, taken from their stacks (a face-up one replaced by the stack's top).
  for (const char* id : {"virki-any-card", "hof-free-rune"}) {
    const int t = a.tiles().tile(id);
    a.villages[0].upgrades |= 1u << t;
    for (int k = 0; k < kStacks; ++k) {
      auto& size = a.stack_size[std::size_t(k)];
      auto& stack = a.stacks[std::size_t(k)];
      for (auto& up : a.visible[std::size_t(k)])
        if (up == t) up = stack[--size], stack[size] = 0;
      for (int i = 0; i < size; ++i)
        if (stack[std::size_t(i)] == t) {
          for (int j = i; j + 1 < size; ++j) stack[std::size_t(j)] = stack[std::size_t(j + 1)];
          stack[--size] = 0;
        }
    }
  }
  for (int k = 0; k < kBuildings; ++k) a.villages[0].cap[std::size_t(k)] = std::uint8_t(a.cap_of(0, Building(k)));
  const Board& b = a.board();
  const int next = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  a.apply(with_card(make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, next), Unit::Godi));
  REQUIRE(a.as_berserkur == 1);
  a.free_runes = 1;
  const Json j = position(a, -1);
  CHECK(j["activation"]["as_berserkur"] == 1);
  CHECK(j["activation"]["free_runes"] == 1);
  CHECK(read_position(j) == a);
  // Positions written before the fields: 0.
  Json old = j;
  old["activation"].erase("as_berserkur");
  old["activation"].erase("free_runes");
  const State o = read_position(old);
  CHECK(o.as_berserkur == 0);
  CHECK(o.free_runes == 0);
  const auto refusal = [](Json bad) {
    try {
      (void)read_position(bad);
    } catch (const nuraghe::InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  Json more = j;
  more["activation"]["as_berserkur"] = 3;  // max 2
  CHECK(refusal(more).find("as_berserkur is 3") != std::string::npos);
  more = j;
  more["activation"]["free_runes"] = 2;  // count 1
  CHECK(refusal(more).find("free_runes is 2") != std::string::npos);
  Json no_tile = j;
  no_tile["seats"][0]["upgrades"] = Json::array();
  no_tile["seats"][0]["caps"] = {{"virki", kBaseCap}, {"hof", kBaseCap}, {"verslun", kBaseCap}};
  CHECK(refusal(no_tile).find("as_berserkur") != std::string::npos);
  Json unplayed = j;  // two cards of other units as Berserkur cards, one played
  unplayed["activation"]["as_berserkur"] = 2;
  CHECK(refusal(unplayed).find("has played 1 cards of its other units") != std::string::npos);
}

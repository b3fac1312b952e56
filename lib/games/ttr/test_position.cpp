// The position reader (docs/position-format.md): every state of play reads back to itself; the unreachable are refused.
#include <doctest/doctest.h>

#include <bit>
#include <functional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "game_tests.hpp"
#include "games/ttr/position.hpp"
#include "games/ttr/state.hpp"
#include "games/ttr/test_helpers.hpp"
#include "games/ttr/ttr.hpp"

using namespace nuraghe::ttr;
using namespace nuraghe::ttr::test;

TEST_CASE("positions: every state of random games reads back to itself; unreachable positions are refused") {
  nuraghe::Rng rng(8);
  int checked = 0, last_round_ends = 0, safeguard_ends = 0;
  // The default cars, then few (1 to 12): the last round starts early, at the very first turn when
  // the cars start at 2 or fewer, so its countdown's states are read back too. The last 2 games
  // claim and build nothing while another move is legal, to the safeguard's end.
  for (int game = 0; game < 18; ++game) {
    const int players = 2 + game % 4;
    const bool idle = game >= 16;
    State::Options options;
    options.cars = game < 8 || idle ? 0 : std::array{1, 2, 3, 4, 6, 8, 10, 12}[std::size_t(game - 8)];
    State s = State::setup(sardinia(), players, options, std::uint64_t(500 + game));
    MoveList moves;
    while (s.to_move() != nuraghe::kTerminal) {
      const State back = read_position(position(s, -1));
      CHECK(back == s);
      ++checked;
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      s.legal_moves(moves);
      std::vector<nuraghe::Move> choice;
      for (const nuraghe::Move m : moves)
        if (!idle || (kind_of(m) != MoveKind::Claim && kind_of(m) != MoveKind::Station)) choice.push_back(m);
      if (choice.empty()) choice.push_back(moves[0]);
      s.apply(choice[rng.below(std::uint32_t(choice.size()))]);
    }
    CHECK(read_position(position(s, -1)) == s);
    last_round_ends += s.last_round == 0;
    safeguard_ends += s.idle_turns >= kIdleRoundsLimit * players;
  }
  MESSAGE(checked << " positions read back; " << last_round_ends << " games ended by the last round, " << safeguard_ends
                  << " by the safeguard");
  CHECK(last_round_ends > 0);
  CHECK(safeguard_ends > 0);

  State s = playing(3, 4);
  s.routes[1].add(route_id("nuoro", "dorgali")), s.cars[1] = std::uint8_t(s.cars[1] - 2);
  const nuraghe::Json good = position(s, -1);
  CHECK(read_position(good) == s);
  const auto refused_from = [](const nuraghe::Json& base, auto change, const std::string& fragment) {
    nuraghe::Json j = base;
    change(j);
    try {
      read_position(j);
      FAIL("accepted: " << fragment);
    } catch (const nuraghe::InputError& e) {
      const std::string message = e.what();
      CAPTURE(message);
      CHECK(message.find(fragment) != std::string::npos);
      CHECK(message.find('\n') == std::string::npos);
    }
  };
  const auto refused = [&](auto change, const std::string& fragment) { refused_from(good, change, fragment); };
  refused([](nuraghe::Json& j) { j["seats"][1]["cars"] = 45; }, "seats[1].cars must be 43");
  refused([](nuraghe::Json& j) { j["seats"][2]["routes"].push_back("nuoro~dorgali"); }, "is claimed twice");
  refused([](nuraghe::Json& j) { j["seats"][2]["routes"].push_back("nuoro~dorgali#2"); },
          "with 2 or 3 players only one is used");
  refused([](nuraghe::Json& j) { j["seats"][0]["cards"]["red"] = 13; }, "red cards in all, not 12");
  refused([](nuraghe::Json& j) { j["seats"][0]["cards"]["purple"] = 1; }, "\"purple\" is not a train card");
  refused([](nuraghe::Json& j) { j["seats"][0]["offered"].push_back(j["ticket_deck"][0]); }, "elsewhere too");
  refused([](nuraghe::Json& j) { j["seats"][0]["routes"].push_back("roma~napoli"); }, "is not a route of the map");
  refused([](nuraghe::Json& j) { j["phase"] = "bidding"; }, "\"bidding\" is not a phase");
  refused([](nuraghe::Json& j) { j["first_draw"] = "materials"; }, "first_draw must be \"none\"");
  refused([](nuraghe::Json& j) { j["seats"][0]["stations"] = {"sassari", "sassari"}; }, "has a station already");
  refused([](nuraghe::Json& j) { j["map"] = "corsica"; }, "must be \"sardinia\" or a whole map object");
  refused([](nuraghe::Json& j) { j["seats"][0]["seen"]["loco"] = 9; }, "counts more cards than the hand holds");

  // What play implies. A hand holds at most 8 Materials cards: with 8, a draw discards one first.
  refused(
      [](nuraghe::Json& j) {
        j["seats"][0]["materials"] = {{"wood", 5}, {"tunnel", 4}};
      },
      "seats[0].materials holds 9 cards: at most 8");
  // A long ticket is dealt to each seat at setup, one, and the deck holds none.
  std::uint64_t held = 0;
  for (int p = 0; p < 3; ++p) held |= s.tickets[std::size_t(p)];
  int box_long = -1;
  for (int t = 0; t < sardinia().num_tickets && box_long < 0; ++t)
    if (sardinia().tickets[std::size_t(t)].long_route && !(held >> t & 1)) box_long = t;
  REQUIRE(box_long >= 0);
  refused([&](nuraghe::Json& j) { j["seats"][2]["tickets"].push_back(box_long); }, "seats[2] holds 2 long tickets");
  // The setup keep: every seat at once, before any turn ended.
  const nuraghe::Json setup = position(State::setup(sardinia(), 3, {}, 4), -1);
  CHECK(read_position(setup) == State::setup(sardinia(), 3, {}, 4));
  refused_from(
      setup, [](nuraghe::Json& j) { j["turn"] = 1; }, "turn must be 0 during keep-setup-tickets");
  refused_from(
      setup, [](nuraghe::Json& j) { j["idle_turns"] = 1; }, "idle_turns must be 0 during keep-setup-tickets");
  refused_from(
      setup, [](nuraghe::Json& j) { j["last_round"] = 3; }, "last_round must be -1 during keep-setup-tickets");
  // The end (State::end_turn): 10 rounds without a claim or a station, or the last round played
  // out (last_round 0), and the game is over; over for no such reason is no game's end.
  refused([](nuraghe::Json& j) { j["idle_turns"] = 30; }, "idle_turns is 30: the game is over");
  refused([](nuraghe::Json& j) { j["last_round"] = 0; }, "last_round is 0: the game is over");
  refused([](nuraghe::Json& j) { j["phase"] = "over", j["idle_turns"] = 29; }, "phase is over, but");
  // The seat that started the last round ended that turn with 2 cars or fewer, and keeps them; a
  // claim that leaves 2 or fewer starts it. With 3 players, last_round 2 at seat 0's turn: seat 1
  // started it, one turn ago.
  refused([](nuraghe::Json& j) { j["last_round"] = 2; },
          "last_round is 2: seats[1] ended the turn that started the last round with 2 cars or fewer, not 43");
  nuraghe::Json few = good;  // 4 cars each: seat 1 has 2 left after its claim
  few["options"]["cars"] = 4, few["seats"][0]["cars"] = 4, few["seats"][1]["cars"] = 2, few["seats"][2]["cars"] = 4;
  refused_from(
      few, [](nuraghe::Json&) {}, "seats[1].cars is 2 after a claim");
  few["last_round"] = 2;
  CHECK(read_position(few).last_round == 2);
  few["idle_turns"] = 1;  // (the claim ended its turn with 0; seat 2's turn added 1)
  CHECK(read_position(few).idle_turns == 1);
  refused_from(
      few, [](nuraghe::Json& j) { j["idle_turns"] = 2; }, "idle_turns must be at most 1");
  few["phase"] = "over", few["last_round"] = 0;  // three turns on: over, seat 1's turn again
  few["turn"] = 2, few["idle_turns"] = 3;
  CHECK(read_position(few).phase == Phase::Over);
  refused_from(
      few, [](nuraghe::Json& j) { j["turn"] = 0; }, "last_round is 0: seats[2] ended the turn");
}

namespace {
// The reader refuses `j` in one line holding `fragment`.
void check_refused(const nuraghe::Json& j, const std::string& fragment) {
  try {
    read_position(j);
    FAIL("accepted: " << fragment);
  } catch (const nuraghe::InputError& e) {
    const std::string message = e.what();
    CAPTURE(message);
    CHECK(message.find(fragment) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}
// Moves the ticket on top of the deck to seat p's list `field`.
void deal_from_deck(nuraghe::Json& j, int p, const char* field) {
  j["seats"][std::size_t(p)][field].push_back(j["ticket_deck"].back());
  j["ticket_deck"].erase(j["ticket_deck"].size() - 1);
}
// The ids of a mask's tickets that are long (or regular).
std::vector<int> tickets_of(std::uint64_t mask, bool long_route) {
  std::vector<int> out;
  for (; mask; mask &= mask - 1)
    if (sardinia().tickets[std::size_t(std::countr_zero(mask))].long_route == long_route)
      out.push_back(std::countr_zero(mask));
  return out;
}
// A long ticket that no seat holds or is offered: one of the box.
int boxed_long(const State& s) {
  std::uint64_t dealt = 0;
  for (int p = 0; p < s.players; ++p) dealt |= s.tickets[std::size_t(p)] | s.offered[std::size_t(p)];
  for (int t = 0; t < s.board().num_tickets; ++t)
    if (s.board().tickets[std::size_t(t)].long_route && !(dealt >> t & 1)) return t;
  FAIL("no long ticket in the box");
  return -1;
}
}  // namespace

TEST_CASE("positions: the tickets offered are those play deals") {
  // At the setup keep each seat is offered what the setup deals it: 1 long and 3 regular tickets.
  // More would not fit the keep moves' masks (13 offered: 8191 keep moves, past the list's 4096;
  // 5 or more: texts past `keep 1+2+3+4`; 9 or more: past the heuristic's arrays).
  const State setup = State::setup(sardinia(), 3, {}, 4);
  const nuraghe::Json start = position(setup, -1);
  REQUIRE(read_position(start) == setup);
  const std::string deals = "the setup deals each seat " + std::to_string(kSetupLong + kSetupRegular) + ": " +
                            std::to_string(kSetupLong) + " long and " + std::to_string(kSetupRegular) + " regular";
  for (const int n : {5, 9, 13}) {
    nuraghe::Json j = start;
    while (int(j["seats"][0]["offered"].size()) < n) deal_from_deck(j, 0, "offered");
    check_refused(j, "seats[0].offered holds " + std::to_string(n) + " tickets, 1 of them long: " + deals);
  }
  nuraghe::Json one = start;  // a seat offered 1 ticket would have no legal keep
  one["seats"][1]["offered"] = tickets_of(setup.offered[1], true);
  check_refused(one, "seats[1].offered holds 1 tickets, 1 of them long: " + deals);
  nuraghe::Json no_long = start;  // its long ticket swapped for a regular one of the deck
  no_long["seats"][2]["offered"] = tickets_of(setup.offered[2], false);
  deal_from_deck(no_long, 2, "offered");
  check_refused(no_long, "seats[2].offered holds 4 tickets, 0 of them long: " + deals);

  // After `draw tickets`: 3 regular tickets, fewer only when the deck held fewer.
  State drew = playing(3, 4);
  drew.draw_tickets();
  const nuraghe::Json after = position(drew, -1);
  REQUIRE(read_position(after) == drew);
  REQUIRE(drew.ticket_size > 0);
  for (const int n : {4, 5, 9, 13}) {
    nuraghe::Json j = after;
    while (int(j["seats"][0]["offered"].size()) < n) deal_from_deck(j, 0, "offered");
    check_refused(
        j, "seats[0].offered holds " + std::to_string(n) + " tickets: a draw offers " + std::to_string(kTicketDraw));
  }
  nuraghe::Json two = after;  // one of the three to the box, with tickets left in the deck
  two["seats"][0]["offered"].erase(0);
  check_refused(two, "seats[0].offered holds 2 tickets: a draw offers " + std::to_string(kTicketDraw) +
                         ", fewer only when the deck held fewer, and " + std::to_string(drew.ticket_size) +
                         " are left in it");
  nuraghe::Json long_one = after;  // its long ticket among those drawn: the deck holds none
  long_one["seats"][0]["offered"][0] = tickets_of(drew.tickets[0], true)[0];
  long_one["seats"][0]["tickets"] = tickets_of(drew.tickets[0], false);
  check_refused(long_one, "a long ticket: a draw offers regular tickets only");
  // The deck held 2: both are offered, and the deck is empty.
  State short_deck = playing(3, 4);
  for (int i = 2; i < short_deck.ticket_size; ++i) short_deck.ticket_deck[std::size_t(i)] = 0;  // (to the box)
  short_deck.ticket_size = 2;
  short_deck.draw_tickets();
  CHECK(std::popcount(short_deck.offered[0]) == 2);
  CHECK(read_position(position(short_deck, -1)) == short_deck);
}

TEST_CASE("positions: setup_kept fits the phase and the tickets held") {
  // Before the setup keep nothing is kept or put back; after it, each seat kept 2 to 4 of its
  // tickets and holds them still (a keep of all 4 holds the long one).
  const State setup = State::setup(sardinia(), 3, {}, 4);
  const nuraghe::Json start = position(setup, -1);
  nuraghe::Json j = start;
  j["seats"][1]["setup_kept"] = 2;
  check_refused(j, "seats[1].setup_kept must be 0 during keep-setup-tickets");
  j = start;
  deal_from_deck(j, 1, "tickets");
  check_refused(j, "seats[1].tickets must be empty during keep-setup-tickets");
  j = start;
  j["seats"][1]["placed"] = nuraghe::Json::array({boxed_long(setup)});
  check_refused(j, "seats[1].placed must be empty during keep-setup-tickets");

  State s = playing(3, 4);  // every seat kept its 4
  const nuraghe::Json good = position(s, -1);
  REQUIRE(read_position(good) == s);
  for (const int kept : {0, 1}) {
    j = good;
    j["seats"][2]["setup_kept"] = kept;
    check_refused(j, "seats[2].setup_kept is " + std::to_string(kept) + ": the setup keep keeps 2 to 4");
  }
  j = good;  // 4 kept and none held: determinize read past its ticket array
  j["seats"][1]["tickets"] = nuraghe::Json::array();
  check_refused(j, "seats[1].setup_kept is 4, more than the 0 tickets it holds");
  j = good;  // 4 kept, the long one among them
  j["seats"][1]["tickets"] = tickets_of(s.tickets[1], false);
  deal_from_deck(j, 1, "tickets");
  check_refused(j, "seats[1].setup_kept is 4, so it kept its long ticket, but it holds none");
  // A ticket put back under the deck was drawn after the setup keep: with 4 kept of 4 held, none is.
  j = good;
  const nuraghe::Json drawn = j["seats"][1]["tickets"][3];
  j["seats"][0]["placed"] = nuraghe::Json::array({drawn});
  check_refused(j, "seats[1] holds 1 tickets put back by a seat, drawn after the setup keep, but only 0 were drawn");
  // A long ticket put back went to the box at the setup keep and is never drawn again.
  j = good;
  j["seats"][0]["placed"] = nuraghe::Json::array({tickets_of(s.tickets[1], true)[0]});
  j["seats"][1]["tickets"].push_back(j["ticket_deck"].back());  // (one drawn after the keep)
  j["ticket_deck"].erase(j["ticket_deck"].size() - 1);
  check_refused(j, "is a long ticket put back at the setup keep: it is in the box, not held");
}

TEST_CASE("positions: every determinization of random games' states reads back to itself") {
  // The reader's ticket invariants hold in every state of a seat's information set too, as the
  // fuzz harnesses ask (tests/fuzz/fuzz_common.hpp: a determinization round-trips).
  nuraghe::Rng rng(21);
  int checked = 0;
  for (int game = 0; game < 8; ++game) {
    const int players = 2 + game % 4;
    State s = State::setup(sardinia(), players, {}, std::uint64_t(900 + game));
    MoveList moves;
    for (int step = 0; s.to_move() != nuraghe::kTerminal; ++step) {
      if (step % 7 == 0)
        for (int p = 0; p < players; ++p) {
          const State d = s.determinize(p, rng);
          CHECK(read_position(position(d, -1)) == d);
          ++checked;
        }
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      s.legal_moves(moves);
      // Tickets drawn often, so that tickets put back are drawn again.
      nuraghe::Move chosen = moves[rng.below(std::uint32_t(moves.size()))];
      for (const nuraghe::Move m : moves)
        if (kind_of(m) == MoveKind::DrawTickets && rng.below(3) == 0) chosen = m;
      s.apply(chosen);
    }
  }
  MESSAGE(checked << " determinizations read back");
  CHECK(checked > 100);
}

TEST_CASE("positions: card totals are counted without wrapping; a wrong card kind names every kind") {
  // 256 cards more of one kind than the game has once wrapped to the right total in 8 bits: a
  // search then overflowed determinize's 110-card pool.
  const State s = playing(3, 4);
  const nuraghe::Json good = position(s, -1);
  for (const std::string kind : {"red", "loco"}) {
    nuraghe::Json j = good;
    const auto add = [&](nuraghe::Json& counts, int n) { counts[kind] = counts.value(kind, 0) + n; };
    add(j["seats"][0]["cards"], 100);
    add(j["seats"][1]["cards"], 100);
    add(j["train_discards"], 56);
    const int all = kind == "loco" ? kLocomotives : kCardsPerColour;
    check_refused(j, "has " + std::to_string(all + 256) + " " + kind + " cards in all, not " + std::to_string(all));
  }
  // A card kind that is none lists them all, the locomotive too.
  nuraghe::Json j = good;
  j["seats"][0]["cards"]["purple"] = 1;
  check_refused(j, "\"purple\" is not a train card (pink, white, blue, yellow, orange, black, red, green or loco)");
  j = good;
  j["face_up"][0] = "locomotive";
  check_refused(
      j,
      "face_up[0] \"locomotive\" is not a train card (pink, white, blue, yellow, orange, black, red, green or loco)");
}

// Every check of read_position and its helpers, in the order of the code, refuses here one position
// that only it refuses, and its message is pinned whole. A message may change only to say more, and
// then here with it. The checks that JsonIn makes for every field alike (a type, a range, a list's
// length) have a case or two.
TEST_CASE("positions: every refusal of the reader, message by message") {
  using nuraghe::Json;
  using nuraghe::testing::check_refusals;
  using nuraghe::testing::Refused;
  // In play, 3 players: each kept its 4 tickets; seat 1 claimed nuoro~dorgali (2 cars); seat 0 to move.
  State s = playing(3, 4);
  s.routes[1].add(route_id("nuoro", "dorgali")), s.cars[1] = std::uint8_t(s.cars[1] - 2);
  const Json good = position(s, -1);
  REQUIRE(read_position(good) == s);
  // The setup keep, every seat offered 1 long and 3 regular tickets.
  const State dealt = State::setup(sardinia(), 3, {}, 4);
  const Json setup = position(dealt, -1);
  REQUIRE(read_position(setup) == dealt);
  // Seat 0 drew tickets: 3 regular ones offered, 26 left in the deck.
  State drew = playing(3, 4);
  drew.draw_tickets();
  const Json keeping = position(drew, -1);
  REQUIRE(read_position(keeping) == drew);
  REQUIRE(drew.ticket_size == 26);
  // And a game some random decisions on.
  nuraghe::Rng rng(31);
  const State later = nuraghe::testing::after_random_moves<nuraghe::Ttr>(State::setup(sardinia(), 3, {}, 9), rng, 30);
  const Json played = position(later, -1);
  REQUIRE(read_position(played) == later);

  const int box_long = boxed_long(s);                          // a long ticket in the box
  const int long1 = tickets_of(s.tickets[1], true)[0];         // seat 1's long ticket
  const int drew_long = tickets_of(drew.tickets[0], true)[0];  // the drawing seat's long ticket
  const std::vector<int> drew_regular = tickets_of(drew.tickets[0], false);
  // 4 cars each: seat 1 has 2 left after its claim.
  const auto few_cars = [](Json& j) {
    j["options"]["cars"] = 4, j["seats"][0]["cars"] = 4, j["seats"][1]["cars"] = 2, j["seats"][2]["cars"] = 4;
  };

  const std::vector<Refused> cases = {
      // ---- the frame
      {"a field of no position", &good, [](Json& j) { j["extra"] = 1; },
       "ttr position: has an unknown field \"extra\""},
      {"a view's seat is no field of a position", &played, [](Json& j) { j["seat"] = 0; },
       "ttr position: has an unknown field \"seat\""},
      {"game", &played, [](Json& j) { j["game"] = "bardagi"; }, "ttr position: game is not \"ttr\""},
      {"map: the built-in map's name", &good, [](Json& j) { j["map"] = "corsica"; },
       "ttr position: map must be \"sardinia\" or a whole map object, not \"corsica\" (--map FILE reads a map file)"},
      {"map: an object", &good, [](Json& j) { j["map"] = 5; }, "ttr position: map must be a JSON object, not a number"},
      {"map: a map object, read as a map", &good, [](Json& j) { j["map"] = Json::object(); },
       "ttr position: map: missing field \"name\""},
      {"players (JsonIn's integer range)", &good, [](Json& j) { j["players"] = 6; },
       "ttr position: players must be an integer in [2, 5], not 6"},
      {"options' fields", &good, [](Json& j) { j["options"]["tunnels"] = true; },
       "ttr position: options has an unknown field \"tunnels\""},
      {"options: true or false (JsonIn's booleans)", &good, [](Json& j) { j["options"]["stations"] = 1; },
       "ttr position: options.stations must be true or false, not 1"},
      {"options: the cars", &good, [](Json& j) { j["options"]["cars"] = 100; },
       "ttr position: options.cars must be an integer in [1, 99], not 100"},
      {"phase", &good, [](Json& j) { j["phase"] = "bidding"; },
       "ttr position: phase \"bidding\" is not a phase (keep-setup-tickets, turn, second-draw, keep-tickets or over)"},
      {"turn", &good, [](Json& j) { j["turn"] = 3; }, "ttr position: turn must be an integer in [0, 2], not 3"},
      {"first_draw", &good, [](Json& j) { j["first_draw"] = "loco"; },
       "ttr position: first_draw \"loco\" is not a first draw (none, train-card, face-up-locomotive or materials)"},
      // docs/rules-ttr.md, Rulings: "Two draws a turn".
      {"first_draw: only before a second draw", &good, [](Json& j) { j["first_draw"] = "materials"; },
       "ttr position: first_draw must be \"none\" exactly when the phase is not second-draw"},
      {"last_round", &good, [](Json& j) { j["last_round"] = 4; },
       "ttr position: last_round must be an integer in [-1, 3], not 4"},
      // docs/rules-ttr.md, Rulings: "The termination safeguard".
      {"idle_turns", &good, [](Json& j) { j["idle_turns"] = 31; },
       "ttr position: idle_turns must be an integer in [0, 30], not 31"},
      // docs/rules-ttr.md, "The setup keep is one simultaneous node".
      {"turn: 0 at the setup keep", &setup, [](Json& j) { j["turn"] = 1; },
       "ttr position: turn must be 0 during keep-setup-tickets, where every seat moves at once"},
      {"idle_turns: 0 at the setup keep", &setup, [](Json& j) { j["idle_turns"] = 1; },
       "ttr position: idle_turns must be 0 during keep-setup-tickets: no turn has ended"},
      {"last_round: -1 at the setup keep", &setup, [](Json& j) { j["last_round"] = 3; },
       "ttr position: last_round must be -1 during keep-setup-tickets: no turn has ended"},
      {"rng (JsonIn's 64 bits)", &good, [](Json& j) { j["rng"] = -1; },
       "ttr position: rng must be an integer in [0, 2^64 - 1], not -1"},

      // ---- the decks
      {"face_up: five", &good, [](Json& j) { j["face_up"].erase(0); },
       "ttr position: face_up must have 5 entries, not 4"},
      {"a train card", &good, [](Json& j) { j["face_up"][0] = "locomotive"; },
       "ttr position: face_up[0] \"locomotive\" is not a train card (pink, white, blue, yellow, orange, black, red, "
       "green or loco)"},
      // (Since JsonIn::some_counts read it, a count's kind comes with its object's path; it had none.)
      {"cards: a kind's name", &good, [](Json& j) { j["train_discards"]["purple"] = 1; },
       "ttr position: train_discards \"purple\" is not a train card (pink, white, blue, yellow, orange, black, red, "
       "green or loco)"},
      {"cards: a kind's count", &good, [](Json& j) { j["train_discards"]["red"] = 111; },
       "ttr position: train_discards.red must be an integer in [0, 110], not 111"},
      {"materials: a kind's name", &good, [](Json& j) { j["materials_discards"]["iron"] = 1; },
       "ttr position: materials_discards \"iron\" is not a Materials card (wood, rails, stones, railway or tunnel)"},
      {"materials: a kind's count", &good, [](Json& j) { j["materials_discards"]["wood"] = 55; },
       "ttr position: materials_discards.wood must be an integer in [0, 54], not 55"},
      {"train_deck: train cards", &good, [](Json& j) { j["train_deck"][0] = "grey"; },
       "ttr position: train_deck[0] \"grey\" is not a train card (pink, white, blue, yellow, orange, black, red, "
       "green or loco)"},
      {"materials_deck: Materials cards", &good, [](Json& j) { j["materials_deck"][0] = "iron"; },
       "ttr position: materials_deck[0] \"iron\" is not a Materials card (wood, rails, stones, railway or tunnel)"},
      {"ticket_deck: the map's tickets", &good, [](Json& j) { j["ticket_deck"][0] = 50; },
       "ttr position: ticket_deck[0] must be an integer in [0, 49], not 50"},
      {"ticket_deck: each ticket once", &good,
       [](Json& j) {
         j["ticket_deck"] = {12, 12};
       },
       "ttr position: ticket_deck[1] names ticket 12 twice"},
      {"ticket_deck: regular tickets", &good, [](Json& j) { j["ticket_deck"] = {0}; },
       "ttr position: ticket_deck[0] is a long ticket: the deck holds only regular ones"},

      // ---- the seats
      {"seats: one a player", &good, [](Json& j) { j["seats"].erase(2); },
       "ttr position: seats must have 3 entries, not 2"},
      {"a seat's fields (a view's known_tickets too)", &good, [](Json& j) { j["seats"][0]["known_tickets"] = 0; },
       "ttr position: seats[0] has an unknown field \"known_tickets\""},
      {"routes: the map's", &good, [](Json& j) { j["seats"][0]["routes"].push_back("roma~napoli"); },
       "ttr position: seats[0].routes[0] \"roma~napoli\" is not a route of the map (city~city, #2 for a double's "
       "second)"},
      {"routes: claimed once", &good, [](Json& j) { j["seats"][2]["routes"].push_back("nuoro~dorgali"); },
       "ttr position: seats[2].routes[0] is claimed twice"},
      // docs/rules-ttr.md, Rulings: "Double routes".
      {"routes: a double's two not one player's", &good,
       [](Json& j) { j["seats"][1]["routes"].push_back("nuoro~dorgali#2"); },
       "ttr position: seats[1].routes[1] and its double's other route belong to one player"},
      {"routes: a double's one with 2 or 3 players", &good,
       [](Json& j) { j["seats"][2]["routes"].push_back("nuoro~dorgali#2"); },
       "ttr position: seats[2].routes[0] is the other route of a claimed double: with 2 or 3 players only one is "
       "used"},
      {"cars: at most the starting cars", &good, [](Json& j) { j["seats"][0]["cars"] = 46; },
       "ttr position: seats[0].cars must be an integer in [0, 45], not 46"},
      {"cars: the starting cars less the routes'", &good, [](Json& j) { j["seats"][1]["cars"] = 45; },
       "ttr position: seats[1].cars must be 43: 45 less the 2 of the routes claimed"},
      {"stations: the map's cities", &good, [](Json& j) { j["seats"][0]["stations"] = {"roma"}; },
       "ttr position: seats[0].stations[0] \"roma\" is not a city of the map"},
      // docs/rules-ttr.md, Rulings: "Stations".
      {"stations: one a city", &good,
       [](Json& j) {
         j["seats"][0]["stations"] = {"sassari", "sassari"};
       },
       "ttr position: seats[0].stations[1] has a station already"},
      {"stations: with the option", &good,
       [](Json& j) { j["options"]["stations"] = false, j["seats"][0]["stations"] = {"sassari"}; },
       "ttr position: seats[0].stations[0] is a station in a game without stations"},
      {"seen: cards of the hand", &good, [](Json& j) { j["seats"][0]["seen"]["loco"] = 9; },
       "ttr position: seats[0].seen counts more cards than the hand holds"},
      {"materials: 8 a hand", &good,
       [](Json& j) {
         j["seats"][0]["materials"] = {{"wood", 5}, {"tunnel", 4}};
       },
       "ttr position: seats[0].materials holds 9 cards: at most 8 (with 8, a draw discards one first)"},
      {"setup_kept: at most the tickets dealt", &good, [](Json& j) { j["seats"][0]["setup_kept"] = 5; },
       "ttr position: seats[0].setup_kept must be an integer in [0, 4], not 5"},
      {"tickets: each once", &good,
       [](Json& j) {
         j["seats"][0]["tickets"] = {12, 12};
       },
       "ttr position: seats[0].tickets[1] names ticket 12 twice"},
      {"tickets: in one place", &good, [](Json& j) { j["seats"][0]["offered"].push_back(j["ticket_deck"][0]); },
       "ttr position: seats[0] holds a ticket that is elsewhere too"},
      {"tickets: one long ticket a seat", &good, [&](Json& j) { j["seats"][2]["tickets"].push_back(box_long); },
       "ttr position: seats[2] holds 2 long tickets (tickets and offered): each seat is dealt one, at setup"},
      {"placed: the map's tickets", &good, [](Json& j) { j["seats"][0]["placed"] = {50}; },
       "ttr position: seats[0].placed[0] must be an integer in [0, 49], not 50"},
      {"placed: by one seat", &good,
       [](Json& j) {
         j["seats"][0]["placed"] = Json::array({j["ticket_deck"][0]});
         j["seats"][1]["placed"] = Json::array({j["ticket_deck"][0]});
       },
       "ttr position: seats[1].placed[0] is placed by two players"},

      // ---- every card in one place
      {"train cards: 12 a colour, 14 locomotives", &good,
       [](Json& j) { j["seats"][0]["cards"]["red"] = j["seats"][0]["cards"].value("red", 0) + 1; },
       "ttr position: has 13 red cards in all, not 12"},
      // docs/rules-ttr.md, "An empty face-up slot is refilled as soon as it can be".
      {"face_up: refilled while cards are left", &good,
       [](Json& j) {
         const std::string kind = j["face_up"][0];
         j["train_discards"][kind] = j["train_discards"].value(kind, 0) + 1;
         j["face_up"][0] = nullptr;
       },
       "ttr position: face_up[0] is empty while train cards are left to draw"},
      {"Materials cards: the kind's", &good,
       [](Json& j) { j["seats"][0]["materials"]["wood"] = j["seats"][0]["materials"].value("wood", 0) + 1; },
       "ttr position: has 13 wood cards in all, not 12"},

      // ---- the tickets as play deals and keeps them (docs/rules-ttr.md, "Tickets offered")
      {"offered: while keeping", &setup, [](Json& j) { j["seats"][1]["offered"] = Json::array(); },
       "ttr position: seats[1].offered must hold the tickets to keep"},
      {"offered: only while keeping", &good, [](Json& j) { deal_from_deck(j, 1, "offered"); },
       "ttr position: seats[1].offered must be empty in this phase"},
      {"offered: the setup's deal", &setup, [](Json& j) { deal_from_deck(j, 0, "offered"); },
       "ttr position: seats[0].offered holds 5 tickets, 1 of them long: the setup deals each seat 4: 1 long and 3 "
       "regular"},
      {"setup_kept: 0 at the setup keep", &setup, [](Json& j) { j["seats"][1]["setup_kept"] = 2; },
       "ttr position: seats[1].setup_kept must be 0 during keep-setup-tickets: no seat has kept its tickets yet"},
      {"tickets: none at the setup keep", &setup, [](Json& j) { deal_from_deck(j, 1, "tickets"); },
       "ttr position: seats[1].tickets must be empty during keep-setup-tickets: no seat has kept its tickets yet"},
      {"placed: none at the setup keep", &setup,
       [](Json& j) { j["seats"][1]["placed"] = Json::array({j["ticket_deck"][0]}); },
       "ttr position: seats[1].placed must be empty during keep-setup-tickets: no seat has put a ticket back yet"},
      {"offered: a draw's 3", &keeping, [](Json& j) { deal_from_deck(j, 0, "offered"); },
       "ttr position: seats[0].offered holds 4 tickets: a draw offers 3, fewer only when the deck held fewer, and 25 "
       "are left in it"},
      {"offered: a draw's regular tickets", &keeping,
       [&](Json& j) { j["seats"][0]["offered"][0] = drew_long, j["seats"][0]["tickets"] = drew_regular; },
       "ttr position: seats[0].offered holds " + std::to_string(drew_long) +
           ", a long ticket: a draw offers regular tickets only"},
      // docs/rules-ttr.md, Rulings: "Keeping and completing tickets".
      {"setup_kept: 2 at least", &good, [](Json& j) { j["seats"][2]["setup_kept"] = 1; },
       "ttr position: seats[2].setup_kept is 1: the setup keep keeps 2 to 4 of the tickets dealt"},
      {"setup_kept: held to the end", &good, [](Json& j) { j["seats"][1]["tickets"] = Json::array(); },
       "ttr position: seats[1].setup_kept is 4, more than the 0 tickets it holds: the tickets kept are held to the "
       "end"},
      {"setup_kept: 4 kept the long ticket", &good,
       [](Json& j) {
         j["seats"][1]["tickets"].erase(0);  // its long ticket, the lowest id
         deal_from_deck(j, 1, "tickets");
       },
       "ttr position: seats[1].setup_kept is 4, so it kept its long ticket, but it holds none"},
      {"tickets put back: drawn after the setup keep", &good,
       [](Json& j) { j["seats"][0]["placed"] = Json::array({j["seats"][1]["tickets"][3]}); },
       "ttr position: seats[1] holds 1 tickets put back by a seat, drawn after the setup keep, but only 0 were drawn "
       "after it (tickets less setup_kept)"},
      {"a long ticket put back: in the box", &good,
       [&](Json& j) {
         j["seats"][0]["placed"] = Json::array({long1});
         deal_from_deck(j, 1, "tickets");
       },
       "ttr position: seats[0].placed[0] is a long ticket put back at the setup keep: it is in the box, not held or "
       "offered"},

      // ---- the end (docs/rules-ttr.md, Rulings: "The termination safeguard")
      {"idle_turns: the safeguard's end", &good, [](Json& j) { j["idle_turns"] = 30; },
       "ttr position: idle_turns is 30: the game is over after 10 rounds without a claim or a station, so the phase "
       "must be over"},
      {"last_round: played out", &good, [](Json& j) { j["last_round"] = 0; },
       "ttr position: last_round is 0: the game is over once the last round is played out, so the phase must be "
       "over"},
      {"phase: over for a reason", &good, [](Json& j) { j["phase"] = "over"; },
       "ttr position: phase is over, but last_round is not 0 (the last round played out) and idle_turns is not 30 "
       "(10 rounds without a claim or a station)"},
      {"last_round: started with 2 cars or fewer", &good, [](Json& j) { j["last_round"] = 2; },
       "ttr position: last_round is 2: seats[1] ended the turn that started the last round with 2 cars or fewer, "
       "not 43"},
      {"idle_turns: since the claim that started the last round", &good,
       [&](Json& j) { few_cars(j), j["last_round"] = 2, j["idle_turns"] = 2; },
       "ttr position: idle_turns must be at most 1: the last round started 1 turns ago, with a claim"},
      {"idle_turns: or since the first turn, with 2 cars", &good,
       [](Json& j) {
         j["options"]["cars"] = 2, j["seats"][0]["cars"] = 2, j["seats"][1]["cars"] = 0, j["seats"][2]["cars"] = 2;
         j["last_round"] = 2, j["idle_turns"] = 3;
       },
       "ttr position: idle_turns must be at most 2: the last round started 1 turns ago, with a claim or the first "
       "turn"},
      {"last_round: started by a claim down to 2 cars", &good, [&](Json& j) { few_cars(j); },
       "ttr position: seats[1].cars is 2 after a claim: that turn started the last round, so last_round cannot be "
       "-1"},
  };
  check_refusals(cases, [](const Json& j) { (void)read_position(j); });
}

// The position reader (docs/position-format.md): every state of play reads back to itself; the unreachable are refused.
#include <doctest/doctest.h>

#include <bit>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/ttr/position.hpp"
#include "games/ttr/state.hpp"
#include "games/ttr/test_helpers.hpp"

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

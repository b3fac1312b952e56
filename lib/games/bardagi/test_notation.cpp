// Bardagi's move notation: every legal move's text parses back to it, and the examples of
// notation.hpp parse.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "games/bardagi/notation.hpp"
#include "games/bardagi/test_helpers.hpp"

using namespace nuraghe::bardagi;
using namespace nuraghe::bardagi::test;

namespace {

std::string lower(std::string t) {
  for (char& c : t) c = char(std::tolower(static_cast<unsigned char>(c)));
  return t;
}
std::string upper(std::string t) {
  for (char& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
  return t;
}
// The text with every space doubled and blanks around it: how a hurried player types.
std::string sloppy(const std::string& t) {
  std::string out = " \t";
  for (const char c : t) out += c == ' ' ? std::string("  ") : std::string(1, c);
  return out + "  ";
}

// The message of the InputError a text gets, or "" when it parses.
std::string refusal(const State& s, nuraghe::Player seat, std::string_view text) {
  try {
    (void)parse_move_text(s, seat, text);
  } catch (const nuraghe::InputError& e) {
    return e.what();
  }
  return "";
}

// Every legal move of `seat`: its text is unique here, has no ',' or ';', is lower case (but the
// unit letters of a selection, as notation.hpp writes them), and parses back to it, typed carelessly too.
int check_decision(const State& s, nuraghe::Player seat, std::map<MoveKind, int>& kinds) {
  MoveList moves;
  s.legal_moves(seat, moves);
  std::set<std::string> texts;
  for (const nuraghe::Move m : moves) {
    const std::string t = move_text(s, seat, m);
    CAPTURE(t);
    CHECK(t.find_first_of(",;") == std::string::npos);
    CHECK(t.find("  ") == std::string::npos);
    CHECK(texts.insert(t).second);
    if (kind_of(m) == MoveKind::Select) CHECK(lower(t).rfind("select ", 0) == 0);
    else CHECK(t == lower(t));
    CHECK(parse_move_text(s, seat, t) == m);
    CHECK(parse_move_text(s, seat, sloppy(t)) == m);
    if (upper(t) != t) CHECK(!refusal(s, seat, upper(t)).empty());  // letters in the canonical case only
    ++kinds[kind_of(m)];
  }
  return int(moves.size());
}

int decisions_checked = 0;
long texts_checked = 0;

void play_and_check(int players, bool winter, std::uint64_t seed, nuraghe::Rng& rng, std::map<MoveKind, int>& kinds) {
  State s = start(players, winter, seed);
  play_out(s, rng, [&](const State& t, int) {
    if (t.to_move() == nuraghe::kTerminal) return;
    // At planning every seat's selections, else the seat to move's moves.
    for (int p = 0; p < players; ++p)
      if (t.to_move() == nuraghe::kSimultaneous || t.to_move() == p) texts_checked += check_decision(t, p, kinds);
    ++decisions_checked;
  });
  CHECK(s.phase == Phase::Over);
}

// Seat 0 (red) activating with these cards, the others' selections anything.
State activating(const std::array<int, kUnits>& cards, int players = 2, bool winter = false) {
  State s = start(players, winter, 3);
  nuraghe::JointMove joint{};
  for (int p = 0; p < players; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection(cards));
  s.apply_joint(joint);
  REQUIRE(s.phase == Phase::Activation);
  REQUIRE(s.turn == 0);
  return s;
}
}  // namespace

TEST_CASE("notation: in random games on both sides, every legal move's text is unique and parses back to it") {
  nuraghe::Rng rng(77);
  std::map<MoveKind, int> kinds;
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n)
      for (int g = 0; g < 3; ++g) play_and_check(n, winter, std::uint64_t(500 + 10 * n + g), rng, kinds);
  std::string missing;
  for (int k = 0; k <= int(MoveKind::PlaceRecruit); ++k)
    if (kinds[MoveKind(k)] == 0) missing += " " + std::to_string(k);
  MESSAGE(texts_checked << " move texts parsed back at " << decisions_checked
                        << " decisions; kinds never legal:" << (missing.empty() ? " none" : missing));
  // The kinds random play reaches for certain; the rarer ones are crafted below.
  for (const MoveKind k : {MoveKind::Select, MoveKind::MoveUnit, MoveKind::Overtake, MoveKind::Idle, MoveKind::End,
                           MoveKind::Launch, MoveKind::Toward, MoveKind::Anchor, MoveKind::Strengthen, MoveKind::Shift,
                           MoveKind::Stop, MoveKind::Yield, MoveKind::PlaceRecruit})
    CHECK_MESSAGE(kinds[k] > 0, "kind " << int(k));
}

TEST_CASE(
    "notation: a selection, `select B3 G1 K1 N1`, reads in any order, with zero counts or none; 8 cards from round 5") {
  State s = start(3);
  const nuraghe::Move m = make_move(MoveKind::Select, make_selection({3, 1, 1, 1}));
  CHECK(move_text(s, 0, m) == "select B3 G1 K1 N1");
  for (const nuraghe::Player p : {0, 1, 2}) CHECK(parse_move_text(s, p, "select B3 G1 K1 N1") == m);
  CHECK(parse_move_text(s, 0, "select N1 K1 G1 B3") == m);
  CHECK(parse_move_text(s, 0, "  select   B3 G1 K1   N1 ") == m);
  const nuraghe::Move all_b = make_move(MoveKind::Select, make_selection({6, 0, 0, 0}));
  CHECK(move_text(s, 0, all_b) == "select B6");
  CHECK(parse_move_text(s, 1, "select B6 G0 K0 N0") == all_b);
  CHECK(parse_move_text(s, 1, "select G0 B6") == all_b);
  // Round 5 takes 8 cards.
  s.round = 5;
  CHECK(refusal(s, 0, "select B3 G1 K1 N1").find("8") != std::string::npos);
  CHECK(parse_move_text(s, 0, "select B3 G3 K1 N1") == make_move(MoveKind::Select, make_selection({3, 3, 1, 1})));
}

TEST_CASE("notation: a unit's card, `berserkur move 12`, by index or area id") {
  State s = activating({6, 0, 0, 0});
  const Board& b = s.board();
  REQUIRE(b.area("bog-iron") == 12);
  const nuraghe::Move m = make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, 12);
  if (!legal(s, m)) {  // stand next to it
    const std::uint64_t next = b.neighbours[12] & ~b.homes;
    REQUIRE(next != 0);
    s.unit_area[0][std::size_t(Unit::Berserkur)] = std::uint8_t(std::countr_zero(next));
  }
  REQUIRE(legal(s, m));
  CHECK(move_text(s, 0, m) == "berserkur move 12");
  CHECK(parse_move_text(s, 0, "berserkur move 12") == m);
  CHECK(parse_move_text(s, 0, "berserkur move bog-iron") == m);
  CHECK(!refusal(s, 0, "Berserkur Move bog-iron").empty());  // the words as printed
  CHECK(parse_move_text(s, 0, "berserkur pass") == make_unit_move(MoveKind::Idle, Unit::Berserkur));
  // Not its cards, not its turn.
  CHECK(refusal(s, 0, "godi move 12").find("not a legal move for player 0") != std::string::npos);
  CHECK(refusal(s, 1, "berserkur move 12").find("player 1 has no move now (player 0 is to move)") != std::string::npos);
}

TEST_CASE("notation: a trade session, `kaupmadur trade` then `trade meat 0`, `trade wool 2` and on") {
  State s = activating({0, 0, 6, 0});
  const Board& b = s.board();
  const int town = std::countr_zero(b.of_kind[std::size_t(AreaKind::Town)]);
  s.unit_area[0][std::size_t(Unit::Kaupmadur)] = std::uint8_t(town);
  s.villages[0].storage = {2, 1, 0, 3, 0, 0};
  s.villages[0].gold = 2;
  const nuraghe::Move trade = parse_move_text(s, 0, "kaupmadur trade");
  CHECK(trade == make_move(MoveKind::Trade));
  s.apply(trade);
  const nuraghe::Move meat = parse_move_text(s, 0, "trade meat 0");
  CHECK(meat == make_move(MoveKind::Amount, int(Resource::Meat)));
  CHECK(move_text(s, 0, meat) == "trade meat 0");
  s.apply(meat);
  CHECK(refusal(s, 0, "trade meat 1").find("legal: trade wool 0") != std::string::npos);  // wool comes next
  const nuraghe::Move wool = parse_move_text(s, 0, "trade wool 2");
  s.apply(wool);
  CHECK(s.villages[0].storage[std::size_t(Resource::Wool)] == 2);
  CHECK(refusal(s, 0, "trade hide 6").find("out of range (0-5)") != std::string::npos);
  CHECK(refusal(s, 0, "trade").find("kaupmadur trade") != std::string::npos);
  CHECK(refusal(s, 0, "godi trade").find("only the kaupmadur") != std::string::npos);
}

TEST_CASE("notation: a cast, `cast double 7`, an optional second `cast`, then `stop`") {
  State s = activating({0, 6, 0, 0});
  s.villages[0].runes = {};
  s.villages[0].runes[std::size_t(Rune::Double)] = 1;
  s.villages[0].runes[std::size_t(Rune::Defence)] = 1;
  const nuraghe::Move cast = parse_move_text(s, 0, "cast double 7");
  CHECK(cast == make_move(MoveKind::CastRune, int(Rune::Double) | 7 << 3));
  CHECK(move_text(s, 0, cast) == "cast double 7");
  CHECK(parse_move_text(s, 0, "cast double ram-head") == cast);
  s.apply(cast);
  CHECK(refusal(s, 0, "cast double 9").find("not a legal move") != std::string::npos);  // no Double left
  const nuraghe::Move second = parse_move_text(s, 0, "cast defence 9");
  CHECK(parse_move_text(s, 0, "stop") == make_move(MoveKind::Stop));
  s.apply(second);
  CHECK(s.runes[9] == 1 << int(Rune::Defence));
  CHECK(refusal(s, 0, "cast sunshine 9").find("unknown rune \"sunshine\"") != std::string::npos);
  // A Godi card on the area removes a rune for 2 gold.
  s.unit_area[0][std::size_t(Unit::Godi)] = 9;
  s.villages[0].gold = 2;
  const nuraghe::Move remove = parse_move_text(s, 0, "remove defence");
  CHECK(remove == make_move(MoveKind::RemoveRune, int(Rune::Defence)));
  CHECK(move_text(s, 0, remove) == "remove defence");
}

TEST_CASE("notation: the upgrades, `buy small TILE` and `end`") {
  State s = start(2, false, 13);
  s.phase = Phase::Upgrades;
  s.turn = s.start_player;
  s.villages[0].storage = {0, 0, 0, 4, 2, 3};
  s.villages[0].gold = 5;
  const int small = s.visible[std::size_t(stack_of(Building::Virki, TileSize::Small))][0];
  const int large = s.visible[std::size_t(stack_of(Building::Hof, TileSize::Large))][0];
  const std::string& id = s.tiles().tiles[std::size_t(small)].id;
  const nuraghe::Move m = parse_move_text(s, 0, "buy small " + id);
  CHECK(m == make_move(MoveKind::Buy, small));
  CHECK(move_text(s, 0, m) == "buy small " + id);
  CHECK(parse_move_text(s, 0, "buy large " + s.tiles().tiles[std::size_t(large)].id) ==
        make_move(MoveKind::Buy, large));
  CHECK(refusal(s, 0, "buy large " + id).find("is small, not large") != std::string::npos);
  CHECK(refusal(s, 0, "buy small virki-everything").find("unknown upgrade tile") != std::string::npos);
  CHECK(parse_move_text(s, 0, "end") == make_move(MoveKind::End));
}

TEST_CASE("notation: the claim's choices, and the free actions' spellings") {
  // A claim with a sheep area's yield to choose.
  State s = start(2, false, 5);
  const Board& b = s.board();
  const int sheep = std::countr_zero(b.of_kind[std::size_t(AreaKind::Sheep)] & ~b.homes);
  s.owned[0] |= std::uint64_t(1) << sheep;
  s.disks[std::size_t(sheep)] = 1;
  s.phase = Phase::Claim;
  s.begin_claim(0);
  REQUIRE(s.claim_step == State::ClaimStep::Yields);
  const std::string n = std::to_string(sheep);
  CHECK(parse_move_text(s, 0, "yield " + n + " wool") == make_move(MoveKind::Yield, sheep));
  CHECK(parse_move_text(s, 0, "yield " + n + " meat") == make_move(MoveKind::Yield, sheep | 1 << 6));
  CHECK(refusal(s, 0, "yield " + n + " hide").find("yields meat or wool") != std::string::npos);
  // Then the Kaupmadur's extra at home (any resource or a gold), then hide sold with the tile.
  s.villages[0].upgrades |= 1u << s.tiles().tile("verslun-sell-hide");
  s.villages[0].storage[std::size_t(Resource::Hide)] = 3;
  s.apply(parse_move_text(s, 0, "yield " + n + " meat"));
  REQUIRE(s.claim_step == State::ClaimStep::Extra);
  CHECK(parse_move_text(s, 0, "extra timber") == make_move(MoveKind::Extra, int(Resource::Timber)));
  s.apply(parse_move_text(s, 0, "extra gold"));
  REQUIRE(s.claim_step == State::ClaimStep::Sell);
  const nuraghe::Move sell = parse_move_text(s, 0, "sell 2");
  CHECK(sell == make_move(MoveKind::Sell, 2));
  CHECK(move_text(s, 0, sell) == "sell 2");
  CHECK(refusal(s, 0, "sell 4").find("legal: sell 0 | sell 1 | sell 2 | sell 3)") != std::string::npos);
  CHECK(move_text(s, 0, make_move(MoveKind::Extra, kResources)) == "extra gold");
  CHECK(move_text(s, 0, make_move(MoveKind::Restock, 0)) == "refill none");
  CHECK(move_text(s, 0, make_move(MoveKind::Restock, 5)) == "refill virki+verslun");
  CHECK(move_text(s, 0, make_unit_move(MoveKind::Refill, Unit::Kaupmadur, 3)) == "kaupmadur refill virki+hof");
  CHECK(move_text(s, 0, make_move(MoveKind::Shift, 0 | 7 << 7)) == "shift virki 7");
  CHECK(move_text(s, 0, make_move(MoveKind::Shift, 4 | 7 << 7)) == "shift 3 7");
  CHECK(move_text(s, 0, make_move(MoveKind::Wind, 0)) == "wind");
  CHECK(move_text(s, 0, make_move(MoveKind::Wind, 8)) == "wind 7");
  CHECK(move_text(s, 0, make_unit_move(MoveKind::BuyRunes, Unit::Godi)) == "godi buy-runes");
  CHECK(move_text(s, 0, make_move(MoveKind::RemoveRune, int(Rune::NoResources))) == "remove no-resources");
  CHECK(move_text(s, 0, make_unit_move(MoveKind::Board, Unit::Godi)) == "board godi");
  CHECK(move_text(s, 0, make_move(MoveKind::Home)) == "kaupmadur home");
}

TEST_CASE("notation: bad texts are refused with one line naming the text and what was expected") {
  State s = start(2);
  const auto one_line = [&](nuraghe::Player seat, std::string_view text, std::string_view expected) {
    const std::string why = refusal(s, seat, text);
    CAPTURE(text);
    CAPTURE(why);
    CHECK(why.rfind("bardagi: \"", 0) == 0);
    CHECK(why.find('\n') == std::string::npos);
    CHECK(why.find(expected) != std::string::npos);
  };
  one_line(0, "", "it is empty");
  one_line(0, "  \t ", "it is empty");
  one_line(0, "fly away", "unknown word \"fly\"");
  one_line(0, "select B3 G1 X1 N1", "\"X1\" is not a unit's count");
  one_line(0, "select B7", "out of range (0-6");
  one_line(0, "select B3 B3", "named twice");
  one_line(0, "select B5", "it selects 5 cards (round 1 takes 6)");
  one_line(0, "attack", "\"attack\" is not a legal move for player 0 now (legal: select");
  one_line(0, "berserkur jump", "unknown action \"jump\" of the berserkur");
  one_line(0, "berserkur move 99", "the area index 99 is out of range (0-43)");
  one_line(0, "berserkur move nowhere", "unknown area \"nowhere\"");
  one_line(0, "berserkur move 12 13", "expected `berserkur move AREA`");
  one_line(0, "launch 1", "has no harbour");
  one_line(0, "axes 3", "out of range (0-2)");
  one_line(0, "sell -1", "\"-1\" is not a number");
  one_line(0, "refill virki+virki", "named twice");
  one_line(0, "recruit barn", "unknown building \"barn\" (expected virki, hof or verslun)");
  one_line(0, "berserkur\nmove 12", "\"berserkur move 12\" is not a legal move");
}

TEST_CASE("notation: the tiles' actions, `godi as berserkur move 12` and `free-rune double 7`") {
  State s = activating({0, 2, 2, 2});
  s.villages[0].upgrades = 1u << s.tiles().tile("virki-any-card") | 1u << s.tiles().tile("hof-free-rune");
  s.villages[0].runes = {0, 0, 0, 0, 0, 1};
  const Board& b = s.board();
  const int next = std::countr_zero(b.neighbours[std::size_t(b.home[0])] & ~b.homes);
  const nuraghe::Move move = with_card(make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, next), Unit::Godi);
  const std::string to = std::to_string(next);
  CHECK(move_text(s, 0, move) == "godi as berserkur move " + to);
  CHECK(parse_move_text(s, 0, "godi as berserkur move " + to) == move);
  const nuraghe::Move overtake = with_card(make_unit_move(MoveKind::Overtake, Unit::Berserkur), Unit::Knerrir);
  CHECK(move_text(s, 0, overtake) == "knerrir as berserkur overtake");
  CHECK(move_text(s, 0, with_card(make_move(MoveKind::Attack), Unit::Kaupmadur)) == "kaupmadur as berserkur attack");
  CHECK(move_text(s, 0, with_card(make_unit_move(MoveKind::Refill, Unit::Berserkur, 1), Unit::Godi)) ==
        "godi as berserkur refill virki");
  const nuraghe::Move rune = make_move(MoveKind::CastRune, int(Rune::Double) | 7 << 3 | kFreeRune);
  CHECK(move_text(s, 0, rune) == "free-rune double 7");
  CHECK(parse_move_text(s, 0, "free-rune double 7") == rune);
  // Every legal move of these tiles' kinds parses back (check_decision), and the wrong forms are refused.
  std::map<MoveKind, int> kinds;
  CHECK(check_decision(s, 0, kinds) > 0);
  CHECK(refusal(s, 0, "berserkur as berserkur move " + to).find("expected") != std::string::npos);
  CHECK(refusal(s, 0, "godi as godi move " + to).find("expected") != std::string::npos);
  CHECK(refusal(s, 0, "godi as berserkur trade").find("only the kaupmadur") != std::string::npos);
  CHECK(refusal(s, 0, "free-rune double").find("free-rune RUNE AREA") != std::string::npos);
}

// One rule in every game's notation: whole decimals without a sign or a
// leading zero, letters in the case of the canonical text.
TEST_CASE("notation: numbers without a sign or a leading zero, letters in the case of the canonical text") {
  State s = start(3);
  const nuraghe::Move m = make_move(MoveKind::Select, make_selection({2, 2, 2, 0}));
  CHECK(parse_move_text(s, 0, "select B2 G2 K2") == m);
  for (const std::string_view bad :
       {"select B02 G2 K2", "select B2 G+2 K2", "select B2 G2 K-2", "select b2 g2 k2", "select B2 G2 k2",
        "SELECT B2 G2 K2", "Select B2 G2 K2", "select B2 G2 K2 N00", "select B99999999999999999999 G2 K2"}) {
    CAPTURE(bad);
    CHECK(!refusal(s, 0, bad).empty());
  }
  CHECK(refusal(s, 0, "select B02 G2 K2").find("leading zero") != std::string::npos);
  CHECK(refusal(s, 0, "select b2 g2 k2").find("capital") != std::string::npos);
  CHECK(refusal(s, 0, "SELECT B2 G2 K2").find("lower case") != std::string::npos);
  // A unit's card and a trade session's amount: the words as printed, the numbers as digits.
  State a = activating({6, 0, 0, 0});
  MoveList moves;
  a.legal_moves(0, moves);
  const auto it = std::find_if(moves.begin(), moves.end(), [](nuraghe::Move m) {
    return kind_of(m) == MoveKind::MoveUnit && unit_field_of(m) >= 1 && unit_field_of(m) <= 9;
  });
  REQUIRE(it != moves.end());
  const std::string to = std::to_string(unit_field_of(*it));
  CHECK(parse_move_text(a, 0, "berserkur move " + to) == *it);
  for (const std::string& bad :
       {"berserkur move 0" + to, "berserkur move +" + to, "berserkur move " + to + ".0", "Berserkur move " + to,
        "berserkur MOVE " + to, "BERSERKUR MOVE " + to, std::string("berserkur move 99999999999999999999")}) {
    CAPTURE(bad);
    CHECK(!refusal(a, 0, bad).empty());
  }
  CHECK(refusal(a, 0, "berserkur move 0" + to).find("leading zero") != std::string::npos);
  CHECK(refusal(a, 0, "trade meat 01").find("leading zero") != std::string::npos);
  CHECK(refusal(a, 0, "berserkur move 99999999999999999999").find("is not a number") != std::string::npos);
}

// The score part by part (`nuraghe score --game bardagi`; score.cpp): the parts add up to scores()
// and the glory by source to the glory on random games played to the end; each source counted
// where the claim gives it; each bonus and the win named by the tie-break that decided it; the
// position reader refusing glory by source that cannot be.
#include <doctest/doctest.h>

#include <bit>
#include <sstream>
#include <string>
#include <vector>

#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/picture.hpp"
#include "games/bardagi/presentation.hpp"

using namespace nuraghe;
using namespace nuraghe::bardagi;

namespace {

constexpr std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

State start(int players, bool winter = false, std::uint64_t seed = 1, bool short_game = false) {
  return State::setup(winter ? Board::winter() : Board::summer(), players, State::Options{winter, short_game}, seed);
}

// A game to its end, each decision the heuristic's 3 times in 4 and a random one otherwise, but
// any tile on offer bought: the heuristic gathers what tiles cost, and every tile comes up.
State played(int players, bool winter, std::uint64_t seed, Rng& rng) {
  State s = start(players, winter, seed, seed % 2 == 1);
  const auto pick = [&](Player p, const bardagi::MoveList& moves) {
    std::vector<Move> buy;
    for (const Move m : moves)
      if (kind_of(m) == MoveKind::Buy) buy.push_back(m);
    if (!buy.empty()) return buy[rng.below(std::uint32_t(buy.size()))];
    return rng.below(4) == 0 ? moves[rng.below(std::uint32_t(moves.size()))] : heuristic_move(s, p, rng);
  };
  while (s.to_move() != kTerminal) {
    bardagi::MoveList moves;
    if (s.to_move() == kSimultaneous) {
      JointMove joint{};
      for (int p = 0; p < players; ++p) {
        s.legal_moves(p, moves);
        joint[std::size_t(p)] = pick(p, moves);
      }
      s.apply_joint(joint);
    } else {
      s.legal_moves(moves);
      s.apply(pick(s.to_move(), moves));
    }
  }
  return s;
}

// The k-th area of a kind on the board.
int area_of_kind(const Board& b, AreaKind k, int nth = 0) {
  std::uint64_t m = b.of_kind[std::size_t(k)];
  for (int i = 0; i < nth; ++i) m &= m - 1;
  REQUIRE(m != 0);
  return std::countr_zero(m);
}
void own(State& s, int p, int a) {
  s.owned[std::size_t(p)] |= bit(a);
  s.disks[std::size_t(a)] = 1;
}

// A game over in which only what a test sets differs between the seats.
State over(int players) {
  State s = start(players, false, 23);
  s.phase = Phase::Over;
  s.round = s.rounds;
  for (auto& v : s.villages) v.gold = 0;
  return s;
}
// Glory of the rounds that leaves the seats in `seats` on the same total.
void equal_totals(State& s, std::initializer_list<int> seats, int total) {
  const auto d = s.breakdown();
  for (const int p : seats) {
    Village& v = s.villages[std::size_t(p)];
    v.glory = std::uint16_t(total - (d[std::size_t(p)].total() - d[std::size_t(p)].glory));
    v.glory_from = {v.glory, 0, 0, 0, 0};
  }
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}
bool has_line(const std::string& text, const std::string& line) {
  for (const auto& l : lines_of(text))
    if (l == line) return true;
  return false;
}
// The text with each line break and the indent after it made one space: a wrapped line whole.
std::string unwrapped(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n') {
      out += text[i];
      continue;
    }
    out += ' ';
    while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
  }
  return out;
}

}  // namespace

TEST_CASE("score: the parts add up to scores() and the glory by source to the glory, on random games to the end") {
  Rng rng(41);
  int games = 0;
  std::array<int, kGlorySources> sources{};  // games in which some seat had glory from each source
  std::array<int, 3> split{};                // bonuses and wins left to a tie on every key
  for (const bool winter : {false, true})
    for (int n = 2; n <= (winter ? 3 : 5); ++n)
      for (int g = 0; g < 40; ++g) {
        CAPTURE(winter);
        CAPTURE(n);
        CAPTURE(g);
        const State s = played(n, winter, std::uint64_t(300 + 10 * n + g), rng);
        const Values scores = s.scores(), returns = s.returns();
        const Json j = Bardagi::Presentation::score_json(s);
        CHECK(j["over"] == true);
        REQUIRE(j["seats"].size() == std::size_t(n));
        std::array<int, kGlorySources> seen{};
        for (int p = 0; p < n; ++p) {
          const Json& seat = j["seats"][std::size_t(p)];
          const int total = seat["total"];
          CHECK(total == scores[std::size_t(p)]);
          CHECK(total == seat["glory"].get<int>() + seat["tiles"].get<int>() + seat["gold"].get<int>() +
                             seat["most_gold"].get<int>() + seat["most_areas"].get<int>());
          CHECK(seat["tiles"] == 3 * seat["small_tiles"].get<int>() + 5 * seat["large_tiles"].get<int>());
          CHECK(seat["win"] == returns[std::size_t(p)]);
          int by_source = 0;
          for (int k = 0; k < kGlorySources; ++k) {
            const int glory = seat["glory_from"][std::string(glory_source_name(GlorySource(k)))];
            by_source += glory;
            seen[std::size_t(k)] |= glory > 0;
          }
          CHECK(by_source == seat["glory"].get<int>());
        }
        for (int k = 0; k < kGlorySources; ++k) sources[std::size_t(k)] += seen[std::size_t(k)];
        // The bonuses' seats are those paid, and the winners those returns() pays.
        for (const auto& [key, field] : {std::pair{"most_gold", "most_gold"}, std::pair{"most_areas", "most_areas"}}) {
          const Json& bonus = j[key];
          int paid = 0;
          for (int p = 0; p < n; ++p)
            if (j["seats"][std::size_t(p)][field].get<int>() > 0) paid |= 1 << p;
          int named = 0;
          for (const int p : bonus["seats"]) named |= 1 << p;
          CHECK(named == paid);
          CHECK(bonus["each"].get<int>() * std::popcount(unsigned(named)) <= bonus["bonus"].get<int>());
          split[key == std::string("most_gold") ? 0 : 1] += bonus["decided_by"] == "split";
        }
        int winners = 0, named = 0;
        for (int p = 0; p < n; ++p) winners |= (returns[std::size_t(p)] > 0) << p;
        for (const int p : j["winner"]["seats"]) named |= 1 << p;
        CHECK(named == winners);
        split[2] += j["winner"]["decided_by"] == "shared";
        // The text: each seat's total as scores() has it, within 79 columns.
        const std::string report = Bardagi::Presentation::score_report(s);
        for (int p = 0; p < n; ++p) {
          const std::string head =
              "player " + std::to_string(p) + " (" + std::string(kColourNames[std::size_t(p)]) + "): ";
          bool found = false;
          for (const auto& line : lines_of(report))
            if (line.rfind(head, 0) == 0) {
              found = true;
              CHECK(std::stoi(line.substr(head.size())) == scores[std::size_t(p)]);
            }
          CHECK(found);
        }
        for (const auto& line : lines_of(report)) CHECK(line.size() <= 79);
        ++games;
      }
  CHECK(games == 240);
  for (int k = 0; k < kGlorySources; ++k) {
    CAPTURE(glory_source_name(GlorySource(k)));
    CHECK(sources[std::size_t(k)] > 0);  // every source came up
  }
  MESSAGE(games << " games; glory from areas, claim-glory, glory-per-area, glory-if-owns, glory-per-overtake in "
                << sources[0] << ", " << sources[1] << ", " << sources[2] << ", " << sources[3] << ", " << sources[4]
                << " of them; most gold split " << split[0] << ", most areas split " << split[1] << ", win shared "
                << split[2]);
}

TEST_CASE("score: each source of glory where the claim gives it, and the report's line for it") {
  State s = start(2, false, 5);
  const Board& b = s.board();
  const Tiles& t = s.tiles();
  // Seat 0: 2 iron mines, 1 cattle area, 1 quarry and a sheep area (5 areas); the tiles of every
  // glory effect (Virki and Hof full, 4 slots each).
  for (const int a :
       {area_of_kind(b, AreaKind::IronMine, 0), area_of_kind(b, AreaKind::IronMine, 1),
        area_of_kind(b, AreaKind::Cattle), area_of_kind(b, AreaKind::Quarry), area_of_kind(b, AreaKind::Sheep)})
    own(s, 0, a);
  for (const char* id : {"virki-glory-three", "virki-glory-per-overtake", "hof-glory-per-iron", "hof-glory-per-cattle",
                         "hof-quarry-glory", "verslun-glory-three"})
    s.villages[0].upgrades |= 1u << t.tile(id);
  s.overtakes[0] = 2;
  s.start_claim();
  const Village& v = s.villages[0];
  CHECK(v.glory_from[std::size_t(GlorySource::Areas)] == 5);             // 1 an area
  CHECK(v.glory_from[std::size_t(GlorySource::ClaimGlory)] == 3 + 3);    // two +3 tiles
  CHECK(v.glory_from[std::size_t(GlorySource::GloryPerArea)] == 2 + 1);  // 2 iron mines, 1 cattle area
  CHECK(v.glory_from[std::size_t(GlorySource::GloryIfOwns)] == 3);       // a quarry owned
  CHECK(v.glory_from[std::size_t(GlorySource::GloryPerOvertake)] == 2);  // 2 overtakes this round
  CHECK(v.glory == 5 + 6 + 3 + 3 + 2);
  CHECK(s.villages[1].glory == 0);
  const std::string report = Bardagi::Presentation::score_report(s);
  CHECK(has_line(report, "  rounds         19  glory of the claims, by source:"));
  CHECK(has_line(report, "    areas                   5  a glory per area owned, at each claim"));
  CHECK(has_line(report, "    claim-glory             6  virki-glory-three, verslun-glory-three"));
  CHECK(has_line(report, "    glory-per-area          3  hof-glory-per-iron, hof-glory-per-cattle"));
  CHECK(has_line(report, "    glory-if-owns           3  hof-quarry-glory"));
  CHECK(has_line(report, "    glory-per-overtake      2  virki-glory-per-overtake"));
  CHECK(report.find("the game is not over; the score if it ended now") != std::string::npos);
  const Json j = Bardagi::Presentation::score_json(s);
  CHECK(j["over"] == false);
  CHECK(j["seats"][0]["glory_from"] ==
        Json{{"areas", 5}, {"claim-glory", 6}, {"glory-per-area", 3}, {"glory-if-owns", 3}, {"glory-per-overtake", 2}});
  // The tiles behind each source, as the text lists them.
  CHECK(j["seats"][0]["glory_tiles"] == Json{{"claim-glory", {"virki-glory-three", "verslun-glory-three"}},
                                             {"glory-per-area", {"hof-glory-per-iron", "hof-glory-per-cattle"}},
                                             {"glory-if-owns", {"hof-quarry-glory"}},
                                             {"glory-per-overtake", {"virki-glory-per-overtake"}}});
  CHECK(j["seats"][1]["glory_tiles"] == Json::object());
  // Seat 1 has no tile: only its areas' line.
  CHECK(report.find("    claim-glory             0") == std::string::npos);

  // "No overtake, gain 1 glory"; no quarry, no glory-if-owns; the sources keep adding up.
  State r = start(2, false, 5);
  own(r, 0, area_of_kind(b, AreaKind::Sheep));
  r.villages[0].upgrades = 1u << t.tile("virki-glory-per-overtake") | 1u << t.tile("hof-quarry-glory");
  r.start_claim();
  CHECK(r.villages[0].glory_from == std::array<std::uint16_t, kGlorySources>{1, 0, 0, 0, 1});
  CHECK(r.villages[0].glory == 2);
  CHECK(has_line(Bardagi::Presentation::score_report(r), "    glory-if-owns           0  hof-quarry-glory"));
}

TEST_CASE("score: the tiles, the gold and the parts of the text add up to the total") {
  State s = over(2);
  const Tiles& t = s.tiles();
  s.villages[0].upgrades = 1u << t.tile("hof-gold-two") | 1u << t.tile("virki-gold-three");
  s.villages[0].gold = 9;
  s.villages[0].glory = 12, s.villages[0].glory_from = {12, 0, 0, 0, 0};
  const std::string report = Bardagi::Presentation::score_report(s);
  CHECK(has_line(report, "  upgrades        8  1 small x 3, 1 large x 5: hof-gold-two, virki-gold-three"));
  CHECK(has_line(report, "  gold            9  9 gold x 1"));
  CHECK(has_line(report, "  most-gold      15  9 gold, 0 gold mines"));
  CHECK(has_line(report, "player 0 (red): " + std::to_string(12 + 8 + 9 + 15 + 5) + " glory, a winner"));
  // The areas bonus: nobody owns one, so both tie on areas and Axes and split it.
  CHECK(has_line(report, "  most-areas      5  0 areas, 0 Axe tokens on them"));
}

TEST_CASE("score: the most gold by gold, then gold mines, then split (rounded down)") {
  const Board& b = Board::summer();
  State s = over(3);
  s.villages[0].gold = 9, s.villages[1].gold = 8;
  Json j = Bardagi::Presentation::score_json(s);
  CHECK(j["most_gold"] == Json{{"bonus", 15}, {"seats", {0}}, {"each", 15}, {"decided_by", "gold"}});
  CHECK(has_line(Bardagi::Presentation::score_report(s), "  the most gold (9)"));

  s.villages[1].gold = 9;
  own(s, 1, area_of_kind(b, AreaKind::GoldMine));
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["most_gold"] == Json{{"bonus", 15}, {"seats", {1}}, {"each", 15}, {"decided_by", "gold-mines"}});
  CHECK(has_line(Bardagi::Presentation::score_report(s), "most gold (15): player 1"));
  CHECK(
      has_line(Bardagi::Presentation::score_report(s), "  players 0 and 1 tied on gold (9); the most gold mines (1)"));

  own(s, 0, area_of_kind(b, AreaKind::GoldMine, 1));
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["most_gold"] == Json{{"bonus", 15}, {"seats", {0, 1}}, {"each", 7}, {"decided_by", "split"}});
  CHECK(j["seats"][0]["most_gold"] == 7);
  CHECK(j["seats"][2]["most_gold"] == 0);
  const std::string report = Bardagi::Presentation::score_report(s);
  CHECK(has_line(report, "most gold (15): players 0 and 1, 7 each (split, rounded down)"));
  CHECK(has_line(report, "  tied on gold (9) and gold mines (1)"));
}

TEST_CASE("score: the most areas by areas, then Axe tokens on them, then split (rounded down)") {
  const Board& b = Board::summer();
  State s = over(3);
  own(s, 0, area_of_kind(b, AreaKind::Sheep, 0));
  own(s, 0, area_of_kind(b, AreaKind::Sheep, 1));
  own(s, 1, area_of_kind(b, AreaKind::Forest, 0));
  Json j = Bardagi::Presentation::score_json(s);
  CHECK(j["most_areas"] == Json{{"bonus", 10}, {"seats", {0}}, {"each", 10}, {"decided_by", "areas"}});
  CHECK(has_line(Bardagi::Presentation::score_report(s), "  the most areas (2)"));

  const int forest = area_of_kind(b, AreaKind::Forest, 1);
  own(s, 1, forest);
  s.axes[std::size_t(forest)] = 1, s.axes_pile = std::uint8_t(s.axes_pile - 1);
  s.villages[0].axes = 3;  // in the village, not on the board: the bonus does not count them
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["most_areas"] == Json{{"bonus", 10}, {"seats", {1}}, {"each", 10}, {"decided_by", "axes-on-board"}});
  CHECK(has_line(Bardagi::Presentation::score_report(s),
                 "  players 0 and 1 tied on areas (2); the most Axe tokens on their areas (1)"));

  // All three with one area and no Axe on the board: 10 split three ways, 3 each.
  s = over(3);
  for (int p = 0; p < 3; ++p) own(s, p, area_of_kind(b, AreaKind::Cattle, p));
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["most_areas"] == Json{{"bonus", 10}, {"seats", {0, 1, 2}}, {"each", 3}, {"decided_by", "split"}});
  for (int p = 0; p < 3; ++p) CHECK(j["seats"][std::size_t(p)]["most_areas"] == 3);
  const std::string report = Bardagi::Presentation::score_report(s);
  CHECK(has_line(report, "most areas (10): players 0, 1 and 2, 3 each (split, rounded down)"));
  CHECK(has_line(report, "  tied on areas (1) and Axe tokens on their areas (0)"));
}

TEST_CASE("score: the winner by glory, then gold mines, Axe tokens (the village's too), Towns, or a shared win") {
  const Board& b = Board::summer();
  State s = over(2);
  s.villages[0].glory = 40, s.villages[0].glory_from = {40, 0, 0, 0, 0};
  Json j = Bardagi::Presentation::score_json(s);
  CHECK(j["winner"] == Json{{"seats", {0}}, {"decided_by", "glory"}});
  CHECK(has_line(Bardagi::Presentation::score_report(s), "winner: player 0"));

  // Seat 1 a gold mine, seat 0 a sheep area: one area each; the totals made equal.
  own(s, 0, area_of_kind(b, AreaKind::Sheep));
  own(s, 1, area_of_kind(b, AreaKind::GoldMine));
  equal_totals(s, {0, 1}, 60);
  REQUIRE(s.scores()[0] == s.scores()[1]);
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["winner"] == Json{{"seats", {1}}, {"decided_by", "gold-mines"}});
  CHECK(s.returns()[1] == 1.0);
  CHECK(has_line(Bardagi::Presentation::score_report(s),
                 "  players 0 and 1 tied on glory (60); the most gold mines (1)"));

  // The same gold mines; an Axe token in seat 0's village.
  s = over(2);
  own(s, 0, area_of_kind(b, AreaKind::Sheep));
  own(s, 1, area_of_kind(b, AreaKind::Forest));
  s.villages[0].axes = 1, s.axes_pile = std::uint8_t(s.axes_pile - 1);
  equal_totals(s, {0, 1}, 50);
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["winner"] == Json{{"seats", {0}}, {"decided_by", "axes"}});
  CHECK(unwrapped(Bardagi::Presentation::score_report(s))
            .find(" players 0 and 1 tied on glory (50) and gold mines (0); the most Axe tokens (1) ") !=
        std::string::npos);

  // The same Axe tokens; seat 1 owns a Town.
  s = over(2);
  own(s, 0, area_of_kind(b, AreaKind::Sheep));
  own(s, 1, area_of_kind(b, AreaKind::Town));
  equal_totals(s, {0, 1}, 50);
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["winner"] == Json{{"seats", {1}}, {"decided_by", "towns"}});
  CHECK(unwrapped(Bardagi::Presentation::score_report(s))
            .find(" players 0 and 1 tied on glory (50), gold mines (0) and Axe tokens (0); the most Towns (1) ") !=
        std::string::npos);

  // Equal on every key: shared.
  s = over(3);
  own(s, 0, area_of_kind(b, AreaKind::Sheep));
  own(s, 1, area_of_kind(b, AreaKind::Forest));
  equal_totals(s, {0, 1}, 50);
  j = Bardagi::Presentation::score_json(s);
  CHECK(j["winner"] == Json{{"seats", {0, 1}}, {"decided_by", "shared"}});
  CHECK(j["seats"][0]["win"] == 0.5);
  CHECK(j["seats"][2]["win"] == 0.0);
  const std::string report = Bardagi::Presentation::score_report(s);
  CHECK(has_line(report, "shared win: players 0 and 1"));
  CHECK(has_line(report, "  tied on glory (50), gold mines (0), Axe tokens (0) and Towns (0)"));
}

TEST_CASE("score: a position's glory by source is read back, and refused where it cannot be") {
  Rng rng(5);
  const State s = played(2, false, 77, rng);
  const Json j = position(s, -1);
  CHECK(read_position(j) == s);
  CHECK(j["seats"][0]["glory_from"]["areas"].get<int>() > 0);
  const auto refused = [](const Json& bad, const std::string& part) {
    try {
      read_position(bad);
      FAIL_CHECK("accepted; expected an error with: " << part);
    } catch (const InputError& e) {
      const std::string what = e.what();
      CHECK_MESSAGE(what.find(part) != std::string::npos, what);
      CHECK(what.find('\n') == std::string::npos);
    }
  };
  // Sources that do not add up to the glory.
  Json bad = j;
  bad["seats"][0]["glory_from"]["areas"] = j["seats"][0]["glory_from"]["areas"].get<int>() + 1;
  refused(bad, "glory_from adds up to");
  // A tile's source without a tile of its effect: glory moved there from the seat's areas.
  int seat = -1, source = -1;
  for (int p = 0; p < 2 && seat < 0; ++p)
    for (int g = 1; g < kGlorySources && seat < 0; ++g)
      if (!s.has_effect(p, kGlorySourceEffects[std::size_t(g)])) seat = p, source = g;
  REQUIRE(seat >= 0);
  const std::string name(glory_source_name(GlorySource(source)));
  bad = j;
  Json& from = bad["seats"][std::size_t(seat)]["glory_from"];
  REQUIRE(from["areas"].get<int>() > 0);
  from["areas"] = from["areas"].get<int>() - 1;
  from[name] = 1;
  refused(bad, "glory_from." + name + " is 1, but the seat has no tile whose effect is " + name);
  // Missing, unknown, negative.
  bad = j;
  bad["seats"][0].erase("glory_from");
  refused(bad, "glory_from");
  bad = j;
  bad["seats"][0]["glory_from"]["wealth"] = 0;
  refused(bad, "unknown field \"wealth\"");
  bad = j;
  bad["seats"][0]["glory_from"]["areas"] = -1;
  refused(bad, "glory_from");
}

TEST_CASE("map: a finished game's usage is the areas owned at its end; the board is drawn bare, or by usage") {
  Rng rng(9);
  const State s = played(3, true, 12, rng);
  const std::vector<double> used = Bardagi::Presentation::board_usage(s);
  REQUIRE(used.size() == std::size_t(s.board().num_areas));
  int owned = 0;
  for (int a = 0; a < s.board().num_areas; ++a) {
    CHECK(used[std::size_t(a)] == (s.owner_of(a) >= 0 ? 1.0 : 0.0));
    owned += s.owner_of(a) >= 0;
  }
  CHECK(owned > 0);
  // The map command draws a board, not the position it is given.
  CHECK(Bardagi::Presentation::board_svg(s, {}, 0) == board_svg(s.board(), {}));
  const std::string svg = Bardagi::Presentation::board_svg(s, used, 1);
  CHECK(svg.find("owned at the end in 100% of 1 games") != std::string::npos);
  CHECK(svg.find("owned at the end in 0% of 1 games") != std::string::npos);
}

TEST_CASE("score: the text is drawn from the JSON breakdown alone") {
  State s = start(3, false, 2);
  own(s, 1, area_of_kind(s.board(), AreaKind::Sheep));
  Json score = Bardagi::Presentation::score_json(s);
  CHECK(bardagi::score_text(score) == Bardagi::Presentation::score_report(s));
  // Parts changed in the JSON show in the text, the tie-breaks' reasons recomputed from its numbers:
  // the text reads nothing else.
  score["title"] = "Another board";
  score["seats"][2]["total"] = 77;
  score["seats"][2]["gold"] = 4;
  score["winner"] = Json{{"seats", {2}}, {"decided_by", "glory"}};
  score["most_gold"] = Json{{"bonus", 15}, {"seats", {0, 2}}, {"each", 7}, {"decided_by", "split"}};
  score["seats"][0]["gold"] = 4;
  const std::string text = bardagi::score_text(score);
  CAPTURE(text);
  CHECK(text.rfind("Bardagi: Another board, 3 players, round ", 0) == 0);
  CHECK(has_line(text, "player 2 (yellow): 77 glory, leading"));
  CHECK(has_line(text, "most gold (15): players 0 and 2, 7 each (split, rounded down)"));
  CHECK(has_line(text, "leading: player 2"));
  CHECK(has_line(text, "  the most glory (77)"));
}

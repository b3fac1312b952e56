// A Bardagi position's score part by part (`nuraghe score`): each seat's glory of the rounds by
// source (the village's glory_from), its upgrade tiles (+3 small, +5 large), its gold (+1 each) and
// the end's two bonuses; then who took each bonus and the win, and the tie-break that decided it
// (docs/rules-bardagi.md, Rulings: "The end and its ties"). The parts and the decisions are
// State::breakdown()'s and State::decide()'s: this file only names them, in one JSON structure
// (score_json), from which the text (score_text) is drawn.
#include <bit>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "games/bardagi/bardagi.hpp"
#include "games/bardagi/presentation.hpp"

namespace nuraghe {
namespace {

using bardagi::State;
using Parts = std::array<State::Breakdown, bardagi::kMaxSeats>;

// The end's three decisions, with their keys in State::Breakdown's order: the names JSON gives
// them and the words the text does.
template <std::size_t K>
struct Contest {
  std::string_view title;  // "most gold", "winner"
  std::array<int, K> (State::Breakdown::*keys_of)() const;
  std::array<std::string_view, K> names;   // "gold-mines"
  std::array<std::string_view, K> words;   // "gold mines"
  std::string_view still_tied;             // what a tie on every key does: "split", "shared"
  std::array<std::string_view, K> fields;  // each key's field in a seat of the JSON: "gold_mines"
};
constexpr Contest<2> kMostGold{
    "most gold",
    &State::Breakdown::most_gold_keys,
    {"gold", "gold-mines"},
    {"gold", "gold mines"},
    "split",
    {"gold", "gold_mines"},
};
constexpr Contest<2> kMostAreas{"most areas",
                                &State::Breakdown::most_areas_keys,
                                {"areas", "axes-on-board"},
                                {"areas", "Axe tokens on their areas"},
                                "split",
                                {"areas", "axes_on_board"}};
constexpr Contest<4> kWinner{"winner",
                             &State::Breakdown::win_keys,
                             {"glory", "gold-mines", "axes", "towns"},
                             {"glory", "gold mines", "Axe tokens", "Towns"},
                             "shared",
                             {"total", "gold_mines", "axes", "towns"}};

template <std::size_t K>
struct Outcome {
  std::array<std::array<int, K>, bardagi::kMaxSeats> keys{};
  State::Decision decision;
  bool tied() const { return std::popcount(unsigned(decision.seats)) > 1; }
  int first() const { return std::countr_zero(unsigned(decision.seats)); }
  // What decided it: a key's name, or the contest's word for a tie on every key.
  std::string_view decided_by(const Contest<K>& c) const {
    return tied() ? c.still_tied : c.names[std::size_t(decision.keys - 1)];
  }
};
template <std::size_t K>
Outcome<K> contest(const Contest<K>& c, const Parts& parts, int players) {
  Outcome<K> o;
  for (int p = 0; p < players; ++p) o.keys[std::size_t(p)] = (parts[std::size_t(p)].*c.keys_of)();
  o.decision = State::decide(o.keys, players);
  return o;
}
// The same outcome read back from the JSON: the seats' keys by field, the decision's seats, and
// the keys it took from what decided it (every key for a tie on all of them).
template <std::size_t K>
Outcome<K> contest(const Contest<K>& c, const Json& score, const Json& decision) {
  Outcome<K> o;
  const Json& seats = score.at("seats");
  for (std::size_t p = 0; p < seats.size(); ++p)
    for (std::size_t k = 0; k < K; ++k) o.keys[p][k] = seats[p].at(std::string(c.fields[k])).get<int>();
  for (const Json& seat : decision.at("seats")) o.decision.seats |= 1 << seat.get<int>();
  const std::string by = decision.at("decided_by").get<std::string>();
  o.decision.keys = int(K);
  for (std::size_t k = 0; k < K; ++k)
    if (by == c.names[k]) o.decision.keys = int(k) + 1;
  return o;
}

std::vector<int> seats_of(int mask) {
  std::vector<int> out;
  for (unsigned m = unsigned(mask); m; m &= m - 1) out.push_back(std::countr_zero(m));
  return out;
}
// "player 2", "players 0 and 1", "players 0, 1 and 3".
std::string players_text(int mask) {
  const std::vector<int> seats = seats_of(mask);
  std::string out = seats.size() == 1 ? "player " : "players ";
  for (std::size_t i = 0; i < seats.size(); ++i)
    out += (i == 0 ? "" : i + 1 == seats.size() ? " and " : ", ") + std::to_string(seats[i]);
  return out;
}

// Why the seats left won: "the most gold (12)"; "players 0 and 1 tied on glory (80); the most gold
// mines (2)"; on a tie on every key, "tied on areas (9) and Axe tokens on their areas (0)". The
// seats tied on the first keys are those equal to the winner on them.
template <std::size_t K>
std::string reason(const Contest<K>& c, const Outcome<K>& o, int players) {
  const auto w = std::size_t(o.first());
  const int equal_keys = o.tied() ? o.decision.keys : o.decision.keys - 1;
  std::string text;
  if (equal_keys > 0) {
    int tied = 0;
    for (int p = 0; p < players; ++p) {
      bool same = true;
      for (int k = 0; k < equal_keys; ++k)
        same = same && o.keys[std::size_t(p)][std::size_t(k)] == o.keys[w][std::size_t(k)];
      if (same) tied |= 1 << p;
    }
    text = (o.tied() ? std::string() : players_text(tied) + " ") + "tied on ";
    for (int k = 0; k < equal_keys; ++k)
      text += std::string(k == 0                ? ""
                          : k + 1 == equal_keys ? " and "
                                                : ", ") +
              std::string(c.words[std::size_t(k)]) + " (" + std::to_string(o.keys[w][std::size_t(k)]) + ")";
    if (!o.tied()) text += "; ";
  }
  if (!o.tied()) {
    const auto k = std::size_t(o.decision.keys - 1);
    text += "the most " + std::string(c.words[k]) + " (" + std::to_string(o.keys[w][k]) + ")";
  }
  return text;
}

// Words after `head`, wrapped within 79 columns, each line after the first indented by `indent`.
std::string wrapped(const std::string& head, const std::string& words, std::size_t indent) {
  std::string out = head;
  std::size_t column = head.size();
  bool fresh = head.empty() || head.back() == ' ';  // the next word needs no space before it
  std::istringstream in(words);
  for (std::string word; in >> word;) {
    if (column + (fresh ? 0 : 1) + word.size() > 79 && column > indent) {
      out += "\n" + std::string(indent, ' ');
      column = indent, fresh = true;
    }
    if (!fresh) out += ' ', ++column;
    out += word;
    column += word.size(), fresh = false;
  }
  return out;
}

// A part's line: its label and points, then what it counts from column kDetail on.
constexpr std::size_t kDetail = 21;
std::string part(const char* label, int points, const std::string& what) {
  char text[32];
  std::snprintf(text, sizeof text, "  %-12s %4d  ", label, points);
  return text + what;
}

// The tiles seat p owns, by id; those of one effect kind, or all for EffectKind::None.
std::vector<std::string> tiles_of(const State& s, int p, bardagi::EffectKind kind) {
  std::vector<std::string> out;
  for (std::uint32_t u = s.villages[std::size_t(p)].upgrades; u; u &= u - 1) {
    const bardagi::UpgradeTile& t = s.tiles().tiles[std::size_t(std::countr_zero(u))];
    if (kind == bardagi::EffectKind::None || t.effect.kind == kind) out.push_back(t.id);
  }
  return out;
}
std::string joined(const std::vector<std::string>& list) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

Json bardagi::Presentation::score_json(const Bardagi::State& s) {
  using namespace bardagi;
  const int n = s.players;
  const Parts parts = s.breakdown();
  const Values win = s.returns();
  Json seats = Json::array();
  for (int p = 0; p < n; ++p) {
    const auto q = std::size_t(p);
    const State::Breakdown& d = parts[q];
    Json glory = Json::object(), glory_tiles = Json::object(), tiles = Json::array();
    for (int g = 0; g < kGlorySources; ++g) {
      const auto source = GlorySource(g);
      glory[std::string(glory_source_name(source))] = s.villages[q].glory_from[std::size_t(g)];
      if (source == GlorySource::Areas) continue;
      if (const auto ids = tiles_of(s, p, kGlorySourceEffects[std::size_t(g)]); !ids.empty())
        glory_tiles[std::string(glory_source_name(source))] = ids;
    }
    for (const auto& id : tiles_of(s, p, EffectKind::None)) tiles.push_back(id);
    seats.push_back({{"colour", std::string(kColourNames[q])},
                     {"total", d.total()},
                     {"win", win[q]},
                     {"glory", d.glory},
                     {"glory_from", glory},
                     {"glory_tiles", glory_tiles},
                     {"small_tiles", d.small_tiles},
                     {"large_tiles", d.large_tiles},
                     {"tiles", d.tiles()},
                     {"tile_list", tiles},
                     {"gold", d.gold},
                     {"most_gold", d.most_gold},
                     {"most_areas", d.most_areas},
                     {"gold_mines", d.gold_mines},
                     {"areas", d.areas},
                     {"towns", d.towns},
                     {"axes_on_board", d.axes_on_board},
                     {"axes", d.axes}});
  }
  const auto bonus = [&](const Contest<2>& c, int points) {
    const Outcome<2> o = contest(c, parts, n);
    return Json{{"bonus", points},
                {"seats", seats_of(o.decision.seats)},
                {"each", points / std::popcount(unsigned(o.decision.seats))},
                {"decided_by", o.decided_by(c)}};
  };
  const Outcome<4> w = contest(kWinner, parts, n);
  return Json{{"board", s.board().name},
              {"title", s.board().title},
              {"players", n},
              {"round", s.round},
              {"rounds", s.rounds},
              {"over", s.phase == Phase::Over},
              {"seats", seats},
              {"most_gold", bonus(kMostGold, kMostGoldBonus)},
              {"most_areas", bonus(kMostAreas, kMostAreasBonus)},
              {"winner", {{"seats", seats_of(w.decision.seats)}, {"decided_by", w.decided_by(kWinner)}}}};
}

std::string bardagi::score_text(const Json& score) {
  const int n = score.at("players").get<int>();
  const Json& seats = score.at("seats");
  const bool over = score.at("over").get<bool>();
  const Outcome<4> win = contest(kWinner, score, score.at("winner"));
  std::ostringstream out;
  out << "Bardagi: " << score.at("title").get<std::string>() << ", " << n << " players, round "
      << score.at("round").get<int>() << " of " << score.at("rounds").get<int>() << ": "
      << (over ? "the final score" : "the game is not over; the score if it ended now") << "\n";
  for (int p = 0; p < n; ++p) {
    const Json& seat = seats[std::size_t(p)];
    const auto number = [&](const char* field) { return seat.at(field).get<int>(); };
    const bool ahead = (win.decision.seats >> p) & 1;
    out << "player " << p << " (" << seat.at("colour").get<std::string>() << "): " << number("total") << " glory"
        << (!ahead ? ""
            : over ? ", a winner"
                   : ", leading")
        << "\n";
    out << part("rounds", number("glory"), "glory of the claims, by source:") << "\n";
    const Json& glory_tiles = seat.at("glory_tiles");
    for (int g = 0; g < kGlorySources; ++g) {
      const auto source = GlorySource(g);
      const std::string name(glory_source_name(source));
      const int glory = seat.at("glory_from").at(name).get<int>();
      std::vector<std::string> tiles;
      if (glory_tiles.contains(name)) tiles = glory_tiles.at(name).get<std::vector<std::string>>();
      if (source != GlorySource::Areas && glory == 0 && tiles.empty()) continue;
      char head[48];
      std::snprintf(head, sizeof head, "    %-20s %4d  ", name.c_str(), glory);
      out << wrapped(head, source == GlorySource::Areas ? "a glory per area owned, at each claim" : joined(tiles),
                     std::string(head).size())
          << "\n";
    }
    const auto tiles = seat.at("tile_list").get<std::vector<std::string>>();
    const int small = number("small_tiles"), large = number("large_tiles"), gold = number("gold");
    const int mines = number("gold_mines"), areas = number("areas"), axes = number("axes_on_board");
    const std::string counted = std::to_string(small) + " small x " + std::to_string(kSmallTileGlory) + ", " +
                                std::to_string(large) + " large x " + std::to_string(kLargeTileGlory) +
                                (tiles.empty() ? "" : ":");
    out << wrapped(part("upgrades", number("tiles"), counted), joined(tiles), kDetail) << "\n";
    out << part("gold", gold, std::to_string(gold) + " gold x 1") << "\n";
    out << part("most-gold", number("most_gold"),
                std::to_string(gold) + " gold, " + std::to_string(mines) + " gold mine" + (mines == 1 ? "" : "s"))
        << "\n";
    out << part("most-areas", number("most_areas"),
                std::to_string(areas) + " area" + (areas == 1 ? "" : "s") + ", " + std::to_string(axes) + " Axe token" +
                    (axes == 1 ? "" : "s") + " on them")
        << "\n";
  }
  const auto bonus = [&](const Contest<2>& c, const Json& decision) {
    const Outcome<2> o = contest(c, score, decision);
    const int points = decision.at("bonus").get<int>();
    out << c.title << " (" << points << "): " << players_text(o.decision.seats);
    if (o.tied()) out << ", " << decision.at("each").get<int>() << " each (split, rounded down)";
    out << "\n" << wrapped("  ", reason(c, o, n), 2) << "\n";
  };
  bonus(kMostGold, score.at("most_gold"));
  bonus(kMostAreas, score.at("most_areas"));
  out << (over         ? win.tied() ? "shared win: " : "winner: "
          : win.tied() ? "sharing the lead: "
                       : "leading: ")
      << players_text(win.decision.seats) << "\n"
      << wrapped("  ", reason(kWinner, win, n), 2) << "\n";
  return out.str();
}

}  // namespace nuraghe

#include "games/bardagi/bardagi.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/text.hpp"
#include "games/bardagi/picture.hpp"
#include "games/bardagi/presentation.hpp"

namespace nuraghe {

Bardagi::State Bardagi::initial(const GameConfig& config) {
  const int players = checked_players<Bardagi>(config, 2);
  const Params params("bardagi", config.options, option_specs());
  const bool winter = params.text("side") == "winter";
  if (winter && has_own_map(config)) input_error("bardagi: -o side=winter and --map name two boards; give one of them");
  // "In a 2-3 player game, you can choose which side of the board you want to play. 4-5 player
  // use the Summer side."
  if (winter && players > 3)
    input_error("bardagi: the Winter side is for 2 or 3 players; " + std::to_string(players) + " play Summer");
  const bardagi::Board& board = board_of(config, winter ? bardagi::Board::winter() : bardagi::Board::summer());
  if (players > board.max_players())
    input_error("bardagi: board \"" + board.name + "\" has homes for " + std::to_string(board.max_players()) +
                " players, not " + std::to_string(players));
  bardagi::State::Options o;
  o.winter = winter;
  o.short_game = params.text("length") == "short";
  return State::setup(board, players, o, config.seed);
}

// Every move is laid on the table for all to see, and what it turned up (a selection laid down,
// tiles turned face up, runes the observer drew) is in the state after it: the token is the
// observer's information after the move. At planning each seat sees its own selection, and the
// start player's is laid down at once.
std::uint64_t Bardagi::observe(const State& before, Move m, Player observer) {
  State after = before;
  after.apply(m);
  return after.info_hash(observer);
}

std::uint64_t Bardagi::observe_joint(const State& before, const JointMove& joint, Player observer) {
  State after = before;
  after.apply_joint(joint);
  return after.info_hash(observer);
}

namespace {

// A tile's cost as the rulebook prints it: gold, then the resources ("2 gold 1 meat 1 wool").
std::string cost_text(const bardagi::Cost& cost) {
  std::string out;
  if (cost.gold > 0) out += std::to_string(cost.gold) + " gold";
  for (int r = 0; r < bardagi::kResources; ++r)
    if (cost.resources[std::size_t(r)] > 0)
      out += (out.empty() ? "" : " ") + std::to_string(cost.resources[std::size_t(r)]) + " " +
             std::string(bardagi::kResourceNames[std::size_t(r)]);
  return out.empty() ? "free" : out;
}

}  // namespace

// Within 80 columns: the round and phase, then a line or two a seat (its village, its units, its
// selection where the observer may see it), then the upgrade tiles on offer (face up, by cost),
// then the owned areas. Areas are named by number and name ("7 Birka"), as the board
// prints them.
std::string Bardagi::render(const State& s, Player observer) {
  using namespace bardagi;
  const Board& b = s.board();
  std::ostringstream out;
  static constexpr const char* kPhases[] = {"planning", "activation", "upgrades", "claim", "game over"};
  out << b.title << " | round " << int(s.round) << " of " << int(s.rounds) << ", " << kPhases[int(s.phase)];
  if (s.phase != Phase::Over && s.phase != Phase::Planning) out << ", seat " << int(s.turn) << " to act";
  out << " | start: seat " << int(s.start_player) << "\n";
  const auto area_label = [&](int a) { return std::to_string(a) + " " + b.area_name[std::size_t(a)]; };
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const Village& v = s.villages[q];
    out << "  seat " << p << " (" << kColourNames[q] << "): glory " << v.glory << ", gold " << v.gold << ", disks "
        << int(v.disks[0]) << "/" << int(v.cap[0]) << " " << int(v.disks[1]) << "/" << int(v.cap[1]) << " "
        << int(v.disks[2]) << "/" << int(v.cap[2]) << ", recruits " << int(v.recruits) << ", axes " << int(v.axes)
        << "\n    store";  // the areas it owns are listed below, under "owned"
    for (int r = 0; r < kResources; ++r) out << " " << kResourceNames[std::size_t(r)] << int(v.storage[std::size_t(r)]);
    int held = 0;
    for (const auto r : v.runes) held += r;
    out << " | runes ";
    if (observer < 0 || observer == p) {
      for (int k = 0; k < kRuneKinds; ++k)
        if (v.runes[std::size_t(k)] > 0) out << kRuneIds[std::size_t(k)] << int(v.runes[std::size_t(k)]) << " ";
      if (held == 0) out << "none";
    } else {
      out << held << " hidden";
    }
    out << "\n    units";
    for (int u = 0; u < kLandUnits; ++u) {
      out << " " << kUnitLetters[std::size_t(u)] << ":";
      out << (s.is_aboard(p, Unit(u)) ? std::string("ship") : area_label(s.unit_area[q][std::size_t(u)]));
    }
    out << " N:"
        << (s.knerrir_home(p)           ? std::string("home")
            : s.knerrir_harbour[q] >= 0 ? area_label(s.knerrir_harbour[q])
                                        : "sea " + b.area_id[b.routes[std::size_t(s.knerrir_route[q])].a] + "~" +
                                              b.area_id[b.routes[std::size_t(s.knerrir_route[q])].b]);
    if (s.phase != Phase::Planning) {
      out << " | cards ";
      if (observer < 0 || observer == p || s.selection_revealed(p)) {
        for (int u = 0; u < kUnits; ++u) out << kUnitLetters[std::size_t(u)] << count_of(s.selection[q], Unit(u));
      } else {
        out << "hidden";
      }
    }
    out << "\n";
  }
  if (s.phase == Phase::Activation) {
    out << "  cards left";
    for (int u = 0; u < kUnits; ++u) out << " " << kUnitLetters[std::size_t(u)] << int(s.cards_left[std::size_t(u)]);
    out << "\n";
  }
  // The tiles on offer, grouped by cost (the stacks of a size share one), a tile shown twice once
  // with its count: "  tiles at 1 gold 2 timber 1 iron: virki-disks-plus-two x2, hof-free-rune".
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, int>>>> offer;  // cost, (tile, copies)
  for (int k = 0; k < kStacks; ++k)
    for (const std::uint8_t tile : s.visible[std::size_t(k)]) {
      if (tile == State::kNoTile) continue;
      const UpgradeTile& t = s.tiles().tiles[std::size_t(tile)];
      const std::string cost = cost_text(t.cost);
      auto group = std::find_if(offer.begin(), offer.end(), [&](const auto& g) { return g.first == cost; });
      if (group == offer.end()) group = offer.insert(offer.end(), {cost, {}});
      auto same =
          std::find_if(group->second.begin(), group->second.end(), [&](const auto& x) { return x.first == t.id; });
      if (same == group->second.end()) group->second.push_back({t.id, 1});
      else ++same->second;
    }
  for (const auto& [cost, tiles] : offer) {
    std::vector<std::string> items;
    for (std::size_t i = 0; i < tiles.size(); ++i)
      items.push_back(tiles[i].first + (tiles[i].second > 1 ? " x" + std::to_string(tiles[i].second) : "") +
                      (i + 1 < tiles.size() ? "," : ""));
    out << wrapped_list("  tiles at " + cost + ":", items, 8) << "\n";
  }
  // Owned areas: number and name, the owner's initial and disks, and Axe tokens ("7 Birka:R2a1").
  std::vector<std::string> areas;
  for (int a = 0; a < b.num_areas; ++a) {
    const int owner = s.owner_of(a);
    if (owner < 0) continue;
    std::string text = area_label(a) + ":" + std::string(kColourNames[std::size_t(owner)].substr(0, 1)) +
                       std::to_string(s.disks[std::size_t(a)]);
    if (s.axes[std::size_t(a)] > 0) text += "a" + std::to_string(s.axes[std::size_t(a)]);
    areas.push_back(text);
  }
  if (!areas.empty()) out << wrapped_list("  owned", areas, 8) << "\n";
  return out.str();
}

std::string bardagi::Presentation::board_svg(const Bardagi::State& s, const std::vector<double>& usage, int games) {
  bardagi::BoardMarks marks;
  marks.owned_share = usage;
  marks.games = games;
  return bardagi::board_svg(s.board(), marks);
}

std::vector<double> bardagi::Presentation::board_usage(const Bardagi::State& s) {
  std::vector<double> owned(std::size_t(s.board().num_areas), 0.0);
  for (int a = 0; a < s.board().num_areas; ++a) owned[std::size_t(a)] = s.owner_of(a) >= 0 ? 1 : 0;
  return owned;
}

ItemStats Bardagi::item_stats(const State& s, std::string_view kind, bool final) {
  const int n = s.num_players();
  if (kind == "area") {
    const bardagi::Board& board = s.board();
    ItemStats out(board.num_areas, {{"owned", false}}, n);
    for (int p = 0; p < n; ++p)
      for (int a = 0; a < board.num_areas; ++a) out.at(a, p, 0) = double((s.owned[std::size_t(p)] >> a) & 1);
    if (final)
      for (int a = 0; a < board.num_areas; ++a) out.items.push_back(board.area_id[std::size_t(a)]);
    return out;
  }
  if (kind == "tile") {
    const bardagi::Tiles& tiles = s.tiles();
    ItemStats out(tiles.num_tiles, {{"bought", false}}, n);
    for (int p = 0; p < n; ++p)
      for (int t = 0; t < tiles.num_tiles; ++t)
        out.at(t, p, 0) = double((s.villages[std::size_t(p)].upgrades >> t) & 1);
    if (final)
      for (int t = 0; t < tiles.num_tiles; ++t) out.items.push_back(tiles.tiles[std::size_t(t)].id);
    return out;
  }
  throw std::logic_error("bardagi: no statistics of kind " + std::string(kind));
}

}  // namespace nuraghe

#include "games/bardagi/notation.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "core/error.hpp"
#include "core/params.hpp"

namespace nuraghe::bardagi {
namespace {

std::string area_text(int a) { return std::to_string(a); }

// "virki+hof": the buildings of a mask, in building order.
std::string buildings_text(int buildings) {
  std::string out;
  for (int b = 0; b < kBuildings; ++b)
    if ((buildings >> b) & 1) out += (out.empty() ? "" : "+") + std::string(kBuildingNames[std::size_t(b)]);
  return out;
}

std::string unit_name(Unit u) { return std::string(kUnitNames[std::size_t(u)]); }

// The text's words as typed (one rule for every game: letters in the case of the canonical text,
// lower case but a selection's unit letters); `shown` is the text with its blanks collapsed, for messages.
struct Words {
  std::vector<std::string> w;
  std::string shown;
};

Words split(std::string_view text) {
  Words out;
  std::string word, typed;
  const auto flush = [&] {
    if (word.empty()) return;
    out.w.push_back(word);
    out.shown += (out.shown.empty() ? "" : " ") + typed;
    word.clear(), typed.clear();
  };
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isspace(u) || std::iscntrl(u)) {
      flush();
    } else {
      word += c;
      typed += c;
    }
  }
  flush();
  return out;
}

// Reads one move's words into a Move, or throws naming what was expected.
class Parser {
 public:
  Parser(const State& s, Words words) : s_(s), b_(s.board()), words_(std::move(words)) {}

  [[noreturn]] void fail(const std::string& why) const {
    input_error("bardagi: \"" + words_.shown + "\" is not a move: " + why);
  }

  Move parse() {
    if (words_.w.empty()) fail("it is empty (expected a move such as `select B3 G1 K1 N1` or `berserkur move 12`)");
    const std::string& head = words_.w[0];
    for (int u = 0; u < kUnits; ++u)
      if (head == kUnitNames[std::size_t(u)]) return unit_move(Unit(u));
    if (head == "select") return select();
    struct Plain {
      std::string_view word;
      MoveKind kind;
    };
    for (const Plain p :
         {Plain{"end", MoveKind::End}, Plain{"attack", MoveKind::Attack}, Plain{"continue", MoveKind::Continue},
          Plain{"stop", MoveKind::Stop}, Plain{"sail", MoveKind::Sail}, Plain{"anchor", MoveKind::Anchor},
          Plain{"strengthen", MoveKind::Strengthen}})
      if (head == p.word) {
        words(1, std::string(p.word));
        return make_move(p.kind);
      }
    if (head == "launch") {
      words(2, "launch HARBOUR-AREA");
      return make_move(MoveKind::Launch, harbour(1));
    }
    if (head == "toward") {
      words(2, "toward HARBOUR-AREA");
      return make_move(MoveKind::Toward, harbour(1));
    }
    if (head == "board" || head == "leave") {
      words(2, head + " berserkur|godi|kaupmadur");
      return make_unit_move(head == "board" ? MoveKind::Board : MoveKind::Leave, unit(1));
    }
    if (head == "trade") {
      if (words_.w.size() != 3)
        fail("expected `trade RESOURCE AMOUNT` (a trade session's end amount) or `kaupmadur trade` (a Kaupmadur card)");
      const int r = resource(1);
      return make_move(MoveKind::Amount, r | number(2, 0, kStorage, "amount") << 3);
    }
    if (head == "refill") {
      words(2, "refill BUILDING+BUILDING or `refill none` (a unit's card is `UNIT refill BUILDING`)");
      return make_move(MoveKind::Restock, words_.w[1] == "none" ? 0 : buildings(1));
    }
    if (head == "shift") {
      words(3, "shift virki|FROM-AREA TO-AREA");
      const int from = words_.w[1] == "virki" ? 0 : area(1) + 1;
      return make_move(MoveKind::Shift, from | area(2) << 7);
    }
    if (head == "cast") {
      words(3, "cast RUNE AREA");
      return make_move(MoveKind::CastRune, rune(1) | area(2) << 3);
    }
    if (head == "free-rune") {
      words(3, "free-rune RUNE AREA (the hof-free-rune tile's rune)");
      return make_move(MoveKind::CastRune, rune(1) | area(2) << 3 | kFreeRune);
    }
    if (head == "remove") {
      words(2, "remove RUNE");
      return make_move(MoveKind::RemoveRune, rune(1));
    }
    if (head == "wind") {
      if (words_.w.size() == 1) return make_move(MoveKind::Wind, 0);
      words(2, "wind (the Knerrir on the board) or wind HARBOUR-AREA (from home)");
      return make_move(MoveKind::Wind, harbour(1) + 1);
    }
    if (head == "buy") return buy();
    if (head == "yield") return yield();
    if (head == "extra") {
      words(2, "extra RESOURCE|gold");
      return make_move(MoveKind::Extra, words_.w[1] == "gold" ? kResources : resource(1));
    }
    if (head == "sell") {
      words(2, "sell AMOUNT (hide sold for gold)");
      return make_move(MoveKind::Sell, number(1, 0, kStorage, "amount of hide"));
    }
    if (head == "axes") {
      words(2, "axes NUMBER (Axe tokens bought)");
      return make_move(MoveKind::BuyAxes, number(1, 0, 2, "number of Axes"));
    }
    if (head == "axe") {
      words(2, "axe AREA (an Axe token placed)");
      return make_move(MoveKind::PlaceAxe, area(1));
    }
    if (head == "recruit") {
      words(2, "recruit BUILDING (a recruit placed)");
      return make_move(MoveKind::PlaceRecruit, building(1));
    }
    if (std::any_of(head.begin(), head.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); }))
      fail("unknown word \"" + head + "\" (moves are written in lower case, as `nuraghe legal` prints them)");
    fail(
        "unknown word \"" + head +
        "\" (expected select, a unit's name, end, attack, continue, stop, launch, sail, toward, anchor, board, "
        "leave, trade, refill, strengthen, shift, cast, free-rune, remove, wind, buy, yield, extra, sell, axes, axe or "
        "recruit)");
  }

 private:
  const State& s_;
  const Board& b_;
  Words words_;

  void words(std::size_t n, const std::string& form) const {
    if (words_.w.size() != n) fail("expected `" + form + "`");
  }

  int number(std::size_t i, int lo, int hi, const std::string& what) const {
    return number_in(words_.w[i], lo, hi, what);
  }

  // Whole decimal digits, no sign and no leading zero (the rule of every game's numbers:
  // Params::try_unsigned), within [lo, hi].
  int number_in(const std::string& w, int lo, int hi, const std::string& what) const {
    std::uint64_t n = 0;
    if (!Params::try_unsigned(w, n))
      fail("\"" + w + "\" is not a number (expected the " + what + ", " + std::to_string(lo) + "-" +
           std::to_string(hi) + ", in digits without a sign or a leading zero)");
    if (n < std::uint64_t(lo) || n > std::uint64_t(hi))
      fail("the " + what + " " + w + " is out of range (" + std::to_string(lo) + "-" + std::to_string(hi) + ")");
    return int(n);
  }

  int area(std::size_t i) const {
    const std::string& w = words_.w[i];
    if (!w.empty() && w.find_first_not_of("0123456789") == std::string::npos)
      return number(i, 0, b_.num_areas - 1, "area index");
    const int a = b_.area(w);
    if (a < 0)
      fail("unknown area \"" + w + "\" (expected an area index 0-" + std::to_string(b_.num_areas - 1) +
           " or an area id of the " + b_.name + " board)");
    return a;
  }

  int harbour(std::size_t i) const {
    const int a = area(i);
    if (!b_.has_harbour(a)) fail("area " + std::to_string(a) + " (" + b_.area_id[std::size_t(a)] + ") has no harbour");
    return a;
  }

  Unit unit(std::size_t i) const {
    for (int u = 0; u < kUnits; ++u)
      if (words_.w[i] == kUnitNames[std::size_t(u)]) return Unit(u);
    fail("unknown unit \"" + words_.w[i] + "\" (expected berserkur, godi, kaupmadur or knerrir)");
  }

  template <std::size_t N>
  int name_in(const std::array<std::string_view, N>& names, std::string_view w, const std::string& what) const {
    for (std::size_t k = 0; k < N; ++k)
      if (w == names[k]) return int(k);
    std::string list;
    for (std::size_t k = 0; k < N; ++k) list += (k == 0 ? "" : k + 1 == N ? " or " : ", ") + std::string(names[k]);
    fail("unknown " + what + " \"" + std::string(w) + "\" (expected " + list + ")");
  }
  int resource(std::size_t i) const { return name_in(kResourceNames, words_.w[i], "resource"); }
  int building(std::size_t i) const { return name_in(kBuildingNames, words_.w[i], "building"); }
  int rune(std::size_t i) const { return name_in(kRuneIds, words_.w[i], "rune"); }

  int buildings(std::size_t i) const {
    int mask = 0;
    std::string part;
    const std::string& w = words_.w[i];
    for (std::size_t k = 0; k <= w.size(); ++k) {
      if (k < w.size() && w[k] != '+') {
        part += w[k];
        continue;
      }
      const int b = name_in(kBuildingNames, part, "building");
      if ((mask >> b) & 1) fail("the building " + part + " is named twice");
      mask |= 1 << b;
      part.clear();
    }
    return mask;
  }

  Move unit_move(Unit u) {
    if (words_.w.size() < 2)
      fail("expected a unit's action after \"" + words_.w[0] +
           "\" (move AREA, overtake, refill BUILDING, pass, buy-runes, trade, home)");
    const std::string& verb = words_.w[1];
    const std::string name = unit_name(u);
    if (verb == "as") return as_berserkur(u);
    if (verb == "move") {
      words(3, name + " move AREA");
      return make_unit_move(MoveKind::MoveUnit, u, area(2));
    }
    if (verb == "refill") {
      words(3, name + " refill BUILDING+BUILDING");
      return make_unit_move(MoveKind::Refill, u, buildings(2));
    }
    struct Plain {
      std::string_view word;
      MoveKind kind;
    };
    for (const Plain p :
         {Plain{"overtake", MoveKind::Overtake}, Plain{"pass", MoveKind::Idle}, Plain{"buy-runes", MoveKind::BuyRunes}})
      if (verb == p.word) {
        words(2, name + " " + std::string(p.word));
        return make_unit_move(p.kind, u);
      }
    if (verb == "trade" || verb == "home") {
      if (u != Unit::Kaupmadur) fail("only the kaupmadur has `" + verb + "`");
      words(2, "kaupmadur " + verb);
      return make_move(verb == "trade" ? MoveKind::Trade : MoveKind::Home);
    }
    fail("unknown action \"" + verb + "\" of the " + name +
         " (expected move AREA, overtake, refill BUILDING, pass, buy-runes" +
         (u == Unit::Kaupmadur ? ", trade, home)" : ")"));
  }

  // `godi as berserkur move 12`: a card of another unit played as a Berserkur card (virki-any-card)
  // for his move, overtake, refill or attack.
  Move as_berserkur(Unit card) {
    const std::string form = unit_name(card) + " as berserkur move AREA|overtake|refill virki|attack";
    if (card == Unit::Berserkur || words_.w.size() < 4 || words_.w[2] != "berserkur") fail("expected `" + form + "`");
    if (words_.w[3] == "attack") {
      words(4, form);
      return with_card(make_move(MoveKind::Attack), card);
    }
    Words rest{{words_.w.begin() + 2, words_.w.end()}, words_.shown};
    const Move m = Parser(s_, std::move(rest)).unit_move(Unit::Berserkur);
    const MoveKind k = kind_of(m);
    if (k != MoveKind::MoveUnit && k != MoveKind::Overtake && k != MoveKind::Refill) fail("expected `" + form + "`");
    return with_card(m, card);
  }

  Move select() {
    if (words_.w.size() < 2) fail("expected `select` and counts per unit such as B3 G1 K1 N1");
    std::array<int, kUnits> counts{};
    std::array<bool, kUnits> named{};
    for (std::size_t i = 1; i < words_.w.size(); ++i) {
      const std::string& w = words_.w[i];
      int u = -1;
      for (int k = 0; k < kUnits; ++k)
        if (!w.empty() && w[0] == kUnitLetters[std::size_t(k)]) u = k;
      if (u < 0 || w.size() < 2)
        fail("\"" + w + "\" is not a unit's count (expected a capital letter B, G, K or N and a number, as in B3)");
      if (named[std::size_t(u)]) fail("the unit " + std::string(1, kUnitLetters[std::size_t(u)]) + " is named twice");
      named[std::size_t(u)] = true;
      counts[std::size_t(u)] =
          number_in(w.substr(1), 0, kCardsPerUnit, "count of " + std::string(1, kUnitLetters[std::size_t(u)]));
    }
    const Selection sel = make_selection(counts);
    if (s_.phase == Phase::Planning && cards_of(sel) != s_.cards_this_round())
      fail("it selects " + std::to_string(cards_of(sel)) + " cards (round " + std::to_string(s_.round) + " takes " +
           std::to_string(s_.cards_this_round()) + ")");
    return make_move(MoveKind::Select, sel);
  }

  Move buy() {
    words(3, "buy small|large TILE");
    const int size = name_in(kTileSizeNames, words_.w[1], "tile size");
    const Tiles& tiles = s_.tiles();
    const int t = tiles.tile(words_.w[2]);
    if (t < 0) fail("unknown upgrade tile \"" + words_.w[2] + "\" (expected a tile id of tiles.json)");
    if (int(tiles.tiles[std::size_t(t)].size) != size)
      fail("the tile " + words_.w[2] + " is " + std::string(tile_size_name(tiles.tiles[std::size_t(t)].size)) +
           ", not " + words_.w[1]);
    return make_move(MoveKind::Buy, t);
  }

  Move yield() {
    words(3, "yield AREA meat|wool|hide");
    const int a = area(1);
    const AreaKind k = b_.kind[std::size_t(a)];
    if (k != AreaKind::Sheep && k != AreaKind::Cattle)
      fail("area " + std::to_string(a) + " is " + std::string(area_kind_name(k)) +
           ": only sheep and cattle areas have a yield to choose");
    const std::string& r = words_.w[2];
    const std::string other = k == AreaKind::Sheep ? "wool" : "hide";
    if (r != "meat" && r != other)
      fail("a " + std::string(area_kind_name(k)) + " area yields meat or " + other + ", not \"" + r + "\"");
    return make_move(MoveKind::Yield, a | (r == "meat" ? 1 : 0) << 6);
  }
};

// The legal moves, or as many as fit a line, for messages.
std::string legal_summary(const State& s, Player seat, const MoveList& moves) {
  constexpr int kShown = 6;
  std::string out;
  for (int i = 0; i < int(moves.size()) && i < kShown; ++i)
    out += (i == 0 ? "" : " | ") + move_text(s, seat, moves[std::size_t(i)]);
  if (int(moves.size()) > kShown)
    out += " | ... (" + std::to_string(moves.size()) + " in all: `nuraghe legal` lists them)";
  return out;
}

}  // namespace

std::string move_text(const State& s, Player seat, Move m) {
  if (const Unit card = card_of(m); card != Unit::Berserkur) {  // `godi as berserkur move 12`
    const Move own = without_card(m);
    return unit_name(card) + " as " + (kind_of(own) == MoveKind::Attack ? "berserkur attack" : move_text(s, seat, own));
  }
  const Unit u = unit_of(m);
  const int f = field_of(m), uf = unit_field_of(m);
  switch (kind_of(m)) {
    case MoveKind::Select: {
      std::string out = "select";
      for (int k = 0; k < kUnits; ++k)
        if (const int n = count_of(Selection(f), Unit(k)); n > 0)
          out += " " + std::string(1, kUnitLetters[std::size_t(k)]) + std::to_string(n);
      return out;
    }
    case MoveKind::MoveUnit: return unit_name(u) + " move " + area_text(uf);
    case MoveKind::Overtake: return unit_name(u) + " overtake";
    case MoveKind::Refill: return unit_name(u) + " refill " + buildings_text(uf);
    case MoveKind::Idle: return unit_name(u) + " pass";
    case MoveKind::End: return "end";
    case MoveKind::Attack: return "attack";
    case MoveKind::Continue: return "continue";
    case MoveKind::Stop: return "stop";
    case MoveKind::Launch: return "launch " + area_text(f);
    case MoveKind::Sail: return "sail";
    case MoveKind::Toward: return "toward " + area_text(f);
    case MoveKind::Anchor: return "anchor";
    case MoveKind::Board: return "board " + unit_name(u);
    case MoveKind::Leave: return "leave " + unit_name(u);
    case MoveKind::Trade: return "kaupmadur trade";
    case MoveKind::Home: return "kaupmadur home";
    case MoveKind::Amount: return "trade " + std::string(resource_name(Resource(f & 7))) + " " + std::to_string(f >> 3);
    case MoveKind::Restock: return "refill " + (f == 0 ? std::string("none") : buildings_text(f));
    case MoveKind::Strengthen: return "strengthen";
    case MoveKind::Shift:
      return "shift " + ((f & 127) == 0 ? std::string("virki") : area_text((f & 127) - 1)) + " " + area_text(f >> 7);
    case MoveKind::BuyRunes: return unit_name(u) + " buy-runes";
    case MoveKind::CastRune:
      return std::string(f & kFreeRune ? "free-rune " : "cast ") + std::string(rune_id(Rune(f & 7))) + " " +
             area_text((f >> 3) & 63);
    case MoveKind::RemoveRune: return "remove " + std::string(rune_id(Rune(f)));
    case MoveKind::Wind: return f == 0 ? std::string("wind") : "wind " + area_text(f - 1);
    case MoveKind::Buy: {
      const UpgradeTile& t = s.tiles().tiles[std::size_t(f)];
      return "buy " + std::string(tile_size_name(t.size)) + " " + t.id;
    }
    case MoveKind::Yield: {
      const int a = f & 63;
      return "yield " + area_text(a) + " " +
             (f >> 6                                              ? "meat"
              : s.board().kind[std::size_t(a)] == AreaKind::Sheep ? "wool"
                                                                  : "hide");
    }
    case MoveKind::Extra:
      return "extra " + (f == kResources ? std::string("gold") : std::string(resource_name(Resource(f))));
    case MoveKind::Sell: return "sell " + std::to_string(f);
    case MoveKind::BuyAxes: return "axes " + std::to_string(f);
    case MoveKind::PlaceAxe: return "axe " + area_text(f);
    case MoveKind::PlaceRecruit: return "recruit " + std::string(building_name(Building(f)));
  }
  return "?";
}

std::string move_areas(const State& s, Move m) {
  const Board& b = s.board();
  const auto name = [&](int a) { return b.area_name[std::size_t(a)]; };
  const Move own = without_card(m);  // `godi as berserkur move 12` names the area of its move
  const int f = field_of(own);
  switch (kind_of(own)) {
    case MoveKind::MoveUnit: return name(unit_field_of(own));
    case MoveKind::Launch:
    case MoveKind::Toward:
    case MoveKind::PlaceAxe: return name(f);
    case MoveKind::Shift: return ((f & 127) == 0 ? std::string("virki") : name((f & 127) - 1)) + " to " + name(f >> 7);
    case MoveKind::CastRune: return name((f >> 3) & 63);
    case MoveKind::Wind: return f == 0 ? std::string() : name(f - 1);
    case MoveKind::Yield: return name(f & 63);
    default: return {};
  }
}

std::vector<std::string> move_places(const State& s, Move m) {
  const Board& b = s.board();
  const auto place = [&](int a) { return "area:" + b.area_id[std::size_t(a)]; };
  const Move own = without_card(m);
  const int f = field_of(own);
  switch (kind_of(own)) {
    case MoveKind::MoveUnit: return {place(unit_field_of(own))};
    case MoveKind::Launch:
    case MoveKind::Toward:
    case MoveKind::PlaceAxe: return {place(f)};
    case MoveKind::Shift:
      if ((f & 127) == 0) return {place(f >> 7)};  // from the Virki, which is not on the board
      return {place((f & 127) - 1), place(f >> 7)};
    case MoveKind::CastRune: return {place((f >> 3) & 63)};
    case MoveKind::Wind: return f == 0 ? std::vector<std::string>{} : std::vector<std::string>{place(f - 1)};
    case MoveKind::Yield: return {place(f & 63)};
    default: return {};
  }
}

Move parse_move_text(const State& s, Player seat, std::string_view text) {
  Words words = split(text);
  const std::string shown = words.shown;
  const Move m = Parser(s, std::move(words)).parse();
  MoveList moves;
  s.legal_moves(seat, moves);
  for (const Move legal : moves)
    if (legal == m) return m;
  const std::string who = "player " + std::to_string(seat);
  if (moves.empty())
    input_error("bardagi: \"" + shown + "\" is not a legal move: " + who + " has no move now" +
                (s.phase == Phase::Over ? " (the game is over)"
                                        : " (player " + std::to_string(int(s.to_move())) + " is to move)"));
  input_error("bardagi: \"" + shown + "\" is not a legal move for " + who +
              " now (legal: " + legal_summary(s, seat, moves) + ")");
}

}  // namespace nuraghe::bardagi

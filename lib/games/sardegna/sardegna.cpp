// Sardegna: setup, notation, positions and pictures.
#include <algorithm>
#include <numeric>
#include <sstream>

#include "games/sardegna/sardegna.hpp"

namespace nuraghe {

using S = Sardegna::State;

namespace {

constexpr const char* kCardNames[Sardegna::kCards] = {"admiral",   "commander", "priest",  "farmer",
                                                      "architect", "queen",     "sentinel"};
constexpr const char* kTokenNames[Sardegna::kTokenKinds] = {"none", "wheat", "olive", "wine", "thyme", "cheese"};
constexpr const char* kPhaseNames[] = {"play", "commander-move", "admiral-move", "sentinel-choice", "discard", "over"};

int card_by_name(const std::string& name) {
  for (int c = 0; c < Sardegna::kCards; ++c)
    if (name == kCardNames[c]) return c;
  return -1;
}

Json card_list(std::uint8_t mask) {
  Json list = Json::array();
  for (int c = 0; c < Sardegna::kCards; ++c)
    if (mask >> c & 1) list.push_back(kCardNames[c]);
  return list;
}

Json ids(std::uint32_t mask) {  // 1-based ids of the set bits
  Json list = Json::array();
  for (; mask; mask &= mask - 1) list.push_back(std::countr_zero(mask) + 1);
  return list;
}

std::string pair_text(int a, int b) { return std::to_string(a + 1) + "-" + std::to_string(b + 1); }

// The position or view; `observer` < 0 shows everything.
Json position(const S& s, Player observer) {
  const bool all = observer < 0;
  Json j{{"game", "sardegna"}, {"variant", s.variant ? "alt-sentinel" : "base"}, {"players", s.players}};
  j["map"] = s.board == &sardegna::Board::standard() ? Json("standard") : s.board->source;
  j["turn"] = s.turn;
  j["phase"] = kPhaseNames[int(s.phase)];
  if (s.phase == Sardegna::Phase::CommanderSteps || s.phase == Sardegna::Phase::AdmiralSteps)
    j["move"] = Json{{"steps_left", s.steps_left},
                     {"started", ids(s.started)},
                     {"ended", ids(s.ended)},
                     {"last", {s.last_step / 16 + 1, s.last_step % 16 + 1}}};
  Json tokens = Json::array();
  for (int q = 0; q < Sardegna::kProvinces; ++q)
    tokens.push_back(s.token_in(q) ? Json(kTokenNames[s.token_in(q)]) : Json());
  j["tokens"] = tokens;
  j["scorings"] = s.row_next;
  Json row = Json::array();  // the cards still in the row, leftmost first; the first two face up
  for (int i = s.row_next; i < Sardegna::kRowLength; ++i)
    row.push_back(all || i < s.row_next + 2 ? Json(s.row[i] + 1) : Json());
  j["row"] = row;
  Json deck = Json::array();  // top first
  for (int i = 0; i < s.deck_size; ++i) {
    const bool known = all || (s.deck_known[i] >> observer & 1);
    Json known_by = Json::array();
    for (int p = 0; p < s.players; ++p)
      if (s.deck_known[i] >> p & 1) known_by.push_back(p);
    deck.push_back(Json{{"fort", known ? Json(s.deck[i] + 1) : Json()}, {"known_by", known_by}});
  }
  j["deck"] = deck;
  Json seats = Json::array();
  for (int p = 0; p < s.players; ++p) {
    Json villagers = Json::array(), villages = Json::array(), harvested = Json::object();
    for (int q = 0; q < Sardegna::kProvinces; ++q)
      villagers.push_back(s.villagers_in(p, q)), villages.push_back(s.villages_in(p, q));
    for (int k = 1; k < Sardegna::kTokenKinds; ++k) harvested[kTokenNames[k]] = s.harvested[p][k];
    Json priv = Json::array();
    for (int i = 0; i < 2; ++i)
      if (s.private_card[p][i] != Sardegna::kNoCard)
        priv.push_back(all || p == observer ? Json(s.private_card[p][i] + 1) : Json());
    seats.push_back(Json{{"score", s.score[p]},
                         {"hand", card_list(s.hand[p])},
                         {"front", card_list(s.front[p])},
                         {"villagers", villagers},
                         {"villages", villages},
                         {"priest", s.priest[p] < 0 ? Json() : Json(s.priest[p] + 1)},
                         {"ships", ids(s.ships[p])},
                         {"forts", ids(s.forts[p])},
                         {"harvested", harvested},
                         {"private", priv}});
  }
  j["seats"] = seats;
  if (!all) j["observer"] = observer;
  return j;
}

}  // namespace

const char* Sardegna::card_name(int c) { return kCardNames[c]; }
const char* Sardegna::token_name(int t) { return kTokenNames[t]; }

Sardegna::State Sardegna::initial(const GameConfig& config) {
  const int players = checked_players<Sardegna>(config, 2);
  const Params params("sardegna", config.options, option_specs());
  State s;
  s.board = config.map_file.empty() ? &sardegna::Board::standard() : &sardegna::Board::load_file(config.map_file);
  s.players = std::uint8_t(players);
  s.variant = params.text("variant") == "alt-sentinel";
  Rng rng(config.seed);
  // Setup (page 2): wheat on the yellow provinces, olive and wine at random on the green ones,
  // thyme and cheese at random on the brown ones.
  for (auto [colour, pool] :
       {std::pair{sardegna::Colour::Yellow, std::vector<Token>{kWheat, kWheat}},
        std::pair{sardegna::Colour::Green,
                  std::vector<Token>{kOlive, kOlive, kOlive, kOlive, kWine, kWine, kWine, kWine}},
        std::pair{sardegna::Colour::Brown, std::vector<Token>{kThyme, kThyme, kThyme, kCheese, kCheese, kCheese}}}) {
    rng.shuffle(pool.begin(), std::uint32_t(pool.size()));
    std::size_t next = 0;
    for (int q = 0; q < kProvinces; ++q)
      if (s.board->colour[q] == colour) s.tokens |= std::uint64_t(pool[next++]) << (4 * q);
  }
  // The 26 fort cards shuffled: 11 to the row (the two leftmost face up), the rest the deck.
  std::uint8_t cards[kForts];
  std::iota(cards, cards + kForts, std::uint8_t{0});
  rng.shuffle(cards, kForts);
  std::copy(cards, cards + kRowLength, s.row);
  for (int i = kRowLength; i < kForts; ++i) s.put_under_deck(cards[i], 0);
  for (int p = 0; p < players; ++p) s.hand[p] = std::uint8_t((1u << kCards) - 1);
  if (s.variant)  // page 10: each player draws one private fort card
    for (int p = 0; p < players; ++p) s.private_card[p][0] = s.draw_from_deck();
  return s;
}

std::string Sardegna::move_to_string(const State&, Player, Move m) {
  const Kind k = kind_of(m);
  const Move card = card_of(m);
  std::string prefix;
  if (card != kNoCardField) {
    prefix = kCardNames[card];
    if (queen_of(m)) {
      static constexpr Card copied_card[] = {kAdmiral, kAdmiral, kAdmiral, kCommander, kCommander,
                                             kPriest,  kPriest,  kFarmer,  kArchitect, kArchitect};
      prefix += std::string(" ") + kCardNames[copied_card[k]];  // indexed by Kind
    }
    prefix += " ";
  }
  const int a = int(a_of(m)), b = int(b_of(m));
  switch (k) {
    case kNoAction: return kCardNames[card];
    case kAddShip: return prefix + "ship " + std::to_string(a + 1);
    case kShipStep:
    case kVillagerStep:
    case kPriestMove: return prefix + "move " + pair_text(a, b);
    case kAddVillager: return prefix + "villager " + std::to_string(a + 1);
    case kAddPriest: return prefix + "add " + std::to_string(a + 1);
    case kHarvest: return prefix + "harvest " + std::to_string(a + 1);
    case kBuildFort: return prefix + "fort " + std::to_string(a + 1);
    case kBuildVillage: return prefix + "village " + std::to_string(a + 1);
    case kPlaySentinel: return "sentinel";
    case kStop: return "stop";
    case kKeep: return "keep";
    case kReplace: return "replace";
    case kSwap: return "swap";
    case kDiscard: return "discard " + std::to_string(a + 1);
  }
  return "?";
}

// Reads the notation above. What is legal is for the caller to check; this only reads.
Move Sardegna::parse_move(const State& s, Player, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  const std::string shown = trim(text);
  auto fail = [&](const std::string& why) -> Move {
    input_error("sardegna: cannot read move \"" + shown + "\" (" + why + ")");
  };
  auto number = [&](const std::string& t, int hi) -> Move {
    long long v;
    if (!Params::try_integer(t, v) || v < 1 || v > hi) fail("\"" + t + "\" is not a number 1.." + std::to_string(hi));
    return Move(v - 1);
  };
  auto pair = [&](const std::string& t, int hi, Move& a, Move& b) {
    const auto dash = t.find('-');
    if (dash == std::string::npos) fail("expected FROM-TO, got \"" + t + "\"");
    a = number(t.substr(0, dash), hi);
    b = number(t.substr(dash + 1), hi);
  };
  if (w.empty()) fail("empty");
  if (w.size() == 1) {
    if (w[0] == "stop") return make_move(kStop, kNoCardField);
    if (w[0] == "keep") return make_move(kKeep, kNoCardField);
    if (w[0] == "replace") return make_move(kReplace, kNoCardField);
    if (w[0] == "swap") return make_move(kSwap, kNoCardField);
    if (w[0] == "sentinel") return make_move(kPlaySentinel, kSentinel);
  }
  if (w[0] == "discard" && w.size() == 2) return make_move(kDiscard, kNoCardField, false, number(w[1], kForts));
  const bool continuation = s.phase == Phase::CommanderSteps || s.phase == Phase::AdmiralSteps;
  if (w[0] == "move" && w.size() == 2 && continuation) {
    Move a, b;
    pair(w[1], s.phase == Phase::CommanderSteps ? kProvinces : kHarbours, a, b);
    return make_move(s.phase == Phase::CommanderSteps ? kVillagerStep : kShipStep, kNoCardField, false, a, b);
  }
  std::size_t i = 0;
  int card = card_by_name(w[i++]);
  if (card < 0) fail("expected a character card: admiral, commander, priest, farmer, architect, queen or sentinel");
  bool via_queen = false;
  if (card == kQueen && w.size() > 1) {
    via_queen = true;
    card = card_by_name(w[i++]);
    if (card < 0 || card == kQueen || card == kSentinel)
      fail("the Queen copies admiral, commander, priest, farmer or architect");
  }
  const Move played = via_queen ? Move(kQueen) : Move(card);
  if (i == w.size()) return card == kSentinel ? make_move(kPlaySentinel, kSentinel) : make_move(kNoAction, played);
  if (i + 2 != w.size()) fail("expected an action and one argument");
  const std::string& action = w[i];
  const std::string& arg = w[i + 1];
  Move a = 0, b = 0;
  if (card == kAdmiral && action == "ship") return make_move(kAddShip, played, via_queen, number(arg, kHarbours));
  if (card == kAdmiral && action == "move")
    return pair(arg, kHarbours, a, b), make_move(kShipStep, played, via_queen, a, b);
  if (card == kCommander && action == "villager")
    return make_move(kAddVillager, played, via_queen, number(arg, kProvinces));
  if (card == kCommander && action == "move")
    return pair(arg, kProvinces, a, b), make_move(kVillagerStep, played, via_queen, a, b);
  if (card == kPriest && action == "add") return make_move(kAddPriest, played, via_queen, number(arg, kProvinces));
  if (card == kPriest && action == "move")
    return pair(arg, kProvinces, a, b), make_move(kPriestMove, played, via_queen, a, b);
  if (card == kFarmer && action == "harvest") return make_move(kHarvest, played, via_queen, number(arg, kProvinces));
  if (card == kArchitect && action == "fort") return make_move(kBuildFort, played, via_queen, number(arg, kForts));
  if (card == kArchitect && action == "village")
    return make_move(kBuildVillage, played, via_queen, number(arg, kProvinces));
  return fail(std::string("\"") + action + "\" is not an action of the " + kCardNames[card]);
}

// Reads a position and checks it against the rules: supplies, capacities, the fort cards (each
// exactly once), the tokens (each colour's kinds, none lost), the cards in hand and in front, the
// points (harvests score exactly their points; the rest only comes from scorings), the phase and a
// half-finished move. Every field is required except `map` (default "standard") and `move`
// (present exactly in the commander-move and admiral-move phases).
Sardegna::State Sardegna::from_json(const Json& j) {
  const std::string where = "sardegna position";
  const JsonIn in(j, where);
  in.allow_only(
      {"game", "variant", "players", "map", "turn", "phase", "move", "tokens", "scorings", "row", "deck", "seats"});
  if (in.at("game").string() != "sardegna") in.at("game").fail("is not \"sardegna\"");
  State s;
  if (const auto map = in.find("map")) {
    if (map->json().is_string()) {
      if (map->string() != "standard")
        map->fail("must be \"standard\" or a whole board object, not \"" + map->string() +
                  "\" (--map FILE reads a board file)");
      s.board = &sardegna::Board::standard();
    } else {
      map->expect_object();
      s.board = &sardegna::Board::intern(map->json(), where + ": map");
    }
  } else {
    s.board = &sardegna::Board::standard();
  }
  s.players = std::uint8_t(in.at("players").int_in(kMinPlayers, kMaxPlayers));
  const std::string variant = in.at("variant").string();
  if (variant != "base" && variant != "alt-sentinel") in.at("variant").fail("must be \"base\" or \"alt-sentinel\"");
  s.variant = variant == "alt-sentinel";
  s.turn = std::uint8_t(in.at("turn").int_in(0, s.players - 1));
  const std::string phase = in.at("phase").string();
  int phase_index = -1;
  for (int i = 0; i < 6; ++i)
    if (phase == kPhaseNames[i]) phase_index = i;
  if (phase_index < 0)
    in.at("phase").fail("\"" + phase +
                        "\" is not a phase (play, commander-move, admiral-move, sentinel-choice, discard, over)");
  s.phase = Phase(phase_index);

  // Tokens: each colour carries its own kinds; together with the harvested ones, all 16 are there.
  const std::vector<JsonIn> tokens = in.at("tokens").array_of_size(kProvinces);
  int count[kTokenKinds] = {};
  for (int q = 0; q < kProvinces; ++q) {
    if (tokens[q].is_null()) continue;
    const std::string name = tokens[q].string();
    int t = -1;
    for (int k = 1; k < kTokenKinds; ++k)
      if (name == kTokenNames[k]) t = k;
    if (t < 0)
      tokens[q].fail("\"" + name + "\" is not a token (wheat, olive, wine, thyme, cheese, or null once harvested)");
    const auto colour = s.board->colour[q];
    const bool fits = (t == kWheat && colour == sardegna::Colour::Yellow) ||
                      ((t == kOlive || t == kWine) && colour == sardegna::Colour::Green) ||
                      ((t == kThyme || t == kCheese) && colour == sardegna::Colour::Brown);
    if (!fits)
      input_error(where + ": a " + kTokenNames[t] + " token cannot lie in province " + std::to_string(q + 1) +
                  " (wrong colour)");
    s.tokens |= std::uint64_t(t) << (4 * q);
    ++count[t];
  }

  const std::vector<JsonIn> seats = in.at("seats").array_of_size(s.players);
  std::uint32_t all_forts = 0;
  int harvest_points[kMaxPlayers] = {};
  for (int p = 0; p < s.players; ++p) {
    const JsonIn& seat = seats[p];
    const std::string at = where + ": seat " + std::to_string(p);
    seat.allow_only(
        {"score", "hand", "front", "villagers", "villages", "priest", "ships", "forts", "harvested", "private"});
    s.score[p] = std::uint16_t(seat.at("score").int_in(0, 10000));
    const auto cards = [&](const char* key) {
      std::uint8_t m = 0;
      for (const JsonIn& e : seat.at(key).array()) {
        const std::string name = e.string();
        const int c = card_by_name(name);
        if (c < 0) e.fail("\"" + name + "\" is not a character card");
        if (m >> c & 1) e.fail("names the " + name + " a second time");
        m = std::uint8_t(m | (1u << c));
      }
      return m;
    };
    s.hand[p] = cards("hand");
    s.front[p] = cards("front");
    if ((s.hand[p] & s.front[p]) || (s.hand[p] | s.front[p]) != (1u << kCards) - 1)
      input_error(at + ": every character card must be either in hand or in front, once");
    const auto villagers = seat.at("villagers").integers(0, kSupplyVillagers, kProvinces, kProvinces);
    const auto villages = seat.at("villages").integers(0, kSupplyVillages, kProvinces, kProvinces);
    int on_board = 0, built = 0;
    for (int q = 0; q < kProvinces; ++q) {
      on_board += int(villagers[q]), built += int(villages[q]);
      s.villagers[p] |= std::uint64_t(villagers[q]) << (4 * q);
      s.villages[p] |= std::uint64_t(villages[q]) << (4 * q);
    }
    if (on_board > kSupplyVillagers || built > kSupplyVillages)
      input_error(at + ": more villagers or villages than the supply has (5, 4)");
    const JsonIn priest = seat.at("priest");
    s.priest[p] = priest.is_null() ? std::int8_t(-1) : std::int8_t(priest.int_in(1, kProvinces) - 1);
    for (const JsonIn& h : seat.at("ships").array()) {
      const int id = h.int_in(1, kHarbours);
      if (s.ships[p] >> (id - 1) & 1) h.fail("names harbour " + std::to_string(id) + " a second time");
      s.ships[p] = std::uint8_t(s.ships[p] | (1u << (id - 1)));
    }
    if (std::popcount(unsigned(s.ships[p])) > kSupplyShips) input_error(at + ": a player has 2 ships");
    for (const JsonIn& f : seat.at("forts").array()) {
      const int id = f.int_in(1, kForts);
      if (all_forts >> (id - 1) & 1) f.fail("names fort space " + std::to_string(id) + ", which is not free");
      all_forts |= 1u << (id - 1);
      s.forts[p] |= 1u << (id - 1);
    }
    if (std::popcount(s.forts[p]) > kSupplyForts) input_error(at + ": a player has 3 forts");
    const JsonIn harvested = seat.at("harvested");
    harvested.allow_only({"wheat", "olive", "wine", "thyme", "cheese"});
    for (int k = 1; k < kTokenKinds; ++k) {
      const int n = harvested.at(kTokenNames[k]).int_in(0, kTokensOfKind[k]);
      s.harvested[p][k] = std::uint8_t(n);
      count[k] += n;
      harvest_points[p] += n * (n + 1) / 2;  // page 5: the n-th token of a kind scores n
    }
    // Page 5: villages in play never outnumber the tokens harvested.
    if (built > s.tokens_harvested(p)) input_error(at + ": more villages than harvested tokens");
  }
  for (int k = 1; k < kTokenKinds; ++k)
    if (count[k] != kTokensOfKind[k])
      input_error(where + ": there must be " + std::to_string(kTokensOfKind[k]) + " " + kTokenNames[k] +
                  " tokens on the board and harvested");
  s.recount();
  for (int q = 0; q < kProvinces; ++q)
    if (s.pieces_in(q) > kCapacity)
      input_error(where + ": province " + std::to_string(q + 1) + " holds more than 7 pieces");
  for (int h = 0; h < kHarbours; ++h)
    if (s.ships_in(h) > s.harbour_capacity())
      input_error(where + ": harbour " + std::to_string(h + 1) + " holds too many ships");

  // Fort cards: the row, the deck and the private cards hold each of the 26 once.
  std::uint32_t seen = 0;
  const auto fort_card = [&](const JsonIn& v) {
    const int c = v.int_in(1, kForts) - 1;
    if (seen >> c & 1) v.fail("is fort card " + std::to_string(c + 1) + ", which appears twice");
    seen |= 1u << c;
    return std::uint8_t(c);
  };
  s.row_next = std::uint8_t(in.at("scorings").int_in(0, kRowLength));
  const std::vector<JsonIn> row =
      in.at("row").array_of_size(std::size_t(kRowLength - s.row_next));  // the 11 - scorings cards left
  for (int i = 0; i < kRowLength; ++i) s.row[i] = i < s.row_next ? kNoCard : fort_card(row[i - s.row_next]);
  for (const JsonIn& d : in.at("deck").array(0, kForts)) {
    d.allow_only({"fort", "known_by"});
    std::uint8_t known = 0;
    for (const JsonIn& k : d.at("known_by").array()) {
      const int p = k.int_in(0, s.players - 1);
      if (known >> p & 1) k.fail("names player " + std::to_string(p) + " a second time");
      known = std::uint8_t(known | (1u << p));
    }
    s.put_under_deck(fort_card(d.at("fort")), known);
  }
  for (int p = 0; p < s.players; ++p) {
    const std::size_t expected = !s.variant ? 0 : (s.phase == Phase::Discard && p == s.turn) ? 2 : 1;
    const std::vector<JsonIn> priv = seats[p].at("private").array();
    if (priv.size() != expected)
      input_error(where + ": seat " + std::to_string(p) + " must hold " + std::to_string(expected) +
                  " private fort cards here");
    for (std::size_t i = 0; i < priv.size(); ++i) s.private_card[p][i] = fort_card(priv[i]);
  }
  if (seen != (1u << kForts) - 1) input_error(where + ": the row, deck and private cards must hold all 26 fort cards");

  // Points: a harvest scores exactly its points; everything else comes from scorings.
  for (int p = 0; p < s.players; ++p) {
    if (s.score[p] < harvest_points[p])
      input_error(where + ": seat " + std::to_string(p) + " has " + std::to_string(s.score[p]) +
                  " points, fewer than its harvests scored (" + std::to_string(harvest_points[p]) + ")");
    if (s.row_next == 0 && s.score[p] != harvest_points[p])
      input_error(where + ": seat " + std::to_string(p) + " has " + std::to_string(s.score[p]) +
                  " points before any scoring, but its harvests scored " + std::to_string(harvest_points[p]));
  }

  // The phase and the half-finished move.
  if ((s.phase == Phase::Over) != (s.row_next == kRowLength))
    input_error(where + ": the game is over exactly after the 11th scoring");
  if (s.phase == Phase::SentinelChoice &&
      (s.row_next == 0 || s.row_next + 1 >= kRowLength || !(s.front[s.turn] >> kSentinel & 1)))
    input_error(where + ": a sentinel-choice needs a scoring just made by a Sentinel and a card just turned up");
  if (s.phase == Phase::Discard && (!s.variant || s.row_next == 0))
    input_error(where + ": the discard phase follows a Sentinel's keep in the alt-sentinel variant only");
  const bool stepping = s.phase == Phase::CommanderSteps || s.phase == Phase::AdmiralSteps;
  if (stepping != in.has("move"))
    input_error(where + ": \"move\" describes a half-finished commander or admiral move, and only that");
  if (stepping) {
    const JsonIn m = in.at("move");
    m.allow_only({"steps_left", "started", "ended", "last"});
    const bool commander = s.phase == Phase::CommanderSteps;
    // The Commander's budget is spent by steps of at least one crossing; the Admiral has none.
    s.steps_left = std::uint8_t(m.at("steps_left").int_in(0, commander ? kCommanderMoves - 1 : 0));
    const int limit = commander ? kProvinces : kHarbours;
    const auto mask = [&](const char* key) {
      std::uint16_t r = 0;
      for (const JsonIn& v : m.at(key).array()) {
        const int id = v.int_in(1, limit);
        if (r >> (id - 1) & 1) v.fail("names " + std::to_string(id) + " a second time");
        r = std::uint16_t(r | (1u << (id - 1)));
      }
      return r;
    };
    s.started = mask("started");
    s.ended = mask("ended");
    const auto last = m.at("last").integers(1, limit, 2, 2);
    const int from = int(last[0]) - 1, to = int(last[1]) - 1;
    if (!(s.started >> from & 1) || !(s.ended >> to & 1))
      m.at("last").fail("must be the previous step [from, to], with from among \"started\" and to among \"ended\"");
    if (s.started & s.ended) m.fail("has a step starting where another ended (ruling 4: that is one longer step)");
    s.last_step = std::uint8_t(from * 16 + to);
    // The pieces moved stay where their steps ended: no later step starts there.
    for (unsigned e = s.ended; e; e &= e - 1) {
      const int x = std::countr_zero(e);
      if (commander ? s.villagers_in(s.turn, x) == 0 : !(s.ships[s.turn] >> x & 1))
        m.at("ended").fail("names " + std::to_string(x + 1) + ", where the player to move has no " +
                           (commander ? "villager" : "ship"));
    }
    const Card moving = commander ? kCommander : kAdmiral;
    if (!(s.front[s.turn] >> moving & 1) && !(s.front[s.turn] >> kQueen & 1))
      input_error(where + ": a half-finished " + card_name(moving) + " move needs the " + card_name(moving) +
                  " (or the Queen) in front of the player to move");
  }
  // Page 6: once a Sentinel's scoring is resolved, everyone takes their played cards back, so a
  // Sentinel lies in front only of the player to move while its choice is pending or after the
  // game's last scoring. (With it in hand, a turn always has a move: the Sentinel itself or, in
  // the variant before 3 cards are in front, a card played for nothing.)
  const bool sentinel_pending = s.phase == Phase::SentinelChoice || s.phase == Phase::Discard || s.phase == Phase::Over;
  for (int p = 0; p < s.players; ++p)
    if ((s.front[p] >> kSentinel & 1) != (sentinel_pending && p == s.turn))
      input_error(where + ": seat " + std::to_string(p) +
                  (sentinel_pending && p == s.turn
                       ? " has just played the Sentinel: it must be in front"
                       : ": the Sentinel is in front only while its scoring is being resolved"));
  return s;
}

Json S::view(Player observer) const { return position(*this, observer); }
Json Sardegna::to_json(const State& s) { return position(s, -1); }

namespace {

std::string id_list(unsigned mask) {
  std::string out;
  for (; mask; mask &= mask - 1) out += (out.empty() ? "" : " ") + std::to_string(std::countr_zero(mask) + 1);
  return out;
}

}  // namespace

std::string Sardegna::render(const State& s, Player observer) {
  std::ostringstream out;
  out << "scorings " << int(s.row_next) << "/11 | face up";
  for (int i = 0; i < 2; ++i)
    if (s.face_up(i) >= 0) out << " " << s.face_up(i) + 1;
  out << " | row " << kRowLength - s.row_next << ", deck " << int(s.deck_size) << " | player " << int(s.turn) << ": "
      << kPhaseNames[int(s.phase)] << "\n"
      << "  province value token | pN: v villagers, V villages, +P priest\n";
  // One entry per province: id, name, value, token, then each player's pieces as "p0:2v1V+P"
  // (villagers, villages, the priest). Two columns when every entry fits 39 characters, so the
  // picture and the move prompt fit a terminal of 80 x 24.
  std::vector<std::string> entries;
  std::size_t widest = 0;
  for (int q = 0; q < kProvinces; ++q) {
    char head[64];
    std::snprintf(head, sizeof head, "%2d %-10.10s %d %-6s", q + 1, s.board->province_names[q].c_str(),
                  int(s.board->value[q]), s.token_in(q) ? kTokenNames[s.token_in(q)] : "-");
    std::string e = head;
    for (int p = 0; p < s.players; ++p) {
      const int v = s.villagers_in(p, q), g = s.villages_in(p, q);
      if (!v && !g && s.priest[p] != q) continue;
      e += " p" + std::to_string(p) + ":";
      if (v) e += std::to_string(v) + "v";
      if (g) e += std::to_string(g) + "V";
      if (s.priest[p] == q) e += "+P";
    }
    if (s.full(q)) e += " FULL";
    widest = std::max(widest, e.size());
    entries.push_back(e);
  }
  const bool two_columns = widest <= 38;
  const int rows = two_columns ? kProvinces / 2 : kProvinces;
  for (int r = 0; r < rows; ++r) {
    std::string line = "  " + entries[std::size_t(r)];
    if (two_columns) line += std::string(40 - line.size(), ' ') + entries[std::size_t(r + rows)];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  for (int p = 0; p < s.players; ++p) {
    // Every card not played since the last Sentinel is in hand: the played ones say it all.
    out << "  player " << p << ": " << s.score[p] << " points, ships " << (s.ships[p] ? id_list(s.ships[p]) : "-")
        << ", forts " << (s.forts[p] ? id_list(s.forts[p]) : "-") << ", played";
    if (!s.front[p]) out << " -";
    for (int c = 0; c < kCards; ++c)
      if (s.front[p] >> c & 1) out << " " << kCardNames[c];
    if (s.tokens_harvested(p)) {
      out << ", harvested";
      for (int k = 1; k < kTokenKinds; ++k)
        if (s.harvested[p][k]) out << " " << int(s.harvested[p][k]) << " " << kTokenNames[k];
    }
    if (p == observer || observer < 0)
      for (int i = 0; i < 2; ++i)
        if (s.private_card[p][i] != kNoCard) out << ", private fort " << s.private_card[p][i] + 1;
    out << "\n";
  }
  return out.str();
}

// The board's geometry, which the per-turn picture leaves out: borders, and the provinces around
// every fort space and harbour.
std::string Sardegna::legend(const State& s) {
  const auto& b = *s.board;
  std::ostringstream out;
  out << "board: " << b.name << "\nprovinces and their neighbours:\n";
  for (int q = 0; q < kProvinces; q += 2) {
    char line[160];
    std::snprintf(line, sizeof line, "  %2d %-10.10s %-24s %2d %-10.10s %s\n", q + 1, b.province_names[q].c_str(),
                  id_list(b.neighbours[q]).c_str(), q + 2, b.province_names[q + 1].c_str(),
                  id_list(b.neighbours[q + 1]).c_str());
    out << line;
  }
  // Entries packed into lines of at most 78 characters.
  const auto packed = [&](const char* title, int count, const auto& entry) {
    out << title;
    std::string line = " ";
    for (int i = 0; i < count; ++i) {
      const std::string e = entry(i);
      if (line.size() + 2 + e.size() > 78) out << line << "\n", line = " ";
      line += "  " + e;
    }
    out << line << "\n";
  };
  const auto commas = [](unsigned mask) {
    std::string t = id_list(mask);
    std::replace(t.begin(), t.end(), ' ', ',');
    return t;
  };
  packed("fort spaces (provinces around each):\n", kForts,
         [&](int f) { return std::to_string(f + 1) + ":" + commas(b.fort_provinces[f]); });
  packed("harbours (provinces beside each):\n", kHarbours, [&](int h) {
    return std::to_string(h + 1) + " " + b.harbour_names[h] + ":" + commas(b.harbour_provinces[h]);
  });
  return out.str();
}

// A Sentinel's scoring told province by province (page 7), and the card then turned up.
std::string Sardegna::explain(const State& before, Move m) {
  if (kind_of(m) != kPlaySentinel || before.row_next >= kRowLength) return {};
  const int fort = before.row[before.row_next];
  std::ostringstream out;
  out << "scoring of fort space " << fort + 1 << ":\n";
  State s = before;
  for (unsigned r = s.board->fort_provinces[fort]; r; r &= r - 1) {
    const int q = std::countr_zero(r);
    out << "  " << s.board->province_names[q] << " (" << int(s.board->value[q]) << "): influence";
    for (int p = 0; p < s.players; ++p) out << " p" << p << "=" << s.influence(p, q);
    std::uint16_t was[kMaxPlayers];
    std::copy(s.score, s.score + kMaxPlayers, was);
    s.score_province(q);
    std::string gains;
    for (int p = 0; p < s.players; ++p)
      if (s.score[p] != was[p])
        gains += (gains.empty() ? "" : ", ") + ("p" + std::to_string(p) + " +" + std::to_string(s.score[p] - was[p]));
    out << " -> " << (gains.empty() ? "nobody scores" : gains) << "\n";
  }
  State after = before;
  after.apply(m);
  if (after.phase == Phase::SentinelChoice)
    out << "  fort card " << after.row[after.row_next + 1] + 1
        << " is turned up: keep it, or replace it with the deck's top card\n";
  return out.str();
}

std::string Sardegna::move_help(const State& s, Player p, Move m) {
  const int next = s.row_next + 1 < kRowLength ? s.row[s.row_next + 1] + 1 : 0;
  switch (kind_of(m)) {
    case kKeep:
      return s.variant ? "fort card " + std::to_string(next) + " stays; draw the deck's top card, then discard one"
                       : "fort card " + std::to_string(next) + " stays in the row, second to be scored";
    case kReplace: return "fort card " + std::to_string(next) + " goes under the deck, its top card replaces it";
    case kSwap:
      return "fort card " + std::to_string(next) + " under the deck, your private " +
             std::to_string(s.private_card[p][0] + 1) + " in its place; draw anew";
    case kDiscard: return "fort card " + std::to_string(int(a_of(m)) + 1) + " goes under the deck, known to you alone";
    default: return {};
  }
}

std::string Sardegna::why_illegal(const State& s, Player p, Move m) {
  if (p != s.to_move()) return "it is player " + std::to_string(s.to_move()) + "'s turn";
  switch (s.phase) {
    case Phase::SentinelChoice:
      return "the Sentinel's choice comes first: keep or replace" + std::string(s.variant ? " (or swap)" : "");
    case Phase::Discard: return "first discard one of your two private fort cards";
    case Phase::CommanderSteps: return "finish the Commander move first: move FROM-TO, or stop";
    case Phase::AdmiralSteps: return "finish the Admiral move first: move FROM-TO, or stop";
    default: break;
  }
  const Kind k = kind_of(m);
  if (k == kKeep || k == kReplace || k == kSwap || k == kDiscard) return "there is no Sentinel choice to make now";
  const int card = int(card_of(m));
  if (card < kCards && !(s.hand[p] >> card & 1))
    return std::string("the ") + kCardNames[card] + " is not in your hand (it lies in front of you)";
  const int a = int(a_of(m)), b = int(b_of(m));
  switch (k) {
    case kAddVillager:
      if (s.villagers_on_board(p) >= kSupplyVillagers) return "all your villagers are on the board";
      if (s.full(a)) return "province " + std::to_string(a + 1) + " is full (7 pieces)";
      if (s.locked_for(p, a)) return "province " + std::to_string(a + 1) + " is locked by another player's priest";
      break;
    case kVillagerStep:
      if (s.villagers_in(p, a) == 0) return "you have no villager in province " + std::to_string(a + 1);
      if (s.full(b)) return "province " + std::to_string(b + 1) + " is full (7 pieces)";
      break;
    case kAddShip:
      if (std::popcount(unsigned(s.ships[p])) >= kSupplyShips) return "both your ships are on the board";
      if (s.ships_in(a) >= s.harbour_capacity()) return "harbour " + std::to_string(a + 1) + " is full";
      break;
    case kShipStep:
      if (!(s.ships[p] >> a & 1)) return "you have no ship in harbour " + std::to_string(a + 1);
      break;
    case kBuildFort:
      if (s.forts_built >> a & 1) return "fort space " + std::to_string(a + 1) + " is taken";
      if (std::popcount(s.forts[p]) >= kSupplyForts) return "all your forts are built";
      break;
    case kHarvest:
      if (s.token_in(a) == kNoToken) return "province " + std::to_string(a + 1) + "'s token is harvested already";
      if (!(s.harvestable(p) >> a & 1))
        return "you cannot reach province " + std::to_string(a + 1) + " (no villager there or linked to your ship)";
      break;
    default: break;
  }
  return "the rules do not allow it here";
}

}  // namespace nuraghe

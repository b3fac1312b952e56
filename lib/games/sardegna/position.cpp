// Sardegna positions: the writer, then the reader and the invariants it checks (docs/position-format.md,
// "sardegna").
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <span>

#include "games/sardegna/sardegna.hpp"

namespace nuraghe {

using S = Sardegna::State;

namespace {

Json card_list(std::uint8_t mask) {
  Json list = Json::array();
  for (int c = 0; c < Sardegna::kCards; ++c)
    if (mask >> c & 1) list.push_back(Sardegna::kCardNames[std::size_t(c)]);
  return list;
}

Json ids(std::uint32_t mask) {  // 1-based ids of the set bits
  Json list = Json::array();
  for (; mask; mask &= mask - 1) list.push_back(std::countr_zero(mask) + 1);
  return list;
}

// The position or view; `observer` < 0 shows everything.
Json position(const S& s, Player observer) {
  const bool all = observer < 0;
  Json j{{"game", "sardegna"}, {"variant", s.variant ? "alt-sentinel" : "base"}, {"players", s.players}};
  j["map"] = s.board_index == 0 ? Json("standard") : s.board().source;
  j["turn"] = s.turn;
  j["phase"] = Sardegna::kPhaseNames[std::size_t(s.phase)];
  if (s.phase == Sardegna::Phase::CommanderSteps || s.phase == Sardegna::Phase::AdmiralSteps)
    j["move"] = Json{{"steps_left", s.steps_left},
                     {"started", ids(s.started)},
                     {"ended", ids(s.ended)},
                     {"last", {s.last_step / 16 + 1, s.last_step % 16 + 1}}};
  Json tokens = Json::array();
  for (int q = 0; q < Sardegna::kProvinces; ++q)
    tokens.push_back(s.token_in(q) ? Json(Sardegna::kTokenNames[s.token_in(q)]) : Json());
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
    for (int k = 1; k < Sardegna::kTokenKinds; ++k)
      harvested[std::string(Sardegna::kTokenNames[std::size_t(k)])] = s.harvested[p][k];
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

// The half-finished Commander or Admiral move of a position in its commander-move or admiral-move
// phase: the steps left, where its steps started and ended, and the last step.
void read_move(const JsonIn& m, S& s) {
  m.allow_only({"steps_left", "started", "ended", "last"});
  const bool commander = s.phase == Sardegna::Phase::CommanderSteps;
  // The Commander's budget is spent by steps of at least one crossing; the Admiral has none.
  s.steps_left = std::uint8_t(m.at("steps_left").int_in(0, commander ? Sardegna::kCommanderMoves - 1 : 0));
  const int limit = commander ? Sardegna::kProvinces : Sardegna::kHarbours;
  const auto ids = [&](const char* key) {
    return std::uint16_t(m.at(key).bit_set(
        SIZE_MAX, [&](const JsonIn& v) { return v.int_in(1, limit) - 1; },
        [](int i) { return cat("names ", i + 1, " a second time"); }));
  };
  s.started = ids("started");
  s.ended = ids("ended");
  const auto last = m.at("last").integers(1, limit, 2, 2);
  const int from = int(last[0]) - 1, to = int(last[1]) - 1;
  if (!(s.started >> from & 1) || !(s.ended >> to & 1))
    m.at("last").fail("must be the previous step [from, to], with from among \"started\" and to among \"ended\"");
  if (s.started & s.ended)
    m.fail(
        "has a step starting where another ended: that is one longer step (docs/rules-sardegna.md, Rulings: "
        "\"One path to each end position\")");
  s.last_step = std::uint8_t(from * 16 + to);
  // The pieces moved stay where their steps ended: no later step starts there.
  for (unsigned e = s.ended; e; e &= e - 1) {
    const int x = std::countr_zero(e);
    if (commander ? s.villagers_in(s.turn, x) == 0 : !(s.ships[s.turn] >> x & 1))
      m.at("ended").fail("names ", x + 1, ", where the player to move has no ", commander ? "villager" : "ship");
  }
  const Sardegna::Card moving = commander ? Sardegna::kCommander : Sardegna::kAdmiral;
  if (!(s.front[s.turn] >> moving & 1) && !(s.front[s.turn] >> Sardegna::kQueen & 1))
    input_error(m.source(), ": a half-finished ", Sardegna::card_name(moving), " move needs the ",
                Sardegna::card_name(moving), " (or the Queen) in front of the player to move");
}

}  // namespace

// Reads a position and checks it against the rules: supplies, capacities, the fort cards (each
// exactly once), the tokens (each colour's kinds, none lost), the cards in hand and in front, the
// points (harvests score exactly their points; the rest only comes from scorings), the phase and a
// half-finished move. Every field is required except `map` (default "standard") and `move`
// (present exactly in the commander-move and admiral-move phases).
Sardegna::State Sardegna::from_json(const Json& j) {
  const JsonIn in(j, "sardegna position");
  in.allow_only(
      {"game", "variant", "players", "map", "turn", "phase", "move", "tokens", "scorings", "row", "deck", "seats"});
  if (in.at("game").string() != "sardegna") in.at("game").fail("is not \"sardegna\"");
  State s;
  const auto map = in.find("map");
  s.board_index =
      std::uint16_t((!map ? sardegna::Board::standard()
                          : map->builtin_or_whole(
                                std::array<std::string_view, 1>{"standard"},
                                [](std::size_t) -> const sardegna::Board& { return sardegna::Board::standard(); },
                                sardegna::Board::intern, "board"))
                        .index);
  s.players = std::uint8_t(in.at("players").int_in(kMinPlayers, kMaxPlayers));
  const std::string variant = in.at("variant").string();
  if (variant != "base" && variant != "alt-sentinel") in.at("variant").fail("must be \"base\" or \"alt-sentinel\"");
  s.variant = variant == "alt-sentinel";
  s.turn = std::uint8_t(in.at("turn").int_in(0, s.players - 1));
  s.phase =
      Phase(in.at("phase").name_in([](const std::string& name) { return name_index(kPhaseNames, name); },
                                   "a phase (play, commander-move, admiral-move, sentinel-choice, discard, over)"));

  // Tokens: each colour carries its own kinds; together with the harvested ones, all 16 are there.
  const auto token_of = [](const std::string& name) {
    for (int k = 1; k < kTokenKinds; ++k)
      if (name == kTokenNames[k]) return k;
    return -1;
  };
  const std::vector<JsonIn> tokens = in.at("tokens").array_of_size(kProvinces);
  int count[kTokenKinds] = {};
  for (int q = 0; q < kProvinces; ++q) {
    if (tokens[q].is_null()) continue;
    const int t = tokens[q].name_in(token_of, "a token (wheat, olive, wine, thyme, cheese, or null once harvested)");
    const auto colour = s.board().colour[q];
    if (colour != (t == kWheat                 ? sardegna::Colour::Yellow
                   : t == kOlive || t == kWine ? sardegna::Colour::Green
                                               : sardegna::Colour::Brown))
      in.fail("a ", kTokenNames[t], " token cannot lie in province ", q + 1, " (wrong colour)");
    s.tokens |= std::uint64_t(t) << (4 * q);
    ++count[t];
  }

  const std::vector<JsonIn> seats = in.at("seats").array_of_size(s.players);
  std::uint32_t all_forts = 0;
  int harvest_points[kMaxPlayers] = {};
  const auto card_of = [](const std::string& name) { return name_index(kCardNames, name); };
  for (int p = 0; p < s.players; ++p) {
    const JsonIn& seat = seats[p];
    const auto seat_fails = [&](const auto&... what) { in.fail("seat ", p, ": ", what...); };
    seat.allow_only(
        {"score", "hand", "front", "villagers", "villages", "priest", "ships", "forts", "harvested", "private"});
    s.score[p] = std::uint16_t(seat.at("score").int_in(0, 10000));
    const auto cards = [&](const char* key) {
      return std::uint8_t(seat.at(key).bit_set(
          SIZE_MAX, [&](const JsonIn& e) { return e.name_in(card_of, "a character card"); },
          [](int c) { return cat("names the ", kCardNames[c], " a second time"); }));
    };
    s.hand[p] = cards("hand");
    s.front[p] = cards("front");
    if ((s.hand[p] & s.front[p]) || (s.hand[p] | s.front[p]) != (1u << kCards) - 1)
      seat_fails("every character card must be either in hand or in front, once");
    const auto villagers = seat.at("villagers").integers(0, kSupplyVillagers, kProvinces, kProvinces);
    const auto villages = seat.at("villages").integers(0, kSupplyVillages, kProvinces, kProvinces);
    for (int q = 0; q < kProvinces; ++q) {
      s.villagers[p] |= std::uint64_t(villagers[q]) << (4 * q);
      s.villages[p] |= std::uint64_t(villages[q]) << (4 * q);
    }
    const long long built = std::accumulate(villages.begin(), villages.end(), 0LL);
    if (std::accumulate(villagers.begin(), villagers.end(), 0LL) > kSupplyVillagers || built > kSupplyVillages)
      seat_fails("more villagers or villages than the supply has (5, 4)");
    const JsonIn priest = seat.at("priest");
    s.priest[p] = priest.is_null() ? std::int8_t(-1) : std::int8_t(priest.int_in(1, kProvinces) - 1);
    s.ships[p] = std::uint8_t(seat.at("ships").bit_set(
        SIZE_MAX, [](const JsonIn& h) { return h.int_in(1, kHarbours) - 1; },
        [](int h) { return cat("names harbour ", h + 1, " a second time"); }));
    if (std::popcount(unsigned(s.ships[p])) > kSupplyShips) seat_fails("a player has 2 ships");
    for (const JsonIn& f : seat.at("forts").array()) {
      const int id = f.int_in(1, kForts);
      if (all_forts >> (id - 1) & 1) f.fail("names fort space ", id, ", which is not free");
      all_forts |= 1u << (id - 1);
      s.forts[p] |= 1u << (id - 1);
    }
    if (std::popcount(s.forts[p]) > kSupplyForts) seat_fails("a player has 3 forts");
    const JsonIn harvested = seat.at("harvested");
    harvested.allow_only(std::span(kTokenNames).subspan(1));
    for (int k = 1; k < kTokenKinds; ++k) {
      const int n = harvested.at(kTokenNames[k]).int_in(0, kTokensOfKind[k]);
      s.harvested[p][k] = std::uint8_t(n);
      count[k] += n;
      harvest_points[p] += n * (n + 1) / 2;  // page 5: the n-th token of a kind scores n
    }
    // Page 5: villages in play never outnumber the tokens harvested.
    if (built > s.tokens_harvested(p)) seat_fails("more villages than harvested tokens");
  }
  for (int k = 1; k < kTokenKinds; ++k)
    if (count[k] != kTokensOfKind[k])
      in.fail("there must be ", kTokensOfKind[k], " ", kTokenNames[k], " tokens on the board and harvested");
  s.recount();
  // Counted seat by seat: in the state's 4-bit counters 16 pieces would carry into the next province.
  for (int q = 0; q < kProvinces; ++q) {
    int pieces = 0;
    for (int p = 0; p < s.players; ++p) pieces += s.villagers_in(p, q) + s.villages_in(p, q) + (s.priest[p] == q);
    if (pieces > kCapacity) in.fail("province ", q + 1, " holds more than 7 pieces");
  }
  for (int h = 0; h < kHarbours; ++h)
    if (s.ships_in(h) > s.harbour_capacity()) in.fail("harbour ", h + 1, " holds too many ships");

  // Fort cards: the row, the deck and the private cards hold each of the 26 once.
  std::uint32_t seen = 0;
  const auto fort_card = [&](const JsonIn& v) {
    const int c = v.int_in(1, kForts) - 1;
    if (seen >> c & 1) v.fail("is fort card ", c + 1, ", which appears twice");
    seen |= 1u << c;
    return std::uint8_t(c);
  };
  s.row_next = std::uint8_t(in.at("scorings").int_in(0, kRowLength));
  // The 11 - scorings cards left in the row.
  const std::vector<JsonIn> row = in.at("row").array_of_size(std::size_t(kRowLength - s.row_next));
  for (int i = 0; i < kRowLength; ++i) s.row[i] = i < s.row_next ? kNoCard : fort_card(row[i - s.row_next]);
  for (const JsonIn& d : in.at("deck").array(0, kForts)) {
    d.allow_only({"fort", "known_by"});
    const auto known = d.at("known_by")
                           .bit_set(
                               SIZE_MAX, [&](const JsonIn& k) { return k.int_in(0, s.players - 1); },
                               [](int p) { return cat("names player ", p, " a second time"); });
    s.put_under_deck(fort_card(d.at("fort")), std::uint8_t(known));
  }
  for (int p = 0; p < s.players; ++p) {
    const std::size_t expected = !s.variant ? 0 : (s.phase == Phase::Discard && p == s.turn) ? 2 : 1;
    const std::vector<JsonIn> priv = seats[p].at("private").array();
    if (priv.size() != expected) in.fail("seat ", p, " must hold ", expected, " private fort cards here");
    for (std::size_t i = 0; i < priv.size(); ++i) s.private_card[p][i] = fort_card(priv[i]);
  }
  if (seen != (1u << kForts) - 1) in.fail("the row, deck and private cards must hold all 26 fort cards");

  // Points: a harvest scores exactly its points; everything else comes from scorings.
  for (int p = 0; p < s.players; ++p) {
    if (s.score[p] < harvest_points[p])
      in.fail("seat ", p, " has ", s.score[p], " points, fewer than its harvests scored (", harvest_points[p], ")");
    if (s.row_next == 0 && s.score[p] != harvest_points[p])
      in.fail("seat ", p, " has ", s.score[p], " points before any scoring, but its harvests scored ",
              harvest_points[p]);
  }

  // The phase and the half-finished move.
  if ((s.phase == Phase::Over) != (s.row_next == kRowLength))
    in.fail("the game is over exactly after the 11th scoring");
  if (s.phase == Phase::SentinelChoice &&
      (s.row_next == 0 || s.row_next + 1 >= kRowLength || !(s.front[s.turn] >> kSentinel & 1)))
    in.fail("a sentinel-choice needs a scoring just made by a Sentinel and a card just turned up");
  if (s.phase == Phase::Discard && (!s.variant || s.row_next == 0))
    in.fail("the discard phase follows a Sentinel's keep in the alt-sentinel variant only");
  const bool stepping = s.phase == Phase::CommanderSteps || s.phase == Phase::AdmiralSteps;
  if (stepping != in.has("move"))
    in.fail("\"move\" describes a half-finished commander or admiral move, and only that");
  if (stepping) read_move(in.at("move"), s);
  // Page 6: once a Sentinel's scoring is resolved, everyone takes their played cards back, so a
  // Sentinel lies in front only of the player to move while its choice is pending or after the
  // game's last scoring. (With it in hand, a turn always has a move: the Sentinel itself or, in
  // the variant before 3 cards are in front, a card played for nothing.)
  const bool sentinel_pending = s.phase == Phase::SentinelChoice || s.phase == Phase::Discard || s.phase == Phase::Over;
  for (int p = 0; p < s.players; ++p)
    if ((s.front[p] >> kSentinel & 1) != (sentinel_pending && p == s.turn))
      in.fail("seat ", p,
              sentinel_pending && p == s.turn ? " has just played the Sentinel: it must be in front"
                                              : ": the Sentinel is in front only while its scoring is being resolved");
  return s;
}

Json S::view(Player observer) const { return position(*this, observer); }
Json Sardegna::to_json(const State& s) { return position(s, -1); }

}  // namespace nuraghe

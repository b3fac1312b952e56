#include "games/goofspiel/goofspiel.hpp"

#include <numeric>

#include "core/tensors.hpp"
#include "games/goofspiel/presentation.hpp"

namespace nuraghe {
namespace {

std::vector<int> history(const Goofspiel::State& s, int p) {
  std::vector<int> out;
  for (int r = 0; r < s.round; ++r) out.push_back(s.bids[r][p]);
  return out;
}

// What every seat sees (the bids are public once laid down, so the hands are too): the face-up
// prize one-hot over the values 1..cards (all 0 once over), the prizes turned up in earlier rounds
// (a number per value), then per seat, seat p first and the others in seat order after it, its
// hand (a number per value) and its points scaled by all the prizes' sum. The unseen prizes are
// in no number. Returns the numbers written (without `out`, only counted).
int write_observation(const Goofspiel::State& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  ObservationWriter w(out);
  w.one_hot(s.face_up_prize() - 1, s.cards);
  unsigned gone = 0;
  for (int r = 0; r < std::min<int>(s.round, s.cards); ++r) gone |= 1u << (s.prizes[r] - 1);
  w.bits(gone, s.cards);
  for (int i = 0; i < s.players; ++i) {
    const int q = (p + i) % s.players;
    w.bits(s.hands[q], s.cards);
    w.scaled(s.points[q], s.cards * (s.cards + 1) / 2);
  }
  return w.size();
}

}  // namespace

int Goofspiel::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void Goofspiel::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

Goofspiel::State Goofspiel::initial(const GameConfig& config) {
  const int players = checked_players<Goofspiel>(config, 2);
  reject_map_file<Goofspiel>(config);
  const Params params("goofspiel", config.options, option_specs());
  State s;
  s.players = std::uint8_t(players);
  s.cards = std::uint8_t(params.integer("cards"));
  std::iota(s.prizes, s.prizes + s.cards, std::uint8_t{1});
  Rng rng(config.seed);
  rng.shuffle(s.prizes, s.cards);
  for (int p = 0; p < players; ++p) s.hands[p] = std::uint16_t((1u << s.cards) - 1);
  return s;
}

std::string Goofspiel::move_to_string(const State&, Player, Move m) { return std::to_string(m); }

Move Goofspiel::parse_move(const State& s, Player, std::string_view text) {
  const std::string t = trim(text);
  long long v;
  if (Params::try_integer(t, v) && v >= 1 && v <= s.cards) return Move(v);
  input_error("goofspiel: cannot read move \"" + t + "\" (expected a card value 1.." + std::to_string(s.cards) + ")");
}

// The observer sees the prizes turned up so far and every bid laid down; the rest of the prize deck
// is hidden from everyone. (Hands and points follow from those.)
Json Goofspiel::State::view(Player) const {
  Json bid_history = Json::array();
  for (int p = 0; p < players; ++p) bid_history.push_back(history(*this, p));
  const int shown = std::min<int>(round + 1, cards);
  return Json{{"game", "goofspiel"},
              {"players", players},
              {"cards", cards},
              {"prizes_seen", std::vector<int>(prizes, prizes + shown)},
              {"bids", bid_history}};
}

Json Goofspiel::to_json(const State& s) {
  Json bid_history = Json::array();
  for (int p = 0; p < s.players; ++p) bid_history.push_back(history(s, p));
  return Json{{"game", "goofspiel"},
              {"players", s.players},
              {"cards", s.cards},
              {"prizes", std::vector<int>(s.prizes, s.prizes + s.cards)},
              {"bids", bid_history}};
}

// Rebuilds the state by replaying the bids, so hands and points cannot disagree with them.
Goofspiel::State Goofspiel::from_json(const Json& j) {
  const char* where = "goofspiel position";
  const JsonIn in(j, where);
  in.allow_only({"game", "players", "cards", "prizes", "bids"});
  if (in.at("game").string() != "goofspiel") in.at("game").fail("is not \"goofspiel\"");
  const int players = in.at("players").int_in(kMinPlayers, kMaxPlayers);
  const int cards = in.at("cards").int_in(1, kMaxCards);
  std::vector<int> prizes;
  for (long long v : in.at("prizes").integers(1, cards, std::size_t(cards), std::size_t(cards)))
    prizes.push_back(int(v));
  std::vector<std::vector<int>> bids;
  for (const JsonIn& b : in.at("bids").array(std::size_t(players), std::size_t(players))) {
    bids.emplace_back();
    for (long long v : b.integers(1, cards, 0, std::size_t(cards))) bids.back().push_back(int(v));
  }
  std::vector<int> sorted = prizes;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < cards; ++i)
    if (sorted[i] != i + 1)
      input_error("goofspiel position: \"prizes\" must be a permutation of 1.." + std::to_string(cards));
  for (const auto& b : bids)
    if (b.size() != bids[0].size()) input_error("goofspiel position: every player must have bid once per round played");

  State s;
  s.players = std::uint8_t(players);
  s.cards = std::uint8_t(cards);
  for (int i = 0; i < cards; ++i) s.prizes[i] = std::uint8_t(prizes[i]);
  for (int p = 0; p < players; ++p) s.hands[p] = std::uint16_t((1u << cards) - 1);
  for (std::size_t r = 0; r < bids[0].size(); ++r) {
    JointMove joint{};
    for (int p = 0; p < players; ++p) {
      const int v = bids[p][r];
      if (v < 1 || v > cards || !(s.hands[p] & (1u << (v - 1))))
        input_error("goofspiel position: player " + std::to_string(p) + " bids " + std::to_string(v) + " in round " +
                    std::to_string(r + 1) + ", a card not in hand");
      joint[p] = Move(v);
    }
    s.apply_joint(joint);
  }
  return s;
}

// Hands are public: every bid has been shown.
std::string Goofspiel::render(const State& s, Player) {
  // Appends rather than "literal" + string: GCC 12 warns falsely (-Wrestrict) on that operator+.
  std::string out = "round ";
  out.append(std::to_string(std::min<int>(s.round + 1, s.cards))).append("/").append(std::to_string(s.cards));
  if (s.round < s.cards) out.append(", prize ").append(std::to_string(s.face_up_prize())).append("\n");
  else out.append(", over\n");
  for (int p = 0; p < s.players; ++p) {
    out.append("  player ")
        .append(std::to_string(p))
        .append(": ")
        .append(std::to_string(s.points[p]))
        .append(" points, hand");
    for (unsigned h = s.hands[p]; h; h &= h - 1) out.append(" ").append(std::to_string(std::countr_zero(h) + 1));
    out.append("\n");
  }
  return out;
}

// A frame 110 + 36 x (cards + 2) wide: the prize row at the top (the face-up prize, then the
// prizes still to come, face down unless the observer is -1), then a row per seat: its colour and
// points, the cards in its hand face up (hands are public: every bid was shown), and its bid of the
// last round.
svg::Drawing goofspiel::Presentation::draw(const Goofspiel::State& s, Player observer) {
  using svg::number;
  constexpr double kCardWidth = 30, kStep = 36, kRow = 70, kLeft = 110;
  const double width = kLeft + kStep * (s.cards + 2), height = 20 + kRow * (s.players + 1);
  svg::Drawing d{"0 0 " + number(width) + " " + number(height),
                 "<rect width=\"" + number(width) + "\" height=\"" + number(height) + "\" fill=\"#2e6b3f\"/>", "", ""};
  const auto label = [&](double y, const std::string& text, const char* fill) {
    return "<text x=\"10\" y=\"" + number(y) + "\" font-size=\"15\" fill=\"" + fill + "\">" + text + "</text>";
  };
  d.board += label(45, "prizes", "#fff");
  for (int p = 0; p < s.players; ++p) d.board += label(45 + kRow * (p + 1), "player " + std::to_string(p), "#fff");
  std::vector<std::string> prizes;
  for (int r = s.round; r < s.cards; ++r)
    prizes.push_back(r == s.round || observer < 0 ? std::to_string(s.prizes[r]) : "");
  d.pieces += svg::cards(kLeft, 15, kCardWidth, 45, kStep, prizes, "class=\"prizes\"");
  for (int p = 0; p < s.players; ++p) {
    const double y = 15 + kRow * (p + 1);
    d.pieces += "<circle cx=\"95\" cy=\"" + number(y + 22) + "\" r=\"8\" fill=\"" + svg::seat_colour(p) + "\"/>" +
                label(y + 50, std::to_string(s.points[p]) + " points", "#fff");
    std::vector<std::string> hand;
    for (unsigned h = s.hands[p]; h; h &= h - 1) hand.push_back(std::to_string(std::countr_zero(h) + 1));
    d.pieces +=
        svg::cards(kLeft, y, kCardWidth, 45, kStep, hand, "class=\"hand\" data-seat=\"" + std::to_string(p) + "\"");
    if (s.round > 0)
      d.pieces += "<text class=\"bid\" x=\"" + number(width - 10) + "\" y=\"" + number(y + 30) +
                  "\" font-size=\"14\" text-anchor=\"end\" fill=\"#fff\">bid " +
                  std::to_string(s.bids[s.round - 1][p]) + "</text>";
  }
  return d;
}

}  // namespace nuraghe

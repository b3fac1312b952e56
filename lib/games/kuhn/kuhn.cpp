#include "games/kuhn/kuhn.hpp"

#include "core/tensors.hpp"
#include "games/kuhn/presentation.hpp"

namespace nuraghe {
namespace {

constexpr const char* kCardNames[3] = {"J", "Q", "K"};

int card_from_name(const std::string& name) {
  for (int c = 0; c < 3; ++c)
    if (name == kCardNames[c]) return c;
  input_error("kuhn position: unknown card \"" + name + "\" (use J, Q or K)");
}

std::string history_text(const Kuhn::State& s) {
  std::string h;
  for (int i = 0; i < s.length; ++i) h += s.bet(i) ? 'b' : 'p';
  return h;
}

// Seat p one-hot (2: seat 0 acts first), its card one-hot (3: J Q K), the opponent's card one-hot
// (3, all 0 until a showdown shows it), then each of the 3 possible actions one-hot (pass, bet;
// both 0 while not taken); the numbers written (without `out`, only counted).
int write_observation(const Kuhn::State& s, Player p, float* out) {
  assert(p == 0 || p == 1);
  ObservationWriter w(out);
  w.one_hot(p, 2);
  w.one_hot(s.deck[p], 3);
  w.one_hot(s.is_showdown() ? s.deck[1 - p] : -1, 3);
  for (int i = 0; i < Kuhn::kMaxGameLength; ++i) w.one_hot(i < s.length ? int(s.bet(i)) : -1, 2);
  return w.size();
}

}  // namespace

int Kuhn::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void Kuhn::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

Kuhn::State Kuhn::initial(const GameConfig& config) {
  checked_players<Kuhn>(config, 2);
  reject_map_file<Kuhn>(config);
  Params("kuhn", config.options, option_specs());
  State s;
  Rng rng(config.seed);
  rng.shuffle(s.deck, 3);
  return s;
}

std::string Kuhn::move_to_string(const State&, Player, Move m) { return m == kBet ? "bet" : "pass"; }

Move Kuhn::parse_move(const State&, Player, std::string_view text) {
  const std::string t = trim(text);
  if (t == "pass" || t == "p") return kPass;
  if (t == "bet" || t == "b") return kBet;
  input_error("kuhn: cannot read move \"" + t + "\" (expected pass or bet)");
}

// The observer's own card, the public action history, and the opponent's card once shown down.
Json Kuhn::State::view(Player observer) const {
  Json v{{"game", "kuhn"}, {"seat", observer}, {"card", kCardNames[deck[observer]]}, {"history", history_text(*this)}};
  if (is_showdown()) v["opponent_card"] = kCardNames[deck[1 - observer]];
  return v;
}

Json Kuhn::to_json(const State& s) {
  return Json{{"game", "kuhn"},
              {"cards", {kCardNames[s.deck[0]], kCardNames[s.deck[1]], kCardNames[s.deck[2]]}},
              {"history", history_text(s)}};
}

Kuhn::State Kuhn::from_json(const Json& j) {
  const char* where = "kuhn position";
  const JsonIn in(j, where);
  in.allow_only({"game", "cards", "history"});
  if (in.at("game").string() != "kuhn") in.at("game").fail("is not \"kuhn\"");
  const std::vector<std::string> cards = in.at("cards").strings(3, 3);  // seat 0's, seat 1's, the unused card
  State s;
  int seen = 0;
  for (int i = 0; i < 3; ++i) {
    const int c = card_from_name(cards[i]);
    if (seen & (1 << c)) input_error("kuhn position: card " + cards[i] + " appears twice");
    seen |= 1 << c;
    s.deck[i] = std::uint8_t(c);
  }
  for (char ch : in.at("history").string()) {
    if (s.is_terminal()) input_error("kuhn position: \"history\" goes on after the hand is over");
    if (ch != 'p' && ch != 'b')
      input_error(std::string("kuhn position: unknown action '") + ch + "' in history (use p or b)");
    s.apply(ch == 'b' ? kBet : kPass);
  }
  return s;
}

std::string Kuhn::render(const State& s, Player observer) {
  std::string out = "history \"" + history_text(s) + "\"\n";
  for (int p = 0; p < 2; ++p) {
    const bool shown = observer < 0 || p == observer || s.is_showdown();
    out += "  player " + std::to_string(p) + ": " + (shown ? kCardNames[s.deck[p]] : "?") + "\n";
  }
  return out;
}

// A 400 x 260 table: seat 0's card on the left, seat 1's on the right, the third card between
// them; the history and the pot below. A card shows only where render() shows it: to its seat, to
// the observer -1, and both seats' at a showdown. The third card is never shown to a seat (at a
// showdown it is known, being the one left, but no card is turned up for it).
svg::Drawing kuhn::Presentation::draw(const Kuhn::State& s, Player observer) {
  using svg::number;
  svg::Drawing d{"0 0 400 260", "<rect width=\"400\" height=\"260\" rx=\"20\" fill=\"#2e6b3f\"/>", "", ""};
  for (int p = 0; p < 2; ++p)
    d.board += "<text x=\"" + number(70 + 260 * p) + "\" y=\"30\" font-size=\"16\" text-anchor=\"middle\" fill=\"" +
               svg::seat_colour(p) + "\" stroke=\"#fff\" stroke-width=\"0.5\">player " + std::to_string(p) + "</text>";
  for (int p = 0; p < 2; ++p) {
    const bool shown = observer < 0 || p == observer || s.is_showdown();
    d.pieces += svg::cards(40 + 260 * p, 45, 60, 90, 0, {shown ? kCardNames[s.deck[p]] : ""},
                           "class=\"card\" data-seat=\"" + std::to_string(p) + "\"");
  }
  d.pieces += svg::cards(175, 55, 50, 75, 0, {observer < 0 ? kCardNames[s.deck[2]] : ""}, "class=\"card third\"");
  int pot = 2;
  for (int i = 0; i < s.length; ++i) pot += s.bet(i);
  d.pieces += "<text x=\"200\" y=\"190\" font-size=\"18\" text-anchor=\"middle\" fill=\"#fff\">history \"" +
              history_text(s) + "\", pot " + std::to_string(pot) + "</text>";
  return d;
}

}  // namespace nuraghe

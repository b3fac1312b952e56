#include "games/tictactoe/tictactoe.hpp"

#include "core/svg.hpp"
#include "core/tensors.hpp"
#include "games/tictactoe/presentation.hpp"

namespace nuraghe {
namespace {

// Cell 0 is a3 (top left), cell 8 is c1 (bottom right).
std::string cell_name(Move cell) { return std::string{char('a' + cell % 3), char('3' - cell / 3)}; }

std::string board_row(const TicTacToe::State& s, int row) {
  std::string r;
  for (int c = 0; c < 3; ++c) {
    const unsigned bit = 1u << (row * 3 + c);
    r += (s.marks[0] & bit) ? 'X' : (s.marks[1] & bit) ? 'O' : '.';
  }
  return r;
}

// Cells 0..8 (a3 b3 c3 a2 ... c1) of seat p's marks, then of the opponent's, then 1 if p is to
// move; the numbers written (without `out`, only counted: observation_size).
int write_observation(const TicTacToe::State& s, Player p, float* out) {
  assert(p == 0 || p == 1);
  ObservationWriter w(out);
  w.bits(s.marks[p], 9);
  w.bits(s.marks[1 - p], 9);
  w.flag(s.to_move() == p);
  return w.size();
}

}  // namespace

TicTacToe::State TicTacToe::initial(const GameConfig& config) {
  checked_players<TicTacToe>(config, 2);
  reject_map_file<TicTacToe>(config);
  Params("tictactoe", config.options, option_specs());
  return State{};
}

std::string TicTacToe::move_to_string(const State&, Player, Move m) { return cell_name(m); }

Move TicTacToe::parse_move(const State&, Player, std::string_view text) {
  const std::string t = trim(text);
  if (t.size() == 2 && t[0] >= 'a' && t[0] <= 'c' && t[1] >= '1' && t[1] <= '3')
    return Move((('3' - t[1]) * 3) + (t[0] - 'a'));
  input_error("tictactoe: cannot read move \"" + t + "\" (expected a cell a1..c3)");
}

Json TicTacToe::State::view(Player) const { return to_json(*this); }

Json TicTacToe::to_json(const State& s) {
  return Json{{"game", "tictactoe"}, {"board", {board_row(s, 0), board_row(s, 1), board_row(s, 2)}}};
}

TicTacToe::State TicTacToe::from_json(const Json& j) {
  const char* where = "tictactoe position";
  const JsonIn in(j, where);
  in.allow_only({"game", "board"});
  if (in.at("game").string() != "tictactoe") in.at("game").fail("is not \"tictactoe\"");
  const std::vector<std::string> rows = in.at("board").strings(3, 3);
  State s;
  for (int r = 0; r < 3; ++r) {
    if (rows[r].size() != 3) input_error("tictactoe position: each board row must have 3 cells");
    for (int c = 0; c < 3; ++c) {
      const char ch = rows[r][c];
      const auto bit = std::uint16_t(1u << (r * 3 + c));
      if (ch == 'X') s.marks[0] |= bit;
      else if (ch == 'O') s.marks[1] |= bit;
      else if (ch != '.') input_error(std::string("tictactoe position: unknown cell '") + ch + "' (use X, O or .)");
    }
  }
  const int x = std::popcount(unsigned(s.marks[0])), o = std::popcount(unsigned(s.marks[1]));
  if (x != o && x != o + 1) input_error("tictactoe position: X must have as many marks as O or one more");
  if (s.has_line(0) && s.has_line(1)) input_error("tictactoe position: both players have a line");
  if (s.has_line(0) && x == o) input_error("tictactoe position: O moved after X completed a line");
  if (s.has_line(1) && x != o) input_error("tictactoe position: X moved after O completed a line");
  return s;
}

int TicTacToe::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void TicTacToe::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

std::string TicTacToe::render(const State& s, Player) {
  std::string out;
  for (int r = 0; r < 3; ++r) out += std::string(1, char('3' - r)) + " " + board_row(s, r) + "\n";
  return out + "  abc\n";
}

// A 300 x 300 frame of 3 x 3 cells of 100; a mark is the seat's letter in its colour, named by its
// cell (0 is a3, the top left, as in the state's bits) and its notation.
svg::Drawing tictactoe::Presentation::draw(const TicTacToe::State& s, Player) {
  using svg::number;
  svg::Drawing d{"0 0 300 300", "<rect width=\"300\" height=\"300\" fill=\"#fff\"/>", "", ""};
  for (int i = 1; i < 3; ++i)
    d.board += "<line x1=\"" + number(100 * i) + "\" y1=\"10\" x2=\"" + number(100 * i) +
               "\" y2=\"290\" stroke=\"#333\" stroke-width=\"4\"/><line x1=\"10\" y1=\"" + number(100 * i) +
               "\" x2=\"290\" y2=\"" + number(100 * i) + "\" stroke=\"#333\" stroke-width=\"4\"/>";
  for (Move cell = 0; cell < 9; ++cell)
    for (int p = 0; p < 2; ++p)
      if (s.marks[p] >> cell & 1)
        d.pieces += "<text class=\"mark\" data-cell=\"" + std::to_string(cell) + "\" data-name=\"" + cell_name(cell) +
                    "\" x=\"" + number(100 * (cell % 3) + 50) + "\" y=\"" + number(100 * (cell / 3) + 78) +
                    "\" font-size=\"80\" text-anchor=\"middle\" fill=\"" + svg::seat_colour(p) + "\">" +
                    (p == 0 ? "X" : "O") + "</text>";
  return d;
}

}  // namespace nuraghe

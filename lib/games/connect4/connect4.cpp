#include "games/connect4/connect4.hpp"

#include "core/tensors.hpp"
#include "games/connect4/presentation.hpp"

namespace nuraghe {
namespace {

// Rows of the picture, top row first: X = seat 0, O = seat 1.
std::vector<std::string> picture(const Connect4::State& s) {
  std::vector<std::string> rows;
  for (int r = Connect4::kHeight - 1; r >= 0; --r) {
    std::string row;
    for (int c = 0; c < Connect4::kWidth; ++c) {
      const auto bit = Connect4::cell_bit(c, r);
      row += (s.stones[0] & bit) ? 'X' : (s.stones[1] & bit) ? 'O' : '.';
    }
    rows.push_back(row);
  }
  return rows;
}

// The 42 cells of seat p's stones, column by column from the left and bottom up (cell 6c + r),
// then of the opponent's, then 1 if p is to move; the numbers written (without `out`, counted).
int write_observation(const Connect4::State& s, Player p, float* out) {
  assert(p == 0 || p == 1);
  ObservationWriter w(out);
  for (const std::uint64_t stones : {s.stones[p], s.stones[1 - p]})
    for (int c = 0; c < Connect4::kWidth; ++c) w.bits(stones >> (c * (Connect4::kHeight + 1)), Connect4::kHeight);
  w.flag(s.to_move() == p);
  return w.size();
}

}  // namespace

int Connect4::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void Connect4::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

Connect4::State Connect4::initial(const GameConfig& config) {
  checked_players<Connect4>(config, 2);
  reject_map_file<Connect4>(config);
  Params("connect4", config.options, option_specs());
  return State{};
}

// Columns are numbered 1..7 from the left, as in most Connect Four solvers.
std::string Connect4::move_to_string(const State&, Player, Move m) { return std::to_string(m + 1); }

Move Connect4::parse_move(const State&, Player, std::string_view text) {
  const std::string t = trim(text);
  if (t.size() == 1 && t[0] >= '1' && t[0] < '1' + kWidth) return Move(t[0] - '1');
  input_error("connect4: cannot read move \"" + t + "\" (expected a column 1..7)");
}

Json Connect4::State::view(Player) const { return to_json(*this); }

Json Connect4::to_json(const State& s) { return Json{{"game", "connect4"}, {"board", picture(s)}}; }

Connect4::State Connect4::from_json(const Json& j) {
  const char* where = "connect4 position";
  const JsonIn in(j, where);
  in.allow_only({"game", "board"});
  if (in.at("game").string() != "connect4") in.at("game").fail("is not \"connect4\"");
  const std::vector<std::string> rows = in.at("board").strings(kHeight, kHeight);
  State s;
  for (int i = 0; i < kHeight; ++i) {
    if (rows[i].size() != kWidth) input_error("connect4 position: each board row must have 7 cells");
    const int r = kHeight - 1 - i;
    for (int c = 0; c < kWidth; ++c) {
      const char ch = rows[i][c];
      if (ch == 'X') s.stones[0] |= cell_bit(c, r);
      else if (ch == 'O') s.stones[1] |= cell_bit(c, r);
      else if (ch != '.') input_error(std::string("connect4 position: unknown cell '") + ch + "' (use X, O or .)");
    }
  }
  for (int c = 0; c < kWidth; ++c) {
    const std::uint64_t col = s.occupied() & column_mask(c);
    // Stones lie contiguous from the bottom exactly when adding the bottom bit carries past all of them.
    if (((col + bottom_bit(c)) & col) != 0)
      input_error("connect4 position: a stone floats above an empty cell in column " + std::to_string(c + 1));
  }
  const int x = std::popcount(s.stones[0]), o = std::popcount(s.stones[1]);
  if (x != o && x != o + 1) input_error("connect4 position: X must have as many stones as O or one more");
  const bool x4 = has_four(s.stones[0]), o4 = has_four(s.stones[1]);
  if (x4 && o4) input_error("connect4 position: both players have four in a row");
  if (x4 && x == o) input_error("connect4 position: O moved after X won");
  if (o4 && x != o) input_error("connect4 position: X moved after O won");
  // The game stops at the first four, so the winner's last stone, on top of its column, lies on
  // every four they have: two fours that no one stone completed cannot both be on the board.
  for (int p = 0; p < 2; ++p) {
    if (!has_four(s.stones[p])) continue;
    bool reachable = false;
    for (int c = 0; c < kWidth && !reachable; ++c) {
      const std::uint64_t col = s.occupied() & column_mask(c);
      if (!col) continue;
      const std::uint64_t top = std::uint64_t(1) << (63 - std::countl_zero(col));
      reachable = (s.stones[p] & top) && !has_four(s.stones[p] & ~top);
    }
    if (!reachable)
      input_error(std::string("connect4 position: ") + (p ? "O" : "X") +
                  " has fours that no single last stone completed (the game would have ended earlier)");
  }
  s.ply = std::uint8_t(x + o);
  s.winner = x4 ? 0 : o4 ? 1 : -1;
  return s;
}

std::string Connect4::render(const State& s, Player) {
  std::string out;
  for (const auto& row : picture(s)) out += row + "\n";
  return out + "1234567\n";
}

// A 700 x 600 frame of cells of 100, the bottom row at the bottom: a blue frame with a hole per
// cell, and each stone a disc in its seat's colour, named by its column and row (from 1, as moves
// name columns; row 1 is the bottom).
svg::Drawing connect4::Presentation::draw(const Connect4::State& s, Player) {
  using svg::number;
  const auto centre = [](int col, int row) {
    return "cx=\"" + number(100 * col + 50) + "\" cy=\"" + number(100 * (Connect4::kHeight - 1 - row) + 50) + "\"";
  };
  svg::Drawing d{"0 0 700 600", "<rect width=\"700\" height=\"600\" rx=\"12\" fill=\"#1f4fa8\"/>", "", ""};
  for (int c = 0; c < Connect4::kWidth; ++c)
    for (int r = 0; r < Connect4::kHeight; ++r) d.board += "<circle " + centre(c, r) + " r=\"40\" fill=\"#fff\"/>";
  for (int c = 0; c < Connect4::kWidth; ++c)
    for (int r = 0; r < Connect4::kHeight; ++r)
      for (int p = 0; p < 2; ++p)
        if (s.stones[p] & Connect4::cell_bit(c, r))
          d.pieces += "<circle class=\"stone\" data-seat=\"" + std::to_string(p) + "\" data-column=\"" +
                      std::to_string(c + 1) + "\" data-row=\"" + std::to_string(r + 1) + "\" " + centre(c, r) +
                      " r=\"40\" fill=\"" + svg::seat_colour(p) + "\"/>";
  return d;
}

}  // namespace nuraghe

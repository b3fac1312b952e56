#pragma once
// A board side drawn from its data as one SVG document, as Ticket to Ride's map is
// (`nuraghe map --game bardagi -o side=winter --svg FILE`): the 1000 x 700 drawing frame of the
// board file as a sea, each land mass around its areas, each area at its point as a shape filled
// by its kind (a home in its colour) with its index and name, land borders as lines between area
// points, harbours as anchors joined to their area, sea routes as dashed lines through their bends
// with one dash per ocean square and the count at the middle; the title, and a legend to the right.
// A game state adds what it knows through BoardMarks (owners, disks, units), and a tournament how
// often each area ended owned (`nuraghe map --usage FILE`); without them (`{}`) the board is drawn
// bare.

#include <string>
#include <vector>

#include "core/svg.hpp"
#include "games/bardagi/board.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

// What a position adds to the board. Each list is empty, or has an entry per area of the board
// (areas past its end are unmarked).
struct BoardMarks {
  std::vector<int> owner;          // the owner's Colour index (a ring in that colour), or -1
  std::vector<int> disks;          // the disks on the area (a badge), 0 for none
  std::vector<std::string> units;  // letters to print over the area ("B G"), empty for none
  // The share of `games` games in which some seat owned the area at the end, in [0, 1]: a ring on
  // the white-to-dark-red scale of svg::usage_colour round each area that can be owned.
  std::vector<double> owned_share;
  int games = 0;
};

// The page: its size, and the elements inside the <svg> element (the sea, the board, the legend).
struct BoardPage {
  double width = 0, height = 0;
  std::string body;
};
// The legend right of the sea (`nuraghe map`), or none (the viewer gives its width to the board).
enum class Legend { Beside, None };
// The page with the board's points at `scale` page units a frame unit (its text and shapes keep
// their size, so a smaller scale packs the areas closer and the text reads larger where the page
// is shown at a given width), drawn from the board scaled() so.
BoardPage board_page(const Board& board, const BoardMarks& marks, double scale = 1, Legend legend = Legend::Beside);
// The board with every point it draws (areas, harbours, sea routes' bends) at `scale`, rounded.
Board scaled(const Board& board, double scale);
// The page as one SVG document, at full scale with its legend.
std::string board_svg(const Board& board, const BoardMarks& marks);

// A position drawn for the browser viewer (bardagi::Presentation::draw). The board: the bare board's
// page at kViewerScale without its legend, and a panel below it (beside it, the board would be
// drawn ~970 units wide on a page ~1700 units wide, its text 6 pixels high at 1400x1000). The pieces: each owned area's
// ring in its owner's colour and its disks, Axe tokens and runes cast, each seat's land units on their areas (letters
// in the seat's colour) and its Knerrir at its harbour or at sea; in the panel, each seat's village, with its runes in
// hand and its cards for the round as `observer` may see them (another seat's runes as a count, its cards hidden until
// laid down; the observer -1 sees all).
inline constexpr double kViewerScale = 0.8;
svg::Drawing position_drawing(const State& s, Player observer);

}  // namespace nuraghe::bardagi

#pragma once
// Bardagi's moves as text a player can read and type: one decision a move, lower
// case words joined by single spaces, never a ',' or ';' (the command line puts them between seats
// and between moves). Read as written: letters in the case shown here, numbers in whole decimal
// digits without a sign or a leading zero (the rule of every game). Areas are written by their index on the board (an
// area's id is accepted too), buildings by name joined with '+' in building order, runes and tiles by their ids.
//   planning     select B3 G1 K1 N1 (the unit letters of kUnitLetters, the nonzero counts in unit order;
//                typed in any order, with zero counts or without)
//   a card       berserkur move 12    godi overtake    kaupmadur refill virki+hof    knerrir pass
//                attack    kaupmadur trade    godi buy-runes    cast double 7    remove double
//                launch 5    sail    end (no card left)
//   free         board godi    leave godi    kaupmadur home    strengthen    wind    wind 5
//   the tiles    godi as berserkur move 12, kaupmadur as berserkur overtake, knerrir as berserkur attack,
//                godi as berserkur refill virki (virki-any-card: another unit's card as a Berserkur
//                card)    free-rune double 7 (hof-free-rune)
//   inside one   continue | stop (an attack's steps)    cast double 7 | stop (the second rune)
//                toward 14 | anchor (sailing)    trade meat 0, trade wool 2, ... (the session's end
//                amounts, one resource a decision)    refill verslun | refill none (after a home trade)
//                shift virki 7 | shift 3 7 | stop (strengthening: from Virki or an area, to an area)
//   upgrades     buy small virki-gold-per-attack    end
//   claim        yield 4 meat | yield 4 hide (cattle; wool for sheep)    extra timber | extra gold
//                sell 2    axes 1    axe 7 | end    recruit hof | end

#include <string>
#include <string_view>
#include <vector>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

std::string move_text(const State& s, Player seat, Move m);
// The legal move of `seat` at `s` with this text; InputError with one line naming the text and what
// was expected otherwise (an unknown word, a number out of range, a move that is not legal now).
Move parse_move_text(const State& s, Player seat, std::string_view text);

// The areas a move names, by their names on the board ("Birka"; a shift "virki to Birka"), for the
// human seat's move list, where the notation gives their numbers; "" for a move that names none.
std::string move_areas(const State& s, Move m);
// The same areas as the board's picture marks them ("area:birka", picture.hpp's data-area), in the
// order the notation names them, for a browser seat to click (Presentation::move_places).
std::vector<std::string> move_places(const State& s, Move m);

}  // namespace nuraghe::bardagi

#pragma once
// What the commands' options share: numbers read in decimal with their range, file names and values
// that may not be empty, the options that set up a game (Common), bot lists, the map a results file
// is read on. Each command adds its own options with these (cli/commands/<name>.cpp).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "core/game.hpp"

namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace nuraghe {

// ---- numbers on the command line
// CLI11 reads "010" as 8, "0x10" as 16 and lets "-1" wrap into a huge unsigned seed. Every number
// is therefore taken as text and read in decimal only (core/params.hpp), with its range: out of it,
// or malformed, it is refused in one line that names the flag.

CLI::Option* add_integer(CLI::App* cmd, const std::string& names, int& target, long long lo, long long hi,
                         const std::string& help);
CLI::Option* add_seed(CLI::App* cmd, const std::string& names, std::uint64_t& target, const std::string& help);
CLI::Option* add_real(CLI::App* cmd, const std::string& names, double& target, double lo, double hi,
                      const std::string& help);

// A file option given an empty value (--html "") would read as not given at all: refused instead.
extern const CLI::Validator kFileName;
// A text option given an empty value (--shard "", --sprt "") would read as not given at all and
// run with the default: refused instead.
extern const CLI::Validator kNotEmpty;

// The options that set up or read a game.
struct Common {
  std::string game;
  int players = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> options;  // KEY=VALUE
  std::string map_file;
  std::string position;  // a file, or - for standard input

  // The setup the options name; --players is checked against the game's own range, in the game's
  // words ("ttr plays 2 to 5 players, not 6"), and an unknown game where it is dispatched. Without
  // --players, the `seats` the bots given fill (play, arena) are the player count when the game
  // plays that many; else the game's default.
  GameConfig config(std::size_t seats = 0) const;
};

// --game and --map; with `setup`, also --players, --seed and --option.
void add_game_options(CLI::App* cmd, Common& c, bool setup);
// --position FILE, required.
void add_position_option(CLI::App* cmd, Common& c);

// A command that reads recorded games (replay, results, score --results, map --usage, stats) plays
// them on the map the file records; --map gives another in its place and --ignore-map-hash accepts
// one whose hash is not the recorded one (lib/arena/arena.hpp's MapOverride). `map_option` is the
// command's own --map, or null to add one.
CLI::Option* add_map_override(CLI::App* cmd, std::string& map_file, bool& ignore_hash,
                              CLI::Option* map_option = nullptr);

// The position of --position (a file, or - for standard input) of `game`, read on --map when given.
std::unique_ptr<AnyState> load_position(const AnyGame& game, const Common& c);

// The bot specs of a comma-separated --bots list followed by the repeated --bot ones.
std::vector<std::string> bot_specs(const std::string& list, const std::vector<std::string>& repeated);

// --hidden: one or two layer sizes, "64" or "64,32".
std::vector<int> hidden_sizes(const std::string& text);

// --shard i/n.
void parse_shard(const std::string& text, int& shard, int& shards);

}  // namespace nuraghe

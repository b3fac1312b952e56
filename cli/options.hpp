#pragma once
// What the commands' options share: the options a command's file adds (Options), numbers read in
// decimal with their range, file names and values that may not be empty, the options that set up a
// game (Common), bot lists, the map a results file is read on.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "core/game.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace nuraghe {

// A command's options, as its file adds them (Command::add_options): a thin layer over CLI11's
// subcommand, so that a command's file compiles without CLI11's header (6 s of compiling a file at
// -O3), and every number is read one way.

// One option: a handle on CLI11's, with the settings the commands use. Each returns the option, for
// chaining.
class Option {
 public:
  Option() = default;
  explicit Option(CLI::Option* option) : option_(option) {}
  Option& required();
  Option& needs(const Option& other);             // given only with `other`
  Option& excludes(const Option& other);          // never with `other`
  Option& expected(int values);                   // a positional option's number of values
  Option& default_text(const std::string& text);  // what --help shows as its default
  // A file name: an empty one (--html "") would read as not given at all, so it is refused.
  Option& file();
  // A text that may not be empty (--shard "", --sprt ""), which would read as not given and run with
  // the default: refused.
  Option& not_empty();
  bool given() const;

 private:
  CLI::Option* option_ = nullptr;
};

// A command's subcommand, to which its file adds its options. Numbers are taken as text and read
// here, in decimal only (core/params.hpp), with their range: CLI11 would read "010" as 8, "0x10" as
// 16 and let "-1" wrap into a huge unsigned seed. Out of range or malformed, a number is refused in
// one line that names the flag.
class Options {
 public:
  explicit Options(CLI::App& app) : app_(app) {}
  Option option(const std::string& names, std::string& target, const std::string& help);
  Option option(const std::string& names, std::vector<std::string>& target, const std::string& help);
  Option flag(const std::string& names, bool& target, const std::string& help);
  Option integer(const std::string& names, int& target, long long lo, long long hi, const std::string& help);
  Option seed(const std::string& names, std::uint64_t& target, const std::string& help);
  Option real(const std::string& names, double& target, double lo, double hi, const std::string& help);
  // An option added before, by its name ("--map").
  Option get(const std::string& name);

 private:
  CLI::App& app_;
};

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
void add_game_options(Options& o, Common& c, bool setup);
// --position FILE, required.
void add_position_option(Options& o, Common& c);

// A command that reads recorded games (replay, results, score --results, map --usage, stats) plays
// them on the map the file records; --map gives another in its place and --ignore-map-hash accepts
// one whose hash is not the recorded one (lib/arena/arena.hpp's MapOverride). `map_option` is the
// command's own --map, or null to add one.
Option add_map_override(Options& o, std::string& map_file, bool& ignore_hash, const Option* map_option = nullptr);

// The position of --position (a file, or - for standard input) of `game`, read on --map when given.
std::unique_ptr<AnyState> load_position(const AnyGame& game, const Common& c);

// The bot specs of a comma-separated --bots list followed by the repeated --bot ones.
std::vector<std::string> bot_specs(const std::string& list, const std::vector<std::string>& repeated);

// --hidden: one or two layer sizes, "64" or "64,32".
std::vector<int> hidden_sizes(const std::string& text);

// --shard i/n, with 0 <= i < n: refused in one line otherwise.
void parse_shard(const std::string& text, int& shard, int& shards);

}  // namespace nuraghe

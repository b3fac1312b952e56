#include "cli/options.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <sstream>

#include "any_game/any_game.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/json.hpp"
#include "core/params.hpp"

namespace nuraghe {

namespace {

// The flag a message names: the last of `names` ("-n,--games": --games).
std::string flag_of(const std::string& names) {
  return names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
}

const CLI::Validator kFileName(
    [](std::string& value) {
      return value.empty() ? std::string("needs a file name, not an empty one") : std::string();
    },
    "FILE");

const CLI::Validator kNotEmpty(
    [](std::string& value) { return value.empty() ? std::string("needs a value, not an empty one") : std::string(); },
    "");

}  // namespace

Option& Option::required() {
  option_->required();
  return *this;
}
Option& Option::needs(const Option& other) {
  option_->needs(other.option_);
  return *this;
}
Option& Option::excludes(const Option& other) {
  option_->excludes(other.option_);
  return *this;
}
Option& Option::expected(int values) {
  option_->expected(values);
  return *this;
}
Option& Option::default_text(const std::string& text) {
  option_->default_str(text);
  return *this;
}
Option& Option::file() {
  option_->check(kFileName);
  return *this;
}
Option& Option::not_empty() {
  option_->check(kNotEmpty);
  return *this;
}
bool Option::given() const { return option_->count() > 0; }

Option Options::option(const std::string& names, std::string& target, const std::string& help) {
  return Option(app_.add_option(names, target, help));
}
Option Options::option(const std::string& names, std::vector<std::string>& target, const std::string& help) {
  return Option(app_.add_option(names, target, help));
}
Option Options::flag(const std::string& names, bool& target, const std::string& help) {
  return Option(app_.add_flag(names, target, help));
}

Option Options::integer(const std::string& names, int& target, long long lo, long long hi, const std::string& help) {
  return Option(app_.add_option_function<std::string>(
                        names,
                        [&target, lo, hi, flag = flag_of(names)](const std::string& text) {
                          long long v = 0;
                          if (!Params::try_integer(text, v) || v < lo || v > hi)
                            input_error(flag + " \"" + text + "\" must be a whole number in [" + std::to_string(lo) +
                                        ", " + std::to_string(hi) + "], written in decimal");
                          target = int(v);
                        },
                        help)
                    ->type_name("INT")
                    ->default_str(std::to_string(target)));
}

Option Options::seed(const std::string& names, std::uint64_t& target, const std::string& help) {
  return Option(app_.add_option_function<std::string>(
                        names,
                        [&target](const std::string& text) {
                          if (!Params::try_unsigned(text, target))
                            input_error("--seed \"" + text +
                                        "\" must be a whole number in [0, 18446744073709551615], written in decimal");
                        },
                        help)
                    ->type_name("INT")
                    ->default_str(std::to_string(target)));
}

Option Options::real(const std::string& names, double& target, double lo, double hi, const std::string& help) {
  char range[64];
  std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
  char def[32];
  std::snprintf(def, sizeof def, "%g", target);
  return Option(app_.add_option_function<std::string>(
                        names,
                        [&target, lo, hi, flag = flag_of(names), r = std::string(range)](const std::string& text) {
                          double v = 0;
                          if (!Params::try_real(text, v) || !(v >= lo && v <= hi))
                            input_error(flag + " \"" + text + "\" must be a decimal number in " + r);
                          target = v;
                        },
                        help)
                    ->type_name("NUMBER")
                    ->default_str(def));
}

Option Options::get(const std::string& name) { return Option(app_.get_option(name)); }

GameConfig Common::config(std::size_t seats) const {
  GameConfig c;
  c.players = players;
  AllGames::for_each([&]<Game G>() {
    if (G::kName != game) return;
    if (players != 0 && (players < G::kMinPlayers || players > G::kMaxPlayers)) wrong_player_count<G>(players);
    c.players = players_for_bots(any_game_of<G>().info(), players, seats);
  });
  c.seed = seed;
  c.map_file = map_file;
  for (const auto& kv : options) {
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) input_error("--option \"" + kv + "\" is not KEY=VALUE");
    if (!c.options.emplace(kv.substr(0, eq), kv.substr(eq + 1)).second)
      input_error("--option " + kv.substr(0, eq) + " given twice");
  }
  return c;
}

void add_game_options(Options& o, Common& c, bool setup) {
  o.option("-g,--game", c.game, "game name (see `nuraghe games`)").not_empty().required();
  o.option("--map", c.map_file, "board or map file, for games that read one").file();
  if (setup) {
    // (any count here: Common::config says the game's own range)
    o.integer("-p,--players", c.players, 1, 1000000, "number of players").default_text("the game's");
    o.seed("-s,--seed", c.seed, "seed for everything random at setup");
    o.option("-o,--option", c.options, "rule option KEY=VALUE (repeatable)").not_empty();
  }
}

void add_position_option(Options& o, Common& c) {
  o.option("--position", c.position, "position file (JSON; - for standard input)").file().required();
}

Option add_map_override(Options& o, std::string& map_file, bool& ignore_hash, const Option* map_option) {
  const Option map =
      map_option ? *map_option
                 : o.option("--map", map_file, "the map the games were played on, in place of the recorded one").file();
  return o
      .flag("--ignore-map-hash", ignore_hash,
            "read the games on a --map whose hash is not the recorded one (each move is still checked)")
      .needs(map);
}

std::vector<std::string> bot_specs(const std::string& list, const std::vector<std::string>& repeated) {
  std::vector<std::string> specs;
  for (const auto& arg : repeated) specs.push_back(labelled_spec(arg));
  if (!list.empty())
    for (auto& s : split_bot_list(list)) specs.push_back(s);
  return specs;
}

std::vector<int> hidden_sizes(const std::string& text) {
  const auto refuse = [&] {
    input_error("--hidden \"" + text + "\" must be one or two sizes from 1 to 4096, e.g. 64,32");
  };
  std::vector<int> sizes;
  std::stringstream parts(text);
  for (std::string size; std::getline(parts, size, ',');) {
    long long v = 0;
    if (!Params::try_integer(size, v) || v < 1 || v > 4096) refuse();
    sizes.push_back(int(v));
  }
  if (sizes.empty() || sizes.size() > 2 || text.back() == ',') refuse();
  return sizes;
}

void parse_shard(const std::string& text, int& shard, int& shards) {
  const auto slash = text.find('/');
  long long i = -1, n = -1;
  constexpr long long kMaxShards = 1 << 20;
  if (slash == std::string::npos || !Params::try_integer(text.substr(0, slash), i) ||
      !Params::try_integer(text.substr(slash + 1), n) || n < 1 || n > kMaxShards || i < 0 || i >= n)
    input_error("--shard \"" + text + "\" must be i/n in decimal with 0 <= i < n <= " + std::to_string(kMaxShards) +
                " (for example 0/4)");
  shard = int(i), shards = int(n);
}

std::unique_ptr<AnyState> load_position(const AnyGame& game, const Common& c) {
  if (c.position.empty()) input_error("--position FILE is required");
  Json j = parse_json(read_input_file(c.position, "position file"), "position file \"" + c.position + "\"");
  if (!c.map_file.empty()) {
    GameConfig with_map;
    with_map.map_file = c.map_file;
    game.check_map(with_map);  // a game that reads no board refuses the file, in the game's words
    if (j.is_object())
      j[game.info().map_field] = parse_json(read_input_file(c.map_file, "map file"), "map file \"" + c.map_file + "\"");
  }
  return game.from_json(j);
}

}  // namespace nuraghe

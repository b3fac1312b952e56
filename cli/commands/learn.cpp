// `nuraghe learn` (cli/commands/learn.hpp): the arguments checked and the self-play data read, then the game's
// own fit (cli/commands/learn_game.hpp).
#include "cli/commands/learn.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <sstream>

#include "any_game/any_game.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/commands/learn_game.hpp"
#include "cli/commands/selfplay.hpp"
#include "cli/commands/selfplay_game.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"
#include "core/npy.hpp"

namespace nuraghe {

// ---- what every game's learn shares (cli/commands/learn_game.hpp), and the data read -----------

namespace commands {

void Data::fill_samples() {
  const Eigen::Index rows = Eigen::Index(targets.size());
  samples.x = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      features.data(), rows, id.observation_size);
  samples.y = Eigen::Map<const Eigen::VectorXd>(targets.data(), rows);
  std::vector<float>().swap(features);
}

GameConfig config_of(const DataIdentity& id, std::uint64_t seed) {
  GameConfig config;
  config.players = id.players, config.seed = seed, config.map_file = id.map;
  for (const auto& [name, value] : id.options.items()) config.options[name] = value.get<std::string>();
  return config;
}

learn::Metrics figures(const std::string& target, const Eigen::VectorXd& predicted, const learn::Samples& data,
                       const std::vector<int>& rows) {
  if (target == "returns") return learn::evaluate_positions(predicted, data, rows);
  learn::Metrics m;
  for (int r : rows) {
    const double p = std::clamp(predicted[r], 1e-15, 1 - 1e-15), y = data.y[r];
    m.log_loss -= y * std::log(p) + (1 - y) * std::log(1 - p);
    m.brier += (p - y) * (p - y);
  }
  m.positions = (long long)rows.size();
  m.log_loss /= double(rows.size()), m.brier /= double(rows.size());
  m.accuracy = std::nan("");
  return m;
}

namespace {

DataIdentity identity_of(const JsonIn& m) {
  DataIdentity id;
  id.game = m.at("game").string();
  id.players = m.at("players").int_in(1, kMaxPlayers);
  id.observation_size = m.at("observation_size").int_in(1, kMaxObservation);
  m.at("options").expect_object();
  for (const auto& [name, value] : m.at("options").json().items())
    if (!value.is_string()) m.at("options").fail("must map each option to its value as a string");
  id.options = m.at("options").json();
  id.map = m.at("map").string();
  id.map_hash = m.at("map_hash").string();
  return id;
}

// A file of the data is never one learn writes, --force or not: the fit would destroy its own data
// (however the two paths are spelled: same_file compares the files themselves).
void check_not_output(const LearnCommand& c, const std::string& folder, const std::string& input) {
  for (const auto& [flag, output] :
       {std::pair<const char*, const std::string*>{"--out", &c.out}, {"--curve", &c.curve}})
    if (!output->empty() && same_file(*output, input))
      input_error("learn: ", flag, " \"", *output, "\" is a file of --data \"", folder, "\" (\"", input,
                  "\"): give another file (--force replaces no file of the data)");
}

// A number of an array for a message: "nan", "1.5".
std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// Reads the manifest and arrays of --data folder `index` into `d`, checking them against each
// other and against the folders read before: the run's chunks in order and each once, each chunk's
// games its own, every row's return in [0, 1] and its game's, so that no row counts twice and no
// target is dropped or changed without a word.
void read_folder(const LearnCommand& c, int index, Data& d) {
  const std::string& folder = c.data[std::size_t(index)];
  const std::string& target = c.target;
  const std::string path = (fs::path(folder) / "manifest.json").string();
  if (!fs::is_regular_file(path))
    input_error("learn: --data \"" + folder + "\" holds no manifest.json (a folder of nuraghe selfplay --out)");
  check_not_output(c, folder, path);
  const Json manifest = parse_json(read_input_file(path, "self-play manifest"), path);
  const JsonIn m(manifest, path);
  if (m.at("nuraghe").string() != "selfplay") m.at("nuraghe").fail("must be \"selfplay\"");
  if (m.at("format").int_in(1, 1) != 1) m.at("format").fail("must be 1");
  const DataIdentity id = identity_of(m);
  if (index == 0) {
    d.id = id;
  } else if (id.game != d.id.game || id.players != d.id.players || id.options != d.id.options ||
             id.map_hash != d.id.map_hash || id.observation_size != d.id.observation_size) {
    input_error("learn: --data \"" + folder +
                "\" is self-play of another game, options, map or seat count than the first --data folder");
  }
  d.folders.push_back({path, id.map});
  if (target == "search-value")
    for (const JsonIn& reward : m.at("reward").array())
      if (!reward.is_null() && reward.string() == "score")
        input_error("learn: --data \"" + folder +
                    "\" was played by a bot with reward=score, whose search values are shares of points, not of the "
                    "win: fit --target returns, or play the self-play with reward=win");
  Json kept = manifest;
  kept.erase("chunks"), kept.erase("arrays"), kept.erase("games_file");
  d.manifests.push_back(kept);
  const int n = id.players, size = id.observation_size;

  // The run's chunks, in order and each once (a chunk listed twice would count its rows twice),
  // chunk i holding games [i * chunk_games, (i + 1) * chunk_games) of the run's `games`.
  const long long games = m.at("games").integer(1, 1LL << 30), chunk_games = m.at("chunk_games").integer(1, 1LL << 30);
  const std::vector<JsonIn> chunks = m.at("chunks").array();
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const JsonIn& chunk = chunks[i];
    chunk.allow_only({"name", "games", "rows"});
    const std::string name = chunk_name(int(i));
    if (chunk.at("name").string() != name)
      chunk.at("name").fail("must be \"" + name + "\" (the run's chunks, in order, each once)");
    const long long first = (long long)i * chunk_games, last = std::min(games, first + chunk_games);
    if (first >= games)
      chunk.fail("is past the run's " + std::to_string(games) + " games in chunks of " + std::to_string(chunk_games));
    const std::vector<JsonIn> range = chunk.at("games").array_of_size(2);
    if (range[0].integer(0, games) != first || range[1].integer(0, games) != last)
      chunk.at("games").fail("must be [" + std::to_string(first) + ", " + std::to_string(last) + "]");
    // Every file of the chunk, those learn does not read too: the data is the user's.
    for (const SelfplayArray& array : kSelfplayArrays)
      check_not_output(c, folder, (fs::path(folder) / name / (std::string(array.name) + ".npy")).string());
    check_not_output(c, folder, (fs::path(folder) / name / "games.jsonl").string());
  }

  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const JsonIn& chunk = chunks[i];
    const fs::path dir = fs::path(folder) / chunk.at("name").string();
    const long long first = (long long)i * chunk_games, last = std::min(games, first + chunk_games);
    const auto where = [&](const char* name) { return (dir / (std::string(name) + ".npy")).string(); };
    const long long rows = chunk.at("rows").integer(0, 1LL << 40);
    const auto obs = npy::read<float>(where("observation"));
    const auto seat = npy::read<std::int32_t>(where("seat")), game = npy::read<std::int32_t>(where("game"));
    const auto deal = npy::read<std::int32_t>(where("deal")), decision = npy::read<std::int32_t>(where("decision"));
    const auto returns = npy::read<float>(where("returns")), value = npy::read<float>(where("search_value"));
    const auto check_shape = [&](const auto& a, const char* name, long long cols) {
      if (a.rows != rows || a.cols != cols)
        input_error("learn: \"" + where(name) + "\" has shape (" + std::to_string(a.rows) + ", " +
                    std::to_string(a.cols) + "), the manifest says (" + std::to_string(rows) + ", " +
                    std::to_string(cols) + ")");
    };
    check_shape(obs, "observation", size), check_shape(seat, "seat", 1), check_shape(game, "game", 1);
    check_shape(deal, "deal", 1), check_shape(decision, "decision", 1), check_shape(returns, "returns", n);
    check_shape(value, "search_value", 1);

    // The chunk's games, each once: a line of another chunk's game would stand for it twice.
    const std::string games_path = (dir / "games.jsonl").string();
    std::istringstream lines(read_input_file(games_path, "self-play games", std::size_t(1) << 30));
    std::string text;
    std::set<long long> seen;
    for (int l = 0; std::getline(lines, text); ++l) {
      const std::string source = "\"" + games_path + "\" line " + std::to_string(l + 1);
      const Json line = parse_json(text, source);
      const JsonIn in(line, source);
      const long long g = in.at("index").integer(first, last - 1);
      if (!seen.insert(g).second) in.at("index").fail("names game " + std::to_string(g) + " a second time");
      const std::vector<double> line_returns = in.at("returns").reals(0, 1, std::size_t(n), std::size_t(n));
      if (g == first) d.replayed.emplace_back((long long)index << 32 | g, source);
      d.games[(long long)index << 32 | g] =
          DataGame{index, line, in.at("seed").u64(), (long long)in.at("moves").array().size(), line_returns};
    }
    if ((long long)seen.size() != last - first)
      input_error("learn: \"" + games_path + "\" holds " + std::to_string(seen.size()) + " games, not the " +
                  std::to_string(last - first) + " of its chunk (games " + std::to_string(first) + " to " +
                  std::to_string(last - 1) + ")");

    for (long long r = 0; r < rows; ++r) {
      const std::string row = " row " + std::to_string(r);
      const int s = seat.values[std::size_t(r)];
      if (s < 0 || s >= n) input_error("learn: \"" + where("seat") + "\" holds seat " + std::to_string(s));
      const long long g = game.values[std::size_t(r)];
      if (g < first || g >= last)
        input_error("learn: \"" + where("game") + "\"" + row + " names game " + std::to_string(g) +
                    ", not one of its chunk (games " + std::to_string(first) + " to " + std::to_string(last - 1) + ")");
      const long long key = (long long)index << 32 | g;
      const DataGame& line = d.games.at(key);
      // Every seat's return: in [0, 1], and the one its game ended with. A NaN is refused, never
      // left out: the row's target would be gone without a word.
      for (int p = 0; p < n; ++p) {
        const float v = returns.row(r)[p];
        if (!(v >= 0 && v <= 1))
          input_error("learn: \"" + where("returns") + "\"" + row + ": seat " + std::to_string(p) + "'s return is " +
                      number_text(v) + ", not a number in [0, 1]");
        if (v != float(line.returns[std::size_t(p)]))
          input_error("learn: \"" + where("returns") + "\"" + row + ": seat " + std::to_string(p) + "'s return is " +
                      number_text(v) + ", not the " + number_text(line.returns[std::size_t(p)]) + " of game " +
                      std::to_string(g) + " in \"" + games_path + "\"");
      }
      ++d.rows_read;
      double y = returns.row(r)[s];
      if (target == "search-value") {
        const float v = value.values[std::size_t(r)];
        if (std::isnan(v)) continue;  // no search value: the seat did not move, or did not search
        if (!(v >= 0 && v <= 1))
          input_error("learn: \"" + where("search_value") + "\"" + row + ": the search value is " + number_text(v) +
                      ", not a number in [0, 1] (or NaN, where the seat did not search)");
        y = v;
      }
      if (decision.values[std::size_t(r)] < 0 || decision.values[std::size_t(r)] >= line.moves)
        input_error("learn: a row of \"" + where("decision") + "\" names decision " +
                    std::to_string(decision.values[std::size_t(r)]) + ", past the game's " +
                    std::to_string(line.moves) + " moves in its games.jsonl");
      d.seat.push_back(s), d.decision.push_back(decision.values[std::size_t(r)]), d.game_key.push_back(key);
      // The deal by its seed, not its number: two folders of one --seed played the same deals,
      // which must not fall on both sides of a split.
      d.samples.group.push_back((long long)line.seed);
      d.samples.position.push_back(key << 20 | decision.values[std::size_t(r)]);
      d.targets.push_back(y);
      d.features.insert(d.features.end(), obs.row(r), obs.row(r) + size);
    }
  }
}

}  // namespace

}  // namespace commands

int run_learn_command(const LearnCommand& c) {
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("learn: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.target != "returns" && c.target != "search-value")
    input_error("learn: --target must be returns or search-value, not \"" + c.target + "\"");
  check_output_path(c.out, "--out", c.force);
  if (!c.curve.empty()) {
    check_output_path(c.curve, "--curve", c.force);
    if (same_file(c.curve, c.out)) input_error("learn: --curve and --out name one file");
  }
  for (std::size_t i = 0; i < c.data.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(c.data[i], c.data[j]))  // its rows would count twice
        input_error("learn: --data \"" + c.data[i] + "\" is given twice (as \"" + c.data[j] + "\")");
  commands::Data d;
  for (std::size_t i = 0; i < c.data.size(); ++i) commands::read_folder(c, int(i), d);
  d.fill_samples();
  if (d.samples.x.rows() == 0)
    input_error("learn: the --data folders hold no rows with a " + c.target + " target" +
                (c.target == "search-value" ? " (were the seats' bots searching ones?)" : ""));
  return game_commands(d.id.game).learn(c, d);
}

namespace {

class Learn final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("--data", args_.data, "a self-play folder (repeatable; one game, options, map and seat count)")
        .file()
        .required();
    o.option("--model", args_.model, "linear (ridge regression), logistic or mlp").not_empty();
    o.option("--target", args_.target, "returns (the games' outcomes) or search-value (the searches' root values)")
        .not_empty();
    o.option("--out", args_.out, "the model file to write (JSON)").file().required();
    o.option("--curve", args_.curve, "also write a learning curve (CSV) to this file").file();
    o.seed("-s,--seed", args_.seed, "seed of the held-out deals, the folds and the MLP's training");
    o.option("--hidden", hidden_, "the MLP's hidden layers: one or two sizes, e.g. 64 or 64,32").not_empty();
    o.integer("--epochs", args_.epochs, 1, 100000, "the MLP's most epochs (early stopping may end sooner)");
    o.integer("--threads", args_.threads, 1, 256, "threads of the fit (the model is the same to 1e-9)");
    o.real("--held-out", args_.held_out, 0.05, 0.5, "the share of deals held out for the figures");
    o.integer("--determinizations", args_.determinizations, 1, 1000,
              "determinizations a seat for the hand-written evaluation's figures (and input)");
    o.flag("--with-evaluate", args_.with_evaluate,
           "one more input: the logit of the game's hand-written evaluation of the seat");
    o.flag("--force", args_.force, "replace existing --out and --curve files");
  }

  int run() override {
    args_.hidden = hidden_sizes(hidden_);
    return run_learn_command(args_);
  }

 private:
  LearnCommand args_;
  std::string hidden_ = "64";
};

}  // namespace

extern const CommandEntry learn_command{
    "learn", "fit a value function on self-play data (selfplay --out) and write it as a model file for eval=",
    make_command<Learn>};

}  // namespace nuraghe

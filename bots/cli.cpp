#include "bots/cli.hpp"
#include "core/hooks.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "bots/games.hpp"
#include "bots/improve.hpp"
#include "bots/learn.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "bots/results_table.hpp"
#include "bots/selfplay.hpp"
#include "bots/tournament.hpp"
#include "bots/viewer.hpp"
#include "core/files.hpp"
#include "search/playout.hpp"

namespace nuraghe {
namespace {

// ---- numbers on the command line
// CLI11 reads "010" as 8, "0x10" as 16 and lets "-1" wrap into a huge unsigned seed. Every number
// is therefore taken as text and read here, in decimal only (core/params.hpp), with its range.

template <class T>
CLI::Option* add_integer(CLI::App* cmd, const std::string& names, T& target, long long lo, long long hi,
                         const std::string& help) {
  const std::string flag = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  return cmd
      ->add_option_function<std::string>(
          names,
          [&target, lo, hi, flag](const std::string& text) {
            long long v = 0;
            if (!Params::try_integer(text, v) || v < lo || v > hi)
              input_error(flag + " \"" + text + "\" must be a whole number in [" + std::to_string(lo) + ", " +
                          std::to_string(hi) + "], written in decimal");
            target = T(v);
          },
          help)
      ->type_name("INT")
      ->default_str(std::to_string(target));
}

CLI::Option* add_seed(CLI::App* cmd, const std::string& names, std::uint64_t& target, const std::string& help) {
  return cmd
      ->add_option_function<std::string>(
          names,
          [&target](const std::string& text) {
            if (!Params::try_unsigned(text, target))
              input_error("--seed \"" + text +
                          "\" must be a whole number in [0, 18446744073709551615], written in decimal");
          },
          help)
      ->type_name("INT")
      ->default_str(std::to_string(target));
}

CLI::Option* add_real(CLI::App* cmd, const std::string& names, double& target, double lo, double hi,
                      const std::string& help) {
  const std::string flag = names.substr(names.rfind(',') == std::string::npos ? 0 : names.rfind(',') + 1);
  char range[64];
  std::snprintf(range, sizeof range, "[%g, %g]", lo, hi);
  char def[32];
  std::snprintf(def, sizeof def, "%g", target);
  return cmd
      ->add_option_function<std::string>(
          names,
          [&target, lo, hi, flag, r = std::string(range)](const std::string& text) {
            double v = 0;
            if (!Params::try_real(text, v) || !(v >= lo && v <= hi))
              input_error(flag + " \"" + text + "\" must be a decimal number in " + r);
            target = v;
          },
          help)
      ->type_name("NUMBER")
      ->default_str(def);
}

// A file option given an empty value (--html "") would read as not given at all: refused instead.
const CLI::Validator kFileName(
    [](std::string& value) {
      return value.empty() ? std::string("needs a file name, not an empty one") : std::string();
    },
    "FILE");

// A text option given an empty value (--shard "", --sprt "") would read as not given at all and
// run with the default: refused instead.
const CLI::Validator kNotEmpty(
    [](std::string& value) { return value.empty() ? std::string("needs a value, not an empty one") : std::string(); },
    "");

// The closest name by edit distance, for "did you mean".
std::string closest(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_distance = 3;  // suggest only names within two edits
  for (const auto& name : names) {
    std::vector<std::size_t> row(name.size() + 1);
    for (std::size_t j = 0; j <= name.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= name.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (word[i - 1] == name[j - 1] ? 0 : 1)});
        diagonal = up;
      }
    }
    if (row[name.size()] < best_distance) best_distance = row[name.size()], best = name;
  }
  return best;
}

// Options shared by the subcommands that set up or read a game.
struct Common {
  std::string game;
  int players = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> options;  // KEY=VALUE
  std::string map_file;
  std::string position;  // a file, or - for standard input

  GameConfig config() const {
    check_players();
    GameConfig c;
    c.players = players;
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

  // --players within the game's own range, said in the game's words ("ttr plays 2 to 5 players,
  // not 6"); an unknown game is reported where it is dispatched.
  void check_players() const {
    if (players == 0) return;
    AllGames::for_each([&]<Game G>() {
      if (G::kName != game || (players >= G::kMinPlayers && players <= G::kMaxPlayers)) return;
      wrong_player_count<G>(players);
    });
  }
};

template <Game G>
typename G::State load_position(const std::string& path, const std::string& map_file = "") {
  if (path.empty()) input_error("--position FILE is required");
  Json j = parse_json(read_input_file(path, "position file"), "position file \"" + path + "\"");
  if (!map_file.empty()) {
    if constexpr (HasMap<G>) {
      if (j.is_object())
        j[std::string(map_field_of<G>())] =
            parse_json(read_input_file(map_file, "map file"), "map file \"" + map_file + "\"");
    } else {
      input_error(std::string(G::kName) + ": this game takes no --map file");
    }
  }
  return G::from_json(j);
}

// A person at the terminal: shown the board's legend once (where the game has one), then at each
// turn the state as the seat sees it and the legal moves: numbered when they are few, else grouped
// by their first word (a card, in Sardegna) so that the prompt fits a 24-line terminal. "?" lists
// every move, "? WORD" those starting with WORD. An illegal move is answered with one line saying why.
template <Game G>
class HumanBot final : public Bot<G> {
 public:
  static constexpr std::size_t kNumbered = 12;  // up to this many moves are listed one per line

  Move choose(const InfoSet<G>& info) override {
    const auto& s = info.true_state_for_cheating();  // only to render the seat's own picture
    MoveListOf<G> moves;
    info.legal_moves(moves);
    if constexpr (HasLegend<G>) {
      if (!legend_shown_) std::cout << G::legend(s) << "\n";
      legend_shown_ = true;
    }
    std::cout << render_of<G>(s, info.seat());
    std::vector<std::string> texts;
    for (Move m : moves) texts.push_back(info.move_to_string(m));
    const bool numbered = moves.size() <= kNumbered;
    if (numbered) {
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string help = move_help<G>(s, info.seat(), moves[i]);
        std::cout << "  [" << i + 1 << "] " << texts[i] << (help.empty() ? "" : "  -- " + help) << "\n";
      }
    } else {
      std::cout << grouped(texts);
    }
    for (;;) {
      std::cout << "player " << info.seat() << ", your move (" << (numbered ? "number or notation" : "notation")
                << "; ? lists every move): " << std::flush;
      std::string line;  // one line, of a length a person types (so /dev/zero ends)
      for (char c; line.size() <= 4096 && std::cin.get(c) && c != '\n';) line.push_back(c);
      if (line.size() > 4096) input_error("the human player's input line is longer than 4096 characters");
      if (!std::cin && line.empty()) input_error("no more input for the human player");
      const std::string t = trim(line);
      if (t == "?" || t.rfind("? ", 0) == 0) {
        const std::string word = trim(t.substr(1));
        for (const auto& text : texts)
          if (word.empty() || text.rfind(word, 0) == 0) std::cout << "  " << text << "\n";
        continue;
      }
      long long k;
      if (numbered && Params::try_integer(t, k) && k >= 1 && k <= (long long)moves.size()) return moves[k - 1];
      try {
        return parse_legal_move<G>(s, info.seat(), t);
      } catch (const InputError& e) {
        std::cout << e.what() << "\n";
      }
    }
  }

 private:
  // "  commander: (no action) | villager 1 3 4 | move 1-2 1-3": moves by first word, then by the words
  // before their last, wrapped at 79 columns.
  // A group that would take more than kGroupLines lines shows each distinct head once, with its
  // number of moves ("sorgono~nuoro (3)"): "? claim sorgono~nuoro" lists those.
  static constexpr std::size_t kGroupLines = 5;

  static std::string grouped(const std::vector<std::string>& texts) {
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // first word -> the rest
    for (const auto& text : texts) {
      const auto space = text.find(' ');
      const std::string first = text.substr(0, space), rest = space == std::string::npos ? "" : text.substr(space + 1);
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == first; });
      if (it == groups.end()) groups.push_back({first, {}}), it = groups.end() - 1;
      it->second.push_back(rest);
    }
    std::string out;
    for (const auto& [first, rests] : groups) {
      std::string line = "  " + first + ":";
      const std::string indent(first.size() + 4, ' ');
      std::string sub = "\x01";  // the words before the last of the previous move
      std::string lines;
      auto add = [&](const std::string& piece) {
        if (line.size() + 1 + piece.size() > 79) lines += line + "\n", line = indent.substr(1);
        line += " " + piece;
      };
      for (const auto& rest : rests) {
        const auto last = rest.rfind(' ');
        const std::string head = last == std::string::npos ? "" : rest.substr(0, last),
                          tail = last == std::string::npos ? rest : rest.substr(last + 1);
        if (rest.empty()) {
          add(sub == "\x01" ? "(no action)" : "| (no action)");
          sub = "";
          continue;
        }
        if (head != sub) add((sub == "\x01" ? "" : "| ") + head + (head.empty() ? "" : " ") + tail);
        else add(tail);
        sub = head;
      }
      lines += line + "\n";
      if (std::size_t(std::count(lines.begin(), lines.end(), '\n')) > kGroupLines) {
        std::vector<std::pair<std::string, int>> heads;  // the first word of each rest, with its count
        for (const auto& rest : rests) {
          const std::string head = rest.substr(0, rest.find(' '));
          if (heads.empty() || heads.back().first != head) heads.push_back({head, 0});
          ++heads.back().second;
        }
        line = "  " + first + " (" + std::to_string(rests.size()) + " moves; ? " + first + " NAME lists them):";
        lines.clear();
        for (const auto& [head, count] : heads) add(head + (count > 1 ? " (" + std::to_string(count) + ")" : ""));
        lines += line + "\n";
        if (std::size_t(std::count(lines.begin(), lines.end(), '\n')) > kGroupLines)  // still too many: the count
          lines = "  " + first + ": " + std::to_string(rests.size()) + " moves over " + std::to_string(heads.size()) +
                  " names (? " + first + " NAME lists them)\n";
      }
      out += lines;
    }
    return out;
  }

  bool legend_shown_ = false;
};

std::vector<std::string> bot_specs(const std::string& list, const std::vector<std::string>& repeated) {
  std::vector<std::string> specs = repeated;
  if (!list.empty())
    for (auto& s : split_bot_list(list)) specs.push_back(s);
  return specs;
}

int cmd_games() {
  AllGames::for_each([]<Game G>() {
    std::cout << G::kName << "  (" << G::kMinPlayers;
    if (G::kMaxPlayers != G::kMinPlayers) std::cout << "-" << G::kMaxPlayers;
    std::cout << " players" << (hidden_information<G> ? ", hidden information" : "") << ")  " << G::kDescription
              << "\n";
    for (const auto& p : G::option_specs()) std::cout << "    option " << p.describe() << "\n";
  });
  return 0;
}

// Each bot with its own parameters; the parameters all searching bots share, once, at the end.
int cmd_bots() {
  const std::vector<ParamSpec> shared = search_params();
  const auto is_shared = [&](const ParamSpec& p) {
    return std::any_of(shared.begin(), shared.end(),
                       [&](const ParamSpec& q) { return q.name == p.name && p.name != "seed"; });
  };
  for (const auto& b : bot_catalog()) {
    const bool searches = std::any_of(b.params.begin(), b.params.end(), is_shared);
    std::cout << b.name << "  " << b.help << (searches ? "; takes the search parameters below" : "") << "\n";
    for (const auto& p : b.params)
      if (!is_shared(p)) std::cout << "    " << p.describe() << "\n";
  }
  std::cout << "\nsearch parameters of uct, cheat-uct, pimc, ismcts and mo-ismcts:\n";
  for (const auto& p : shared)
    if (p.name != "seed") std::cout << "    " << p.describe() << "\n";
  return 0;
}

struct PlayArgs {
  Common common;
  std::string bots;
  std::vector<std::string> bot;
  std::string log;
  std::string html;  // the game's page for the browser (bots/viewer.hpp)
  int human = -1;
  bool force = false;  // replace an existing log or page file
};

template <Game G>
int cmd_play(const PlayArgs& a) {
  const GameConfig config = a.common.config();
  const auto start = G::initial(config);
  const int n = num_players_of<G>(start);
  const auto specs = bot_specs(a.bots, a.bot);
  if (a.human >= n) input_error("--human " + std::to_string(a.human) + ": there is no such seat");
  const int needed = n - (a.human >= 0 ? 1 : 0);
  if (int(specs.size()) != needed)
    input_error("play: " + std::to_string(n) + " seats need " + std::to_string(needed) + " bot specs, got " +
                std::to_string(specs.size()));
  check_models<G>(specs, start, config);

  std::vector<std::unique_ptr<Bot<G>>> owned;
  std::vector<Bot<G>*> seats;
  std::vector<std::string> names;
  for (int p = 0, next = 0; p < n; ++p) {
    if (p == a.human) {
      owned.push_back(std::make_unique<HumanBot<G>>());
      names.push_back("human");
    } else {
      owned.push_back(make_bot<G>(specs[next], play_bot_seed(config.seed, p)));
      names.push_back(specs[next++]);
    }
    seats.push_back(owned.back().get());
  }
  // The log is a game record that `replay` reads: a header (as a results file's, with "play"),
  // a line per decision, the result.
  check_not_input(a.log, "--log", config.map_file, "--map file");
  check_not_input(a.html, "--html", config.map_file, "--map file");
  check_output_path(a.log, "--log", a.force);
  check_output_path(a.html, "--html", a.force);
  if (!a.html.empty() && !a.log.empty() && same_file(a.html, a.log))
    input_error("--html and --log name one file, \"" + a.html + "\": give each its own");
  OutputFile log;
  if (!a.log.empty()) {
    log = OutputFile(a.log, "log file");
    Json options = Json::object();
    for (const auto& [k, v] : config.options) options[k] = v;
    Json header{{"nuraghe", "play"},  {"game", G::kName},       {"seed", config.seed}, {"players", n},
                {"options", options}, {"map", config.map_file}, {"bots", names},       {"version", version()}};
    if (const std::string hash = map_hash_text<G>(config); !hash.empty()) header["map_hash"] = hash;
    log.write(header.dump() + "\n");
  }
  std::cout << "game " << G::kName << ", seed " << config.seed << ", " << n << " players\n";
  for (int p = 0; p < n; ++p) std::cout << "  seat " << p << ": " << names[p] << "\n";
  int ply = 0;
  auto final_state = start;
  const auto record = play_game<G>(start, seats, [&](const typename G::State& before, const MoveRecord& m) {
    if (m.player == kSimultaneous) apply_joint<G>(final_state, m.moves);
    else final_state.apply(m.moves[0]);
    ++ply;
    // A person at the table reads the transcript too: it shows them what their seat saw.
    const std::string shown = move_text_seen_by<G>(before, m, a.human);
    std::cout << ply << ". " << mover_name(m.player) << ": " << shown << "\n";
    if (m.player != kSimultaneous) std::cout << explain_move<G>(before, m.moves[0]);
    if (log.is_open())
      log.write(
          Json{{"ply", ply}, {"player", m.player == kSimultaneous ? Json("all") : Json(m.player)}, {"move", m.text}}
              .dump() +
          "\n");
  });
  // The end: the final board, and who won (the best return; a shared win names every winner).
  std::cout << "\n" << render_of<G>(final_state, -1) << "\n";
  double best = 0;
  for (int p = 0; p < n; ++p) best = std::max(best, record.returns[p]);
  std::vector<int> winners;
  for (int p = 0; p < n; ++p)
    if (record.returns[p] == best) winners.push_back(p);
  if (int(winners.size()) == n) {
    std::cout << "a draw: every seat shares the result\n";
  } else {
    std::cout << (winners.size() == 1 ? "winner:" : "shared win:");
    for (int p : winners) std::cout << " player " << p << " (" << names[p] << ")";
    std::cout << "\n";
  }
  std::cout << "scores: " << format_values(record.scores, n) << "\n";
  std::cout << "returns: " << format_values(record.returns, n) << "\n";
  if (log.is_open()) {
    log.write(Json{{"result",
                    {{"scores", std::vector<double>(record.scores.begin(), record.scores.begin() + n)},
                     {"returns", std::vector<double>(record.returns.begin(), record.returns.begin() + n)}}}}
                  .dump() +
              "\n");
    log.close();
  }
  if (!a.html.empty()) {
    const std::string title = std::string(G::kName) + ", seed " + std::to_string(config.seed);
    write_viewer_page<G>(Transcript<G>{start, names, record.moves}, title, a.html, a.human);
    std::cout << "play: wrote " << a.html << "\n";
  }
  return 0;
}

template <Game G>
int cmd_new(const Common& c) {
  std::cout << G::to_json(G::initial(c.config())).dump(2) << "\n";
  return 0;
}

template <Game G>
int cmd_legal(const Common& c) {
  const auto s = load_position<G>(c.position, c.map_file);
  const Player p = s.to_move();
  if (p == kTerminal) {
    std::cout << "game over; scores: " << format_values(scores_of<G>(s), num_players_of<G>(s)) << "\n";
    return 0;
  }
  MoveListOf<G> moves;
  if (p == kSimultaneous) {
    for (int q = 0; q < num_players_of<G>(s); ++q) std::cout << "player " << q << ": " << legal_list<G>(s, q) << "\n";
    return 0;
  }
  s.legal_moves(moves);
  for (Move m : moves) std::cout << G::move_to_string(s, p, m) << "\n";
  return 0;
}

// The score of a position part by part, where the game can say more than its scores.
template <Game G>
int cmd_score(const Common& c, bool json) {
  const auto s = load_position<G>(c.position, c.map_file);
  if constexpr (HasScoreReport<G>) {
    std::cout << (json ? G::score_json(s).dump() + "\n" : G::score_report(s));
  } else {
    if (s.to_move() != kTerminal) input_error("score: the game is not over in this position");
    const Values v = scores_of<G>(s);
    if (json)
      std::cout << Json{{"scores", std::vector<double>(v.begin(), v.begin() + num_players_of<G>(s))}}.dump() << "\n";
    else std::cout << "scores: " << format_values(v, num_players_of<G>(s)) << "\n";
  }
  return 0;
}

// --moves "" is no moves (the position printed as read); otherwise every step between the ';'
// must be a move: "a;;b" or a trailing ';' is refused, not skipped. Spaces around a step are allowed.
template <Game G>
int cmd_apply(const Common& c, const std::string& moves) {
  auto s = load_position<G>(c.position, c.map_file);
  if (!moves.empty()) {
    const std::vector<std::string> steps = split_moves(moves, ';');
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const std::string step = trim(steps[i]);
      if (step.empty())
        input_error("--moves \"" + moves + "\": move " + std::to_string(i + 1) + " of " + std::to_string(steps.size()) +
                    " is empty (separate moves by one ';')");
      apply_text<G>(s, step);
    }
  }
  std::cout << G::to_json(s).dump(2) << "\n";
  return 0;
}

// Searches a position for the seat to move (or --seat at a simultaneous node) and prints the root
// statistics: visits, mean value and final policy of every move.
template <Game G>
int cmd_analyze(const Common& c, const std::string& spec, int seat_option) {
  const auto s = load_position<G>(c.position, c.map_file);
  const Player to_move = s.to_move();
  if (to_move == kTerminal) input_error("analyze: the game is over in this position");
  Player seat = to_move;
  if (to_move == kSimultaneous) {
    if (seat_option < 0 || seat_option >= num_players_of<G>(s))
      input_error("analyze: a simultaneous node needs --seat 0.." + std::to_string(num_players_of<G>(s) - 1));
    seat = seat_option;
  } else if (seat_option >= 0 && seat_option != to_move) {
    input_error("analyze: player " + std::to_string(to_move) + " is to move, not player " +
                std::to_string(seat_option));
  }
  const std::string name = parse_spec(spec, "bot").name;
  check_models<G>({spec}, s, c.config());
  auto bot = make_bot<G>(spec, c.seed);
  auto* searcher = dynamic_cast<MctsBot<G>*>(bot.get());
  if (!searcher)
    input_error("analyze: bot " + name + " does not search (give uct, cheat-uct, pimc, ismcts or mo-ismcts)");
  bot->start(seat);
  const Move best = bot->choose(InfoSet<G>(s, seat));
  const auto& r = searcher->last_result();
  std::printf("%s for player %d: %lld iterations in %.3f s (%.0f/s), tree %.1f MiB of %.1f MiB reserved\n",
              spec.c_str(), seat, r.iterations, r.seconds, r.seconds > 0 ? r.iterations / r.seconds : 0.0,
              r.bytes_used / 1048576.0, r.bytes_reserved / 1048576.0);
  std::printf("%-24s %10s %8s %8s\n", "move", "visits", "mean", "policy");
  auto rows = r.moves;
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.visits > b.visits; });
  for (const auto& m : rows)
    std::printf("%-24s %10u %8.3f %8.3f\n", G::move_to_string(s, seat, m.move).c_str(), m.visits, m.mean, m.policy);
  std::printf("best: %s\n", G::move_to_string(s, seat, best).c_str());
  return 0;
}

// A quick speed table: for every game, random playouts and one ismcts (or uct) search from the
// start position, timed on this machine. Google Benchmark (build/bench) gives the careful figures.
int cmd_bench(double seconds) {
  std::printf("%-10s %14s %14s %16s %14s\n", "game", "playouts/s", "decisions/s", "search", "iterations/s");
  AllGames::for_each([&]<Game G>() {
    using Clock = std::chrono::steady_clock;
    const auto start = G::initial(GameConfig{});
    Rng rng(1);
    long long playouts = 0, decisions = 0;
    double checksum = 0;  // uses every final state, so the compiler cannot drop the playouts
    const auto t0 = Clock::now();
    double elapsed = 0;
    while (elapsed < seconds) {
      for (int i = 0; i < 256; ++i, ++playouts) {
        auto s = start;
        decisions += random_playout<G>(s, rng);
        checksum += s.returns()[0];
      }
      elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    }
    if (checksum < 0) std::printf("impossible\n");
    const std::string spec = hidden_information<G> ? "ismcts:ms=" : "uct:ms=";
    auto bot = make_bot<G>(spec + std::to_string(int(seconds * 1000)), 1);
    const Player seat = start.to_move() >= 0 ? start.to_move() : 0;
    bot->start(seat);
    bot->choose(InfoSet<G>(start, seat));
    const auto& r = dynamic_cast<MctsBot<G>*>(bot.get())->last_result();
    std::printf("%-10s %14.0f %14.0f %16s %14.0f\n", std::string(G::kName).c_str(), playouts / elapsed,
                decisions / elapsed, (hidden_information<G> ? "ismcts" : "uct"), r.iterations / r.seconds);
  });
  return 0;
}

// --hidden: one or two layer sizes, "64" or "64,32".
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

void add_game_options(CLI::App* cmd, Common& c, bool setup) {
  cmd->add_option("-g,--game", c.game, "game name (see `nuraghe games`)")->check(kNotEmpty)->required();
  cmd->add_option("--map", c.map_file, "board or map file, for games that read one")->check(kFileName);
  if (setup) {
    // (any count here: Common::check_players says the game's own range)
    add_integer(cmd, "-p,--players", c.players, 1, 1000000, "number of players")->default_str("the game's");
    add_seed(cmd, "-s,--seed", c.seed, "seed for everything random at setup");
    cmd->add_option("-o,--option", c.options, "rule option KEY=VALUE (repeatable)")->check(kNotEmpty);
  }
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"nuraghe: Monte Carlo tree search bots for Sardinian board games"};
  app.require_subcommand(1);
  app.option_defaults()->always_capture_default();  // --help shows every default
  app.set_help_all_flag("--help-all", "help for every subcommand");
  app.set_version_flag("--version", std::string("nuraghe ") + version(),
                       "print the commit this program was built from");

  Common common;
  auto* games = app.add_subcommand("games", "list the games and their rule options");
  auto* bots = app.add_subcommand("bots", "list the bots and their parameters");

  auto* make = app.add_subcommand("new", "print a starting position as JSON");
  add_game_options(make, common, true);

  auto* legal = app.add_subcommand("legal", "print the legal moves of a position");
  add_game_options(legal, common, false);
  legal->add_option("--position", common.position, "position file (JSON; - for standard input)")
      ->check(kFileName)
      ->required();

  std::string moves;
  auto* apply = app.add_subcommand("apply", "apply moves to a position and print the result as JSON");
  add_game_options(apply, common, false);
  apply->add_option("--position", common.position, "position file (JSON; - for standard input)")
      ->check(kFileName)
      ->required();
  apply
      ->add_option("--moves", moves,
                   "moves in notation separated by ';' (a simultaneous move: one per seat, separated by ',')")
      ->required();

  bool score_json = false;
  std::string score_results;
  auto* score = app.add_subcommand(
      "score", "print the score of a position part by part, or of every game of a results file as JSON lines");
  score->add_option("-g,--game", common.game, "game name (see `nuraghe games`)")->check(kNotEmpty);
  score->add_option("--map", common.map_file, "board or map file, for games that read one")->check(kFileName);
  auto* score_position =
      score->add_option("--position", common.position, "position file (JSON; - for standard input)")->check(kFileName);
  score->add_option("--results", score_results, "a results file (arena --out) or play log: one JSON line per game")
      ->check(kFileName)
      ->excludes(score_position);
  score->add_flag("--json", score_json, "the breakdown as one JSON line");

  MapCommand map_args;
  Common map_common;
  auto* map = app.add_subcommand("map", "draw a game's board or map from its data as SVG");
  add_game_options(map, map_common, true);
  map->add_option("--svg", map_args.svg, "the SVG file to write")->check(kFileName)->required();
  map->add_option("--usage", map_args.usage,
                  "a results file (arena --out) or play log: colour the routes by how often they were claimed")
      ->check(kFileName);
  map->add_flag("--force", map_args.force, "replace an existing --svg file");

  PlayArgs play_args;
  auto* play = app.add_subcommand("play", "play one game and print its move log");
  add_game_options(play, play_args.common, true);
  play->add_option("--bots", play_args.bots, "bot specs, one per seat, separated by commas")->check(kNotEmpty);
  play->add_option("-b,--bot", play_args.bot, "a bot spec (repeatable, one per seat)")->check(kNotEmpty);
  play->add_option("--log", play_args.log, "write the game as JSON lines to FILE")->check(kFileName);
  add_integer(play, "--human", play_args.human, 0, kMaxPlayers - 1, "a person plays this seat from the terminal")
      ->default_str("none");
  play->add_option("--html", play_args.html, "write the game as a page for the browser to FILE")->check(kFileName);
  play->add_flag("--force", play_args.force, "replace existing --log and --html files");

  ArenaCommand arena_args;
  std::string arena_bots, arena_shard;
  std::vector<std::string> arena_bot;
  Common arena_common;
  auto* arena =
      app.add_subcommand("arena", "play a tournament with rotated seats and duplicate deals; print a result table");
  add_game_options(arena, arena_common, true);
  arena->add_option("--bots", arena_bots, "bot specs, one per seat, separated by commas")->check(kNotEmpty);
  arena->add_option("-b,--bot", arena_bot, "a bot spec (repeatable, one per seat)")->check(kNotEmpty);
  add_integer(arena, "-n,--games", arena_args.settings.games, 1, 1 << 30,
              "number of games (a multiple of the seat count)")
      ->required();
  add_integer(arena, "-j,--jobs", arena_args.settings.jobs, 1, 256, "games played in parallel");
  arena->add_option("--out", arena_args.settings.out, "results file (JSON lines); an existing one is resumed")
      ->check(kFileName);
  arena->add_option("--shard", arena_shard, "play only deals d with d % n == i (i/n), for spreading over machines")
      ->check(kNotEmpty)
      ->default_str("0/1");
  arena->add_flag("--self-play", arena_args.self_play,
                  "the one --bot given plays every seat; the table compares the seats");
  arena->add_option("--format", arena_args.format, "table, csv or json")->check(kNotEmpty);
  arena
      ->add_option("--sprt", arena_args.sprt,
                   "elo0,elo1,alpha,beta: stop early by a sequential test (two bots, two seats)")
      ->check(kNotEmpty);
  add_integer(arena, "--resamples", arena_args.resamples, 10, 100000, "bootstrap resamples for the intervals");

  std::vector<std::string> merge_files;
  std::string merge_format = "table", merge_out;
  int merge_resamples = 1000;
  auto* merge = app.add_subcommand("merge", "combine arena results files (shards) into one table");
  merge->add_option("files", merge_files, "results files")->check(kFileName)->required();
  merge->add_option("--format", merge_format, "table, csv or json")->check(kNotEmpty);
  merge->add_option("--out", merge_out, "also write the merged results to this new file")->check(kFileName);
  add_integer(merge, "--resamples", merge_resamples, 10, 100000, "bootstrap resamples for the intervals");

  ReplayCommand replay_args;
  auto* replay = app.add_subcommand("replay", "step through a game of an arena results file or a play --log file");
  replay->add_option("file", replay_args.file, "results file (arena --out) or game log (play --log)")
      ->check(kFileName)
      ->required();
  add_integer(replay, "-k,--index", replay_args.index, 0, 1 << 30,
              "the game's index in an arena results file (a play log holds game 0)");
  add_integer(replay, "--seat", replay_args.seat, 0, kMaxPlayers - 1, "show the game as this seat saw it")
      ->default_str("everything");
  replay
      ->add_option("--html", replay_args.html,
                   "write the game as a page for the browser to FILE (with --seat: that seat's view alone)")
      ->check(kFileName);
  replay->add_flag("--force", replay_args.force, "replace an existing --html file");

  ResultsTableCommand results_args;
  auto* results = app.add_subcommand(
      "results", "flatten a results file or play log into a table (a row per game, seat or move) for pandas or R");
  results->add_option("file", results_args.file, "results file (arena --out) or game log (play --log)")
      ->check(kFileName)
      ->required();
  results->add_option("--format", results_args.format, "csv (a header row) or json (JSON lines)")->check(kNotEmpty);
  results->add_option("--per", results_args.per, "what a row is: game, seat or move")->check(kNotEmpty);
  results->add_option("--out", results_args.out, "write the table to this new file instead of standard output")
      ->check(kFileName);
  results->add_flag("--force", results_args.force, "replace an existing --out file");

  TuneCommand tune_args;
  std::string tune_bot;
  std::vector<std::string> tune_opponents;
  Common tune_common;
  auto* tune =
      app.add_subcommand("tune", "tune numeric parameters of a bot spec against opponents (SPSA or cross-entropy)");
  add_game_options(tune, tune_common, true);
  tune->add_option("-b,--bot", tune_bot, "the bot spec to tune, e.g. ismcts:iters=300")->check(kNotEmpty)->required();
  tune->add_option("--opponent", tune_opponents, "an opponent spec (repeatable; seats are filled from this pool)")
      ->check(kNotEmpty)
      ->required();
  tune->add_option("--param", tune_args.params, "NAME=LOW:HIGH (repeatable)")->check(kNotEmpty)->required();
  tune->add_option("--method", tune_args.method, "spsa or cem")->check(kNotEmpty);
  add_integer(tune, "--budget", tune_args.budget, 1, 1 << 30, "games in all")->required();
  add_integer(tune, "--games-per-eval", tune_args.games_per_eval, 1, 1 << 30, "games per evaluation of a candidate")
      ->required();
  add_integer(tune, "-j,--jobs", tune_args.arena.jobs, 1, 256, "games played in parallel");
  tune->add_option("--best", tune_args.best_out, "write the best spec to this file")->check(kFileName);
  tune->add_option("--csv", tune_args.csv_out, "write the trajectory to this CSV file")->check(kFileName);
  tune->add_flag("--force", tune_args.force, "replace existing --best and --csv files");
  add_integer(tune, "--final-games", tune_args.final_games, 1, 1 << 30,
              "games of the final match, tuned and untuned spec each")
      ->default_str("a fifth of --budget, at least 10 deals");

  SelfplaySettings selfplay_args;
  std::string selfplay_bots;
  std::vector<std::string> selfplay_bot;
  Common selfplay_common;
  auto* selfplay = app.add_subcommand(
      "selfplay", "play games as the arena does and write every seat's observations and the outcomes for learning");
  add_game_options(selfplay, selfplay_common, true);
  selfplay->add_option("--bots", selfplay_bots, "bot specs: one for every seat, or one per seat, separated by commas")
      ->check(kNotEmpty);
  selfplay->add_option("-b,--bot", selfplay_bot, "a bot spec (repeatable)")->check(kNotEmpty);
  add_integer(selfplay, "-n,--games", selfplay_args.games, 1, 1 << 30,
              "number of games (a multiple of the seat count: every deal in every seating)")
      ->required();
  add_integer(selfplay, "-j,--jobs", selfplay_args.jobs, 1, 256, "games played in parallel");
  add_integer(selfplay, "--every", selfplay_args.every, 1, 1 << 20,
              "rows from every k-th decision (Bardagi: about 12 MB a game at every decision)");
  add_integer(selfplay, "--chunk", selfplay_args.chunk_games, 1, 1 << 20, "games per chunk of .npy files");
  selfplay->add_option("--out", selfplay_args.out, "the folder of the data; an existing one of this run is resumed")
      ->check(kFileName)
      ->required();

  LearnCommand learn_args;
  std::string learn_hidden = "64";
  auto* learn = app.add_subcommand(
      "learn", "fit a value function on self-play data (selfplay --out) and write it as a model file for eval=");
  learn->add_option("--data", learn_args.data, "a self-play folder (repeatable; one game, options, map and seat count)")
      ->check(kFileName)
      ->required();
  learn->add_option("--model", learn_args.model, "linear (ridge regression), logistic or mlp")->check(kNotEmpty);
  learn
      ->add_option("--target", learn_args.target,
                   "returns (the games' outcomes) or search-value (the searches' root values)")
      ->check(kNotEmpty);
  learn->add_option("--out", learn_args.out, "the model file to write (JSON)")->check(kFileName)->required();
  learn->add_option("--curve", learn_args.curve, "also write a learning curve (CSV) to this file")->check(kFileName);
  add_seed(learn, "-s,--seed", learn_args.seed, "seed of the held-out deals, the folds and the MLP's training");
  learn->add_option("--hidden", learn_hidden, "the MLP's hidden layers: one or two sizes, e.g. 64 or 64,32")
      ->check(kNotEmpty);
  add_integer(learn, "--epochs", learn_args.epochs, 1, 100000, "the MLP's most epochs (early stopping may end sooner)");
  add_integer(learn, "--threads", learn_args.threads, 1, 256, "threads of the fit (the model is the same to 1e-9)");
  add_real(learn, "--held-out", learn_args.held_out, 0.05, 0.5, "the share of deals held out for the figures");
  add_integer(learn, "--determinizations", learn_args.determinizations, 1, 1000,
              "determinizations a seat for the hand-written evaluation's figures (and input)");
  learn->add_flag("--with-evaluate", learn_args.with_evaluate,
                  "one more input: the logit of the game's hand-written evaluation of the seat");
  learn->add_flag("--force", learn_args.force, "replace existing --out and --curve files");

  ImproveCommand improve_args;
  Common improve_common;
  std::string improve_hidden = "64";
  auto* improve = app.add_subcommand(
      "improve", "generations of self-play, fit and an SPRT gate: a bot's learned evaluation, kept while it wins");
  add_game_options(improve, improve_common, true);
  improve
      ->add_option("-b,--bot", improve_args.bot,
                   "the searching bot improved (improve adds eval=, and cutoff=leaf "
                   "where it has no cutoff)")
      ->check(kNotEmpty)
      ->required();
  add_integer(improve, "--generations", improve_args.generations, 1, 10000, "generations to play")->required();
  add_integer(improve, "-n,--games", improve_args.games, 2, 1 << 30, "self-play games a generation (even)")->required();
  add_integer(improve, "--every", improve_args.every, 1, 1 << 20, "self-play rows every k-th decision");
  improve->add_option("--model", improve_args.model, "linear, logistic or mlp")->check(kNotEmpty);
  improve->add_option("--hidden", improve_hidden, "the MLP's hidden layers, e.g. 64 or 64,32")->check(kNotEmpty);
  improve->add_flag("--with-evaluate", improve_args.with_evaluate,
                    "the models also read the game's hand-written evaluation (learn --with-evaluate)");
  add_real(improve, "--elo1", improve_args.elo1, 0.5, 1000, "the gate's SPRT H1 (elo0 = 0, alpha = beta = 0.05)");
  add_integer(improve, "--max-deals", improve_args.max_deals, 1, 1 << 20,
              "the gate's most deals (pairs of games); undecided, it rejects");
  improve->add_option("--reference", improve_args.reference, "the fixed bot each generation's best is rated against")
      ->check(kNotEmpty);
  add_integer(improve, "--reference-games", improve_args.reference_games, 2, 1 << 30,
              "games against the reference a generation (even)");
  add_integer(improve, "-j,--jobs", improve_args.jobs, 1, 256, "games played in parallel");
  improve->add_option("--out", improve_args.out, "the run's folder; an existing one of this run is resumed")
      ->check(kFileName)
      ->required();

  double bench_seconds = 0.5;
  auto* bench = app.add_subcommand("bench", "a quick speed table for every game (one core)");
  add_real(bench, "--seconds", bench_seconds, 0.01, 60.0, "time for each measurement");

  std::string analyze_bot;
  int analyze_seat = -1;
  auto* analyze = app.add_subcommand("analyze", "search a position and print the root statistics of every move");
  add_game_options(analyze, common, false);
  analyze->add_option("--position", common.position, "position file (JSON; - for standard input)")
      ->check(kFileName)
      ->required();
  analyze->add_option("-b,--bot", analyze_bot, "a searching bot spec, e.g. ismcts:iters=10000")
      ->check(kNotEmpty)
      ->required();
  add_integer(analyze, "--seat", analyze_seat, 0, kMaxPlayers - 1, "the seat to analyse at a simultaneous node")
      ->default_str("the seat to move");
  add_seed(analyze, "-s,--seed", common.seed, "the bot's seed");

  try {
    // A mistyped command is named, with the nearest one, rather than CLI11's "not expected".
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> names;
      for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        names.push_back(sub->get_name());
      const std::string word = argv[1];
      if (std::find(names.begin(), names.end(), word) == names.end()) {
        const std::string near = closest(word, names);
        std::string all;
        for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
        input_error("unknown command \"" + word + "\"" + (near.empty() ? "" : " (did you mean " + near + "?)") +
                    "; the commands are " + all);
      }
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app.exit(e);
      std::cerr << "nuraghe: error: " << e.what() << "\n";
      return 2;
    }
    if (*games) return cmd_games();
    if (*bots) return cmd_bots();
    if (*bench) return cmd_bench(bench_seconds);
    if (*make) return AllGames::dispatch(common.game, [&]<Game G>() { return cmd_new<G>(common); });
    if (*legal) return AllGames::dispatch(common.game, [&]<Game G>() { return cmd_legal<G>(common); });
    if (*score) {
      if (!score_results.empty()) return run_score_command(score_results, common.game);
      if (common.position.empty()) input_error("score: give --position FILE (with --game) or --results FILE");
      if (common.game.empty()) input_error("score: --position needs --game");
      return AllGames::dispatch(common.game, [&]<Game G>() { return cmd_score<G>(common, score_json); });
    }
    if (*map) {
      map_args.game = map_common.game;
      map_args.config = map_common.config();
      return run_map_command(map_args);
    }
    if (*apply) return AllGames::dispatch(common.game, [&]<Game G>() { return cmd_apply<G>(common, moves); });
    if (*analyze)
      return AllGames::dispatch(common.game,
                                [&]<Game G>() { return cmd_analyze<G>(common, analyze_bot, analyze_seat); });
    if (*play) return AllGames::dispatch(play_args.common.game, [&]<Game G>() { return cmd_play<G>(play_args); });
    if (*arena) {
      ArenaSettings& a = arena_args.settings;
      a.game = arena_common.game;
      a.config = arena_common.config();
      a.bots = bot_specs(arena_bots, arena_bot);
      if (!arena_shard.empty()) parse_shard(arena_shard, a.shard, a.shards);
      return run_arena_command(arena_args);
    }
    if (*merge) return run_merge_command(merge_files, merge_format, merge_out, merge_resamples);
    if (*replay) return run_replay_command(replay_args);
    if (*results) return run_results_command(results_args);
    if (*selfplay) {
      selfplay_args.game = selfplay_common.game;
      selfplay_args.config = selfplay_common.config();
      selfplay_args.bots = bot_specs(selfplay_bots, selfplay_bot);
      if (selfplay_args.bots.empty()) input_error("selfplay: give the bots with --bots or --bot");
      selfplay_args.version = version();
      return run_selfplay_command(selfplay_args);
    }
    if (*learn) {
      learn_args.hidden = hidden_sizes(learn_hidden);
      return run_learn_command(learn_args);
    }
    if (*improve) {
      improve_args.game = improve_common.game;
      improve_args.config = improve_common.config();
      improve_args.hidden = hidden_sizes(improve_hidden);
      improve_args.version = version();
      return run_improve_command(improve_args);
    }
    if (*tune) {
      tune_args.arena.game = tune_common.game;
      tune_args.arena.config = tune_common.config();
      tune_args.arena.bots.assign(1, tune_bot);
      for (const auto& o : tune_opponents) tune_args.arena.bots.push_back(o);
      return run_tune_command(tune_args);
    }
  } catch (const InputError& e) {
    std::cerr << "nuraghe: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace nuraghe

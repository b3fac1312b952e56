// `nuraghe play`: one game between bots, or with people at the terminal (--human) or in their
// browsers (--serve, cli/serve.hpp), its move log printed, and written as JSON lines (--log) or as a
// page for the browser (--html).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "arena/arena.hpp"
#include "bots/games.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"
#include "cli/serve.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"
#include "viewer/table.hpp"
#include "viewer/viewer.hpp"

namespace nuraghe {

// `nuraghe play`.
struct PlayArgs {
  Common common;
  std::string bots;
  std::vector<std::string> bot;
  std::string log;
  std::string html;   // the game's page for the browser (lib/viewer/viewer.hpp)
  std::string human;  // the seats people play: one at the terminal, or any with --serve
  bool serve = false;
  std::string host = "127.0.0.1";
  int port = 0;        // 0: a free port the system picks
  bool force = false;  // replace an existing log or page file
};

}  // namespace nuraghe

namespace nuraghe::commands {

// `quit` at the human seat's prompt: play ends the game there, its log and page marked unfinished.
struct QuitGame {};

// The legal moves' notations as HumanBot lists them when they are many (cli/commands/play.cpp):
// "  commander: (no action) | villager 1 3 4 | move 1-2 1-3": moves by first word, then by the words
// before their last, wrapped at 79 columns.
// A group that would take more than kGroupLines (5) lines shows each distinct head once, with its
// number of moves ("sorgono~nuoro (3)"): "? claim sorgono~nuoro" lists those.
std::string grouped_moves(const std::vector<std::string>& texts);

// A person at the terminal: shown the board's legend once (where the game has one), then at each
// turn the state as the seat sees it and the legal moves: numbered when they are few, else grouped
// by their first word (a card, in Sardegna) so that the prompt fits a 24-line terminal. A move is
// given by its notation, its number in the list or a prefix of its notation that only it has;
// "?" lists every move, "? WORD" those starting with WORD, "help" says this, "quit" ends the game.
// An illegal move is answered with one line saying why. A decision with a single legal move is
// played without asking (the log keeps it as any other).
template <Game G>
class HumanBot final : public Bot<G> {
 public:
  static constexpr std::size_t kNumbered = 12;  // up to this many moves are listed one per line

  Move choose(const InfoSet<G>& info) override {
    const auto& s = info.true_state_for_cheating();  // only to render the seat's own picture
    MoveListOf<G> moves;
    info.legal_moves(moves);
    if (moves.size() == 1) {
      std::cout << "player " << info.seat() << ": the only legal move, " << info.move_to_string(moves[0]) << "\n";
      return moves[0];
    }
    if constexpr (HasLegend<G>) {
      if (!legend_shown_) std::cout << G::Presentation::legend(s) << "\n";
      legend_shown_ = true;
    }
    std::cout << render_of<G>(s, info.seat());
    std::vector<std::string> texts;
    for (Move m : moves) texts.push_back(info.move_to_string(m));
    const bool numbered = moves.size() <= kNumbered;
    if (numbered) {
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::string line = "  [" + std::to_string(i + 1) + "] " + texts[i];
        const std::string help = move_help<G>(s, info.seat(), moves[i]);
        // One line each, within 79 columns: a help cut short ends in "..." (a keep's tickets, which
        // the picture above lists whole).
        std::string shown = help.empty() ? line : line + "  -- " + help;
        if (shown.size() > 79) {
          std::size_t cut = 76;
          while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) --cut;  // not inside a letter
          shown = shown.substr(0, cut) + "...";
        }
        std::cout << shown << "\n";
      }
    } else {
      std::cout << grouped_moves(texts);
    }
    for (;;) {
      std::cout << "player " << info.seat() << ", your move (" << (numbered ? "number, move" : "move")
                << " or its start; ?, help, quit): " << std::flush;
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
      if (t == "help") {
        std::cout << "  a move: " << (numbered ? "its number in the list, " : "")
                  << "its notation, or the start of it that no other move has\n"
                     "  ? lists every legal move, ? WORD those starting with WORD\n"
                     "  quit ends the game here (the log and page so far are kept, marked unfinished)\n";
        continue;
      }
      if (t == "quit") throw QuitGame{};
      if (t.empty()) continue;
      long long k;
      if (numbered && Params::try_integer(t, k) && k >= 1 && k <= (long long)moves.size()) return moves[k - 1];
      try {
        return parse_legal_move<G>(s, info.seat(), t);
      } catch (const InputError& e) {
        // Not a whole move: the start of exactly one legal move's notation is that move.
        std::vector<std::size_t> starting;
        for (std::size_t i = 0; i < texts.size(); ++i)
          if (texts[i].rfind(t, 0) == 0) starting.push_back(i);
        if (starting.size() == 1) {
          std::cout << "  " << texts[starting[0]] << "\n";
          return moves[starting[0]];
        }
        if (starting.size() > 1)
          std::cout << starting.size() << " moves start with \"" << t << "\": ? " << t << " lists them\n";
        else std::cout << e.what() << " (? lists the legal moves)\n";
      }
    }
  }

 private:
  bool legend_shown_ = false;
};

// A person at a browser seat (play --serve): each decision is offered on the seat's page
// (lib/viewer/table.hpp) and waited for; a decision with a single legal move is played without
// asking, as at the terminal.
template <Game G>
class BrowserSeat final : public Bot<G> {
 public:
  using ViewOf = std::function<Json(const typename G::State&, Player, bool deciding)>;
  BrowserSeat(TableServer& server, ViewOf view) : server_(server), view_(std::move(view)) {}

  Move choose(const InfoSet<G>& info) override {
    const auto& s = info.true_state_for_cheating();  // only to build the seat's own view
    MoveListOf<G> moves;
    info.legal_moves(moves);
    if (moves.size() == 1) return moves[0];
    Json view = view_(s, info.seat(), true);
    std::vector<std::string> texts;
    for (const auto& text : view["decision"]["moves"]) texts.push_back(text.get<std::string>());
    const std::string chosen = server_.decide(info.seat(), std::move(view), texts);
    for (Move m : moves)
      if (G::move_to_string(s, info.seat(), m) == chosen) return m;
    throw std::logic_error("play --serve: the page's move \"" + chosen + "\" is none of the seat's");
  }

 private:
  TableServer& server_;
  ViewOf view_;
};

// --human: the seats people play, each once, in order; one at the terminal, any with --serve.
inline std::vector<Player> human_seats(const PlayArgs& a, int n) {
  std::vector<Player> seats;
  if (a.human.empty()) return seats;
  for (const std::string& item : split_moves(a.human, ',')) {
    long long seat;
    if (!Params::try_integer(trim(item), seat) || seat < 0 || seat >= n)
      input_error("--human " + a.human + ": \"" + trim(item) + "\" is not a seat of this game (0.." +
                  std::to_string(n - 1) + ")");
    if (std::find(seats.begin(), seats.end(), Player(seat)) != seats.end())
      input_error("--human " + a.human + ": seat " + std::to_string(seat) + " is named twice");
    seats.push_back(Player(seat));
  }
  std::sort(seats.begin(), seats.end());
  if (seats.size() > 1 && !a.serve)
    input_error("--human " + a.human + ": one seat plays at the terminal; several play in browsers (--serve)");
  return seats;
}

template <Game G>
int cmd_play(const PlayArgs& a) {
  const auto specs = bot_specs(a.bots, a.bot);
  if (a.serve && a.human.empty()) input_error("play --serve: --human names the seats people play in their browsers");
  const std::size_t people = a.human.empty() ? 0 : split_moves(a.human, ',').size();
  const GameConfig config = a.common.config(specs.size() + people);
  const auto start = G::initial(config);
  const int n = num_players_of<G>(start);
  const std::vector<Player> humans = human_seats(a, n);
  const auto is_human = [&](int p) { return std::find(humans.begin(), humans.end(), p) != humans.end(); };
  const int needed = n - int(humans.size());
  if (int(specs.size()) != needed)
    input_error("play: " + std::to_string(n) + " seats need " + std::to_string(needed) + " bot specs, got " +
                std::to_string(specs.size()));
  check_models<G>(specs, start, &config);
  // The seat whose eyes the terminal's transcript is written for: the person's at the terminal, or
  // with --serve the first browser seat's (whoever runs the table may be playing it).
  const Player watcher = humans.empty() ? -1 : humans[0];

  // The browser seats' table: the server, each seat's moves as it saw them (its log), and its view.
  std::unique_ptr<TableServer> server;
  std::vector<Json> seat_logs(std::size_t(n), Json::array());
  const auto view_of = [&](const typename G::State& s, Player q, bool deciding) {
    Json view = seat_view<G>(s, q, deciding);
    view["log"] = seat_logs[std::size_t(q)];
    return view;
  };
  if (a.serve) server = std::make_unique<TableServer>(a.host, a.port, humans);

  std::vector<std::unique_ptr<Bot<G>>> owned;
  std::vector<Bot<G>*> seats;
  std::vector<std::string> names;
  for (int p = 0, next = 0; p < n; ++p) {
    if (is_human(p)) {
      if (a.serve) owned.push_back(std::make_unique<BrowserSeat<G>>(*server, view_of));
      else owned.push_back(std::make_unique<HumanBot<G>>());
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
    if (Json map = recorded_map<G>(config); !map.is_null()) header["map_data"] = std::move(map);
    log.write(json_text(header) + "\n");
  }
  std::cout << "game " << G::kName << ", seed " << config.seed << ", " << n << " players\n";
  for (int p = 0; p < n; ++p) std::cout << "  seat " << p << ": " << names[p] << "\n";
  if (server) {
    std::vector<std::string> labels;
    for (const auto& name : names) labels.push_back(bot_name(name));
    const std::string title = std::string(G::kName) + ", seed " + std::to_string(config.seed);
    for (Player q : humans) {
      server->set_page(q, table_page(title + ", seat " + std::to_string(q), table_fixed<G>(start, title, q, labels)));
      server->publish(q, view_of(start, q, false));
      std::cout << "  seat " << q << " plays at " << server->address(q) << "\n";
    }
    std::cout << "play: open each seat's address in a browser; Ctrl-C ends the game unfinished" << std::endl;
  }
  int ply = 0;
  auto final_state = start;
  std::vector<MoveRecord> played;  // for a game quit before its end
  const auto on_move = [&](const typename G::State& before, const MoveRecord& m) {
    played.push_back(m);
    if (m.player == kSimultaneous) apply_joint<G>(final_state, m.moves);
    else final_state.apply(m.moves[0]);
    ++ply;
    // A person at the table reads the transcript too: it shows them what their seat saw.
    const std::string shown = move_text_seen_by<G>(before, m, watcher);
    std::cout << ply << ". " << mover_name(m.player) << ": " << shown << "\n";
    if (m.player != kSimultaneous) {
      std::cout << explain_move<G>(before, m.moves[0]);
      if (watcher >= 0) std::cout << explain_move_to<G>(before, m.moves[0], watcher);  // the card it drew
    }
    if (server) {
      for (Player q : humans) {
        std::string note;
        if (m.player != kSimultaneous)
          note = explain_move<G>(before, m.moves[0]) + explain_move_to<G>(before, m.moves[0], q);
        seat_logs[std::size_t(q)].push_back(
            Json{{"mover", mover_name(m.player)}, {"move", move_text_seen_by<G>(before, m, q)}, {"note", note}});
        server->publish(q, view_of(final_state, q, false));
      }
      std::cout << std::flush;
    }
    if (log.is_open())
      log.write(
          json_text(Json{
              {"ply", ply}, {"player", m.player == kSimultaneous ? Json("all") : Json(m.player)}, {"move", m.text}}) +
          "\n");
    if (server && server->closing()) throw TableClosed{};
  };
  // The game quit before its end: the pages say so (the server stops with the program).
  const auto tell_unfinished = [&] {
    if (!server) return;
    for (Player q : humans) {
      Json view = view_of(final_state, q, false);
      view["unfinished"] = true;
      server->publish(q, std::move(view));
    }
    server->await_seen(2);
  };
  GameRecord record;
  try {
    try {
      record = play_game<G>(start, seats, on_move);
    } catch (const TableClosed&) {
      throw QuitGame{};
    }
  } catch (const QuitGame&) {
    tell_unfinished();
    // The log ends in an "unfinished" line instead of the result: replay shows such a game, and
    // what needs a finished game (results, score, map --usage) refuses it in one line.
    std::cout << "play: quit after " << ply << " moves; the game is unfinished\n";
    if (log.is_open()) {
      log.write(json_text(Json{{"unfinished", true}}) + "\n");
      log.close();
    }
    if (!a.html.empty()) {
      const std::string title = std::string(G::kName) + ", seed " + std::to_string(config.seed) + " (unfinished)";
      write_viewer_page<G>(Transcript<G>{start, names, played}, title, a.html, watcher);
      std::cout << "play: wrote " << a.html << "\n";
    }
    return 0;
  }
  // The end: the final board, and who won (the best return; a shared win names every winner).
  std::cout << "\n" << render_of<G>(final_state, -1) << "\n";
  const std::vector<int> winners = winners_of(record.returns, n);
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
    log.write(
        json_text(Json{{"result",
                        {{"scores", std::vector<double>(record.scores.begin(), record.scores.begin() + n)},
                         {"returns", std::vector<double>(record.returns.begin(), record.returns.begin() + n)}}}}) +
        "\n");
    log.close();
  }
  if (!a.html.empty()) {
    const std::string title = std::string(G::kName) + ", seed " + std::to_string(config.seed);
    write_viewer_page<G>(Transcript<G>{start, names, record.moves}, title, a.html, watcher);
    std::cout << "play: wrote " << a.html << "\n";
  }
  if (server) {
    std::cout << "play: the game is over; waiting for the seats' pages to show its end (at most 30 s)" << std::endl;
    server->await_seen(30);
  }
  return 0;
}

}  // namespace nuraghe::commands

namespace nuraghe {

// ---- HumanBot's list of many moves, compiled once -----------------------------------------------

namespace commands {

namespace {

// A group that would take more than this many lines shows each distinct head once, with its
// number of moves.
constexpr std::size_t kGroupLines = 5;

}  // namespace

std::string grouped_moves(const std::vector<std::string>& texts) {
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

}  // namespace commands
namespace {

class Play final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, args_.common, true);
    o.option("--bots", args_.bots, "bot specs, one per seat, separated by commas").not_empty();
    o.option("-b,--bot", args_.bot, "a bot spec (repeatable, one per seat)").not_empty();
    o.option("--log", args_.log, "write the game as JSON lines to FILE").file();
    o.option("--human", args_.human,
             "SEAT[,SEAT...]: people play these seats, one at the terminal or any in browsers (--serve)")
        .default_text("none");
    const Option serve =
        o.flag("--serve", args_.serve, "serve a page per --human seat to play in a browser (addresses printed)");
    o.option("--host", args_.host, "with --serve, the address to listen on").default_text("127.0.0.1").needs(serve);
    o.integer("--port", args_.port, 1, 65535, "with --serve, the port to listen on")
        .default_text("any free")
        .needs(serve);
    o.option("--html", args_.html, "write the game as a page for the browser to FILE").file();
    o.flag("--force", args_.force, "replace existing --log and --html files");
  }

  int run() override {
    return AllGames::dispatch(args_.common.game, [&]<Game G>() { return commands::cmd_play<G>(args_); });
  }

 private:
  PlayArgs args_;
};

}  // namespace

extern const CommandEntry play_command{"play", "play one game and print its move log", make_command<Play>};

}  // namespace nuraghe

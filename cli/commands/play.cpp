// `nuraghe play`: one game between bots (or a person at the terminal), its move log printed, and
// written as JSON lines (--log) or as a page for the browser (--html).
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/commands/cli_game.hpp"
#include "cli/options.hpp"

namespace nuraghe {

// ---- HumanBot's list of many moves (cli/commands/cli_game.hpp), compiled once --------------------

namespace commands {

namespace {

// A group that would take more than this many lines shows each distinct head once, with its
// number of moves (cli/commands/cli_game.hpp).
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
    o.integer("--human", args_.human, 0, kMaxPlayers - 1, "a person plays this seat from the terminal")
        .default_text("none");
    o.option("--html", args_.html, "write the game as a page for the browser to FILE").file();
    o.flag("--force", args_.force, "replace existing --log and --html files");
  }

  int run() override { return game_commands(args_.common.game).play(args_); }

 private:
  PlayArgs args_;
};

}  // namespace

extern const CommandEntry play_command{"play", "play one game and print its move log", make_command<Play>};

}  // namespace nuraghe

// libFuzzer harness: an arena results file (JSON lines: a header, then one line per game), as
// `nuraghe merge`, `replay` and a resumed `arena --out` read it.
// Input: the file's text. parse_results either rejects it with InputError or accepts a header and
// games that read again line by line, fit their header, and feed what the program does next:
// the summary table (merge) and the replay of each game's moves (replay; InputError allowed).

#include "arena/arena.hpp"
#include "arena/summary.hpp"
#include "fuzz_common.hpp"

namespace {

using namespace nuraghe;

// `nuraghe replay`: the logged moves from the deal's setup. A file whose moves do not replay is
// reported with InputError; anything else is a bug.
template <Game G>
int replay(const ResultsFile& f, const GameResult& g) {
  GameConfig config = f.header.config;
  config.seed = g.seed;
  try {
    auto s = G::initial(config);
    for (const auto& text : JsonIn(g.line, "fuzz").at("moves").strings()) {
      (void)render_of<G>(s, -1);
      apply_text<G>(s, text);
    }
    fuzz::check_round_trip<G>(s, "replayed results game " + std::to_string(g.index));
  } catch (const InputError&) {
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::optional<ResultsFile> f;
  try {
    f = parse_results(text, "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  const ResultsHeader& h = f->header;
  try {
    (void)header_from_line(h.json, "fuzz");
  } catch (const InputError& e) {
    fuzz::failed(std::string("results: the accepted header does not read again: ") + e.what());
  }
  const auto n = std::size_t(h.players);
  fuzz::check(h.players >= 1 && h.players <= kMaxPlayers && h.bots.size() == n,
              "results: the header's players and bots disagree");
  for (const GameResult& g : f->games) {
    try {
      (void)result_from_line(g.line, h, "fuzz");
    } catch (const InputError& e) {
      fuzz::failed(std::string("results: an accepted game line does not read again: ") + e.what());
    }
    fuzz::check(g.seat_bot.size() == n && g.scores.size() == n && g.returns.size() == n && g.ranks.size() == n &&
                    g.think_seconds.size() == n && g.decisions.size() == n,
                "results: game " + std::to_string(g.index) + " has not one entry per seat");
    for (std::size_t s = 0; s < n; ++s) {
      fuzz::check(g.seat_bot[s] >= 0 && std::size_t(g.seat_bot[s]) < n,
                  "results: a seat's bot is not one of the header's");
      fuzz::check(g.returns[s] >= 0 && g.returns[s] <= 1, "results: a return outside [0, 1]");
    }
  }
  // merge: the table in every format.
  const Summary summary = summarize(h.bots, f->games, h.config.seed, 20);
  for (const char* format : {"table", "json", "csv"}) (void)format_summary(summary, format);
  // replay: each game (not with a map file, which the harness would have to read from disk).
  if (h.config.map_file.empty()) {
    for (const GameResult& g : f->games) {
      try {
        AllGames::dispatch(h.game, [&]<Game G>() { return replay<G>(*f, g); });
      } catch (const InputError&) {  // an unknown game
      }
    }
  }
  return 0;
}

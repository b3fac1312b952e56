// What every game's `nuraghe selfplay` shares, compiled once: the
// rows of a chunk, its files written and checked, the manifest, a resumed folder. A file of its
// own, outside the command's: the arena's tests play a game's self-play with it, and need not link
// the whole command line (and ThreadSanitizer's build, which runs them, need not compile it).
#include <algorithm>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "cli/commands/selfplay_game.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/npy.hpp"

namespace nuraghe {
namespace commands {

void Rows::append(const Rows& o) {
  const auto add = [](auto& to, const auto& from) { to.insert(to.end(), from.begin(), from.end()); };
  add(observation, o.observation), add(features, o.features), add(progress, o.progress), add(returns, o.returns),
      add(scores, o.scores);
  add(search_value, o.search_value), add(seat, o.seat), add(game, o.game), add(deal, o.deal);
  add(decision, o.decision), add(moved, o.moved), add(games, o.games);
  const auto offset = std::int32_t(seat.size() - o.seat.size());  // o's rows now start there
  for (const std::int32_t r : o.policy_row) policy_row.push_back(r + offset);
  add(expert_value, o.expert_value), add(policy_action, o.policy_action), add(policy_prob, o.policy_prob);
}

std::string chunk_name(int c) {
  char name[32];
  std::snprintf(name, sizeof name, "chunk-%05d", c);
  return name;
}

namespace {

template <class T>
void write_array(const fs::path& folder, const char* name, const std::vector<T>& values, long long rows, long long cols,
                 bool two_dimensional) {
  const fs::path path = folder / (std::string(name) + ".npy");
  std::ofstream out(path, std::ios::binary);
  const std::string bytes = npy::encode(values.data(), rows, cols, two_dimensional);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  out.close();
  if (!out) input_error("selfplay: cannot write \"" + path.string() + "\"");
}

// The files a chunk folder holds: its arrays and games.jsonl.
bool chunk_file(const std::string& name) {
  if (name == "games.jsonl") return true;
  for (const SelfplayArray& x : kSelfplayArrays)
    if (name == std::string(x.name) + ".npy") return true;
  return false;
}

}  // namespace

void write_chunk(const fs::path& out, int c, const Rows& r) {
  const fs::path done = out / chunk_name(c), part = out / (chunk_name(c) + ".part");
  std::error_code ec;
  if (!fs::create_directory(part, ec)) input_error("selfplay: cannot create \"" + part.string() + "\"");
  const long long n = r.count();
  write_array(part, "observation", r.observation, n, r.observation_size, true);
  if (r.feature_count > 0) write_array(part, "features", r.features, n, r.feature_count, true);
  write_array(part, "seat", r.seat, n, 1, false);
  write_array(part, "game", r.game, n, 1, false);
  write_array(part, "deal", r.deal, n, 1, false);
  write_array(part, "decision", r.decision, n, 1, false);
  write_array(part, "progress", r.progress, n, 1, false);
  write_array(part, "moved", r.moved, n, 1, false);
  write_array(part, "returns", r.returns, n, r.players, true);
  write_array(part, "scores", r.scores, n, r.players, true);
  write_array(part, "search_value", r.search_value, n, 1, false);
  if (r.labelled) {
    const auto entries = (long long)r.policy_row.size();
    write_array(part, "expert_value", r.expert_value, n, 1, false);
    write_array(part, "policy_row", r.policy_row, entries, 1, false);
    write_array(part, "policy_action", r.policy_action, entries, 1, false);
    write_array(part, "policy_prob", r.policy_prob, entries, 1, false);
  }
  {
    const fs::path path = part / "games.jsonl";
    std::ofstream games(path);
    for (const Json& line : r.games) games << json_text(line) << "\n";
    games.close();
    if (!games) input_error("selfplay: cannot write \"" + path.string() + "\"");
  }
  fs::rename(part, done, ec);
  if (ec)
    input_error("selfplay: cannot rename \"" + part.string() + "\" to \"" + done.string() + "\": " + ec.message());
}

std::vector<fs::path> stale_chunks(const fs::path& out, const std::vector<int>& to_write) {
  std::vector<fs::path> stale;
  for (const auto& e : fs::directory_iterator(out)) {
    std::string name = e.path().filename().string();
    if (name.size() > 5 && name.ends_with(".part")) name.resize(name.size() - 5);  // the chunk's
    if (!name.starts_with("chunk-") || name.size() == 6 || name.size() > 16 ||
        name.find_first_not_of("0123456789", 6) != std::string::npos)
      continue;
    const long long c = std::stoll(name.substr(6));
    if (c > INT_MAX || !std::binary_search(to_write.begin(), to_write.end(), int(c)) || name != chunk_name(int(c)))
      continue;  // not a chunk this run writes
    const std::string where = "selfplay: \"" + e.path().string() + "\"";
    if (!e.is_directory() || e.is_symlink())
      input_error(where + " is not a chunk folder selfplay wrote, where it writes chunk " + std::to_string(c) +
                  ": move it away");
    for (const auto& f : fs::directory_iterator(e.path()))
      if (!chunk_file(f.path().filename().string()) || !f.is_regular_file() || f.is_symlink())
        input_error(where + " holds \"" + f.path().filename().string() +
                    "\", which selfplay did not write; it writes chunk " + std::to_string(c) + " there: move it away");
    stale.push_back(e.path());
  }
  return stale;
}

std::string expert_spec(const SelfplaySettings& a, const std::string& spec) {
  if (!a.expert.empty()) return a.expert;
  Spec s = parse_spec(spec, "bot");
  const BotInfo& info = find_bot(s.name);
  const bool searches =
      std::any_of(info.params.begin(), info.params.end(), [](const ParamSpec& p) { return p.name == "iters"; });
  if (!searches)
    input_error("selfplay: --label-rate: bot " + s.name +
                " does not search, so it has no budget to multiply: give the expert with --expert SPEC");
  const Params p = bot_params(s);
  const auto set = [&](const std::string& key, const std::string& value) {
    if (!s.values.count(key)) s.order.push_back(key);
    s.values[key] = value;
  };
  const long long iters = p.integer("iters");
  if (iters > 0)
    set("iters", std::to_string(std::min<long long>(1000000000, std::llround(double(iters) * a.expert_budget))));
  if (p.real("ms") > 0) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", p.real("ms") * a.expert_budget);
    set("ms", text);
  }
  s.values.erase("label");
  s.order.erase(std::remove(s.order.begin(), s.order.end(), "label"), s.order.end());
  return s.to_string();
}

Json rewards_of(const std::vector<std::string>& bots) {
  Json rewards = Json::array();
  for (const auto& text : bots) {
    const Spec spec = parse_spec(text, "bot");
    bool searches = false;
    for (const auto& p : find_bot(spec.name).params) searches = searches || p.name == "reward";
    rewards.push_back(searches ? Json(bot_params(spec).text("reward")) : Json(nullptr));
  }
  return rewards;
}

Json arrays_doc(int n, int observation_size, int feature_count, bool labels) {
  Json arrays = Json::object();
  for (const SelfplayArray& x : kSelfplayArrays) {
    if (std::string(x.only) == "labels" && !labels) continue;
    Json shape = Json::array({x.length});
    if (std::string(x.columns) == "feature_count") {
      if (feature_count == 0) continue;
      shape.push_back(feature_count);
    }
    if (std::string(x.columns) == "observation_size") shape.push_back(observation_size);
    if (std::string(x.columns) == "players") shape.push_back(n);
    arrays[x.name] = Json{{"dtype", x.dtype}, {"shape", shape}, {"meaning", x.meaning}};
  }
  return arrays;
}

void write_manifest(const fs::path& out, const Json& manifest) {
  const fs::path path = out / "manifest.json", part = out / "manifest.json.part";
  {
    std::ofstream f(part);
    f << json_text(manifest, 2) << "\n";
    f.close();
    if (!f) input_error("selfplay: cannot write \"" + part.string() + "\"");
  }
  fs::rename(part, path);
}

std::vector<Json> resume(const fs::path& out, const Json& identity, const std::vector<int>& mine) {
  const fs::path path = out / "manifest.json";
  std::vector<Json> chunks;
  if (!fs::exists(out)) {
    std::error_code ec;
    if (!fs::create_directory(out, ec))
      input_error("selfplay: cannot create the folder --out \"" + out.string() + "\": " + ec.message());
    return chunks;
  }
  if (!fs::is_directory(out)) input_error("selfplay: --out \"" + out.string() + "\" is a file, not a folder");
  if (!fs::exists(path)) {
    if (!fs::is_empty(out))
      input_error("selfplay: --out \"" + out.string() +
                  "\" is a folder without a self-play manifest.json and not empty: use a new or empty folder");
    return chunks;
  }
  const Json manifest = parse_json(read_input_file(path.string(), "self-play manifest"), path.string());
  const JsonIn in(manifest, path.string());
  in.expect_object();
  Json id = manifest;
  for (const char* k : {"version", "chunks", "arrays", "games_file"}) id.erase(k);
  if (id != identity)
    input_error("selfplay: --out \"" + out.string() + "\" holds the self-play of another run (" +
                first_difference(id, identity, "the folder", "this run") + "): use another --out");
  const int chunk_games = identity.at("chunk_games").get<int>(), games = identity.at("games").get<int>();
  const std::vector<JsonIn> listed = in.at("chunks").array();
  if (listed.size() > mine.size())
    in.at("chunks").fail("lists " + std::to_string(listed.size()) + " chunks, more than the run's " +
                         std::to_string(mine.size()));
  for (const JsonIn& c : listed) {
    c.allow_only({"name", "games", "rows"});
    const int i = mine[chunks.size()], first = i * chunk_games, last = std::min(games, first + chunk_games);
    if (c.at("name").string() != chunk_name(i)) c.at("name").fail("must be \"" + chunk_name(i) + "\"");
    const std::vector<JsonIn> range = c.at("games").array_of_size(2);
    if (range[0].integer(0, games) != first || range[1].integer(0, games) != last)
      c.at("games").fail("must be [" + std::to_string(first) + ", " + std::to_string(last) + "]");
    const long long rows = c.at("rows").integer(0, 1LL << 40);
    if (!fs::is_directory(out / chunk_name(i))) c.at("name").fail("names a chunk folder that is not there");
    chunks.push_back(Json{{"name", chunk_name(i)}, {"games", Json::array({first, last})}, {"rows", rows}});
  }
  return chunks;
}

double folder_megabytes(const fs::path& out) {
  std::uintmax_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(out))
    if (e.is_regular_file()) bytes += e.file_size();
  return double(bytes) / 1e6;
}

}  // namespace commands

// ---- shards joined (selfplay.hpp), outside the command's namespace: merge calls them too ----------

using commands::chunk_name;
using commands::chunks_of_shard;
using commands::folder_megabytes;

bool is_selfplay_folder(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_directory(path, ec) &&
         std::filesystem::is_regular_file(std::filesystem::path(path) / "manifest.json", ec);
}

void join_selfplay(const std::vector<std::string>& shards, const std::string& out, const std::string& version,
                   bool move) {
  if (shards.empty()) input_error("merge: give the folders of a self-play run's shards");
  if (out.empty()) input_error("merge: self-play folders are joined into a folder: give --out");
  // Each shard's manifest: one run's (all but "shard", "version" and "chunks" equal), every shard
  // once, each with all its chunks.
  Json whole;
  std::vector<Json> chunks;
  std::vector<std::string> folder_of;  // the shard folder of each chunk, by chunk
  int count = 0;
  std::vector<int> seen;
  for (const std::string& folder : shards) {
    const std::string path = (std::filesystem::path(folder) / "manifest.json").string();
    if (!is_selfplay_folder(folder))
      input_error("merge: \"" + folder + "\" is not a self-play folder (it holds no manifest.json)");
    const Json manifest = parse_json(read_input_file(path, "self-play manifest"), path);
    const JsonIn in(manifest, path);
    in.expect_object();
    if (in.at("nuraghe").string() != "selfplay") in.at("nuraghe").fail("must be \"selfplay\"");
    int shard = 0, n = 1;
    if (const auto s = in.find("shard")) {
      const std::string text = s->string();
      const auto slash = text.find('/');
      try {
        if (slash == std::string::npos) throw std::invalid_argument(text);
        shard = std::stoi(text.substr(0, slash)), n = std::stoi(text.substr(slash + 1));
      } catch (const std::exception&) {
        s->fail("must be i/n, as selfplay --shard writes it");
      }
      if (n < 2 || shard < 0 || shard >= n || text != std::to_string(shard) + "/" + std::to_string(n))
        s->fail("must be i/n with 0 <= i < n, as selfplay --shard writes it");
    }
    Json id = manifest;
    for (const char* k : {"version", "chunks", "shard"}) id.erase(k);
    if (whole.is_null()) {
      whole = id, count = n, seen.assign(std::size_t(n), 0);
    } else if (id != whole) {
      input_error("merge: \"" + folder + "\" is self-play of another run than \"" + shards[0] + "\" (" +
                  first_difference(id, whole, "\"" + folder + "\"", "\"" + shards[0] + "\"") + ")");
    } else if (n != count) {
      input_error("merge: \"" + folder + "\" is shard " + std::to_string(shard) + "/" + std::to_string(n) + ", \"" +
                  shards[0] + "\" one of " + std::to_string(count));
    }
    if (seen[std::size_t(shard)]++)
      input_error("merge: \"" + folder + "\" is shard " + std::to_string(shard) + "/" + std::to_string(n) +
                  ", given twice");
    const int games = in.at("games").int_in(1, 1 << 30), chunk_games = in.at("chunk_games").int_in(1, 1 << 30);
    const int total = (games + chunk_games - 1) / chunk_games;
    const std::vector<int> mine = chunks_of_shard(total, shard, n);
    if (chunks.empty()) chunks.resize(std::size_t(total)), folder_of.resize(std::size_t(total));
    // Its chunks, as resume reads them: the first of its own, in order; all of them, or it is not done.
    Json identity = manifest;  // resume's: all but what a run adds as it goes
    for (const char* k : {"version", "chunks", "arrays", "games_file"}) identity.erase(k);
    const std::vector<Json> listed = commands::resume(std::filesystem::path(folder), identity, mine);
    if (listed.size() != mine.size())
      input_error("merge: \"" + folder + "\" (shard " + std::to_string(shard) + "/" + std::to_string(n) + ") holds " +
                  std::to_string(listed.size()) + " of its " + std::to_string(mine.size()) +
                  " chunks: finish it first (run its selfplay again)");
    for (std::size_t k = 0; k < mine.size(); ++k)
      chunks[std::size_t(mine[k])] = listed[k], folder_of[std::size_t(mine[k])] = folder;
  }
  for (int s = 0; s < count; ++s)
    if (!seen[std::size_t(s)])
      input_error("merge: shard " + std::to_string(s) + "/" + std::to_string(count) + " of the run is not given");

  // The whole run's folder: its chunks, then its manifest, as one process writes them (the chunk
  // names are the run's own, so each goes where it belongs).
  const std::filesystem::path to(out);
  std::error_code ec;
  if (std::filesystem::exists(to) && !(std::filesystem::is_directory(to) && std::filesystem::is_empty(to)))
    input_error("merge: --out \"" + out + "\" exists and is not an empty folder: give a new one");
  for (const std::string& folder : shards)
    if (std::filesystem::exists(to) && std::filesystem::equivalent(to, folder, ec))
      input_error("merge: --out \"" + out + "\" is a shard's folder");
  std::filesystem::create_directories(to, ec);
  if (ec) input_error("merge: cannot create --out \"" + out + "\": " + ec.message());
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    const std::filesystem::path from = std::filesystem::path(folder_of[c]) / chunk_name(int(c)),
                                dest = to / chunk_name(int(c));
    if (move) std::filesystem::rename(from, dest, ec);
    else std::filesystem::copy(from, dest, std::filesystem::copy_options::recursive, ec);
    if (ec)
      input_error("merge: cannot " + std::string(move ? "move" : "copy") + " \"" + from.string() + "\" to \"" +
                  dest.string() + "\": " + ec.message());
  }
  Json manifest = whole;
  manifest["version"] = version;
  manifest["chunks"] = chunks;
  commands::write_manifest(to, manifest);
  if (move)
    for (const std::string& folder : shards) std::filesystem::remove_all(folder, ec);
  long long rows = 0;
  for (const Json& c : chunks) rows += c["rows"].get<long long>();
  std::printf("%d games, %lld rows of %d observations, %zu chunks in %s (%.1f MB)\n", whole.at("games").get<int>(),
              rows, whole.at("observation_size").get<int>(), chunks.size(), out.c_str(), folder_megabytes(to));
}

}  // namespace nuraghe

#include "bots/registry.hpp"

namespace nuraghe {
namespace {

ParamSpec seed_param() {
  return ParamSpec::integer("seed", 0, 0, 9007199254740991LL,
                            "random seed (default: derived from the game seed and the seat)");
}

}  // namespace

const std::vector<BotInfo>& bot_catalog() {
  static const std::vector<BotInfo> catalog = {
      {"random", "plays a uniformly random legal move", {seed_param()}},
  };
  return catalog;
}

const BotInfo& find_bot(const std::string& name) {
  for (const auto& b : bot_catalog())
    if (b.name == name) return b;
  std::string known;
  for (const auto& b : bot_catalog()) known += (known.empty() ? "" : ", ") + b.name;
  input_error("unknown bot \"" + name + "\" (known: " + known + ")");
}

Params bot_params(const Spec& spec) {
  const BotInfo& info = find_bot(spec.name);
  return Params("bot " + spec.name, spec.values, info.params);
}

std::vector<std::string> split_bot_list(const std::string& list) {
  std::vector<std::string> specs;
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto comma = list.find(',', start);
    const std::string piece = trim(std::string_view(list).substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    const bool continues = piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
    if (continues && !specs.empty()) specs.back() += "," + piece;
    else specs.push_back(piece);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  for (const auto& s : specs)
    if (s.empty()) input_error("empty bot spec in list \"" + list + "\"");
  return specs;
}

}  // namespace nuraghe

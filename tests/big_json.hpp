#pragma once
// JSON texts of many entries, for the tests that reading them is whole, right and linear
// (test_core reads them; json_cost counts the instructions of reading them under callgrind).

#include <functional>
#include <stdexcept>
#include <string>

#include "games/bardagi/bardagi.hpp"

namespace nuraghe::testing {

// open, then entry(0), ..., entry(n - 1) separated by commas, then close.
inline std::string many(int n, const std::string& open, const std::string& close,
                        const std::function<std::string(int)>& entry) {
  std::string text = open;
  for (int i = 0; i < n; ++i) text += (i ? "," : "") + entry(i);
  return text + close;
}

// A Bardagi position whose areas object holds n made-up areas (which its reader must refuse).
inline std::string bardagi_with_made_up_areas(int n) {
  Json j = Bardagi::to_json(Bardagi::initial(GameConfig{}));
  j["areas"] = Json::object();
  std::string text = json_text(j);
  const auto at = text.find("\"areas\":{}");
  if (at == std::string::npos) throw std::logic_error("no empty areas object in the dumped position");
  return text.replace(at, 10, "\"areas\":" + many(n, "{", "}", [](int i) {
                                return "\"area-" + std::to_string(i) +
                                       "\":{\"owner\":null,\"disks\":0,\"axes\":0,\"runes\":[]}";
                              }));
}

}  // namespace nuraghe::testing

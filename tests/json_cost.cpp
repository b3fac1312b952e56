// One JSON text of n entries, built and read once: tests/json_linear_test.sh counts the
// instructions of this program under callgrind at n and 8n, so that reading (and refusing) a big
// array or object is shown linear by a count that the machine's load cannot change.
//   json_cost KIND N    (KIND: array-of-objects, object-of-objects, object-of-numbers,
//                        refuse-array, refuse-object, bardagi-areas)
// Exit 0 when the text was accepted or refused as its kind expects, 1 when not, 2 on bad arguments.
//
// Before commit 1ec1f13, nlohmann's callback parser scanned a container's entries again at the end
// of each entry that is itself a container, so that one array of n objects took n^2 steps (300,000
// small objects 18 s, a Bardagi position with 100,000 areas over 100 s).
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>

#include "big_json.hpp"
#include "core/json.hpp"
#include "games/bardagi/bardagi.hpp"

using namespace nuraghe;

namespace {
using testing::many;
std::string array_of_objects(int n) {
  return many(n, "[", "]", [](int) { return std::string("{\"a\":1,\"b\":[2]}"); });
}
std::string object_of_objects(int n) {
  return many(n, "{", "}", [](int i) { return "\"k" + std::to_string(i) + "\":{\"a\":1}"; });
}
std::string object_of_numbers(int n) {
  return many(n, "{", "}", [](int i) { return "\"k" + std::to_string(i) + "\":" + std::to_string(i); });
}
bool refused(const std::function<void()>& read) {
  try {
    read();
  } catch (const InputError&) {
    return true;
  }
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string kind = argc == 3 ? argv[1] : "";
  const int n = argc == 3 ? std::atoi(argv[2]) : 0;
  if (n <= 0) {
    std::fprintf(stderr, "usage: json_cost KIND N (N a positive number)\n");
    return 2;
  }
  const auto accepted = [](const std::string& text) { return !refused([&] { parse_json(text, "test"); }); };
  bool ok = false;
  if (kind == "array-of-objects") {
    ok = accepted(array_of_objects(n));
  } else if (kind == "object-of-objects") {
    ok = accepted(object_of_objects(n));
  } else if (kind == "object-of-numbers") {
    ok = accepted(object_of_numbers(n));
  } else if (kind == "refuse-array") {  // a key given twice in the last entry
    std::string text = array_of_objects(n);
    ok = !accepted(text.insert(text.size() - 1, ",{\"x\":1,\"x\":2}"));
  } else if (kind == "refuse-object") {  // the first key again at the end
    const std::string text = object_of_objects(n);
    ok = !accepted(text.substr(0, text.size() - 1) + ",\"k0\":1}");
  } else if (kind == "bardagi-areas") {
    const std::string text = testing::bardagi_with_made_up_areas(n);
    Json j;
    ok = accepted(text) && refused([&] {
           j = parse_json(text, "bardagi position");
           Bardagi::from_json(j);
         });
  } else {
    std::fprintf(stderr, "json_cost: unknown kind '%s'\n", kind.c_str());
    return 2;
  }
  if (!ok) std::fprintf(stderr, "json_cost: %s of %d entries was not read as expected\n", kind.c_str(), n);
  return ok ? 0 : 1;
}

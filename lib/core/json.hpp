#pragma once
// JSON helpers shared by every game's position reader: typed field access with one-line errors,
// and a stable 64-bit hash of a JSON value (for view_hash).

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace nuraghe {

using Json = nlohmann::json;

// FNV-1a over the compact dump: stable across runs and platforms (object keys are sorted).
inline std::uint64_t hash_json(const Json& j) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : j.dump()) {
    h ^= c;
    h *= 0x100000001B3ULL;
  }
  return h;
}

// Parses text as JSON; a syntax error becomes an InputError naming the source.
inline Json parse_json(std::string_view text, std::string_view source) {
  Json j = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) input_error(std::string(source) + ": malformed JSON");
  return j;
}

// The field `key` of object `j`, which must exist and have the JSON type of T.
template <class T>
T get_field(const Json& j, std::string_view key, std::string_view where) {
  const std::string k(key);
  if (!j.is_object()) input_error(std::string(where) + ": expected a JSON object");
  auto it = j.find(k);
  if (it == j.end()) input_error(std::string(where) + ": missing field \"" + k + "\"");
  try {
    return it->template get<T>();
  } catch (const nlohmann::json::exception&) {
    input_error(std::string(where) + ": field \"" + k + "\" has the wrong type");
  }
}

// An integer field that must lie in [lo, hi].
inline long long get_int(const Json& j, std::string_view key, long long lo, long long hi,
                         std::string_view where) {
  const std::string k(key);
  if (!j.is_object() || !j.contains(k) || !j[k].is_number_integer())
    input_error(std::string(where) + ": field \"" + k + "\" must be an integer");
  const long long v = j[k].get<long long>();
  if (v < lo || v > hi)
    input_error(std::string(where) + ": field \"" + k + "\" = " + std::to_string(v) +
                " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

// Rejects any field of `j` not named in `known`, so a typo in a position file is not ignored.
inline void reject_unknown_fields(const Json& j, std::initializer_list<std::string_view> known,
                                  std::string_view where) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    bool ok = false;
    for (auto k : known) ok = ok || it.key() == k;
    if (!ok) input_error(std::string(where) + ": unknown field \"" + it.key() + "\"");
  }
}

}  // namespace nuraghe

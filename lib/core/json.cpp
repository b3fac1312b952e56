// Reading JSON with checks, and the JSON helpers of core/json.hpp.

#include "core/json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nuraghe {

std::string json_text(const Json& j, int indent) { return j.dump(indent); }

std::uint64_t hash_json(const Json& j) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (unsigned char c : j.dump()) {
    h ^= c;
    h *= 0x100000001B3ULL;
  }
  return h;
}

namespace json_detail {
bool is_json_lines(std::string_view text) {
  const auto newline = text.find('\n');
  if (newline == std::string_view::npos || text.find_first_not_of(" \t\r\n", newline) == std::string_view::npos)
    return false;
  return Json::accept(text.substr(0, newline)) && Json::parse(text.substr(0, newline), nullptr, false).is_object();
}
}  // namespace json_detail

Json parse_json(std::string_view text, std::string_view source) {
  Json j;
  json_detail::CheckedBuilder builder(j, source);
  const bool ok = Json::sax_parse(text.begin(), text.end(), &builder, nlohmann::detail::input_format_t::json,
                                  /*strict=*/true, /*ignore_comments=*/false);
  if (!ok || builder.failed()) {
    if (json_detail::is_json_lines(text))
      input_error(std::string(source) +
                  ": several JSON values, one a line, as in a results file or play log; expected one JSON value");
    input_error(std::string(source) + ": malformed JSON");
  }
  return j;
}

std::string first_difference(const Json& a, const Json& b, const std::string& a_name, const std::string& b_name,
                             std::vector<std::string> first_keys) {
  const auto shown = [](const Json& j, const std::string& key) {
    if (!j.is_object() || !j.contains(key)) return std::string("none");
    std::string text = j[key].dump();
    return text.size() > 120 ? text.substr(0, 100) + "... (" + std::to_string(text.size()) + " characters)" : text;
  };
  std::vector<std::string>& keys = first_keys;
  for (const Json* j : {&a, &b})
    if (j->is_object())
      for (const auto& [key, value] : j->items())
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  for (const auto& key : keys) {
    const bool in_a = a.is_object() && a.contains(key), in_b = b.is_object() && b.contains(key);
    if (in_a != in_b || (in_a && a[key] != b[key]))
      return a_name + "'s " + key + " " + shown(a, key) + ", " + b_name + "'s " + shown(b, key);
  }
  return a == b ? "" : a_name + " " + shown(Json{{"", a}}, "") + ", " + b_name + " " + shown(Json{{"", b}}, "");
}

std::string id_of(const JsonIn& field, std::string_view example) {
  const std::string id = field.string();
  if (!valid_id(id))
    field.fail("\"" + id + "\" is not an id (1 to 32 lowercase letters, digits and inner hyphens: \"" +
               std::string(example) + "\")");
  return id;
}

JsonIn JsonIn::at(std::string_view key) const {
  expect_object();
  const auto it = j_->find(std::string(key));
  if (it == j_->end()) child_name(key).fail_missing();
  return child(*it, key);
}

std::optional<JsonIn> JsonIn::find(std::string_view key) const {
  expect_object();
  const auto it = j_->find(std::string(key));
  if (it == j_->end()) return std::nullopt;
  return child(*it, key);
}

std::vector<JsonIn> JsonIn::array(std::size_t min, std::size_t max) const {
  if (!j_->is_array()) fail("must be a list, not " + type_name());
  if (j_->size() < min || j_->size() > max) {
    if (min == max) fail("must have " + std::to_string(min) + " entries, not " + std::to_string(j_->size()));
    fail("must have " + std::to_string(min) + " to " + std::to_string(max) + " entries, not " +
         std::to_string(j_->size()));
  }
  std::vector<JsonIn> out;
  out.reserve(j_->size());
  for (std::size_t i = 0; i < j_->size(); ++i) {
    JsonIn e((*j_)[i], source_);
    e.path_ = path_ + "[" + std::to_string(i) + "]";
    out.push_back(std::move(e));
  }
  return out;
}

long long JsonIn::integer(long long lo, long long hi) const {
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (!j_->is_number_integer()) fail("must be an integer in " + range + ", not " + describe());
  // nlohmann keeps non-negative integers as unsigned: beyond 2^63 - 1 they fit no long long.
  if (j_->is_number_unsigned() && j_->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<long long>::max()))
    fail("must be an integer in " + range + ", not " + j_->dump());
  const auto v = j_->get<std::int64_t>();
  if (v < lo || v > hi) fail("must be an integer in " + range + ", not " + j_->dump());
  return v;
}

std::uint64_t JsonIn::u64() const {
  if (!j_->is_number_unsigned()) {
    if (j_->is_number_integer() && j_->get<std::int64_t>() >= 0) return j_->get<std::uint64_t>();
    fail("must be an integer in [0, 2^64 - 1], not " + describe());
  }
  return j_->get<std::uint64_t>();
}

double JsonIn::real(double lo, double hi) const {
  if (!j_->is_number()) fail("must be a number, not " + describe());
  const double v = j_->get<double>();
  if (!std::isfinite(v) || v < lo || v > hi)
    fail("must be a number in [" + num(lo) + ", " + num(hi) + "], not " + j_->dump());
  return v;
}

std::string JsonIn::string() const {
  if (!j_->is_string()) fail("must be a string, not " + describe());
  return j_->get<std::string>();
}

std::string JsonIn::text() const {
  std::string s = string();
  if (s.empty()) fail("must not be empty");
  return s;
}

std::string JsonIn::describe() const {
  if (j_->is_number() || j_->is_boolean() || j_->is_null()) return j_->dump();
  return type_name();
}

std::string JsonIn::type_name() const {
  switch (j_->type()) {
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "a list";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "true/false";
    case Json::value_t::null: return "null";
    default: return "a number";
  }
}

JsonIn JsonIn::child(const Json& j, std::string_view key) const {
  JsonIn c(j, source_);
  c.path_ = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  return c;
}

std::vector<std::string> JsonIn::strings(std::size_t min, std::size_t max) const {
  std::vector<std::string> out;
  for (const auto& e : array(min, max)) out.push_back(e.string());
  return out;
}

std::vector<long long> JsonIn::integers(long long lo, long long hi, std::size_t min, std::size_t max) const {
  std::vector<long long> out;
  for (const auto& e : array(min, max)) out.push_back(e.integer(lo, hi));
  return out;
}

std::vector<double> JsonIn::reals(double lo, double hi, std::size_t min, std::size_t max) const {
  std::vector<double> out;
  for (const auto& e : array(min, max)) out.push_back(e.real(lo, hi));
  return out;
}

std::string JsonIn::num(double v) {
  std::string t = std::to_string(v);
  t.erase(t.find_last_not_of('0') + 1);
  if (!t.empty() && t.back() == '.') t.pop_back();
  return t;
}

}  // namespace nuraghe

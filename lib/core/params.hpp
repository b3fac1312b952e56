#pragma once
// Typed, validated key=value parameters: bot specs ("uct:iters=5000,c=0.7") and game options
// ("cards=13") are both read through this, so an unknown name or a value out of range is always
// rejected with one line and every parameter can be listed with its type, range and default.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace nuraghe {

struct ParamSpec {
  enum class Kind { Integer, Real, Choice, Text };
  std::string name;
  Kind kind = Kind::Integer;
  std::string default_value;         // as text; validated like a given value
  double lo = 0, hi = 0;             // inclusive range for Integer and Real
  std::vector<std::string> choices;  // for Choice; for Integer, words allowed besides the numbers
  std::string help;

  static ParamSpec integer(std::string n, long long def, long long lo, long long hi, std::string h) {
    return {std::move(n), Kind::Integer, std::to_string(def), double(lo), double(hi), {}, std::move(h)};
  }
  static ParamSpec real(std::string n, double def, double lo, double hi, std::string h) {
    std::string d = std::to_string(def);
    d.erase(d.find_last_not_of('0') + 1);
    if (d.back() == '.') d.pop_back();
    return {std::move(n), Kind::Real, d, lo, hi, {}, std::move(h)};
  }
  static ParamSpec choice(std::string n, std::string def, std::vector<std::string> c, std::string h) {
    return {std::move(n), Kind::Choice, std::move(def), 0, 0, std::move(c), std::move(h)};
  }
  // An integer in [lo, hi] or one of `words` ("cutoff=leaf"): the reader asks text() for the word.
  static ParamSpec integer_or(std::string n, long long def, long long lo, long long hi, std::vector<std::string> words,
                              std::string h) {
    return {std::move(n), Kind::Integer, std::to_string(def), double(lo), double(hi), std::move(words), std::move(h)};
  }
  // Any text (a file's path); the default "" means not given.
  static ParamSpec text(std::string n, std::string h) { return {std::move(n), Kind::Text, "", 0, 0, {}, std::move(h)}; }
  // One of `words` or any other text, read as a file's path ("prior=heuristic", "prior=p.json").
  static ParamSpec word_or_file(std::string n, std::string def, std::vector<std::string> words, std::string h) {
    return {std::move(n), Kind::Text, std::move(def), 0, 0, std::move(words), std::move(h)};
  }

  // "iters: integer in [1, 1000000000], default 1000 -- iterations per move"
  std::string describe() const {
    std::string s = name + ": ";
    auto num = [](double v) {
      std::string t = std::to_string(v);
      t.erase(t.find_last_not_of('0') + 1);
      if (t.back() == '.') t.pop_back();
      return t;
    };
    switch (kind) {
      case Kind::Integer: {
        s += "integer in [" + num(lo) + ", " + num(hi) + "]";
        for (const auto& word : choices) s += " or " + word;
        break;
      }
      case Kind::Real: s += "real in [" + num(lo) + ", " + num(hi) + "]"; break;
      case Kind::Choice: {
        s += "one of ";
        for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? "|" : "") + choices[i];
        break;
      }
      case Kind::Text: {
        if (choices.empty()) return s + "text, default none -- " + help;
        s += "one of ";
        for (std::size_t i = 0; i < choices.size(); ++i) s += (i ? "|" : "") + choices[i];
        s += " or a file's path";
        break;
      }
    }
    return s + ", default " + default_value + " -- " + help;
  }
};

// A name with its parameters, as written "name:k=v,k=v".
struct Spec {
  std::string name;
  std::map<std::string, std::string> values;
  std::vector<std::string> order;  // the keys as given, left to right
  std::string text;                // as given, for messages and logs

  // "name:k=v,..." with the keys in the order given.
  std::string to_string() const {
    std::string out = name;
    for (std::size_t i = 0; i < order.size(); ++i) out += (i ? "," : ":") + order[i] + "=" + values.at(order[i]);
    return out;
  }
};

inline std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

inline Spec parse_spec(std::string_view text, std::string_view what) {
  Spec spec;
  spec.text = trim(text);
  const auto colon = spec.text.find(':');
  spec.name = trim(std::string_view(spec.text).substr(0, colon));
  if (spec.name.empty()) input_error(std::string(what) + " spec \"" + spec.text + "\" has no name");
  if (colon == std::string::npos) return spec;
  std::string_view rest = std::string_view(spec.text).substr(colon + 1);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string item = trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
      input_error(std::string(what) + " spec \"" + spec.text + "\": expected key=value, got \"" + item + "\"");
    const std::string key = trim(item.substr(0, eq));
    if (spec.values.count(key))
      input_error(std::string(what) + " spec \"" + spec.text + "\": parameter \"" + key + "\" given twice");
    spec.values[key] = trim(item.substr(eq + 1));
    spec.order.push_back(key);
  }
  return spec;
}

// Parameters checked against their specs; every spec has a value (given or default).
class Params {
 public:
  Params() = default;
  Params(std::string owner, const std::map<std::string, std::string>& given, const std::vector<ParamSpec>& specs)
      : owner_(std::move(owner)) {
    for (const auto& entry : given) {
      const std::string& key = entry.first;  // (clang 14 lambdas cannot capture structured bindings)
      auto it = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& p) { return p.name == key; });
      if (it == specs.end()) {
        std::string known;
        for (const auto& p : specs) known += (known.empty() ? "" : ", ") + p.name;
        input_error(owner_ + ": unknown parameter \"" + key + "\" (known: " + (known.empty() ? "none" : known) + ")");
      }
      given_.push_back(key);
    }
    for (const auto& p : specs) {
      auto it = given.find(p.name);
      const std::string& value = it != given.end() ? it->second : p.default_value;
      check(p, value);
      values_[p.name] = {p.kind, value};
    }
  }

  long long integer(const std::string& name) const { return parse_integer(at(name)); }
  double real(const std::string& name) const { return parse_real(at(name)); }
  const std::string& text(const std::string& name) const { return at(name); }
  // Every parameter, given or default, as "k=v,..." in name order: two specs with equal
  // canonical texts configure the same bot.
  std::string canonical() const {
    std::string out;
    for (const auto& [name, value] : values_) out += (out.empty() ? "" : ",") + name + "=" + value.text;
    return out;
  }
  bool given(const std::string& name) const { return std::find(given_.begin(), given_.end(), name) != given_.end(); }

  // Numbers as a person writes them in decimal: "12", "-3", "0.7", "1e-3". Not "012", "0x10",
  // "+1", " 1", "-0", "1.", ".5", "nan", "inf" or anything out of range: each of those would
  // otherwise be read as some other number (or none) without a word. (A range decides whether a
  // minus sign can make sense: "-3" where the range starts at 0 is out of range.)
  static bool try_integer(std::string_view s, long long& out) {
    const bool minus = !s.empty() && s[0] == '-';
    const std::string_view digits = s.substr(minus);
    if (digits.empty() || (digits[0] == '0' && (digits.size() > 1 || minus))) return false;
    for (char c : digits)
      if (c < '0' || c > '9') return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
  }
  static bool try_unsigned(std::string_view s, std::uint64_t& out) {
    if (s.empty() || (s[0] == '0' && s.size() > 1)) return false;
    for (char c : s)
      if (c < '0' || c > '9') return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
  }
  static bool try_real(std::string_view s, double& out) {
    std::size_t i = !s.empty() && s[0] == '-';
    const auto digits = [&] {
      const std::size_t from = i;
      while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
      return i - from;
    };
    const std::size_t whole = digits();
    if (whole == 0 || (whole > 1 && s[i - whole] == '0')) return false;
    if (i < s.size() && s[i] == '.' && (++i, digits() == 0)) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      ++i;
      if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
      if (digits() == 0) return false;
    }
    if (i != s.size()) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out) && !(out == 0 && std::signbit(out));
  }

 private:
  struct Value {
    ParamSpec::Kind kind;
    std::string text;
  };

  void check(const ParamSpec& p, const std::string& value) const {
    const std::string where = owner_ + ": parameter " + p.name + "=" + value;
    switch (p.kind) {
      case ParamSpec::Kind::Integer: {
        long long v;
        if (std::find(p.choices.begin(), p.choices.end(), value) != p.choices.end()) break;
        if (!try_integer(value, v))
          input_error(where + (p.choices.empty() ? " is not an integer" : " is not allowed (" + p.describe() + ")"));
        if (v < p.lo || v > p.hi) input_error(where + " is out of range (" + p.describe() + ")");
        break;
      }
      case ParamSpec::Kind::Real: {
        double v;
        if (!try_real(value, v)) input_error(where + " is not a number");
        if (!(v >= p.lo && v <= p.hi)) input_error(where + " is out of range (" + p.describe() + ")");
        break;
      }
      case ParamSpec::Kind::Choice:
        if (std::find(p.choices.begin(), p.choices.end(), value) == p.choices.end())
          input_error(where + " is not allowed (" + p.describe() + ")");
        break;
      case ParamSpec::Kind::Text: break;
    }
  }
  const std::string& at(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) input_error(owner_ + ": internal: no parameter \"" + name + "\"");
    return it->second.text;
  }
  static long long parse_integer(const std::string& s) {
    long long v = 0;
    try_integer(s, v);
    return v;
  }
  static double parse_real(const std::string& s) {
    double v = 0;
    try_real(s, v);
    return v;
  }

  std::string owner_;
  std::map<std::string, Value> values_;
  std::vector<std::string> given_;
};

}  // namespace nuraghe

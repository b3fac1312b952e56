#pragma once
// Reading JSON that a user wrote: bounded parsing and typed accessors that name the field.
//
// Every position, board and results file is read through this header, so that bad input of any
// shape is one InputError line, never a crash, a silent conversion or a default nobody asked for:
// - parse_json bounds the nesting depth (deep nesting would overflow the stack in dump or ==) and
//   rejects duplicated keys (nlohmann would keep the last one without a word);
// - JsonIn reads a value as exactly the type asked for. nlohmann's get<int>() turns 1.5, true
//   and 2^40 into some int; integer() rejects each of them with the field's path and range;
// - one_of, name_in and id_of read the names and ids that boards, maps and positions spell, with
//   one wording of their errors for every game; counts, some_counts and bit_set their counts and
//   sets.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.hpp"

namespace nuraghe {

using Json = nlohmann::json;

// Deeper nesting than any real file has; the stack overflows in dump or == long before 100,000.
inline constexpr int kMaxJsonDepth = 64;

// The text nlohmann's dump(indent) writes: compact by default, else indent spaces a level. Compiled
// once, in lib/core/json.cpp: nlohmann's serializer is the largest part of it that a file writing
// JSON would otherwise compile (and, under the sanitizers, instrument) again, some 60 files.
std::string json_text(const Json& j, int indent = -1);

// FNV-1a over the compact dump: stable across runs and platforms (object keys are sorted).
std::uint64_t hash_json(const Json& j);

// A 64-bit hash as results files, manifests and model files write it: 16 lowercase hex digits.
inline std::string hash_text(std::uint64_t h) {
  char text[20];
  std::snprintf(text, sizeof text, "%016llx", (unsigned long long)h);
  return text;
}

// Parses text as JSON. A syntax error, nesting deeper than kMaxJsonDepth, a key given twice in
// one object or an integer beyond 64 bits is an InputError naming the source (and the field, for
// the integer, written as given: nlohmann would keep it as a float, 1.8446744073709552e+19). A file
// of several JSON values one a line, as results files and play logs are, is named as such.
//
// The value is built by nlohmann's SAX builder (json_sax_dom_parser) behind the checks of
// CheckedBuilder, in time linear in the text. nlohmann's callback parser, used before, scanned a
// container's entries again at the end of each entry that is itself a container (to drop a
// discarded one), so that one array of n objects took n^2 steps (300,000 objects: 18 s).
namespace json_detail {
class CheckedBuilder {
 public:
  CheckedBuilder(Json& result, std::string_view source)
      : builder_(result, /*allow_exceptions=*/false), source_(source) {}

  bool null() { return value() && builder_.null(); }
  bool boolean(bool v) { return value() && builder_.boolean(v); }
  bool number_integer(Json::number_integer_t v) { return value() && builder_.number_integer(v); }
  bool number_unsigned(Json::number_unsigned_t v) { return value() && builder_.number_unsigned(v); }
  bool number_float(Json::number_float_t v, const Json::string_t& text) {
    if (text.find_first_of(".eE") == std::string::npos)
      input_error(std::string(source_) + ": " + path() + text + " is beyond the integers this program reads (64 bits)");
    return value() && builder_.number_float(v, text);
  }
  bool string(Json::string_t& v) { return value() && builder_.string(v); }
  bool binary(Json::binary_t& v) { return value() && builder_.binary(v); }
  bool start_object(std::size_t n) {
    value();
    open(false);
    return builder_.start_object(n);
  }
  bool key(Json::string_t& k) {
    Frame& f = frames_.back();
    if (!f.keys.insert(k).second) input_error(std::string(source_) + ": key \"" + k + "\" given twice in one object");
    f.key = k;
    return builder_.key(k);
  }
  bool end_object() {
    frames_.pop_back();
    return builder_.end_object();
  }
  bool start_array(std::size_t n) {
    value();
    open(true);
    return builder_.start_array(n);
  }
  bool end_array() {
    frames_.pop_back();
    return builder_.end_array();
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    failed_ = true;
    return builder_.parse_error(position, token, e);
  }
  bool failed() const { return failed_; }

 private:
  struct Frame {
    bool array = false;
    long long index = -1;        // of the array's current entry
    std::string key;             // the object's current key
    std::set<std::string> keys;  // the object's keys so far
  };
  // A value starts: in an array, the next entry.
  bool value() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    return true;
  }
  void open(bool array) {
    if (int(frames_.size()) >= kMaxJsonDepth)
      input_error(std::string(source_) + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    frames_.push_back({});
    frames_.back().array = array;
  }
  // "seats[1].score ", JsonIn's way, or "" at the top.
  std::string path() const {
    std::string p;
    for (const Frame& f : frames_) p += f.array ? "[" + std::to_string(f.index) + "]" : (p.empty() ? "" : ".") + f.key;
    return p.empty() ? p : p + " ";
  }

  nlohmann::detail::json_sax_dom_parser<Json> builder_;
  std::string_view source_;
  std::vector<Frame> frames_;  // the containers open
  bool failed_ = false;
};

// Whether text is several JSON values one a line, the first of them an object (a results file or
// play log: "malformed JSON" would not tell a user what they gave).
bool is_json_lines(std::string_view text);
}  // namespace json_detail

Json parse_json(std::string_view text, std::string_view source);

// A JSON value with the name of where it came from ("sardegna position") and its path inside
// ("seats[1].villagers"), so that every complaint says which field is wrong and what it should be.
class JsonIn {
 public:
  JsonIn(const Json& j, std::string source) : j_(&j), source_(std::move(source)) {}

  const Json& json() const { return *j_; }
  const std::string& source() const { return source_; }
  std::string path() const { return path_; }
  bool is_null() const { return j_->is_null(); }

  // "sardegna position: seats[1].score must be ...", the message's parts as cat() joins them.
  template <MessagePart... Parts>
  [[noreturn]] void fail(const Parts&... what) const {
    input_error(source_, ": ", path_, path_.empty() ? "" : " ", what...);
  }

  // ---- objects
  void expect_object() const {
    if (!j_->is_object()) fail("must be a JSON object, not " + type_name());
  }
  // The field `key`, which must be present.
  JsonIn at(std::string_view key) const;
  // The field `key`, or nothing when absent.
  std::optional<JsonIn> find(std::string_view key) const;
  bool has(std::string_view key) const {
    expect_object();
    return j_->contains(std::string(key));
  }
  // Rejects any field not named in `known`, so that a typo is not ignored.
  void allow_only(std::initializer_list<std::string_view> known) const { allow_only(std::span(known)); }
  template <class Names>
  void allow_only(const Names& known) const {
    expect_object();
    for (auto it = j_->begin(); it != j_->end(); ++it)
      if (std::find(std::begin(known), std::end(known), it.key()) == std::end(known))
        fail("has an unknown field \"", it.key(), "\"");
  }

  // ---- arrays
  std::vector<JsonIn> array(std::size_t min = 0, std::size_t max = std::numeric_limits<std::size_t>::max()) const;
  std::vector<JsonIn> array_of_size(std::size_t n) const { return array(n, n); }

  // ---- scalars
  // A whole number in [lo, hi] written as an integer: 1.5, 1.0, true and "1" are not integers.
  long long integer(long long lo, long long hi) const;
  int int_in(int lo, int hi) const { return int(integer(lo, hi)); }
  // Any unsigned 64-bit integer (seeds).
  std::uint64_t u64() const;
  // A finite number in [lo, hi].
  double real(double lo, double hi) const;
  bool boolean() const {
    if (!j_->is_boolean()) fail("must be true or false, not " + describe());
    return j_->get<bool>();
  }
  std::string string() const;
  // A string that is not empty: a name or title shown to people.
  std::string text() const;
  std::vector<std::string> strings(std::size_t min = 0,
                                   std::size_t max = std::numeric_limits<std::size_t>::max()) const;
  std::vector<long long> integers(long long lo, long long hi, std::size_t min = 0,
                                  std::size_t max = std::numeric_limits<std::size_t>::max()) const;
  std::vector<double> reals(double lo, double hi, std::size_t min = 0,
                            std::size_t max = std::numeric_limits<std::size_t>::max()) const;

  // ---- names, counts and sets: what positions and data files are made of
  // The index of the string among `names`, as E (a phase, a colour); otherwise it fails saying what
  // it should have been and listing the names: "\"feast\" is not a phase (planning, ...)".
  template <class E = int, std::size_t N>
  E one_of(const std::array<std::string_view, N>& names, std::string_view what) const {
    const std::string name = string();
    for (std::size_t i = 0; i < N; ++i)
      if (names[i] == name) return E(i);
    fail("\"", name, "\" is not ", what, " (", list_of(names), ")");
  }
  // The index that find(name) gives the string (an area of a board, a city of a map), which fails
  // unless it is one (>= 0): "\"x\" is not <what>".
  template <class Find>
  int name_in(Find&& find, std::string_view what) const {
    const std::string name = string();
    const int i = int(find(name));
    if (i < 0) fail("\"", name, "\" is not ", what);
    return i;
  }
  // Data that a position names (a board, a map; `what` says which): a built-in one by its name,
  // names[i] giving builtin(i), or a whole object, which intern(json, where) reads.
  template <std::size_t N, class Builtin, class Intern>
  auto builtin_or_whole(const std::array<std::string_view, N>& names, Builtin&& builtin, Intern&& intern,
                        std::string_view what) const -> decltype(builtin(std::size_t(0))) {
    if (!j_->is_string()) {
      expect_object();
      return intern(*j_, cat(source_, ": ", path_));
    }
    const std::string name = string();
    std::string choices;
    for (std::size_t i = 0; i < N; ++i) {
      if (names[i] == name) return builtin(i);
      choices += cat("\"", names[i], "\"", i + 1 < N ? ", " : "");
    }
    fail("must be ", choices, " or a whole ", what, " object, not \"", name, "\" (--map FILE reads a ", what, " file)");
  }
  // Counts by name: an object with exactly the keys `names`, each a count in [0, hi].
  template <std::size_t N>
  std::array<int, N> counts(const std::array<std::string_view, N>& names, int hi) const {
    allow_only(names);
    std::array<int, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = at(names[i]).int_in(0, hi);
    return out;
  }
  // Counts by name where a name left out counts 0: the keys are among `names` (each `what`: "a
  // rune"), the count of names[i] in [0, hi(i)].
  template <std::size_t N, class Hi>
  std::array<int, N> some_counts(const std::array<std::string_view, N>& names, std::string_view what, Hi&& hi) const {
    expect_object();
    std::array<int, N> out{};
    for (auto it = j_->begin(); it != j_->end(); ++it) {
      const Json key = it.key();
      JsonIn name(key, source_);  // the key, read as a name where the object is
      name.path_ = path_;
      const auto i = name.template one_of<std::size_t>(names, what);
      out[i] = child(*it, it.key()).int_in(0, int(hi(i)));
    }
    return out;
  }
  // A list of at most `max` distinct things as a bit set: read(entry) is an entry's index (below
  // 64), and an entry whose index is in the set already fails with twice(index), the reader's own
  // words ("names ticket 4 twice"), by default "names <the entry as written> twice".
  template <class Read>
  std::uint64_t bit_set(std::size_t max, Read&& read) const {
    return bit_set_of(max, read, [](const JsonIn& e, int) { return cat("names ", e.as_written(), " twice"); });
  }
  // ... of names, a set of some of `names` (each `what`: "a free action").
  template <std::size_t N>
  std::uint64_t bit_set(const std::array<std::string_view, N>& names, std::string_view what) const {
    return bit_set(N, [&](const JsonIn& e) { return e.one_of(names, what); });
  }
  template <class Read, class Twice>
  std::uint64_t bit_set(std::size_t max, Read&& read, Twice&& twice) const {
    return bit_set_of(max, read, [&](const JsonIn&, int i) { return twice(i); });
  }
  // A string as it is, anything else as JSON: "godi", 4.
  std::string as_written() const { return j_->is_string() ? j_->get<std::string>() : json_text(*j_); }

  // "a string", "a list", "1.5", ...: what the value is, for messages.
  std::string describe() const;
  std::string type_name() const;

 private:
  JsonIn child(const Json& j, std::string_view key) const;
  JsonIn child_name(std::string_view key) const { return child(*j_, key); }
  template <class Read, class Twice>
  std::uint64_t bit_set_of(std::size_t max, Read& read, const Twice& twice) const {
    std::uint64_t set = 0;
    for (const JsonIn& e : array(0, max)) {
      const auto i = int(read(e));
      // read() is the reader's own code: an index outside the 64 bits is its bug, never the input's.
      if (i < 0 || i >= 64)
        throw std::logic_error("JsonIn::bit_set: read() gave " + std::to_string(i) + ", not in [0, 64)");
      if ((set >> i) & 1) e.fail(twice(e, i));
      set |= std::uint64_t(1) << i;
    }
    return set;
  }
  template <std::size_t N>
  static std::string list_of(const std::array<std::string_view, N>& names) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) out += cat(i == 0 ? "" : i + 1 == N ? " or " : ", ", names[i]);
    return out;
  }
  [[noreturn]] void fail_missing() const { input_error(source_ + ": missing field \"" + path_ + "\""); }
  static std::string num(double v);

  const Json* j_;
  std::string source_;
  std::string path_;
};

// ---- Telling two records apart

// Where two objects that should be one record (a file's header and this run's) differ, for a refusal
// that says it: "the file's seed 1, this run's 7". Names the first differing field, in the order of
// `first_keys` and then of the objects' own keys; each value is cut to a readable length; a field
// one of them lacks shows as "none". Empty when they are equal.
std::string first_difference(const Json& a, const Json& b, const std::string& a_name, const std::string& b_name,
                             std::vector<std::string> first_keys = {});

// ---- Names and ids

// The index of `name` among `names`, or -1.
template <std::size_t N>
int name_index(const std::array<std::string_view, N>& names, std::string_view name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : int(it - names.begin());
}

// An id names a thing of a data file where moves and renders show it (`claim sorgono~nuoro`,
// `berserkur move gold-beach`): 1 to 32 lowercase letters, digits and inner hyphens, so that it is
// typed without quotes and never runs into the notation's separators.
inline bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 32 || id.front() == '-' || id.back() == '-') return false;
  for (const char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

// The field's string, which must be an id; `example` is one from the caller's own data, for the message.
std::string id_of(const JsonIn& field, std::string_view example);

}  // namespace nuraghe

#pragma once
// Bad input (an unknown name, a malformed file, an illegal move) is reported by throwing InputError
// with one readable line; the command line prints it and exits with status 2. Programming errors
// are asserts, never InputError.

#include <concepts>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nuraghe {

// A message is one line a person reads: a value it echoes (a spec, an option, a JSON field) may be
// 100 KB long or hold a line break. A quoted value, or a word without spaces, longer than
// kLongValue characters keeps its first kValueHead characters and says how long it was; a line
// break or other control character is written as an escape.
inline constexpr std::size_t kLongValue = 160, kValueHead = 60;

std::string one_readable_line(std::string_view what);

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(one_readable_line(what)) {}
};

// The text of a message's parts, whole numbers written in decimal: cat("holds ", n, " cards").
// Only strings and whole numbers: a char or a bool would print as a surprise, and neither is
// in a message today.
template <class Part>
concept MessagePart = std::convertible_to<const Part&, std::string_view> ||
    (std::integral<Part> && !std::same_as<Part, bool> && !std::same_as<Part, char>);

template <MessagePart... Parts>
std::string cat(const Parts&... parts) {
  std::string out;
  const auto append = [&out]<class Part>(const Part& part) {
    if constexpr (std::integral<Part>)
      out += std::to_string(std::conditional_t<std::is_signed_v<Part>, long long, unsigned long long>(part));
    else out += std::string_view(part);
  };
  (append(parts), ...);
  return out;
}

template <MessagePart... Parts>
[[noreturn]] void input_error(const Parts&... what) {
  throw InputError(cat(what...));
}

}  // namespace nuraghe

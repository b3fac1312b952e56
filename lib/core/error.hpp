#pragma once
// Bad input (an unknown name, a malformed file, an illegal move) is reported by throwing InputError
// with one readable line; the command line prints it and exits with status 2. Programming errors
// are asserts, never InputError.

#include <concepts>
#include <stdexcept>
#include <string>
#include <string_view>

namespace nuraghe {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
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

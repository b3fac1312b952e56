// Messages that are one readable line (core/error.hpp).

#include "core/error.hpp"

#include <string>
#include <string_view>

namespace nuraghe {

std::string one_readable_line(std::string_view what) {
  std::string out;
  const auto cut = [&out](std::string_view value, bool quoted) {
    if (value.size() <= kLongValue) {
      out += value;
    } else {
      out += value.substr(0, kValueHead);
      out += "...";
      if (quoted) out += '"';
      out += " (" + std::to_string(value.size()) + " characters)";
      return true;
    }
    return false;
  };
  for (std::size_t i = 0; i < what.size();) {
    if (what[i] == '"') {  // a quoted value, to its closing quote (or the end)
      const std::size_t close = what.find('"', i + 1);
      const std::size_t end = close == std::string_view::npos ? what.size() : close;
      out += '"';
      if (!cut(what.substr(i + 1, end - i - 1), close != std::string_view::npos) && close != std::string_view::npos)
        out += '"';
      i = close == std::string_view::npos ? end : end + 1;
    } else if (what[i] != ' ') {  // a word
      std::size_t end = i;
      while (end < what.size() && what[end] != ' ' && what[end] != '"') ++end;
      cut(what.substr(i, end - i), false);
      i = end;
    } else {
      out += what[i++];
    }
  }
  std::string line;
  for (const char c : out) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) {
      line += c;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      line += c == '\n'   ? std::string("\\n")
              : c == '\t' ? std::string("\\t")
                          : std::string("\\x") + kHex[(static_cast<unsigned char>(c) >> 4) & 15] +
                                kHex[static_cast<unsigned char>(c) & 15];
    }
  }
  return line;
}

}  // namespace nuraghe

#pragma once
// Text for people at a terminal: a list wrapped to fit 80 columns.

#include <cstddef>
#include <string>
#include <vector>

namespace nuraghe {

// `head`, then each of `items` after a space, on lines of at most `width` columns: an item that
// would pass it starts a new line, its text at column `indent` (the later lines' margin). An item
// longer than a line stands alone on its own. Separators (", ") are the caller's, inside the items.
inline std::string wrapped_list(const std::string& head, const std::vector<std::string>& items, std::size_t indent,
                                std::size_t width = 80) {
  std::string out = head;
  std::size_t line = 0;  // where the current line starts in `out`
  for (const std::string& item : items) {
    if (out.size() - line + 1 + item.size() > width) {
      out += "\n";
      line = out.size();
      out += std::string(indent - 1, ' ');
    }
    out += " " + item;
  }
  return out;
}

}  // namespace nuraghe

// The documentation's code is the code. In docs/*.md a fenced block right under the line
//
//     <!-- file: lib/games/nim/nim.hpp -->
//
// must be that file of the repository, byte for byte, so that an example cannot drift from the
// code that is compiled and tested (docs/adding-a-game.md shows a whole game this way).
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "core/files.hpp"

namespace {

const std::filesystem::path kRoot = NURAGHE_SOURCE_DIR;

struct FileBlock {
  std::string file;  // the path the marker names, from the repository's root
  int line;          // of the marker, in the document
  std::string text;  // the block's lines, each ending in a newline, as a file's would
};

std::vector<FileBlock> file_blocks(const std::filesystem::path& doc) {
  const std::string open = "<!-- file: ", close = " -->";
  std::istringstream in(nuraghe::read_input_file(doc.string(), "document"));
  std::vector<FileBlock> blocks;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (!line.starts_with(open) || !line.ends_with(close)) continue;
    FileBlock b{line.substr(open.size(), line.size() - open.size() - close.size()), n, ""};
    std::string fence;
    std::getline(in, fence);
    ++n;
    INFO(doc.filename().string() << " line " << n);
    REQUIRE_MESSAGE(fence.starts_with("```"), "a file marker must be followed by a fenced code block");
    bool closed = false;
    for (std::string code; !closed && std::getline(in, code);) {
      ++n;
      if (code == "```") closed = true;
      else b.text += code + "\n";
    }
    REQUIRE_MESSAGE(closed, "the code block is not closed");
    blocks.push_back(b);
  }
  return blocks;
}

// "line 12: ..." for the first line where the two texts differ.
std::string first_difference(const std::string& doc, const std::string& file) {
  std::istringstream a(doc), b(file);
  std::string x, y;
  for (int line = 1;; ++line) {
    const bool more_a = bool(std::getline(a, x)), more_b = bool(std::getline(b, y));
    if (!more_a && !more_b) return "a difference in the last newline";
    if (!more_a || !more_b || x != y)
      return "line " + std::to_string(line) + ": the document has \"" + (more_a ? x : "(end)") + "\", the file \"" +
             (more_b ? y : "(end)") + "\"";
  }
}

}  // namespace

TEST_CASE("docs: every code block marked as a file is that file, byte for byte") {
  int blocks = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kRoot / "docs")) {
    if (entry.path().extension() != ".md") continue;
    for (const FileBlock& b : file_blocks(entry.path())) {
      INFO("docs/" << entry.path().filename().string() << " line " << b.line << " shows " << b.file);
      const std::filesystem::path file = kRoot / b.file;
      REQUIRE_MESSAGE(std::filesystem::is_regular_file(file), "no such file");
      const std::string text = nuraghe::read_input_file(file.string(), "file");
      const bool same = text == b.text;  // (not inside CHECK, which would print both texts whole)
      CHECK_MESSAGE(same, first_difference(b.text, text));
      ++blocks;
    }
  }
  MESSAGE(blocks << " code blocks checked against their files");
}

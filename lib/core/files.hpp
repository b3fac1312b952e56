#pragma once
// Files the user names: inputs read whole with a bound, outputs checked before any work starts
// and written with every failure reported. Nothing a user wrote is replaced unless asked (--force).

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "core/error.hpp"

namespace nuraghe {

// Generous for every real input: a position or board is a few KiB. /dev/zero stops here.
inline constexpr std::size_t kMaxInputBytes = std::size_t(64) << 20;

// The whole of a file the user named ("-" is standard input), at most max_bytes of it.
inline std::string read_input_file(const std::string& path, std::string_view what,
                                   std::size_t max_bytes = kMaxInputBytes) {
  const std::string named = std::string(what) + " \"" + path + "\"";
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) input_error("cannot read " + named + ": no such file");
    if (std::filesystem::is_directory(status)) input_error("cannot read " + named + ": it is a directory");
    file.open(path, std::ios::binary);
    if (!file) input_error("cannot read " + named);
    in = &file;
  }
  std::string text;
  char buffer[1 << 16];
  while (*in) {
    in->read(buffer, sizeof buffer);
    text.append(buffer, std::size_t(in->gcount()));
    if (text.size() > max_bytes) input_error(named + " is larger than " + std::to_string(max_bytes >> 20) + " MiB");
  }
  if (in->bad()) input_error("cannot read " + named);
  return text;
}

// Whether two paths name one file: an existing file by its identity (so "./a", "a" and a link to it
// are one), a path not there yet by its normal form.
inline bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec)) return std::filesystem::equivalent(a, b, ec);
  const auto normal = [](const std::string& path) {
    std::error_code e;
    const auto full = std::filesystem::absolute(path, e);
    return (e ? std::filesystem::path(path) : full).lexically_normal();
  };
  return normal(a) == normal(b);
}

// An output that is one of the command's inputs is refused, --force or not: writing it would
// destroy what is to be read.
inline void check_not_input(const std::string& output, std::string_view flag, const std::string& input,
                            std::string_view input_name) {
  if (!output.empty() && !input.empty() && same_file(output, input))
    input_error(std::string(flag) + " \"" + output + "\" is the " + std::string(input_name) + ": give another file");
}

// Checks, before any work, that `path` can be written as a new file: its folder exists and is
// writable, and no file is there (unless `replace`, when it must be a writable file).
inline void check_output_path(const std::string& path, std::string_view what, bool replace = false) {
  if (path.empty()) return;
  const std::string named = std::string(what) + " \"" + path + "\"";
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status)) {
    if (std::filesystem::is_directory(status)) input_error(named + " is a directory");
    if (!replace) input_error(named + " exists: choose a new file, or give --force to replace it");
    if (::access(path.c_str(), W_OK) != 0) input_error("cannot write " + named + ": permission denied");
    return;
  }
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  if (!std::filesystem::is_directory(folder, ec))
    input_error("cannot write " + named + ": the folder " + folder.string() + " does not exist");
  if (::access(folder.c_str(), W_OK) != 0)
    input_error("cannot write " + named + ": the folder " + folder.string() + " is not writable");
}

// A text file written in one go or line by line; any failure (a full disk, /dev/full) is an
// InputError at the write that meets it, or at close().
class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const std::string& path, std::string_view what) : named_(std::string(what) + " \"" + path + "\"") {
    out_.open(path, std::ios::binary | std::ios::trunc);
    if (!out_) input_error("cannot write " + named_);
  }
  bool is_open() const { return out_.is_open(); }
  void write(std::string_view text) {
    if (!out_.is_open()) return;
    out_.write(text.data(), std::streamsize(text.size()));
    out_.flush();
    if (!out_) input_error("cannot write " + named_ + " (is the disk full?)");
  }
  void close() {
    if (!out_.is_open()) return;
    out_.close();
    if (!out_) input_error("cannot write " + named_ + " (is the disk full?)");
  }

 private:
  std::string named_;
  std::ofstream out_;
};

}  // namespace nuraghe

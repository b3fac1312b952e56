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
std::string read_input_file(const std::string& path, std::string_view what, std::size_t max_bytes = kMaxInputBytes);

// Whether two paths name one file: an existing file by its identity (so "./a", "a" and a link to it
// are one), a path not there yet by its normal form.
bool same_file(const std::string& a, const std::string& b);

// An output that is one of the command's inputs is refused, --force or not: writing it would
// destroy what is to be read.
void check_not_input(const std::string& output, std::string_view flag, const std::string& input,
                     std::string_view input_name);

// Checks, before any work, that `path` can be written as a new file: its folder exists and is
// writable, and no file is there (unless `replace`, when it must be a writable file).
void check_output_path(const std::string& path, std::string_view what, bool replace = false);

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

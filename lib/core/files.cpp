// Reading the files a user names and checking the ones a command is to write (core/files.hpp).

#include "core/files.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

namespace nuraghe {

std::string read_input_file(const std::string& path, std::string_view what, std::size_t max_bytes) {
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

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec)) return std::filesystem::equivalent(a, b, ec);
  const auto normal = [](const std::string& path) {
    std::error_code e;
    const auto full = std::filesystem::absolute(path, e);
    return (e ? std::filesystem::path(path) : full).lexically_normal();
  };
  return normal(a) == normal(b);
}

void check_not_input(const std::string& output, std::string_view flag, const std::string& input,
                     std::string_view input_name) {
  if (!output.empty() && !input.empty() && same_file(output, input))
    input_error(std::string(flag) + " \"" + output + "\" is the " + std::string(input_name) + ": give another file");
}

void check_output_path(const std::string& path, std::string_view what, bool replace) {
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

}  // namespace nuraghe

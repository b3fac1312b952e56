#pragma once
// NumPy's .npy files (format version 1.0), written and read without numpy: the arrays of
// `nuraghe selfplay`, which numpy.load and pandas read as they are, and which `nuraghe learn` reads
// back. Only what self-play writes is read: C order, little-endian float32 or int32, one or two
// dimensions. Anything else in a file is an InputError naming the file, never a guess.
//
// The layout (numpy's own format specification, "NEP 1"): the magic "\x93NUMPY", the version (1, 0),
// a little-endian uint16 header length, then the header, a Python dict literal such as
// "{'descr': '<f4', 'fortran_order': False, 'shape': (12, 531), }" padded with spaces and ended by
// '\n' so that the data starts at a multiple of 64 bytes; then the values.

#include <bit>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include "core/error.hpp"

namespace nuraghe::npy {

static_assert(std::endian::native == std::endian::little, "the .npy files are written little-endian as in memory");

template <class T>
constexpr const char* descr() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, std::int32_t>, "float32 or int32 arrays only");
  return std::is_same_v<T, float> ? "<f4" : "<i4";
}

// An array read back: its shape (one or two dimensions; `cols` is 1 for one) and its values, row by row.
template <class T>
struct Array {
  long long rows = 0, cols = 1;
  bool two_dimensional = false;
  std::vector<T> values;
  const T* row(long long r) const { return values.data() + r * cols; }
};

// The whole file in memory, header and values: a chunk is written in one go.
template <class T>
std::string encode(const T* values, long long rows, long long cols, bool two_dimensional) {
  std::string header = std::string("{'descr': '") + descr<T>() + "', 'fortran_order': False, 'shape': (" +
                       std::to_string(rows) + (two_dimensional ? ", " + std::to_string(cols) + ")" : ",)") + ", }";
  const std::size_t preamble = 10;  // magic, version, header length
  header.append((64 - (preamble + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += char(1), out += char(0);
  out += char(header.size() & 0xFF), out += char(header.size() >> 8);
  out += header;
  const std::size_t bytes = std::size_t(rows * cols) * sizeof(T);
  const std::size_t at = out.size();
  out.resize(at + bytes);
  if (bytes) std::memcpy(out.data() + at, values, bytes);
  return out;
}

namespace detail {
// The integer after `key` in the header ("'shape': (" -> its numbers), or fails.
inline long long read_number(const std::string& h, std::size_t& i, const std::string& what) {
  std::size_t j = i;
  while (j < h.size() && h[j] >= '0' && h[j] <= '9') ++j;
  if (j == i || j - i > 15) input_error(what + ": not a .npy array of self-play (bad shape)");
  const long long v = std::stoll(h.substr(i, j - i));
  i = j;
  return v;
}
}  // namespace detail

// Reads a .npy file of T (float32 or int32), checking the magic, the version, the dtype, C order,
// the shape and that the values fill the file exactly.
template <class T>
Array<T> read(const std::string& path) {
  const std::string what = "\"" + path + "\"";
  std::ifstream in(path, std::ios::binary);
  if (!in) input_error(what + ": cannot read the file");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0) input_error(what + ": not a .npy file");
  if (bytes[6] != 1 || bytes[7] != 0) input_error(what + ": a .npy file of another format version than 1.0");
  const std::size_t header_size = std::uint8_t(bytes[8]) | std::size_t(std::uint8_t(bytes[9])) << 8;
  if (bytes.size() < 10 + header_size) input_error(what + ": a .npy file cut short in its header");
  const std::string h = bytes.substr(10, header_size);
  const std::string want_descr = std::string("'descr': '") + descr<T>() + "'";
  if (h.find(want_descr) == std::string::npos)
    input_error(what + ": holds another type of values than " + (std::is_same_v<T, float> ? "float32" : "int32") +
                " (its header: " + h.substr(0, h.find('\n')) + ")");
  if (h.find("'fortran_order': False") == std::string::npos) input_error(what + ": not in C order");
  std::size_t i = h.find("'shape': (");
  if (i == std::string::npos) input_error(what + ": a .npy header without a shape");
  i += 10;
  Array<T> a;
  a.rows = detail::read_number(h, i, what);
  if (h.compare(i, 2, ",)") == 0) {
    a.cols = 1;
  } else if (h.compare(i, 2, ", ") == 0) {
    i += 2;
    a.cols = detail::read_number(h, i, what);
    a.two_dimensional = true;
    if (h.compare(i, 1, ")") != 0) input_error(what + ": an array of more than two dimensions");
  } else {
    input_error(what + ": not a .npy array of self-play (bad shape)");
  }
  const std::size_t data = bytes.size() - 10 - header_size;
  // The values fill the shape exactly (rows and cols are at most 15 digits each: their product
  // cannot overflow once each is below 2^32, and a file of more values than that is not read).
  const bool fits = a.rows < (1LL << 32) && a.cols < (1LL << 32) &&
                    std::size_t(a.rows) * std::size_t(a.cols) <= std::size_t(-1) / sizeof(T) &&
                    std::size_t(a.rows) * std::size_t(a.cols) * sizeof(T) == data;
  if (!fits) input_error(what + ": its values do not fill its shape (" + std::to_string(data) + " bytes)");
  a.values.resize(std::size_t(a.rows * a.cols));
  if (data) std::memcpy(a.values.data(), bytes.data() + 10 + header_size, data);
  return a;
}

}  // namespace nuraghe::npy

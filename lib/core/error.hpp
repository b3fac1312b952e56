#pragma once
// Bad input (an unknown name, a malformed file, an illegal move) is reported by throwing InputError
// with one readable line; the command line prints it and exits with status 2. Programming errors
// are asserts, never InputError.

#include <stdexcept>
#include <string>

namespace nuraghe {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

[[noreturn]] inline void input_error(const std::string& what) { throw InputError(what); }

}  // namespace nuraghe

#include <exception>
#include <iostream>
#include <new>

#include "cli/cli.hpp"
#include "cli/mpi.hpp"

// The last resort: an exception that no check turned into an InputError still ends in one line
// and exit status 2, never in std::terminate. Reaching it is a bug (the word "internal" says so,
// and the bad-input battery fails on it): bad input is reported where it is read.
int main(int argc, char** argv) {
  try {
    nuraghe::mpi::Session mpi(argc, argv);  // MPI_Init / MPI_Finalize in an MPI build; nothing otherwise
    return nuraghe::run_cli(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "nuraghe: error: out of memory (internal error: an allocation failed outside the checked places)\n";
  } catch (const std::exception& e) {
    std::cerr << "nuraghe: error: internal error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "nuraghe: error: internal error: an unknown exception\n";
  }
  return 2;
}

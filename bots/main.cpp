#include "bots/cli.hpp"
#include "bots/mpi.hpp"

int main(int argc, char** argv) {
  nuraghe::mpi::Session mpi(argc, argv);  // MPI_Init / MPI_Finalize in an MPI build; nothing otherwise
  return nuraghe::run_cli(argc, argv);
}

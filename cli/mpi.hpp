#pragma once
// The little of MPI the arena needs: an MPI build (-DNURAGHE_MPI=ON) runs `mpirun -n K nuraghe
// arena ...` with the games split over the K ranks; every other build is one rank of one, and the
// same code runs unchanged.

#include <string>
#include <vector>

namespace nuraghe::mpi {

// MPI_Init on construction and MPI_Finalize on destruction, in an MPI build.
class Session {
 public:
  Session(int& argc, char**& argv);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
};

int rank();
int size();
void barrier();
// Every rank's lines, at rank 0 in rank order; the other ranks get nothing back.
std::vector<std::string> gather_lines(const std::vector<std::string>& mine);

}  // namespace nuraghe::mpi

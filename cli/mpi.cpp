#include "cli/mpi.hpp"

#ifdef NURAGHE_MPI
#include <mpi.h>
#endif

namespace nuraghe::mpi {

#ifdef NURAGHE_MPI

Session::Session(int& argc, char**& argv) { MPI_Init(&argc, &argv); }
Session::~Session() { MPI_Finalize(); }

int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int size() {
  int n = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}

void barrier() { MPI_Barrier(MPI_COMM_WORLD); }

std::vector<std::string> gather_lines(const std::vector<std::string>& mine) {
  // One buffer of newline-terminated lines per rank: gather the lengths, then the bytes.
  std::string packed;
  for (const auto& line : mine) packed += line + '\n';
  const int length = int(packed.size()), ranks = size(), me = rank();
  std::vector<int> lengths(ranks), offsets(ranks);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (me == 0) {
    for (int r = 0, at = 0; r < ranks; ++r) offsets[r] = at, at += lengths[r];
    all.resize(std::size_t(offsets[ranks - 1] + lengths[ranks - 1]));
  }
  MPI_Gatherv(packed.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> lines;
  for (std::size_t from = 0, end; (end = all.find('\n', from)) != std::string::npos; from = end + 1)
    lines.push_back(all.substr(from, end - from));
  return lines;
}

#else

Session::Session(int&, char**&) {}
Session::~Session() = default;
int rank() { return 0; }
int size() { return 1; }
void barrier() {}
std::vector<std::string> gather_lines(const std::vector<std::string>& mine) { return mine; }

#endif

}  // namespace nuraghe::mpi

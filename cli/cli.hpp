#pragma once
// The `nuraghe` command-line program: run_cli returns the process exit status
// (0 success, 2 bad input with one line on stderr).

namespace nuraghe {
int run_cli(int argc, char** argv);
// The commit the program was built from: `git describe --always --dirty` of the source tree at
// build time ("...-dirty" when the sources differed from it).
const char* version();
}  // namespace nuraghe

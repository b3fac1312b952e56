#pragma once
// The `nuraghe` command-line program: run_cli returns the process exit status
// (0 success, 2 bad input with one line on stderr).

namespace nuraghe {
int run_cli(int argc, char** argv);
}

#include "cli/cli.hpp"

#include "nuraghe_version.hpp"  // generated at every build by cmake/version.cmake

namespace nuraghe {
const char* version() { return NURAGHE_VERSION; }
}  // namespace nuraghe

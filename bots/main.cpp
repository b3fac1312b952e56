#include "bots/cli.hpp"

int main(int argc, char** argv) { return nuraghe::run_cli(argc, argv); }

// Progress on stderr (cli/progress.hpp).
#include "cli/progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <cstdlib>
#include <string>

#include "core/error.hpp"

namespace nuraghe {

namespace {
// NURAGHE_PROGRESS_DELAY: the seconds a step runs before its progress shows (1 if unset).
double progress_delay() {
  static const double delay = [] {
    const char* text = std::getenv("NURAGHE_PROGRESS_DELAY");
    if (text == nullptr) return 1.0;
    char* end = nullptr;
    const double v = std::strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !(v >= 0 && v <= 86400))
      input_error(std::string("NURAGHE_PROGRESS_DELAY=\"") + text + "\" must be a number of seconds from 0 to 86400");
    return v;
  }();
  return delay;
}
}  // namespace

StepProgress::StepProgress(std::string name, int total)
    : name_(std::move(name)),
      total_(total),
      terminal_(isatty(fileno(stderr)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_line_(start_) {
  progress_delay();  // a malformed NURAGHE_PROGRESS_DELAY is refused here, on the command's thread
}

StepProgress::~StepProgress() {
  if (open_line_) std::fprintf(stderr, "\n");  // a redrawn line ended short of its total
}

void StepProgress::step(const std::string& what) {
  std::lock_guard lock(mutex_);
  ++done_;
  show(what);
}

void StepProgress::at(int done, int total, const std::string& what) {
  std::lock_guard lock(mutex_);
  done_ = done, total_ = total;
  show(what);
}

void StepProgress::show(const std::string& what) {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const bool last = done_ >= total_;
  if (elapsed < progress_delay()) return;
  if (!terminal_ && !last && shown_ && std::chrono::duration<double>(now - last_line_).count() < 1.0) return;
  shown_ = true;
  last_line_ = now;
  char left[64] = "";
  if (!last && done_ > 0) std::snprintf(left, sizeof left, ", about %.0f s left", elapsed / done_ * (total_ - done_));
  char line[512];
  std::snprintf(line, sizeof line, "%s: %d/%d (%s), %.0f s%s", name_.c_str(), done_, total_, what.c_str(), elapsed,
                left);
  if (terminal_) {
    std::fprintf(stderr, "\r%-100s", line);  // padded: a shorter line covers a longer one
    open_line_ = !last;
    if (last) std::fprintf(stderr, "\n");
  } else {
    std::fprintf(stderr, "%s\n", line);
  }
  std::fflush(stderr);
}

}  // namespace nuraghe

#pragma once
// Progress of a command's long step on stderr, with the time left (learn's reading, replays and
// fits): on a terminal one line redrawn in place, otherwise one line a step, at most one a second
// (and always the last), so that a log shows the pace without a line for every epoch.
//   learn: the fit: 7/16 (cross-validation fold 2 of 5, penalty 0.01), 3 s, about 4 s left
// A step shows nothing in its first second (NURAGHE_PROGRESS_DELAY seconds, 1 by default): a short
// step stays quiet, and a refusal found in it is the one line on stderr.

#include <chrono>
#include <mutex>
#include <string>

namespace nuraghe {

class StepProgress {
 public:
  // `name` says the step ("learn: fit"); `total` its units, which at() may change.
  StepProgress(std::string name, int total);
  StepProgress(const StepProgress&) = delete;
  StepProgress& operator=(const StepProgress&) = delete;
  ~StepProgress();

  void step(const std::string& what);                     // one more unit done
  void at(int done, int total, const std::string& what);  // `done` of `total` units done

 private:
  void show(const std::string& what);
  std::string name_;
  int total_, done_ = 0;
  bool terminal_, open_line_ = false, shown_ = false;
  std::chrono::steady_clock::time_point start_, last_line_;
  std::mutex mutex_;
};

}  // namespace nuraghe

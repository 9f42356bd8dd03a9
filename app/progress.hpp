#pragma once
// The progress line of the long headless runs (check, bench, the demo): one line on stderr saying
// which case runs, how far along the run is and for how long it has run,
//   bench --sort: bitonic-shared n=1048576 (case 7 of 40), 12.3 s
// rewritten in place with '\r' when a case begins and a few times a second while it runs. Only
// where stderr is a terminal: piped, redirected or in CI nothing at all is printed, so logs and
// tables read as they always did. The run clears the line before it prints anything else, so no
// table row lands on it (stdout and stderr usually share the terminal).
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

namespace boids::app {

class Progress {
 public:
  // `total` cases (counted from the options before the run starts), each called a `unit`.
  explicit Progress(int total, std::string unit = "case");
  ~Progress();  // clears the line
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // The next case begins: `what` names it ("bench --sort: bitonic-shared n=1048576").
  void next(std::string what);
  // Erases the line until the next case begins. Call it before printing anything.
  void clear();

  // Whether stderr is a terminal (the line is shown at all).
  static bool wanted();

 private:
  void draw();   // the mutex held
  void erase();  // the mutex held
  void tick();   // the redrawing thread: the elapsed time goes on while a case runs

  const bool enabled_;
  const int total_;
  const std::string unit_;
  const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable wake_;
  int index_ = 0;
  std::string what_;
  bool shown_ = false, stop_ = false;
  std::size_t drawnLength_ = 0;
  std::chrono::steady_clock::time_point drawnAt_{};
  std::thread ticker_;
};

}  // namespace boids::app

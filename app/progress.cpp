#include "app/progress.hpp"

#include <cstdio>
#include <sys/ioctl.h>
#include <unistd.h>

namespace boids::app {
namespace {

constexpr auto kRedrawEvery = std::chrono::milliseconds(250);
// A frame that begins sooner than this after the last drawing waits for the ticker (the demo runs
// hundreds a second on a GPU); a case is drawn as it begins, however soon (a run has a few hundred
// at most, and the line then names every one of them).
constexpr auto kFewestRedraws = std::chrono::milliseconds(50);

// Columns of the terminal on stderr: a line longer than that would wrap, and '\r' would then
// rewrite only its last row.
std::size_t terminalColumns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

}  // namespace

bool Progress::wanted() { return isatty(STDERR_FILENO) == 1; }

Progress::Progress(int total, std::string unit) : enabled_(wanted()), total_(total), unit_(std::move(unit)) {
  if (enabled_) ticker_ = std::thread([this] { tick(); });
}

Progress::~Progress() {
  if (!enabled_) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    erase();
  }
  wake_.notify_all();
  ticker_.join();
}

void Progress::next(std::string what) {
  if (!enabled_) return;
  std::fflush(stdout);  // what the run printed comes before the line
  std::lock_guard lock(mutex_);
  ++index_;
  what_ = std::move(what);
  if (!shown_ || unit_ != "frame" || std::chrono::steady_clock::now() - drawnAt_ >= kFewestRedraws) draw();
  shown_ = true;
}

void Progress::clear() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  erase();
}

void Progress::draw() {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  char tail[96];
  std::snprintf(tail, sizeof tail, " (%s %d of %d), %.1f s", unit_.c_str(), index_, total_, seconds);
  std::string line = what_ + tail;
  const std::size_t columns = terminalColumns() - 1;  // the last column would wrap on some terminals
  if (line.size() > columns) line = line.substr(0, columns);
  // Spaces over what is left of a longer earlier line: no escape sequence, any terminal does '\r'.
  const std::size_t pad = drawnLength_ > line.size() ? drawnLength_ - line.size() : 0;
  std::fprintf(stderr, "\r%s%*s", line.c_str(), static_cast<int>(pad), "");
  if (pad > 0) std::fprintf(stderr, "\r%s", line.c_str());
  std::fflush(stderr);
  drawnLength_ = line.size();
  drawnAt_ = std::chrono::steady_clock::now();
}

void Progress::erase() {
  if (drawnLength_ > 0) {
    std::fprintf(stderr, "\r%*s\r", static_cast<int>(drawnLength_), "");
    std::fflush(stderr);
  }
  drawnLength_ = 0;
  shown_ = false;
}

void Progress::tick() {
  std::unique_lock lock(mutex_);
  while (!stop_) {
    wake_.wait_for(lock, kRedrawEvery);
    if (!stop_ && shown_) draw();
  }
}

}  // namespace boids::app

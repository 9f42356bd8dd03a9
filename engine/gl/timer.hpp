#pragma once
// Per-pass timings without stalling the frame. Each scope writes two GL_TIMESTAMP queries; results
// are read once the driver says they are available, at the latest kLatency frames later. Where the
// driver has no usable timer (no counter bits, a software rasteriser, or timestamps that read 0),
// the timer switches to CPU timing around glFinish() and says so through source().
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/gl/handles.hpp"

namespace boids::gl {

enum class TimingSource { GpuQueries, CpuFinish };
const char* describe(TimingSource source);
// False where timestamps are missing or do not follow the GPU's work (Mesa llvmpipe, softpipe).
bool timerQueriesMeaningful();

struct PassStats {
  std::string name;
  double latestMs = 0, medianMs = 0, minMs = 0, meanMs = 0;
  std::size_t samples = 0;
  bool current = true;  // timed in the latest frame the timer has results of (false: it did not run then)
};

// For benchmarks and checks, which may wait: runs work(run) `repeats` times, timing each run with
// GPU timestamps (read back at the end) or, where the driver's timers mean nothing, on the CPU
// around glFinish. Returns milliseconds per run, in run order.
std::vector<double> timeRuns(const std::function<void(int run)>& work, int repeats);

// GPUs lower their clocks soon after going idle and need a fraction of a second of work to raise
// them again: an H200 (nvidia-smi sampled every 100 ms during `bench --sort`) fell from 1980 to
// 345-600 MHz while the CPU checked a 16M sort, and the next case's 60 runs of 1 ms were timed on
// the way back up, at medians 2-4x their minimum. So a case first runs its work untimed: at least
// `atLeast` times and, where GPU timers are meaningful, until kClockWarmUp of wall time has passed
// with the GPU kept busy (batches between glFinish calls). On CPU timing (llvmpipe) there are no
// clocks to raise, only `atLeast` runs.
constexpr std::chrono::milliseconds kClockWarmUp{300};
void warmUp(const std::function<void(int run)>& work, int atLeast);

double median(std::vector<double> values);

class FrameTimer {
 public:
  static constexpr std::size_t kLatency = 6;  // frames in flight before a query must be read

  explicit FrameTimer(std::size_t historyLength = 240);

  class Scope {
   public:
    Scope(FrameTimer* timer, std::size_t slot) : timer_(timer), slot_(slot) {}
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() { timer_->end(slot_); }

   private:
    FrameTimer* timer_;
    std::size_t slot_;
  };

  void beginFrame();
  void endFrame();
  [[nodiscard]] Scope scope(std::string_view pass);
  // Blocks until every outstanding query is read (benchmarks and the end of a headless run).
  void flush();

  TimingSource source() const { return source_; }
  // With the CPU clock: time one frame in `every` (the others run without a glFinish around each
  // pass, which on a software renderer costs a tenth of the frame). Default 1: every frame.
  void sampleCpuEvery(std::size_t every) { cpuEvery_ = every > 0 ? every : 1; }
  const std::vector<std::string>& passes() const { return names_; }
  const std::deque<float>& history(std::size_t pass) const { return history_[pass]; }
  std::vector<PassStats> stats() const;
  void clearHistory();

 private:
  struct Pending {
    std::size_t pass;
    QueryName begin, end;
    std::chrono::steady_clock::time_point cpuBegin;
  };
  struct FrameSlot {
    std::vector<Pending> scopes;
    std::size_t used = 0;
    bool pending = false;
    std::size_t frame = 0;  // the frame whose scopes these are
  };

  bool cpuSampling() const { return source_ == TimingSource::CpuFinish && frame_ % cpuEvery_ == 0; }
  std::size_t cpuEvery_ = 1;
  std::size_t passIndex(std::string_view name);
  void end(std::size_t scopeIndex);
  bool harvest(FrameSlot& slot, bool wait);
  void record(std::size_t pass, double ms, std::size_t frame);

  TimingSource source_ = TimingSource::GpuQueries;
  std::size_t historyLength_;
  std::vector<std::string> names_;
  std::vector<std::deque<float>> history_;
  std::vector<std::size_t> timedIn_;  // per pass: the frame it was last timed in
  std::size_t latestTimed_ = 0;       // the latest frame any pass was timed in
  FrameSlot slots_[kLatency];
  std::size_t frame_ = 0;
  std::size_t zeroFrames_ = 0;  // harvested frames where every scope read 0 ns
};

}  // namespace boids::gl

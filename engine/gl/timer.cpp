#include "engine/gl/timer.hpp"

#include <algorithm>
#include <numeric>

#include "engine/gl/caps.hpp"

namespace boids::gl {

const char* describe(TimingSource source) {
  return source == TimingSource::GpuQueries
             ? "GPU timer queries"
             : "CPU clock around glFinish (this driver's timer queries do not measure GPU work)";
}

bool timerQueriesMeaningful() {
  GLint bits = 0;
  glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
  // Mesa's software rasterisers stamp queries on the CPU when they are submitted, while they run
  // draws later, at flush: their numbers say nothing about where the work went.
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return bits > 0 && !isSoftwareRenderer(renderer ? renderer : "");
}

std::vector<double> timeRuns(const std::function<void(int run)>& work, int repeats) {
  std::vector<double> ms(static_cast<std::size_t>(std::max(repeats, 0)));
  if (!timerQueriesMeaningful()) {
    for (int r = 0; r < repeats; ++r) {
      glFinish();
      const auto start = std::chrono::steady_clock::now();
      work(r);
      glFinish();
      ms[r] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
    return ms;
  }
  std::vector<QueryName> queries;
  for (int i = 0; i < 2 * repeats; ++i) queries.push_back(genQuery());
  for (int r = 0; r < repeats; ++r) {
    glQueryCounter(queries[2 * r].id(), GL_TIMESTAMP);
    work(r);
    glQueryCounter(queries[2 * r + 1].id(), GL_TIMESTAMP);
  }
  for (int r = 0; r < repeats; ++r) {
    GLuint64 t0 = 0, t1 = 0;
    glGetQueryObjectui64v(queries[2 * r].id(), GL_QUERY_RESULT, &t0);
    glGetQueryObjectui64v(queries[2 * r + 1].id(), GL_QUERY_RESULT, &t1);
    ms[r] = t1 >= t0 ? static_cast<double>(t1 - t0) * 1e-6 : 0.0;
  }
  return ms;
}

void warmUp(const std::function<void(int run)>& work, int atLeast) {
  const bool clocks = timerQueriesMeaningful();
  const auto start = std::chrono::steady_clock::now();
  int run = 0;
  for (int batch = 1;; batch = std::min(batch * 2, 64)) {
    for (int i = 0; i < batch; ++i) work(run++);
    glFinish();
    if (run >= atLeast && (!clocks || std::chrono::steady_clock::now() - start >= kClockWarmUp)) return;
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

FrameTimer::FrameTimer(std::size_t historyLength) : historyLength_(historyLength) {
  if (!timerQueriesMeaningful()) source_ = TimingSource::CpuFinish;
}

std::size_t FrameTimer::passIndex(std::string_view name) {
  auto it = std::find(names_.begin(), names_.end(), name);
  if (it != names_.end()) return static_cast<std::size_t>(it - names_.begin());
  names_.emplace_back(name);
  history_.emplace_back();
  timedIn_.push_back(0);
  return names_.size() - 1;
}

void FrameTimer::beginFrame() {
  FrameSlot& slot = slots_[frame_ % kLatency];
  // The slot was written kLatency frames ago. If its results are still not in, the CPU is that many
  // frames ahead of the GPU (headless, nothing else throttles it): waiting here paces the CPU the
  // way a swap chain would, without stalling the current frame's work.
  if (slot.pending) harvest(slot, /*wait=*/true);
  slot.used = 0;
  slot.pending = false;
  slot.frame = frame_;
}

FrameTimer::Scope FrameTimer::scope(std::string_view pass) {
  FrameSlot& slot = slots_[frame_ % kLatency];
  if (slot.used == slot.scopes.size()) slot.scopes.push_back({0, genQuery(), genQuery(), {}});
  Pending& p = slot.scopes[slot.used];
  p.pass = passIndex(pass);
  if (source_ == TimingSource::GpuQueries) {
    glQueryCounter(p.begin.id(), GL_TIMESTAMP);
  } else if (cpuSampling()) {
    glFinish();
    p.cpuBegin = std::chrono::steady_clock::now();
  }
  return Scope(this, slot.used++);
}

void FrameTimer::end(std::size_t scopeIndex) {
  Pending& p = slots_[frame_ % kLatency].scopes[scopeIndex];
  if (source_ == TimingSource::GpuQueries) {
    glQueryCounter(p.end.id(), GL_TIMESTAMP);
  } else if (cpuSampling()) {
    glFinish();
    record(p.pass, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - p.cpuBegin).count(), frame_);
  }
}

void FrameTimer::endFrame() {
  FrameSlot& current = slots_[frame_ % kLatency];
  current.pending = source_ == TimingSource::GpuQueries && current.used > 0;
  ++frame_;
  // Submit the frame's commands: without a swap (headless) a driver may hold them, and the queries
  // would never become available.
  if (current.pending) glFlush();
  // Read every older slot whose results have arrived; the oldest first keeps history in order.
  for (std::size_t age = kLatency - 1; age >= 1; --age) {
    if (frame_ < age) continue;
    FrameSlot& slot = slots_[(frame_ - age) % kLatency];
    if (slot.pending) harvest(slot, /*wait=*/false);
  }
}

void FrameTimer::flush() {
  for (std::size_t age = kLatency; age >= 1; --age) {
    if (frame_ < age) continue;
    FrameSlot& slot = slots_[(frame_ - age) % kLatency];
    if (slot.pending) harvest(slot, /*wait=*/true);
  }
}

bool FrameTimer::harvest(FrameSlot& slot, bool wait) {
  if (!wait) {
    GLint available = GL_FALSE;
    glGetQueryObjectiv(slot.scopes[slot.used - 1].end.id(), GL_QUERY_RESULT_AVAILABLE, &available);
    if (!available) return false;
  }
  bool allZero = true;
  std::vector<std::pair<std::size_t, double>> results;
  for (std::size_t i = 0; i < slot.used; ++i) {
    GLuint64 t0 = 0, t1 = 0;
    glGetQueryObjectui64v(slot.scopes[i].begin.id(), GL_QUERY_RESULT, &t0);
    glGetQueryObjectui64v(slot.scopes[i].end.id(), GL_QUERY_RESULT, &t1);
    allZero = allZero && t0 == 0 && t1 == 0;
    results.emplace_back(slot.scopes[i].pass, t1 >= t0 ? static_cast<double>(t1 - t0) * 1e-6 : 0.0);
  }
  slot.pending = false;
  if (allZero) {
    // A real timer never reads 0 twice in a row; after a few such frames, stop trusting it.
    if (++zeroFrames_ >= 3) {
      source_ = TimingSource::CpuFinish;
      for (FrameSlot& s : slots_) s.pending = false;
    }
    return true;
  }
  zeroFrames_ = 0;
  for (auto [pass, ms] : results) record(pass, ms, slot.frame);
  return true;
}

void FrameTimer::record(std::size_t pass, double ms, std::size_t frame) {
  timedIn_[pass] = frame;
  latestTimed_ = std::max(latestTimed_, frame);
  auto& h = history_[pass];
  h.push_back(static_cast<float>(ms));
  while (h.size() > historyLength_) h.pop_front();
}

std::vector<PassStats> FrameTimer::stats() const {
  std::vector<PassStats> out;
  for (std::size_t i = 0; i < names_.size(); ++i) {
    PassStats s;
    s.name = names_[i];
    const auto& h = history_[i];
    s.samples = h.size();
    s.current = timedIn_[i] == latestTimed_;
    if (!h.empty()) {
      std::vector<float> sorted(h.begin(), h.end());
      std::sort(sorted.begin(), sorted.end());
      s.latestMs = h.back();
      s.minMs = sorted.front();
      s.medianMs = sorted.size() % 2 ? sorted[sorted.size() / 2]
                                     : 0.5 * (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]);
      s.meanMs = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
    }
    out.push_back(std::move(s));
  }
  return out;
}

void FrameTimer::clearHistory() {
  for (auto& h : history_) h.clear();
}

}  // namespace boids::gl

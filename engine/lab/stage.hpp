#pragma once
// A stage of the lab: one primitive or feature whose variants `boids check`, `boids bench` and the
// panel's lab run side by side. A stage makes a seeded case with its CPU reference at a size, then
// runs each variant on it (timed by the harness's Timer, read back, judged) into rows of JSON.
// Each stage lives in its own folder (engine/primitives/scan/scan_stage.cpp, ...); the table of
// stages is app/stages.cpp.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>

#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/lab/watch.hpp"

namespace boids::sim {
struct SimSettings;  // read by the stages in engine/sim; the lab only passes it on
}

namespace boids::lab {

using Row = nlohmann::json;

// Who asks: `check` judges every input pattern; `bench` times the inputs a frame sees, with more
// runs, and its rows keep the field names the charts read.
enum class Purpose { Check, Bench };

struct Case {
  std::uint32_t n = 0;  // elements, boids, or (sh) unused
  std::uint64_t seed = 1;
  int frames = 0;  // simulated frames before the flock is taken
  Purpose purpose = Purpose::Check;
  std::string input;  // a named input (sh: an environment; check's once-run stages, the panel)
};

// The flock of a case, as plain data: the stages that read it need no simulation of their own.
struct Flock {
  std::vector<glm::vec4> positions, velocities;
  std::vector<std::array<std::uint32_t, 2>> pairs;  // the grid's (key, boid) pairs, unsorted
  std::uint32_t keyCount = 0;                        // every key is below it
  float coordinateBound = 1;                         // every |coordinate| is at most this
  float worldSize = 1;
  std::string dumpName;  // the file --dump wrote its positions to, or empty
};

// What every stage of one run is made from.
struct Context {
  const gl::ShaderLibrary& shaders;
  const gl::Caps& caps;
  const sim::SimSettings& settings;                 // what a case's flock is simulated with
  std::function<const Flock&(const Case&)> flock;   // made once a case, for every stage that reads it
  double bytesPerSecond = 0;                        // the streaming rate floors are held to (bench)
};

// How a harness times a variant: `work(run)` timed, `before` (where given) untimed ahead of each run.
class Timer {
 public:
  virtual ~Timer() = default;
  // Writes the row's time fields; returns the median in milliseconds.
  virtual double time(Row& row, const std::function<void(int run)>& work, const std::function<void()>& before = {}) = 0;
};

// check's timing: `repeats` runs (once where the work needs its input put back); "gpu_ms" the median.
class RepeatTimer : public Timer {
 public:
  explicit RepeatTimer(int repeats) : repeats_(repeats) {}
  double time(Row& row, const std::function<void(int)>& work, const std::function<void()>& before) override;

 private:
  int repeats_;
};

// bench's timing: warm-ups, then as many runs as fit in a time budget, between a floor and a cap;
// median, min and p90 in microseconds, and "runs", "runs_asked", "runs_cut" (and "runs_cut_by").
class BudgetTimer : public Timer {
 public:
  // `scrub`, where given, runs untimed before every run (e.g. to start each from a cold L2).
  BudgetTimer(int asked, int most, std::function<void()> scrub = {}) : asked_(asked), most_(most), scrub_(std::move(scrub)) {}
  double time(Row& row, const std::function<void(int)>& work, const std::function<void()>& before) override;
  static constexpr double kSecondsPerCase = 3.0;
  static constexpr int kWarmups = 3, kFewestRuns = 5;

 private:
  int asked_, most_;
  std::function<void()> scrub_;
};

class Stage {
 public:
  virtual ~Stage() = default;
  // The variants, in the registry's order, and why this context cannot run each ("" when it can).
  virtual std::vector<std::pair<std::string, std::string>> variants() const = 0;
  // Makes the case's input and its CPU reference.
  virtual void prepare(const Case& c) = 0;
  // Rows measured before the variants (a baseline such as a streaming copy): bench and the panel.
  virtual std::vector<Row> baselines(Timer&) { return {}; }
  // One variant on the prepared case: a row per input (pattern, kept fraction, camera, ...).
  virtual std::vector<Row> run(std::size_t variant, Timer& timer) = 0;
};

// Which cases a stage is run on.
enum class Sweep {
  Sizes,  // once a size and seed
  Flock,  // on the flock of each size and seed, at frame 0 and after the simulated frames
  Once,   // once an input of the stage's (StageInfo::inputs), whatever the sizes
};

struct StageInfo {
  const char* name;
  const char* what;  // for --help
  Sweep sweep;
  std::function<std::unique_ptr<Stage>(const Context&)> create;
  std::function<bool(const Case&, const gl::Caps&)> takes = nullptr;  // null: every case
  // Sweep::Once's cases, given the settings' environment.
  std::function<std::vector<std::string>(const std::string& environment)> inputs = nullptr;
  // Its watch view: the variant stepped on a small input (engine/lab/watch.hpp), and the variants
  // it covers; null: none yet.
  std::function<Watch(const WatchRequest&, const Context&)> watch = nullptr;
  std::function<std::vector<std::string>()> watchVariants = nullptr;
};

// Every variant of a primitive's registry, made where this context can run it (else null).
template <class Entry, class... Generic>
auto makeAll(std::span<const Entry> registry, const Context& context, const Generic&... generic) {
  std::vector<decltype(registry[0].create(context.shaders, context.caps, generic...))> made;
  for (const Entry& v : registry) {
    made.push_back(v.unavailableOn(context.caps).empty() ? v.create(context.shaders, context.caps, generic...) : nullptr);
  }
  return made;
}
// A registry's names, each with why this context cannot run it ("" when it can).
template <class Entry>
std::vector<std::pair<std::string, std::string>> listAll(std::span<const Entry> registry, const gl::Caps& caps) {
  std::vector<std::pair<std::string, std::string>> list;
  for (const Entry& v : registry) list.emplace_back(v.name, v.unavailableOn(caps));
  return list;
}

// A row's identity: "stage", "variant", and (check) "strategy" as "stage/variant".
Row identity(const Case& c, const std::string& stage, const std::string& variant);
// A row for a variant that cannot run here.
Row unavailable(Row row, const std::string& why);
// A judged row: "available", "pass" and "detail".
Row judged(Row row, bool pass, const std::string& detail);

}  // namespace boids::lab

#pragma once
// What the sub-benches of `boids bench` share (app/bench.cpp, app/bench_sparse.cpp): the streaming
// rate every floor is taken at, measured in the same run; the note of the cases a budget or a cap
// gave fewer runs than --repeats asked for; and the progress line.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/options.hpp"
#include "app/progress.hpp"
#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/primitives/baseline.hpp"

namespace boids::app {

// GPU runs that read memory, not the last run's lines in L2 (60 MB on an H200): each timed run
// comes after a copy of 256 MiB between two scrub buffers, outside its timestamps. A streaming
// copy timed so (shaders/primitives/stream_copy.comp) is the rate this GPU streams at through GL
// compute: the speed of light the floors are held to.
class ColdRuns {
 public:
  ColdRuns(const gl::ShaderLibrary& shaders, const gl::Caps& caps);

  // A copy between the scrub buffers: what the L2 held is gone.
  void scrub();
  // Median milliseconds of `runs` runs of `work`, after two warm-ups, each run after the scrub.
  double medianMs(const std::function<void()>& work, int runs);

  struct Copy {
    std::size_t bytes = 0;      // copied (as many read, as many written)
    int runs = 0;
    double medianMs = 0;
    double bytesPerSecond = 0;  // read plus written
  };
  // A streaming copy of `bytes` (a multiple of 4, at most one storage block), timed as above.
  Copy copy(std::size_t bytes, int runs);
  // The largest copy the rate is measured with: 256 MiB (4x an H200's L2), or one storage block
  // where the driver's is smaller.
  std::size_t largestCopy() const;

 private:
  const gl::Caps& caps_;
  primitives::StreamCopy copy_;
  gl::Buffer scrubA_, scrubB_;
};

// The cases of one table that got fewer timed runs than --repeats asked for, and what cut them (a
// time budget, a cap): the table marks their runs with '*', a footnote under it names them, and
// their JSON rows say "runs_cut": true and "runs_cut_by" what.
class RunsCut {
 public:
  explicit RunsCut(int asked) : asked_(asked) {}

  // Notes a timed case whose timer wrote "runs", "runs_asked", "runs_cut" (and "runs_cut_by") into
  // `row` (lab::BudgetTimer). Returns the mark that follows its runs in the table: '*' when cut,
  // else ' '.
  char note(const nlohmann::json& row, const std::string& name);
  // The footnote, a line per cause naming its cases (nothing when none was cut); then starts over.
  void footnote();

 private:
  int asked_;
  int cases_ = 0;
  std::vector<std::pair<std::string, std::vector<std::string>>> cut_;  // why -> "name (runs)", in order
};

// bench --sparse's cases, for the progress line: per size, each world and kind of keys.
int sparseCases(const Options& options, const gl::Caps& caps);
// bench --sparse: the grid's passes and the step with dense and hashed keys, as the world grows
// around the CIS 565 flock (app/bench_sparse.cpp).
nlohmann::json sparseBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, Progress& progress);

}  // namespace boids::app

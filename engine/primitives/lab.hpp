#pragma once
// The primitives lab: every scan and compaction variant the context can run, timed on seeded
// inputs beside a streaming copy of the same uints (their speed of light) and judged against its
// CPU reference (engine/verify/primitives.hpp). `boids bench --scan --compact` prints its rows; the
// panel's lab section shows them. A measurement waits for the GPU (timer queries read back at
// once): it runs when asked, never inside the frame's own passes.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/primitives/baseline.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/scan/scan.hpp"

namespace boids::primitives {

struct LabRow {
  std::string primitive;  // "scan", "compact"
  std::string variant;    // or "baseline/stream-copy"
  std::uint32_t n = 0;
  std::uint32_t oneIn = 0;  // compaction: kept 1 in oneIn (0 none, 1 all); scan: 0
  int runs = 0;
  double medianMs = 0, minMs = 0, p90Ms = 0;
  double ofCopy = 0;  // the copy's median over this median (1 for the copy)
  bool baseline = false;
  bool pass = true;         // the output's judgement (the copy is not judged)
  std::string unavailable;  // why this variant did not run at this size; empty when it ran
  std::string detail;       // the judge's words
};

// The runs every lab row gets at least, and all that single-thread compaction gets.
inline constexpr int kFewestRuns = 5;

// "1/1000", "1/2", "all", "none": a compaction's kept fraction as the tables write it.
std::string keptFractionText(std::uint32_t oneIn);

class Lab {
 public:
  using Each = std::function<void(const LabRow&)>;

  Lab(const gl::ShaderLibrary& library, const gl::Caps& caps);

  // The copy, then every scan variant on `n` seeded small uints, `runs` timed runs each after
  // three untimed ones; `each` sees every row as soon as it is measured, `starting` sees it (its
  // primitive, variant, n and kept fraction) before (a progress line names what runs).
  std::vector<LabRow> scans(std::uint32_t n, int runs, const Each& each = {}, const Each& starting = {});
  // The copy, then every compaction variant keeping 1 in each of `oneIn` of `n` seeded flags.
  // single-thread walks everything in one invocation: it gets the fewest runs (kFewestRuns).
  std::vector<LabRow> compactions(std::uint32_t n, std::span<const std::uint32_t> oneIn, int runs, const Each& each = {},
                                  const Each& starting = {});
  // Why variants could not be made on this context (name: reason), once.
  const std::vector<std::string>& unavailable() const { return unavailable_; }

 private:
  LabRow copyRow(const char* primitive, const gl::Buffer& in, const gl::Buffer& out, std::uint32_t n, int runs, const Each& each,
                 const Each& starting);

  StreamCopy copy_;
  std::vector<std::pair<const ScanVariant*, std::unique_ptr<Scan>>> scans_;
  std::vector<std::pair<const CompactVariant*, std::unique_ptr<Compact>>> compactions_;
  std::vector<std::string> unavailable_;
};

}  // namespace boids::primitives

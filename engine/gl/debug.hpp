#pragma once
// GL debug output (KHR_debug, core in 4.3). Synchronous, so a message's stack is the call's.
// Errors are printed with their source and counted; tests fail when the count moves.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace boids::gl {

struct DebugStats {
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::string lastError;
  std::set<std::string, std::less<>> groups;  // names of the debug groups the driver reported pushed (bounded: names, not events)
};

// A named debug group around a pass (glPushDebugGroup / glPopDebugGroup): RenderDoc, Nsight and
// debug output show the frame as its passes.
class DebugGroup {
 public:
  explicit DebugGroup(std::string_view name);
  ~DebugGroup();
  DebugGroup(const DebugGroup&) = delete;
  DebugGroup& operator=(const DebugGroup&) = delete;
};

// Installs the callback. `verbose` also prints performance/portability messages.
void enableDebugOutput(bool verbose = false);
const DebugStats& debugStats();
void resetDebugStats();

}  // namespace boids::gl

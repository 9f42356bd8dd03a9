#pragma once
// GL debug output (KHR_debug, core in 4.3). Synchronous, so a message's stack is the call's.
// Errors are printed with their source and counted; tests fail when the count moves.
#include <cstdint>
#include <string>

namespace boids::gl {

struct DebugStats {
  std::uint64_t errors = 0;
  std::uint64_t warnings = 0;
  std::string lastError;
};

// Installs the callback. `verbose` also prints performance/portability messages.
void enableDebugOutput(bool verbose = false);
const DebugStats& debugStats();
void resetDebugStats();

}  // namespace boids::gl

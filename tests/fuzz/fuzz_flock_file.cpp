// libFuzzer target: the .npy reader behind --load-flock (app/flock_file.hpp). Any bytes must give
// either a flock or a FlockFileError, never a crash or a hang; a flock that is read must be written
// back and read again unchanged.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "app/flock_file.hpp"

using namespace boids;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  sim::FlockState flock;
  try {
    flock = app::parseFlockNpy(bytes, "fuzz.npy");
  } catch (const app::FlockFileError&) {
    return 0;
  }
  const sim::FlockState again = app::parseFlockNpy(app::flockNpy(flock, 0.0f), "again.npy");
  for (std::size_t i = 0; i < flock.positions.size(); ++i) {
    if (glm::vec3(again.positions[i]) != glm::vec3(flock.positions[i]) ||
        glm::vec3(again.velocities[i]) != glm::vec3(flock.velocities[i])) {
      std::fprintf(stderr, "fuzz_flock_file: boid %zu changed in a write and a read\n", i);
      std::abort();
    }
  }
  return 0;
}

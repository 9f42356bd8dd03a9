#pragma once
// The cull's CPU reference: shaders/cull/cull.glsl's test in double precision from the very float
// positions and parameters the GPU used, with every boid that lies within the GPU's float rounding
// of a decision (a frustum plane, the eye's plane, a level's threshold) marked ambiguous: the GPU
// may put it on either side, so it is counted, not compared.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "engine/gpu_types.hpp"
#include "engine/verify/primitives.hpp"

namespace boids::verify {

struct CullReference {
  std::vector<std::uint8_t> level;      // CULL_NEAR, CULL_MIDDLE, CULL_FAR or CULL_HIDDEN
  std::vector<std::uint8_t> ambiguous;  // 1 where the float test may decide otherwise
  std::array<std::uint32_t, 4> counts{};  // per level, CULL_HIDDEN last
  std::uint32_t ambiguousCount = 0;
};

CullReference referenceCull(std::span<const glm::vec4> positions, const gpu::CullParams& params);

// The cameras the tests and `boids check` cull a flock in a world of side `side` from (1280x720,
// a boid's sphere of radius 1): inside the flock looking along +x, outside framing all of it,
// outside looking away, and far off with a narrow view (every boid visible and far). The levels
// are set by distance: near up to a sixth of the side, far past a third.
struct CullCamera {
  const char* name;
  gpu::CullParams params;
};
std::vector<CullCamera> cullCameras(float side);

// The GPU's lists (each level's boid indices, of the lengths its draw commands say) against the
// reference: every index below the count and in one list at most, and every boid that is not
// ambiguous in the list of its own level (or in none when hidden).
Judgement judgeCull(const CullReference& reference, const std::array<std::vector<std::uint32_t>, 3>& lists);

}  // namespace boids::verify

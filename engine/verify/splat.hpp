#pragma once
// The compute rasteriser's CPU reference: shaders/render/splat.comp's footprints in double
// precision from the very float inputs the GPU used, and a judge of what the GPU left against it.
// Where float rounding may decide otherwise (a sample within rounding of a triangle's edge, a
// square's share within rounding of a step of 1/SPLAT_COVER_ONE, a footprint within rounding of
// the far threshold, two boids within rounding of one depth), the reference keeps the range the
// GPU may give, not one value.
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace boids::verify {

// What the splat pass reads besides the boids.
struct SplatView {
  glm::mat4 viewProj{1.0f};
  glm::ivec2 size{0};
  glm::vec4 lod{0.0f};  // the cull's: dart sphere radius, pixels per unit at w = 1, near and far px
  float boidScale = 1.0f;
  float pixelScale = 1.0f;
  float minPointPixels = 0.0f;
};

// A scene for the splat pass's checks: `n` boids in front of a camera at the origin looking down
// -z, at distances 8 to 80, a few past the edges of the view, with random headings; boids 2.5
// long, minimum squares of 1.5 px and thresholds (4, 1.2 px) that make the near ones triangles of a
// few to ~20 px and the far ones squares. Deterministic in (n, seed, size). Targets up to ~200 px
// (the reference's rounding allowances assume no larger).
struct SplatScene {
  std::vector<glm::vec4> positions, velocities;
  SplatView view;
  glm::vec3 eye{0.0f};
};
SplatScene splatScene(std::uint32_t n, std::uint64_t seed, glm::ivec2 size);

struct SplatJudgement {
  std::size_t pixels = 0;         // compared
  std::size_t covered = 0;        // with a boid on them by the reference (certainly)
  std::size_t uncertain = 0;      // pixels whose coverage range is wider than a single value
  std::int64_t open = 0;          // the coverage ranges' widths summed (1/SPLAT_COVER_ONE of a pixel)
  std::int64_t summed = 0;        // their low ends summed
  std::size_t failures = 0;
  std::string firstFailure;       // empty when none
  bool pass() const { return failures == 0; }
};

// How the pass sums a pixel's coverage (RenderParams.farField): up to one pixel (the nearest bird
// covers it; the resolve clamps the sum there), or every bird's share (optical depth).
enum class CoverageSum { Clamped, Summed };

// The reference at one pixel: the coverage's range (1/SPLAT_COVER_ONE of a pixel, or
// 1/SPLAT_DEPTH_ONE summed), the nearest window depth a boid certainly covers it at (infinite:
// none), and the boids that may be the GPU's nearest (within kSplatDepthEps of that depth; since it
// only falls as boids arrive, one left out is never needed later).
inline constexpr double kSplatDepthEps = 2e-6;  // window depth in [0, 1]: a few float steps near 1
struct SplatCandidate {
  double depth;
  std::uint32_t id;
  bool certain;
};
struct SplatPixel {
  std::int64_t low = 0, high = 0;
  double nearest = std::numeric_limits<double>::infinity();
  std::vector<SplatCandidate> candidates;
};
// Every pixel of the view (rows from the bottom) for the boids `drawn`.
std::vector<SplatPixel> splatReference(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                                       std::span<const std::uint32_t> drawn, const SplatView& view,
                                       CoverageSum sum = CoverageSum::Clamped);

// The GPU's buffers (Splats::readVisibility with the boid's index as payload, readCoverage) for
// the boids `drawn` (indices into positions and velocities) against the reference: at every pixel
// the coverage (clamped at one pixel, or summed whole) within the reference's range, and the
// nearest boid one the reference allows (the nearest certain cover, or a boid within rounding of
// its depth), at its depth within rounding; pixels nothing covers left clear. Summed (in
// 1/SPLAT_DEPTH_ONE, a far bird's square weighted by its own area over the square's), the range is
// the sum of each bird's share's range: a share is rounded once, and integer sums are exact, so
// the only open question is each share's own rounding.
SplatJudgement judgeSplats(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                           std::span<const std::uint32_t> drawn, const SplatView& view,
                           std::span<const glm::uvec2> visibility, std::span<const std::uint32_t> coverage,
                           CoverageSum sum = CoverageSum::Clamped);

}  // namespace boids::verify

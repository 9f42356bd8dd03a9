#include "engine/verify/cull.hpp"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "engine/verify/error_model.hpp"
#include "shaders/cull/cull_slots.h"

namespace boids::verify {
namespace {

constexpr double u = kFloatUnitRoundoff;

// Row r of the float matrix (glm is column-major: m[column][row]), exactly, in double.
glm::dvec4 row(const glm::mat4& m, int r) { return {m[0][r], m[1][r], m[2][r], m[3][r]}; }

}  // namespace

CullReference referenceCull(std::span<const glm::vec4> positions, const gpu::CullParams& params) {
  CullReference ref;
  ref.level.resize(positions.size());
  ref.ambiguous.resize(positions.size());
  const glm::dvec4 r0 = row(params.viewProj, 0), r1 = row(params.viewProj, 1), r2 = row(params.viewProj, 2),
                   r3 = row(params.viewProj, 3);
  const glm::dvec4 planes[6] = {r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2};
  const double radius = params.lod.x, scale = params.lod.y, nearPx = params.lod.z, farPx = params.lod.w;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const glm::dvec3 p(positions[i]);
    bool inside = true, ambiguous = false;
    for (const glm::dvec4& n : planes) {
      const glm::dvec3 normal(n);
      const double length = glm::length(normal);
      const double margin = glm::dot(normal, p) + n.w + radius * length;
      // The GPU's error in `margin`: each plane coefficient is one float addition (u relative),
      // the dot product of three terms and the constant γ4 of the sum of their magnitudes, the
      // radius times a length (a dot product and a square root, GLSL allows a few ULPs): at most
      // 8u of |n||p| + |n.w| + r|n|, doubled for the second-order terms the bound drops.
      const double band = 16 * u * (std::abs(normal.x * p.x) + std::abs(normal.y * p.y) + std::abs(normal.z * p.z) +
                                    std::abs(n.w) + radius * length);
      if (std::abs(margin) <= band) ambiguous = true;
      if (margin < 0) inside = false;
    }
    std::uint8_t level = CULL_HIDDEN;
    if (inside) {
      const double w = glm::dot(glm::dvec3(r3), p) + r3.w;
      const double wError = 8 * u * (std::abs(r3.x * p.x) + std::abs(r3.y * p.y) + std::abs(r3.z * p.z) + std::abs(r3.w));
      if (std::abs(w - radius) <= wError + 2 * u * radius) ambiguous = true;
      if (w <= radius) {
        level = CULL_NEAR;
      } else {
        const double pixels = radius * scale / w;
        // Relative: w's error over w, the product and the division (GLSL: 2.5 ULP), doubled.
        const double relative = 2 * (wError / w + 2 * u + kDivisionError);
        for (double threshold : {nearPx, farPx}) {
          if (std::abs(pixels - threshold) <= relative * pixels) ambiguous = true;
        }
        level = pixels >= nearPx ? CULL_NEAR : pixels >= farPx ? CULL_MIDDLE : CULL_FAR;
      }
    }
    ref.level[i] = level;
    ref.ambiguous[i] = ambiguous ? 1 : 0;
    ++ref.counts[level];
    ref.ambiguousCount += ambiguous ? 1u : 0u;
  }
  return ref;
}

std::vector<CullCamera> cullCameras(float side) {
  constexpr float kAspect = 16.0f / 9.0f, kHeight = 720.0f, kRadius = 1.0f;
  auto camera = [&](const char* name, const glm::mat4& view, float fovY) {
    const glm::mat4 projection = glm::perspective(fovY, kAspect, 0.1f, 1.0e6f);
    const float pixelsAtOne = kRadius * projection[1][1] * kHeight * 0.5f;  // projected radius at w = 1
    const glm::vec4 lod(kRadius, pixelsAtOne, pixelsAtOne / (side / 6.0f), pixelsAtOne / (side / 3.0f));
    return CullCamera{name, {projection * view, lod}};
  };
  // Framing: as render::OrbitCamera::framing places it (the inscribed sphere with room, fovY 0.85).
  const float fovY = 0.85f, distance = side * 0.5f * 1.3f / std::sin(0.5f * fovY);
  const glm::vec3 framingEye = distance * glm::normalize(glm::vec3(1.0f, 0.6f, 0.8f));
  const glm::vec3 outside(0.0f, 0.0f, 1.5f * side);
  const glm::vec3 up(0, 1, 0);
  return {camera("inside", glm::lookAt(glm::vec3(0.0f), glm::vec3(1, 0, 0), up), 1.0f),
          camera("framing", glm::lookAt(framingEye, glm::vec3(0.0f), up), fovY),
          camera("away", glm::lookAt(outside, outside + glm::vec3(0, 0, 1), up), 1.0f),
          camera("distant", glm::lookAt(glm::vec3(0.0f, 0.0f, 40.0f * side), glm::vec3(0.0f), up), 0.5f)};
}

Judgement judgeCull(const CullReference& reference, const std::array<std::vector<std::uint32_t>, 3>& lists) {
  const std::size_t n = reference.level.size();
  std::vector<std::uint8_t> gpu(n, CULL_HIDDEN);
  for (std::uint32_t level = 0; level < 3; ++level) {
    for (std::uint32_t i : lists[level]) {
      if (i >= n) return {false, "index " + std::to_string(i) + " in the " + std::to_string(level) + " list, past the " + std::to_string(n) + " boids"};
      if (gpu[i] != CULL_HIDDEN) return {false, "boid " + std::to_string(i) + " in two lists"};
      gpu[i] = static_cast<std::uint8_t>(level);
    }
  }
  std::size_t wrong = 0, first = n;
  for (std::size_t i = 0; i < n; ++i) {
    if (!reference.ambiguous[i] && gpu[i] != reference.level[i]) {
      if (first == n) first = i;
      ++wrong;
    }
  }
  if (wrong > 0) {
    return {false, std::to_string(wrong) + " boids on the wrong side; first: boid " + std::to_string(first) + " at level " +
                       std::to_string(gpu[first]) + " instead of " + std::to_string(reference.level[first])};
  }
  return {true, std::to_string(n) + " boids: " + std::to_string(reference.counts[0]) + " near, " +
                    std::to_string(reference.counts[1]) + " middle, " + std::to_string(reference.counts[2]) + " far, " +
                    std::to_string(reference.counts[3]) + " hidden, " + std::to_string(reference.ambiguousCount) +
                    " within rounding of a decision"};
}

}  // namespace boids::verify

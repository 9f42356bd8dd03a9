#pragma once
// The compute rasteriser as a stage of the lab (engine/lab/stage.hpp): verify::splatScene's n
// boids (seeded) on a 200x120 target, splatted with their index as payload by each variant
// (kSplatVariants: one 64-bit atomic a pixel, where the driver has it, or two 32-bit passes; the
// coverage up to a pixel, or summed as optical depth), every pixel judged against the
// double-precision reference.
#include <string>

#include "engine/gl/buffer.hpp"
#include "engine/lab/stage.hpp"
#include "engine/render/render_settings.hpp"
#include "engine/verify/splat.hpp"

namespace boids::render {

extern const lab::StageInfo kSplatStage;

// A splat scene on the GPU as the splat pass reads it (the stage's and its watch's): the boids,
// the camera and the render parameters; bind() binds them where the pass looks. The far field is
// the nearest bird's until farField() says otherwise.
struct SplatSceneBuffers {
  SplatSceneBuffers() = default;
  SplatSceneBuffers(const verify::SplatScene& scene, const std::string& label);
  void bind() const;
  void farField(FarField far);  // how the pass sums a pixel's coverage (at opacity 1)
  gl::Buffer positions, velocities, camera, params;
};

}  // namespace boids::render

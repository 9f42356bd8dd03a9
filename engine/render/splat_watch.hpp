#pragma once
// The compute rasteriser's watch (engine/lab/watch.hpp): a few boids on a 24 x 14 target, the
// input's elements their depths (8 + element, in front of the camera; their places on the screen
// seeded), splatted with their index as payload by one variant (splatVariants()). Each pass's
// buffers beside the double-precision reference: per pixel the nearest boid, its depth and the
// coverage (or the optical depth), where rounding may decide within a range (a coverage, boids
// within rounding of one depth) the range accepted.
#include <span>

#include "engine/lab/stage.hpp"
#include "engine/render/render_settings.hpp"

namespace boids::render {

// The splat's variants: the path (one 64-bit atomicMin a pixel, or the depths and then the colours
// in two 32-bit passes) and how a pixel's coverage is summed (the far field: up to the whole pixel,
// or every bird's share as optical depth, the murmuration's).
struct SplatVariant {
  const char* name;
  bool narrow;  // the two 32-bit passes
  FarField far;
};
inline constexpr SplatVariant kSplatVariants[] = {
    {"one-64-bit-atomic", false, FarField::Nearest},
    {"two-32-bit-passes", true, FarField::Nearest},
    {"optical-depth-one-64-bit-atomic", false, FarField::OpticalDepth},
    {"optical-depth-two-32-bit-passes", true, FarField::OpticalDepth},
};
inline std::span<const SplatVariant> splatVariants() { return kSplatVariants; }  // as the registries are read

lab::Watch watchSplat(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::render

#pragma once
// The compute rasteriser's watch (engine/lab/watch.hpp): a few boids on a 24 x 14 target, the
// input's elements their depths (8 + element, in front of the camera; their places on the screen
// seeded), splatted with their index as payload by one path: one 64-bit atomicMin a pixel, or the
// depths and then the colours in two 32-bit passes. Each pass's buffers beside the double-precision
// reference: per pixel the nearest boid, its depth and the coverage, where rounding may decide
// within a range (a coverage, boids within rounding of one depth) the range accepted.
#include <string>
#include <vector>

#include "engine/lab/stage.hpp"

namespace boids::render {

lab::Watch watchSplat(const lab::WatchRequest& request, const lab::Context& context);
std::vector<std::string> splatPaths();  // the variants: "one-64-bit-atomic", "two-32-bit-passes"

}  // namespace boids::render

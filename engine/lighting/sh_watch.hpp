#pragma once
// The spherical-harmonics projection's watch (engine/lab/watch.hpp): a small grey equirectangular
// map, the input's elements its texels' radiance row by row, projected by one of kShVariants made
// to watch (groups of 8), each pass beside a CPU model of the same passes in double: every group's
// tree, the partials, the nine coefficients and the solid angle.
#include "engine/lab/stage.hpp"

namespace boids::lighting {

lab::Watch watchSh(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::lighting

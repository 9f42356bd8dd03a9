#pragma once
// The environment's projection onto spherical harmonics as a stage of the lab
// (engine/lab/stage.hpp): every variant in both layouts, for each environment (the shipped and
// built-in ones, and the one the settings name), against the CPU double projection of the same
// texels (and the serial float one beside it, as DirectXTK does it); the analytic environments
// against their exact coefficients.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/lab/stage.hpp"

namespace boids::lighting {

// The environments the stage projects: the shipped and built-in ones, and `extra` (a name or a
// .hdr file) when it is none of them.
std::vector<std::string> checkedEnvironments(const std::string& extra);

// The bench's map heights (twice as wide): bench --sh runs the stage at each.
std::vector<std::uint32_t> shBenchHeights();

extern const lab::StageInfo kShStage;

}  // namespace boids::lighting

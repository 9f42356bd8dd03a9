#pragma once
// The structs that GLSL and C++ share, compiled as C++ from the very files the shaders include.
#include <cstddef>
#include <cstdint>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>
#include <glm/ext/vector_uint4.hpp>

#include "shaders/common/bindings.h"

namespace boids::gpu {
using vec4 = glm::vec4;
using mat4 = glm::mat4;
using uint = std::uint32_t;
using uvec4 = glm::uvec4;
#include "shaders/common/camera.h"
#include "shaders/common/flock_stats.h"
#include "shaders/common/render_params.h"
#include "shaders/common/sim_params.h"
#include "shaders/cull/cull_params.h"
#include "shaders/lighting/sh_params.h"

// std140 and std430 agree with C++ only if every struct is made of 16-byte rows.
static_assert(sizeof(SimParams) % 16 == 0 && offsetof(SimParams, boidCount) == 80 && offsetof(SimParams, attractor) == 96);
static_assert(sizeof(RenderParams) == 112 && offsetof(RenderParams, boidScale) == 48 && offsetof(RenderParams, farField) == 96);
static_assert(sizeof(CameraState) == 96);
static_assert(sizeof(FlockStats) == 48);
static_assert(sizeof(CullParams) == 80);
static_assert(sizeof(ShParams) == 32 && sizeof(ShCoefficients) == 144);
}  // namespace boids::gpu

#pragma once
// Internal to engine/centroid: the strategies of its own, which the registry lists beside the
// reduce primitive's variants, and what they share.
#include <memory>

#include "engine/centroid/reducer.hpp"

namespace boids::centroid {

std::unique_ptr<Reducer> makeAdditiveBlend(const gl::ShaderLibrary& lib);
std::unique_ptr<Reducer> makeMipmap(const gl::ShaderLibrary& lib, const gl::Caps& caps);
// int64Atomics: add 64-bit sums with GL_NV_shader_atomic_int64, else as two 32-bit words.
std::unique_ptr<Reducer> makeAtomic(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool int64Atomics);
// A variant of the reduce primitive with the centroid payload.
std::unique_ptr<Reducer> makeFromPrimitive(const primitives::ReduceVariant& variant, const gl::ShaderLibrary& lib,
                                            const gl::Caps& caps);

bool hasInt64Atomics(const gl::Caps& caps);
// atomic's fixed-point units per world unit: a power of two such that count * bound * scale <
// 2^62, so that no sum, partial or total, overflows int64.
float atomicScale(std::uint32_t count, float bound);
// FlockStats -> the step and the camera (storage reads) and readback copies (buffer updates).
void statsBarrier();

}  // namespace boids::centroid

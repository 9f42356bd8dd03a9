#pragma once
// Internal to engine/reduce: the factories the registry calls, and helpers the strategies share.
#include <cstdint>
#include <memory>

#include "engine/gl/caps.hpp"
#include "engine/reduce/strategy.hpp"

namespace boids::reduce {

std::unique_ptr<Strategy> makeAdditiveBlend(const gl::ShaderLibrary& lib);
std::unique_ptr<Strategy> makeMipmap(const gl::ShaderLibrary& lib);
std::unique_ptr<Strategy> makeOneGroup(const gl::ShaderLibrary& lib, const gl::Caps& caps, std::uint32_t group);
std::unique_ptr<Strategy> makeTwoPass64(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool column);
std::unique_ptr<Strategy> makeRecursiveMultipass(const gl::ShaderLibrary& lib);
std::unique_ptr<Strategy> makeTree(const gl::ShaderLibrary& lib);
std::unique_ptr<Strategy> makeSubgroup(const gl::ShaderLibrary& lib);
// int64Atomics: add 64-bit sums with GL_NV_shader_atomic_int64, else as two 32-bit words.
std::unique_ptr<Strategy> makeAtomic(const gl::ShaderLibrary& lib, bool int64Atomics);
std::unique_ptr<Strategy> makeSinglePass(const gl::ShaderLibrary& lib);

bool hasInt64Atomics(const gl::Caps& caps);

std::uint32_t ceilLog2(std::uint64_t v);
// Empty when `iterations` loop iterations in one invocation fit the driver's limit, else why not.
std::string loopLimitProblem(std::uint64_t iterations, std::uint64_t limit);
void bindCounts(std::uint32_t inputCount, std::uint32_t boidCount);  // the program must be in use
void statsBarrier();
// Groups for a grid-stride pass: about `itemsPerInvocation` items each, within [1, maxGroups].
std::uint32_t gridGroups(std::uint32_t count, std::uint32_t groupSize, std::uint32_t itemsPerInvocation,
                         std::uint32_t maxGroups);

}  // namespace boids::reduce

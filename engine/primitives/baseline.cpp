#include "engine/primitives/baseline.hpp"

#include "engine/gl/dispatch.hpp"
#include "shaders/primitives/stream_copy_slots.h"

namespace boids::primitives {
namespace {
constexpr std::uint32_t kGroup = 256;
// Enough groups to keep the memory system busy, each invocation then striding over the rest: a
// grid of one quad per invocation would launch 16K groups at 16M uints.
constexpr std::uint64_t kMostGroups = 4096;
}  // namespace

StreamCopy::StreamCopy(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : caps_(caps), copy_(gl::Program::compute(library, "primitives/stream_copy.comp", {{"GROUP_SIZE", std::to_string(kGroup)}})) {}

void StreamCopy::run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count) {
  input.bindBase(GL_SHADER_STORAGE_BUFFER, COPY_SLOT_IN);
  output.bindBase(GL_SHADER_STORAGE_BUFFER, COPY_SLOT_OUT);
  copy_.use();
  glUniform1ui(COPY_LOC_COUNT, count);
  glDispatchCompute(gl::groupsFor(count, kGroup, caps_, 4, kMostGroups), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

}  // namespace boids::primitives

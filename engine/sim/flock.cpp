#include "engine/sim/flock.hpp"

#include <stdexcept>

#include "shaders/common/bindings.h"
#include "shaders/primitives/knn/knn_slots.h"

namespace boids::sim {

Flock::Flock(const FlockState& initial) : count_(static_cast<std::uint32_t>(initial.positions.size())) {
  const std::size_t bytes = std::size_t(count_) * sizeof(glm::vec4);
  for (int k = 0; k < 2; ++k) {
    pos_[k] = gl::Buffer(k == 0 ? "flock.positions[0]" : "flock.positions[1]", bytes);
    vel_[k] = gl::Buffer(k == 0 ? "flock.velocities[0]" : "flock.velocities[1]", bytes);
  }
  upload(initial);
}

void Flock::upload(const FlockState& state) {
  if (state.positions.size() != count_ || state.velocities.size() != count_) {
    throw std::invalid_argument("Flock::upload: expected " + std::to_string(count_) + " boids");
  }
  current_ = 0;
  pos_[0].upload(std::span<const glm::vec4>(state.positions));
  vel_[0].upload(std::span<const glm::vec4>(state.velocities));
  forgetNeighbours();
}

void Flock::keepNeighbours(std::uint32_t k) {
  if (k == kept_) return;
  kept_ = k;
  for (int b = 0; b < 2; ++b) {
    keptLists_[b] = k == 0 ? gl::Buffer() : gl::Buffer(b == 0 ? "flock.kept[0]" : "flock.kept[1]", keptBytes());
  }
  forgetNeighbours();
}

void Flock::forgetNeighbours() {
  for (gl::Buffer& lists : keptLists_) {
    if (kept_ > 0) lists.fill(keptBytes(), KNN_NONE);
  }
}

void Flock::bindForStep() const {
  pos_[current_].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  vel_[current_].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  pos_[current_ ^ 1].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_OUT);
  vel_[current_ ^ 1].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_OUT);
  if (kept_ > 0) {
    keptLists_[current_].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_KEPT_IN);
    keptLists_[current_ ^ 1].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_KEPT_OUT);
  }
}

void Flock::setPosition(std::uint32_t index, const glm::vec4& position) {
  pos_[current_].upload(std::size_t(index) * sizeof(glm::vec4), sizeof(glm::vec4), &position);
}

FlockState Flock::read() const {
  return {positions().read<glm::vec4>(count_), velocities().read<glm::vec4>(count_)};
}

std::vector<std::uint32_t> Flock::readKept() const {
  return kept_ > 0 ? keptLists_[current_].read<std::uint32_t>(std::size_t(count_) * kept_) : std::vector<std::uint32_t>{};
}

std::string checkStepFits(std::uint64_t count, const gl::Caps& caps, Neighbours neighbours) {
  // The grid step loops over a boid's neighbours only; brute force over every boid.
  if (neighbours != Neighbours::BruteForce) return {};
  // The brute-force step loops over every boid in one invocation: count / 128 tiles of 128.
  const std::uint64_t stepIterations = count + count / 128 + 1;
  if (caps.loopIterationLimit > 0 && stepIterations > caps.loopIterationLimit) {
    return std::to_string(count) + " boids need " + std::to_string(stepIterations) +
           " loop iterations per invocation in the brute-force step, over this driver's limit of " +
           std::to_string(caps.loopIterationLimit) + " (Mesa llvmpipe stops loops there), so at most " +
           std::to_string(caps.loopIterationLimit * 128 / 129) + " boids";
  }
  return {};
}

std::string checkBuffersFit(std::uint64_t count, const gl::Caps& caps) {
  const std::uint64_t bytes = count * sizeof(glm::vec4);
  if (caps.maxShaderStorageBlockSize > 0 && bytes > static_cast<std::uint64_t>(caps.maxShaderStorageBlockSize)) {
    return std::to_string(count) + " boids need " + std::to_string(bytes) +
           " bytes per buffer, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" +
           std::to_string(caps.maxShaderStorageBlockSize) + " bytes, so at most " +
           std::to_string(caps.maxShaderStorageBlockSize / sizeof(glm::vec4)) + " boids)";
  }
  return {};
}

namespace {
// Per boid: position and velocity, double-buffered (64 B); the grid's (key, index) pairs padded
// to a power of two (up to 16 B) and its sorted copies (32 B); the CPU check's snapshot (16 B);
// a counting sort's second pair buffer (8 B); the grid's key starts, at most 16 keys per boid
// (64 B: sim::gridGeometry keeps dense keys under kDenseCellsPerBoid a boid, hashed ones under
// twice kBucketsPerBoid; at the CIS 565 density a quarter of a key), which leaves room for the
// topological step's tie bits (a bit a boid); the ranges' list of long runs of empty keys (16 B
// for every 64 keys: 4 B); with a reaction time, the 7 nearest kept, double-buffered, and the
// slots they are found by (60 B; 8 B more or less a neighbour for another k). Plus everything of
// fixed size (framebuffers, reduction partials).
constexpr std::uint64_t kBytesPerBoid = 64 + 16 + 32 + 16 + 8 + 64 + 4 + 60;
constexpr std::uint64_t kFixedMiB = 64;
}  // namespace

std::uint64_t estimateGpuBytes(std::uint64_t count) { return count * kBytesPerBoid + (kFixedMiB << 20); }

std::string checkMemoryFits(std::uint64_t count, const gl::Caps& caps) {
  const std::uint64_t need = estimateGpuBytes(count);
  if (caps.memoryAvailable > 0 && need > static_cast<std::uint64_t>(caps.memoryAvailable)) {
    auto mib = [](std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; };
    return std::to_string(count) + " boids need about " + mib(need) + " of GPU memory (" +
           std::to_string(kBytesPerBoid) + " bytes per boid + " + std::to_string(kFixedMiB) + " MiB), more than the " +
           mib(static_cast<std::uint64_t>(caps.memoryAvailable)) + " available (" + caps.memorySource + ")";
  }
  return {};
}

std::string checkCountFits(std::uint64_t count, const gl::Caps& caps, Neighbours neighbours) {
  if (std::string problem = checkBuffersFit(count, caps); !problem.empty()) return problem;
  if (std::string problem = checkMemoryFits(count, caps); !problem.empty()) return problem;
  return checkStepFits(count, caps, neighbours);
}

}  // namespace boids::sim

#pragma once
// The flock on the GPU: positions and velocities in shader storage buffers, double-buffered so
// that a step reads one pair and writes the other. Velocity w is the local density a step counted
// (FlockState says what each component holds). With them, with the topological rule's reaction
// time, the neighbours each boid keeps between its searches (sim/sim_step_grid.comp).
#include <cstdint>
#include <string>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/sim/initial_state.hpp"
#include "engine/sim/params.hpp"

namespace boids::sim {

class Flock {
 public:
  explicit Flock(const FlockState& initial);

  std::uint32_t count() const { return count_; }
  const gl::Buffer& positions() const { return pos_[current_]; }
  const gl::Buffer& velocities() const { return vel_[current_]; }

  // Binds the current state to SSBO_POS_IN / SSBO_VEL_IN (and the kept lists to SSBO_KEPT_IN) and
  // the others to the _OUT points.
  void bindForStep() const;
  void swap() { current_ ^= 1; }

  void upload(const FlockState& state);  // same count; no boid keeps neighbours
  // Lists of `k` neighbours a boid to keep between searches (0: none), each empty.
  void keepNeighbours(std::uint32_t k);
  std::uint32_t kept() const { return kept_; }  // the lists' length, 0 without them
  void forgetNeighbours();                        // every list empty: each boid searches at its next step
  void setPosition(std::uint32_t index, const glm::vec4& position);  // one boid's, in place
  FlockState read() const;               // blocking readback: tests, checks, screenshots of data
  // The kept lists, k indices a boid, by boid as read() (blocking): each neighbour's index there,
  // KNN_NONE past the last.
  std::vector<std::uint32_t> readKept() const;

 private:
  std::uint32_t count_;
  std::size_t keptBytes() const { return std::size_t(count_) * kept_ * sizeof(std::uint32_t); }
  gl::Buffer pos_[2], vel_[2], keptLists_[2];
  std::uint32_t kept_ = 0;
  int current_ = 0;
};

// Empty when `count` boids fit the context's limits, else the limit that was hit:
// their buffers (GL_MAX_SHADER_STORAGE_BLOCK_SIZE) and the brute-force step (a driver's loop limit).
std::string checkBuffersFit(std::uint64_t count, const gl::Caps& caps);
std::string checkStepFits(std::uint64_t count, const gl::Caps& caps, Neighbours neighbours);
// The GPU memory a flock of `count` needs with everything around it (double-buffered state, the
// grid's pairs and sorted copies, the CPU check's snapshot), for refusing a count up front.
std::uint64_t estimateGpuBytes(std::uint64_t count);
std::string checkMemoryFits(std::uint64_t count, const gl::Caps& caps);
// All of the above: empty when `count` boids can run on this context, else why not, naming the limit.
std::string checkCountFits(std::uint64_t count, const gl::Caps& caps, Neighbours neighbours);

}  // namespace boids::sim

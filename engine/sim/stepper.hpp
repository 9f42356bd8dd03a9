#pragma once
// The boids step: BruteForceStepper visits every pair (O(N^2), shared-memory tiles); GridStepper
// visits the boids of the cells around each boid (the grid must have been built this frame).
#include <cstdint>
#include <map>
#include <tuple>
#include <optional>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/grid/spatial_grid.hpp"
#include "engine/sim/flock.hpp"

namespace boids::sim {

class BruteForceStepper {
 public:
  static constexpr std::uint32_t kGroupSize = 128;

  BruteForceStepper(const gl::ShaderLibrary& library, const gl::Caps& caps);
  void reload(const gl::ShaderLibrary& library);

  // Reads the flock's current state, the SimParams block bound at UBO_SIM_PARAMS and `stats`
  // (centroid); writes the other state buffers and swaps the flock to them. Ends with the barrier
  // that makes the new state visible to shader storage and vertex-pulling reads.
  void step(Flock& flock, const gl::Buffer& stats);

 private:
  gl::Caps caps_;
  gl::Program program_;
};

class GridStepper {
 public:
  static constexpr std::uint32_t kGroupSize = 128;

  GridStepper(const gl::ShaderLibrary& library, const gl::Caps& caps);
  // As BruteForceStepper::step, with the neighbours from `grid` (coherent: from its sorted copies):
  // those within the radii (`nearest` 0) or the `nearest` nearest (1..NEAREST_MOST; the topological
  // rule, whose sampled k-th distances go to the buffer bound at SSBO_REACH; two dispatches, the
  // second for the boids whose k nearest a tie touched: sim/topological.glsl).
  void step(Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent,
            std::uint32_t nearest);
  // The grid's neighbour sets instead of a step: per boid (by its slot), the count and two hashes
  // of the boids within the largest radius, written to `out` (count uvec4). The flock is unchanged.
  void audit(const Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent,
             const gl::Buffer& out);

 private:
  struct Programs {
    gl::Program coherent, scattered, auditCoherent, auditScattered;
  };
  struct NearestPrograms {
    gl::Program coherent, scattered, tiedCoherent, tiedScattered;
  };
  static Programs build(const gl::ShaderLibrary& library, bool hashed);
  GLuint groupsFor(std::uint32_t count) const;
  // The step's programs for the grid's keys; the hashed ones compiled at their first use.
  const Programs& programsFor(const grid::SpatialGrid& grid);
  // The topological step's programs for the grid's keys, k (the list's length is a constant of
  // the program, so that it stays in registers) and whether boids keep their neighbours between
  // searches (a reaction time), compiled at their first use.
  const NearestPrograms& nearestFor(const grid::SpatialGrid& grid, std::uint32_t nearest, bool keep);

  gl::ShaderLibrary library_;
  gl::Caps caps_;
  Programs dense_;
  std::optional<Programs> hashed_;
  std::map<std::tuple<bool, std::uint32_t, bool>, NearestPrograms> nearest_;  // by (hashed, k, keep)
  // The reaction time's pass: each boid's sorted slot by its index in the step's input, into
  // slots_ (SSBO_SLOT_OF) for the neighbours the flock keeps (sim/slot_of.comp).
  void slotsOf(std::uint32_t count);

  gl::Buffer ties_;  // SSBO_TIES: a bit a boid, grown with the flock
  gl::Program slotOf_;  // compiled at its first use
  gl::Buffer slots_;
};

}  // namespace boids::sim

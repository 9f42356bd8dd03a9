#pragma once
// Topological neighbours: for every boid, the k boids nearest it (k from 1 to kMostNeighbours),
// nearest first, equal distances ordered by the lower boid index, distances in float. Real
// starlings follow their six or seven nearest whatever the density (Ballerini et al., PNAS 2008);
// this is the primitive that finds them.
//
// The searches read the boids in Morton order over the flock's bounding cube (MortonOrder): 30-bit
// codes, 10 bits an axis, so a cell of any level of the implicit octree (1 to 1024 cells a side)
// is one run of consecutive boids. A uniform grid of any of those levels is one too: its cells'
// starts are a table indexed by the cell's own Morton code.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/watch.hpp"
#include "engine/primitives/registry.hpp"
#include "shaders/primitives/knn/knn_slots.h"

namespace boids::primitives {

// The shaders' constants (knn_slots.h), named for C++.
inline constexpr std::uint32_t kMostNeighbours = KNN_MOST;
inline constexpr std::uint32_t kNoNeighbour = KNN_NONE;      // a place left empty: fewer than k other boids
inline constexpr std::uint32_t kMortonLevels = KNN_LEVELS;  // bits an axis: 1024 cells a side at the finest

// The cube the codes are taken over, and the level of the uniform grid the shell search uses:
// cells 2^level finest cells wide, chosen so that a cell holds about kBoidsPerCell boids were the
// flock spread evenly through the cube.
struct KnnBounds {
  glm::vec3 origin{0.0f};
  float side = 1.0f;
  std::uint32_t gridLevel = kMortonLevels;
  std::uint32_t gridCellsPerAxis() const { return 1u << (kMortonLevels - gridLevel); }
  std::uint64_t gridCellCount() const { return std::uint64_t(gridCellsPerAxis()) * gridCellsPerAxis() * gridCellsPerAxis(); }
};
inline constexpr double kBoidsPerCell = 2.0;
KnnBounds knnBounds(std::span<const glm::vec4> positions);

// The boids in Morton order, as the searches read them, built on the CPU (the lab's cases, the
// tests): positions, the boid each slot holds, its code, where each cell of the uniform grid
// starts (gridCellCount() + 1 entries), and the most boids one of those cells holds.
struct MortonOrder {
  std::vector<glm::vec4> positions;
  std::vector<std::uint32_t> ids, codes, starts;
  std::uint32_t busiestCell = 0;    // of the uniform grid
  std::uint32_t busiestFinest = 0;  // of the finest cells (1/1024 of the cube's side)
};
MortonOrder mortonOrder(std::span<const glm::vec4> positions, const KnnBounds& bounds);

// What a search reads: the boids in Morton order on the GPU.
struct KnnInput {
  const gl::Buffer& positions;   // vec4 a boid, in Morton order
  const gl::Buffer& ids;         // the boid index of each slot
  const gl::Buffer& codes;       // the Morton code of each slot, ascending
  const gl::Buffer& cellStarts;  // bounds.gridCellCount() + 1 uints
  KnnBounds bounds;
  std::uint32_t count = 0, k = 0;
  std::uint32_t busiestCell = 0;    // the most boids in one cell of the uniform grid
  std::uint32_t busiestFinest = 0;  // the most boids in one finest cell
};

class Knn : public gl::Watchable {
 public:
  virtual ~Knn() = default;
  // Writes each boid's k nearest (by boid index, k uints a boid, nearest first, kNoNeighbour where
  // it has fewer than k others) to `out`. Ends with the barrier that makes them visible.
  virtual void run(const KnnInput& input, const gl::Buffer& out) = 0;
  // Why this input is too much for this variant here; empty: it is not.
  virtual std::string unavailableFor(const KnnInput&) const { return {}; }
};

using KnnVariant = Variant<Knn>;
std::span<const KnnVariant> knnVariants();

}  // namespace boids::primitives

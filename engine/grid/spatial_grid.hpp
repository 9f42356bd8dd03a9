#pragma once
// The uniform spatial grid, rebuilt every frame on the GPU in four passes the frame script times
// one by one: hash (cell key per boid), sort (pairs by key, with a switchable sorter), ranges
// (where each cell's boids start in sorted order) and reorder (positions and velocities gathered into
// that order, for the coherent step).
#include <memory>
#include <string_view>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/grid/geometry.hpp"
#include "engine/gl/watch.hpp"
#include "engine/primitives/sort/sort.hpp"

namespace boids::grid {

class SpatialGrid : public gl::Watchable {
 public:
  SpatialGrid(const gl::ShaderLibrary& library, const gl::Caps& caps, std::string_view sorter = primitives::kDefaultSorter);

  // Throws std::invalid_argument (keeping the current one) for an unknown sorter.
  void setSorter(std::string_view name);
  const primitives::SortVariant& sorter() const { return *sorterInfo_; }
  void reloadShaders(const gl::ShaderLibrary& library);

  // The passes, in order. Each reads what the one before wrote and ends with its barrier.
  // SimParams must be bound at UBO_SIM_PARAMS (the cell formula, shaders/grid/grid_cells.glsl, is
  // the step's too).
  void hash(const gl::Buffer& positions, std::uint32_t count, const Geometry& geometry);  // -> (key, index)
  void sort();    // pairs by (key, index)
  void ranges();  // sorted pairs -> where each key's boids start (keyCount + 1 uints)
  void reorder(const gl::Buffer& positions, const gl::Buffer& velocities);  // -> copies in cell order

  // Binds what the grid step reads (pairs, cell starts, and the sorted copies when coherent).
  void bindForStep(bool coherent) const;

  const gl::Buffer& pairs() const { return pairs_; }
  const gl::Buffer& cellStarts() const { return starts_; }  // per key
  std::uint32_t count() const { return count_; }
  bool hashed() const { return geometry_.hashed(); }
  std::uint32_t keyCount() const { return geometry_.keyCount(); }

 private:
  struct Programs {
    gl::Program hash, ranges, fill, reorder;  // fill: the ranges' long gaps
  };
  static Programs build(const gl::ShaderLibrary& library);
  GLuint groupsFor(std::uint64_t items) const;

  gl::ShaderLibrary library_;
  gl::Caps caps_;
  Programs programs_;
  const primitives::SortVariant* sorterInfo_ = nullptr;
  std::unique_ptr<primitives::Sorter> sorter_;
  gl::Buffer pairs_, starts_, gaps_, sortedPos_, sortedVel_;
  std::uint32_t count_ = 0;
  Geometry geometry_{1, 1.0f, 0};  // of the last hash()
};

}  // namespace boids::grid

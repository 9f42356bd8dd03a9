#include "engine/grid/spatial_grid.hpp"

#include <algorithm>
#include <stdexcept>

#include "shaders/common/bindings.h"

namespace boids::grid {
namespace {

constexpr GLuint kMaxGroups = 65535;
GLuint groupsFor(std::uint32_t items) { return std::clamp<GLuint>((items + 255) / 256, 1, kMaxGroups); }

}  // namespace

SpatialGrid::Programs SpatialGrid::build(const gl::ShaderLibrary& library) {
  return {gl::Program::compute(library, "grid/grid_hash.comp"), gl::Program::compute(library, "grid/grid_ranges.comp"),
          gl::Program::compute(library, "grid/grid_reorder.comp")};
}

SpatialGrid::SpatialGrid(const gl::ShaderLibrary& library, const gl::Caps& caps, std::string_view sorter)
    : library_(library), caps_(caps), programs_(build(library)) {
  setSorter(sorter);
}

void SpatialGrid::setSorter(std::string_view name) {
  const SorterInfo* info = findSorter(name);
  if (!info) throw std::invalid_argument("unknown sorter '" + std::string(name) + "'");
  if (info == sorterInfo_) return;
  sorter_ = info->create(library_, caps_);
  sorterInfo_ = info;
}

void SpatialGrid::reloadShaders(const gl::ShaderLibrary& library) {
  Programs programs = build(library);
  auto sorter = sorterInfo_->create(library, caps_);
  programs_ = std::move(programs);
  sorter_ = std::move(sorter);
  library_ = library;
}

void SpatialGrid::hash(const sim::Flock& flock, const sim::GridGeometry& geometry) {
  count_ = flock.count();
  cellCount_ = static_cast<std::uint32_t>(geometry.cellCount());
  const std::size_t pairBytes = std::size_t(sortCapacity(count_)) * sizeof(std::uint32_t) * 2;
  if (pairs_.size() != pairBytes) pairs_ = gl::Buffer("grid.pairs", pairBytes);
  if (ranges_.size() < std::size_t(cellCount_) * 8) ranges_ = gl::Buffer("grid.cellRanges", std::size_t(cellCount_) * 8);

  flock.positions().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
  programs_.hash.use();
  glDispatchCompute(groupsFor(count_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // pairs -> the sort
}

void SpatialGrid::sort() { sorter_->sort(pairs_, count_, cellCount_); }

void SpatialGrid::ranges() {
  const std::uint32_t zero[2] = {0, 0};
  glBindBuffer(GL_COPY_WRITE_BUFFER, ranges_.id());
  glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_RG32UI, 0, GLsizeiptr(cellCount_) * 8, GL_RG_INTEGER, GL_UNSIGNED_INT, zero);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the clear -> the writes below
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
  ranges_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CELL_RANGES);
  programs_.ranges.use();
  glUniform1ui(LOC_SORT_COUNT, count_);
  glDispatchCompute(groupsFor(count_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // ranges -> the step
}

void SpatialGrid::reorder(const sim::Flock& flock) {
  const std::size_t bytes = std::size_t(count_) * 16;
  if (sortedPos_.size() != bytes) {
    sortedPos_ = gl::Buffer("grid.sortedPositions", bytes);
    sortedVel_ = gl::Buffer("grid.sortedVelocities", bytes);
  }
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
  flock.positions().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  flock.velocities().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  sortedPos_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_POS);
  sortedVel_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_VEL);
  programs_.reorder.use();
  glUniform1ui(LOC_SORT_COUNT, count_);
  glDispatchCompute(groupsFor(count_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // sorted copies -> the step
}

void SpatialGrid::bindForStep(bool coherent) const {
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
  ranges_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CELL_RANGES);
  if (coherent) {
    sortedPos_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_POS);
    sortedVel_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_VEL);
  }
}

}  // namespace boids::grid

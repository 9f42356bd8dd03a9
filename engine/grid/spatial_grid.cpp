#include "engine/grid/spatial_grid.hpp"

#include <stdexcept>

#include "engine/gl/dispatch.hpp"
#include "shaders/common/bindings.h"

namespace boids::grid {
namespace {

constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kMostGroups = 65535;  // grid-stride kernels: more groups only queue up

}  // namespace

SpatialGrid::Programs SpatialGrid::build(const gl::ShaderLibrary& library) {
  const gl::Defines group = {{"GROUP_SIZE", std::to_string(kGroup)}};
  return {gl::Program::compute(library, "grid/grid_hash.comp", group), gl::Program::compute(library, "grid/grid_ranges.comp", group),
          gl::Program::compute(library, "grid/grid_reorder.comp", group)};
}

GLuint SpatialGrid::groupsFor(std::uint64_t items) const { return gl::groupsFor(items, kGroup, caps_, 1, kMostGroups); }

SpatialGrid::SpatialGrid(const gl::ShaderLibrary& library, const gl::Caps& caps, std::string_view sorter)
    : library_(library), caps_(caps), programs_(build(library)) {
  setSorter(sorter);
}

void SpatialGrid::setSorter(std::string_view name) {
  const primitives::SortVariant* info = primitives::findSorter(name);
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

void SpatialGrid::hash(const gl::Buffer& positions, std::uint32_t count, const Geometry& geometry) {
  count_ = count;
  geometry_ = geometry;
  const std::size_t pairBytes = std::size_t(primitives::sortCapacity(count_)) * sizeof(std::uint32_t) * 2;
  if (pairs_.size() != pairBytes) pairs_ = gl::Buffer("grid.pairs", pairBytes);
  const std::size_t startBytes = (std::size_t(keyCount()) + 1) * sizeof(std::uint32_t);
  if (starts_.size() < startBytes) starts_ = gl::Buffer("grid.cellStarts", startBytes);

  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_GRID_PAIRS);
  programs_.hash.use();
  glDispatchCompute(groupsFor(count_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // pairs -> the sort
  dispatched("hash", {{"positions", &positions, std::size_t(count_) * 4}, {"pairs", &pairs_, 2 * std::size_t(count_)}});
}

void SpatialGrid::sort() {
  sorter_->watchWith(watcher());  // the sort's passes are the grid's steps too
  sorter_->sort(pairs_, count_, keyCount());
  sorter_->watchWith(nullptr);
}

void SpatialGrid::ranges() {
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_GRID_PAIRS);
  starts_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CELL_STARTS);
  programs_.ranges.use();
  glUniform2ui(LOC_GRID_COUNTS, count_, keyCount());
  glDispatchCompute(groupsFor(std::uint64_t(keyCount()) + 1), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // starts -> the step
  dispatched("ranges", {{"pairs", &pairs_, 2 * std::size_t(count_)}, {"starts", &starts_, std::size_t(keyCount()) + 1}});
}

void SpatialGrid::reorder(const gl::Buffer& positions, const gl::Buffer& velocities) {
  const std::size_t bytes = std::size_t(count_) * 16;
  if (sortedPos_.size() != bytes) {
    sortedPos_ = gl::Buffer("grid.sortedPositions", bytes);
    sortedVel_ = gl::Buffer("grid.sortedVelocities", bytes);
  }
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_GRID_PAIRS);
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  velocities.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  sortedPos_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_POS);
  sortedVel_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_VEL);
  programs_.reorder.use();
  glUniform1ui(LOC_GRID_COUNTS, count_);
  glDispatchCompute(groupsFor(count_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // sorted copies -> the step
  dispatched("reorder", {{"pairs", &pairs_, 2 * std::size_t(count_)}, {"sorted", &sortedPos_, std::size_t(count_) * 4}});
}

void SpatialGrid::bindForStep(bool coherent) const {
  pairs_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_GRID_PAIRS);
  starts_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CELL_STARTS);
  if (coherent) {
    sortedPos_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_POS);
    sortedVel_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_VEL);
  }
}

}  // namespace boids::grid

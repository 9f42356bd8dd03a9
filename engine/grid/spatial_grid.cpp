#include "engine/grid/spatial_grid.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/gl/dispatch.hpp"
#include "shaders/common/bindings.h"

namespace boids::grid {
namespace {

constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kMostGroups = 65535;  // grid-stride kernels: more groups only queue up
// The ranges (grid_ranges.comp): a boundary between sorted slots writes up to kFillMost keys
// itself and lists a longer run of empty keys in pieces of up to kGapPiece keys; then kGapGroups
// work groups fill the pieces, a piece a group in turn (pieces are few, mostly none).
constexpr std::uint32_t kFillMost = 64;
constexpr std::uint32_t kGapPiece = 4096;
constexpr std::uint32_t kGapGroups = 1024;
// The gap list: a count, three words of padding, then a uvec4 a piece. A piece holds more than
// kFillMost keys or is one of a long run's pieces, at least kFillMost + 1 keys either way (as
// kGapPiece > kFillMost), so (keys + 1) / kFillMost + 1 pieces always fit.
std::size_t gapBytes(std::uint32_t keys) { return 16 * (std::size_t(keys + 1) / kFillMost + 2); }

}  // namespace

SpatialGrid::Programs SpatialGrid::build(const gl::ShaderLibrary& library) {
  const gl::Defines group = {{"GROUP_SIZE", std::to_string(kGroup)}};
  gl::Defines ranges = group;
  ranges.push_back({"FILL_MOST", std::to_string(kFillMost)});
  ranges.push_back({"GAP_PIECE", std::to_string(kGapPiece)});
  gl::Defines fill = ranges;
  fill.push_back({"PASS", "1"});
  return {gl::Program::compute(library, "grid/grid_hash.comp", group), gl::Program::compute(library, "grid/grid_ranges.comp", ranges),
          gl::Program::compute(library, "grid/grid_ranges.comp", fill), gl::Program::compute(library, "grid/grid_reorder.comp", group)};
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
  if (gaps_.size() < gapBytes(keyCount())) gaps_ = gl::Buffer("grid.rangeGaps", gapBytes(keyCount()));

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
  gaps_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_RANGE_GAPS);
  gaps_.zero(sizeof(std::uint32_t));  // no gap listed yet
  programs_.ranges.use();
  glUniform2ui(LOC_GRID_COUNTS, count_, keyCount());
  glDispatchCompute(groupsFor(std::uint64_t(count_) + 1), 1, 1);  // a boundary between slots each
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the gap list -> its fill
  programs_.fill.use();
  glDispatchCompute(GLuint(std::min<std::size_t>(gapBytes(keyCount()) / 16, kGapGroups)), 1, 1);
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
  programs_.reorder.use();
  glUniform1ui(LOC_GRID_COUNTS, count_);
  // A stream a dispatch (grid_reorder.comp), velocities first, so that the flock's positions are
  // what stays bound at SSBO_POS_IN, as before the pass.
  for (auto [stream, sorted] : {std::pair{&velocities, &sortedVel_}, std::pair{&positions, &sortedPos_}}) {
    stream->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    sorted->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORTED_POS);
    glDispatchCompute(groupsFor(count_), 1, 1);
  }
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

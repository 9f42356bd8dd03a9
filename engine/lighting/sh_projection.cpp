#include "engine/lighting/sh_projection.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>
#include <stdexcept>

#include <glm/vec4.hpp>

#include "engine/gpu_types.hpp"
#include "shaders/lighting/sh_slots.h"
#include "shaders/primitives/reduce/reduce_slots.h"

namespace boids::lighting {
namespace {

constexpr int kSlots = 7;  // the projection, then the six faces alone
// How the grid-stride pass spreads the items (four texels and 28 sums each): the map's at two
// items an invocation in at most 256 groups (more groups than fit the GPU at once cost a second
// wave); the cube's at four, the best of 1, 2 and 4 before it was folded (docs/PERFORMANCE.md,
// "SH projection").
constexpr std::uint32_t kEquirectItemsPerInvocation = 2, kEquirectMostGroups = 256;
constexpr std::uint32_t kCubeItemsPerInvocation = 4;

std::uint32_t mipLevels(std::uint32_t w, std::uint32_t h) {
  return static_cast<std::uint32_t>(std::bit_width(std::max(w, h)));
}

}  // namespace

const char* layoutName(ShLayout layout) { return layout == ShLayout::Cube ? "cube" : "equirect"; }

ShProjector::ShProjector(const gl::ShaderLibrary& library, const gl::Caps& caps, std::uint32_t cubeSize)
    : library_(library),
      caps_(caps),
      cubeSize_(cubeSize),
      resample_(gl::Program::compute(library, "lighting/cube_resample.comp")),
      params_("sh.params", sizeof(gpu::ShParams)),
      output_("sh.coefficients", sizeof(gpu::ShCoefficients) * kSlots) {
  if (cubeSize_ < 4 || !std::has_single_bit(cubeSize_)) {  // whole items of four texels per row
    throw std::invalid_argument("a cube map's side must be a power of two from 4, not " + std::to_string(cubeSize_));
  }
  params_.upload(0, sizeof uploadedParams_, &uploadedParams_);
  output_.zero(output_.size());
}

std::uint32_t ShProjector::items(ShLayout layout) const {
  return layout == ShLayout::Cube ? 6 * cubeSize_ * cubeSize_ / 4 : paddedWidth_ / SH_EQUIRECT_ITEM_TEXELS * height_;
}

void ShProjector::setEnvironment(const Environment& e) {
  GLint maxSide = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSide);
  if (e.width > std::uint32_t(maxSide) || e.height > std::uint32_t(maxSide)) {
    throw std::runtime_error("environment '" + e.name + "': " + std::to_string(e.width) + " x " +
                             std::to_string(e.height) + " texels, over this GPU's largest texture side of " +
                             std::to_string(maxSide));
  }
  // The projection's copy of the texels (sh_equirect.glsl): rows padded with zeros to whole blocks
  // of items, in one storage buffer the driver must be able to bind whole.
  const std::uint32_t padded = equirectPaddedWidth(e.width);
  const std::uint64_t bytes = std::uint64_t(padded) * e.height * sizeof(glm::vec4);
  if (caps_.maxShaderStorageBlockSize > 0 && bytes > std::uint64_t(caps_.maxShaderStorageBlockSize)) {
    throw std::runtime_error("environment '" + e.name + "': " + std::to_string(e.width) + " x " + std::to_string(e.height) +
                             " texels need " + std::to_string(bytes >> 20) + " MiB for the projection, over this GPU's " +
                             std::to_string(caps_.maxShaderStorageBlockSize >> 20) + " MiB storage-block limit");
  }
  gl::TextureName texture = gl::genTexture();
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glTexStorage2D(GL_TEXTURE_2D, GLsizei(mipLevels(e.width, e.height)), GL_RGBA32F, GLsizei(e.width), GLsizei(e.height));
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, GLsizei(e.width), GLsizei(e.height), GL_RGB, GL_FLOAT, e.texels.data());
  glGenerateMipmap(GL_TEXTURE_2D);  // the sky's haze and fog read blurred levels
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);  // the azimuth wraps
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  gl::label(GL_TEXTURE, texture.id(), "sh.environment");
  std::vector<glm::vec4> texels(std::size_t(padded) * e.height, glm::vec4(0.0f));
  for (std::uint32_t j = 0; j < e.height; ++j) {
    for (std::uint32_t i = 0; i < e.width; ++i) texels[std::size_t(j) * padded + i] = glm::vec4(e.texels[std::size_t(j) * e.width + i], 0.0f);
  }
  texels_ = gl::Buffer::fromSpan(std::string_view("sh.texels"), std::span<const glm::vec4>(texels));
  texture_ = std::move(texture);
  width_ = e.width;
  height_ = e.height;
  paddedWidth_ = padded;
  uploadTables();
  cubeStale_ = true;
}

void ShProjector::setYaw(float radians) {
  if (radians == yaw_) return;
  yaw_ = radians;
  if (width_ > 0) uploadTables();
  cubeStale_ = true;
}

EquirectTables equirectTables(std::uint32_t width, std::uint32_t height, std::uint32_t paddedWidth, double yaw) {
  // Each row's factors (sh_equirect.glsl) are R&H's functions on that row with the azimuth's part
  // taken out (x = sin theta cos phi, y = -sin theta sin phi, z = cos theta), times the row's solid angle.
  using verify::sh::kY00, verify::sh::kY1, verify::sh::kY2, verify::sh::kY20, verify::sh::kY22;
  EquirectTables t{std::vector<glm::vec4>(std::size_t(2) * height), std::vector<glm::vec4>(paddedWidth, glm::vec4(0.0f))};
  for (std::uint32_t j = 0; j < height; ++j) {
    const double theta = (j + 0.5) * std::numbers::pi / height, c = std::cos(theta), s = std::sin(theta);
    const double omega = verify::sh::equirectSolidAngle(j, width, height);
    t.rows[2 * j] = glm::vec4(glm::dvec4(kY00, kY1 * c, kY1 * s, -0.5 * kY2 * s * s) * omega);  // F0 (1), F2 (1), F3 (cos), F4 (sin 2)
    t.rows[2 * j + 1] = glm::vec4(glm::dvec4(kY20 * (3.0 * c * c - 1.0), kY2 * s * c, kY22 * s * s, 1.0) * omega);  // F6 (1), F7 (cos), F8 (cos 2)
  }
  for (std::uint32_t i = 0; i < width; ++i) {
    const double phi = (i + 0.5) * 2.0 * std::numbers::pi / width + yaw;
    t.columns[i] = glm::vec4(glm::dvec4(std::cos(phi), std::sin(phi), std::cos(2.0 * phi), std::sin(2.0 * phi)));
  }
  return t;
}

primitives::ReducePayload equirectPayload(std::uint32_t group) {
  return {"lighting/sh_equirect.glsl", kEquirectItemsPerInvocation, true, kEquirectMostGroups, group};
}

std::uint32_t equirectPaddedWidth(std::uint32_t width) {
  return (width + SH_EQUIRECT_ROW_BLOCK - 1) / SH_EQUIRECT_ROW_BLOCK * SH_EQUIRECT_ROW_BLOCK;
}

void ShProjector::uploadTables() {
  const EquirectTables t = equirectTables(width_, height_, paddedWidth_, double(yaw_));
  if (rows_.size() != t.rows.size() * sizeof(glm::vec4)) rows_ = gl::Buffer("sh.rows", t.rows.size() * sizeof(glm::vec4));
  if (columns_.size() != t.columns.size() * sizeof(glm::vec4)) {
    columns_ = gl::Buffer("sh.columns", t.columns.size() * sizeof(glm::vec4));
  }
  rows_.upload(std::span<const glm::vec4>(t.rows));
  columns_.upload(std::span<const glm::vec4>(t.columns));
}

void ShProjector::prepareCube() {
  if (!cube_) {
    cube_ = gl::genTexture();
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube_.id());
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA32F, GLsizei(cubeSize_), GLsizei(cubeSize_));
    glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
    gl::label(GL_TEXTURE, cube_.id(), "sh.cube");
    // Each texel's exact solid angle, the same on every face, computed in double.
    std::vector<float> solidAngles(std::size_t(cubeSize_) * cubeSize_);
    for (std::uint32_t j = 0; j < cubeSize_; ++j) {
      for (std::uint32_t i = 0; i < cubeSize_; ++i) {
        solidAngles[std::size_t(j) * cubeSize_ + i] = float(verify::sh::cubeSolidAngle(i, j, cubeSize_));
      }
    }
    cubeSolidAngles_ = gl::Buffer::fromSpan(std::string_view("sh.cubeSolidAngles"), std::span<const float>(solidAngles));
  }
  if (!cubeStale_) return;
  glActiveTexture(GL_TEXTURE0 + SH_UNIT_ENVIRONMENT);
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glBindImageTexture(SH_IMAGE_CUBE, cube_.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  resample_.use();
  glUniform1f(SH_LOC_YAW, yaw_);
  glDispatchCompute((cubeSize_ + 7) / 8, (cubeSize_ + 7) / 8, 6);
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);  // -> the projection, readCube
  cubeStale_ = false;
}

primitives::Reduce& ShProjector::reduction(std::string_view variant, ShLayout layout) {
  auto key = std::make_pair(std::string(variant), layout);
  auto found = reductions_.find(key);
  if (found != reductions_.end()) return *found->second;
  const primitives::ReduceVariant* entry = primitives::findVariant(primitives::reductions(), variant);
  if (!entry) throw std::invalid_argument("unknown reduce variant '" + std::string(variant) + "'");
  static const primitives::ReducePayload kCube{"lighting/sh_cube.glsl", kCubeItemsPerInvocation, true};
  auto made = entry->create(library_, caps_, layout == ShLayout::Cube ? kCube : equirectPayload());
  return *reductions_.emplace(std::move(key), std::move(made)).first->second;
}

std::string ShProjector::unavailable(std::string_view variant, ShLayout layout) {
  const primitives::ReduceVariant* entry = primitives::findVariant(primitives::reductions(), variant);
  if (!entry) return "not a reduce variant";
  if (std::string why = entry->unavailableOn(caps_); !why.empty()) return why;
  const std::uint32_t count = items(layout);
  const std::uint64_t texels = layout == ShLayout::Cube ? 4ull * count : std::uint64_t(width_) * height_;
  if (variant == std::string_view("single-thread") && texels > kSingleInvocationTexels) {
    return "one invocation would project " + std::to_string(texels) + " texels, over the " +
           std::to_string(kSingleInvocationTexels) + " one may take alone (a longer dispatch can outlast the driver's "
           "limit on a context switch, which loses the context)";
  }
  return reduction(variant, layout).unavailableFor(count);
}

void ShProjector::bindInputs(ShLayout layout, std::uint32_t firstItem, std::uint32_t slot) {
  const std::uint32_t side = layout == ShLayout::Cube ? cubeSize_ : paddedWidth_;
  const std::uint32_t rows = layout == ShLayout::Cube ? cubeSize_ : height_;
  const gpu::ShParams params{{side, rows, layout == ShLayout::Cube ? cubeSize_ : width_, 0}, {firstItem, slot, 0, 0}};
  if (std::memcmp(&params, &uploadedParams_, sizeof params) != 0) {  // the light pass's re-projections upload nothing
    params_.upload(0, sizeof params, &params);
    uploadedParams_ = params;
  }
  params_.bindBase(GL_SHADER_STORAGE_BUFFER, SH_SLOT_PARAMS);
  if (layout == ShLayout::Cube) {
    cubeSolidAngles_.bindBase(GL_SHADER_STORAGE_BUFFER, SH_SLOT_ROWS);
    glBindImageTexture(SH_IMAGE_CUBE, cube_.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  } else {
    rows_.bindBase(GL_SHADER_STORAGE_BUFFER, SH_SLOT_ROWS);
    columns_.bindBase(GL_SHADER_STORAGE_BUFFER, SH_SLOT_COLUMNS);
    texels_.bindBase(GL_SHADER_STORAGE_BUFFER, SH_SLOT_TEXELS);
  }
}

void ShProjector::project(std::string_view variant, ShLayout layout) {
  if (width_ == 0) throw std::logic_error("ShProjector::project before setEnvironment");
  if (std::string why = unavailable(variant, layout); !why.empty()) {
    throw std::runtime_error(std::string(variant) + " cannot project here: " + why);
  }
  primitives::Reduce& reduce = reduction(variant, layout);
  if (layout == ShLayout::Cube) prepareCube();
  bindInputs(layout, 0, 0);
  reduce.run(nullptr, items(layout), output_);
}

void ShProjector::projectWatched(std::string_view variant, std::uint32_t group, gl::Watcher& watcher) {
  if (width_ == 0) throw std::logic_error("ShProjector::projectWatched before setEnvironment");
  const primitives::ReduceVariant* entry = primitives::findVariant(primitives::reductions(), variant);
  if (!entry) throw std::invalid_argument("unknown reduce variant '" + std::string(variant) + "'");
  const std::unique_ptr<primitives::Reduce> reduce = entry->makeToWatch(library_, caps_, equirectPayload(group));
  if (std::string why = reduce->unavailableFor(items(ShLayout::Equirect)); !why.empty()) {
    throw std::runtime_error(std::string(variant) + " cannot project here: " + why);
  }
  bindInputs(ShLayout::Equirect, 0, 0);
  reduce->watchWith(&watcher);
  reduce->run(nullptr, items(ShLayout::Equirect), output_);
  reduce->watchWith(nullptr);
}

ShResult ShProjector::read(int slot) const {
  gpu::ShCoefficients sh{};
  output_.download(std::size_t(slot) * sizeof sh, sizeof sh, &sh);
  ShResult result;
  for (int k = 0; k < verify::sh::kFunctions; ++k) result.L[std::size_t(k)] = glm::dvec3(glm::vec3(sh.L[k]));
  result.solidAngle = sh.L[0].w;
  return result;
}

std::array<double, 6> ShProjector::faceSolidAngles(std::string_view variant) {
  if (std::string why = unavailable(variant, ShLayout::Cube); !why.empty()) {
    throw std::runtime_error(std::string(variant) + " cannot project here: " + why);
  }
  primitives::Reduce& reduce = reduction(variant, ShLayout::Cube);
  prepareCube();
  const std::uint32_t perFace = cubeSize_ * cubeSize_ / 4;
  for (std::uint32_t face = 0; face < 6; ++face) {
    bindInputs(ShLayout::Cube, face * perFace, 1 + face);
    reduce.run(nullptr, perFace, output_);
  }
  std::array<double, 6> sums{};
  for (int face = 0; face < 6; ++face) sums[std::size_t(face)] = read(1 + face).solidAngle;
  return sums;
}

std::vector<glm::vec3> ShProjector::readCube() {
  prepareCube();
  std::vector<glm::vec3> texels(std::size_t(6) * cubeSize_ * cubeSize_);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube_.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  for (int face = 0; face < 6; ++face) {
    glGetTexImage(GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face), 0, GL_RGB, GL_FLOAT,
                  texels.data() + std::size_t(face) * cubeSize_ * cubeSize_);
  }
  glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
  return texels;
}

}  // namespace boids::lighting

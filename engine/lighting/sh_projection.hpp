#pragma once
// The environment's projection onto the nine spherical harmonics, on the GPU, by the reduce
// primitive (engine/primitives/reduce) with the projection as its payload
// (shaders/lighting/sh_*.glsl): every texel's radiance times the nine functions at its centre times
// its exact solid angle, summed into nine RGB coefficients that stay on the GPU for the shading.
// Two layouts: the equirectangular map itself, and the map resampled on the GPU into a cube map
// (what DirectXTK's SHProjectCubeMap reads). Any of the lab's reduce variants runs either.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec3.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/handles.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/watch.hpp"
#include "engine/gpu_types.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/primitives/reduce/reduce.hpp"
#include "engine/verify/sh.hpp"

namespace boids::lighting {

enum class ShLayout { Equirect, Cube };
inline constexpr ShLayout kLayouts[] = {ShLayout::Equirect, ShLayout::Cube};
const char* layoutName(ShLayout layout);  // "equirect", "cube"

inline constexpr std::uint32_t kCubeSize = 512;  // texels per side of the resampled cube map
// The reduce variants the lab offers for the projection, fastest first on the map (on the cube the
// subgroup variant is the fastest: docs/PERFORMANCE.md, "SH projection"); every one is generic
// over the payload.
inline constexpr const char* kShVariants[] = {"tree", "subgroup", "recursive-multipass", "single-thread"};
inline constexpr const char* kDefaultShVariant = "tree";
// Texels one invocation may project alone (the single-thread variant): a 1024 x 512 map. The
// 512 x 512 x 6 cube, half again as many, ran long enough in one invocation for an NVIDIA driver to
// drop the context (Xid 109, a context switch timed out: docs/PERFORMANCE.md, "SH projection"),
// and everything after it in the process with it.
inline constexpr std::uint32_t kSingleInvocationTexels = 1u << 20;

// The map's tables the equirect projection reads (shaders/lighting/sh_equirect.glsl), computed in
// double and rounded once: two vec4s of factors a row, the azimuth's four a column (the padding's
// zero).
struct EquirectTables {
  std::vector<glm::vec4> rows, columns;
};
EquirectTables equirectTables(std::uint32_t width, std::uint32_t height, std::uint32_t paddedWidth, double yaw);
// The projection of the map as the reduce primitive's payload, in groups of `group` (a watch's: 8).
primitives::ReducePayload equirectPayload(std::uint32_t group = 256);
// Texels a row of the projection's copy of the map: the width padded to whole blocks of items.
std::uint32_t equirectPaddedWidth(std::uint32_t width);

struct ShResult {
  verify::sh::Coefficients L{};
  double solidAngle = 0;  // what the projection's solid angles summed to (4 pi when every texel counted once)
};

class ShProjector {
 public:
  ShProjector(const gl::ShaderLibrary& library, const gl::Caps& caps, std::uint32_t cubeSize = kCubeSize);

  // The map as a texture (what the sky draws, and the cube is resampled from), its texels again in
  // a storage buffer (what the projection reads: faster than the texture units for RGBA32F,
  // docs/PERFORMANCE.md, "SH projection") and its tables. Throws std::runtime_error, keeping the
  // environment it had, when the GPU cannot hold it.
  void setEnvironment(const Environment& environment);
  // Turns the environment about up: the equirect tables follow at once, the cube at its next use.
  void setYaw(float radians);
  float yaw() const { return yaw_; }

  // Empty when `variant` can project this environment in `layout` here, else why not.
  std::string unavailable(std::string_view variant, ShLayout layout);
  // Projects the environment into coefficients() (slot 0). Throws std::invalid_argument for a
  // variant that is not a reduce variant, std::runtime_error for one unavailable().
  void project(std::string_view variant, ShLayout layout);
  // ShCoefficients (shaders/lighting/sh_params.h), slot 0 the latest projection, 1..6 the cube's
  // faces (faceSolidAngles). Stays on the GPU; the shading reads slot 0.
  const gl::Buffer& coefficients() const { return output_; }
  ShResult read(int slot = 0) const;  // blocking
  // The map projected as project(variant, ShLayout::Equirect) does it, by the variant made to watch
  // in groups of `group` (engine/lighting/sh_watch.cpp), each pass reported to `watcher`. Throws
  // as project() does.
  void projectWatched(std::string_view variant, std::uint32_t group, gl::Watcher& watcher);
  // Each cube face projected alone by `variant`: the solid angles its sum came to (4 pi / 6 each
  // when exact). Blocking.
  std::array<double, 6> faceSolidAngles(std::string_view variant);
  // The resampled cube as the GPU holds it, faces +x, -x, +y, -y, +z, -z, rows of texels (the CPU
  // reference of the cube projection reads these). Blocking.
  std::vector<glm::vec3> readCube();
  // The equirectangular map resampled into the cube now, stale or not (what bench times).
  void resampleCube() {
    cubeStale_ = true;
    prepareCube();
  }

  GLuint texture() const { return texture_.id(); }
  std::uint32_t width() const { return width_; }
  std::uint32_t height() const { return height_; }
  std::uint32_t cubeSize() const { return cubeSize_; }
  std::uint32_t items(ShLayout layout) const;  // the reduction's count (shaders/lighting/sh_params.h: texels per item)

 private:
  primitives::Reduce& reduction(std::string_view variant, ShLayout layout);
  void uploadTables();
  void prepareCube();  // resampled and its solid angles on the GPU, when stale
  void bindInputs(ShLayout layout, std::uint32_t firstItem, std::uint32_t slot);

  gl::ShaderLibrary library_;
  const gl::Caps& caps_;
  std::uint32_t cubeSize_;
  std::uint32_t width_ = 0, height_ = 0, paddedWidth_ = 0;
  float yaw_ = 0.0f;
  gl::TextureName texture_;
  gl::TextureName cube_;
  bool cubeStale_ = true;
  gl::Program resample_;
  gl::Buffer params_, rows_, columns_, texels_, cubeSolidAngles_, output_;
  gpu::ShParams uploadedParams_{};  // what params_ holds (zero-filled as made)
  std::map<std::pair<std::string, ShLayout>, std::unique_ptr<primitives::Reduce>, std::less<>> reductions_;
};

}  // namespace boids::lighting

#pragma once
// What lights the scene: an environment (engine/lighting/environment.hpp), its texture, and its
// projection onto the nine spherical harmonics on the GPU (ShProjector) by the variant and layout
// the user picked. The frame's light pass calls update(), which projects again only when the
// environment, its rotation, the variant or the layout changed; the renderer reads the texture
// (the sky) and the coefficients (the boids' irradiance) from here.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"

namespace boids::lighting {

// The exposure that brings an environment's mean radiance to mid grey (0.18) before the tone map;
// the user's stops are on top of it.
inline constexpr double kMidGrey = 0.18;

class Lighting {
 public:
  Lighting(const gl::ShaderLibrary& library, const gl::Caps& caps);

  // By name or file. One that cannot be loaded (or held by the GPU) leaves the built-in sky
  // (kFallbackEnvironment) in its place; the one-line reason is returned, and kept in note().
  // Empty when it loaded.
  std::string setEnvironment(std::string_view nameOrFile);
  void setEnvironment(Environment environment);  // one made by the caller (tests, built-ins at a size)
  // A reduce variant of kShVariants. Throws std::invalid_argument for another name; one that
  // cannot project this environment here falls back to kDefaultShVariant, and note() says why.
  void setVariant(std::string_view variant);
  void setLayout(ShLayout layout);
  void setYaw(float radians);
  // The light pass: projects when something changed since the last projection, or when `always`
  // (the panel's timing). Returns whether it projected.
  bool update(bool always = false);

  const Environment& environment() const { return environment_; }
  const std::string& asked() const { return asked_; }  // what setEnvironment was last given
  const char* variant() const { return variant_; }
  ShLayout layout() const { return layout_; }
  float yaw() const { return projector_.yaw(); }
  // Why the environment or variant is not the one asked for, or what to know of the map (all black,
  // held scaled).
  const std::string& note() const { return note_; }
  ShProjector& projector() { return projector_; }
  const ShProjector& projector() const { return projector_; }
  std::uint64_t projections() const { return projections_; }  // how many so far
  // The linear factor `stops` above the environment's own exposure (its mean to kMidGrey).
  float exposureScale(float stops) const;

 private:
  void chooseVariant();

  ShProjector projector_;
  Environment environment_;
  std::string asked_;
  const char* askedVariant_ = kDefaultShVariant;
  const char* variant_ = kDefaultShVariant;
  ShLayout layout_ = ShLayout::Equirect;
  std::string environmentNote_, variantNote_, note_;
  bool stale_ = true;
  std::uint64_t projections_ = 0;
};

}  // namespace boids::lighting

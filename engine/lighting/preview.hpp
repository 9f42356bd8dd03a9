#pragma once
#include <cstdint>
#include <optional>
// The panel's two thumbnails of the lighting (shaders/lighting/preview.comp): the environment, and
// the irradiance its nine coefficients give, side by side as equirectangular RGBA8 images that an
// ImGui image can show.
#include "engine/gl/caps.hpp"
#include "engine/gl/handles.hpp"
#include "engine/gl/program.hpp"
#include "engine/lighting/lighting.hpp"

namespace boids::lighting {

class Previews {
 public:
  static constexpr int kWidth = 256, kHeight = 128;

  explicit Previews(const gl::ShaderLibrary& library);
  // Both redrawn from `lighting` as it is now (its latest projection), at `exposureStops`; nothing
  // is drawn when neither the projection nor the exposure changed since the last update.
  void update(const Lighting& lighting, float exposureStops);
  GLuint environment() const { return environment_.id(); }
  GLuint irradiance() const { return irradiance_.id(); }

 private:
  gl::Program environmentProgram_, irradianceProgram_;
  gl::TextureName environment_, irradiance_;
  struct Drawn {
    const Lighting* lighting;
    std::uint64_t projections;
    float exposureStops;
    bool operator==(const Drawn&) const = default;
  };
  std::optional<Drawn> drawn_;  // what the images show
};

}  // namespace boids::lighting

#include "engine/lighting/preview.hpp"

#include "engine/gpu_types.hpp"

namespace boids::lighting {
namespace {

gl::TextureName makeImage(const char* label) {
  gl::TextureName t = gl::genTexture();
  glBindTexture(GL_TEXTURE_2D, t.id());
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, Previews::kWidth, Previews::kHeight);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glBindTexture(GL_TEXTURE_2D, 0);
  gl::label(GL_TEXTURE, t.id(), label);
  return t;
}

}  // namespace

Previews::Previews(const gl::ShaderLibrary& library)
    : environmentProgram_(gl::Program::compute(library, "lighting/preview.comp", {{"IRRADIANCE", "0"}})),
      irradianceProgram_(gl::Program::compute(library, "lighting/preview.comp", {{"IRRADIANCE", "1"}})),
      environment_(makeImage("lighting.preview.environment")),
      irradiance_(makeImage("lighting.preview.irradiance")) {}

void Previews::update(const Lighting& lighting, float exposureStops) {
  const Drawn now{&lighting, lighting.projections(), exposureStops};
  if (drawn_ == now) return;
  drawn_ = now;
  lighting.projector().coefficients().bindRange(GL_SHADER_STORAGE_BUFFER, SSBO_SH, 0, sizeof(gpu::ShCoefficients));
  glActiveTexture(GL_TEXTURE0 + UNIT_ENVIRONMENT);
  glBindTexture(GL_TEXTURE_2D, lighting.projector().texture());
  const float exposure = lighting.exposureScale(exposureStops);
  for (const auto& [program, image] : {std::pair{&environmentProgram_, &environment_}, std::pair{&irradianceProgram_, &irradiance_}}) {
    glBindImageTexture(0, image->id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    program->use();
    glUniform2f(0, exposure, lighting.yaw());
    glDispatchCompute((kWidth + 7) / 8, (kHeight + 7) / 8, 1);
  }
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);  // -> the panel's draw
}

}  // namespace boids::lighting

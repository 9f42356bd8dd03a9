#include "engine/lighting/lighting.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace boids::lighting {

Lighting::Lighting(const gl::ShaderLibrary& library, const gl::Caps& caps) : projector_(library, caps) {}

std::string Lighting::setEnvironment(std::string_view nameOrFile) {
  asked_ = std::string(nameOrFile);
  std::string why;
  try {
    Environment loaded = loadEnvironment(nameOrFile);
    projector_.setEnvironment(loaded);
    environment_ = std::move(loaded);
  } catch (const std::runtime_error& e) {
    why = e.what();
    environment_ = loadEnvironment(kFallbackEnvironment);
    projector_.setEnvironment(environment_);
  }
  environmentNote_ = why.empty() ? environment_.note : why + "; lit by the built-in " + kFallbackEnvironment;
  stale_ = true;
  chooseVariant();
  return why;
}

void Lighting::setEnvironment(Environment environment) {
  projector_.setEnvironment(environment);
  asked_ = environment.name;
  environment_ = std::move(environment);
  environmentNote_ = environment_.note;
  stale_ = true;
  chooseVariant();
}

void Lighting::setVariant(std::string_view variant) {
  const auto known = std::find_if(std::begin(kShVariants), std::end(kShVariants), [&](const char* v) { return variant == v; });
  if (known == std::end(kShVariants)) throw std::invalid_argument("unknown projection variant '" + std::string(variant) + "'");
  askedVariant_ = *known;
  chooseVariant();
}

void Lighting::setLayout(ShLayout layout) {
  if (layout == layout_) return;
  layout_ = layout;
  stale_ = true;
  chooseVariant();
}

void Lighting::setYaw(float radians) {
  if (radians == projector_.yaw()) return;
  projector_.setYaw(radians);
  stale_ = true;
}

void Lighting::chooseVariant() {
  const char* chosen = askedVariant_;
  variantNote_.clear();
  if (environment_.width > 0) {
    if (std::string why = projector_.unavailable(askedVariant_, layout_); !why.empty()) {
      variantNote_ = std::string(askedVariant_) + " cannot project here (" + why + "); projecting with " + kDefaultShVariant;
      chosen = kDefaultShVariant;
    }
  }
  if (chosen != variant_) stale_ = true;
  variant_ = chosen;
  note_ = environmentNote_;
  if (!note_.empty() && !variantNote_.empty()) note_ += "; ";
  note_ += variantNote_;
}

bool Lighting::update(bool always) {
  if (!stale_ && !always) return false;
  projector_.project(variant_, layout_);
  stale_ = false;
  ++projections_;
  return true;
}

float Lighting::exposureScale(float stops) const {
  const double mean = std::max(environment_.meanLuminance, 1e-6);
  return float(std::exp2(double(stops)) * kMidGrey / mean);
}

}  // namespace boids::lighting

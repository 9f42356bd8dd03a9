#include "engine/lighting/environment.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <system_error>

#include <glm/geometric.hpp>
#include <stb_image.h>

namespace boids::lighting {
namespace {

namespace fs = std::filesystem;

constexpr std::uint32_t kBuiltInWidth = 512, kBuiltInHeight = 256;
// The single texel: above the horizon, a third of the way down, as bright as a small sun.
constexpr glm::vec3 kSingleTexelRadiance{1000.0f, 800.0f, 600.0f};
std::uint32_t singleTexelColumn(std::uint32_t width) { return width * 3 / 8; }
std::uint32_t singleTexelRow(std::uint32_t height) { return height / 3; }

bool isDirectoryWithMaps(const fs::path& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error)) return false;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".hdr") return true;
  }
  return false;
}

fs::path executableFolder() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : self.parent_path();
}

double luminance(glm::vec3 c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

void measure(Environment& e) {
  double sum = 0;
  for (std::uint32_t j = 0; j < e.height; ++j) {
    double row = 0;
    for (std::uint32_t i = 0; i < e.width; ++i) row += luminance(e.texels[std::size_t(j) * e.width + i]);
    sum += row * verify::sh::equirectSolidAngle(j, e.width, e.height);
  }
  e.meanLuminance = sum / (4.0 * std::numbers::pi);
}

// The built-in sky: dusk blue overhead, a paler haze at the horizon, a dim ground and a low warm
// sun, in linear radiance. What the app falls back to when a map cannot be read.
std::vector<glm::vec3> skyTexels(std::uint32_t width, std::uint32_t height) {
  const glm::vec3 zenith{0.045f, 0.075f, 0.20f}, horizon{0.42f, 0.36f, 0.42f}, ground{0.05f, 0.045f, 0.05f};
  const glm::vec3 sunColour{40.0f, 26.0f, 14.0f};
  const glm::dvec3 sun = glm::normalize(glm::dvec3(0.75, 0.25, -0.6));
  std::vector<glm::vec3> texels(std::size_t(width) * height);
  for (std::uint32_t j = 0; j < height; ++j) {
    for (std::uint32_t i = 0; i < width; ++i) {
      const glm::dvec3 d = verify::sh::equirectDirection(i, j, width, height);
      glm::vec3 c;
      if (d.y >= 0) {
        c = glm::mix(horizon, zenith, float(std::pow(d.y, 0.45)));
      } else {
        c = glm::mix(horizon, ground, float(std::min(1.0, -d.y * 6.0)));
      }
      const double toSun = glm::dot(d, sun);
      c += sunColour * float(std::pow(std::max(toSun, 0.0), 2000.0)) + glm::vec3(0.9f, 0.55f, 0.3f) *
                                                                          float(std::pow(std::max(toSun, 0.0), 12.0));
      texels[std::size_t(j) * width + i] = c;
    }
  }
  return texels;
}

Environment fromFile(const fs::path& path, std::string name) {
  const std::string shown = "environment file '" + path.string() + "'";
  std::error_code error;
  if (!fs::is_regular_file(path, error)) throw std::runtime_error(shown + ": no such file");
  if (!stbi_is_hdr(path.c_str())) throw std::runtime_error(shown + ": not a Radiance HDR (.hdr) image");
  int w = 0, h = 0, channels = 0;
  float* data = stbi_loadf(path.c_str(), &w, &h, &channels, 3);
  if (!data) throw std::runtime_error(shown + ": " + (stbi_failure_reason() ? stbi_failure_reason() : "unreadable"));
  Environment e;
  e.name = std::move(name);
  e.kind = EnvironmentKind::File;
  e.width = std::uint32_t(w);
  e.height = std::uint32_t(h);
  e.texels.resize(std::size_t(w) * std::size_t(h));
  std::size_t bad = 0;
  for (std::size_t k = 0; k < e.texels.size(); ++k) {
    const glm::vec3 c(data[3 * k], data[3 * k + 1], data[3 * k + 2]);
    if (!std::isfinite(c.r) || !std::isfinite(c.g) || !std::isfinite(c.b) || c.r < 0 || c.g < 0 || c.b < 0) ++bad;
    e.texels[k] = c;
  }
  stbi_image_free(data);
  if (w != 2 * h || h < 2) {
    throw std::runtime_error(shown + ": " + std::to_string(w) + " x " + std::to_string(h) +
                             " texels; an equirectangular map is twice as wide as it is tall");
  }
  if (bad > 0) throw std::runtime_error(shown + ": " + std::to_string(bad) + " texels are negative or not finite");
  measure(e);
  return e;
}

}  // namespace

fs::path shippedEnvironmentFolder() {
  std::vector<fs::path> candidates;
#ifdef BOIDS_ASSET_DIR
  candidates.emplace_back(fs::path(BOIDS_ASSET_DIR) / "environments");
#endif
  candidates.emplace_back(fs::path("assets") / "environments");
  if (const fs::path exe = executableFolder(); !exe.empty()) {
    candidates.push_back(exe / ".." / "share" / "boids" / "environments");
  }
  for (const fs::path& folder : candidates) {
    if (isDirectoryWithMaps(folder)) return folder;
  }
  return {};
}

std::vector<std::string> shippedEnvironments() {
  std::vector<std::string> names;
  const fs::path folder = shippedEnvironmentFolder();
  if (folder.empty()) return names;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".hdr") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> builtInEnvironments() { return {"sky", "constant", "upper-hemisphere", "single-texel"}; }

Environment builtInEnvironment(std::string_view name, std::uint32_t width, std::uint32_t height) {
  Environment e;
  e.name = std::string(name);
  e.width = width;
  e.height = height;
  if (name == "sky") {
    e.kind = EnvironmentKind::Sky;
    e.texels = skyTexels(width, height);
  } else if (name == "constant") {
    e.kind = EnvironmentKind::Constant;
    e.texels = verify::sh::constantEnvironment(width, height);
  } else if (name == "upper-hemisphere") {
    e.kind = EnvironmentKind::UpperHemisphere;
    e.texels = verify::sh::upperHemisphere(width, height);
  } else if (name == "single-texel") {
    e.kind = EnvironmentKind::SingleTexel;
    e.texels = verify::sh::singleTexel(width, height, singleTexelColumn(width), singleTexelRow(height), kSingleTexelRadiance);
  } else {
    throw std::runtime_error("'" + std::string(name) + "' is not a built-in environment");
  }
  measure(e);
  return e;
}

Environment loadEnvironment(std::string_view nameOrFile) {
  const std::string what(nameOrFile);
  const std::vector<std::string> builtIn = builtInEnvironments();
  if (std::find(builtIn.begin(), builtIn.end(), what) != builtIn.end()) {
    return builtInEnvironment(what, kBuiltInWidth, kBuiltInHeight);
  }
  const std::vector<std::string> shipped = shippedEnvironments();
  if (std::find(shipped.begin(), shipped.end(), what) != shipped.end()) {
    return fromFile(shippedEnvironmentFolder() / (what + ".hdr"), what);
  }
  if (what.find('/') != std::string::npos || fs::path(what).extension() == ".hdr") return fromFile(what, what);
  std::string known;
  for (const std::vector<std::string>* list : {&shipped, &builtIn}) {
    for (const std::string& n : *list) {
      if (!known.empty()) known += ", ";
      known += n;
    }
  }
  std::string message = "unknown environment '";
  message += what;
  message += "' (known: ";
  message += known;
  message += "; or a path to a .hdr file)";
  throw std::runtime_error(message);
}

std::optional<verify::sh::Coefficients> exactCoefficients(const Environment& e, double yaw) {
  switch (e.kind) {
    case EnvironmentKind::Constant: return verify::sh::constantCoefficients();
    case EnvironmentKind::UpperHemisphere: return verify::sh::upperHemisphereCoefficients();
    case EnvironmentKind::SingleTexel:
      return verify::sh::singleTexelCoefficients(e.width, e.height, singleTexelColumn(e.width), singleTexelRow(e.height),
                                                 kSingleTexelRadiance, yaw);
    default: return std::nullopt;
  }
}

double discretisationTolerance(const Environment& e) {
  switch (e.kind) {
    case EnvironmentKind::Constant:
    case EnvironmentKind::UpperHemisphere: return verify::sh::discretisationBound(e.height, 1.0);
    default: return 0.0;
  }
}

}  // namespace boids::lighting

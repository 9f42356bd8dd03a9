#pragma once
// The environments the flock can be lit by: HDR maps (Radiance .hdr, equirectangular, row 0 the
// zenith) shipped in assets/environments/ or named by the user, and ones the project makes
// itself: the built-in sky, and the analytic environments whose spherical-harmonics coefficients
// are known exactly (what the checks hold the GPU projection to). No GL.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "engine/verify/sh.hpp"

namespace boids::lighting {

enum class EnvironmentKind { File, Sky, Constant, UpperHemisphere, SingleTexel };

struct Environment {
  std::string name;  // as the user picks it: a shipped or built-in name, or the file's path
  EnvironmentKind kind = EnvironmentKind::File;
  std::uint32_t width = 0, height = 0;
  std::vector<glm::vec3> texels;  // linear radiance, row 0 the zenith, width x height
  double meanLuminance = 0;       // over the sphere, by solid angle (what the auto exposure divides by)
  int exponent = 0;               // the texels hold radiance times 2^-exponent (kLargestHeldRadiance)
  std::string note;               // what the user should know of a map that loaded (all black, scaled)

  bool analytic() const { return kind != EnvironmentKind::File && kind != EnvironmentKind::Sky; }
};

inline constexpr const char* kDefaultEnvironment = "sunset";
inline constexpr const char* kFallbackEnvironment = "sky";  // built in: always there
// A map brighter than this (RGBE reaches 1.7e38) is held scaled by a power of two to at most this,
// so that the projection's float sums of every texel times its solid angle stay far from overflow.
inline constexpr float kLargestHeldRadiance = 0x1p64f;

// The folder of the shipped maps: BOIDS_ASSET_DIR from the build when it exists, else
// assets/environments under the working directory, else beside the executable's install
// (../share/boids/environments). Empty when none has them.
std::filesystem::path shippedEnvironmentFolder();
std::vector<std::string> shippedEnvironments();  // their names (file stems), sorted
std::vector<std::string> builtInEnvironments();  // sky, constant, upper-hemisphere, single-texel

// Whether a name is a file's (it has a folder, or ends .hdr, .rgbe or .pic in any case) rather than
// a shipped or built-in map's.
bool namesAFile(std::string_view nameOrFile);

// A shipped or built-in name, or a path to a Radiance file (engine/lighting/hdr_file.hpp). Throws
// std::runtime_error with a one-line message that names what was asked for and what was wrong
// (unknown name, missing shipped maps, a folder or device, a cut or corrupt file, not twice as
// wide as tall, negative or non-finite texels).
Environment loadEnvironment(std::string_view nameOrFile);
// Empty when `file` reads as a map (its header and every scanline walk cleanly, twice as wide as
// tall), else the one-line reason loadEnvironment would give. Reads the file, decodes nothing.
std::string problemWithMapFile(const std::filesystem::path& file);
// The built-in ones at a size of their own (the checks' and tests' sweeps); `name` as above.
Environment builtInEnvironment(std::string_view name, std::uint32_t width, std::uint32_t height);

// The analytic environments' exact coefficients when the map is turned by `yaw` about up (nullopt
// for a file or the sky), and how far a projection of their texels can be from them by the
// discretisation alone (verify::sh::discretisationBound; 0 for the single texel, whose one term
// is its coefficients).
std::optional<verify::sh::Coefficients> exactCoefficients(const Environment& environment, double yaw);
double discretisationTolerance(const Environment& environment);

}  // namespace boids::lighting

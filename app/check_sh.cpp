// boids check, stage "sh": the environment's projection onto spherical harmonics, every variant in
// both layouts, against the CPU double projection of the same texels (and the serial float one
// beside it, as DirectXTK does it); the analytic environments against their exact coefficients.
#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>

#include "app/modes.hpp"
#include "engine/gl/timer.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;
namespace sh = verify::sh;
using lighting::ShLayout;

// The target, relative to |L00|: see tests/gl/test_gl_sh.cpp for why it binds, and the
// worst case float could reach beside it.
constexpr double kShTarget = 1e-5;

json coefficientsJson(const sh::Coefficients& L) {
  json a = json::array();
  for (const glm::dvec3& c : L) a.push_back(json::array({c.x, c.y, c.z}));
  return a;
}

std::string sci(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2e", v);
  return text;
}

// One layout's CPU references, made once for every variant.
struct References {
  sh::Coefficients cpuDouble{}, serialFloat{};
  double serialSolidAngle = 0;
  std::array<float, 6> serialFaces{};
  std::optional<sh::Coefficients> exact;
  double exactTolerance = 0;
};

References referencesFor(lighting::ShProjector& projector, const lighting::Environment& env, ShLayout layout, double yaw) {
  References r;
  if (layout == ShLayout::Equirect) {
    float solidAngle = 0;
    r.cpuDouble = sh::projectEquirect(env.texels, env.width, env.height, yaw);
    r.serialFloat = sh::projectEquirectSerialFloat(env.texels, env.width, env.height, yaw, &solidAngle);
    r.serialSolidAngle = solidAngle;
    // Exact only where the texels are the environment: the map itself, with the horizon between
    // rows for the hemisphere.
    if (env.kind != lighting::EnvironmentKind::UpperHemisphere || env.height % 2 == 0) r.exact = lighting::exactCoefficients(env, yaw);
  } else {
    const std::vector<glm::vec3> cube = projector.readCube();
    r.cpuDouble = sh::projectCube(cube, projector.cubeSize());
    r.serialFloat = sh::projectCubeSerialFloat(cube, projector.cubeSize(), &r.serialFaces);
    r.serialSolidAngle = 0;
    for (float f : r.serialFaces) r.serialSolidAngle += f;
    // A constant resamples to itself; the others' cube is a resample, judged against its own projection.
    if (env.kind == lighting::EnvironmentKind::Constant) r.exact = sh::constantCoefficients();
  }
  // Against the exact coefficients: the target, plus the discretisation's own bound where the
  // texels are the analytic environment's (the equirect map; the cube's constant is exact).
  if (r.exact) {
    r.exactTolerance = (layout == ShLayout::Equirect ? lighting::discretisationTolerance(env) : 0.0) + kShTarget * sh::l00Magnitude(*r.exact);
  }
  return r;
}

json shRow(lighting::ShProjector& projector, const lighting::Environment& env, ShLayout layout, const std::string& variant,
           const References& ref, int repeats) {
  json row = {{"strategy", "sh/" + variant}, {"stage", "sh"}, {"variant", variant}, {"environment", env.name},
              {"layout", lighting::layoutName(layout)}, {"texels", layout == ShLayout::Cube ? 6 * projector.cubeSize() * projector.cubeSize()
                                                                                           : env.width * env.height}};
  if (std::string why = projector.unavailable(variant, layout); !why.empty()) {
    row["available"] = false;
    row["reason"] = why;
    return row;
  }
  const std::vector<double> ms = gl::timeRuns([&](int) { projector.project(variant, layout); }, repeats);
  const lighting::ShResult gpu = projector.read();
  const double errorGpu = sh::relativeError(gpu.L, ref.cpuDouble), errorSerial = sh::relativeError(ref.serialFloat, ref.cpuDouble);
  bool pass = errorGpu <= kShTarget;
  row["available"] = true;
  row["gpu"] = {{"sh", coefficientsJson(gpu.L)}, {"solid_angle", gpu.solidAngle}};
  row["cpu_double"] = {{"sh", coefficientsJson(ref.cpuDouble)}};
  row["cpu_serial_float"] = {{"sh", coefficientsJson(ref.serialFloat)}, {"solid_angle", ref.serialSolidAngle}};
  row["error_gpu"] = errorGpu;
  row["error_serial_float"] = errorSerial;
  row["tolerance"] = kShTarget;
  // The projection's scale is |L00| (its "extent"): the target is already relative to it, and the
  // exact coefficients' tolerance is taken relative to it too.
  row["tolerance_relative_to_extent"] = kShTarget;
  std::string detail = env.name;
  detail += ", ";
  detail += lighting::layoutName(layout);
  detail += ": serial float " + sci(errorSerial) + " of |L00|";
  if (ref.exact) {
    const double errorExact = sh::largestDifference(gpu.L, *ref.exact);
    row["exact"] = {{"sh", coefficientsJson(*ref.exact)}};
    row["error_exact"] = errorExact;
    row["tolerance_exact"] = ref.exactTolerance;
    row["tolerance_relative_to_extent"] = std::max(kShTarget, ref.exactTolerance / std::max(sh::l00Magnitude(*ref.exact), 1e-30));
    pass = pass && errorExact <= ref.exactTolerance;
    detail += "; exact within " + sci(errorExact) + " (tolerance " + sci(ref.exactTolerance) + ")";
  }
  if (layout == ShLayout::Cube) {
    // The source's finding: each face's float solid-angle sum, serial and by the GPU's reduction.
    const std::array<double, 6> faces = projector.faceSolidAngles(variant);
    const double exactFace = 4.0 * std::numbers::pi / 6.0;
    double worstGpu = 0, worstSerial = 0;
    for (int f = 0; f < 6; ++f) {
      worstGpu = std::max(worstGpu, std::abs(faces[std::size_t(f)] - exactFace) / exactFace);
      worstSerial = std::max(worstSerial, std::abs(double(ref.serialFaces[std::size_t(f)]) - exactFace) / exactFace);
    }
    row["face_solid_angles"] = {{"gpu", faces}, {"cpu_serial_float", ref.serialFaces}, {"exact", exactFace},
                                {"error_gpu", worstGpu}, {"error_serial_float", worstSerial}};
    pass = pass && worstGpu <= kShTarget;
    detail += "; face solid angles off by " + sci(worstGpu) + " (serial float " + sci(worstSerial) + ")";
  }
  row["pass"] = pass;
  row["gpu_ms"] = gl::median(ms);
  row["detail"] = detail;
  return row;
}

}  // namespace

std::vector<std::string> checkedEnvironments(const std::string& extra) {
  std::vector<std::string> names = lighting::shippedEnvironments();
  for (std::string& n : lighting::builtInEnvironments()) names.push_back(std::move(n));
  if (std::find(names.begin(), names.end(), extra) == names.end()) names.push_back(extra);
  return names;
}

std::vector<json> checkSphericalHarmonics(const gl::ShaderLibrary& shaders, const gl::Caps& caps, const std::string& extra,
                                          int repeats, const std::function<void(const std::string&)>& beginning) {
  lighting::ShProjector projector(shaders, caps);
  std::vector<json> rows;
  for (const std::string& name : checkedEnvironments(extra)) {
    if (beginning) beginning(name);
    lighting::Environment env;
    try {
      env = lighting::loadEnvironment(name);
      projector.setEnvironment(env);
    } catch (const std::runtime_error& e) {  // a bad --environment file: a failed row that says why
      rows.push_back({{"strategy", "sh/load"}, {"stage", "sh"}, {"variant", "-"}, {"environment", name}, {"available", true},
                      {"pass", false}, {"gpu_ms", 0.0}, {"detail", e.what()}});
      continue;
    }
    // Turned, so the tables' azimuths are not the map's own: the yaw the panel would set.
    const double yaw = double(float(0.5));
    projector.setYaw(float(yaw));
    for (ShLayout layout : lighting::kLayouts) {
      const References ref = referencesFor(projector, env, layout, yaw);
      for (const char* variant : lighting::kShVariants) rows.push_back(shRow(projector, env, layout, variant, ref, repeats));
    }
  }
  return rows;
}

}  // namespace boids::app

#include "engine/lighting/sh_stage.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>

#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"

namespace boids::lighting {
namespace {

namespace sh = verify::sh;

// The target, relative to |L00|: see tests/gl/test_gl_sh.cpp for why it binds, and the
// worst case float could reach beside it.
constexpr double kShTarget = 1e-5;

lab::Row coefficientsJson(const sh::Coefficients& L) {
  lab::Row a = nlohmann::json::array();
  for (const glm::dvec3& c : L) a.push_back(nlohmann::json::array({c.x, c.y, c.z}));
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

References referencesFor(ShProjector& projector, const Environment& env, ShLayout layout, double yaw) {
  References r;
  if (layout == ShLayout::Equirect) {
    float solidAngle = 0;
    r.cpuDouble = sh::projectEquirect(env.texels, env.width, env.height, yaw);
    r.serialFloat = sh::projectEquirectSerialFloat(env.texels, env.width, env.height, yaw, &solidAngle);
    r.serialSolidAngle = solidAngle;
    // Exact only where the texels are the environment: the map itself, with the horizon between
    // rows for the hemisphere.
    if (env.kind != EnvironmentKind::UpperHemisphere || env.height % 2 == 0) r.exact = exactCoefficients(env, yaw);
  } else {
    const std::vector<glm::vec3> cube = projector.readCube();
    r.cpuDouble = sh::projectCube(cube, projector.cubeSize());
    r.serialFloat = sh::projectCubeSerialFloat(cube, projector.cubeSize(), &r.serialFaces);
    r.serialSolidAngle = 0;
    for (float f : r.serialFaces) r.serialSolidAngle += f;
    // A constant resamples to itself; the others' cube is a resample, judged against its own projection.
    if (env.kind == EnvironmentKind::Constant) r.exact = sh::constantCoefficients();
  }
  // Against the exact coefficients: the target, plus the discretisation's own bound where the
  // texels are the analytic environment's (the equirect map; the cube's constant is exact).
  if (r.exact) {
    r.exactTolerance = (layout == ShLayout::Equirect ? discretisationTolerance(env) : 0.0) + kShTarget * sh::l00Magnitude(*r.exact);
  }
  return r;
}

lab::Row shRow(ShProjector& projector, const Environment& env, ShLayout layout, const std::string& variant,
               const References& ref, lab::Timer& timer) {
  lab::Row row = {{"strategy", "sh/" + variant}, {"stage", "sh"}, {"variant", variant}, {"environment", env.name},
              {"layout", layoutName(layout)}, {"texels", layout == ShLayout::Cube ? 6 * projector.cubeSize() * projector.cubeSize()
                                                                                           : env.width * env.height}};
  if (std::string why = projector.unavailable(variant, layout); !why.empty()) {
    row["available"] = false;
    row["reason"] = why;
    return row;
  }
  timer.time(row, [&](int) { projector.project(variant, layout); });
  const ShResult gpu = projector.read();
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
  detail += layoutName(layout);
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
  row["detail"] = detail;
  return row;
}

class ShStage : public lab::Stage {
 public:
  explicit ShStage(const lab::Context& context) : projector_(context.shaders, context.caps) {}

  std::vector<std::pair<std::string, std::string>> variants() const override {
    std::vector<std::pair<std::string, std::string>> list;
    for (const char* v : kShVariants) list.emplace_back(v, "");  // unavailable by layout: said in its rows
    return list;
  }

  void prepare(const lab::Case& c) override {
    case_ = c;
    error_.clear();
    try {
      env_ = loadEnvironment(c.input);
      projector_.setEnvironment(env_);
    } catch (const std::runtime_error& e) {  // a bad --environment file: a failed row that says why
      error_ = e.what();
      return;
    }
    // Turned, so the tables' azimuths are not the map's own: the yaw the panel would set.
    const double yaw = double(float(0.5));
    projector_.setYaw(float(yaw));
    for (std::size_t l = 0; l < std::size(kLayouts); ++l) references_[l] = referencesFor(projector_, env_, kLayouts[l], yaw);
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    if (!error_.empty()) {
      if (k > 0) return {};
      lab::Row row = lab::judged(lab::identity(case_, "sh", "-"), false, error_);
      row.update({{"strategy", "sh/load"}, {"environment", case_.input}, {"gpu_ms", 0.0}});
      return {row};
    }
    std::vector<lab::Row> rows;
    for (std::size_t l = 0; l < std::size(kLayouts); ++l) {
      lab::Row row = shRow(projector_, env_, kLayouts[l], kShVariants[k], references_[l], timer);
      row["n"] = row["texels"];
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  ShProjector projector_;
  lab::Case case_;
  std::string error_;
  Environment env_;
  std::array<References, std::size(kLayouts)> references_;
};

}  // namespace

std::vector<std::string> checkedEnvironments(const std::string& extra) {
  std::vector<std::string> names = shippedEnvironments();
  for (std::string& n : builtInEnvironments()) names.push_back(std::move(n));
  if (!extra.empty() && std::find(names.begin(), names.end(), extra) == names.end()) names.push_back(extra);
  return names;
}

const lab::StageInfo kShStage{"sh", "the environment's projection onto spherical harmonics", lab::Sweep::Once,
                              [](const lab::Context& c) { return std::make_unique<ShStage>(c); }, nullptr,
                              checkedEnvironments};

}  // namespace boids::lighting

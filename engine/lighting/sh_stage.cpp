#include "engine/lighting/sh_stage.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>

#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "engine/lighting/sh_watch.hpp"
#include "engine/primitives/baseline.hpp"

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
  double doubleUs = 0, serialUs = 0;  // the CPU projections' times (the double one: equirect only)
  std::uint32_t texels = 0;
};

double microseconds(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

References referencesFor(ShProjector& projector, const Environment& env, ShLayout layout, double yaw) {
  References r;
  if (layout == ShLayout::Equirect) {
    float solidAngle = 0;
    r.texels = env.width * env.height;
    r.doubleUs = microseconds([&] { r.cpuDouble = sh::projectEquirect(env.texels, env.width, env.height, yaw); });
    r.serialUs = microseconds([&] {
      r.serialFloat = sh::projectEquirectSerialFloat(env.texels, env.width, env.height, yaw, &solidAngle);
    });
    r.serialSolidAngle = solidAngle;
    // Exact only where the texels are the environment: the map itself, with the horizon between
    // rows for the hemisphere.
    if (env.kind != EnvironmentKind::UpperHemisphere || env.height % 2 == 0) r.exact = exactCoefficients(env, yaw);
  } else {
    const std::vector<glm::vec3> cube = projector.readCube();
    r.texels = 6 * projector.cubeSize() * projector.cubeSize();
    r.cpuDouble = sh::projectCube(cube, projector.cubeSize());
    r.serialUs = microseconds([&] { r.serialFloat = sh::projectCubeSerialFloat(cube, projector.cubeSize(), &r.serialFaces); });
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
                  {"layout", layoutName(layout)}, {"texels", ref.texels}, {"n", ref.texels}};
  if (std::string why = projector.unavailable(variant, layout); !why.empty()) {
    row["available"] = false;
    row["reason"] = why;
    return row;
  }
  const double ms = timer.time(row, [&](int) { projector.project(variant, layout); });
  row["speedup_over_serial"] = ref.serialUs / (ms * 1e3);
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

// The bench's maps: the built-in sky, twice as wide as these heights; the cube (its size is its
// own) is resampled from one of them.
constexpr std::uint32_t kBenchHeights[] = {128, 256, 512, 1024, 2048};
constexpr std::uint32_t kCubeHeight = 1024;

class ShStage : public lab::Stage {
 public:
  explicit ShStage(const lab::Context& context) : projector_(context.shaders, context.caps), copy_(context.shaders, context.caps) {}

  std::vector<std::pair<std::string, std::string>> variants() const override {
    std::vector<std::pair<std::string, std::string>> list;
    for (const char* v : kShVariants) list.emplace_back(v, "");  // unavailable by layout: said in its rows
    return list;
  }

  // An environment by name (Case::input: check's, the panel's); else (bench) the built-in sky of
  // Case::n rows.
  void prepare(const lab::Case& c) override {
    case_ = c;
    error_.clear();
    try {
      env_ = !c.input.empty() ? loadEnvironment(c.input) : builtInEnvironment("sky", 2 * c.n, c.n);
      projector_.setEnvironment(env_);
    } catch (const std::runtime_error& e) {  // a bad --environment file: a failed row that says why
      error_ = e.what();
      return;
    }
    // Turned, so the tables' azimuths are not the map's own: the yaw the panel would set.
    const double yaw = double(float(0.5));
    projector_.setYaw(float(yaw));
    layouts_ = !c.input.empty() || c.n == kCubeHeight ? 2 : 1;
    for (std::size_t l = 0; l < layouts_; ++l) references_[l] = referencesFor(projector_, env_, kLayouts[l], yaw);
  }

  // The CPU projections' times, a streaming copy of the map's bytes (its speed of light: the floor)
  // and the cube's resample.
  std::vector<lab::Row> baselines(lab::Timer& timer) override {
    const References& map = references_[0];
    auto cpu = [&](const char* variant, const References& r, double us, const char* layout) {
      lab::Row row = lab::identity(case_, "sh", variant);
      row.update({{"layout", layout}, {"texels", r.texels}, {"n", r.texels}, {"runs", 1}, {"median_us", us}, {"cpu", true},
                  {"baseline", true}, {"available", true}});
      return row;
    };
    std::vector<lab::Row> rows = {cpu("cpu/double", map, map.doubleUs, "equirect"), cpu("cpu/serial-float", map, map.serialUs, "equirect")};
    rows[1]["error"] = sh::relativeError(map.serialFloat, map.cpuDouble);
    const std::size_t bytes = std::size_t(map.texels) * 16;
    const gl::Buffer from("lab.sh.copyFrom", bytes), to("lab.sh.copyTo", bytes);
    lab::Row copy = cpu("baseline/stream-copy", map, 0, "-");
    copy.erase("cpu");
    const double copyMs = timer.time(copy, [&](int) { copy_.run(from, to, map.texels * 4); });
    bytesPerSecond_ = 2.0 * double(bytes) / (copyMs * 1e-3);
    copy["bytes_per_second"] = bytesPerSecond_;
    rows.push_back(copy);
    if (layouts_ == 2) {
      rows.push_back(cpu("cpu/serial-float", references_[1], references_[1].serialUs, "cube"));
      rows.back()["error"] = sh::relativeError(references_[1].serialFloat, references_[1].cpuDouble);
      lab::Row resample = cpu("resample", references_[1], 0, "cube");
      resample.erase("cpu");
      timer.time(resample, [&](int) { projector_.resampleCube(); });
      rows.push_back(resample);
    }
    return rows;
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    if (!error_.empty()) {
      if (k > 0) return {};
      lab::Row row = lab::judged(lab::identity(case_, "sh", "-"), false, error_);
      row.update({{"strategy", "sh/load"}, {"environment", case_.input}, {"gpu_ms", 0.0}});
      return {row};
    }
    std::vector<lab::Row> rows;
    for (std::size_t l = 0; l < layouts_; ++l) {
      lab::Row row = shRow(projector_, env_, kLayouts[l], kShVariants[k], references_[l], timer);
      if (case_.purpose == lab::Purpose::Bench && row["available"].get<bool>()) {
        row["error"] = row["error_gpu"];
        row["floor_us"] = double(references_[l].texels) * 16.0 / bytesPerSecond_ * 1e6;
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  ShProjector projector_;
  primitives::StreamCopy copy_;
  lab::Case case_;
  std::string error_;
  Environment env_;
  std::size_t layouts_ = 2;  // the bench projects the cube from one map only
  std::array<References, std::size(kLayouts)> references_;
  double bytesPerSecond_ = 0;
};

}  // namespace

std::vector<std::string> checkedEnvironments(const std::string& extra) {
  std::vector<std::string> names = shippedEnvironments();
  for (std::string& n : builtInEnvironments()) names.push_back(std::move(n));
  if (!extra.empty() && std::find(names.begin(), names.end(), extra) == names.end()) names.push_back(extra);
  return names;
}

std::vector<std::uint32_t> shBenchHeights() { return {std::begin(kBenchHeights), std::end(kBenchHeights)}; }

const lab::StageInfo kShStage{"sh", "the environment's projection onto spherical harmonics", lab::Sweep::Once,
                              [](const lab::Context& c) { return std::make_unique<ShStage>(c); }, nullptr,
                              checkedEnvironments, watchSh,
                              [] { return std::vector<std::string>(std::begin(kShVariants), std::end(kShVariants)); }};

}  // namespace boids::lighting

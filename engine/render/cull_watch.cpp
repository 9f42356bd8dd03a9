#include "engine/render/cull_watch.hpp"

#include "engine/cull/cull.hpp"
#include "engine/primitives/compact/compact_watch.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/watch_variant.hpp"
#include "engine/random.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/verify/cull.hpp"
#include "shaders/cull/cull_slots.h"

namespace boids::render {
namespace {

constexpr float kSide = 64.0f;         // the world the flock fills
constexpr std::uint32_t kPlaces = 64;  // lattice places a side, a unit apart
constexpr std::uint32_t kGroup = 256;  // the cull's compactions are the frame's (primitives/compact)
constexpr int kMostTries = 20;

// Seeded places on the lattice of the cube, seen by `camera`, none of them within float rounding of
// a plane or a level's edge (verify::referenceCull's ambiguous boids, which a float test may put
// either way): those are drawn again, so that the model is exact.
std::vector<glm::vec4> flockFor(std::uint32_t n, std::uint64_t seed, const gpu::CullParams& camera) {
  SplitMix64 random(seed);
  const auto place = [&] { return float(random.next() % kPlaces) - 0.5f * kSide + 0.5f; };
  std::vector<glm::vec4> positions(n);
  for (glm::vec4& p : positions) p = {place(), place(), place(), 0.0f};
  for (int tries = 0; tries < kMostTries; ++tries) {
    const verify::CullReference reference = verify::referenceCull(positions, camera);
    if (reference.ambiguousCount == 0) break;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (reference.ambiguous[i]) positions[i] = {place(), place(), place(), 0.0f};
    }
  }
  return positions;
}

std::vector<lab::Step> modelOf(const std::string& variant, const std::vector<glm::vec4>& positions, const gpu::CullParams& camera,
                               std::uint32_t scanTile) {
  const verify::CullReference reference = verify::referenceCull(positions, camera);
  std::vector<lab::Step> steps;
  std::vector<std::uint32_t> commands;
  for (int level = 0; level < cull::kLevels; ++level) {
    std::vector<std::uint32_t> flags(positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) flags[i] = reference.level[i] == level ? 1u : 0u;
    const std::string what = std::string("the ") + cull::levelName(level) + " level: ";
    for (lab::Step& s : primitives::compactSteps(variant, flags, kGroup, scanTile, what, false)) steps.push_back(std::move(s));
    const cull::DrawCommand c = cull::commandFor(kLevelDraws[std::size_t(level)], reference.counts[std::size_t(level)]);
    commands.insert(commands.end(), {c.count, c.instanceCount, c.first, c.baseInstance});
  }
  steps.push_back({"commands",
                   "one invocation writes each level's draw command from its count (vertices, instances, first, base): the "
                   "draws read them without the CPU",
                   {{"near, middle, far", "commands", {}, commands, 4, lab::Cells::Numbers}}});
  return steps;
}

}  // namespace

lab::Watch watchCull(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"cull", request.variant, request.input, {}, {}};
  const primitives::CompactVariant* variant = primitives::watchedVariant(primitives::compactions(), watch, context.caps);
  if (!variant) return watch;
  if (request.input != "random") {
    watch.error = "the cull's watch takes a seeded flock (--input random), not '" + request.input + "': a camera sees places";
    return watch;
  }
  const auto n = static_cast<std::uint32_t>(lab::watchInput(request, 2).size());
  const gpu::CullParams camera = verify::cullCameras(kSide).front().params;  // inside the flock, looking along +x
  const std::vector<glm::vec4> positions = flockFor(n, request.seed, camera);
  cull::Cull c(context.shaders, context.caps, *variant, kLevelDraws);
  if (const std::string why = c.unavailableFor(n); !why.empty()) {
    watch.error = request.variant + " cannot cull " + std::to_string(n) + " boids here: " + why;
    return watch;
  }
  const std::uint32_t scanTile = primitives::findVariant(primitives::scans(), primitives::kDefaultScan)->create(context.shaders, context.caps)->tile();
  watch.steps = modelOf(request.variant, positions, camera, scanTile);
  gl::Buffer buffer = gl::Buffer::fromSpan("watch.cull.positions", std::span<const glm::vec4>(positions));
  gl::Buffer params("watch.cull.params", sizeof camera, &camera);
  return lab::recorded(std::move(watch), c, [&] { c.run(buffer, n, params); });
}

}  // namespace boids::render

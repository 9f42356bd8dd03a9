#include "engine/render/splat_watch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "engine/primitives/registry.hpp"
#include "engine/render/splat_stage.hpp"
#include "engine/render/splats.hpp"
#include "engine/verify/splat.hpp"
#include "shaders/cull/cull_slots.h"
#include "shaders/render/splat_slots.h"

namespace boids::render {
namespace {

constexpr glm::ivec2 kSize{24, 14};
constexpr std::uint32_t kDepths = 64;  // the input's elements: depths 8 to 71
constexpr std::uint32_t kNone = SPLAT_CLEAR_DEPTH;
using Range = std::pair<std::uint32_t, std::uint32_t>;

std::uint32_t bitsOf(double v) { return std::bit_cast<std::uint32_t>(float(v)); }

// The reference's pixels as three lanes: the nearest boid (the visibility's payload), its depth,
// the coverage (or the optical depth: `summed`); after a depths-only pass (`colours` false) the
// payload is still clear.
std::vector<lab::Lane> pixelLanes(const std::vector<verify::SplatPixel>& ref, bool colours, bool summed) {
  lab::Lane boid{"nearest boid", "visibility", {}, {}, 0, lab::Cells::Keys, false, 0, 2, 0};
  lab::Lane depth{"its depth", "visibility", {}, {}, 0, lab::Cells::Floats, false, 0, 2, 1};
  lab::Lane cover{summed ? "optical depth (of " + std::to_string(SPLAT_DEPTH_ONE) + " a pixel's area)"
                         : "coverage (of " + std::to_string(SPLAT_COVER_ONE) + " a pixel)",
                  "coverage", {}, {}, 0, lab::Cells::Numbers};
  for (const verify::SplatPixel& px : ref) {
    const bool someone = std::isfinite(px.nearest);
    // The boids that may be the GPU's nearest: within rounding of the nearest certain depth.
    std::vector<Range> ids, depths;
    std::uint32_t shownId = kNone;
    for (const verify::SplatCandidate& c : px.candidates) {
      if (c.depth > px.nearest + verify::kSplatDepthEps) continue;
      ids.emplace_back(c.id, c.id);
      depths.emplace_back(bitsOf(c.depth - verify::kSplatDepthEps), bitsOf(c.depth + verify::kSplatDepthEps));
      if (c.certain && c.depth == px.nearest) shownId = std::min(shownId, c.id);
    }
    if (!someone) {  // nothing certain: clear, or a boid that rounding may let cover it
      ids.emplace_back(kNone, kNone);
      depths.emplace_back(kNone, kNone);
    }
    boid.model.push_back(colours ? shownId : kNone);
    boid.accepted.push_back(colours ? ids : std::vector<Range>{});
    depth.model.push_back(someone ? bitsOf(px.nearest) : kNone);
    depth.accepted.push_back(depths);
    // The nearest bird's pass stops adding at a whole pixel, so a sum at or past it is any sum past
    // it; optical depth adds every share.
    const std::int64_t one = summed ? std::numeric_limits<std::int64_t>::max() : std::int64_t(SPLAT_COVER_ONE);
    // Shown: the low end; for optical depth, whose ranges widen bird by bird, their middle (the
    // shares as the reference rounds them), but 0 where a share may be none (a footprint's edge).
    cover.model.push_back(std::uint32_t(summed && px.low > 0 ? (px.low + px.high) / 2 : px.low));
    cover.accepted.push_back({{std::uint32_t(std::min(px.low, one)), px.high < one ? std::uint32_t(px.high) : ~0u}});
  }
  for (lab::Lane* lane : {&boid, &depth, &cover}) {
    lane->columns = std::uint32_t(kSize.x);
    lane->image = true;
  }
  depth.digits = 3;  // a cell's text; the words are judged whole
  return {boid, depth, cover};
}

}  // namespace

lab::Watch watchSplat(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"splat", request.variant, request.input, {}, {}};
  const SplatVariant* v = primitives::findVariant(splatVariants(), request.variant);
  if (!v) {
    std::string names;
    for (const std::string& name : primitives::variantNames(splatVariants())) names += (names.empty() ? "" : ", ") + name;
    watch.error = "no watch for splat variant '" + request.variant + "' (those with one: " + names + ")";
    return watch;
  }
  Splats splats(context.shaders, context.caps, Splats::Payload::BoidIndex);
  const bool wide = !v->narrow, summed = v->far == FarField::OpticalDepth;
  if (wide && !splats.wide()) {
    watch.error = request.variant + " cannot run here: " + splats.wideAtomicsMissing();
    return watch;
  }
  // The scene's places on the screen, at the input's depths: each boid slid along its line of sight.
  const std::vector<std::uint32_t> values = lab::watchInput(request, kDepths);
  verify::SplatScene scene = verify::splatScene(std::uint32_t(values.size()), request.seed, kSize);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const float z = 8.0f + float(values[i]), along = z / -scene.positions[i].z;
    scene.positions[i] = glm::vec4(glm::vec3(scene.positions[i]) * along, 1.0f);
  }
  std::vector<std::uint32_t> every(values.size());
  for (std::uint32_t i = 0; i < every.size(); ++i) every[i] = i;
  const verify::CoverageSum sum = summed ? verify::CoverageSum::Summed : verify::CoverageSum::Clamped;
  const std::vector<verify::SplatPixel> ref = verify::splatReference(scene.positions, scene.velocities, every, scene.view, sum);
  const std::string how = "an invocation a boid projects it, and walks the pixels of its footprint (a square of at least 1.5 px "
                          "far off, the dart's triangle near): ";
  const std::string added = summed ? "each boid's covered share added to the pixel's optical depth (a group's shares summed by "
                                     "pixel in its shared table first, each sum added once)"
                                   : "coverage added, up to the whole pixel";
  if (wide) {
    watch.steps.push_back({"splat", how + "one 64-bit atomicMin of depth << 32 | index a pixel keeps the nearest; " + added,
                           pixelLanes(ref, true, summed)});
  } else {
    watch.steps.push_back({"depth", how + "a 32-bit atomicMin keeps the nearest depth; " + added, pixelLanes(ref, false, summed)});
    watch.steps.push_back({"colour", "the same walk again: where a boid's depth is the pixel's, an atomicMin of its index (the smaller on a tie)",
                           pixelLanes(ref, true, summed)});
  }

  SplatSceneBuffers buffers(scene, "watch.splat");
  buffers.farField(v->far);
  buffers.bind();
  const auto n = std::uint32_t(values.size());
  splats.forceNarrow(!wide);
  watch = lab::recorded(std::move(watch), splats, [&] {
    splats.begin(kSize);
    splats.splat({nullptr, nullptr, nullptr, 0, n, int(CULL_FAR)}, scene.view.lod);
    splats.finish();
  });
  // The lanes judge a pixel's boid and its depth apart; the judge takes them as a pair, one boid the
  // reference allows at its own depth.
  if (watch.error.empty()) {
    const std::vector<lab::Lane>& lanes = watch.steps.back().lanes;
    std::vector<glm::uvec2> visibility;
    for (std::size_t i = 0; i < lanes[0].gpu.size() && i < lanes[1].gpu.size(); ++i) visibility.emplace_back(lanes[0].gpu[i], lanes[1].gpu[i]);
    const verify::SplatJudgement j =
        verify::judgeSplats(scene.positions, scene.velocities, every, scene.view, visibility, lanes[2].gpu, sum);
    if (!j.pass()) watch.error = "the splat judge: " + j.firstFailure;
  }
  return watch;
}

}  // namespace boids::render

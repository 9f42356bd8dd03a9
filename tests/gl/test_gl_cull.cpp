// The cull (engine/cull): every compaction variant from its registry, with the cull's predicate,
// against the double-precision reference of the same positions and matrix (engine/verify/cull.cpp)
// at awkward sizes and the four cameras of verify::cullCameras; each level's list, and the draw
// commands the GPU wrote from the counts (cull::commandFor, for the levels as the renderer draws them).
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "engine/cull/cull.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/sim/initial_state.hpp"
#include "engine/sim/params.hpp"
#include "engine/verify/cull.hpp"
#include "gl_fixture.hpp"
#include "shaders/cull/cull_slots.h"

using namespace boids;
using test::GlTest;

namespace {


std::vector<glm::vec4> positionsFor(std::uint32_t n) {
  sim::SimSettings s;
  s.count = n;
  s.seed = n + 5;
  s.worldSize = sim::worldSizeForCount(n);
  return sim::initialState(s).positions;
}

// Each level's list as long as its count says.
std::array<std::vector<std::uint32_t>, 3> listsOf(const cull::Cull& c, std::uint32_t n, const std::array<std::uint32_t, 3>& counts) {
  std::array<std::vector<std::uint32_t>, 3> lists;
  for (int level = 0; level < cull::kLevels; ++level) {
    const std::uint32_t k = std::min(counts[static_cast<std::size_t>(level)], n);
    lists[static_cast<std::size_t>(level)] = c.list(level).read<std::uint32_t>(k);
  }
  return lists;
}

}  // namespace

class EveryCullVariant : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryCullVariant, KeepsEachLevelAsTheDoubleReferenceDoes) {
  const auto [name, n] = GetParam();
  const primitives::CompactVariant* variant = test::availableVariant(primitives::compactions(), name);
  if (!variant) return;
  cull::Cull c(test::shaders(), test::caps(), *variant, render::kLevelDraws);
  if (const std::string why = c.unavailableFor(n); !why.empty()) {
    EXPECT_EQ(name, "single-thread") << why;  // llvmpipe's loop budget, as for the flags
    return;
  }
  const std::vector<glm::vec4> positions = positionsFor(n);
  auto input = gl::Buffer::fromSpan(std::string_view("test.cull.positions"), std::span<const glm::vec4>(positions));
  gl::Buffer params("test.cull.params", sizeof(gpu::CullParams));
  for (const verify::CullCamera& camera : verify::cullCameras(sim::worldSizeForCount(n))) {
    const gpu::CullParams& p = camera.params;
    params.upload(0, sizeof p, &p);
    c.run(input, n, params);
    const std::array<std::uint32_t, 3> counts = c.readCounts();
    const std::vector<cull::DrawCommand> commands = c.commands().read<cull::DrawCommand>(cull::kLevels);
    const verify::CullReference reference = verify::referenceCull(positions, p);
    const verify::Judgement j = verify::judgeCull(reference, listsOf(c, n, counts));
    EXPECT_TRUE(j.pass) << name << " n=" << n << " camera " << camera.name << ": " << j.detail;
    for (std::size_t level = 0; level < cull::kLevels; ++level) {
      // Instanced: the mesh once per boid; else one instance of the mesh repeated per boid.
      const cull::LevelDraw draw = render::kLevelDraws[level];
      const std::uint32_t boids = counts[level];
      EXPECT_EQ(commands[level].count, draw.instanced ? draw.vertices : draw.vertices * boids) << cull::levelName(int(level));
      EXPECT_EQ(commands[level].instanceCount, draw.instanced ? boids : 1u) << cull::levelName(int(level));
      EXPECT_EQ(commands[level].first, 0u);
      EXPECT_EQ(commands[level].baseInstance, 0u);
    }
    // The cameras are chosen so that the comparison is not hollow: what each one should see.
    if (n >= 4097) {
      const auto& k = reference.counts;
      const std::string which = camera.name;
      if (which == "inside") {
        EXPECT_TRUE(k[CULL_NEAR] > 0 && k[CULL_MIDDLE] > 0 && k[CULL_FAR] > 0 && k[CULL_HIDDEN] > 0) << j.detail;
      } else if (which == "away") {
        EXPECT_EQ(k[CULL_HIDDEN], n) << j.detail;
      } else if (which == "distant") {
        EXPECT_EQ(k[CULL_FAR], n) << j.detail;
      } else {
        EXPECT_GT(k[CULL_NEAR] + k[CULL_MIDDLE] + k[CULL_FAR], n * 9 / 10) << j.detail;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryCullVariant,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::compactions())),
                                            ::testing::Values(1u, 2u, 63u, 65u, 4097u, 65537u)),
                         test::VariantAndSize());

TEST_F(GlTest, TheCullJudgeCatchesABoidInTheWrongLevel) {
  // The judge must be able to fail: a near boid moved to the far list is named.
  const std::vector<glm::vec4> positions = positionsFor(4097);
  const gpu::CullParams p = verify::cullCameras(sim::worldSizeForCount(4097))[0].params;
  const verify::CullReference reference = verify::referenceCull(positions, p);
  std::array<std::vector<std::uint32_t>, 3> lists;
  for (std::uint32_t i = 0; i < 4097; ++i) {
    if (reference.level[i] < 3) lists[reference.level[i]].push_back(i);
  }
  ASSERT_TRUE(verify::judgeCull(reference, lists).pass);
  std::uint32_t moved = 0;
  while (reference.level[moved] != CULL_NEAR || reference.ambiguous[moved]) ++moved;
  std::erase(lists[CULL_NEAR], moved);
  lists[CULL_FAR].push_back(moved);
  const verify::Judgement j = verify::judgeCull(reference, lists);
  EXPECT_FALSE(j.pass);
  EXPECT_NE(j.detail.find("boid " + std::to_string(moved)), std::string::npos) << j.detail;
  lists[CULL_FAR].push_back(moved);
  EXPECT_NE(verify::judgeCull(reference, lists).detail.find("two lists"), std::string::npos);
}

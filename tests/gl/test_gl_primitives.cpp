// The primitives library: every variant of every primitive, from its registry, against its CPU
// reference and judge (engine/verify/primitives.hpp) at awkward sizes. A variant added to a
// registry is tested here without this file changing.
#include <string>
#include <tuple>
#include <vector>

#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/reduce/reduce.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/verify/primitives.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

// 1 and 2; around a warp and a group's item count; around one tile (2048 uints; 3072 for the
// look-back on a GPU) and two levels of tiles (2048^2); primes.
const std::uint32_t kScanSizes[] = {1u,    2u,    63u,   64u,   65u,   2047u,  2048u,    2049u,
                                    3071u, 3072u, 3073u, 4095u, 4097u, 65537u, 1000003u, 4194305u};

}  // namespace

class EveryScan : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryScan, MatchesTheCpuPrefixSumExactly) {
  const auto [name, n] = GetParam();
  const primitives::ScanVariant* variant = test::availableVariant(primitives::scans(), name);
  if (!variant) return;
  auto scan = variant->create(test::shaders(), test::caps());
  // Small values (counts, flags), then the largest its domain takes: any uint (sums wrap around
  // 2^32), or values up to what keeps the total below the variant's limit. Each twice with one
  // object: a run must not depend on what the previous one left behind.
  const std::uint64_t limit = scan->totalLimit();
  const std::uint32_t largest = limit == 0 ? 0u : static_cast<std::uint32_t>(std::max<std::uint64_t>(1, (limit - 1) / n));
  for (std::uint32_t bound : {8u, largest}) {
    const std::vector<std::uint32_t> input = verify::scanInput(n, 7, bound);
    gl::Buffer in("test.scan.in", std::size_t(n) * 4), out("test.scan.out", std::size_t(n) * 4);
    in.upload(0, std::size_t(n) * 4, input.data());
    for (int run = 0; run < 2; ++run) {
      out.zero(std::size_t(n) * 4);
      scan->run(in, out, n);
      const verify::Judgement j = verify::judgeScan(input, out.read<std::uint32_t>(n));
      ASSERT_TRUE(j.pass) << name << " n=" << n << " bound=" << bound << " run " << run << ": " << j.detail;
    }
    EXPECT_EQ(in.read<std::uint32_t>(n), input) << "the input must be left as it was";
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryScan,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::scans())), ::testing::ValuesIn(kScanSizes)),
                         test::VariantAndSize());

TEST_F(GlTest, OneScanObjectGivesTheRightSumsAsItsSizesShrinkAndGrow) {
  // What a run leaves behind (the look-back's status words and counters, the levels of
  // reduce-then-scan) must never leak into a later run of another size on the same object.
  for (const primitives::ScanVariant& variant : primitives::scans()) {
    if (!variant.unavailableOn(test::caps()).empty()) continue;
    auto scan = variant.create(test::shaders(), test::caps());
    for (std::uint32_t n : {4194305u, 2049u, 65537u, 65537u, 1u, 3073u, 65537u, 1000003u}) {
      const std::vector<std::uint32_t> input = verify::scanInput(n, n + 3);
      gl::Buffer in("test.scan.in", std::size_t(n) * 4), out("test.scan.out", std::size_t(n) * 4);
      in.upload(0, std::size_t(n) * 4, input.data());
      scan->run(in, out, n);
      const verify::Judgement j = verify::judgeScan(input, out.read<std::uint32_t>(n));
      ASSERT_TRUE(j.pass) << variant.name << " n=" << n << ": " << j.detail;
    }
  }
}

TEST_F(GlTest, TheLookBackFallbackAloneGivesTheSamePrefixSums) {
  // Every tile reducing all its predecessors' inputs itself (as a tile would after waiting on one
  // that never publishes): correct, only slower (quadratic in tiles, so sizes stay small here).
  auto scan = primitives::makeDecoupledLookbackAlwaysFallingBack(test::shaders(), test::caps());
  for (std::uint32_t n : {1u, 2048u, 2049u, 6145u, 65537u}) {
    const std::vector<std::uint32_t> input = verify::scanInput(n, 11);
    gl::Buffer in("test.scan.in", std::size_t(n) * 4), out("test.scan.out", std::size_t(n) * 4);
    in.upload(0, std::size_t(n) * 4, input.data());
    scan->run(in, out, n);
    const verify::Judgement j = verify::judgeScan(input, out.read<std::uint32_t>(n));
    EXPECT_TRUE(j.pass) << "n=" << n << ": " << j.detail;
  }
}

TEST_F(GlTest, AScanJudgeCatchesAnOffByOne) {
  // The judge itself must be able to fail: one wrong sum among a million is named.
  const std::vector<std::uint32_t> input = verify::scanInput(1000003, 3);
  std::vector<std::uint32_t> wrong = verify::exclusiveScan(input);
  wrong[777777] += 1;
  const verify::Judgement j = verify::judgeScan(input, wrong);
  EXPECT_FALSE(j.pass);
  EXPECT_NE(j.detail.find("first difference at 777777"), std::string::npos) << j.detail;
}

// --- compaction ---------------------------------------------------------------------------------

namespace {

const std::uint32_t kCompactSizes[] = {1u, 2u, 63u, 64u, 65u, 255u, 257u, 4097u, 65537u, 1000003u};
// Kept fractions: none, 1 in 1000, one half, all.
const std::uint32_t kOneIn[] = {0u, 1000u, 2u, 1u};

}  // namespace

class EveryCompaction : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryCompaction, KeepsExactlyTheFlaggedIndices) {
  const auto [name, n] = GetParam();
  const primitives::CompactVariant* variant = test::availableVariant(primitives::compactions(), name);
  if (!variant) return;
  auto compact = variant->create(test::shaders(), test::caps(), primitives::kFlagsPredicate);
  if (const std::string why = compact->unavailableFor(n); !why.empty()) {
    EXPECT_EQ(name, "single-thread") << why;  // llvmpipe's loop budget
    return;
  }
  gl::Buffer flagsBuffer("test.compact.flags", std::size_t(n) * 4), out("test.compact.out", std::size_t(n) * 4),
      kept("test.compact.kept", 4);
  for (std::uint32_t oneIn : kOneIn) {
    const std::vector<std::uint32_t> flags = verify::compactFlags(n, 5, oneIn);
    flagsBuffer.upload(0, std::size_t(n) * 4, flags.data());
    for (int run = 0; run < 2; ++run) {  // a second run on the same object starts from a clean count
      compact->run(flagsBuffer, n, out, kept);
      const std::uint32_t count = kept.read<std::uint32_t>(1)[0];
      const verify::Judgement j = verify::judgeCompact(flags, count, out.read<std::uint32_t>(std::min(count, n)), variant->orderDefined);
      ASSERT_TRUE(j.pass) << name << " n=" << n << " one in " << oneIn << " run " << run << ": " << j.detail;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryCompaction,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::compactions())),
                                            ::testing::ValuesIn(kCompactSizes)),
                         test::VariantAndSize());

TEST_F(GlTest, ACompactionJudgeCatchesALostAndADoubledIndex) {
  const std::vector<std::uint32_t> flags = verify::compactFlags(5000, 9, 2);
  std::vector<std::uint32_t> kept = verify::compactReference(flags);
  ASSERT_GT(kept.size(), 10u);
  EXPECT_TRUE(verify::judgeCompact(flags, std::uint32_t(kept.size()), kept, true).pass);
  std::vector<std::uint32_t> shuffled(kept.rbegin(), kept.rend());
  EXPECT_TRUE(verify::judgeCompact(flags, std::uint32_t(kept.size()), shuffled, false).pass);
  EXPECT_FALSE(verify::judgeCompact(flags, std::uint32_t(kept.size()), shuffled, true).pass) << "order matters when defined";
  std::vector<std::uint32_t> doubled = kept;
  doubled[3] = doubled[4];
  EXPECT_FALSE(verify::judgeCompact(flags, std::uint32_t(kept.size()), doubled, false).pass);
  EXPECT_FALSE(verify::judgeCompact(flags, std::uint32_t(kept.size() - 1), kept, false).pass);
}

// --- reduction ----------------------------------------------------------------------------------

namespace {

// A second payload beside the centroid's, to show that no reduce kernel hard-wires one: the sum
// (modulo 2^32) and the largest of a uint input, with the count the kernels were told. Integer
// combines are exact in any order, so the result must equal the CPU's to the bit: a skipped or
// doubled item changes the sum (the inputs are seeded random uints).
constexpr const char* kSumMaxPayload = R"(
layout(std430, binding = REDUCE_SLOT_INPUT) readonly buffer In { uint b_in[]; };
layout(std430, binding = REDUCE_SLOT_OUTPUT) writeonly buffer Out { uvec4 b_out; };
uvec2 sumMax(uvec2 a, uvec2 b) { return uvec2(a.x + b.x, max(a.y, b.y)); }
#define ACC_TYPE uvec2
#define ACC_IDENTITY uvec2(0u)
#define ACC_COMBINE(a, b) sumMax(a, b)
#define ACC_LOAD(k) uvec2(b_in[k])
#define ACC_STORE(a) b_out = uvec4(a, u_total, 1u)
#ifdef REDUCE_SUBGROUPS
#define ACC_SUBGROUP_COMBINE(a) uvec2(subgroupAdd(a.x), subgroupMax(a.y))
#endif
)";
constexpr primitives::ReducePayload kSumMax{"test/sum_max_payload.glsl"};

const gl::ShaderLibrary& shadersWithSumMax() {
  static const gl::ShaderLibrary lib = [] {
    gl::ShaderLibrary l = test::shaders();
    l.add(kSumMax.shader, kSumMaxPayload);
    return l;
  }();
  return lib;
}

}  // namespace

class EveryReduce : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryReduce, SumsAndMaximaOfUintsExactlyOnASecondPayload) {
  const auto [name, n] = GetParam();
  const primitives::ReduceVariant* variant = test::availableVariant(primitives::reductions(), name);
  if (!variant) return;
  auto reduce = variant->create(shadersWithSumMax(), test::caps(), kSumMax);
  if (const std::string why = reduce->unavailableFor(n); !why.empty()) {
    EXPECT_GT(test::caps().loopIterationLimit, 0u) << why;  // only llvmpipe's loop budget may refuse a size
    return;
  }
  const std::vector<std::uint32_t> input = verify::scanInput(n, 13, 0);  // any uint
  std::uint32_t sum = 0, largest = 0;
  for (std::uint32_t v : input) sum += v, largest = std::max(largest, v);
  gl::Buffer in("test.reduce.in", std::size_t(n) * 4), out("test.reduce.out", 16);
  in.upload(0, std::size_t(n) * 4, input.data());
  for (int run = 0; run < 2; ++run) {  // a second run must not depend on what the first left behind
    out.zero(16);
    reduce->run(&in, n, out);
    const std::vector<std::uint32_t> got = out.read<std::uint32_t>(4);
    ASSERT_EQ(got[0], sum) << name << " n=" << n << " run " << run;
    ASSERT_EQ(got[1], largest) << name << " n=" << n << " run " << run;
    ASSERT_EQ(got[2], n) << name << ": u_total";
    ASSERT_EQ(got[3], 1u) << name << ": ACC_STORE did not run";
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryReduce,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::reductions())),
                                            ::testing::Values(1u, 2u, 63u, 64u, 65u, 257u, 4097u, 65537u, 1000003u)),
                         test::VariantAndSize());

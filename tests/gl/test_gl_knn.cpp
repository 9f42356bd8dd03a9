// The k-nearest-neighbour primitive (engine/primitives/knn): every variant of its registry against
// the double-precision reference, over awkward counts (1, 2, k and k + 1 for each k, a prime),
// uniform and dense flocks and k of 1, 7 and 16; and the judge shown to fail.
#include <algorithm>
#include <tuple>

#include "gl_fixture.hpp"
#include "engine/primitives/knn/knn.hpp"
#include "engine/verify/knn.hpp"

using namespace boids;
using test::GlTest;

namespace {

const std::uint32_t kKnnSizes[] = {1u, 2u, 7u, 8u, 16u, 17u, 63u, 65u, 4097u, 65537u};

// The lists of `knn` for the flock `positions` (empty where it cannot take them here), k a boid.
std::vector<std::uint32_t> knnOf(primitives::Knn& knn, const std::vector<glm::vec4>& positions, std::uint32_t k) {
  const auto n = static_cast<std::uint32_t>(positions.size());
  const primitives::KnnBounds bounds = primitives::knnBounds(positions);
  const primitives::MortonOrder order = primitives::mortonOrder(positions, bounds);
  const gl::Buffer sorted = gl::Buffer::fromSpan("test.knn.positions", std::span<const glm::vec4>(order.positions));
  const gl::Buffer ids = gl::Buffer::fromSpan("test.knn.ids", std::span<const std::uint32_t>(order.ids));
  const gl::Buffer codes = gl::Buffer::fromSpan("test.knn.codes", std::span<const std::uint32_t>(order.codes));
  const gl::Buffer starts = gl::Buffer::fromSpan("test.knn.starts", std::span<const std::uint32_t>(order.starts));
  const primitives::KnnInput input{sorted, ids, codes, starts, bounds, n, k, order.busiestCell, order.busiestFinest};
  if (!knn.unavailableFor(input).empty()) return {};
  gl::Buffer out("test.knn.out", std::size_t(n) * k * 4);
  out.fill(std::size_t(n) * k * 4, 0x12345678u);  // what a search leaves unwritten shows
  knn.run(input, out);
  return out.read<std::uint32_t>(std::size_t(n) * k);
}

}  // namespace

class EveryKnn : public test::GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryKnn, FindsTheReferencesNearestBoids) {
  const auto [name, n] = GetParam();
  const primitives::KnnVariant* variant = test::availableVariant(primitives::knnVariants(), name);
  if (!variant) return;
  auto knn = variant->create(test::shaders(), test::caps());
  for (const char* pattern : {"uniform", "dense"}) {
    const std::vector<glm::vec4> positions = verify::knnFlock(pattern, n, 5);
    for (std::uint32_t k : {1u, 7u, primitives::kMostNeighbours}) {
      const std::vector<std::uint32_t> gpu = knnOf(*knn, positions, k);
      if (gpu.empty()) continue;  // too much for this variant here (said in check's rows)
      const verify::Judgement j = verify::judgeKnn(positions, gpu, k, verify::knnSample(n));
      ASSERT_TRUE(j.pass) << name << " n=" << n << " " << pattern << " k=" << k << ": " << j.detail;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryKnn,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::knnVariants())),
                                            ::testing::ValuesIn(kKnnSizes)),
                         test::VariantAndSize());

TEST_F(GlTest, KnnEqualDistancesGoToTheLowerIndex) {
  // Boids on a lattice: many neighbours at exactly one distance, where only the tie-break decides.
  std::vector<glm::vec4> positions;
  for (int z = 0; z < 6; ++z) {
    for (int y = 0; y < 6; ++y) {
      for (int x = 0; x < 6; ++x) positions.emplace_back(float(x), float(y), float(z), 0.0f);
    }
  }
  const auto n = static_cast<std::uint32_t>(positions.size());
  for (const primitives::KnnVariant& v : primitives::knnVariants()) {
    if (!v.unavailableOn(test::caps()).empty()) continue;
    auto knn = v.create(test::shaders(), test::caps());
    for (std::uint32_t k : {1u, 7u, 16u}) {
      const std::vector<std::uint32_t> gpu = knnOf(*knn, positions, k);
      ASSERT_FALSE(gpu.empty()) << v.name;
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::vector<std::uint32_t> ref = verify::referenceKnn(positions, i, k);
        ASSERT_TRUE(std::equal(ref.begin(), ref.end(), gpu.begin() + std::ptrdiff_t(i) * k)) << v.name << " k=" << k << " boid " << i;
      }
    }
  }
}

TEST_F(GlTest, AKnnJudgeCatchesAFartherBoidAnEmptyPlaceAndADoubledOne) {
  const std::vector<glm::vec4> positions = verify::knnFlock("uniform", 4097, 9);
  const std::uint32_t k = 7;
  std::vector<std::uint32_t> right;
  for (std::uint32_t i = 0; i < positions.size(); ++i) {
    const std::vector<std::uint32_t> ref = verify::referenceKnn(positions, i, k);
    right.insert(right.end(), ref.begin(), ref.end());
  }
  const std::vector<std::uint32_t> sample = verify::knnSample(4097);
  EXPECT_TRUE(verify::judgeKnn(positions, right, k, sample).pass);
  std::vector<std::uint32_t> farther = right;
  farther[100 * k + 6] = verify::referenceKnn(positions, 100, 40)[39];  // the 40th nearest for the 7th
  const verify::Judgement f = verify::judgeKnn(positions, farther, k, sample);
  EXPECT_FALSE(f.pass);
  EXPECT_NE(f.detail.find("boid 100: holds"), std::string::npos) << f.detail;
  std::vector<std::uint32_t> empty = right;
  empty[200 * k + 3] = primitives::kNoNeighbour;
  EXPECT_FALSE(verify::judgeKnn(positions, empty, k, sample).pass);
  std::vector<std::uint32_t> doubled = right;
  doubled[300 * k + 2] = doubled[300 * k + 1];
  EXPECT_FALSE(verify::judgeKnn(positions, doubled, k, sample).pass);
}

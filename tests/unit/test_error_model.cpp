// The float error bounds the checks use (engine/verify/error_model.hpp): the worst case and the
// statistical expectation beside it, held to float sums computed here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/verify/error_model.hpp"

namespace verify = boids::verify;
using verify::probabilisticGamma;

TEST(ErrorModel, TheStatisticalBoundGrowsAsTheSquareRootAndIsTighterThanTheWorstCase) {
  // lambda sqrt(n) u against n u: equal at n = lambda^2 = 64, a hundredth of it at n = 640000.
  EXPECT_NEAR(probabilisticGamma(1u << 20) / probabilisticGamma(1u << 18), 2.0, 1e-3);
  EXPECT_NEAR(probabilisticGamma(64) / verify::gamma(64), 1.0, 1e-3);
  EXPECT_LT(probabilisticGamma(1u << 22), verify::gamma(1u << 22) / 200.0);
}

TEST(ErrorModel, ASequentialFloatSumStaysWithinTheStatisticalBoundAndAWrongOneDoesNot) {
  // 2^22 values of either sign summed one after another in float, as the additive-blend strategy
  // sums positions: the worst case (gamma(n), a third of the sum of magnitudes here) bounds nothing
  // a bug would do; the statistical bound is 340 times tighter and still holds.
  constexpr std::uint32_t n = 1u << 22;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-100.0f, 300.0f);
  std::vector<float> x(n);
  for (float& v : x) v = value(rng);
  float sum = 0.0f;
  double exact = 0.0, magnitudes = 0.0;
  for (float v : x) {
    sum += v;
    exact += v;
    magnitudes += std::abs(double(v));
  }
  const double statistical = probabilisticGamma(n - 1) * magnitudes;
  EXPECT_LE(std::abs(double(sum) - exact), statistical);
  // One value dropped (a boid the pass missed) moves the sum by at most 300, inside both bounds;
  // a twentieth of them dropped (a range cut short) moves it far past the statistical bound, and
  // the worst case still would not see it.
  double shortSum = 0.0;
  for (std::uint32_t i = 0; i < n - n / 20; ++i) shortSum += x[i];
  EXPECT_GT(std::abs(shortSum - exact), statistical);
  EXPECT_LT(std::abs(shortSum - exact), verify::gamma(n - 1) * magnitudes);
}

// The murmuration's measures (engine/verify/flock_shape.hpp) on flocks whose shape is known: each
// measure passes the shape it should and fails the one it should not.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include <glm/glm.hpp>

#include "engine/random.hpp"
#include "engine/verify/flock_shape.hpp"

using namespace boids;

namespace {

// n boids in an ellipsoid of half-axes `axes` around `centre`, their radius drawn so that the
// density goes as r^power (0: even; positive: denser toward the border).
std::vector<glm::vec4> ellipsoid(std::uint32_t n, glm::dvec3 axes, glm::dvec3 centre, double power, std::uint64_t seed = 1) {
  SplitMix64 rng(seed);
  std::vector<glm::vec4> out;
  while (out.size() < n) {
    const glm::dvec3 d(2 * rng.uniform() - 1, 2 * rng.uniform() - 1, 2 * rng.uniform() - 1);
    const double len = glm::length(d);
    if (len > 1 || len < 1e-9) continue;
    const double r = std::pow(rng.uniform(), 1.0 / (3.0 + power));  // density ~ r^power in the ball
    out.emplace_back(glm::vec3(centre + d / len * r * axes), 1.0f);
  }
  return out;
}

// Every boid of `flock` flying one way (+x): the velocities measureFlock() reads beside positions.
std::vector<glm::vec4> oneWay(const std::vector<glm::vec4>& flock) { return std::vector<glm::vec4>(flock.size(), {1, 0, 0, 0}); }

verify::FlockShape shapeOf(const std::vector<glm::vec4>& flock) { return verify::measureFlock(flock, oneWay(flock)); }

}  // namespace

TEST(FlockShape, AThinHorizontalSheetDenserAtItsBorderPasses) {
  const auto flock = ellipsoid(4000, {40, 6, 25}, {0, 50, 0}, 2.0);
  const verify::FlockShape s = shapeOf(flock);
  EXPECT_EQ(verify::murmurationMisses(s, 10.0), "") << verify::describe(s);
  EXPECT_GT(s.largestCluster, 0.99);
  EXPECT_LT(s.thinAxisFromVertical, 5.0);
  EXPECT_NEAR(s.thinToLong, 6.0 / 40.0, 0.03);
}

TEST(FlockShape, EachMeasureFailsTheShapeItShould) {
  // A ball of boids thinning toward its edge (density ~ r^-1.5): the border sparser than the core.
  const verify::FlockShape ball = shapeOf(ellipsoid(4000, {30, 30, 30}, {0, 50, 0}, -1.5));
  EXPECT_LT(ball.borderToCore, 0.9) << verify::describe(ball);
  EXPECT_GT(ball.thinToLong, 0.4) << verify::describe(ball);
  // A vertical sheet: thin, but its thin axis lies flat.
  const verify::FlockShape wall = shapeOf(ellipsoid(4000, {40, 25, 6}, {0, 50, 0}, 2.0));
  EXPECT_GT(wall.thinAxisFromVertical, 80.0) << verify::describe(wall);
  // Two schools far apart: no cluster holds nine in ten.
  auto two = ellipsoid(2000, {20, 4, 12}, {-200, 50, 0}, 2.0, 3);
  const auto other = ellipsoid(2000, {20, 4, 12}, {200, 50, 0}, 2.0, 4);
  two.insert(two.end(), other.begin(), other.end());
  const verify::FlockShape apart = shapeOf(two);
  EXPECT_NEAR(apart.largestCluster, 0.5, 0.01) << verify::describe(apart);
  // On the floor.
  const verify::FlockShape low = shapeOf(ellipsoid(4000, {40, 6, 25}, {0, 3, 0}, 2.0));
  EXPECT_NE(verify::murmurationMisses(low, 10.0).find("below the floor"), std::string::npos) << verify::describe(low);
}

TEST(FlockShape, TheMeanNearestDistanceOfALattice) {
  std::vector<glm::vec4> lattice;
  for (int z = 0; z < 10; ++z) {
    for (int y = 0; y < 10; ++y) {
      for (int x = 0; x < 10; ++x) lattice.emplace_back(2.0f * x, 2.0f * y + 5, 2.0f * z, 1.0f);
    }
  }
  EXPECT_DOUBLE_EQ(shapeOf(lattice).meanNearest, 2.0);
  EXPECT_DOUBLE_EQ(shapeOf(lattice).largestCluster, 1.0);
}

// Polarisation, |sum of velocities| over the sum of speeds, on velocities whose value is known
// exactly: one way, 1; two opposite halves or every direction of a circle, 0; each bird off the
// mean heading by a sideways part t (alternating in sign), 1 / sqrt(1 + t^2). In double from float
// inputs that are exact (or rounded once, 6e-8 relative): held to 1e-6.
TEST(FlockShape, PolarisationOfKnownVelocities) {
  const auto flock = ellipsoid(1000, {40, 6, 25}, {0, 50, 0}, 0.0);
  EXPECT_DOUBLE_EQ(verify::measureFlock(flock, oneWay(flock)).polarisation, 1.0);
  std::vector<glm::vec4> opposite(flock.size()), circle(flock.size()), sideways(flock.size());
  const double t = 0.75;
  for (std::size_t i = 0; i < flock.size(); ++i) {
    opposite[i] = {i % 2 ? 2.0f : -2.0f, 0, 0, 0};
    const double a = 2.0 * std::numbers::pi * double(i) / double(flock.size());
    circle[i] = {float(std::cos(a)), 0, float(std::sin(a)), 0};
    sideways[i] = {1.0f, 0, i % 2 ? float(t) : -float(t), 0};
  }
  EXPECT_NEAR(verify::measureFlock(flock, opposite).polarisation, 0.0, 1e-12);
  EXPECT_NEAR(verify::measureFlock(flock, circle).polarisation, 0.0, 1e-6);
  EXPECT_NEAR(verify::measureFlock(flock, sideways).polarisation, 1.0 / std::sqrt(1.0 + t * t), 1e-6);
  EXPECT_EQ(verify::measureFlock(flock, std::vector<glm::vec4>(flock.size(), glm::vec4(0))).polarisation, 0.0);  // at rest: none
  EXPECT_THROW(verify::measureFlock(flock, std::vector<glm::vec4>(flock.size() - 1, {1, 0, 0, 0})), std::invalid_argument);
}

// Settings, the initial state and the CPU reference step: properties that hold without a GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>

#include "engine/verify/reference.hpp"
#include "engine/sim/initial_state.hpp"
#include "engine/sim/params.hpp"

using namespace boids;

TEST(Settings, DefaultsAreValidAndEachRangeIsEnforced) {
  sim::SimSettings s;
  EXPECT_EQ(sim::validate(s), "");
  for (const sim::FloatParam& p : sim::floatParams()) {
    sim::SimSettings bad = s;
    bad.*p.member = p.max * 2 + 1;
    EXPECT_NE(sim::validate(bad).find(p.key), std::string::npos) << p.key;
    bad.*p.member = NAN;
    EXPECT_NE(sim::validate(bad).find(p.key), std::string::npos) << p.key;
  }
  s.count = 0;
  EXPECT_NE(sim::validate(s).find("count"), std::string::npos);
}

TEST(Settings, RadiusBeyondAQuarterOfTheWorldIsRefused) {
  sim::SimSettings s;
  s.worldSize = 20;
  s.wallMargin = 2;
  s.cohesionRadius = 5.0f;
  EXPECT_EQ(sim::validate(s), "");
  s.cohesionRadius = 5.01f;
  EXPECT_NE(sim::validate(s).find("radius"), std::string::npos);
}

TEST(Settings, GpuParamsCarryTheSquaredRadiiAndWorldGeometry) {
  sim::SimSettings s;
  s.separationRadius = 2;
  s.alignmentRadius = 3;
  s.cohesionRadius = 4;
  s.worldSize = 50;
  s.world = sim::WorldMode::Wrap;
  gpu::SimParams g = sim::toGpu(s);
  EXPECT_EQ(g.radiiSq.x, 4.0f);
  EXPECT_EQ(g.radiiSq.y, 9.0f);
  EXPECT_EQ(g.radiiSq.z, 16.0f);
  EXPECT_EQ(g.radiiSq.w, 16.0f);
  EXPECT_EQ(g.world.x, 25.0f);
  EXPECT_EQ(g.world.y, 50.0f);
  EXPECT_FLOAT_EQ(g.world.z, 1.0f / 50.0f);
  EXPECT_EQ(g.worldMode, WORLD_WRAP);
  EXPECT_EQ(g.boidCount, s.count);
}

TEST(InitialState, SameSeedSameFlockOtherSeedOtherFlock) {
  sim::SimSettings s;
  s.count = 1000;
  auto a = sim::initialState(s), b = sim::initialState(s);
  ASSERT_EQ(a.positions.size(), 1000u);
  EXPECT_EQ(0, std::memcmp(a.positions.data(), b.positions.data(), a.positions.size() * sizeof(glm::vec4)));
  EXPECT_EQ(0, std::memcmp(a.velocities.data(), b.velocities.data(), a.velocities.size() * sizeof(glm::vec4)));
  s.seed = 2;
  auto c = sim::initialState(s);
  EXPECT_NE(0, std::memcmp(a.positions.data(), c.positions.data(), a.positions.size() * sizeof(glm::vec4)));
}

TEST(InitialState, InsideTheWorldWithSpeedsInRangeAndNoPreferredDirection) {
  sim::SimSettings s;
  s.count = 20000;
  auto st = sim::initialState(s);
  glm::dvec3 meanDir(0), meanPos(0);
  for (std::size_t i = 0; i < st.positions.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      EXPECT_LE(std::abs(st.positions[i][a]), 0.5f * s.worldSize);
    }
    const double speed = glm::length(glm::dvec3(st.velocities[i]));
    EXPECT_GE(speed, 0.5 * s.maxSpeed * (1 - 1e-6));
    EXPECT_LE(speed, s.maxSpeed * (1 + 1e-6));
    meanDir += glm::dvec3(st.velocities[i]) / speed;
    meanPos += glm::dvec3(st.positions[i]);
  }
  // Uniform directions: each component of the mean unit vector has standard deviation
  // sqrt(1/3 / n) = 0.004; uniform positions: sqrt(half^2 / 3 / n) = 0.16. Five sigma bounds.
  meanDir /= static_cast<double>(s.count);
  meanPos /= static_cast<double>(s.count);
  for (int a = 0; a < 3; ++a) {
    EXPECT_LT(std::abs(meanDir[a]), 5 * std::sqrt(1.0 / 3.0 / s.count));
    EXPECT_LT(std::abs(meanPos[a]), 5 * std::sqrt(40.0 * 40.0 / 3.0 / s.count));
  }
}

// The murmuration's start (Start::Flock): exactly `count` boids in a flattened ellipsoid in the middle
// of the altitude band, spread evenly: none nearer its nearest than half the separation radius, and
// 0.75 to 1.25 of it on average (the settled flock: 0.85 to 0.9). Boids at random places in the same
// ellipsoid fail both: one in a hundred has its nearest within 0.15 of the mean spacing (1.21
// separation radii), and the mean is 0.55 of it (0.67 radii).
TEST(InitialState, TheFlockStartsEvenlySpreadInAFlatEllipsoidInTheBand) {
  for (std::uint32_t count : {1u, 2u, 63u, 65u, 4097u, 10007u}) {
    sim::SimSettings s;
    s.start = sim::Start::Flock;
    s.count = count;
    s.worldSize = 400;
    s.altitudeLow = 40;
    s.altitudeHigh = 70;
    s.separationRadius = float(std::cbrt(16384.0 / count));  // keep-flock-size's spacing
    const auto st = sim::initialState(s);
    ASSERT_EQ(st.positions.size(), count);
    const glm::dvec3 centre(0, -200 + 55, 0);
    glm::dvec3 lo(INFINITY), hi(-INFINITY);
    double nearestSum = 0, nearestLeast = INFINITY;
    for (std::uint32_t i = 0; i < count; ++i) {
      const glm::dvec3 p = glm::dvec3(st.positions[i]) - centre;
      lo = glm::min(lo, p);
      hi = glm::max(hi, p);
      double nearest = INFINITY;
      for (std::uint32_t j = 0; j < count; ++j) {
        if (j != i) nearest = std::min(nearest, glm::length(glm::dvec3(st.positions[j]) - glm::dvec3(st.positions[i])));
      }
      nearestSum += nearest;
      nearestLeast = std::min(nearestLeast, nearest);
      EXPECT_NEAR(glm::length(glm::dvec3(st.velocities[i])), s.cruiseSpeed, 0.1 * s.cruiseSpeed + 1e-6);
    }
    const std::string what = "count " + std::to_string(count);
    // Within the band (its half is 15), thin: the ellipsoid's vertical axis is 0.3 of the others;
    // 0.32, as the widest boids fall short of the horizontal axes' ends by up to a spacing while the
    // vertical extremes come nearer theirs (10007 boids: 0.3005).
    EXPECT_GT(lo.y, -15.0) << what;
    EXPECT_LT(hi.y, 15.0) << what;
    EXPECT_LE(hi.y - lo.y, 0.32 * std::max(hi.x - lo.x, hi.z - lo.z) + 1e-3) << what;
    if (count < 63) continue;
    EXPECT_GE(nearestLeast, 0.5 * s.separationRadius) << what;
    EXPECT_NEAR(nearestSum / count, s.separationRadius, 0.25 * s.separationRadius) << what;
  }
}

namespace {

// The reference step of a whole flock state.
verify::ReferenceStep referenceStepOf(const sim::FlockState& s, const gpu::SimParams& p, glm::dvec3 centroid) {
  return verify::referenceStep(s.positions, s.velocities, p, centroid);
}

// The engine's rules in the wrap-around world without the centroid pull: the hand-worked cases'.
sim::SimSettings wrapWithoutPull() {
  sim::SimSettings s;
  s.world = sim::WorldMode::Wrap;
  s.centroidWeight = 0;
  return s;
}

sim::FlockState twoBoids(glm::vec3 a, glm::vec3 va, glm::vec3 b, glm::vec3 vb) {
  return {{glm::vec4(a, 1), glm::vec4(b, 1)}, {glm::vec4(va, 0), glm::vec4(vb, 0)}};
}
}  // namespace

TEST(ReferenceStep, TwoBoidsFollowTheRulesByHand) {
  sim::SimSettings s = wrapWithoutPull();
  const gpu::SimParams p = sim::toGpu(s);
  // Boid 0 at the origin heading +x at 0.5; boid 1 two units away on +y, heading +z at 0.5.
  auto st = twoBoids({0, 0, 0}, {0.5f, 0, 0}, {0, 2, 0}, {0, 0, 0.5f});
  auto r = referenceStepOf(st, p, glm::dvec3(0));
  // Within all three radii (2 < 3 < 5): dv = -(0,2,0) 0.1 + (0,0,0.5) 0.1 + (0,2,0) 0.01.
  const glm::dvec3 v0 = glm::dvec3(0.5, 0, 0) + glm::dvec3(0, -0.2, 0) + glm::dvec3(0, 0, 0.05) + glm::dvec3(0, 0.02, 0);
  EXPECT_NEAR(r.velocities[0].x, v0.x, 1e-7);
  EXPECT_NEAR(r.velocities[0].y, v0.y, 1e-7);
  EXPECT_NEAR(r.velocities[0].z, v0.z, 1e-7);
  EXPECT_NEAR(r.positions[0].y, v0.y * s.dt, 1e-7);
  EXPECT_EQ(r.ambiguous[0], 0);
}

TEST(ReferenceStep, TheJudgeTakesTheReferencesOwnStepAndFailsANanOrAMovedBoid) {
  sim::SimSettings s = wrapWithoutPull();
  const gpu::SimParams p = sim::toGpu(s);
  auto st = twoBoids({0, 0, 0}, {0.5f, 0, 0}, {0, 2, 0}, {0, 0, 0.5f});
  const auto r = referenceStepOf(st, p, glm::dvec3(0));
  // The reference's own result, rounded to float, written in reversed slots.
  std::vector<glm::vec4> positions, velocities;
  for (int i : {1, 0}) {
    positions.emplace_back(glm::vec3(r.positions[std::size_t(i)]), float(r.banks[std::size_t(i)]));
    velocities.emplace_back(glm::vec3(r.velocities[std::size_t(i)]), float(r.neighbours[std::size_t(i)]));
  }
  const std::vector<std::uint32_t> order = {1, 0};
  EXPECT_TRUE(verify::judgeStep(positions, velocities, order, r, p).pass());
  // A NaN position with a right velocity (the error's ratio alone would drop it), then a position
  // moved by ten times its bound: each one failure, the worst boid the one.
  for (float moved : {NAN, float(10 * r.positionTolerance[0])}) {
    std::vector<glm::vec4> wrong = positions;
    wrong[1].x += moved;  // slot 1 holds boid 0
    const verify::StepJudgement j = verify::judgeStep(wrong, velocities, order, r, p);
    EXPECT_EQ(j.failures, 1u) << moved;
    EXPECT_EQ(j.worstBoid, 0u) << moved;
    EXPECT_GT(j.worstRatio, 1.0) << moved;
  }
}

TEST(ReferenceStep, NeighboursAcrossTheWrapBoundaryCountAndPositionsWrap) {
  sim::SimSettings s;
  s.world = sim::WorldMode::Wrap;
  s.worldSize = 40;
  s.centroidWeight = 0;
  const gpu::SimParams p = sim::toGpu(s);
  // 19.5 and -19.5 are one unit apart through the face at x = 20.
  auto st = twoBoids({19.5f, 0, 0}, {0.1f, 0, 0}, {-19.5f, 0, 0}, {0.1f, 0, 0});
  auto r = referenceStepOf(st, p, glm::dvec3(0));
  // Boid 1 sits at +1 through the face: separation -0.1, alignment +0.1 * 0.1, cohesion +0.01.
  // Without the periodic image they would be 39 apart and v.x would stay 0.1.
  EXPECT_NEAR(r.velocities[0].x, 0.1 - 0.1 + 0.01 + 0.01, 1e-7);
  // Boid 0 moves to 19.5 + 0.2 v: still inside. Boid 1 likewise; after enough steps it wraps.
  auto moved = twoBoids({19.95f, 0, 0}, {1, 0, 0}, {0, 0, 0}, {0, 0, 1});
  auto r2 = referenceStepOf(moved, p, glm::dvec3(0));
  EXPECT_NEAR(r2.positions[0].x, 19.95 + 0.2 - 40.0, 1e-5);
  EXPECT_NEAR(verify::worldDistance(glm::dvec3(19.99, 0, 0), glm::dvec3(-19.99, 0, 0), p), 0.02, 1e-9);
}

TEST(ReferenceStep, WallsPushBackAndNeverLetABoidOut) {
  sim::SimSettings s;
  s.world = sim::WorldMode::Walls;
  s.worldSize = 40;
  s.wallMargin = 4;
  s.wallStrength = 0.2f;
  s.centroidWeight = 0;
  const gpu::SimParams p = sim::toGpu(s);
  auto st = twoBoids({19.0f, 0, 0}, {1, 0, 0}, {-10, -10, -10}, {0, 1, 0});
  auto r = referenceStepOf(st, p, glm::dvec3(0));
  // 3 units into the 4-unit margin: push -0.2 * 3/4 = -0.15 on x.
  EXPECT_NEAR(r.velocities[0].x, 1.0 - 0.15, 1e-6);
  auto outward = twoBoids({19.99f, 0, 0}, {1, 0, 0}, {-10, -10, -10}, {0, 1, 0});
  auto r2 = referenceStepOf(outward, p, glm::dvec3(0));
  EXPECT_LE(r2.positions[0].x, 20.0);
}

TEST(ReferenceStep, SpeedIsClampedAndTheCentroidPulls) {
  sim::SimSettings s;
  s.world = sim::WorldMode::Wrap;
  s.centroidWeight = 0.01f;
  s.maxSpeed = 1.0f;
  const gpu::SimParams p = sim::toGpu(s);
  auto st = twoBoids({10, 0, 0}, {3, 0, 0}, {-10, 0, 0}, {0, 0.2f, 0});
  auto r = referenceStepOf(st, p, glm::dvec3(0));
  EXPECT_NEAR(glm::length(r.velocities[0]), 1.0, 1e-12);
  EXPECT_NEAR(r.velocities[1].x, 0.01 * 10, 1e-7);  // pulled toward the centroid at the origin
}

TEST(ReferenceStep, FlagsNeighboursOnARadiusAsAmbiguous) {
  sim::SimSettings s;
  s.world = sim::WorldMode::Wrap;
  const gpu::SimParams p = sim::toGpu(s);
  auto st = twoBoids({0, 0, 0}, {1, 0, 0}, {3.0f, 0, 0}, {1, 0, 0});  // exactly the separation radius
  EXPECT_EQ(referenceStepOf(st, p, glm::dvec3(0)).ambiguous[0], 1);
  auto clear = twoBoids({0, 0, 0}, {1, 0, 0}, {3.01f, 0, 0}, {1, 0, 0});
  EXPECT_EQ(referenceStepOf(clear, p, glm::dvec3(0)).ambiguous[0], 0);
}

TEST(ReferenceStats, CentroidAndBoundsOfKnownPoints) {
  std::vector<glm::vec4> pts = {{1, 2, 3, 1}, {-1, 4, 3, 1}, {3, 0, -3, 1}};
  auto r = verify::referenceStats(pts);
  EXPECT_DOUBLE_EQ(r.centroid.x, 1.0);
  EXPECT_DOUBLE_EQ(r.centroid.y, 2.0);
  EXPECT_DOUBLE_EQ(r.centroid.z, 1.0);
  EXPECT_EQ(r.boundsMin, glm::dvec3(-1, 0, -3));
  EXPECT_EQ(r.boundsMax, glm::dvec3(3, 4, 3));
}

TEST(ReferenceStats, CentroidIsExactOnCancellingInputs) {
  // 1e8 + 1 - 1e8 repeated: float summation would lose the ones; the reference must not.
  std::vector<glm::vec4> pts;
  for (int i = 0; i < 1000; ++i) {
    pts.push_back({1e8f, 0, 0, 1});
    pts.push_back({1.0f, 0, 0, 1});
    pts.push_back({-1e8f, 0, 0, 1});
  }
  EXPECT_NEAR(verify::referenceStats(pts).centroid.x, 1.0 / 3.0, 1e-12);
}

TEST(GridStats, CountsCellsAndNeighboursLikeADirectSearch) {
  sim::SimSettings s;
  s.count = 3000;
  s.world = sim::WorldMode::Wrap;
  s.worldSize = 40;
  const gpu::SimParams p = sim::toGpu(s);
  const auto positions = sim::initialState(s).positions;
  const verify::GridStats g = verify::gridStats(positions, p, positions.size());  // every boid sampled
  // Direct: occupied cells by the same formula, neighbours by an O(N^2) search.
  std::set<std::uint64_t> occupied;
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    std::uint64_t key = 0;
    for (int a = 2; a >= 0; --a) {
      const int c = std::clamp(static_cast<int>(std::floor((positions[i][a] + p.world.x) * p.grid.y)), 0,
                               static_cast<int>(p.cellsPerAxis) - 1);
      key = key * p.cellsPerAxis + static_cast<std::uint64_t>(c);
    }
    occupied.insert(key);
    for (std::size_t j = 0; j < positions.size(); ++j) {
      if (j != i && verify::worldDistance(glm::dvec3(positions[i]), glm::dvec3(positions[j]), p) < std::sqrt(p.radiiSq.w)) {
        ++pairs;
      }
    }
  }
  EXPECT_EQ(g.cells, std::uint64_t(p.cellsPerAxis) * p.cellsPerAxis * p.cellsPerAxis);
  EXPECT_EQ(g.occupied, occupied.size());
  EXPECT_DOUBLE_EQ(g.meanPerOccupied, 3000.0 / static_cast<double>(occupied.size()));
  EXPECT_NEAR(g.meanNeighbours, static_cast<double>(pairs) / 3000.0, 1e-9);
}

TEST(GridStats, EveryBoidInOneCell) {
  sim::SimSettings s;
  s.count = 50;
  const gpu::SimParams p = sim::toGpu(s);
  std::vector<glm::vec4> positions(50, glm::vec4(1.0f, 2.0f, 3.0f, 1.0f));
  const verify::GridStats g = verify::gridStats(positions, p);
  EXPECT_EQ(g.occupied, 1u);
  EXPECT_EQ(g.maxPerCell, 50u);
  EXPECT_DOUBLE_EQ(g.meanNeighbours, 49.0);
}

namespace {
sim::FlockState loneBoid(glm::vec3 at, glm::vec3 velocity) { return {{glm::vec4(at, 1)}, {glm::vec4(velocity, 0)}}; }

sim::SimSettings attractorSettings(sim::AttractorMode mode, glm::vec3 point) {
  sim::SimSettings s;
  s.world = sim::WorldMode::Wrap;
  s.worldSize = 40;
  s.centroidWeight = 0;
  s.attractorStrength = 0.05f;
  s.attractorRadius = 10;
  s.attractor = {mode, point};
  return s;
}
}  // namespace

TEST(ReferenceStep, CountsTheNeighboursWithinTheLargestRadius) {
  sim::SimSettings s;
  s.world = sim::WorldMode::Wrap;
  const gpu::SimParams p = sim::toGpu(s);  // largest radius 5
  sim::FlockState st = twoBoids({0, 0, 0}, {1, 0, 0}, {4, 0, 0}, {1, 0, 0});
  st.positions.push_back({0, 7, 0, 1});
  st.velocities.push_back({1, 0, 0, 0});
  const auto r = referenceStepOf(st, p, glm::dvec3(0));
  EXPECT_EQ(r.neighbours, (std::vector<std::uint32_t>{1, 1, 0}));
}

TEST(ReferenceStep, ALoneBoidAcceleratesTowardTheAttractorByItsStrength) {
  const auto s = attractorSettings(sim::AttractorMode::Attract, {0, 0, 0});
  const gpu::SimParams p = sim::toGpu(s);
  const auto r = referenceStepOf(loneBoid({10, 0, 0}, {0, 0, 0}), p, glm::dvec3(0));
  EXPECT_NEAR(r.velocities[0].x, -0.05, 1e-9);  // far away: an impulse of the full strength
  EXPECT_NEAR(r.velocities[0].y, 0.0, 1e-12);
  EXPECT_LT(r.positions[0].x, 10.0);
  // At any distance, even beyond the predator's radius (10): attraction reaches everywhere.
  const auto far = referenceStepOf(loneBoid({0, 0, 15}, {0, 0, 0}), p, glm::dvec3(0));
  EXPECT_NEAR(far.velocities[0].z, -0.05, 1e-9);
  // Within a unit of the point the pull fades with the distance: no jitter at the point itself.
  const auto near = referenceStepOf(loneBoid({0.5f, 0, 0}, {0, 0, 0}), p, glm::dvec3(0));
  EXPECT_NEAR(near.velocities[0].x, -0.05 * 0.5, 1e-9);
  const auto at = referenceStepOf(loneBoid({0, 0, 0}, {0.1f, 0, 0}), p, glm::dvec3(0));
  EXPECT_NEAR(at.velocities[0].x, 0.1, 1e-7);
}

TEST(ReferenceStep, ABoidFleesAPredatorMoreTheCloserItIsAndIgnoresOneOutOfReach) {
  const auto s = attractorSettings(sim::AttractorMode::Flee, {0, 0, 0});
  const gpu::SimParams p = sim::toGpu(s);  // radius 10
  auto pushAt = [&](float distance) {
    return referenceStepOf(loneBoid({0, distance, 0}, {0, 0, 0}), p, glm::dvec3(0)).velocities[0].y;
  };
  EXPECT_NEAR(pushAt(5), 0.05 * (1 - 5.0 / 10), 1e-9);  // away (+y), half strength half way
  EXPECT_NEAR(pushAt(2), 0.05 * (1 - 2.0 / 10), 1e-9);
  EXPECT_GT(pushAt(2), pushAt(5));
  EXPECT_EQ(pushAt(10.5f), 0.0);  // beyond the radius: untouched
  EXPECT_EQ(pushAt(15), 0.0);
  // A moving boid out of reach keeps its velocity exactly.
  const auto out = referenceStepOf(loneBoid({12, 0, 0}, {-0.5f, 0.25f, 0}), p, glm::dvec3(0));
  EXPECT_EQ(out.velocities[0], glm::dvec3(-0.5, 0.25, 0));
}

TEST(ReferenceStep, TheAttractorActsThroughTheNearestPeriodicImage) {
  // World 40: a boid at x = 19 and a point at x = -19 are 2 apart through the face at x = 20.
  const auto s = attractorSettings(sim::AttractorMode::Attract, {-19, 0, 0});
  const auto r = referenceStepOf(loneBoid({19, 0, 0}, {0, 0, 0}), sim::toGpu(s), glm::dvec3(0));
  EXPECT_NEAR(r.velocities[0].x, 0.05, 1e-9) << "pulled on through the face, not back across the world";
  EXPECT_EQ(r.ambiguous[0], 0);
  // Half a side away on one axis, either image is as near: the GPU may take either, so the boid is
  // not compared.
  const auto s2 = attractorSettings(sim::AttractorMode::Attract, {-10, 0, 0});
  EXPECT_EQ(referenceStepOf(loneBoid({10, 0, 0}, {0, 0, 0}), sim::toGpu(s2), glm::dvec3(0)).ambiguous[0], 1);
}

TEST(Settings, AttractorParamsCarryTheSignedStrengthAndAPointInsideTheCube) {
  auto s = attractorSettings(sim::AttractorMode::Attract, {1, 2, 3});
  gpu::SimParams g = sim::toGpu(s);
  EXPECT_EQ(g.attractor, glm::vec4(1, 2, 3, 0.05f));
  EXPECT_EQ(g.attractorInvRadius, 1.0f / 10.0f);
  s.attractor.mode = sim::AttractorMode::Flee;
  EXPECT_EQ(sim::toGpu(s).attractor.w, -0.05f);
  s.attractor.mode = sim::AttractorMode::Off;
  EXPECT_EQ(sim::toGpu(s).attractor.w, 0.0f);
  // Outside the cube: wrapped in the wrap-around world (45 is 5), clamped to the faces with walls.
  s.attractor.point = {45, -30, 0};
  EXPECT_EQ(glm::vec3(sim::toGpu(s).attractor), glm::vec3(5, 10, 0));
  s.world = sim::WorldMode::Walls;
  EXPECT_EQ(glm::vec3(sim::toGpu(s).attractor), glm::vec3(20, -20, 0));
}

TEST(Settings, ThePredatorsRadiusIsNotANeighbourRadius) {
  // Neighbour radii must stay under a quarter of the cube (the grid); the predator may reach across it.
  sim::SimSettings s;
  s.worldSize = 40;
  s.wallMargin = 4;
  s.attractorRadius = 1000;
  EXPECT_EQ(sim::validate(s), "");
  s.attractor.point = {NAN, 0, 0};
  EXPECT_NE(sim::validate(s).find("attractor-point"), std::string::npos);
}

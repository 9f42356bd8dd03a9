#include "engine/sim/params.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include <glm/common.hpp>
#include <glm/vec4.hpp>

namespace boids::sim {

std::span<const FloatParam> floatParams() {
  static const FloatParam kParams[] = {
      {"separation-radius", "separation radius", "neighbours closer than this push the boid away",
       &SimSettings::separationRadius, 0.01f, 50.0f, true},
      {"separation-weight", "separation weight", "strength of the push away from close neighbours",
       &SimSettings::separationWeight, 0.0f, 1.0f, false},
      {"alignment-radius", "alignment radius", "neighbours closer than this share their heading",
       &SimSettings::alignmentRadius, 0.1f, 50.0f, true},
      {"alignment-weight", "alignment weight", "how much of the neighbours' mean velocity is added",
       &SimSettings::alignmentWeight, 0.0f, 1.0f, false},
      {"cohesion-radius", "cohesion radius", "neighbours closer than this pull the boid to their centre",
       &SimSettings::cohesionRadius, 0.1f, 50.0f, true},
      {"cohesion-weight", "cohesion weight", "strength of the pull toward the neighbours' centre",
       &SimSettings::cohesionWeight, 0.0f, 1.0f, false},
      {"centroid-weight", "centroid pull", "pull toward the whole flock's centroid (0 = off)",
       &SimSettings::centroidWeight, 0.0f, 0.05f, false},
      {"max-speed", "max speed", "speeds are clamped to this (units per time unit)", &SimSettings::maxSpeed, 0.01f,
       20.0f, true},
      {"dt", "time step", "position integration step", &SimSettings::dt, 0.001f, 1.0f, true},
      {"world-size", "world size", "side of the world cube", &SimSettings::worldSize, 1.0f, 100000.0f, true},
      {"wall-margin", "wall margin", "soft walls push within this distance of a face", &SimSettings::wallMargin,
       0.01f, 50000.0f, true},
      {"wall-strength", "wall strength", "velocity impulse per step at a face", &SimSettings::wallStrength, 0.0f,
       10.0f, false},
      {"attractor-strength", "attractor strength",
       "velocity impulse per step toward the attractor, or away from a predator at its closest",
       &SimSettings::attractorStrength, 0.0f, 1.0f, false},
      {"attractor-radius", "predator radius", "a predator scares the boids within this distance",
       &SimSettings::attractorRadius, 0.1f, 100000.0f, true},
      {"hunt-period", "hunt period", "hunt: the time between the starts of a predator's attacks",
       &SimSettings::huntPeriod, 1.0f, 100000.0f, true},
      {"predator-speed", "predator speed", "hunt: how fast the predator dives through the flock",
       &SimSettings::predatorSpeed, 0.01f, 100.0f, true},
      {"range", "topological range", "topological rule: no neighbour farther than this counts", &SimSettings::range,
       0.1f, 100000.0f, true},
      {"cruise-speed", "cruise speed", "banked flight: the speed a boid keeps to", &SimSettings::cruiseSpeed, 0.01f,
       20.0f, true},
      {"speed-gain", "speed keeping", "banked flight: the part of the gap to the cruise speed made up a step",
       &SimSettings::speedGain, 0.0f, 1.0f, false},
      {"roll-rate", "roll rate", "banked flight: the most a boid's bank changes a step", &SimSettings::rollRate,
       0.0001f, 1.0f, true},
      {"most-bank", "most bank", "banked flight: the largest sideways impulse a step its bank gives",
       &SimSettings::mostBank, 0.0f, 1.0f, false},
      {"roost-radius", "roost radius", "the roost pulls boids farther than this from the world's vertical axis",
       &SimSettings::roostRadius, 0.1f, 100000.0f, true},
      {"roost-pull", "roost pull", "the roost's horizontal pull a radius past it (0 = no roost)",
       &SimSettings::roostPull, 0.0f, 1.0f, false},
      {"altitude-low", "altitude band floor", "the preferred altitude band's floor, above the world's floor",
       &SimSettings::altitudeLow, 0.0f, 100000.0f, false},
      {"altitude-high", "altitude band ceiling", "the preferred altitude band's ceiling, above the world's floor",
       &SimSettings::altitudeHigh, 0.0f, 100000.0f, false},
      {"altitude-pull", "altitude pull", "the band's push back, its thickness past a face (0 = no band)",
       &SimSettings::altitudePull, 0.0f, 1.0f, false},
  };
  return kParams;
}

namespace {
std::string num(double v) {  // as people write numbers: 6, 0.25, 1e-05
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}
// The radii of the neighbour rules: the grid is sized for the largest, which must stay under a
// quarter of the cube. (The predator's radius is no neighbour search: any size will do.)
bool isNeighbourRadius(const FloatParam& p) {
  return p.member == &SimSettings::separationRadius || p.member == &SimSettings::alignmentRadius ||
         p.member == &SimSettings::cohesionRadius;
}

// The attractor's point as the GPU gets it: inside the cube, so that its offset from a boid is
// one rounded subtraction and one periodic shift (the reference's error bound counts on it). A
// wrap-around world's point is the same point wrapped; with walls, the nearest point of the cube.
glm::vec3 attractorPointInCube(const SimSettings& s) {
  const glm::dvec3 point(s.attractor.point);
  const double half = 0.5 * s.worldSize, side = s.worldSize;
  if (s.world == WorldMode::Wrap) return glm::vec3(point - side * glm::floor((point + half) / side));
  return glm::vec3(glm::clamp(point, glm::dvec3(-half), glm::dvec3(half)));
}

double attractorSign(AttractorMode mode) {
  return mode == AttractorMode::Attract ? 1.0 : mode == AttractorMode::Flee || mode == AttractorMode::Hunt ? -1.0 : 0.0;
}
}  // namespace

Problem check(const SimSettings& s) {
  if (s.count < kMinCount) return {"count must be at least 1 (got " + std::to_string(s.count) + ")", {"count"}};
  for (const FloatParam& p : floatParams()) {
    float v = s.*p.member;
    if (!std::isfinite(v) || v < p.min || v > p.max) {
      return {std::string(p.key) + " must be in [" + num(p.min) + ", " + num(p.max) + "] (got " + num(v) + ")", {p.key}};
    }
  }
  const FloatParam* largest = nullptr;
  for (const FloatParam& p : floatParams()) {
    if (isNeighbourRadius(p) && (!largest || s.*p.member > s.*largest->member)) largest = &p;
  }
  const float radius = s.*largest->member;
  if (radius > 0.25f * s.worldSize) {
    return {"the largest radius (" + std::string(largest->key) + " " + num(radius) +
                ") must be at most a quarter of world-size (" + num(s.worldSize) + "): a world-size of " +
                num(std::ceil(4.0 * radius)) + " or more, or a smaller radius",
            {largest->key, "world-size"}};
  }
  if (s.wallMargin > 0.5f * s.worldSize) {
    return {"wall-margin (" + num(s.wallMargin) + ") must be at most half of world-size (" + num(s.worldSize) + ")",
            {"wall-margin", "world-size"}};
  }
  if (s.reaction < 1 || s.reaction > kMostReaction) {
    return {"reaction must be in [1, " + std::to_string(kMostReaction) + "] steps (got " + std::to_string(s.reaction) + ")",
            {"reaction"}};
  }
  if (s.rule == Rule::Topological) {
    if (s.nearest < 1 || s.nearest > NEAREST_MOST) {
      return {"nearest must be in [1, " + std::to_string(NEAREST_MOST) + "] (got " + std::to_string(s.nearest) + ")", {"nearest"}};
    }
    if (s.separateFrom < 1 || s.separateFrom > s.nearest) {
      return {"separate-from must be in [1, nearest " + std::to_string(s.nearest) + "] (got " +
                  std::to_string(s.separateFrom) + ")",
              {"separate-from", "nearest"}};
    }
    if (s.range > 0.25f * s.worldSize) {
      return {"range (" + num(s.range) + ") must be at most a quarter of world-size (" + num(s.worldSize) + ")",
              {"range", "world-size"}};
    }
    if (s.neighbours == Neighbours::BruteForce) {
      return {"the topological rule searches the grid: neighbours 'coherent' or 'scattered'", {"rule", "neighbours"}};
    }
  }
  if (s.altitudeLow >= s.altitudeHigh) {
    return {"altitude-low (" + num(s.altitudeLow) + ") must be below altitude-high (" + num(s.altitudeHigh) + ")",
            {"altitude-low", "altitude-high"}};
  }
  const glm::vec3 point = s.attractor.point;
  if (!std::isfinite(point.x) || !std::isfinite(point.y) || !std::isfinite(point.z)) {
    return {"attractor-point must be finite", {"attractor-point"}};
  }
  return {};
}

std::string validate(const SimSettings& s) { return check(s).message; }

std::uint32_t reachSampling(std::uint32_t count) { return std::max<std::uint32_t>(1, count / 4096); }

gpu::SimParams toGpu(const SimSettings& s, float cell) {
  gpu::SimParams g{};
  auto sq = [](float r) { return r * r; };
  g.radiiSq = {sq(s.separationRadius), sq(s.alignmentRadius), sq(s.cohesionRadius),
               sq(largestRadius(s))};
  g.weights = {s.separationWeight, s.alignmentWeight, s.cohesionWeight, s.centroidWeight};
  g.world = {0.5f * s.worldSize, s.worldSize, 1.0f / s.worldSize, s.wallMargin};
  g.maxSpeed = s.maxSpeed;
  g.dt = s.dt;
  g.wallStrength = s.wallStrength;
  g.boidCount = s.count;
  g.worldMode = static_cast<std::uint32_t>(s.world);
  const grid::Geometry grid = gridGeometry(s, cell);
  g.grid = {grid.edge, 1.0f / grid.edge, static_cast<float>(grid.cellsPerAxis), static_cast<float>(grid.buckets)};
  g.cellsPerAxis = grid.cellsPerAxis;
  g.cellSearch = static_cast<std::uint32_t>(s.cells);
  g.attractorInvRadius = 1.0f / s.attractorRadius;
  g.attractor = glm::vec4(attractorPointInCube(s), static_cast<float>(attractorSign(s.attractor.mode)) * s.attractorStrength);
  g.rule = static_cast<std::uint32_t>(s.rule);
  g.nearest = s.nearest;
  g.separateFrom = s.separateFrom;
  g.flight = static_cast<std::uint32_t>(s.flight);
  g.cruise = {s.cruiseSpeed, s.speedGain, s.rollRate, s.mostBank};
  const float floor = -0.5f * s.worldSize;
  g.roost = {s.roostRadius, s.roostPull, floor + s.altitudeLow, floor + s.altitudeHigh};
  g.reach = {s.altitudePull, s.range * s.range, s.separationRadius, 1.0f / s.separationRadius};
  g.hunt = {s.huntPeriod, s.predatorSpeed, s.attractor.mode == AttractorMode::Hunt ? 1.0f : 0.0f, 0.0f};
  g.sampling = {reachSampling(s.count), s.rule == Rule::Topological ? s.reaction : 1u, 0, 0};
  return g;
}

float topologicalCell(const SimSettings& s, float cell) {
  return std::min(std::max(cell > 0 ? cell : s.separationRadius, s.range / kMostRings), s.worldSize / kMinCellsPerAxis);
}

grid::Geometry gridGeometry(const SimSettings& s, float cell) {
  const float radius = std::max({s.separationRadius, s.alignmentRadius, s.cohesionRadius});
  const double reach = s.rule == Rule::Topological ? double(topologicalCell(s, cell))
                                                   : (s.cells == CellSearch::Cells8 ? 2.0 : 1.0) * radius * (1.0 + 1e-4);
  const double perAxis = std::max(1.0, std::floor(s.worldSize / reach));
  const double cells = perAxis * perAxis * perAxis;
  const bool fewCells = cells <= double(kMostDenseCells) &&
                        (cells <= double(kDenseCellsAlways) || cells <= double(kDenseCellsPerBoid) * s.count);
  const bool hashed = s.gridKeys == GridKeys::Hashed || (s.gridKeys == GridKeys::Auto && !fewCells);
  if (!hashed) {
    const auto n = static_cast<std::uint32_t>(std::min(perAxis, double(kMostDenseCellsPerAxis)));
    return {n, s.worldSize / static_cast<float>(n), 0};
  }
  const auto n = static_cast<std::uint32_t>(perAxis);  // worldSize <= 1e5 and radius >= 0.1 keep it far inside 32 bits
  const std::uint32_t buckets = std::bit_ceil(std::max<std::uint32_t>(kBucketsPerBoid * s.count, 64));
  return {n, s.worldSize / static_cast<float>(n), buckets};
}

std::string densityText() {
  char text[48];
  std::snprintf(text, sizeof text, "%.4g boids per unit^3", static_cast<double>(kReferenceDensity));
  return text;
}

float sideAtReferenceDensity(std::uint32_t count) { return std::cbrt(static_cast<float>(count) / kReferenceDensity); }

float worldSizeForCount(std::uint32_t count) { return std::max(20.0f, std::round(sideAtReferenceDensity(count))); }

float largestRadius(const SimSettings& s) { return std::max({s.separationRadius, s.alignmentRadius, s.cohesionRadius}); }

SimSettings cis565Scenario(std::uint32_t count, const SimSettings& choices) {
  SimSettings s;  // the engine's defaults: the CIS 565 radii and weights, max speed 1, dt 0.2
  s.seed = choices.seed;
  s.neighbours = choices.neighbours;
  s.cells = choices.cells;
  s.count = count;
  s.world = WorldMode::Wrap;
  s.centroidWeight = 0.0f;
  s.worldSize = sideAtReferenceDensity(count);
  s.wallMargin = s.worldSize / 10;
  return s;
}

}  // namespace boids::sim

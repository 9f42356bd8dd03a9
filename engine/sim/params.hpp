#pragma once
// The user's simulation settings, one table that describes each of them (the ImGui panel, the
// command line and later presets all read it), and their translation into the GPU's SimParams.
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

#include "engine/grid/geometry.hpp"
#include "engine/gpu_types.hpp"
#include "engine/names.hpp"

namespace boids::sim {

enum class WorldMode : std::uint32_t { Wrap = WORLD_WRAP, Walls = WORLD_WALLS };
inline constexpr Named<WorldMode> kWorldModes[] = {{WorldMode::Walls, "walls"}, {WorldMode::Wrap, "wrap"}};
// How each boid finds its neighbours: every other boid, or the boids of nearby grid cells, read
// through the sorted index (scattered) or from copies gathered into cell order (coherent).
enum class Neighbours : std::uint32_t { BruteForce, GridScattered, GridCoherent };
inline constexpr Named<Neighbours> kNeighbourSearches[] = {
    {Neighbours::GridCoherent, "coherent"}, {Neighbours::GridScattered, "scattered"}, {Neighbours::BruteForce, "brute-force"}};
// The flock at frame 0: spread evenly (the benchmarks' scenario), a few groups already flying
// together (the schools), or one flock over the roost, in the altitude band, evenly spread (the murmuration).
enum class Start : std::uint32_t { Uniform, Clustered, Flock };
inline constexpr Named<Start> kStarts[] = {
    {Start::Clustered, "clustered"}, {Start::Uniform, "uniform"}, {Start::Flock, "flock"}};
enum class CellSearch : std::uint32_t { Cells27 = CELLS_27, Cells8 = CELLS_8 };
inline constexpr Named<CellSearch> kCellSearches[] = {{CellSearch::Cells27, "27"}, {CellSearch::Cells8, "8"}};
// How the grid keys its cells (engine/grid/geometry.hpp): as the world's size asks (dense while the
// cells are at most kDenseCellsPerBoid per boid), or either way regardless (bench --sparse compares them).
enum class GridKeys : std::uint32_t { Auto, Dense, Hashed };

// Which neighbours a boid reacts to: those within the rules' radii (metric: the CIS 565 rules), or
// its k nearest whatever their distance (topological: as starlings do, Ballerini et al. 2008).
enum class Rule : std::uint32_t { Metric = RULE_METRIC, Topological = RULE_TOPOLOGICAL };
inline constexpr Named<Rule> kRules[] = {{Rule::Metric, "metric"}, {Rule::Topological, "topological"}};
// How a boid flies: its speed clamped to max-speed and any turn at once (CIS 565), or at a cruise
// speed it prefers, turning by banking (shaders/sim/boid_rules.glsl, bankedImpulse()).
enum class Flight : std::uint32_t { Clamped = FLIGHT_CLAMPED, Banked = FLIGHT_BANKED };
inline constexpr Named<Flight> kFlights[] = {{Flight::Clamped, "clamped"}, {Flight::Banked, "banked"}};

// A point the flock follows (Attract) or flees (Flee: a predator), the term attractorPush() in
// shaders/sim/boid_rules.glsl. The window holds one at the mouse while a key is down
// (Simulation::setAttractor); settings and presets can fix one, for headless runs.
// Hunt: a bird of prey that dives through the flock every hunt-period (shaders/sim/predator.comp),
// fled as Flee's point is; the point is its own.
enum class AttractorMode : std::uint32_t { Off, Attract, Flee, Hunt };
inline constexpr Named<AttractorMode> kAttractorModes[] = {{AttractorMode::Off, "off"},
                                                           {AttractorMode::Attract, "attract"},
                                                           {AttractorMode::Flee, "flee"},
                                                           {AttractorMode::Hunt, "hunt"}};
struct Attractor {
  AttractorMode mode = AttractorMode::Off;
  glm::vec3 point{0.0f};  // world coordinates; one outside the cube is clamped into it (walls) or wrapped
};

struct SimSettings {
  std::uint32_t count = 16384;
  std::uint64_t seed = 1;
  WorldMode world = WorldMode::Walls;
  // Defaults: the CIS 565 flocking rules and their density (0.03056 boids / unit^3 at 16K boids).
  float separationRadius = 3.0f;
  float separationWeight = 0.1f;
  float alignmentRadius = 5.0f;
  float alignmentWeight = 0.1f;
  float cohesionRadius = 5.0f;
  float cohesionWeight = 0.01f;
  float centroidWeight = 0.0002f;  // pull toward the flock centroid; 0 turns it off
  float maxSpeed = 1.0f;
  float dt = 0.2f;
  float worldSize = 81.0f;         // side of the cube: worldSizeForCount(count) unless chosen
  float wallMargin = 8.0f;         // soft walls start pushing this far from the cube's faces
  float wallStrength = 0.05f;      // velocity impulse per step at the face itself
  float attractorStrength = 0.05f; // velocity impulse per step toward the attractor (or away from it)
  float attractorRadius = 20.0f;   // a predator's reach: its push fades to 0 there
  float huntPeriod = 60.0f;        // hunt: the time between the starts of two attacks
  float predatorSpeed = 3.0f;      // hunt: how fast the predator dives
  Attractor attractor;
  Rule rule = Rule::Metric;
  std::uint32_t nearest = 7;       // topological: the k nearest a boid aligns with and moves toward
  std::uint32_t separateFrom = 1;  // topological: the closest of them it keeps away from
  std::uint32_t reaction = 1;      // topological: every how many steps a boid searches for them (its reaction time)
  float range = 40.0f;             // topological: no neighbour farther than this counts
  Flight flight = Flight::Clamped;
  float cruiseSpeed = 1.0f;        // banked flight: the speed a boid keeps to
  float speedGain = 0.1f;          // banked flight: the part of its speed's gap to cruise made up a step
  float rollRate = 0.01f;          // banked flight: the most its bank (sideways impulse a step) changes a step
  float mostBank = 0.05f;          // banked flight: the largest bank
  float roostRadius = 40.0f;       // the roost: no horizontal pull within this distance of the world's axis
  float roostPull = 0.0f;          // its horizontal pull, a radius past it (0: no roost)
  float altitudeLow = 20.0f;       // the preferred altitude band, above the world's floor
  float altitudeHigh = 40.0f;
  float altitudePull = 0.0f;       // its push back, a band's thickness past a face (0: no band)
  Neighbours neighbours = Neighbours::GridCoherent;
  CellSearch cells = CellSearch::Cells27;
  GridKeys gridKeys = GridKeys::Auto;
  Start start = Start::Uniform;  // the app's settings start clustered (app/settings.cpp)
};

// Dense keys while the world holds at most this many cells per boid (or kDenseCellsAlways in all),
// and at most kMostDenseCells (their starts then fit 128 MiB, a storage block every driver we
// know of binds); beyond, hashed into the power of two at least kBucketsPerBoid per boid. Chosen
// by measurement (docs/PERFORMANCE.md, "The grid and the step", sparse worlds): hashed keys cost
// more than dense ones while the cells are few, and less once the world holds many cells a boid.
inline constexpr std::uint32_t kDenseCellsPerBoid = 16;
inline constexpr std::uint64_t kDenseCellsAlways = std::uint64_t(1) << 16;
inline constexpr std::uint64_t kMostDenseCells = (std::uint64_t(1) << 25) - 1;
inline constexpr std::uint32_t kBucketsPerBoid = 2;
// Dense keys forced (bench --sparse) stay inside 32 bits with room to spare: at most 1024 cells per axis.
inline constexpr std::uint32_t kMostDenseCellsPerAxis = 1024;

// The grid for these settings (engine/grid/geometry.hpp says what it guarantees). The topological
// rule's cells are as wide as `cell` (the simulation sizes them from the flock), but never so
// narrow that its range spans more than kMostRings of them; 0: as wide as the separation radius.
inline constexpr float kMostRings = 8;
inline constexpr float kMinCellsPerAxis = 6;  // and at least this many a side (wrap: no cell met twice)
grid::Geometry gridGeometry(const SimSettings& s, float cell = 0);
// The topological rule's cells as wide as they are for `cell`: what gridGeometry() keys by.
float topologicalCell(const SimSettings& s, float cell);

// One float setting: its key (command line, presets), label, help, range. Ranges keep the model
// meaningful: radii stay under a quarter of the cube (so the nearest periodic image is the only
// one that can be a neighbour), the wall margin under half of it.
struct FloatParam {
  const char* key;
  const char* label;
  const char* help;
  float SimSettings::*member;
  float min, max;
  bool logarithmic;
};
std::span<const FloatParam> floatParams();

inline constexpr std::uint32_t kMinCount = 1;
inline constexpr std::uint32_t kMostReaction = 16;  // the longest reaction time, in steps

// What is wrong with a set of settings: a one-line reason that names the settings, and their keys
// (so a caller can say where each value came from, or set one aside). Empty message: usable.
struct Problem {
  std::string message;
  std::vector<std::string> keys;
};
Problem check(const SimSettings& s);
// check(s).message: empty when the settings are usable.
std::string validate(const SimSettings& s);

// The keep-density rule, written once: the CIS 565 benchmark density, about 16 neighbours within a
// radius of 5.
inline constexpr float kReferenceDensity = 0.03056f;  // boids per unit^3
// "0.03056 boids per unit^3": the rule as the help, the panel and the tables say it.
std::string densityText();
// The side of the cube that holds `count` boids at kReferenceDensity exactly (the CIS 565
// scenario's world, as its CUDA implementation sizes it).
float sideAtReferenceDensity(std::uint32_t count);
// The same rounded to a whole unit and at least 20 (so that the default radii fit): the world a
// new count gets while the density is kept.
float worldSizeForCount(std::uint32_t count);
// The largest of the metric rules' radii: the grid's cells are sized for it, and it must be at
// most a quarter of the world (check()).
float largestRadius(const SimSettings& s);
// The CIS 565 scenario of `count` boids (bench --frame, the benches' flocks): its rules (the
// defaults), a wrap-around world at kReferenceDensity, no centroid pull; the seed, neighbour
// search and cells as `choices` has them.
SimSettings cis565Scenario(std::uint32_t count, const SimSettings& choices);

// The keep-flock-size rule: the spacing lengths (separation radius, topological range) and the
// time step are given for kFlockSizeCount birds and scale by spacingScale(count) =
// cbrt(kFlockSizeCount / count), so a flock of any count keeps the same size in the same world
// (more birds, closer together), each bird moving as far a step for its spacing (with the step
// unscaled, 16M birds moved twice their spacing a step, passed through each other and piled up).
inline constexpr std::uint32_t kFlockSizeCount = 16384;
inline float spacingScale(std::uint32_t count) { return std::cbrt(float(kFlockSizeCount) / float(count)); }

// The values the GPU step and the CPU reference both consume (`cell` as for gridGeometry()).
gpu::SimParams toGpu(const SimSettings& s, float cell = 0);
// Every how many boids one samples its k-th nearest distance for the next cell size (about 4096 a step).
std::uint32_t reachSampling(std::uint32_t count);

inline const char* worldModeName(WorldMode mode) { return nameOf(kWorldModes, mode); }
inline const char* attractorModeName(AttractorMode mode) { return nameOf(kAttractorModes, mode); }
inline const char* neighboursName(Neighbours mode) { return nameOf(kNeighbourSearches, mode); }
inline const char* ruleName(Rule rule) { return nameOf(kRules, rule); }

}  // namespace boids::sim

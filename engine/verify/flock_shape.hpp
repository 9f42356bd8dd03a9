#pragma once
// How a flock is shaped, measured from its positions as real murmurations are (Ballerini et al.,
// "Empirical investigation of starling flocks", Animal Behaviour 2008): one cohesive cluster; thin,
// its thinnest axis near vertical (a flock slides parallel to the ground); off the ground; and
// denser at its border than in its core, where a ball of boids thins toward its edge; and ordered,
// every bird flying nearly the same way (Cavagna et al., PNAS 2010, measure starlings' polarisation
// at 0.96 and more), where a swarm's birds fly every way.
#include <cstdint>
#include <span>
#include <string>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace boids::verify {

struct FlockShape {
  std::uint32_t boids = 0;
  double meanNearest = 0;             // mean distance to the nearest other boid
  double largestCluster = 0;          // fraction of the boids in the largest cluster, linked within 3 meanNearest
  double thinToLong = 0;              // the smallest principal axis's spread over the largest's
  double thinAxisFromVertical = 0;    // degrees between the smallest principal axis and y
  double lowest = 0;                  // the lowest y
  double borderToCore = 0;            // number density of the outer shell over the core's (principal frame)
  double polarisation = 0;            // |mean velocity| over mean speed: 1 when all fly one way, near 0 for a swarm
};

// Positions as --save-flock writes them: y up, the ground at y = 0; velocities of the same boids in
// the same order (std::invalid_argument where the counts differ).
FlockShape measureFlock(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities);

// The murmuration's targets (issue 36): at least 90% in one cluster, thin-to-long at most 0.4, the
// thin axis within 30 degrees of vertical, nothing below `floor`, the border at least 0.9 as dense
// as the core. Empty when every one holds; else a line per one that does not.
std::string murmurationMisses(const FlockShape& shape, double floor);

std::string describe(const FlockShape& shape);

}  // namespace boids::verify

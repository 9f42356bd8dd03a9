#ifndef BOIDS_SIM_PARAMS_H
#define BOIDS_SIM_PARAMS_H
// Contents of the simulation uniform block, shared by C++ and GLSL. Every member is a vec4 or
// one of four scalars in a row, so the std140 offsets equal the C++ offsets; a GL test checks
// them through program introspection. Values are derived on the CPU (engine/sim/params.cpp) so
// the GPU step and the CPU reference use the very same floats (squared radii, extents).
struct SimParams {
  vec4 radiiSq;      // squared radii: x separation, y alignment, z cohesion, w largest of the three
  vec4 weights;      // x separation, y alignment, z cohesion, w pull toward the flock centroid
  vec4 world;        // x half side of the cube, y full side, z 1/side, w wall margin
  vec4 grid;         // x cell edge, y 1/edge, z cells per axis (as a float), w unused
  float maxSpeed;    // speeds are clamped to this after the rules apply
  float dt;          // position integration step (rule impulses are per step, as in CIS 565)
  float wallStrength;
  float attractorInvRadius;  // 1 / the predator's radius of influence
  uint boidCount;
  uint worldMode;    // WORLD_WRAP or WORLD_WALLS
  uint cellsPerAxis; // the grid: cellsPerAxis^3 cells of edge grid.x tile the world cube
  uint cellSearch;   // CELLS_27 (edge >= reach: the cell and its 26 neighbours) or CELLS_8
  vec4 attractor;    // xyz the point (inside the cube), w its signed strength: > 0 attract, < 0 flee, 0 off
  uint rule;         // RULE_METRIC (the radii) or RULE_TOPOLOGICAL (the k nearest)
  uint nearest;      // topological: the k nearest a boid aligns with and moves toward (1..NEAREST_MOST;
                     // the step's programs are compiled for it: NEAREST in sim/sim_step_grid.comp)
  uint separateFrom; // topological: the closest of them it keeps away from (1..nearest)
  uint flight;       // FLIGHT_CLAMPED (speed clamped) or FLIGHT_BANKED (cruise speed, banked turns)
  vec4 cruise;       // banked flight: x cruise speed, y speed-keeping gain, z roll rate, w most bank
  vec4 roost;        // x roost radius, y roost pull, z altitude band's floor, w its ceiling (world y)
  vec4 reach;        // x altitude pull, y topological range squared, z separation radius, w 1 / it
  vec4 hunt;         // x the time between a predator's attacks, y its speed, z 1 while it hunts, w unused
  uvec4 sampling;    // x every how many boids one samples its k-th distance (the cell size); topological:
                     // y every how many steps a boid searches for its k nearest (1: every step), z
                     // this step's place in that cycle (sim/sim_step_grid.comp, reactsNow()); w unused
};

#define WORLD_WRAP 0u
#define WORLD_WALLS 1u
#define CELLS_27 27u  // cell edge >= the largest radius; visit the 3x3x3 block around the boid
#define CELLS_8 8u    // cell edge >= twice the radius; visit the 2x2x2 block nearest the boid
#define RULE_METRIC 0u
#define RULE_TOPOLOGICAL 1u
#define FLIGHT_CLAMPED 0u
#define FLIGHT_BANKED 1u
#define NEAREST_MOST 16u  // the most neighbours the topological rule follows
#define UNIT_BALL_VOLUME 4.18879  // 4/3 pi: the topological density is k over the k-th distance's ball

#endif

#ifndef BOIDS_BOID_RULES_GLSL
#define BOIDS_BOID_RULES_GLSL
// The flocking rules of one boid, split so that any neighbour search can drive them: call
// rulesAccumulate() for every candidate boid, then rulesFinish() once. This is the seam between
// the rules and the neighbour search (brute force now, a spatial grid later).
// Rules as in the CIS 565 flocking project (Reynolds 1987, "Flocks, herds and schools"): each rule
// adds a per-step velocity impulse; the speed is then clamped and the position integrated with dt.
// The murmuration's terms (the roost, the altitude band, banked flight) are off in that scenario.
// engine/verify/reference.cpp (referenceStep) is the same model in double precision.
// Needs: the SimParams block named u_sim (common/sim_params.h).

#include "common/finite.glsl"

layout(std430, binding = SSBO_PREDATOR) readonly buffer PredatorState { vec4 b_predator[3]; };  // sim/predator.comp

struct RuleSums {
  vec3 cohesion;        // sum of offsets to the neighbours within the cohesion radius
  uint cohesionCount;
  vec3 separation;      // minus the sum of offsets to the neighbours within the separation radius
  vec3 alignment;       // sum of the velocities of the neighbours within the alignment radius
  uint alignmentCount;
  uint neighbourCount;  // neighbours within the largest radius: the local density, written to velocity.w
  float centrality;     // how much of the cohesion applies: 1 (metric), the topological rule's centrality
  float density;        // what velocity.w says: neighbourCount (metric) or k over the k nearest's ball
};

RuleSums rulesBegin() { return RuleSums(vec3(0), 0u, vec3(0), vec3(0), 0u, 0u, 1.0, 0.0); }

// Offset from one point to another; in the wrap-around world, to the nearest periodic image.
vec3 worldOffset(vec3 from, vec3 to) {
  vec3 d = to - from;
  if (u_sim.worldMode == WORLD_WRAP) d -= u_sim.world.y * round(d * u_sim.world.z);
  return d;
}

// A candidate at offset d from the boid (already the nearest image in the wrap-around world).
void rulesAddNeighbour(inout RuleSums s, vec3 d, vec3 otherVel) {
  float d2 = dot(d, d);
  if (d2 < u_sim.radiiSq.z) {
    s.cohesion += d;
    s.cohesionCount += 1u;
  }
  if (d2 < u_sim.radiiSq.x) s.separation -= d;
  if (d2 < u_sim.radiiSq.y) {
    s.alignment += otherVel;
    s.alignmentCount += 1u;
  }
  if (d2 < u_sim.radiiSq.w) s.neighbourCount += 1u;
}

// What a step writes to velocity.w: the boid's neighbours within the largest radius, as a float
// (exact below 2^24), counted at the position it read. The largest radius rather than one rule's,
// so the number means the same whichever rule is widest, and it is the set every neighbour search
// must find (the grid's audit checks that very set). The renderer colours by it (local density).
// The topological rule writes its own measure instead (sim/topological.glsl): its k over the volume
// of the ball that holds them.
float localDensity(RuleSums s) { return u_sim.rule == RULE_TOPOLOGICAL ? s.density : float(s.neighbourCount); }

void rulesAccumulate(inout RuleSums s, vec3 p, vec3 otherPos, vec3 otherVel) {
  rulesAddNeighbour(s, worldOffset(p, otherPos), otherVel);
}

// Soft walls: a push back toward the inside that grows linearly over the last `margin` units.
vec3 wallPush(vec3 p) {
  float inner = u_sim.world.x - u_sim.world.w;
  vec3 over = max(abs(p) - vec3(inner), vec3(0));
  return -sign(p) * over * (u_sim.wallStrength / u_sim.world.w);
}

// The attractor: a point T the flock follows (strength s > 0) or flees (s < 0, a predator), with
// d the offset from the boid to T (the nearest image in the wrap-around world) and L = |d|:
//   attract: dv = s d / max(L, 1)                         at any distance
//   flee:    dv = s d / max(L, 1) * max(1 - L / R, 0)     within R of the predator
// Reynolds' seek and flee (1999, "Steering behaviors for autonomous characters") as an impulse of
// fixed size |s| rather than a steer to a desired velocity: cheap, and with the speed clamp it
// cannot explode. A flock far away comes at cruising speed, overshoots and turns back: it swirls
// around T instead of collapsing onto it (a lone boid circles at about maxSpeed^2 dt / s; a flock,
// held apart by separation, becomes a swirling ball). Within a unit of T the pull fades linearly
// to 0, so nothing divides by a tiny length (no jitter at T, a bounded rounding error). The
// predator's push grows linearly from 0 at its rim (no jump at R) to nearly |s| a unit from it:
// the flock opens around it and closes behind. Off: s = 0, no cost but the test.
vec3 attractorPush(vec3 p, vec4 attractor) {
  float strength = attractor.w;
  vec3 d = worldOffset(p, attractor.xyz);
  float len = length(d);
  float gain = strength / max(len, 1.0);
  if (strength < 0.0) gain *= max(1.0 - len * u_sim.attractorInvRadius, 0.0);
  return d * gain;
}

// The roost (after StarDisplay: Hildenbrandt, Carere and Hemelrijk, Behavioral Ecology 2010): a
// horizontal pull toward the vertical axis of the world beyond the roost's radius, growing linearly
// with the distance past it (to the full pull a radius further out); and a preferred altitude
// band: a spring toward its middle, at full strength at its faces and beyond, with a pull toward
// level flight of the same strength per unit of climb (a damping: no bird dives through the band).
// A vertical spring stiffer than the flock's horizontal ties is what flattens the flock. Zero
// pulls: no cost but the tests.
vec3 roostPush(vec3 p, vec3 v) {
  vec3 dv = vec3(0);
  vec2 h = p.xz;
  float past = length(h) - u_sim.roost.x;
  if (u_sim.roost.y != 0.0 && past > 0.0) {
    dv.xz = -h * (u_sim.roost.y * min(past / u_sim.roost.x, 1.0) / (past + u_sim.roost.x));
  }
  if (u_sim.reach.x != 0.0) {
    float middle = 0.5 * (u_sim.roost.z + u_sim.roost.w), halfBand = 0.5 * (u_sim.roost.w - u_sim.roost.z);
    dv.y += u_sim.reach.x * (clamp((middle - p.y) / halfBand, -1.0, 1.0) - v.y);
  }
  return dv;
}

// Banked flight: the impulse dv the rules ask for is split along the boid's frame (dartBasis() in
// render/dart_basis.glsl: forward, right level with the ground, up). Forward, it changes the
// speed, with the cruise term pulling the speed back toward the cruise speed (a preference, not a
// clamp). Sideways the boid cannot push: it rolls, at most u_sim.cruise.z a step, toward the bank
// that gives that sideways pull, and the lift of its tilted wings turns it by the bank it has,
// never more than u_sim.cruise.w. `bank` is that sideways impulse, kept in position.w from step to
// step (the renderer rolls the dart by it). Up and down, it pitches freely.
vec3 bankedImpulse(vec3 v, vec3 dv, float bank, out float newBank) {
  float speed = length(v);
  vec3 forward = speed > 1e-6 ? v / speed : vec3(0, 0, 1);
  vec3 helper = abs(forward.y) < 0.99 ? vec3(0, 1, 0) : vec3(1, 0, 0);
  vec3 right = normalize(cross(helper, forward));
  vec3 up = cross(forward, right);
  float ahead = dot(dv, forward) + u_sim.cruise.y * (u_sim.cruise.x - speed);
  float wanted = dot(dv, right);
  newBank = clamp(bank + clamp(wanted - bank, -u_sim.cruise.z, u_sim.cruise.z), -u_sim.cruise.w, u_sim.cruise.w);
  return ahead * forward + newBank * right + dot(dv, up) * up;
}

// `bank`: position.w as the step read it; `newBank`: what it writes there (1 in clamped flight,
// where position.w has no use).
void rulesFinish(RuleSums s, vec3 p, vec3 v, float bank, vec3 flockCentre, out vec3 newPos, out vec3 newVel,
                 out float newBank) {
  vec3 dv = s.separation * u_sim.weights.x;
  if (s.alignmentCount > 0u) dv += s.alignment / float(s.alignmentCount) * u_sim.weights.y;
  if (s.cohesionCount > 0u) dv += s.cohesion / float(s.cohesionCount) * (u_sim.weights.z * s.centrality);
  // A centroid that is not finite (a non-finite boid reduced before the step repaired it) would
  // turn every boid non-finite: the pull skips that frame instead.
  vec3 pull = (flockCentre - p) * u_sim.weights.w;
  if (finite3(pull)) dv += pull;
  if (u_sim.worldMode == WORLD_WALLS) dv += wallPush(p);
  vec4 attractor = u_sim.hunt.z != 0.0 ? b_predator[2] : u_sim.attractor;  // the hunting predator, where it is now
  if (attractor.w != 0.0) dv += attractorPush(p, attractor);
  dv += roostPush(p, v);

  newBank = 1.0;
  if (u_sim.flight == FLIGHT_BANKED) dv = bankedImpulse(v, dv, bank, newBank);
  newVel = v + dv;
  float speed = length(newVel);
  if (speed > u_sim.maxSpeed) newVel *= u_sim.maxSpeed / speed;

  newPos = p + newVel * u_sim.dt;
  float halfSide = u_sim.world.x;
  if (u_sim.worldMode == WORLD_WRAP) {
    newPos -= u_sim.world.y * floor((newPos + vec3(halfSide)) * u_sim.world.z);
  } else {
    newPos = clamp(newPos, vec3(-halfSide), vec3(halfSide));  // the hard wall behind the soft one
  }
}

#endif

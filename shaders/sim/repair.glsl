#ifndef BOIDS_REPAIR_GLSL
#define BOIDS_REPAIR_GLSL
// Non-finite boids: a position or velocity that became NaN or infinite (extreme parameters, a
// broken preset) would spread to every neighbour within a step and to the centroid within a
// frame. The steps check each boid they write: a non-finite one goes back into the world at a
// spot hashed from its index, at rest, and is counted, so the app can say that it happened.
// Needs: the SimParams block named u_sim (common/sim_params.h) and sim/boid_rules.glsl.

layout(std430, binding = SSBO_HEALTH) buffer Health { uint b_nonFiniteRepaired; };

float hashUnit(uint x) {  // [0, 1)
  x ^= x >> 16u;
  x *= 0x7feb352du;
  x ^= x >> 15u;
  x *= 0x846ca68bu;
  x ^= x >> 16u;
  return float(x >> 8u) * (1.0 / 16777216.0);
}

// `oldPos`, `oldVel`: what the step read. Both states are tested: a non-finite position can come
// out finite (min and max return the other operand for NaN, so the walls' clamp would park it in
// a corner, unseen), and a finite one can come out non-finite.
void repairNonFinite(vec3 oldPos, vec3 oldVel, inout vec3 pos, inout vec3 vel, uint index) {
  if (finite3(oldPos) && finite3(oldVel) && finite3(pos) && finite3(vel)) return;
  vec3 unit = vec3(hashUnit(3u * index), hashUnit(3u * index + 1u), hashUnit(3u * index + 2u));
  pos = (unit - 0.5) * u_sim.world.x;  // within the middle half of the cube, clear of the walls
  vel = vec3(0.0);
  atomicAdd(b_nonFiniteRepaired, 1u);
}

#endif

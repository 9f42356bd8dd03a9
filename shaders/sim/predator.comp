#version 430 core
// A bird of prey (the attractor's 'hunt' mode): every u_sim.hunt.x time units it appears beside the
// flock, four of its reaches from the flock's centroid and above it, and dives straight through the
// centroid at u_sim.hunt.y, out the other side and away; the boids within its reach flee it
// (attractorPush() in sim/boid_rules.glsl, at the point this pass writes), and their neighbours
// follow them: the escape waves of a murmuration. Each attack comes from another side (the golden
// angle on), so the flock is struck from all around. One invocation, before the step.
// Reads UBO_SIM_PARAMS, SSBO_FLOCK_STATS (the centroid); reads and writes SSBO_PREDATOR.
layout(local_size_x = 1) in;

#include "common/bindings.h"
#include "common/sim_params.h"
#include "common/flock_stats.h"

layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };
// [0] xyz position, w attacks so far; [1] xyz velocity, w time since this attack began; [2] the
// point the step's boids flee (xyz) and its signed strength (w, 0 between dives).
layout(std430, binding = SSBO_PREDATOR) buffer Predator { vec4 b_predator[3]; };

void main() {
  float reach = 1.0 / u_sim.attractorInvRadius, approach = 4.0 * reach, speed = u_sim.hunt.y;
  vec3 pos = b_predator[0].xyz, vel = b_predator[1].xyz;
  float attacks = b_predator[0].w, time = b_predator[1].w + u_sim.dt;
  if (time >= u_sim.hunt.x) {  // a new attack, from the next side
    float angle = 2.39996323 * attacks;
    vec3 centre = b_stats.meanPosition.xyz;
    pos = centre + approach * normalize(vec3(cos(angle), 0.5, sin(angle)));
    vel = normalize(centre - pos) * speed;
    attacks += 1.0;
    time = 0.0;
  }
  pos += vel * u_sim.dt;
  bool diving = attacks > 0.0 && time * speed < 2.0 * approach;  // until as far past the centroid as it began
  b_predator[0] = vec4(pos, attacks);
  b_predator[1] = vec4(vel, time);
  b_predator[2] = vec4(pos, diving ? u_sim.attractor.w : 0.0);
}

#version 430 core
// The k nearest of each boid through a uniform grid, by expanding shells: the boid's own cell,
// then the 26 around it (ring 1), then ring 2, ... Each ring is scanned into the list; the search
// stops once the list is full and its k-th distance is below the distance every boid not yet seen
// must be at: ring r covers r cell edges beyond the boid's own cell, plus its distance to that
// cell's nearest face. So the list is exact wherever the boid is; but a cell holds as many boids
// as the flock puts there, and a school denser than the grid was sized for costs every boid in it
// the whole school (the octree search does not: knn_octree.comp).
// The grid is the Morton order's level u_level: its cells' starts are indexed by their Morton code.
#include "primitives/knn/knn_list.glsl"
#include "primitives/knn/knn_morton.glsl"

layout(std430, binding = KNN_SLOT_STARTS) readonly buffer Starts { uint b_starts[]; };
layout(location = KNN_LOC_LEVEL) uniform uint u_level;

void scanCell(ivec3 c, uint slot, vec3 p) {
  const uint cell = morton(uvec3(c));
  considerSlots(b_starts[cell], b_starts[cell + 1u], slot, p);
}

void main() {
  const uint slot = gl_GlobalInvocationID.x;
  if (slot >= u_count) return;
  const vec3 p = b_pos[slot].xyz;
  const float edge = finestEdge() * float(1u << u_level);
  const ivec3 last = ivec3((1 << KNN_LEVELS) >> u_level) - 1;
  const ivec3 c = ivec3(finestCell(p) >> u_level);
  const vec3 low = p - (u_origin + vec3(c) * edge), high = u_origin + vec3(c + 1) * edge - p;
  const float face = max(0.0, min(min(low.x, low.y), min(min(low.z, high.x), min(high.y, high.z))));
  const uint want = min(u_k, u_count - 1u);
  const int rings = max(max(max(c.x, last.x - c.x), max(c.y, last.y - c.y)), max(c.z, last.z - c.z));
  for (int r = 0; r <= rings; ++r) {
    const ivec3 from = max(c - r, ivec3(0)), to = min(c + r, last);
    for (int z = from.z; z <= to.z; ++z) {
      for (int y = from.y; y <= to.y; ++y) {
        // On the ring's faces in z or y the whole row of x; else only its two ends.
        if (abs(z - c.z) == r || abs(y - c.y) == r) {
          for (int x = from.x; x <= to.x; ++x) scanCell(ivec3(x, y, z), slot, p);
        } else {
          if (c.x - r >= 0) scanCell(ivec3(c.x - r, y, z), slot, p);
          if (c.x + r <= last.x) scanCell(ivec3(c.x + r, y, z), slot, p);
        }
      }
    }
    // Every boid not yet seen is at least this far; less 1e-4 of it, as the float keys and this
    // bound are each within a few ulps of their exact values.
    const float covered = (float(r) * edge + face) * 0.9999;
    if (g_found == want && (want == 0u || g_dist[want - 1u] < covered * covered)) break;
  }
  writeList(b_ids[slot], u_k);
}

// What every kNN search shares: an invocation a boid (its sorted slot), the boids in Morton order,
// and the boid's k nearest so far, nearest first, in registers. Keys are (squared distance in
// float, boid index): equal distances are ordered by the lower index, so the k nearest are one
// exact set whatever order the candidates come in.
#include "primitives/knn/knn_slots.h"

layout(local_size_x = KNN_GROUP) in;
layout(std430, binding = KNN_SLOT_POSITIONS) readonly buffer Positions { vec4 b_pos[]; };
layout(std430, binding = KNN_SLOT_IDS) readonly buffer Ids { uint b_ids[]; };
layout(std430, binding = KNN_SLOT_OUT) writeonly buffer Out { uint b_out[]; };
layout(location = KNN_LOC_COUNT) uniform uint u_count;
layout(location = KNN_LOC_K) uniform uint u_k;

float g_dist[KNN_MOST];
uint g_id[KNN_MOST];
uint g_found = 0u;

bool nearer(float d, uint id, float e, uint other) { return d < e || (d == e && id < other); }

// Insertion into the sorted list: a candidate behind the k-th is dropped at once.
void consider(float d, uint id, uint k) {
  if (g_found == k && !nearer(d, id, g_dist[k - 1u], g_id[k - 1u])) return;
  uint m = g_found < k ? g_found++ : k - 1u;
  while (m > 0u && nearer(d, id, g_dist[m - 1u], g_id[m - 1u])) {
    g_dist[m] = g_dist[m - 1u];
    g_id[m] = g_id[m - 1u];
    --m;
  }
  g_dist[m] = d;
  g_id[m] = id;
}

// The boids of sorted slots [from, to) but the boid's own (`slot`, at p), into the list.
void considerSlots(uint from, uint to, uint slot, vec3 p) {
  for (uint s = from; s < to; ++s) {
    if (s == slot) continue;
    const vec3 d = b_pos[s].xyz - p;
    consider(dot(d, d), b_ids[s], u_k);
  }
}

// The list into the boid's k places of the output, KNN_NONE where it has fewer.
void writeList(uint boid, uint k) {
  for (uint m = 0u; m < k; ++m) b_out[boid * k + m] = m < g_found ? g_id[m] : KNN_NONE;
}

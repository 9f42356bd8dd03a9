// A boid's k nearest so far, nearest first, in registers: the list both kNN searches keep. Keys
// are (squared distance in float, boid index): equal distances are ordered by the lower index, so
// the k nearest are one exact set whatever order the candidates come in.

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

// The list into the boid's k places of the output, KNN_NONE where it has fewer.
void writeList(uint boid, uint k) {
  for (uint m = 0u; m < k; ++m) b_out[boid * k + m] = m < g_found ? g_id[m] : KNN_NONE;
}

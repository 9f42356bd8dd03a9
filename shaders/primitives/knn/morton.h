#ifndef BOIDS_KNN_MORTON_H
#define BOIDS_KNN_MORTON_H
// The 10 low bits of v spread to every third bit: one axis of a 30-bit Morton code. Shared by GLSL
// (knn_morton.glsl) and C++ (engine/primitives/knn/knn.cpp, which includes it with uint as
// std::uint32_t), so the CPU's codes and the GPU's are one function.
uint mortonSpread(uint v) {
  v &= 0x3ffu;
  v = (v | (v << 16)) & 0x030000ffu;
  v = (v | (v << 8)) & 0x0300f00fu;
  v = (v | (v << 4)) & 0x030c30c3u;
  v = (v | (v << 2)) & 0x09249249u;
  return v;
}

#endif

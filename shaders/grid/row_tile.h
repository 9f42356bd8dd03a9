#ifndef BOIDS_GRID_ROW_TILE_H
#define BOIDS_GRID_ROW_TILE_H
// Hashed keys: where a row of cells (same y and z, n cells along x) starts, before the buckets'
// modulo. Rows come in tiles of 8 x 8 (y and z), hashed once a tile (a multiply-xorshift mix,
// the finaliser of MurmurHash3's shape); a tile's 64 rows lie on consecutive keys, n apart. So
// the rows around a cell mostly share its tile, and their boids sit near its own in sorted order:
// the step reads nearby memory, and a boid moving to the next row moves little in the order, so
// the reorder's gather stays local (docs/PERFORMANCE.md, "The murmuration"). Where the buckets
// are fewer than a tile's 64 n keys (a small flock in a wide world), a tile's rows overlap modulo
// the buckets: still exact (the step tells a key's boids apart by cell), only more candidates
// read. Shared by GLSL (grid_cells.glsl) and C++ (engine/sim/grid_watch.cpp, with uint as
// std::uint32_t).
#define ROW_TILE_BITS 3u

uint hashedRowKey(uint y, uint z, uint n) {
  const uint mask = (1u << ROW_TILE_BITS) - 1u;
  uint h = (y >> ROW_TILE_BITS) * 0x9e3779b1u + (z >> ROW_TILE_BITS) * 0x85ebca77u;
  h ^= h >> 15u;
  h *= 0x2c1b3c6du;
  h ^= h >> 12u;
  return h + n * ((y & mask) + ((z & mask) << ROW_TILE_BITS));
}

#endif

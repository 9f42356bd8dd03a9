#ifndef BOIDS_ATOMIC_ACCUM_GLSL
#define BOIDS_ATOMIC_ACCUM_GLSL
// The global accumulators of the atomic strategy (CENTROID_SLOT_ACCUM), and the number formats that
// make integer atomics do float work deterministically:
//  - sums in 64-bit fixed point (value * scale, scale a power of two chosen on the CPU so that no
//    sum can overflow); integer addition is associative, so the result does not depend on the
//    order in which groups arrive. With INT64_ATOMICS the words are added as int64_t
//    (GL_NV_shader_atomic_int64); without, as two 32-bit words with the carry propagated by hand.
//    Either way the memory holds little-endian two's-complement int64 values.
//  - min/max as 32-bit atomicMin/atomicMax on an order-preserving encoding of the float bits.

#ifndef INT64_ATOMICS
#define INT64_ATOMICS 0
#endif

#if INT64_ATOMICS
layout(std430, binding = CENTROID_SLOT_ACCUM) coherent buffer Accum {
  int64_t b_sum[3];
  uint b_lo[3];
  uint b_hi[3];
  uint b_count;
};
#else
layout(std430, binding = CENTROID_SLOT_ACCUM) coherent buffer Accum {
  uint b_sumWords[6];  // axis a: low word at 2a, high word at 2a + 1
  uint b_lo[3];
  uint b_hi[3];
  uint b_count;
};
#endif

// Floats ordered as unsigned integers: flip every bit of negatives, only the sign bit of positives.
uint orderedFromFloat(float f) {
  uint u = floatBitsToUint(f);
  return (u & 0x80000000u) != 0u ? ~u : (u | 0x80000000u);
}
float floatFromOrdered(uint u) { return uintBitsToFloat((u & 0x80000000u) != 0u ? (u & 0x7fffffffu) : ~u); }

// Two's complement of an integral double |d| < 2^63, as (low, high) words.
uvec2 wordsFromIntegral(double d) {
  double m = abs(d);
  double high = floor(m / 4294967296.0);
  uvec2 w = uvec2(uint(m - high * 4294967296.0), uint(high));
  if (d < 0.0) {
    w = ~w;
    w.x += 1u;
    if (w.x == 0u) w.y += 1u;
  }
  return w;
}

double integralFromWords(uvec2 w) {
  bool negative = (w.y & 0x80000000u) != 0u;
  if (negative) {
    w = ~w;
    w.x += 1u;
    if (w.x == 0u) w.y += 1u;
  }
  double m = double(w.y) * 4294967296.0 + double(w.x);
  return negative ? -m : m;
}

#endif

#ifndef BOIDS_DART_BASIS_GLSL
#define BOIDS_DART_BASIS_GLSL
// A boid's frame, shared by every way of drawing it (render/boid.vert, render/splat.comp): columns
// right, up and forward, forward along the velocity (+z while it has none), right level with the
// world's up (or with +x while flying straight up or down). Mesh units map to the world through it.
mat3 dartBasis(vec3 velocity) {
  float speed = length(velocity);
  vec3 forward = speed > 1e-6 ? velocity / speed : vec3(0, 0, 1);
  vec3 helper = abs(forward.y) < 0.99 ? vec3(0, 1, 0) : vec3(1, 0, 0);
  vec3 right = normalize(cross(helper, forward));
  return mat3(right, cross(forward, right), forward);
}

// The same frame rolled about forward by the boid's bank (position.w in banked flight): atan(bank /
// perEighth) radians, so a bank of perEighth rolls it 45 degrees into its turn (perEighth 0: no roll).
mat3 dartBasis(vec3 velocity, float bank, float perEighth) {
  mat3 b = dartBasis(velocity);
  if (perEighth <= 0.0) return b;
  float roll = atan(bank / perEighth);
  float c = cos(roll), s = sin(roll);
  return mat3(c * b[0] + s * b[1], c * b[1] - s * b[0], b[2]);
}

#endif

#ifndef BOIDS_RAMPS_GLSL
#define BOIDS_RAMPS_GLSL
// The colour ramps, shared by the shaders (render/palette.glsl) and C++ (the panel's legend compiles
// this file with glm; hence the f suffixes).

// A ramp through four colours at even steps, t in [0, 1].
vec3 ramp4(vec3 c0, vec3 c1, vec3 c2, vec3 c3, float t) {
  t = clamp(t, 0.0f, 1.0f) * 3.0f;
  if (t < 1.0f) return mix(c0, c1, t);
  if (t < 2.0f) return mix(c1, c2, t - 1.0f);
  return mix(c2, c3, t - 2.0f);
}

// Speed: deep blue, teal, green and warm yellow (close to viridis, perceptually even).
vec3 speedRamp(float t) {
  return ramp4(vec3(0.17, 0.11, 0.42), vec3(0.13, 0.47, 0.56), vec3(0.30, 0.76, 0.42), vec3(0.99, 0.87, 0.25), t);
}

// Density: violet, crimson, orange and pale gold (close to inferno, without its black end, which
// would vanish against a dark sky).
vec3 densityRamp(float t) {
  return ramp4(vec3(0.32, 0.16, 0.52), vec3(0.73, 0.20, 0.40), vec3(0.96, 0.50, 0.16), vec3(0.99, 0.90, 0.55), t);
}

// Heading: the compass direction of flight round a hue circle of even brightness (a cosine
// palette), lighter when climbing and darker when diving, so that schools flying different ways
// stand apart and a turning school shows its turn.
vec3 headingColour(vec3 forward) {
  const float kTurn = 6.28318530718f;
  float azimuth = atan(forward.z, forward.x) / kTurn;
  vec3 hue = vec3(0.56f) + 0.38f * cos(kTurn * (azimuth + vec3(0.0f, 0.333f, 0.667f)));
  float climb = clamp(forward.y, -1.0f, 1.0f);
  return climb > 0.0f ? mix(hue, vec3(0.95f), 0.45f * climb) : hue * (1.0f + 0.45f * climb);
}

#endif

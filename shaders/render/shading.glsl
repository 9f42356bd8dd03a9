#ifndef BOIDS_SHADING_GLSL
#define BOIDS_SHADING_GLSL
// A boid's colour at a point: its albedo lit by a key light and a sky/ground hemisphere, a rim
// toward the edges seen from the eye, fading into the sky with distance. The near level shades
// per fragment (boid.frag); the middle and far levels, flat on the GPU's few graphics units, once
// per vertex (boid.vert). Needs render/palette.glsl.
vec3 shadeBoid(vec3 albedo, vec3 n, vec3 world, vec3 eye, vec3 lightDir, float fogDensity) {
  float key = max(dot(n, lightDir), 0.0);
  float hemi = 0.5 + 0.5 * n.y;
  vec3 ambient = mix(vec3(0.10, 0.09, 0.12), vec3(0.32, 0.38, 0.50), hemi);
  vec3 toEye = eye - world;
  float dist = length(toEye);
  float rim = pow(1.0 - max(dot(n, toEye / max(dist, 1e-6)), 0.0), 3.0) * 0.35;
  vec3 color = albedo * (ambient + 0.95 * key) + rim * vec3(0.7, 0.8, 1.0);
  float fog = 1.0 - exp(-fogDensity * dist);
  return mix(color, skyColor(0.45), fog);
}

#endif

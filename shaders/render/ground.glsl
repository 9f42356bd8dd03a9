#ifndef BOIDS_GROUND_GLSL
#define BOIDS_GROUND_GLSL
// The ground: a square GROUND_REACH half sides across under the world's floor, a pale floor lit by
// the environment from above, with faint lines every eighth of the world's side (scale and
// perspective at a glance), the flock's soft shadow on the world's floor (render/shadow_blur.comp),
// the boids' fog, and an edge that fades into the sky behind it. Drawn (ground.vert, ground.frag)
// or computed (background.comp) by the same functions. Needs common/bindings.h,
// common/render_params.h, render/camera.glsl, render/shading.glsl and the u_render block.

// The ground's size, in half sides of the world: far enough that its edge, faded into the sky,
// lies well beyond the flock.
const float GROUND_REACH = 3.0;

layout(binding = UNIT_SHADOW) uniform sampler2D u_shadow;

// The floor's cells (lines at whole numbers) at a point of the ground.
vec2 groundCells(vec3 point) { return point.xz / (0.25 * u_render.world.x); }

// The ground's radiance at `point` lit by `irradiance` (the plane faces up: shIrradiance(b_sh, up)),
// its cells `width` apart across a pixel (fwidth(groundCells(point))), seen from the eye: fogged,
// and faded into the environment along the view toward its edge.
vec3 groundRadiance(vec3 point, vec2 width, vec3 irradiance) {
  const vec3 kAlbedo = vec3(0.62, 0.60, 0.57);  // sRGB: a pale stone
  const float kShadowStrength = 0.7;            // of the light a fully dark shadow takes
  float halfSide = u_render.world.x;
  vec2 floorUv = (point.xz + halfSide) / (2.0 * halfSide);
  float shadow = all(greaterThanEqual(floorUv, vec2(0.0))) && all(lessThanEqual(floorUv, vec2(1.0)))
                     ? textureLod(u_shadow, floorUv, 0.0).r : 0.0;
  // Lines every eighth of the side, a pixel or so wide at any distance, fading out where they
  // would crowd into a moire.
  vec2 line = 1.0 - smoothstep(vec2(0.0), 1.5 * width, abs(fract(groundCells(point) - 0.5) - 0.5));
  float lines = max(line.x, line.y) * (1.0 - smoothstep(0.15, 0.5, max(width.x, width.y)));
  vec3 rho = decodeSrgb(kAlbedo) * (1.0 + 0.3 * lines);
  vec3 radiance = rho * irradiance / 3.14159265 * (1.0 - kShadowStrength * shadow);

  vec3 toEye = b_camera.eye.xyz - point;
  float dist = length(toEye);
  radiance = fogged(radiance, dist, u_render);
  // The edge: into the environment as the sky shows it along this view, so the seam disappears.
  float edge = smoothstep(0.6, 1.0, length(point.xz) / (GROUND_REACH * halfSide));
  if (edge > 0.0) radiance = mix(radiance, environmentRadiance(-toEye / max(dist, 1e-6), u_render.lighting.y, 0.0), edge);
  return radiance;
}

#endif

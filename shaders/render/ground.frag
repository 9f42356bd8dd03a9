#version 430 core
// The ground: a pale floor lit by the environment from above, with faint lines every eighth of the
// world's side (scale and perspective at a glance), the flock's soft shadow on the world's floor
// (render/shadow_blur.comp), the boids' fog, and an edge that fades into the sky behind it.
#include "common/bindings.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "render/ground.glsl"
#include "render/shading.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
layout(binding = UNIT_SHADOW) uniform sampler2D u_shadow;

in vec3 v_world;
flat in vec3 v_irradiance;
out vec4 o_color;

const vec3 kAlbedo = vec3(0.62, 0.60, 0.57);  // sRGB: a pale stone
const float kShadowStrength = 0.7;             // of the light a fully dark shadow takes

void main() {
  float halfSide = u_render.world.x;
  vec2 floorUv = (v_world.xz + halfSide) / (2.0 * halfSide);
  float shadow = all(greaterThanEqual(floorUv, vec2(0.0))) && all(lessThanEqual(floorUv, vec2(1.0)))
                     ? texture(u_shadow, floorUv).r : 0.0;
  // Lines every eighth of the side, a pixel or so wide at any distance, fading out where they
  // would crowd into a moire.
  vec2 cells = v_world.xz / (0.25 * halfSide);
  vec2 width = fwidth(cells);
  vec2 line = 1.0 - smoothstep(vec2(0.0), 1.5 * width, abs(fract(cells - 0.5) - 0.5));
  float lines = max(line.x, line.y) * (1.0 - smoothstep(0.15, 0.5, max(width.x, width.y)));
  vec3 rho = decodeSrgb(kAlbedo) * (1.0 + 0.3 * lines);
  vec3 radiance = rho * v_irradiance / 3.14159265 * (1.0 - kShadowStrength * shadow);

  vec3 toEye = b_camera.eye.xyz - v_world;
  float dist = length(toEye);
  vec3 view = toEye / max(dist, 1e-6);
  radiance = fogged(radiance, dist, u_render);
  // The edge: into the environment as the sky shows it along this view, so the seam disappears.
  float edge = smoothstep(0.6, 1.0, length(v_world.xz) / (GROUND_REACH * halfSide));
  if (edge > 0.0) radiance = mix(radiance, environmentRadiance(-view, u_render.lighting.y, 0.0), edge);
  o_color = vec4(displayColour(radiance, u_render.lighting.x), 1.0);
}

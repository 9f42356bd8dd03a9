#version 430 core
// The sky and the ground (render/ground.glsl) behind the scene, an invocation a pixel, stored
// straight into the frame's colour image (every sample of it, SAMPLES > 0: a multisampled one):
// the ray through the pixel's centre meets the ground, or else looks into the environment. The
// same picture as ground.frag and sky.frag draw, without the raster units: a GPU that has few of
// them (the compute-first ones) writes a frame of samples through them far slower than its
// shader cores store it. Writes no depth: the background is behind everything.
#include "common/bindings.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "render/shading.glsl"

#ifndef TILE
#define TILE 8  // engine/render/background.cpp passes its own
#endif
layout(local_size_x = TILE, local_size_y = TILE) in;

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

#include "render/ground.glsl"

#if SAMPLES > 0
layout(rgba8, binding = 0) uniform writeonly image2DMS u_frame;
#else
layout(rgba8, binding = 0) uniform writeonly image2D u_frame;
#endif
layout(location = LOC_BACKGROUND) uniform uint u_ground;  // 1: the ground, 0: the sky alone

// From the eye toward the far plane's point under `pixel` (window coordinates): the far plane is
// at t = 1 along it, as the rasteriser clips.
vec3 rayThrough(vec2 pixel, mat4 inverseViewProj) {
  vec2 ndc = 2.0 * pixel / vec2(u_render.viewportWidth, u_render.viewportHeight) - 1.0;
  vec4 far = inverseViewProj * vec4(ndc, 1.0, 1.0);
  return far.xyz / far.w - b_camera.eye.xyz;
}

// Where `ray` meets the floor's plane, in front of the eye and before the far plane.
bool meetsFloor(vec3 ray, out vec3 point) {
  float t = (-u_render.world.x - b_camera.eye.y) / ray.y;
  point = b_camera.eye.xyz + t * ray;
  return t > 0.0 && t <= 1.0;
}

vec3 backgroundRadiance(vec2 pixel) {
  mat4 inverseViewProj = inverse(b_camera.viewProj);
  vec3 ray = rayThrough(pixel, inverseViewProj), point;
  float reach = GROUND_REACH * u_render.world.x;
  if (u_ground == 0u || !meetsFloor(ray, point) || any(greaterThan(abs(point.xz), vec2(reach)))) {
    return environmentRadiance(normalize(ray), u_render.lighting.y, 0.0);
  }
  // fwidth's measure of the cells across this pixel, from the neighbouring pixels' points (none
  // past the horizon: wide, so no lines there).
  vec3 besideX, besideY;
  bool x = meetsFloor(rayThrough(pixel + vec2(1.0, 0.0), inverseViewProj), besideX);
  bool y = meetsFloor(rayThrough(pixel + vec2(0.0, 1.0), inverseViewProj), besideY);
  vec2 cells = groundCells(point);
  vec2 width = x && y ? abs(groundCells(besideX) - cells) + abs(groundCells(besideY) - cells) : vec2(1.0);
  return groundRadiance(point, width, max(shIrradiance(b_sh, vec3(0.0, 1.0, 0.0)), vec3(0.0)));
}

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (pixel.x >= int(u_render.viewportWidth) || pixel.y >= int(u_render.viewportHeight)) return;
  vec4 colour = vec4(displayColour(backgroundRadiance(vec2(pixel) + 0.5), u_render.lighting.x), 1.0);
#if SAMPLES > 0
  for (int s = 0; s < SAMPLES; ++s) imageStore(u_frame, pixel, s, colour);
#else
  imageStore(u_frame, pixel, colour);
#endif
}

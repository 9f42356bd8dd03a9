#version 430 core
// Two 3D crosses drawn on top of everything: the GPU centroid and the CPU reference centroid of the
// frame the last check read (uniforms), so that when they agree they coincide; before the first
// check, the GPU cross is this frame's centroid (read straight from FlockStats). Each
// arm is a band a few pixels wide on screen (two triangles; 18 vertices a cross), over a darker,
// wider band so it reads against bright sky and pale ground alike. Instances: 0, 1 the GPU and CPU
// crosses' dark bands, 2, 3 their colours. Reads SSBO_FLOCK_STATS, SSBO_CAMERA, UBO_RENDER_PARAMS.
#include "common/bindings.h"
#include "common/flock_stats.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "render/marker_colours.glsl"

layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };
layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
layout(location = LOC_MARKER_CPU) uniform vec4 u_cpuCentroid;  // w 1 when known
layout(location = LOC_MARKER_GPU) uniform vec4 u_gpuCentroid;  // w 1 when known
layout(location = LOC_MARKER_SIZE) uniform float u_size;
out vec3 v_color;

void main() {
  int axis = gl_VertexID / 6, corner = gl_VertexID % 6;
  bool gpu = (gl_InstanceID & 1) == 0, outline = gl_InstanceID < 2;
  vec3 centre = !gpu ? u_cpuCentroid.xyz : u_gpuCentroid.w != 0.0 ? u_gpuCentroid.xyz : b_stats.meanPosition.xyz;
  vec3 arm = vec3(0.0);
  arm[axis] = gpu ? u_size : 0.7 * u_size;  // the CPU cross is smaller, so both show
  // The band's corners: along the arm (end -1 or +1) and across it (side -1 or +1).
  const vec2 kCorners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));
  vec2 c = kCorners[corner];
  vec4 a = b_camera.viewProj * vec4(centre - arm, 1.0), b = b_camera.viewProj * vec4(centre + arm, 1.0);
  vec2 pixels = vec2(u_render.viewportWidth, u_render.viewportHeight);
  vec2 along = (b.xy / b.w - a.xy / a.w) * pixels;
  vec2 across = length(along) > 1e-6 ? normalize(vec2(-along.y, along.x)) : vec2(0.0, 1.0);
  float width = outline ? 5.0 : 2.5;  // pixels
  vec4 p = c.x < 0.0 ? a : b;
  p.xy += across * c.y * 0.5 * width / pixels * 2.0 * p.w;
  gl_Position = p;
  v_color = outline ? vec3(0.05) : gpu ? kGpuMarkerColour : kCpuMarkerColour;
  if (!gpu && u_cpuCentroid.w == 0.0) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume
}

#version 430 core
// The panel's thumbnails of the environment, as equirectangular images (row 0 up) in RGBA8:
//   IRRADIANCE 0: the environment itself (its radiance, from a blurred level of its map);
//   IRRADIANCE 1: the irradiance its nine coefficients give, as the radiance of a white diffuse
//                 surface facing each direction (E / pi), what lights a boid facing that way.
// Both exposed and tone mapped as the scene is, so they read as the view does.
#ifndef IRRADIANCE
#define IRRADIANCE 0
#endif
layout(local_size_x = 8, local_size_y = 8) in;

#include "common/bindings.h"
#include "lighting/environment.glsl"
#include "render/tonemap.glsl"
layout(binding = 0, rgba8) writeonly uniform image2D u_preview;
layout(location = 0) uniform vec2 u_exposureYaw;  // the linear exposure, the environment's yaw

void main() {
  ivec2 size = imageSize(u_preview);
  ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
  if (texel.x >= size.x || texel.y >= size.y) return;
  // The world direction this texel of an unturned equirectangular image looks at.
  float theta = (float(texel.y) + 0.5) * 3.14159265 / float(size.y);
  float phi = (float(texel.x) + 0.5) * 6.28318531 / float(size.x);
  vec3 d = vec3(sin(theta) * cos(phi), cos(theta), sin(theta) * sin(phi));
#if IRRADIANCE
  vec3 radiance = max(shIrradiance(b_sh, d), vec3(0.0)) / 3.14159265;
#else
  float lod = max(log2(float(textureSize(u_environment, 0).y) / float(size.y)), 0.0);
  vec3 radiance = environmentRadiance(d, u_exposureYaw.y, lod);
#endif
  imageStore(u_preview, texel, vec4(displayColour(radiance, u_exposureYaw.x), 1.0));
}

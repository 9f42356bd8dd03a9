#version 430 core
// The environment resampled into a cube map (faces +x, -x, +y, -y, +z, -z; one invocation per
// texel): each texel takes the equirectangular map's bilinear sample in its centre's direction,
// turned by the environment's yaw, so the cube's faces stay aligned with the world.
layout(local_size_x = 8, local_size_y = 8) in;

#include "lighting/sh_slots.h"
#include "lighting/cube_faces.glsl"
#include "lighting/equirect.glsl"

layout(binding = SH_UNIT_ENVIRONMENT) uniform sampler2D u_environment;
layout(binding = SH_IMAGE_CUBE, rgba32f) writeonly uniform imageCube u_cube;
layout(location = SH_LOC_YAW) uniform float u_yaw;

void main() {
  uint size = uint(imageSize(u_cube).x);
  uvec3 texel = gl_GlobalInvocationID;
  if (texel.x >= size || texel.y >= size) return;
  vec3 d = cubeDirection(texel.z, texel.x, texel.y, size);
  vec3 radiance = textureLod(u_environment, equirectUv(d, u_yaw), 0.0).rgb;
  imageStore(u_cube, ivec3(texel), vec4(radiance, 1.0));
}

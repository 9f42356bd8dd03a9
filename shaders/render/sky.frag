#version 430 core
// The environment behind everything, as the camera sees it: exposed and tone mapped like the boids.
#include "common/bindings.h"
#include "common/render_params.h"
#include "lighting/environment.glsl"
#include "render/tonemap.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

in vec3 v_direction;
out vec4 o_color;

void main() {
  vec3 d = normalize(v_direction);
  o_color = vec4(displayColour(environmentRadiance(d, u_render.lighting.y, 0.0), u_render.lighting.x), 1.0);
}

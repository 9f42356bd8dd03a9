#version 430 core
#include "common/bindings.h"
#include "common/render_params.h"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
out vec4 o_color;

#ifndef BOX
#define BOX 0
#endif

// Walls white-ish, the wrap-around cube a cooler blue, the flock's bounds the GPU marker's orange,
// the cull's frustum magenta.
void main() {
#if BOX == 1
  o_color = vec4(1.0, 0.55, 0.1, 1.0);
#elif BOX == 2
  o_color = vec4(0.95, 0.35, 0.95, 1.0);
#else
  o_color = u_render.world.w > 0.5 ? vec4(0.85, 0.85, 0.90, 1.0) : vec4(0.45, 0.60, 0.85, 1.0);
#endif
}

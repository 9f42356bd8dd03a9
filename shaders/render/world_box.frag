#version 430 core
#include "common/bindings.h"
#include "common/render_params.h"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
out vec4 o_color;

// Walls are drawn solid white-ish; the wrap-around cube in a cooler, fainter blue.
void main() { o_color = u_render.world.w > 0.5 ? vec4(0.85, 0.85, 0.90, 1.0) : vec4(0.45, 0.60, 0.85, 1.0); }

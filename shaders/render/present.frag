#version 430 core
// The scene drawn at a fraction of the window's size (--render-scale), stretched over the window
// with bilinear filtering (engine/render BoidRenderer::present).
#include "common/bindings.h"

layout(binding = UNIT_PRESENT) uniform sampler2D u_image;
in vec2 v_uv;
out vec4 o_color;

void main() { o_color = vec4(texture(u_image, v_uv).rgb, 1.0); }

#version 430 core
#include "render/palette.glsl"

in float v_height;
out vec4 o_color;

void main() { o_color = vec4(skyColor(v_height), 1.0); }

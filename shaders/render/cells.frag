#version 430 core
in float v_fill;
out vec4 o_color;

// Faint green for sparse cells to bright for crowded ones, blended over the scene.
void main() { o_color = vec4(0.3, 0.9, 0.5, clamp(0.12 + 0.25 * v_fill, 0.12, 0.8)); }

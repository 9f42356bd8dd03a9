#version 430 core
// A triangle that covers the screen (Bill Bilodeau's trick): no vertex buffer needed.
out float v_height;

void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  v_height = 0.5 * p.y + 0.5;
  gl_Position = vec4(p, 1.0, 1.0);
}

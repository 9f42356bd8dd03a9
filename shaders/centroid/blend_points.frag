#version 430 core
flat in vec3 v_position;
layout(location = 0) out vec4 o_sum;  // blended with ADD: (sum of positions, count)
layout(location = 1) out vec4 o_lo;   // MIN
layout(location = 2) out vec4 o_hi;   // MAX

void main() {
  o_sum = vec4(v_position, 1.0);
  o_lo = vec4(v_position, 0.0);
  o_hi = vec4(v_position, 0.0);
}

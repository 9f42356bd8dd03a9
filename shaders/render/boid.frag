#version 430 core
// Every level arrives shaded per vertex (boid.vert), flat: the near level's faces each in one
// colour, the middle and far levels one colour per boid.
flat in vec3 v_color;
out vec4 o_color;

void main() { o_color = vec4(v_color, 1.0); }

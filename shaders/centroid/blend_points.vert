#version 430 core
// Strategy additive-blend: one point per boid, all on the single pixel of a 1x1 target. The
// fragment shader writes the position to three RGBA32F attachments whose blend equations are
// ADD (sum and count), MIN and MAX: the fixed-function blender does the reduction, in primitive
// order. Reads CENTROID_SLOT_POSITIONS.
#include "centroid/centroid_slots.h"

layout(std430, binding = CENTROID_SLOT_POSITIONS) readonly buffer PosIn { vec4 b_pos[]; };
flat out vec3 v_position;

void main() {
  v_position = b_pos[gl_VertexID].xyz;
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);  // the centre of the 1x1 viewport
}

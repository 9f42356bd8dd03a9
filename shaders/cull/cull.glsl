#ifndef BOIDS_CULL_GLSL
#define BOIDS_CULL_GLSL
// Where a boid at `p` goes: CULL_HIDDEN when its sphere is outside the frustum, else its level of
// detail by its projected radius in pixels. engine/verify/cull.cpp is the same test in double.
// Needs cull/cull_slots.h and cull/cull_params.h.

// The sphere is inside plane k of the frustum (Gribb and Hartmann: the planes are the matrix's
// fourth row plus or minus each of the others, in clip space) when its centre is not more than a
// radius behind it; the planes are not normalised, so the radius is scaled by the normal's length.
bool sphereInside(mat4 m, vec3 p, float radius) {
  vec4 r0 = vec4(m[0][0], m[1][0], m[2][0], m[3][0]);
  vec4 r1 = vec4(m[0][1], m[1][1], m[2][1], m[3][1]);
  vec4 r2 = vec4(m[0][2], m[1][2], m[2][2], m[3][2]);
  vec4 r3 = vec4(m[0][3], m[1][3], m[2][3], m[3][3]);
  vec4 planes[6] = vec4[6](r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2);
  for (int k = 0; k < 6; ++k) {
    if (dot(planes[k].xyz, p) + planes[k].w < -radius * length(planes[k].xyz)) return false;
  }
  return true;
}

uint cullLevel(CullParams c, vec3 p) {
  if (!sphereInside(c.viewProj, p, c.lod.x)) return CULL_HIDDEN;
  vec4 r3 = vec4(c.viewProj[0][3], c.viewProj[1][3], c.viewProj[2][3], c.viewProj[3][3]);
  float w = dot(r3.xyz, p) + r3.w;  // the distance along the view direction (perspective)
  if (w <= c.lod.x) return CULL_NEAR;  // the sphere reaches the eye's plane: as near as it gets
  float pixels = c.lod.x * c.lod.y / w;
  return pixels >= c.lod.z ? CULL_NEAR : pixels >= c.lod.w ? CULL_MIDDLE : CULL_FAR;
}

#endif

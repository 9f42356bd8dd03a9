#ifndef BOIDS_DART_GLSL
#define BOIDS_DART_GLSL
// The dart every level of detail draws, in mesh units (one unit long, nose along +z), shared by the
// shaders and C++ (engine/render/boid_renderer.cpp builds the near level's mesh from it).
const vec3 kDartNose = vec3(0.0, 0.0, 0.62);
const vec3 kDartLeft = vec3(-0.36, 0.0, -0.38);
const vec3 kDartRight = vec3(0.36, 0.0, -0.38);
const vec3 kDartTop = vec3(0.0, 0.16, -0.30);
const vec3 kDartBottom = vec3(0.0, -0.07, -0.32);
// The radius of the sphere around the mesh's origin that holds it (the nose is the farthest
// vertex): the cull tests a sphere of this times the boid's length.
const float kDartRadius = 0.62;
// The side of a square of about the dart's area as seen: its outline triangle (0.72 x 1.0 / 2 =
// 0.36, side 0.6) seen face on, half that on average over the directions it is seen from (0.42):
// between the two. The far level's point.
const float kDartSplat = 0.5;

#endif

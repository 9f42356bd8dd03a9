#ifndef BOIDS_MARKER_COLOURS_GLSL
#define BOIDS_MARKER_COLOURS_GLSL
// The centroid markers' colours: orange for the GPU's centroid, cyan for the CPU reference's.
// Shared by the shaders (render/markers.vert) and C++ (the labels and the panel's table, through
// render::markerColour).
const vec3 kGpuMarkerColour = vec3(1.0, 0.55, 0.1);
const vec3 kCpuMarkerColour = vec3(0.2, 0.95, 1.0);

#endif

#ifndef BOIDS_CAMERA_GLSL
#define BOIDS_CAMERA_GLSL
// The camera block every draw reads. Needs common/bindings.h.
#include "common/camera.h"

layout(std430, binding = SSBO_CAMERA) readonly buffer Camera { CameraState b_camera; };

#endif

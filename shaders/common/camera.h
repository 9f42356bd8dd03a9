#ifndef BOIDS_CAMERA_H
#define BOIDS_CAMERA_H
// The camera every draw reads (SSBO_CAMERA), shared by C++ and GLSL. In orbit mode the CPU writes
// it; in follow mode render/camera_follow.comp writes it on the GPU from the flock's bounds.
struct CameraState {
  mat4 viewProj;
  vec4 eye;     // xyz camera position
  vec4 target;  // xyz the point looked at; w its distance from the eye (0: not yet placed)
};

#endif

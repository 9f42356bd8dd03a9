#ifndef BOIDS_TONEMAP_GLSL
#define BOIDS_TONEMAP_GLSL
// From scene radiance to what the screen shows: exposed, through a filmic curve (Narkowicz's fit
// of the ACES reference rendering transform: a toe, a soft shoulder, highlights that roll off
// instead of clipping), then encoded for an sRGB display.
vec3 filmic(vec3 x) {
  x = max(x, vec3(0.0));
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

vec3 encodeSrgb(vec3 linear) {
  return mix(12.92 * linear, 1.055 * pow(linear, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), linear));
}

vec3 decodeSrgb(vec3 encoded) {
  return mix(encoded / 12.92, pow((encoded + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), encoded));
}

vec3 displayColour(vec3 radiance, float exposure) { return encodeSrgb(filmic(radiance * exposure)); }

#endif

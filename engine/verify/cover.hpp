#pragma once
// How a flock covers a picture, measured as the eye reads a murmuration against the sky: the
// flock's pixels are those darker than the background (the picture's most common colour: take a
// flat environment, `--environment constant --no-ground`), and a pixel is partly covered when its
// darkness is between 10% and 90% of the darkest pixel's. A cloud of birds whose darkness is how
// many the eye looks through has most of its pixels partly covered; an opaque shape has few.
#include <cstdint>
#include <span>
#include <string>

namespace boids::verify {

struct Cover {
  std::uint64_t flockPixels = 0;  // darker than the background by more than a step of 8-bit colour
  std::uint64_t partly = 0;       // of them, between 10% and 90% of the darkest's darkness
  double darkest = 0;             // the darkest pixel's darkness (luminance below the background, 0..1)
  double partlyShare() const { return flockPixels ? double(partly) / double(flockPixels) : 0.0; }
};

// `rgba`: width x height pixels, 8 bits a channel (gl::Image's layout).
Cover measureCover(std::span<const std::uint8_t> rgba, int width, int height);

std::string describe(const Cover& cover);

}  // namespace boids::verify

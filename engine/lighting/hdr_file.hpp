#pragma once
// Radiance RGBE (.hdr) files, read defensively: the whole file is in memory, its header and every
// scanline are walked by loops bounded by the bytes present before anything is allocated, and only
// a file that walks cleanly is handed to stb_image to decode. stb_image alone trusts the file: a
// scanline cut short makes its run-length loop read zero counts at the end of the data forever,
// and a header's dimensions are allocated before the data behind them is seen. No GL.
//
// The format (Greg Ward, "Real Pixels", Graphics Gems II, 1991; the Radiance file format notes):
//   "#?RADIANCE" or "#?RGBE", then header lines up to an empty one, one of them
//   "FORMAT=32-bit_rle_rgbe"; then the resolution line "-Y <height> +X <width>" (rows top down,
//   columns left to right: the only orientation stb_image reads); then `height` scanlines of
//   `width` texels of four bytes (R, G, B mantissas and a shared exponent), either flat or, for
//   widths from 8 to 32767, run-length encoded: a row starts 2, 2, width >> 8, width & 255, then
//   each of the four channels is a series of runs (a byte 128 + n, then one value repeated n
//   times) and dumps (a byte n <= 128, then n values). A file whose first row does not start so is
//   flat throughout (stb_image's rule).
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/vec3.hpp>

namespace boids::lighting {

// The largest map read: 16384 x 8192 texels (the 16K equirectangular maps photographers publish),
// 1.5 GiB of float texels; a flat file of that size is 512 MiB.
inline constexpr std::uint32_t kHdrMaxWidth = 16384, kHdrMaxHeight = 8192;
// The header's text ahead of the scanlines is at most this long (real files: under 200 bytes).
inline constexpr std::size_t kHdrMaxHeaderBytes = 64 * 1024;
// The largest file read: a flat map of the largest size and the longest header.
inline constexpr std::uint64_t kHdrMaxFileBytes = std::uint64_t(kHdrMaxWidth) * kHdrMaxHeight * 4 + kHdrMaxHeaderBytes;

// What is wrong with a file's bytes, in words that name the place ("ends after row 412 of 1024");
// the caller adds the file's name.
struct HdrError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct HdrLayout {
  std::uint32_t width = 0, height = 0;
  std::size_t dataOffset = 0;  // where the first scanline starts
  bool runLength = false;      // scanlines run-length encoded (else flat)
};

struct HdrImage {
  std::uint32_t width = 0, height = 0;
  std::vector<glm::vec3> texels;  // linear radiance as stored, row 0 the top
};

// The header and every scanline checked, nothing decoded or allocated. Throws HdrError.
HdrLayout checkHdr(std::span<const std::uint8_t> bytes);
// The texels of bytes that checkHdr passed (`layout` is what it returned), decoded by stb_image.
HdrImage decodeHdr(std::span<const std::uint8_t> bytes, const HdrLayout& layout);

}  // namespace boids::lighting

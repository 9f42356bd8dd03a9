// libFuzzer target: the Radiance reader (engine/lighting/hdr_file). Any bytes must be either
// refused with a reason or read; a file the checks pass must decode through stb_image to the
// checked size, with no hang (libFuzzer's -timeout), crash, overflow or leak (the sanitizers).
// Seeded with the shipped maps and tests/fuzz/corpus/hdr: cut, corrupt and extreme files.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "engine/lighting/hdr_file.hpp"

namespace {

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "fuzz_hdr: %s\n", what);
  std::abort();
}

// Decoding is skipped above this many texels: the walk already bounds the memory by the bytes,
// this keeps each run of the fuzzer fast.
constexpr std::uint64_t kMostDecodedTexels = std::uint64_t(1) << 22;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace boids::lighting;
  const std::span<const std::uint8_t> bytes(data, size);
  HdrLayout layout;
  try {
    layout = checkHdr(bytes);
  } catch (const HdrError& e) {
    if (e.what()[0] == '\0') broken("a refusal without a reason");
    return 0;
  }
  if (layout.width == 0 || layout.height == 0 || layout.width > kHdrMaxWidth || layout.height > kHdrMaxHeight) {
    broken("checked dimensions out of bounds");
  }
  if (layout.dataOffset > size) broken("data past the end");
  if (std::uint64_t(layout.width) * layout.height > kMostDecodedTexels) return 0;
  HdrImage image;
  try {
    image = decodeHdr(bytes, layout);
  } catch (const HdrError& e) {
    std::fprintf(stderr, "fuzz_hdr: %s\n", e.what());
    broken("a file the checks passed does not decode");
  }
  if (image.width != layout.width || image.height != layout.height ||
      image.texels.size() != std::size_t(layout.width) * layout.height) {
    broken("decoded to another size");
  }
  for (const glm::vec3& t : image.texels) {
    if (!std::isfinite(t.r) || !std::isfinite(t.g) || !std::isfinite(t.b) || t.r < 0 || t.g < 0 || t.b < 0) {
      broken("an RGBE texel decoded negative or not finite");
    }
  }
  return 0;
}

// The Radiance reader (engine/lighting/hdr_file): files written here by an encoder of the format's
// own rules (not by the code under test) decode to the texels they encode; every way a file can be
// cut short or corrupt is named, at every byte a file can end on, and none of them hangs (the
// loops are bounded by the bytes: a test that hung would hit ctest's timeout).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/lighting/hdr_file.hpp"

using namespace boids;

namespace {

using Bytes = std::vector<std::uint8_t>;

struct Rgbe {
  std::uint8_t r, g, b, e;
};

// Texel (i, j) of the test maps: smooth runs and noise, so that the encoder writes both runs and dumps.
Rgbe texel(std::uint32_t i, std::uint32_t j) {
  const auto m = [&](std::uint32_t k) { return std::uint8_t(128 + (((i / 5) * 37 + j * 11 + k * 53 + (i % 3 == 0 ? i * 7 : 0)) % 128)); };
  return {m(0), m(1), m(2), std::uint8_t(120 + (i + j) % 16)};
}

// What RGBE (r, g, b, e) means: each mantissa times 2^(e - 136), 0 for e = 0 (Ward, Graphics Gems II).
double radiance(std::uint8_t mantissa, std::uint8_t exponent) {
  return exponent == 0 ? 0.0 : std::ldexp(double(mantissa), int(exponent) - 136);
}

Bytes header(std::uint32_t w, std::uint32_t h, const std::string& format = "FORMAT=32-bit_rle_rgbe") {
  const std::string text = "#?RADIANCE\n# written by a test\n" + format + "\n\n-Y " + std::to_string(h) + " +X " + std::to_string(w) + "\n";
  return Bytes(text.begin(), text.end());
}

// One channel of a scanline, run-length encoded: runs of 3 or more equal values as (128 + n, v),
// the rest as dumps (n, values...), n at most 127 (runs) or 128 (dumps).
void encodeChannel(const std::vector<std::uint8_t>& values, Bytes& out) {
  std::size_t i = 0;
  while (i < values.size()) {
    std::size_t run = 1;
    while (i + run < values.size() && run < 127 && values[i + run] == values[i]) ++run;
    if (run >= 3) {
      out.push_back(std::uint8_t(128 + run));
      out.push_back(values[i]);
      i += run;
      continue;
    }
    std::size_t dump = 0;
    while (i + dump < values.size() && dump < 128) {
      const std::size_t k = i + dump;
      if (k + 2 < values.size() && values[k] == values[k + 1] && values[k] == values[k + 2]) break;
      ++dump;
    }
    out.push_back(std::uint8_t(dump));
    out.insert(out.end(), values.begin() + std::ptrdiff_t(i), values.begin() + std::ptrdiff_t(i + dump));
    i += dump;
  }
}

Bytes runLengthMap(std::uint32_t w, std::uint32_t h) {
  Bytes out = header(w, h);
  for (std::uint32_t j = 0; j < h; ++j) {
    out.insert(out.end(), {2, 2, std::uint8_t(w >> 8), std::uint8_t(w & 255)});
    for (int c = 0; c < 4; ++c) {
      std::vector<std::uint8_t> channel(w);
      for (std::uint32_t i = 0; i < w; ++i) {
        const Rgbe t = texel(i, j);
        channel[i] = c == 0 ? t.r : c == 1 ? t.g : c == 2 ? t.b : t.e;
      }
      encodeChannel(channel, out);
    }
  }
  return out;
}

Bytes flatMap(std::uint32_t w, std::uint32_t h) {
  Bytes out = header(w, h);
  for (std::uint32_t j = 0; j < h; ++j) {
    for (std::uint32_t i = 0; i < w; ++i) {
      const Rgbe t = texel(i, j);
      out.insert(out.end(), {t.r, t.g, t.b, t.e});
    }
  }
  return out;
}

// Where row `row` (0-based) of a run-length file starts, found by walking the counts as the format
// lays them out.
std::size_t rowStart(const Bytes& bytes, std::uint32_t w, std::uint32_t h, std::uint32_t row) {
  std::size_t at = header(w, h).size();
  for (std::uint32_t j = 0; j < row; ++j) {
    at += 4;
    for (int c = 0; c < 4; ++c) {
      for (std::uint32_t i = 0; i < w;) {
        const std::uint8_t count = bytes[at++];
        const std::uint32_t n = count > 128 ? count - 128u : count;
        at += count > 128 ? 1 : n;
        i += n;
      }
    }
  }
  return at;
}

std::string problemWith(const Bytes& bytes) {
  try {
    lighting::checkHdr(bytes);
  } catch (const lighting::HdrError& e) {
    return e.what();
  }
  return "(read)";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void expectDecodesTheEncodedTexels(const Bytes& bytes, std::uint32_t w, std::uint32_t h, bool runLength) {
  const lighting::HdrLayout layout = lighting::checkHdr(bytes);
  EXPECT_EQ(layout.width, w);
  EXPECT_EQ(layout.height, h);
  EXPECT_EQ(layout.runLength, runLength);
  const lighting::HdrImage image = lighting::decodeHdr(bytes, layout);
  ASSERT_EQ(image.texels.size(), std::size_t(w) * h);
  for (std::uint32_t j = 0; j < h; ++j) {
    for (std::uint32_t i = 0; i < w; ++i) {
      const Rgbe t = texel(i, j);
      const glm::vec3 v = image.texels[std::size_t(j) * w + i];
      // Exact: a mantissa times a power of two is a float.
      ASSERT_EQ(double(v.r), radiance(t.r, t.e)) << i << "," << j;
      ASSERT_EQ(double(v.g), radiance(t.g, t.e)) << i << "," << j;
      ASSERT_EQ(double(v.b), radiance(t.b, t.e)) << i << "," << j;
    }
  }
}

}  // namespace

TEST(HdrFile, RunLengthAndFlatFilesDecodeToTheTexelsTheyEncode) {
  for (std::uint32_t w : {8u, 9u, 130u, 300u}) expectDecodesTheEncodedTexels(runLengthMap(w, 5), w, 5, true);
  // Flat: widths stb_image never reads run-length encoded, and a wide one whose first row is flat.
  for (std::uint32_t w : {1u, 4u, 7u, 64u}) expectDecodesTheEncodedTexels(flatMap(w, 3), w, 3, false);
}

TEST(HdrFile, AFileCutAtAnyByteIsNamedNeverReadOrHung) {
  struct Case {
    Bytes whole;
    std::size_t data;  // where the scanlines start
  };
  for (const Case& c : {Case{runLengthMap(130, 6), header(130, 6).size()}, Case{flatMap(16, 6), header(16, 6).size()}}) {
    for (std::size_t size = 0; size < c.whole.size(); ++size) {
      const std::string why = problemWith(Bytes(c.whole.begin(), c.whole.begin() + std::ptrdiff_t(size)));
      ASSERT_NE(why, "(read)") << "cut at " << size << " of " << c.whole.size();
      if (size >= c.data) {
        ASSERT_TRUE(has(why, " of 6 (the data is cut short)")) << size << ": " << why;
      }
    }
  }
  // Where: the rows before the cut are whole.
  const Bytes whole = runLengthMap(130, 6);
  const Bytes inRow4(whole.begin(), whole.begin() + std::ptrdiff_t(rowStart(whole, 130, 6, 3) + 9));
  EXPECT_EQ(problemWith(inRow4), "ends after row 3 of 6 (the data is cut short)");
  const Bytes oneRowStart(whole.begin(), whole.begin() + std::ptrdiff_t(header(130, 6).size() + 4));
  EXPECT_EQ(problemWith(oneRowStart), "ends in its first row of 6 (the data is cut short)");
  const Bytes flat = flatMap(16, 6);
  EXPECT_EQ(problemWith(Bytes(flat.begin(), flat.end() - 1)), "ends after row 5 of 6 (the data is cut short)");
}

TEST(HdrFile, CorruptRunLengthDataIsNamedByRow) {
  const std::size_t data = header(130, 4).size();
  Bytes zeroDump = runLengthMap(130, 4);
  const std::size_t secondRow = rowStart(zeroDump, 130, 4, 1);
  zeroDump[secondRow + 4] = 0;  // row 2's first count: a dump of nothing (stb_image loops on it forever)
  EXPECT_TRUE(has(problemWith(zeroDump), "row 2 of 4: a dump of length 0")) << problemWith(zeroDump);

  Bytes overrun = runLengthMap(130, 4);
  overrun[data + 4] = 128 + 127;  // a run of 127, then more than the 3 texels left ...
  overrun[data + 6] = 128 + 127;
  EXPECT_TRUE(has(problemWith(overrun), "row 1 of 4: a run goes past the end of its scanline")) << problemWith(overrun);

  Bytes length = runLengthMap(130, 4);
  length[data + 3] = 129;
  EXPECT_TRUE(has(problemWith(length), "row 1 of 4 says it holds 129 texels; the map is 130 wide")) << problemWith(length);

  Bytes mixed = runLengthMap(130, 4);
  mixed[secondRow] = 7;  // row 2 does not start as a run-length row: flat in a run-length file
  EXPECT_TRUE(has(problemWith(mixed), "row 2 of 4 is flat while the rows before it are run-length encoded")) << problemWith(mixed);
}

TEST(HdrFile, HeadersAreCheckedBeforeAnythingIsAllocated) {
  const auto file = [](const std::string& text) { return Bytes(text.begin(), text.end()); };
  const std::string format = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n";
  EXPECT_TRUE(has(problemWith(file("P6\n")), "does not start with a line #?RADIANCE"));
  EXPECT_TRUE(has(problemWith(file("#?RADIANCE\r\nFORMAT=32-bit_rle_rgbe\r\n")), "does not start with a line #?RADIANCE"));
  EXPECT_TRUE(has(problemWith(file("#?RADIANCE\nFORMAT=32-bit_rle_xyze\n\n-Y 2 +X 4\n")), "FORMAT=32-bit_rle_xyze is not read"));
  EXPECT_TRUE(has(problemWith(file("#?RADIANCE\nEXPOSURE=1\n\n-Y 2 +X 4\n")), "names no FORMAT=32-bit_rle_rgbe"));
  EXPECT_TRUE(has(problemWith(file("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n")), "ends in its header"));
  EXPECT_TRUE(has(problemWith(file(format)), "ends before its resolution line"));
  EXPECT_TRUE(has(problemWith(file(format + "+Y 2 +X 4\n")), "only -Y <height> +X <width>"));
  EXPECT_TRUE(has(problemWith(file(format + "-Y 2 -X 4\n")), "only -Y <height> +X <width>"));
  EXPECT_EQ(problemWith(file(format + "-Y -4 +X 8\n")), "the height '-4' is negative (resolution line)");
  EXPECT_EQ(problemWith(file(format + "-Y 2 +X 0\n")), "the width is 0: the map has no texels");
  EXPECT_TRUE(has(problemWith(file(format + "-Y 2 +X 4x\n")), "the width '4x' is not a whole number"));
  // 2^32 + 2 and 2^32 + 4 would wrap to 2 and 4 in 32 bits.
  EXPECT_TRUE(has(problemWith(file(format + "-Y 4294967298 +X 4294967300\n")), "the height 4294967298 is over the largest"));
  EXPECT_TRUE(has(problemWith(file(format + "-Y 8192 +X 16385\n")), "the width 16385 is over the largest this reader takes, 16384"));
  // The largest map declared over 92 bytes: refused at once, where the data ends.
  EXPECT_EQ(problemWith(file(format + "-Y 8192 +X 16384\n" + std::string(92, '\0'))),
            "ends in its first row of 8192 (the data is cut short)");
  // A header that never ends is not read past 64 KiB.
  EXPECT_TRUE(has(problemWith(file("#?RADIANCE\n" + std::string(70000, 'x') + "\n\n-Y 2 +X 4\n")), "the header runs past 64 KiB"));
  // A NUL byte ends a header line for stb_image (a C string): such a header reads two ways, and is
  // refused (found by fuzz_hdr).
  EXPECT_TRUE(has(problemWith(file(std::string("#?RADIANCE\n\0x\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 4\n", 48) + std::string(32, '\0'))),
                  "its header holds a NUL byte (at byte 11)"));
  // Comments and other header lines are allowed, and #?RGBE as the first line.
  EXPECT_EQ(problemWith(file("#?RGBE\nSOFTWARE=x\nFORMAT=32-bit_rle_rgbe\n\n-Y 1 +X 1\n" + std::string(4, '\0'))), "(read)");
}

TEST(HdrFile, TheLargestRgbeValueDecodesFinite) {
  Bytes bytes = header(4, 2);
  for (int k = 0; k < 8; ++k) bytes.insert(bytes.end(), {255, 255, 255, 255});
  const lighting::HdrImage image = lighting::decodeHdr(bytes, lighting::checkHdr(bytes));
  EXPECT_EQ(double(image.texels[3].g), std::ldexp(255.0, 255 - 136));
  EXPECT_TRUE(std::isfinite(image.texels[3].g));
}

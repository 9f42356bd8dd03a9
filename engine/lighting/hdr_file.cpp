#include "engine/lighting/hdr_file.hpp"

#include <algorithm>
#include <optional>
#include <string_view>

#include <stb_image.h>

namespace boids::lighting {
namespace {

// stb_image reads scanlines of these widths run-length encoded (when the first row says so).
constexpr std::uint32_t kRunLengthMinWidth = 8, kRunLengthMaxWidth = 32767;

// Text from the file, made safe to show: at most 40 characters, bytes outside printable ASCII as \xNN.
std::string shown(std::string_view text) {
  std::string out;
  for (const char ch : text.substr(0, 40)) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > 40) out += "...";
  return out;
}

// The line starting at `at` without its '\n', `at` moved past it; nothing when no '\n' ends it
// within the header's limit. A NUL byte is refused: stb_image reads header lines as C strings, so
// it would see another header than this one (a line that starts with NUL ends its header).
std::optional<std::string_view> headerLine(std::span<const std::uint8_t> bytes, std::size_t& at) {
  const std::size_t end = std::min(bytes.size(), kHdrMaxHeaderBytes);
  for (std::size_t k = at; k < end; ++k) {
    if (bytes[k] == '\0') throw HdrError("its header holds a NUL byte (at byte " + std::to_string(k) + "): not a Radiance text header");
    if (bytes[k] == '\n') {
      const std::string_view line(reinterpret_cast<const char*>(bytes.data()) + at, k - at);
      at = k + 1;
      return line;
    }
  }
  return std::nullopt;
}

// A dimension of the resolution line: decimal digits only, from 1 to `most`.
std::uint32_t dimension(std::string_view digits, const char* name, std::uint32_t most) {
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    const bool negative = !digits.empty() && digits[0] == '-';
    throw HdrError(std::string("the ") + name + " '" + shown(digits) + "' is " +
                   (negative ? "negative" : "not a whole number") + " (resolution line)");
  }
  std::uint64_t value = 0;
  for (const char d : digits) {
    value = value * 10 + std::uint64_t(d - '0');
    if (value > most) {
      throw HdrError(std::string("the ") + name + " " + shown(digits) + " is over the largest this reader takes, " +
                     std::to_string(most) + " (a map of at most " + std::to_string(kHdrMaxWidth) + " x " +
                     std::to_string(kHdrMaxHeight) + " texels)");
    }
  }
  if (value == 0) throw HdrError(std::string("the ") + name + " is 0: the map has no texels");
  return std::uint32_t(value);
}

// "#?RADIANCE", header lines up to an empty one, then "-Y <height> +X <width>".
HdrLayout readHeader(std::span<const std::uint8_t> bytes) {
  const std::string_view start(reinterpret_cast<const char*>(bytes.data()), std::min<std::size_t>(bytes.size(), 11));
  if (!start.starts_with("#?RADIANCE\n") && !start.starts_with("#?RGBE\n")) {
    throw HdrError("not a Radiance HDR (.hdr) image: it does not start with a line #?RADIANCE");
  }
  std::size_t at = 0;
  headerLine(bytes, at);  // the line just checked
  bool rgbe = false;
  std::string otherFormat;
  for (;;) {
    const std::optional<std::string_view> line = headerLine(bytes, at);
    if (!line) {
      throw HdrError(bytes.size() > kHdrMaxHeaderBytes ? "the header runs past 64 KiB (no empty line ends it)"
                                                        : "ends in its header (no empty line before the resolution)");
    }
    if (line->empty()) break;
    if (*line == "FORMAT=32-bit_rle_rgbe") rgbe = true;
    if (line->starts_with("FORMAT=") && otherFormat.empty()) otherFormat = shown(line->substr(7));
  }
  if (!rgbe) {
    throw HdrError(otherFormat.empty() ? "the header names no FORMAT=32-bit_rle_rgbe"
                                       : "FORMAT=" + otherFormat + " is not read (only 32-bit_rle_rgbe: RGB, not XYZ)");
  }
  const std::optional<std::string_view> resolution = headerLine(bytes, at);
  if (!resolution) throw HdrError("ends before its resolution line (-Y <height> +X <width>)");
  std::string_view r = *resolution;
  if (!r.starts_with("-Y ")) {
    throw HdrError("the resolution line '" + shown(r) + "' is not read: only -Y <height> +X <width> (rows top down)");
  }
  r.remove_prefix(3);
  const std::size_t space = r.find(' ');
  const std::string_view heightText = r.substr(0, space);
  std::string_view rest = space == std::string_view::npos ? std::string_view() : r.substr(space);
  while (rest.starts_with(' ')) rest.remove_prefix(1);
  if (!rest.starts_with("+X ")) {
    throw HdrError("the resolution line '" + shown(*resolution) + "' is not read: only -Y <height> +X <width> (rows top down)");
  }
  HdrLayout layout;
  layout.height = dimension(heightText, "height", kHdrMaxHeight);
  layout.width = dimension(rest.substr(3), "width", kHdrMaxWidth);
  layout.dataOffset = at;
  return layout;
}

[[noreturn]] void endsIn(std::uint32_t row, std::uint32_t rows) {
  throw HdrError(row == 0 ? "ends in its first row of " + std::to_string(rows) + " (the data is cut short)"
                          : "ends after row " + std::to_string(row) + " of " + std::to_string(rows) + " (the data is cut short)");
}

// One run-length encoded scanline (row j) from `at`, `at` moved past it. Every pass of the loop
// takes at least one byte and at least one texel, so it ends, at the latest at the end of the data.
void walkRunLengthRow(std::span<const std::uint8_t> bytes, std::size_t& at, std::uint32_t width, std::uint32_t j,
                      std::uint32_t rows) {
  const std::string row = "row " + std::to_string(j + 1) + " of " + std::to_string(rows);
  const std::size_t size = bytes.size();
  for (int channel = 0; channel < 4; ++channel) {
    for (std::uint32_t i = 0; i < width;) {
      if (at >= size) endsIn(j, rows);
      const std::uint32_t count = bytes[at++];
      const bool run = count > 128;
      const std::uint32_t n = run ? count - 128 : count;
      if (n == 0) throw HdrError(row + ": a dump of length 0 (corrupt run-length data)");
      if (n > width - i) throw HdrError(row + ": a run goes past the end of its scanline (corrupt run-length data)");
      const std::size_t take = run ? 1 : n;
      if (size - at < take) endsIn(j, rows);
      at += take;
      i += n;
    }
  }
}

}  // namespace

HdrLayout checkHdr(std::span<const std::uint8_t> bytes) {
  HdrLayout layout = readHeader(bytes);
  const std::uint32_t width = layout.width, height = layout.height;
  const std::size_t size = bytes.size();
  layout.runLength = width >= kRunLengthMinWidth && width <= kRunLengthMaxWidth;
  std::size_t at = layout.dataOffset;
  for (std::uint32_t j = 0; layout.runLength && j < height; ++j) {
    if (size - at < 4) endsIn(j, height);
    const std::uint8_t* start = bytes.data() + at;
    if (start[0] != 2 || start[1] != 2 || (start[2] & 0x80) != 0) {
      // Not the start of a run-length row: in the first row, a flat file; later, a mixed one
      // (stb_image would start over as flat from there, reading rows of the wrong place).
      if (j == 0) {
        layout.runLength = false;
        break;
      }
      throw HdrError("row " + std::to_string(j + 1) + " of " + std::to_string(height) +
                     " is flat while the rows before it are run-length encoded (a mixed file is not read)");
    }
    const std::uint32_t length = std::uint32_t(start[2]) << 8 | start[3];
    if (length != width) {
      throw HdrError("row " + std::to_string(j + 1) + " of " + std::to_string(height) + " says it holds " +
                     std::to_string(length) + " texels; the map is " + std::to_string(width) + " wide");
    }
    at += 4;
    walkRunLengthRow(bytes, at, width, j, height);
  }
  if (!layout.runLength) {
    const std::uint64_t rowBytes = std::uint64_t(width) * 4, present = size - layout.dataOffset;
    if (present < rowBytes * height) endsIn(std::uint32_t(present / rowBytes), height);
  }
  return layout;
}

HdrImage decodeHdr(std::span<const std::uint8_t> bytes, const HdrLayout& layout) {
  int w = 0, h = 0, channels = 0;
  float* data = stbi_loadf_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &channels, 3);
  if (!data) throw HdrError(std::string("cannot be decoded (") + (stbi_failure_reason() ? stbi_failure_reason() : "unknown") + ")");
  HdrImage image;
  if (std::uint32_t(w) != layout.width || std::uint32_t(h) != layout.height) {
    stbi_image_free(data);
    throw HdrError("decoded as " + std::to_string(w) + " x " + std::to_string(h) + " texels, not the header's " +
                   std::to_string(layout.width) + " x " + std::to_string(layout.height));
  }
  image.width = layout.width;
  image.height = layout.height;
  image.texels.resize(std::size_t(w) * std::size_t(h));
  for (std::size_t k = 0; k < image.texels.size(); ++k) image.texels[k] = glm::vec3(data[3 * k], data[3 * k + 1], data[3 * k + 2]);
  stbi_image_free(data);
  return image;
}

}  // namespace boids::lighting

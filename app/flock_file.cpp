#include "app/flock_file.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

#include "app/text.hpp"

namespace boids::app {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;
constexpr std::uint64_t kMostBoids = std::uint64_t(1) << 26;

struct Header {
  std::uint64_t rows = 0, columns = 0;
  std::size_t dataOffset = 0;
};

// The header of a .npy file: its magic, version and dictionary, which must say little-endian
// float32 in C order, two dimensions, at least kFlockColumns columns and 1 to 2^26 rows.
// `whole`: `bytes` are the whole file, whose size must then be the header's.
Header parseHeader(std::string_view bytes, const std::string& name, bool whole = true) {
  auto fail = [&](const std::string& why) { return FlockFileError(name + ": " + why); };
  if (bytes.size() < kMagicSize + 4 || bytes.substr(0, kMagicSize) != std::string_view(kMagic, kMagicSize)) {
    throw fail("not a NumPy .npy file (it does not start with \\x93NUMPY)");
  }
  const auto major = static_cast<unsigned char>(bytes[6]);
  if (major < 1 || major > 3) throw fail("a .npy file of version " + std::to_string(major) + ", which this reader does not know (1 to 3)");
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  if (bytes.size() < 8 + lengthBytes) throw fail("cut short inside its header");
  std::uint32_t length = 0;
  for (std::size_t b = 0; b < lengthBytes; ++b) length |= std::uint32_t(static_cast<unsigned char>(bytes[8 + b])) << (8 * b);
  const std::size_t offset = 8 + lengthBytes + length;
  if (bytes.size() < offset) throw fail("cut short inside its header");
  const std::string dict(bytes.substr(8 + lengthBytes, length));
  std::smatch m;
  if (!std::regex_search(dict, m, std::regex("'descr'\\s*:\\s*'([^']*)'"))) throw fail("its header names no dtype");
  if (m[1] != "<f4") throw fail("its dtype is '" + m[1].str() + "', not float32 ('<f4'; numpy: array.astype(numpy.float32))");
  if (!std::regex_search(dict, m, std::regex("'fortran_order'\\s*:\\s*(True|False)")) || m[1] != "False") {
    throw fail("it is in Fortran order; save a C-ordered array (numpy.ascontiguousarray)");
  }
  if (!std::regex_search(dict, m, std::regex("'shape'\\s*:\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,?\\s*\\)"))) {
    throw fail("its shape is not two-dimensional (rows of x, y, z, vx, vy, vz)");
  }
  Header h{std::stoull(m[1].str().substr(0, 18)), std::stoull(m[2].str().substr(0, 18)), offset};
  if (h.columns < kFlockColumns) {
    throw fail("its rows have " + std::to_string(h.columns) + " columns; a flock has at least 6: x, y, z, vx, vy, vz");
  }
  if (h.rows < 1 || h.rows > kMostBoids) {
    throw fail(std::to_string(h.rows) + " rows: a flock has 1 to " + std::to_string(kMostBoids) + " boids");
  }
  const std::uint64_t data = h.rows * h.columns * 4;
  if (whole && bytes.size() - offset != data) {
    throw fail("its header says " + std::to_string(h.rows) + " x " + std::to_string(h.columns) + " float32s (" +
               std::to_string(data) + " bytes), and " + std::to_string(bytes.size() - offset) + " bytes follow it");
  }
  return h;
}

std::string fileBytes(const std::filesystem::path& file, std::size_t most) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw FlockFileError(file.string() + ": cannot be read (no such file, or not readable)");
  std::string bytes(most, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(most));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return bytes;
}

}  // namespace

std::string flockNpy(const sim::FlockState& flock, float halfSide) {
  const std::size_t n = flock.positions.size();
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(n) + ", 6), }";
  // Padded with spaces and a newline so that the data starts on a 64-byte boundary.
  const std::size_t unpadded = kMagicSize + 2 + 2 + dict.size() + 1;
  dict += std::string((64 - unpadded % 64) % 64, ' ') + "\n";
  std::string out(kMagic, kMagicSize);
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(dict.size() & 0xff);
  out += static_cast<char>(dict.size() >> 8);
  out += dict;
  std::vector<float> rows(n * kFlockColumns);
  for (std::size_t i = 0; i < n; ++i) {
    const glm::vec4 p = flock.positions[i], v = flock.velocities[i];
    const float row[kFlockColumns] = {p.x, p.y + halfSide, p.z, v.x, v.y, v.z};
    std::memcpy(&rows[i * kFlockColumns], row, sizeof row);
  }
  out.append(reinterpret_cast<const char*>(rows.data()), rows.size() * sizeof(float));
  return out;
}

std::uint32_t flockFileCount(const std::filesystem::path& file) {
  return static_cast<std::uint32_t>(parseHeader(fileBytes(file, 1 << 16), file.string(), false).rows);
}

sim::FlockState parseFlockNpy(std::string_view bytes, const std::string& name) {
  const Header h = parseHeader(bytes, name);
  sim::FlockState flock;
  flock.positions.resize(h.rows);
  flock.velocities.resize(h.rows);
  const char* data = bytes.data() + h.dataOffset;
  static const char* kColumns[kFlockColumns] = {"x", "y", "z", "vx", "vy", "vz"};
  for (std::uint64_t i = 0; i < h.rows; ++i) {
    float row[kFlockColumns];
    std::memcpy(row, data + i * h.columns * 4, sizeof row);
    for (std::uint32_t c = 0; c < kFlockColumns; ++c) {
      if (!std::isfinite(row[c])) {
        throw FlockFileError(name + ": boid " + std::to_string(i) + "'s " + kColumns[c] + " is " + formatNumber(row[c]) +
                             "; every value must be finite");
      }
    }
    flock.positions[i] = glm::vec4(row[0], row[1], row[2], 1.0f);
    flock.velocities[i] = glm::vec4(row[3], row[4], row[5], 0.0f);
  }
  return flock;
}

sim::FlockState placeInWorld(const sim::FlockState& fromFile, float halfSide, const std::string& name) {
  sim::FlockState flock = fromFile;
  for (std::size_t i = 0; i < flock.positions.size(); ++i) {
    const glm::vec4 f = fromFile.positions[i];
    const glm::vec3 p(f.x, f.y - halfSide, f.z);
    if (std::abs(p.x) > halfSide || std::abs(p.y) > halfSide || std::abs(p.z) > halfSide) {
      throw FlockFileError(name + ": boid " + std::to_string(i) + " at (" + formatNumber(f.x) + ", " + formatNumber(f.y) + ", " +
                           formatNumber(f.z) + ") is outside this run's world (x and z within " + formatNumber(halfSide) +
                           " of 0, y from 0 to " + formatNumber(2 * halfSide) + "); give a larger --world-size");
    }
    flock.positions[i] = glm::vec4(p, 1.0f);
  }
  return flock;
}

sim::FlockState readFlockFile(const std::filesystem::path& file) {
  const Header h = parseHeader(fileBytes(file, 1 << 16), file.string(), false);
  // The header and the data it announces, and a byte more: the size check sees what follows.
  return parseFlockNpy(fileBytes(file, h.dataOffset + h.rows * h.columns * 4 + 1), file.string());
}

}  // namespace boids::app

// The flock as data (app/flock_file.hpp): what --save-flock writes, numpy.load reads and
// --load-flock takes back; every way a file can be wrong is named in one line.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "app/flock_file.hpp"

using namespace boids;

namespace {

sim::FlockState flockOf(std::uint32_t n) {
  sim::FlockState f;
  for (std::uint32_t i = 0; i < n; ++i) {
    f.positions.emplace_back(float(i) - 2.5f, -4.0f + 0.5f * float(i), 1.25f, 1.0f);
    f.velocities.emplace_back(0.5f, -0.25f * float(i), 2.0f, 7.0f);
  }
  return f;
}

// A .npy file by hand: `dict` as its header, then `floats` float32s.
std::string npy(const std::string& dict, std::size_t floats, float value = 1.0f, char major = 1) {
  std::string out("\x93NUMPY", 6);
  out += major;
  out += '\0';
  std::string d = dict + "\n";
  if (major == 1) {
    out += static_cast<char>(d.size() & 0xff);
    out += static_cast<char>(d.size() >> 8);
  } else {
    for (int b = 0; b < 4; ++b) out += static_cast<char>((d.size() >> (8 * b)) & 0xff);
  }
  out += d;
  for (std::size_t k = 0; k < floats; ++k) out.append(reinterpret_cast<const char*>(&value), 4);
  return out;
}

std::string errorOf(const std::string& bytes) {
  try {
    app::parseFlockNpy(bytes, "f.npy");
  } catch (const app::FlockFileError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(FlockFile, WritesNumpysFormatAndReadsItBackInTheWorld) {
  const sim::FlockState flock = flockOf(5);
  const std::string bytes = app::flockNpy(flock, 10.0f);
  ASSERT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t header = 10 + std::size_t(static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8);
  EXPECT_EQ(header % 64, 0u) << "the data starts on a 64-byte boundary";
  EXPECT_NE(bytes.find("'descr': '<f4', 'fortran_order': False, 'shape': (5, 6)"), std::string::npos);
  EXPECT_EQ(bytes.size(), header + 5 * 6 * 4);
  float first[6];
  std::memcpy(first, bytes.data() + header, sizeof first);
  EXPECT_EQ(first[1], -4.0f + 10.0f) << "y with the ground (the world's floor, -halfSide) at 0";
  const sim::FlockState back = app::placeInWorld(app::parseFlockNpy(bytes, "f.npy"), 10.0f, "f.npy");
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(glm::vec3(back.positions[i]), glm::vec3(flock.positions[i])) << i;
    EXPECT_EQ(glm::vec3(back.velocities[i]), glm::vec3(flock.velocities[i])) << i;
  }
}

TEST(FlockFile, TakesMoreColumnsAndLaterVersions) {
  EXPECT_EQ(errorOf(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 8), }", 16)), "");
  EXPECT_EQ(errorOf(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6), }", 12, 1.0f, 2)), "");
}

TEST(FlockFile, EveryWrongFileIsNamedWithWhatIsWrong) {
  const std::string good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 6), }";
  for (const auto& [bytes, says] : std::vector<std::pair<std::string, std::string>>{
           {"hello", "not a NumPy .npy file"},
           {npy(good, 12, 1.0f, 9), "version 9"},
           {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 6), }", 24), "dtype is '<f8', not float32"},
           {npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 6), }", 12), "Fortran order"},
           {npy("{'descr': '<f4', 'fortran_order': False, 'shape': (12,), }", 12), "not two-dimensional"},
           {npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 5), }", 10), "5 columns; a flock has at least 6"},
           {npy("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 6), }", 0), "0 rows: a flock has 1 to 67108864"},
           {npy(good, 11), "and 44 bytes follow it"},
           {npy(good, 13), "and 52 bytes follow it"},
           {npy(good, 12, std::numeric_limits<float>::quiet_NaN()), "boid 0's x is"},
           {npy(good, 12).substr(0, 20), "cut short inside its header"},
           {std::string("\x93NUMPY\x02\x00\x05\x00\x00", 11), "cut short inside its header"},  // found by fuzz_flock_file
       }) {
    const std::string error = errorOf(bytes);
    EXPECT_EQ(error.rfind("f.npy: ", 0), 0u) << error;
    EXPECT_NE(error.find(says), std::string::npos) << "expected '" << says << "' in: " << error;
  }
}

TEST(FlockFile, ABoidOutsideTheWorldIsNamed) {
  const sim::FlockState flock = flockOf(3);
  const sim::FlockState fromFile = app::parseFlockNpy(app::flockNpy(flock, 10.0f), "f.npy");
  EXPECT_NO_THROW(app::placeInWorld(fromFile, 10.0f, "f.npy"));
  try {
    app::placeInWorld(fromFile, 2.0f, "f.npy");
    FAIL() << "a world of side 4 holds boids at x = -2.5";
  } catch (const app::FlockFileError& e) {
    EXPECT_NE(std::string(e.what()).find("f.npy: boid 0 at (-2.5, 6, 1.25) is outside this run's world"), std::string::npos)
        << e.what();
  }
}

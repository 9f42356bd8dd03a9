// The environments (engine/lighting/environment.cpp): the shipped maps found and read as
// equirectangular radiance with the sky on top, the built-in ones, and every way a file can be
// wrong named in one line.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <numbers>
#include <stdexcept>
#include <string>

#include "engine/lighting/environment.hpp"

using namespace boids;
namespace fs = std::filesystem;

namespace {

std::string errorOf(const std::string& what) {
  try {
    lighting::loadEnvironment(what);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(loaded)";
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("boids-env-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

// A flat Radiance file of w x h texels, all of radiance 1 (mantissa 128, exponent 129).
void writeFlat(const fs::path& file, int w, int h) {
  std::ofstream out(file, std::ios::binary);
  out << "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " << h << " +X " << w << "\n";
  const unsigned char one[4] = {128, 128, 128, 129};
  for (int k = 0; k < w * h; ++k) out.write(reinterpret_cast<const char*>(one), 4);
}

}  // namespace

TEST(Environments, TheShippedMapsLoadAsEquirectangularRadianceSkyOnTop) {
  const std::vector<std::string> shipped = lighting::shippedEnvironments();
  ASSERT_EQ(shipped, (std::vector<std::string>{"city", "night", "sunrise", "sunset"}));
  for (const std::string& name : shipped) {
    const lighting::Environment e = lighting::loadEnvironment(name);
    EXPECT_EQ(e.width, 1024u) << name;
    EXPECT_EQ(e.height, 512u) << name;
    EXPECT_GT(e.meanLuminance, 0.0) << name;
    // The sky is brighter than the ground in every one: row 0 is the zenith (not flipped).
    double top = 0, bottom = 0;
    for (std::uint32_t j = 0; j < 64; ++j) {
      for (std::uint32_t i = 0; i < e.width; ++i) {
        top += e.texels[std::size_t(j) * e.width + i].g;
        bottom += e.texels[std::size_t(e.height - 1 - j) * e.width + i].g;
      }
    }
    EXPECT_GT(top, bottom) << name;
  }
  EXPECT_EQ(lighting::loadEnvironment(lighting::kDefaultEnvironment).name, "sunset");
}

TEST(Environments, BuiltInsAreMadeAtAnySizeAndTheConstantOnesMeanIsOne) {
  for (const std::string& name : lighting::builtInEnvironments()) {
    const lighting::Environment e = lighting::builtInEnvironment(name, 30, 15);
    EXPECT_EQ(e.texels.size(), 450u) << name;
  }
  // The mean is by solid angle: a constant map's is its radiance, to rounding.
  EXPECT_NEAR(lighting::builtInEnvironment("constant", 64, 32).meanLuminance, 1.0, 1e-12);
  EXPECT_NEAR(lighting::builtInEnvironment("upper-hemisphere", 64, 32).meanLuminance, 0.5, 1e-12);
  EXPECT_FALSE(lighting::exactCoefficients(lighting::builtInEnvironment("sky", 64, 32), 0.0));
  EXPECT_TRUE(lighting::exactCoefficients(lighting::builtInEnvironment("single-texel", 64, 32), 0.3));
}

TEST(Environments, AFileIsReadAndEveryBadOneIsNamedInOneLine) {
  const fs::path good = scratch("good.hdr");
  writeFlat(good, 8, 4);
  const lighting::Environment e = lighting::loadEnvironment(good.string());
  EXPECT_EQ(e.name, good.string());
  EXPECT_EQ(e.texels.size(), 32u);
  EXPECT_FLOAT_EQ(e.texels[5].r, 1.0f);

  const fs::path square = scratch("square.hdr");
  writeFlat(square, 4, 4);
  EXPECT_NE(errorOf(square.string()).find("4 x 4 texels; an equirectangular map is twice as wide as it is tall"), std::string::npos)
      << errorOf(square.string());
  const fs::path text = scratch("text.hdr");
  std::ofstream(text) << "not an image";
  EXPECT_EQ(errorOf(text.string()),
            "environment file '" + text.string() + "': not a Radiance HDR (.hdr) image: it does not start with a line #?RADIANCE");
  EXPECT_EQ(errorOf(scratch("missing.hdr").string()), "environment file '" + scratch("missing.hdr").string() + "': no such file");
  EXPECT_EQ(errorOf("nowhere"), "unknown environment 'nowhere' (known: city, night, sunrise, sunset, sky, constant, "
                                "upper-hemisphere, single-texel; or a path to a .hdr file)");
  for (const std::string& message : {errorOf(square.string()), errorOf(text.string()), errorOf("nowhere")}) {
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

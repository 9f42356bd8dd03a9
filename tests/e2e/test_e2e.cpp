// The binary itself: exit codes, messages, and the PNGs it writes, headless and in a real window
// under Xvfb (whose screenshot must include the ImGui panel).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <stb_image.h>

#include "e2e_run.hpp"

namespace {

struct Png {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::array<int, 3> at(int x, int y) const {
    const std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

Png load(const fs::path& path) {
  Png png;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &png.width, &png.height, &channels, 3);
  if (data) {
    png.rgb.assign(data, data + static_cast<std::size_t>(png.width) * png.height * 3);
    stbi_image_free(data);
  }
  return png;
}

// Boids are drawn from a saturated colour ramp; the sky, the fog and the world box are greys and
// greyish blues. Count clearly saturated pixels.
int saturatedPixels(const Png& png, int x0 = 0, int y0 = 0, int x1 = -1, int y1 = -1) {
  if (x1 < 0) x1 = png.width;
  if (y1 < 0) y1 = png.height;
  int n = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      auto c = png.at(x, y);
      if (std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]}) > 90) ++n;
    }
  }
  return n;
}

std::size_t distinctColours(const Png& png) {
  std::set<int> colours;
  for (std::size_t i = 0; i + 2 < png.rgb.size(); i += 3) colours.insert(png.rgb[i] << 16 | png.rgb[i + 1] << 8 | png.rgb[i + 2]);
  return colours.size();
}

}  // namespace

TEST(EndToEnd, HelpDocumentsEveryOption) {
  Result r = run("", "--help");
  EXPECT_EQ(r.exitCode, 0);
  for (const char* option : {"--count", "--seed", "--world", "--separation-radius", "--separation-weight",
                             "--alignment-radius", "--alignment-weight", "--cohesion-radius", "--cohesion-weight",
                             "--centroid-weight", "--max-speed", "--dt", "--world-size", "--wall-margin",
                             "--wall-strength", "--frames", "--screenshot", "--width", "--height", "--boid-size",
                             "--vsync", "--paused", "--hide-panel", "--gl-debug", "--shader-dir", "--reduce",
                             "--follow", "--compare-all", "--neighbours", "--cells", "--sort", "--gl-version", "demo",
                             "check", "bench"}) {
    EXPECT_NE(r.output.find(option), std::string::npos) << option << " missing from --help:\n" << r.output;
  }
}

TEST(EndToEnd, BadInputExitsWithTwoAndNamesTheOption) {
  Result count = run("", "--count 0");
  EXPECT_EQ(count.exitCode, 2);
  EXPECT_NE(count.output.find("--count"), std::string::npos) << count.output;
  Result unknown = run("", "--bogus-option");
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_NE(unknown.output.find("bogus-option"), std::string::npos) << unknown.output;
  Result radius = run("", "--cohesion-radius 30 --world-size 80");
  EXPECT_EQ(radius.exitCode, 2);
  EXPECT_NE(radius.output.find("radius"), std::string::npos) << radius.output;
}

TEST(EndToEnd, WithoutADisplayTheDemoRunsAndItsScreenshotShowsBoids) {
  const fs::path png = scratch() / "demo.png";
  Result r = runHeadless("--count 600 --frames 40 --screenshot '" + png.string() + "'");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // One line says why, before anything else.
  EXPECT_EQ(r.output.rfind("boids: no display", 0), 0u) << r.output;
  EXPECT_NE(r.output.find("pass"), std::string::npos) << "no timing table:\n" << r.output;
  EXPECT_NE(r.output.find("step"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("centroid check (tree): pass"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("screenshot: " + fs::absolute(png).string()), std::string::npos) << r.output;
  Png image = load(png);
  ASSERT_EQ(image.width, 1280);
  ASSERT_EQ(image.height, 720);
  EXPECT_GT(distinctColours(image), 100u) << "blank or nearly single-colour screenshot";
  EXPECT_GT(saturatedPixels(image), 600) << "no boids to be seen";
}

TEST(EndToEnd, DemoSubcommandWithZeroFramesStillWritesTheFirstFrame) {
  const fs::path png = scratch() / "zero.png";
  Result r = run("", "demo --count 50 --frames 0 --width 320 --height 200 --screenshot '" + png.string() + "'");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(load(png).width, 320);
}

TEST(EndToEnd, UnwritableScreenshotPathIsAClearError) {
  // Refused before anything starts (the folder is missing) ...
  Result missing = runHeadless("--count 10 --frames 1 --screenshot /proc/no/such/dir/x.png");
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.output.find("--screenshot /proc/no/such/dir/x.png: the folder /proc/no/such/dir does not exist"),
            std::string::npos) << missing.output;
  EXPECT_EQ(missing.output.find("OpenGL"), std::string::npos) << "started anyway:\n" << missing.output;
  // ... or, when only the write itself can tell, a clear error after the run.
  Result unwritable = runHeadless("--count 10 --frames 1 --screenshot /proc/x.png");
  EXPECT_EQ(unwritable.exitCode, 1);
  EXPECT_NE(unwritable.output.find("/proc/x.png"), std::string::npos) << unwritable.output;
}

TEST(EndToEnd, WindowUnderXvfbShowsTheFlockAndThePanel) {
  // The same flock and frames twice, with and without the panel: the difference is the panel.
  const fs::path dir = scratch();
  const std::string xvfb = "env XDG_CONFIG_HOME='" + dir.string() + "' " + xvfbRun("1280x720x24");
  const std::string common = "--count 400 --frames 20 --width 1000 --height 640 --no-vsync ";
  Result withPanel = run(xvfb, common + "--screenshot '" + (dir / "window.png").string() + "'");
  ASSERT_EQ(withPanel.exitCode, 0) << withPanel.output;
  EXPECT_NE(withPanel.output.find("in a window"), std::string::npos) << "did not open a window:\n" << withPanel.output;
  Result bare = run(xvfb, common + "--hide-panel --screenshot '" + (dir / "bare.png").string() + "'");
  ASSERT_EQ(bare.exitCode, 0) << bare.output;

  Png a = load(dir / "window.png"), b = load(dir / "bare.png");
  ASSERT_EQ(a.width, 1000);
  ASSERT_EQ(a.height, 640);
  ASSERT_EQ(b.width, 1000);
  EXPECT_GT(saturatedPixels(b), 200) << "no boids in the window";
  // The panel sits at the top left (10, 10) and is 380 wide at scale 1: there most pixels change
  // and light text appears; far to the right the frames are the same flock.
  int changedInPanel = 0, lightInPanel = 0, changedOutside = 0;
  for (int y = 20; y < 200; ++y) {
    for (int x = 20; x < 380; ++x) {
      auto ca = a.at(x, y), cb = b.at(x, y);
      if (std::abs(ca[0] - cb[0]) + std::abs(ca[1] - cb[1]) + std::abs(ca[2] - cb[2]) > 30) ++changedInPanel;
      if (ca[0] > 200 && ca[1] > 200 && ca[2] > 200) ++lightInPanel;
    }
    for (int x = 900; x < 1000; ++x) {
      auto ca = a.at(x, y), cb = b.at(x, y);
      if (ca != cb) ++changedOutside;
    }
  }
  EXPECT_GT(changedInPanel, 180 * 360 / 2) << "the panel is not where it should be";
  EXPECT_GT(lightInPanel, 200) << "no text in the panel";
  EXPECT_LT(changedOutside, 180 * 100 / 20) << "frames differ away from the panel";
}

TEST(EndToEnd, RunsOnAnOpenGL43ContextAlone) {
  // NVIDIA hands out exactly the version asked for; Mesa hands out its newest unless capped by
  // MESA_GL_VERSION_OVERRIDE (ignored by other drivers). glad then loads only 4.3 entry points, so
  // a call to anything newer would crash, and debug output would report 4.4+ enums.
  Result r = run("env MESA_GL_VERSION_OVERRIDE=4.3", "demo --gl-version 4.3 --gl-debug --count 300 --frames 10 --screenshot '" +
                         (scratch() / "gl43.png").string() + "'");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.rfind("OpenGL 4.3", 0), 0u) << r.output;
  EXPECT_EQ(r.output.find("GL error"), std::string::npos) << r.output;
}

TEST(EndToEnd, ADriverBelow43IsRefusedWithWhatWasAskedAndWhatWasOffered) {
  // Mesa can pretend to be an old driver; other drivers have no such switch.
  if (!fs::exists("/usr/share/glvnd/egl_vendor.d/50_mesa.json")) {
    GTEST_SKIP() << "needs Mesa's EGL (MESA_GL_VERSION_OVERRIDE) to imitate an OpenGL 3.3 driver";
  }
  Result r = run("env __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/50_mesa.json "
                 "MESA_GL_VERSION_OVERRIDE=3.3",
                 "demo --frames 1");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_NE(r.output.find("Asked for 4.6, 4.5 and 4.3 core"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("offered only \"3.3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("llvmpipe"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("Usual causes"), std::string::npos) << r.output;
}

// The binary itself: exit codes, messages, and the PNGs it writes, headless and in a real window
// under Xvfb (whose screenshot must include the ImGui panel).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <vector>
#include <regex>
#include <set>
#include <sstream>
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

// Every mode's --help in our layout: no line over 100 columns, none of CLI11's own marks (a
// switch's "{false}", "VALUE ..." on an option that takes one value).
TEST(EndToEnd, HelpIsWrappedAndFreeOfParserArtefacts) {
  for (const char* mode : {"", "demo ", "check ", "bench "}) {
    const Result r = run("", std::string(mode) + "--help");
    EXPECT_EQ(r.exitCode, 0) << mode;
    std::istringstream lines(r.output);
    int count = 0;
    for (std::string line; std::getline(lines, line); ++count) {
      EXPECT_LE(line.size(), 100u) << mode << "--help: " << line;
      for (const char* mark : {"{false}", "{true}", "TEXT", "[Option"}) {
        EXPECT_EQ(line.find(mark), std::string::npos) << mode << "--help has '" << mark << "': " << line;
      }
      EXPECT_FALSE(std::regex_search(line, std::regex("[A-Z] \\.\\.\\."))) << mode << "--help has 'VALUE ...': " << line;
    }
    EXPECT_GE(count, 4) << mode << "--help:\n" << r.output;
  }
  const Result count = run("", "--help");
  EXPECT_NE(count.output.find("default 16384 (software renderer: 2048)"), std::string::npos) << count.output;
}

// docs/GUIDE.md's option reference is what --help-markdown prints (scripts/docs.sh writes it there).
TEST(EndToEnd, GuideOptionReferenceIsGeneratedFromTheSettingsTable) {
  const Result r = run("", "--help-markdown");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("- `-n, --count VALUE`: number of boids"), std::string::npos) << r.output;
  std::ifstream file(std::string(BOIDS_DOCS_DIR) + "/GUIDE.md");
  const std::string guide((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string begin = "<!-- options:begin", end = "<!-- options:end -->";
  const std::size_t from = guide.find('\n', guide.find(begin)), to = guide.find(end);
  ASSERT_TRUE(guide.find(begin) != std::string::npos && to != std::string::npos) << "docs/GUIDE.md has no options block";
  EXPECT_EQ(guide.substr(from + 1, to - from - 1), r.output) << "docs/GUIDE.md's options are stale: run scripts/docs.sh";
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

// The mean column of the saturated (boid) pixels right of column x0; -1 when there are none.
double meanSaturatedColumn(const Png& png, int x0) {
  double sum = 0;
  long n = 0;
  for (int y = 0; y < png.height; ++y) {
    for (int x = x0; x < png.width; ++x) {
      auto c = png.at(x, y);
      if (std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]}) > 90) sum += x, ++n;
    }
  }
  return n ? sum / double(n) : -1.0;
}

TEST(EndToEnd, WindowUnderXvfbShowsTheFlockAndThePanel) {
  // The same flock and frames twice, with and without the panel: the panel is there, and the view
  // is framed right of it (its centre moved by the share of the window the panel covers).
  const fs::path dir = scratch();
  const std::string xvfb = "env XDG_CONFIG_HOME='" + dir.string() + "' " + xvfbRun("1280x720x24");
  // Coloured by heading, lit by the bright built-in sky, opaque and near enough to be darts: the
  // default birds are a dark cloud seen from the ground at dusk, whose only saturated pixels would
  // be the sun's glare, which moves with the view as well.
  const std::string common =
      "--count 400 --frames 20 --width 1000 --height 640 --no-vsync --environment sky --exposure 1 --colour heading "
      "--no-viewer --follow-zoom 1 --far-field nearest --boid-size 2.8 ";
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
  int changedInPanel = 0, lightInPanel = 0;
  for (int y = 20; y < 200; ++y) {
    for (int x = 20; x < 380; ++x) {
      auto ca = a.at(x, y), cb = b.at(x, y);
      if (std::abs(ca[0] - cb[0]) + std::abs(ca[1] - cb[1]) + std::abs(ca[2] - cb[2]) > 30) ++changedInPanel;
      if (ca[0] > 200 && ca[1] > 200 && ca[2] > 200) ++lightInPanel;
    }
  }
  EXPECT_GT(changedInPanel, 180 * 360 / 2) << "the panel is not where it should be";
  EXPECT_GT(lightInPanel, 200) << "no text in the panel";
  // Right of the panel (x >= 440), the flock's pixels sit further right with the panel up: the
  // panel covers about 0.4 of the window, which moves the view's centre 200 px; a flock framed in
  // the middle of the window and cut at x = 440 would move its mean by far less than 50 px.
  const double shown = meanSaturatedColumn(a, 440), hidden = meanSaturatedColumn(b, 440);
  EXPECT_GT(shown, hidden + 50) << "the view is not framed right of the panel: " << shown << " vs " << hidden;
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
  EXPECT_NE(r.output.find("forces Mesa to an older version: MESA_GL_VERSION_OVERRIDE=3.3; unset it"), std::string::npos) << r.output;
}

namespace {

// The visible and per-level counts the demo prints: "cull (last frame): V of N boids visible: near
// a, middle b, far c"; all -1 when the line is missing.
std::array<long, 5> cullLine(const std::string& output) {
  std::array<long, 5> k{-1, -1, -1, -1, -1};
  const std::size_t at = output.find("cull (last frame): ");
  if (at == std::string::npos) return k;
  std::sscanf(output.c_str() + at, "cull (last frame): %ld of %ld boids visible: near %ld, middle %ld, far %ld", &k[0],
              &k[1], &k[2], &k[3], &k[4]);
  return k;
}

// Pixels whose colour differs in any channel.
int differingPixels(const Png& a, const Png& b) {
  if (a.width != b.width || a.height != b.height) return -1;
  int n = 0;
  for (std::size_t i = 0; i < a.rgb.size(); i += 3) {
    n += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2];
  }
  return n;
}

}  // namespace

TEST(EndToEnd, CullingIsOnByDefaultAndWhereTheNearLevelCoversTheScreenItsImageIsTheImageWithout) {
  // 500 boids framed whole: each boid's sphere projects to about 20 px, far above the near
  // threshold, so every visible boid is a dart, and the few outside the view are culled. The image
  // must then be the one drawn without culling, pixel for pixel: the same darts, the same shading,
  // and depth decides overlaps whatever the order (no two boids tie in depth at a sample). Once
  // with the default compaction (the fallback on a driver without subgroups: the lists come in the
  // order atomics arrive), once with the scan (input order).
  const fs::path dir = scratch();
  // (A uniform start under the CIS 565 rules: after 20 frames a few boids are still in the
  // cube's corners, outside the view.)
  const std::string common = "demo --preset schools --count 500 --start uniform --separation-radius 3 --alignment-weight 0.1 "
                             "--cohesion-weight 0.01 --frames 20 --width 640 --height 360 --screenshot ";
  const Result off = run("", common + "'" + (dir / "off.png").string() + "' --no-cull");
  ASSERT_EQ(off.exitCode, 0) << off.output;
  EXPECT_NE(off.output.find("culling: off"), std::string::npos) << off.output;
  const Png without = load(dir / "off.png");
  ASSERT_GT(saturatedPixels(without), 2000) << "too few boids on screen for the comparison to mean much";
  for (const std::string compact : {"", " --compact scan"}) {
    const Result on = run("", common + "'" + (dir / "on.png").string() + "'" + compact);
    ASSERT_EQ(on.exitCode, 0) << on.output;
    EXPECT_NE(on.output.find("culling: on"), std::string::npos) << "culling is not the default:\n" << on.output;
    const std::array<long, 5> k = cullLine(on.output);
    EXPECT_EQ(k[1], 500) << on.output;
    EXPECT_GT(k[0], 400) << on.output;
    EXPECT_LT(k[0], 500) << "nothing culled: the comparison would not show that culling keeps the image\n" << on.output;
    EXPECT_EQ(k[2], k[0]) << "not every visible boid is near:\n" << on.output;
    EXPECT_EQ(differingPixels(load(dir / "on.png"), without), 0) << compact;
  }
  // The comparison can fail: the same boids as one triangle each (the middle level) are another image.
  const Result middle = run("", common + "'" + (dir / "middle.png").string() + "' --lod-pixels 1000,0");
  ASSERT_EQ(middle.exitCode, 0) << middle.output;
  EXPECT_EQ(cullLine(middle.output)[3], cullLine(middle.output)[0]) << middle.output;
  EXPECT_GT(differingPixels(load(dir / "middle.png"), without), 1000);
}

TEST(EndToEnd, LevelTintsShowEachLevelInItsColour) {
  // A flock of 20000 framed whole at thresholds that split it three ways (projected radii of about
  // 2 to 5 px at 640x360): red darts, amber triangles and blue points, each level's count printed.
  // The speed ramp has no red: without the tints (colouring by speed), red pixels all but vanish.
  const fs::path dir = scratch();
  const std::string args = "demo --preset schools --count 20000 --frames 3 --width 640 --height 360 --lod-pixels 4,2.8 --screenshot ";
  const Result r = run("", args + "'" + (dir / "tints.png").string() + "' --lod-tint");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::array<long, 5> k = cullLine(r.output);
  ASSERT_GT(k[2], 100) << r.output;
  ASSERT_GT(k[3], 100) << r.output;
  ASSERT_GT(k[4], 100) << r.output;
  auto count = [](const Png& image) {
    std::array<int, 3> n{};  // red, amber, blue
    for (int y = 0; y < image.height; ++y) {
      for (int x = 0; x < image.width; ++x) {
        const auto c = image.at(x, y);
        n[0] += c[0] > 120 && c[1] < c[0] / 2 && c[2] < c[0] / 2;
        n[1] += c[0] > 120 && c[1] > c[0] / 2 && c[2] < c[1] / 2;
        n[2] += c[2] > 120 && c[0] < c[2] / 2;
      }
    }
    return n;
  };
  const std::array<int, 3> tinted = count(load(dir / "tints.png"));
  EXPECT_GT(tinted[0], 200) << "near level";
  EXPECT_GT(tinted[1], 200) << "middle level";
  EXPECT_GT(tinted[2], 200) << "far level";
  const Result plain = run("", args + "'" + (dir / "plain.png").string() + "' --colour speed");
  ASSERT_EQ(plain.exitCode, 0) << plain.output;
  EXPECT_LT(count(load(dir / "plain.png"))[0], tinted[0] / 10) << "red without the tints";
}

namespace {

// The hue sextant (0 red, 1 yellow, 2 green, 3 cyan, 4 blue, 5 magenta) of each saturated pixel,
// counted: a flock coloured by heading shows its schools as sextants of their own.
std::array<int, 6> hueSextants(const Png& png) {
  std::array<int, 6> n{};
  for (int y = 0; y < png.height; ++y) {
    for (int x = 0; x < png.width; ++x) {
      const auto c = png.at(x, y);
      const int hi = std::max({c[0], c[1], c[2]}), lo = std::min({c[0], c[1], c[2]});
      if (hi - lo <= 60) continue;
      double h = hi == c[0] ? double(c[1] - c[2]) / (hi - lo) : hi == c[1] ? 2.0 + double(c[2] - c[0]) / (hi - lo)
                                                                            : 4.0 + double(c[0] - c[1]) / (hi - lo);
      if (h < 0) h += 6.0;
      ++n[std::size_t(std::min(5, int(h)))];
    }
  }
  return n;
}

}  // namespace

TEST(FirstMinute, TheSchoolsShowInMoreThanOneColourAndEachNewOptionChangesTheImage) {
  // The demo with the schools preset (a clustered start, colour by heading, the ground), 250 frames,
  // then each new option alone: every one must change the picture, and the default's boids must
  // fall into at least two hue sextants with a tenth of the colourful pixels each (schools flying
  // different ways), where one colour for every boid gives one (checked with a palette that
  // returns a constant). Under the constant grey environment, so that the only colourful pixels
  // are the boids' (the shipped sunset's sky has hues of its own).
  const fs::path dir = scratch();
  const std::string common =
      "demo --preset schools --count 2048 --frames 250 --width 480 --height 270 --environment constant --screenshot ";
  auto shot = [&](const std::string& name, const std::string& more) {
    const Result r = runHeadless(common + "'" + (dir / (name + ".png")).string() + "' " + more);
    EXPECT_EQ(r.exitCode, 0) << more << "\n" << r.output;
    return load(dir / (name + ".png"));
  };
  const Png base = shot("default", "");
  const std::array<int, 6> hues = hueSextants(base);
  const int colourful = std::accumulate(hues.begin(), hues.end(), 0);
  ASSERT_GT(colourful, 2000) << "too few boids on screen";
  const long regions = std::count_if(hues.begin(), hues.end(), [&](int h) { return h > colourful / 10; });
  EXPECT_GE(regions, 2) << "one colour region: " << hues[0] << " " << hues[1] << " " << hues[2] << " " << hues[3]
                        << " " << hues[4] << " " << hues[5];
  for (const auto& [name, option] : std::vector<std::pair<std::string, std::string>>{
           {"speed", "--colour speed"}, {"density", "--colour density"}, {"bare", "--no-ground"},
           {"uniform", "--start uniform"}, {"attract", "--attractor attract --attractor-point 8,0,0"},
           {"flee", "--attractor flee --attractor-point 0,0,0 --attractor-radius 30"}}) {
    const Png other = shot(name, option);
    EXPECT_GT(differingPixels(other, base), base.width * base.height / 100) << option << " changes nothing";
  }
  EXPECT_GT(differingPixels(load(dir / "speed.png"), load(dir / "density.png")), base.width * base.height / 100)
      << "density is drawn as speed";
}

TEST(FirstMinute, ASoftwareRendererStartsSmallUnlessTheUserGaveACount) {
  // On llvmpipe (this suite's renderer; on a GPU nothing is scaled and the test says so).
  const fs::path dir = scratch();
  const std::string tail = " --frames 1 --width 64 --height 64 --screenshot '" + (dir / "s.png").string() + "'";
  const Result plain = runHeadless("demo" + tail);
  ASSERT_EQ(plain.exitCode, 0) << plain.output;
  if (plain.output.find("llvmpipe") == std::string::npos) GTEST_SKIP() << "not a software renderer";
  EXPECT_NE(plain.output.find("software renderer: 2048 boids rather than the default 16384"), std::string::npos) << plain.output;
  EXPECT_NE(plain.output.find("headless demo: 2048 boids"), std::string::npos) << plain.output;
  const Result preset = runHeadless("demo --preset murmuration" + tail);
  EXPECT_NE(preset.output.find("2048 boids rather than the preset's 16384"), std::string::npos) << preset.output;
  const Result given = runHeadless("demo --count 4096" + tail);
  EXPECT_NE(given.output.find("headless demo: 4096 boids"), std::string::npos) << given.output;
  EXPECT_EQ(given.output.find("boids rather than"), std::string::npos) << given.output;
  // A preset file of the user's keeps its count, as --count does.
  std::ofstream(dir / "mine.json") << "{ \"simulation\": { \"count\": 3000 } }\n";
  const Result mine = runHeadless("demo --preset '" + (dir / "mine.json").string() + "'" + tail);
  EXPECT_NE(mine.output.find("headless demo: 3000 boids"), std::string::npos) << mine.output;
}

namespace {

// Pixels where a flock's image differs from the same scene without the flock (the sum of the three
// channels' differences over 24, a ninth of the smallest step between the boid colours and the
// sky they are drawn over), and their mean colour.
struct FlockPixels {
  long count = 0;
  std::array<double, 3> mean{};
};
FlockPixels flockPixels(const Png& image, const Png& empty) {
  FlockPixels f;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const auto a = image.at(x, y), b = empty.at(x, y);
      if (std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) <= 24) continue;
      ++f.count;
      for (int c = 0; c < 3; ++c) f.mean[std::size_t(c)] += a[std::size_t(c)];
    }
  }
  for (double& m : f.mean) m /= double(std::max(f.count, 1L));
  return f;
}

}  // namespace

TEST(EndToEnd, SplatsDrawTheFlockAsTheMeshesDo) {
  // The same flock from the same camera drawn by the rasteriser (--draw mesh) and by the compute
  // rasteriser (--draw splat), against the scene without it (one boid, the same world): the
  // pixels the flock covers and their mean colour must agree. Twice: 20000 boids at 640x360 (radii
  // of 2-5 px: mostly triangles, a few darts, which splat mode draws as their outline), and 150000
  // (two thirds of them far: squares of 2 px, against points of 2 px).
  // What may differ: anti-aliasing (the meshes' 4x MSAA samples against the squares' exact
  // box-filtered overlaps: a boid's partly covered rim crosses the threshold of 24 in other
  // pixels, more in some places, fewer in others); the few near darts, drawn as their outline;
  // shading at the boid's centre rather than at a vertex (fog and rim over a boid's length: under
  // a step of the display). Measured on llvmpipe: 0.6% and 0.8% more flock pixels splatted, means
  // within 4 levels. The bounds, 5% and 8 levels, leave room for another rasteriser's sample
  // positions, and are what a viewer would call the same picture.
  // The bounds can fail: boids twice as long cover more pixels by more than 5%, and coloured by
  // speed instead of heading their mean moves by more than 8 levels (both checked below).
  const fs::path dir = scratch();
  for (const std::string count : {"20000", "150000"}) {
    const std::string common = "demo --preset schools --frames 2 --width 640 --height 360 --world-size 110 --no-ground --no-markers --screenshot ";
    auto shot = [&](const std::string& name, const std::string& more) {
      const Result r = run("", common + "'" + (dir / (name + ".png")).string() + "' " + more);
      EXPECT_EQ(r.exitCode, 0) << r.output;
      return load(dir / (name + ".png"));
    };
    const Png empty = shot("empty", "--count 1");
    const FlockPixels mesh = flockPixels(shot("mesh", "--count " + count + " --draw mesh"), empty);
    const FlockPixels splat = flockPixels(shot("splat", "--count " + count + " --draw splat"), empty);
    ASSERT_GT(mesh.count, 640 * 360 / 20) << count << ": too few flock pixels for the comparison to mean much";
    const double ratio = double(splat.count) / double(mesh.count);
    std::printf("%s boids: flock pixels mesh %ld, splat %ld (%.3f); mean colour mesh (%.1f %.1f %.1f), splat (%.1f %.1f %.1f)\n",
                count.c_str(), mesh.count, splat.count, ratio, mesh.mean[0], mesh.mean[1], mesh.mean[2], splat.mean[0],
                splat.mean[1], splat.mean[2]);
    EXPECT_NEAR(ratio, 1.0, 0.05) << count;
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(splat.mean[std::size_t(c)], mesh.mean[std::size_t(c)], 8.0) << count << ", channel " << c;

    // The controls.
    const FlockPixels large = flockPixels(shot("large", "--count " + count + " --draw splat --boid-size 3.2"), empty);
    const FlockPixels speed = flockPixels(shot("speed", "--count " + count + " --draw splat --colour speed"), empty);
    std::printf("%s boids: controls: boids twice as long %ld pixels (%.3f); by speed (%.1f %.1f %.1f)\n", count.c_str(),
                large.count, double(large.count) / double(mesh.count), speed.mean[0], speed.mean[1], speed.mean[2]);
    EXPECT_GT(double(large.count) / double(mesh.count), 1.05) << count << ": the coverage bound cannot fail";
    double moved = 0;
    for (int c = 0; c < 3; ++c) moved = std::max(moved, std::abs(speed.mean[std::size_t(c)] - mesh.mean[std::size_t(c)]));
    EXPECT_GT(moved, 8.0) << count << ": the colour bound cannot fail";
  }
}

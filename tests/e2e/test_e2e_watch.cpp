// boids watch, as a user runs it: a line a step, the pictures, the exit codes, and errors that
// name what was wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <stb_image.h>

#include "e2e_run.hpp"

namespace {

std::string read(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The share of the pixels of [x0, x1) x [y0, y1) that are white (every channel above 240).
double whiteShare(const fs::path& png, int x0, int y0, int x1, int y1) {
  int width = 0, height = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &width, &height, &channels, 3);
  if (!data || width < x1 || height < y1) return -1;
  int white = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const unsigned char* p = data + (std::size_t(y) * width + x) * 3;
      white += p[0] > 240 && p[1] > 240 && p[2] > 240 ? 1 : 0;
    }
  }
  stbi_image_free(data);
  return double(white) / double((x1 - x0) * (y1 - y0));
}

}  // namespace

TEST(Watch, UnderXvfbThePanelsWatchOpensItsWindowBesideThePanel) {
  // The watch section opened by --open; its "watch it" button clicked where a 1280x800 window shows
  // it (a few times: a click before the panel is drawn is lost; each runs the watch again), then
  // F12. The watch's window opens right of the panel with the step's diagram on white, where the
  // scene shows only sky without it.
  const fs::path dir = scratch("watch-panel");
  const Result r = xvfbSession(dir, R"(
    $B --defaults --width 1280 --height 800 --no-vsync --open watch & pid=$!
    w=$(appwindow); for k in 1 2 3; do sleep 0.5; xdotool mousemove --window $w 49 504 sleep 0.2 click 1; done
    sleep 1; press $w F12 1; closewith $w Escape; wait $pid)", "1280x800x24");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  fs::path shot;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().rfind("boids-", 0) == 0 && e.path().extension() == ".png") shot = e.path();
  }
  ASSERT_FALSE(shot.empty()) << "no screenshot:\n" << r.output;
  EXPECT_GT(whiteShare(shot, 460, 70, 900, 130), 0.6) << shot << ": no watch window right of the panel";
}

TEST(Watch, StepsAScanAndWritesEachStepAsPngAndSvg) {
  const fs::path dir = scratch("watch-scan");
  auto [code, output] = boids("watch --stage scan --variant reduce-then-scan --n 100 --input sorted --out '" + dir.string() + "'");
  ASSERT_EQ(code, 0) << output;
  EXPECT_NE(output.find("3 steps"), std::string::npos) << output;
  EXPECT_NE(output.find("1 reduce"), std::string::npos) << output;
  EXPECT_NE(output.find("3 scan-seeded"), std::string::npos) << output;
  for (const char* step : {"01", "02", "03"}) {
    const fs::path png = dir / ("step-" + std::string(step) + ".png");
    ASSERT_TRUE(fs::exists(png)) << png;
    const auto [width, height] = pngSize(png);
    EXPECT_GT(width, 400) << "two columns and the step's lines";
    EXPECT_GT(height, 150);
    const std::string svg = read(dir / ("step-" + std::string(step) + ".svg"));
    EXPECT_NE(svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.find("the GPU's buffers equal the model's"), std::string::npos) << step;
  }
  EXPECT_FALSE(fs::exists(dir / "step-04.png"));
}

TEST(Watch, TakesTheElementsTypedIn) {
  auto [code, output] = boids("watch --stage scan --variant decoupled-lookback --input 3,1,4,1,5");
  EXPECT_EQ(code, 0) << output;
  EXPECT_NE(output.find("input 3,1,4,1,5"), std::string::npos) << output;
}

TEST(Watch, RefusesWhatItCannotWatchNamingIt) {
  struct Bad {
    const char* args;
    const char* says;
  };
  for (const Bad& bad : {
           Bad{"watch --variant tree", "watch needs --stage (reduce, sort, ranges, neighbours, step, knn, scan, compact, cull, splat, sh)"},
           Bad{"watch --stage reduce --variant median", "no watch for reduce variant 'median'"},
           Bad{"watch --stage scan", "watch needs --variant"},
           Bad{"watch --stage step --variant coherent", "no watch for step variant 'coherent' (those with one: scattered-27, "},
           Bad{"watch --stage lights --variant tree", "--stage"},
           Bad{"watch --stage scan --variant nope", "no watch for scan variant 'nope' (those with one: reduce-then-scan, decoupled-lookback)"},
           Bad{"watch --stage scan --variant reduce-then-scan --n 1025", "--n"},
           Bad{"watch --stage scan --variant reduce-then-scan --n 0", "--n"},
           Bad{"watch --stage scan --variant reduce-then-scan --input 1,x,3", "element 2 ('x') is not a whole number below 10"},
           Bad{"watch --stage scan --variant reduce-then-scan --input 1,12", "element 2 ('12') is not a whole number below 10"},
           Bad{"watch --stage scan --variant reduce-then-scan --input spiral", "unknown watch input 'spiral'"},
           Bad{"watch --stage scan --variant reduce-then-scan --count 5", "watch takes --n elements"},
       }) {
    auto [code, output] = boids(bad.args);
    EXPECT_EQ(code, 2) << bad.args << "\n" << output;
    EXPECT_NE(output.find(bad.says), std::string::npos) << bad.args << "\n" << output;
  }
}

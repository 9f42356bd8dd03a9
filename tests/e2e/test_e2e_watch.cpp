// boids watch, as a user runs it: a line a step, the pictures, the exit codes, and errors that
// name what was wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "e2e_run.hpp"

namespace {

std::string read(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

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
    EXPECT_GT(width, 600);
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
           Bad{"watch --variant tree", "watch needs --stage (reduce, scan, compact)"},
           Bad{"watch --stage reduce --variant mipmap", "no watch for reduce variant 'mipmap'"},
           Bad{"watch --stage scan", "watch needs --variant"},
           Bad{"watch --stage sort --variant radix", "--stage"},
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

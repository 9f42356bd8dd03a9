// --save-flock and --load-flock as a user runs them: a flock saved, loaded and saved again is the
// same file; a wrong file, or a count that disagrees with it, stops the run with its reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "e2e_run.hpp"


namespace {

std::string bytesOf(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(FlockFile, ADemoSavesItsFlockAndAnotherStartsFromIt) {
  const fs::path dir = scratch("flock-file");
  const std::string a = (dir / "a.npy").string(), b = (dir / "b.npy").string();
  auto [saved, out1] = boids("demo --count 300 --frames 10 --screenshot '" + (dir / "a.png").string() + "' --save-flock '" + a + "'");
  ASSERT_EQ(saved, 0) << out1;
  EXPECT_NE(out1.find("flock: " + a), std::string::npos) << out1;
  // No frame stepped: what was loaded is what is saved, to the bit.
  auto [loaded, out2] = boids("demo --load-flock '" + a + "' --frames 0 --screenshot '" + (dir / "b.png").string() +
                              "' --save-flock '" + b + "'");
  ASSERT_EQ(loaded, 0) << out2;
  EXPECT_NE(out2.find("flock: 300 boids from " + a), std::string::npos) << out2;
  EXPECT_NE(out2.find("300 boids"), std::string::npos) << out2;
  EXPECT_EQ(bytesOf(a), bytesOf(b));
  auto [disagree, out3] = boids("demo --count 5 --load-flock '" + a + "' --frames 1");
  EXPECT_EQ(disagree, 2) << out3;
  EXPECT_NE(out3.find("--count 5 and --load-flock " + a + " (300 boids) disagree"), std::string::npos) << out3;
  std::ofstream(dir / "text.npy") << "not a flock";
  auto [bad, out4] = boids("demo --load-flock '" + (dir / "text.npy").string() + "' --frames 1");
  EXPECT_EQ(bad, 2) << out4;
  EXPECT_NE(out4.find("not a NumPy .npy file"), std::string::npos) << out4;
  auto [named, out5] = boids("demo --frames 1 --save-flock '" + (dir / "a.txt").string() + "'");
  EXPECT_EQ(named, 2) << out5;
  EXPECT_NE(out5.find("give a name ending .npy"), std::string::npos) << out5;
  auto [same, out6] = boids("demo --load-flock '" + a + "' --frames 1 --save-flock '" + a + "'");
  EXPECT_EQ(same, 2) << out6;
  EXPECT_NE(bytesOf(a), "") << "the input must survive a refused run";
}


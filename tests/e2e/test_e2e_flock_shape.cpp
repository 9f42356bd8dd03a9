// The murmuration's measures (engine/verify/flock_shape.hpp) on flocks the app saved: the
// murmuration preset (the app's start) meets them, seeds 1 to 3; the schools preset, schools that
// merge and settle on the floor, does not. The protocol: 3000 frames at 2048 boids (the software
// renderer's count), the flock saved (--save-flock), measured in its file's frame (y up, the ground
// at 0). (Its own file: e2e_run.hpp's boids() would clash with namespace boids.)
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/flock_file.hpp"
#include "engine/verify/flock_shape.hpp"

namespace {

// The binary with `args`: its exit code and everything it printed.
std::pair<int, std::string> runBoids(const std::string& args) {
  const char* other = std::getenv("BOIDS_E2E_BINARY");
  const std::string binary = other && other[0] ? other : BOIDS_BINARY;
  std::string output;
  FILE* pipe = popen(("'" + binary + "' " + args + " 2>&1").c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) output.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// The flock after 3000 frames of `preset` at 2048 boids, as its file holds it.
boids::verify::FlockShape shapeAfter(const std::string& preset, int seed) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("boids-e2e-shape-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "flock.npy").string();
  const auto [code, output] = runBoids("demo --preset " + preset + " --count 2048 --seed " + std::to_string(seed) +
                                       " --frames 3000 --width 160 --height 90 --screenshot '" + (dir / "s.png").string() +
                                       "' --save-flock '" + file + "'");
  EXPECT_EQ(code, 0) << output;
  const boids::sim::FlockState flock = boids::app::readFlockFile(file);
  std::filesystem::remove_all(dir);
  return boids::verify::measureFlock(flock.positions, flock.velocities);
}

}  // namespace

TEST(FlockShape, TheMurmurationIsOneThinLevelFlockAboveTheGround) {
  for (int seed : {1, 2, 3}) {
    const boids::verify::FlockShape s = shapeAfter("murmuration", seed);
    const std::string what = "seed " + std::to_string(seed) + ": " + boids::verify::describe(s);
    EXPECT_GE(s.largestCluster, 0.9) << what;
    EXPECT_LE(s.thinToLong, 0.4) << what;
    EXPECT_LE(s.thinAxisFromVertical, 30.0) << what;
    EXPECT_GE(s.lowest, 4.0) << what;  // a tenth of the preset's altitude band floor, 40 above the ground
    // The target is at least 0.9 (real flocks are denser at their border): not reached yet (issue
    // 36); what the model reaches is held here, so it cannot slip back to a ball that thins outward.
    EXPECT_GE(s.borderToCore, 0.7) << what;
    // Ordered: nearly every bird flies the same way (real starlings: 0.96 and more). A swarm in the
    // roost's pulls, its birds flying every way, scores far below.
    EXPECT_GE(s.polarisation, 0.9) << what;
    std::printf("%s\n", what.c_str());
  }
}

TEST(FlockShape, TheSchoolsFailTheMurmurationMeasure) {
  const boids::verify::FlockShape shape = shapeAfter("schools", 1);
  // The schools' world is sized for the count (41 at 2048 boids): a tenth of it as the floor.
  const std::string misses = boids::verify::murmurationMisses(shape, 4.1);
  EXPECT_NE(misses, "") << "the schools passed the murmuration measure: " << boids::verify::describe(shape);
  std::printf("%s\nmisses:\n%s", boids::verify::describe(shape).c_str(), misses.c_str());
}

namespace {

// The share of the flock's pixels partly covered after 1000 frames of the murmuration at 2048
// boids (seed 1) on a flat background (engine/verify/cover.hpp), with `extra` options.
double partlyCovered(const std::string& extra) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("boids-e2e-cover-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto [code, output] = runBoids("demo --preset murmuration --count 2048 --seed 1 --frames 1000 --environment constant "
                                       "--no-ground --cover --screenshot '" + (dir / "c.png").string() + "' " + extra);
  std::filesystem::remove_all(dir);
  EXPECT_EQ(code, 0) << output;
  const std::size_t at = output.find("of them partly covered");
  const std::size_t from = output.rfind(", ", at);
  EXPECT_NE(at, std::string::npos) << output;
  if (at == std::string::npos || from == std::string::npos) return -1.0;
  std::printf("%s: %s", extra.c_str(), output.substr(output.find("cover:")).c_str());
  return std::stod(output.substr(from + 2)) / 100.0;
}

}  // namespace

// The murmuration's look (issue 37): a translucent cloud, its darkness how many birds the eye
// looks through, seen from the ground as the preset starts and from five times as far, where the
// birds crowd its pixels. On the nearest-bird splats, the far flock is an opaque shape instead.
TEST(FlockLook, TheMurmurationIsACloudNotAnOpaqueShape) {
  EXPECT_GE(partlyCovered(""), 0.4);
  EXPECT_GE(partlyCovered("--follow-zoom 6"), 0.4);
  EXPECT_LT(partlyCovered("--follow-zoom 6 --far-field nearest"), 0.4);
}

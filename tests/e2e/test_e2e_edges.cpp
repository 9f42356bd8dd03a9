// Hard edges, through the binary: a full disk, the saved settings at their limits, recordings that
// never overwrite, hostile presets, the bit-for-bit promise of every sorter, the documented
// bounds, derived defaults, and the smaller cases a careful user meets. One test per numbered case
// of issue 9, then the rest.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <stb_image.h>
#include <sys/mount.h>

#include "e2e_run.hpp"

namespace {

fs::path dirFor(const std::string& name) {
  const fs::path dir = scratch() / ("edges-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
}

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

bool has(const std::string& output, const std::string& text) { return output.find(text) != std::string::npos; }

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

// Files a failed write could leave behind: anything in `dir` but the names expected there.
std::vector<std::string> leftovers(const fs::path& dir, const std::vector<std::string>& expected) {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    const std::string name = it->path().filename().string();
    if (std::find(expected.begin(), expected.end(), name) == expected.end()) found.push_back(it->path().string());
  }
  return found;
}

struct Png {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
};
Png loadPng(const fs::path& file) {
  Png png;
  int channels = 0;
  unsigned char* data = stbi_load(file.c_str(), &png.width, &png.height, &channels, 3);
  if (data) {
    png.rgb.assign(data, data + std::size_t(png.width) * png.height * 3);
    stbi_image_free(data);
  }
  return png;
}

// --- 1. a full disk ----------------------------------------------------------------------------

// Every kind of file the program writes, each into `dir`, so that the disk (or the limit) fails it.
struct Write {
  std::string what, args;
  std::string file;  // as the error names it
};
std::vector<Write> everyWriteInto(const fs::path& dir) {
  const std::string small = "--count 200 --frames 2 --width 96 --height 64";
  return {
      {"--screenshot", "demo " + small + " --screenshot " + quoted(dir / "shot.png"), (dir / "shot.png").string()},
      {"--record", "demo " + small + " --record " + quoted(dir / "frames"), (dir / "frames" / "frame-000000.png").string()},
      {"check --json", "check --sizes 100 --seeds 1 --frames 0 --strategies tree --json " + quoted(dir / "check.json"),
       (dir / "check.json").string()},
      {"check --dump", "check --sizes 100 --seeds 1 --frames 0 --strategies tree --dump " + quoted(dir / "dump"),
       (dir / "dump" / "positions-n100-seed1-frames0.f32").string()},
      {"bench --json", "bench --reduce --sizes 64 --repeats 1 --strategies tree,single-thread --json " + quoted(dir / "bench.json"),
       (dir / "bench.json").string()},
      {"bench --csv", "bench --reduce --sizes 64 --repeats 1 --strategies tree,single-thread,recursive-multipass --csv " +
                          quoted(dir / "bench.csv"),
       (dir / "bench.csv").string()},
  };
}

void expectEveryWriteFailsCleanly(const fs::path& dir, const std::string& prefix, const std::string& reason,
                                  const std::vector<std::string>& keep) {
  for (const Write& w : everyWriteInto(dir)) {
    const Result r = run(prefix + " env -u DISPLAY -u WAYLAND_DISPLAY", w.args);
    EXPECT_EQ(r.exitCode, 1) << w.what << ": a failed write must fail the run\n" << r.output;
    EXPECT_TRUE(has(r.output, w.file + ": cannot write (" + reason + ")")) << w.what << "\n" << r.output;
    EXPECT_FALSE(fs::exists(w.file)) << w.what << ": a partial file was left";
    EXPECT_FALSE(has(r.output, "screenshot: ")) << w.what << ": success was claimed\n" << r.output;
    EXPECT_EQ(leftovers(dir, keep), std::vector<std::string>{}) << w.what << ": temporary files left behind";
  }
}

TEST(HardEdges, Case1AFullDiskFailsEveryWriteNamingTheFileAndTheReasonAndLeavesNothingPartial) {
  // Where the test runs as root: a real full disk, a small tmpfs filled to the last byte.
  const fs::path disk = dirFor("full-disk");
  if (geteuid() == 0 && ::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=256k") == 0) {
    {
      std::ofstream filler(disk / "filler", std::ios::binary);
      const std::string block(4096, 'x');
      while (filler.write(block.data(), std::streamsize(block.size())) && filler.flush()) {
      }
    }
    expectEveryWriteFailsCleanly(disk, "", "No space left on device", {"filler"});
    EXPECT_EQ(::umount(disk.c_str()), 0);
  } else {
    std::printf("no tmpfs here (not root, or no mount permission): the file-size limit below stands for a full disk\n");
  }
  // Everywhere, CI included: a file-size limit (RLIMIT_FSIZE), which fails writes the same way.
  expectEveryWriteFailsCleanly(dirFor("file-size-limit"), "prlimit --fsize=256", "File too large", {});
}

// --- 2. a tiny window ---------------------------------------------------------------------------

TEST(HardEdges, Case2UnderXvfbClosingATinyWindowSavesSettingsTheNextStartAccepts) {
  const fs::path dir = dirFor("tiny-window");
  const Result r = xvfbSession(dir, R"(
    $B --defaults --count 300 --width 320 --height 200 --no-vsync & pid=$!
    w=$(appwindow)
    xdotool windowsize $w 1 1; sleep 1
    closewith $w Escape; wait $pid)");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(has(r.output, "did not close the window")) << "Escape was not taken:\n" << r.output;
  const std::string saved = read(dir / "boids" / "settings.json");
  ASSERT_FALSE(saved.empty()) << r.output;
  EXPECT_TRUE(has(saved, "\"width\": 16")) << "clamped to the smallest width a start accepts:\n" << saved;
  EXPECT_TRUE(has(saved, "\"height\": 16")) << saved;

  const Result next = xvfbSession(dir, "$B --frames 1 --count 300");
  EXPECT_EQ(next.exitCode, 0) << next.output;
  EXPECT_TRUE(has(next.output, "settings: the last run's, from")) << next.output;
  EXPECT_FALSE(has(next.output, "not used")) << next.output;
  EXPECT_EQ(read(dir / "boids" / "settings.json"), saved) << "a --frames run leaves the saved file be";
}

// --- 3. options that conflict with the saved settings -----------------------------------------

TEST(HardEdges, Case3UnderXvfbAnOptionThatConflictsWithSavedSettingsSetsAsideOnlyTheSavedValueAndKeepsTheFile) {
  const fs::path dir = dirFor("conflict");
  const fs::path file = dir / "boids" / "settings.json";
  // Valid on its own: a small world for the default flock, a seed, a speed.
  const std::string saved = "{\n  \"simulation\": {\"world-size\": 40, \"seed\": 77, \"max-speed\": 2.5}\n}\n";
  write(file, saved);
  // A radius too large for the saved world (a quarter of 40), though fine in the default one.
  const Result r = xvfbSession(dir, "$B --cohesion-radius 15 --frames 2 --width 160 --height 100 --screenshot x.png");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "saved settings " + file.string() + ": world-size (40) set aside for this run")) << r.output;
  EXPECT_TRUE(has(r.output, "the file is left as it is")) << r.output;
  EXPECT_FALSE(has(r.output, "not used")) << r.output;
  EXPECT_EQ(read(file), saved) << "the saved file must be untouched";
  EXPECT_EQ(leftovers(dir / "boids", {"settings.json"}), std::vector<std::string>{}) << "nothing moved aside";
}

// --- 4. a recording folder with later frames ----------------------------------------------------

TEST(HardEdges, Case4RecordRefusesAFolderHoldingAnyFrameAndOverwritesNothing) {
  const fs::path dir = dirFor("record-later-frames");
  write(dir / "frame-000001.png", "an earlier recording");
  const Result r = runHeadless("demo --count 200 --frames 3 --width 96 --height 64 --record " + quoted(dir) +
                               " --screenshot " + quoted(dir / "shot.png"));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "already holds a recording (frame-000001.png)")) << r.output;
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_EQ(read(dir / "frame-000001.png"), "an earlier recording");
  EXPECT_FALSE(fs::exists(dir / "frame-000000.png"));
}

// --- 5. a depth bomb ----------------------------------------------------------------------------

TEST(HardEdges, Case5DeeplyNestedJsonIsRefusedAtItsPlaceInLinearTime) {
  const fs::path dir = dirFor("depth");
  // Valid JSON, 100 000 levels deep, under the 1 MiB a settings file may have.
  write(dir / "arrays.json", std::string(100000, '[') + std::string(100000, ']'));
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  write(dir / "objects.json", "{\"simulation\": {\"count\": 5},\n" + objects.substr(1) + "1" + std::string(100000, '}'));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"arrays.json", "arrays.json:1:65: nested deeper than 64 levels"},
      {"objects.json", "objects.json:2:"},
  };
  for (const auto& [file, says] : cases) {
    const auto start = std::chrono::steady_clock::now();
    const Result r = runHeadless("demo --frames 1 --preset " + quoted(dir / file));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exitCode, 2) << file << "\n" << r.output;
    EXPECT_TRUE(has(r.output, says)) << file << "\n" << r.output;
    EXPECT_TRUE(has(r.output, "nested deeper than 64 levels")) << r.output;
    EXPECT_EQ(lines(r.output), 1) << r.output;
    // Not a timing of speed: a hang guard. The quadratic walk took over a minute and then aborted.
    EXPECT_LT(seconds, 20.0) << file;
  }
}

// --- 6. the counting sort's determinism -------------------------------------------------------

TEST(HardEdges, Case6EverySorterGivesTheSameFlockBitForBitOnEveryRun) {
  // A dense wrap-around flock (many boids per cell, where arrival order would show), long enough
  // for a different summation order to grow into different pixels; and the murmuration (the
  // start), whose cells are resized from read-back samples as it flies.
  const fs::path dir = dirFor("determinism");
  for (const std::string args : {"--preset schools --sort counting", "--preset schools --sort bitonic-transpose", "--sort counting"}) {
    const std::string sorter = args.substr(args.rfind(' ') + 1) + (args.find("schools") == std::string::npos ? "-start" : "");
    std::vector<std::vector<unsigned char>> images;
    for (int run = 0; run < 2; ++run) {
      const fs::path shot = dir / (sorter + "-" + std::to_string(run) + ".png");
      const Result r = runHeadless("demo " + args + " --count 3000 --world wrap --world-size 40 --frames 90 "
                                   "--width 256 --height 192 --screenshot " + quoted(shot));
      ASSERT_EQ(r.exitCode, 0) << r.output;
      images.push_back(loadPng(shot).rgb);
      ASSERT_FALSE(images.back().empty());
    }
    EXPECT_TRUE(images[0] == images[1]) << sorter << ": two runs of the same seed, count and frames differ";
  }
}

// --- 7. the documented bounds -------------------------------------------------------------------

TEST(HardEdges, Case7TheMinimumAndMaximumAsShownAreAccepted) {
  const fs::path dir = dirFor("bounds");
  for (const std::string args :
       {"--separation-radius 0.1", "--dt 0.001", "--set dt=0.001", "--dt 1", "--max-speed 0.01", "--max-speed 20",
        "--centroid-weight 0.05", "--set separation-weight=1", "--follow-zoom 0.05", "--camera-pitch -89"}) {
    const Result r = runHeadless("demo --count 100 --frames 1 --width 64 --height 64 --screenshot " + quoted(dir / "x.png") +
                                 " " + args);
    EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.output;
    EXPECT_FALSE(has(r.output, "outside the allowed range")) << args << "\n" << r.output;
  }
  write(dir / "edges.json", "{\"simulation\": {\"dt\": 0.001, \"separation-radius\": 0.1, \"centroid-weight\": 0.05}}");
  const Result preset = runHeadless("demo --count 100 --frames 1 --width 64 --height 64 --screenshot " + quoted(dir / "y.png") +
                                    " --preset " + quoted(dir / "edges.json"));
  EXPECT_EQ(preset.exitCode, 0) << preset.output;
  // Just past them, refused, with a message that does not contradict itself.
  const Result below = runHeadless("demo --dt 0.00099");
  EXPECT_EQ(below.exitCode, 2);
  EXPECT_TRUE(has(below.output, "--dt 0.00099: outside the allowed range 0.001 to 1")) << below.output;
}

// --- 8. the wall margin follows the world -------------------------------------------------------

TEST(HardEdges, Case8TheWallMarginFollowsAGivenWorldSizeUnlessItIsGivenToo) {
  const fs::path dir = dirFor("margin");
  const std::string small = "demo --count 100 --frames 1 --width 64 --height 64 --separation-radius 1 --alignment-radius 1 "
                            "--cohesion-radius 1 --screenshot " + quoted(dir / "x.png");
  const Result derived = runHeadless(small + " --world-size 10");
  EXPECT_EQ(derived.exitCode, 0) << derived.output;
  EXPECT_TRUE(has(derived.output, "world 'walls' of side 10 (wall margin 1)")) << derived.output;
  const Result given = runHeadless(small + " --world-size 10 --wall-margin 3");
  EXPECT_EQ(given.exitCode, 0) << given.output;
  EXPECT_TRUE(has(given.output, "world 'walls' of side 10 (wall margin 3)")) << given.output;
  const Result tooWide = runHeadless(small + " --world-size 10 --wall-margin 6");
  EXPECT_EQ(tooWide.exitCode, 2) << tooWide.output;
  EXPECT_TRUE(has(tooWide.output, "wall-margin (6) must be at most half of world-size (10) [wall-margin: --wall-margin 6; "
                                  "world-size: --world-size 10]")) << tooWide.output;
}

// --- 9. negative seeds --------------------------------------------------------------------------

TEST(HardEdges, Case9EveryIntegerOptionParsesWithTheSameRules) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"check --seeds -1", "--seeds -1: '-1' is outside the allowed range 0 to 18446744073709551615"},
      {"check --seeds 1,18446744073709551616", "--seeds 1,18446744073709551616: '18446744073709551616' is outside the allowed range 0 to 18446744073709551615"},
      {"check --seeds 1,x", "--seeds 1,x: 'x' is not a whole number"},
      {"--seed -1", "--seed -1: '-1' is outside the allowed range 0 to 18446744073709551615"},
      {"check --sizes 0", "--sizes 0: '0' is outside the allowed range 1 to 67108864"},
      {"check --repeats 1.5", "--repeats 1.5: '1.5' is not a whole number (allowed: 1 to 1000)"},
      {"--frames -3", "--frames -3: '-3' is outside the allowed range 0 to 100000000"},
      {"bench --reduce --sizes 64,2x", "--sizes 64,2x: '2x' is not a whole number"},
  };
  for (const auto& [args, says] : cases) {
    const Result r = runHeadless(args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_TRUE(has(r.output, "boids: error: " + says)) << args << "\n" << r.output;
    EXPECT_EQ(lines(r.output), 1) << r.output;
  }
}

// --- the weaker cases -----------------------------------------------------------------------------

TEST(HardEdges, CommandLineMistakesGetOurOwnOneLineWords) {
  const fs::path dir = dirFor("words");
  const std::string huge(100000, '7');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"demo check", "demo and check are two modes; give one"},
      {"check --count 5", "--count 5: check runs every size of --sizes (check does not use it)"},
      {"check --screenshot x.png", "--screenshot: check writes no pictures"},
      {"check --record frames", "--record: check writes no pictures"},
      {"bench --sort --frames 3", "--frames: bench runs a fixed number of frames per size"},
      {"--count 64 --set count=100", "--count 64 and --set count=100 both set count; give one"},
      {"--count 1 --count 2", "--count is given twice ('1' and '2'); give it once"},
      {"--follow --no-follow", "--follow is given twice"},
      {"--preset ''", "--preset needs a value (it was given an empty one)"},
      {"--screenshot ''", "--screenshot needs a value"},
      {"--record ''", "--record needs a value"},
      {"--count", "--count needs a value"},
      {"--count --follow", "--count needs a value (--follow is an option)"},
      {"--count --frames 5", "--count needs a value (--frames is an option)"},
      {"--follow=maybe", "--follow is a switch: it takes no value"},
      {"--b --a", "--b, --a: no such options"},
      {"extra", "extra: unexpected"},
      {"--frames 2x", "--frames 2x: '2x' is not a whole number (allowed: 0 to 100000000)"},
      {"--dt 1e309", "--dt 1e309: outside the allowed range 0.001 to 1"},
      {"--count 1.2e29", "--count 1.2e29: '1.2e29' is outside the allowed range 1 to 67108864"},
      {"--dt 0x1p-3", "--dt 0x1p-3: '0x1p-3' is not a number"},
      {"--count 0x10", "--count 0x10: '0x10' is not a whole number"},
      {"--count " + huge, "--count " + huge.substr(0, 48) + "... (100000 characters): '" + huge.substr(0, 48) + "... (100000 characters)'"},
      {"--gl-version 5", "--gl-version 5: must be 4.6, 4.5 or 4.3"},
      {"--shader-dir " + quoted(dir / "none"), "none: no such folder"},
      {"check --json " + quoted(dir / "missing" / "c.json"), "missing does not exist"},
      {"bench --reduce --csv " + quoted(dir), "is a folder; give a file name"},
      {"--screenshot /dev/null", "--screenshot /dev/null: exists and is not a regular file"},
  };
  for (const auto& [args, says] : cases) {
    const Result r = runHeadless(args);
    EXPECT_EQ(r.exitCode, 2) << args.substr(0, 80) << "\n" << r.output.substr(0, 400);
    EXPECT_TRUE(has(r.output, "boids: error: ")) << r.output.substr(0, 400);
    EXPECT_TRUE(has(r.output, says)) << args.substr(0, 80) << "\n" << r.output.substr(0, 400);
    EXPECT_EQ(lines(r.output), 1) << r.output.substr(0, 400);
    EXPECT_LT(r.output.size(), 400u) << "a long value is shortened:\n" << r.output.substr(0, 400);
    for (const char* cli11 : {"Value ", "The following arguments were not expected", "required", "At Most"}) {
      EXPECT_FALSE(has(r.output, cli11)) << "CLI11's own words leaked: " << r.output;
    }
  }
}

TEST(HardEdges, PresetEdgesAreErrorsAtTheirPlace) {
  const fs::path dir = dirFor("preset-edges");
  write(dir / "twice.json", "{\n  \"simulation\": {\n    \"count\": 300,\n    \"count\": 400\n  }\n}\n");
  write(dir / "sections.json", "{\n  \"simulation\": {\"count\": 300},\n  \"simulation\": {\"seed\": 4}\n}\n");
  write(dir / "nul.json", std::string("{\"simulation\": {\"count\": 300}}\n\0{\"junk\"", 40));
  write(dir / "huge.json", "{\n  \"simulation\": {\n    \"dt\": 1e400\n  }\n}\n");
  write(dir / "big.json", "{\"simulation\": {\"count\": 1.2e29}}");
  write(dir / "whole.json", "{\"simulation\": {\"count\": 1e3}}");
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"twice.json", "twice.json:4:5: simulation.count is given twice (first at 3:5)"},
      {"sections.json", "sections.json:3:3: section 'simulation' is given twice (first at 2:3); merge them"},
      {"nul.json", "nul.json:2:1: holds a NUL byte: not a text file"},
      {"huge.json", "huge.json:3:11: the number 1e400 is too large (beyond a double)"},
      {"big.json", "big.json:1:17: simulation.count 1.2e+29: outside the allowed range 1 to 67108864"},
  };
  for (const auto& [file, says] : refused) {
    const Result r = runHeadless("demo --frames 1 --preset " + quoted(dir / file));
    EXPECT_EQ(r.exitCode, 2) << file << "\n" << r.output;
    EXPECT_TRUE(has(r.output, says)) << file << "\n" << r.output;
    EXPECT_EQ(lines(r.output), 1) << r.output;
  }
  const Result whole = runHeadless("demo --frames 1 --width 64 --height 64 --screenshot " + quoted(dir / "w.png") +
                                   " --preset " + quoted(dir / "whole.json"));
  EXPECT_EQ(whole.exitCode, 0) << whole.output;
  EXPECT_TRUE(has(whole.output, "headless demo: 1000 boids")) << "1e3 is a whole number:\n" << whole.output;
}

TEST(HardEdges, TheSourceOfACountTooBigForTheGpuIsNamed) {
  const fs::path dir = dirFor("count-source");
  write(dir / "big.json", "{\n  \"simulation\": {\n    \"count\": 4000000\n  }\n}\n");
  const Result preset = run("env -u DISPLAY -u WAYLAND_DISPLAY BOIDS_GPU_MEMORY_MIB=256", "demo --preset " + quoted(dir / "big.json"));
  EXPECT_EQ(preset.exitCode, 2) << preset.output;
  EXPECT_TRUE(has(preset.output, "boids: error: " + (dir / "big.json").string() + ":3:5: simulation.count 4000000: 4000000 boids need about"))
      << preset.output;
  EXPECT_FALSE(has(preset.output, "--count")) << "the user never typed --count:\n" << preset.output;

  const Result bad = run("env -u DISPLAY -u WAYLAND_DISPLAY BOIDS_GPU_MEMORY_MIB=abc", "demo --frames 1");
  EXPECT_EQ(bad.exitCode, 2) << bad.output;
  EXPECT_TRUE(has(bad.output, "boids: error: BOIDS_GPU_MEMORY_MIB=abc: not a whole number of MiB")) << bad.output;
}

TEST(HardEdges, UnderXvfbASavedCountTooBigForThisGpuIsSetAsideAndTheRestUsed) {
  const fs::path dir = dirFor("saved-count");
  const fs::path file = dir / "boids" / "settings.json";
  const std::string saved = "{\"simulation\": {\"count\": 4000000, \"seed\": 12}}\n";
  write(file, saved);
  const Result r = xvfbSession(dir, "BOIDS_GPU_MEMORY_MIB=256 $B --frames 1 --width 160 --height 100");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, file.string() + ":1:17: simulation.count 4000000: 4000000 boids need about")) << r.output;
  EXPECT_TRUE(has(r.output, "set aside for this run")) << r.output;
  EXPECT_FALSE(has(r.output, "--count")) << r.output;
  EXPECT_EQ(read(file), saved);
}

TEST(HardEdges, DemoSmallCases) {
  const fs::path dir = dirFor("demo-cases");
  // --inject-nonfinite beyond the flock says what it did.
  const Result nan = runHeadless("demo --count 64 --frames 2 --width 64 --height 64 --inject-nonfinite 1000 --screenshot " +
                                 quoted(dir / "a.png"));
  EXPECT_EQ(nan.exitCode, 0) << nan.output;
  EXPECT_TRUE(has(nan.output, "made all 64 boids non-finite (--inject-nonfinite 1000: there are no more)")) << nan.output;
  // --frames 0 --record: no frames, no ffmpeg command for them.
  const Result none = runHeadless("demo --count 64 --frames 0 --width 64 --height 64 --record " + quoted(dir / "rec") +
                                  " --screenshot " + quoted(dir / "b.png"));
  EXPECT_EQ(none.exitCode, 0) << none.output;
  EXPECT_TRUE(has(none.output, "recorded no frames in")) << none.output;
  EXPECT_FALSE(has(none.output, "ffmpeg")) << none.output;
  // --paused: the demo draws the same flock every frame.
  std::vector<std::vector<unsigned char>> images;
  for (int frames : {1, 20}) {
    const fs::path shot = dir / ("paused-" + std::to_string(frames) + ".png");
    const Result r = runHeadless("demo --paused --count 500 --frames " + std::to_string(frames) +
                                 " --width 128 --height 96 --screenshot " + quoted(shot));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(has(r.output, "paused (--paused: drawn, not stepped)")) << r.output;
    images.push_back(loadPng(shot).rgb);
  }
  EXPECT_TRUE(!images[0].empty() && images[0] == images[1]) << "a paused flock moved";
  // The largest image the settings allow: made where the driver can (a GPU), else refused naming
  // its size and the framebuffer status by name and in hex (Mesa's llvmpipe cannot allocate it).
  const Result huge = runHeadless("demo --count 64 --frames 1 --width 16384 --height 16384 --screenshot " + quoted(dir / "c.png"));
  if (huge.exitCode == 0) {
    EXPECT_EQ(pngSize(dir / "c.png"), std::make_pair(16384, 16384)) << huge.output;
  } else {
    EXPECT_TRUE(huge.exitCode == 1 || huge.exitCode == 2) << huge.output;  // 2: refused before it starts
    EXPECT_TRUE(std::regex_search(huge.output, std::regex("16384x16384.*\\(GL_FRAMEBUFFER_[A-Z_]+, 0x[0-9A-F]{4}\\)|"
                                                          "16384: larger than this driver's largest image side")))
        << huge.output;
    EXPECT_FALSE(fs::exists(dir / "c.png"));
  }
}

TEST(HardEdges, UnderXvfbAResizeDuringARecordingKeepsOneFrameSize) {
  const fs::path dir = dirFor("record-resize");
  // Recording, then resized after frame 2, then stopped ten frames later.
  const Result r = xvfbSession(dir, R"(
    $B --defaults --count 300 --width 320 --height 200 --no-vsync --record frames & pid=$!
    w=$(appwindow)
    waitfor frames/frame-000002.png
    xdotool windowsize $w 200 300
    n=$(ls frames | wc -l); waitfor frames/frame-$(printf %06d $((n + 10))).png
    kill -TERM $pid; wait $pid)");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::smatch recorded;
  ASSERT_TRUE(std::regex_search(r.output, recorded, std::regex("recorded (\\d+) frames \\(320x200\\)"))) << r.output;
  EXPECT_TRUE(has(r.output, "are 200x300 scaled into the recording's 320x200")) << r.output;
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir / "frames")) {
    const Png png = loadPng(entry.path());
    EXPECT_EQ(png.width, 320) << entry.path();
    EXPECT_EQ(png.height, 200) << entry.path();
    ++checked;
  }
  EXPECT_EQ(checked, std::stoi(recorded[1])) << "frames on disk and in the summary";
  EXPECT_GE(checked, 13);
}

TEST(HardEdges, UnderXvfbThePanelStaysInPlaceAfterTheWindowWasTiny) {
  const fs::path dir = dirFor("panel-place");
  const Result r = xvfbSession(dir, R"(
    $B --defaults --count 300 --width 480 --height 360 --no-vsync --paused & pid=$!
    w=$(appwindow); sleep 1
    press $w F12 1; sleep 0.5; press $w F12 2
    xdotool windowsize $w 1 1; sleep 1
    xdotool windowsize $w 480 360; sleep 1
    press $w F12 3
    closewith $w Escape; wait $pid)");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::vector<std::string> shots;
  const std::regex saved("screenshot: (\\S+\\.png)");
  for (std::sregex_iterator it(r.output.begin(), r.output.end(), saved), end; it != end; ++it) {
    shots.push_back((*it)[1]);
  }
  // The second screenshot is the reference: ImGui hides a new window in its first frame, which an
  // early first F12 can catch.
  ASSERT_EQ(shots.size(), 3u) << r.output;
  const Png before = loadPng(shots[1]), after = loadPng(shots[2]);
  ASSERT_EQ(before.width, 480);
  ASSERT_EQ(after.width, 480);
  // The panel's title bar (rows 12 to 22, columns 20 to 60: the title text, nothing that changes).
  int differing = 0;
  for (int y = 12; y < 22; ++y) {
    for (int x = 20; x < 60; ++x) {
      for (int c = 0; c < 3; ++c) {
        const std::size_t i = (std::size_t(y) * 480 + x) * 3 + c;
        differing += std::abs(int(before.rgb[i]) - int(after.rgb[i])) > 8;
      }
    }
  }
  EXPECT_EQ(differing, 0) << "the panel moved after the window was 1x1";
}

TEST(HardEdges, UnderXvfbSigtermEndsAWindowRunCleanlySavingSettingsAndTheRecordingSummary) {
  const fs::path dir = dirFor("sigterm");
  const Result r = xvfbSession(dir, R"(
    $B --defaults --count 300 --seed 31 --width 160 --height 100 --no-vsync --record frames & pid=$!
    waitfor frames/frame-000002.png
    kill -TERM $pid; wait $pid)");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "SIGTERM: closing the window")) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex("recorded \\d+ frames \\(160x100\\)"))) << r.output;
  EXPECT_TRUE(has(read(dir / "boids" / "settings.json"), "\"seed\": 31")) << "settings not saved:\n" << r.output;
}

TEST(HardEdges, SigintStopsTheDemoAtTheEndOfAFrameWithTheRecordingSummary) {
  const fs::path dir = dirFor("sigint");
  // A background job of sh starts with SIGINT ignored, which boids keeps (as nohup expects): perl
  // gives this one the default action back, as an interactive shell's job would have it.
  const Result r = shell("cd " + quoted(dir) + " || exit 9; perl -e '$SIG{INT} = \"DEFAULT\"; exec @ARGV' env -u DISPLAY -u WAYLAND_DISPLAY '" + binary() +
                         "' demo --count 200 --frames 100000 --width 64 --height 48 --record frames & pid=$!; i=0; "
                         "while [ ! -e frames/frame-000002.png ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; "
                         "kill -INT $pid; wait $pid");
  EXPECT_EQ(r.exitCode, 128 + 2) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex("interrupted by SIGINT after \\d+ of 100000 frames"))) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex("recorded \\d+ frames \\(64x48\\)"))) << r.output;
  int temporary = 0, frames = 0;
  for (const auto& entry : fs::directory_iterator(dir / "frames")) {
    const std::string name = entry.path().filename().string();
    name[0] == '.' ? ++temporary : ++frames;
    if (name[0] != '.') {
      EXPECT_EQ(loadPng(entry.path()).width, 64) << name << " is not a whole PNG";
    }
  }
  EXPECT_EQ(temporary, 0) << "a temporary file was left behind";
  EXPECT_GE(frames, 3);
}

TEST(HardEdges, CheckAndBenchStopAtTheFirstSignal) {
  // Only the window and the demo finish their frame first; a sweep stops at once, as any tool does.
  const fs::path dir = dirFor("check-signal");
  for (const std::string signal : {"INT", "TERM"}) {
    const Result r = shell("cd " + quoted(dir) + " || exit 9; perl -e '$SIG{INT} = \"DEFAULT\"; exec @ARGV' env -u DISPLAY "
                           "-u WAYLAND_DISPLAY '" + binary() + "' check > out.txt 2>&1 & pid=$!; i=0; "
                           "while ! grep -q verdict out.txt && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; "
                           "kill -" + signal + " $pid; wait $pid; echo \"status $?\"");
    EXPECT_TRUE(has(r.output, signal == "INT" ? "status 130" : "status 143")) << signal << "\n" << r.output << read(dir / "out.txt");
  }
}

TEST(HardEdges, UnderXvfbWithoutHomeTheWindowSaysItSavesNoSettings) {
  const fs::path dir = dirFor("no-home");
  const Result r = shell("cd " + quoted(dir) + " && env -u HOME -u XDG_CONFIG_HOME " + xvfbRun() + " '" +
                         binary() + "' --frames 1 --count 100 --width 160 --height 100");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "settings: not restored or saved (neither XDG_CONFIG_HOME nor HOME is set)")) << r.output;
}

TEST(HardEdges, OutputPathsAreCheckedBeforeAnyWork) {
  const fs::path dir = dirFor("early");
  const auto start = std::chrono::steady_clock::now();
  const Result r = runHeadless("check --json " + quoted(dir / "missing" / "c.json"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_FALSE(has(r.output, "OpenGL")) << "no context was made before the refusal:\n" << r.output;
  EXPECT_LT(seconds, 5.0) << "a guard against running the sweep first, not a speed test";
}

}  // namespace

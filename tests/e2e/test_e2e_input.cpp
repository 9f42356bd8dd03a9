// Bad input through the binary: each case's exit code and the message a user reads; and the
// everyday paths around it (presets, --set, recording, repaired boids, a broken shader folder,
// the saved settings of the window).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "e2e_run.hpp"

namespace {

int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

fs::path dirFor(const std::string& name) {
  const fs::path dir = scratch() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST(BadInput, CommandLineValuesAreRefusedInOneLineBeforeAnythingStarts) {
  const fs::path dir = dirFor("cli");
  write(dir / "a-file", "x");
  struct Case {
    std::string args, says;
  };
  const std::vector<Case> cases = {
      {"--count 0", "--count 0: '0' is outside the allowed range 1 to 67108864"},
      {"--count -5", "--count -5: '-5' is outside the allowed range 1 to 67108864"},
      {"--count many", "--count many: 'many' is not a whole number (allowed: 1 to 67108864)"},
      {"--dt 7", "--dt 7: outside the allowed range 0.001 to 1"},
      {"--separation-radius nan", "--separation-radius nan: 'nan' is not a number (allowed: 0.01 to 50)"},
      {"--world sphere", "--world sphere: must be walls or wrap"},
      {"--colour rainbow", "--colour rainbow: must be heading, speed, density or plumage"},
      {"--start spiral", "--start spiral: must be clustered, uniform or flock"},
      {"--render-scale 2", "--render-scale 2: outside the allowed range 0.25 to 1"},
      {"--attractor-point 1,2", "--attractor-point 1,2: '1,2' is not three numbers x,y,z"},
      {"--sort quick", "--sort quick: must be bitonic-global, bitonic-shared, bitonic-transpose, counting, radix or onesweep"},
      {"--camera-target 1,2", "--camera-target 1,2: '1,2' is not three numbers x,y,z"},
      {"--lod-pixels 4", "--lod-pixels 4: '4' is not two numbers near,far"},
      {"--lod-pixels 4,2,1", "--lod-pixels 4,2,1: '4,2,1' is not two numbers near,far"},
      {"--lod-pixels 4,-1", "--lod-pixels 4,-1: outside the allowed range 0 to 1000 (each of near,far)"},
      {"--set lod-pixels=a,b", "--set lod-pixels=a,b: 'a,b' is not two numbers near,far"},
      {"--compact quick", "--compact quick: must be single-thread, group-leader, global-atomic, group-atomic, subgroup-ballot, ballot-tiles or scan"},
      {"--set dt", "--set dt: expected KEY=VALUE"},
      {"--set hue=3", "--set hue=3: no setting named 'hue'"},
      {"--set max-speed=99", "--set max-speed=99: outside the allowed range 0.01 to 20"},
      {"--no-such-option", "no-such-option"},
      {"--cohesion-radius 30 --world-size 80", "the largest radius (cohesion-radius 30) must be at most a quarter of world-size (80)"},
      {"--record '" + (dir / "a-file").string() + "'", "a-file: is a file, not a folder"},
      {"--screenshot '" + (dir / "missing" / "x.png").string() + "'", "missing does not exist"},
      {"--preset nothing-like-it", "--preset: nothing-like-it: no such file, and no shipped preset of that name"},
  };
  for (const Case& c : cases) {
    for (const std::string& mode : {std::string("demo "), std::string("")}) {
      Result r = runHeadless(mode + c.args);
      EXPECT_EQ(r.exitCode, 2) << c.args << "\n" << r.output;
      EXPECT_NE(r.output.find(c.says), std::string::npos) << c.args << "\n" << r.output;
      EXPECT_EQ(r.output.rfind("boids: error: ", 0), 0u) << r.output;
      EXPECT_EQ(lines(r.output), 1) << "one line:\n" << r.output;
    }
  }
}

TEST(BadInput, AFlockTooBigForTheGpuIsRefusedBeforeAllocationNamingTheLimit) {
  Result r = run("env -u DISPLAY -u WAYLAND_DISPLAY BOIDS_GPU_MEMORY_MIB=256", "demo --count 4000000");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--count 4000000: 4000000 boids need about"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("more than the 256 MiB available (BOIDS_GPU_MEMORY_MIB)"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("headless demo:"), std::string::npos) << "the demo started anyway:\n" << r.output;
}

TEST(BadInput, MalformedAndPartialPresetsNameFileLineAndColumn) {
  const fs::path dir = dirFor("presets");
  write(dir / "range.json", "{\n  \"simulation\": {\n    \"count\": 300,\n    \"dt\": 9\n  }\n}\n");
  write(dir / "cut.json", "{\n  \"simulation\": {\n    \"count\": 300,\n    \"dt\": 0.");
  write(dir / "types.json", "{\n  \"render\": {\"follow\": \"sometimes\"}\n}\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"range.json", "range.json:4:5: simulation.dt 9: outside the allowed range 0.001 to 1"},
      {"cut.json", "cut.json:4:13: not valid JSON"},
      {"types.json", "types.json:2:14: render.follow \"sometimes\": must be true or false"},
      {"missing.json", "missing.json: no such file"},
  };
  for (const auto& [file, says] : cases) {
    Result r = runHeadless("demo --frames 1 --preset '" + (dir / file).string() + "'");
    EXPECT_EQ(r.exitCode, 2) << file << "\n" << r.output;
    EXPECT_NE(r.output.find(says), std::string::npos) << file << "\n" << r.output;
    EXPECT_EQ(lines(r.output), 1) << r.output;
  }
}

TEST(BadInput, UnknownPresetKeysAreWarningsAndTheRestApplies) {
  const fs::path dir = dirFor("unknown");
  write(dir / "p.json", "{\n  \"simulation\": {\"count\": 321, \"sparkle\": 1},\n  \"audio\": {}\n}\n");
  Result r = runHeadless("demo --frames 2 --width 64 --height 64 --screenshot '" + (dir / "x.png").string() +
                         "' --preset '" + (dir / "p.json").string() + "'");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("boids: warning: " + (dir / "p.json").string() + ":2:32: unknown setting 'simulation.sparkle' ignored"),
            std::string::npos) << r.output;
  EXPECT_NE(r.output.find(":3:3: unknown section 'audio' ignored"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("headless demo: 321 boids"), std::string::npos) << r.output;
}

TEST(Presets, ShippedPresetsAndSetReachTheRun) {
  const fs::path dir = dirFor("shipped");
  Result r = runHeadless("demo --preset dense-swarm --count 3000 --set world=wrap --frames 2 --width 64 --height 64 "
                         "--screenshot '" + (dir / "x.png").string() + "'");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("headless demo: 3000 boids, 2 frames, 64x64, world 'wrap'"), std::string::npos) << r.output;
  // Too few boids for the preset's radii at the reference density: the conflict is named, with a way out.
  Result small = runHeadless("demo --preset dense-swarm --count 300 --frames 1");
  EXPECT_EQ(small.exitCode, 2) << small.output;
  EXPECT_NE(small.output.find("the largest radius (cohesion-radius 6) must be at most a quarter of world-size (21): "
                              "a world-size of 24 or more, or a smaller radius"),
            std::string::npos) << small.output;
}

TEST(Capture, RecordWritesANumberedPngPerFrameAndNeverOverwritesOne) {
  const fs::path dir = dirFor("record");
  const std::string args = "demo --count 200 --frames 3 --width 160 --height 96 --screenshot '" + (dir / "last.png").string() +
                           "' --record '" + (dir / "frames").string() + "'";
  Result r = runHeadless(args);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  for (const char* name : {"frame-000000.png", "frame-000001.png", "frame-000002.png"}) {
    ASSERT_TRUE(fs::exists(dir / "frames" / name)) << name << "\n" << r.output;
    EXPECT_EQ(pngSize(dir / "frames" / name), std::make_pair(160, 96)) << name;
  }
  EXPECT_FALSE(fs::exists(dir / "frames" / "frame-000003.png"));
  EXPECT_NE(r.output.find("recorded 3 frames (160x96) in"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ffmpeg -framerate 60 -i"), std::string::npos) << r.output;

  const auto before = fs::last_write_time(dir / "frames" / "frame-000000.png");
  Result again = runHeadless(args);
  EXPECT_EQ(again.exitCode, 2) << again.output;
  EXPECT_NE(again.output.find("already holds a recording (frame-000000.png)"), std::string::npos) << again.output;
  EXPECT_EQ(fs::last_write_time(dir / "frames" / "frame-000000.png"), before);
}

TEST(Health, NonFiniteBoidsAreRepairedAndReported) {
  const fs::path dir = dirFor("nan");
  Result r = runHeadless("demo --count 500 --frames 10 --width 64 --height 64 --inject-nonfinite 5 --screenshot '" +
                         (dir / "x.png").string() + "'");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.output, m, std::regex("warning: (\\d+) boids turned non-finite \\(NaN or infinite\\)")))
      << r.output;
  EXPECT_GE(std::stoi(m[1]), 5) << r.output;
  EXPECT_NE(r.output.find("centroid check (tree): pass"), std::string::npos) << "the flock is finite again:\n" << r.output;

  Result clean = runHeadless("demo --count 500 --frames 10 --width 64 --height 64 --screenshot '" + (dir / "y.png").string() + "'");
  EXPECT_NE(clean.output.find("non-finite boids: none"), std::string::npos) << clean.output;
}

TEST(Assets, ABrokenShaderFolderFallsBackToTheBuiltInShaders) {
  const fs::path dir = dirFor("shaders");
  fs::copy(BOIDS_SHADER_DIR, dir / "broken", fs::copy_options::recursive);
  write(dir / "broken" / "sim" / "boid_rules.glsl", "this is not GLSL\n");
  fs::create_directories(dir / "empty");
  for (const std::string folder : {"broken", "empty"}) {
    Result r = runHeadless("demo --count 300 --frames 3 --width 64 --height 64 --shader-dir '" + (dir / folder).string() +
                           "' --screenshot '" + (dir / (folder + ".png")).string() + "'");
    EXPECT_EQ(r.exitCode, 0) << folder << "\n" << r.output;
    EXPECT_NE(r.output.find("cannot be used; running the built-in shaders instead"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("centroid check (tree): pass"), std::string::npos) << r.output;
  }
  Result broken = runHeadless("demo --count 300 --frames 1 --width 64 --height 64 --shader-dir '" + (dir / "broken").string() +
                              "' --screenshot '" + (dir / "b.png").string() + "'");
  EXPECT_NE(broken.output.find("boid_rules.glsl:1"), std::string::npos) << "the error names the file and line:\n" << broken.output;
}

TEST(SavedSettings, UnderXvfbTheWindowRestoresTheLastRunAndMovesAnUnreadableFileAside) {
  const fs::path dir = dirFor("xdg");
  const std::string xvfb = "env XDG_CONFIG_HOME='" + dir.string() + "' " + xvfbRun();
  const std::string common = "--frames 2 --width 320 --height 200 --no-vsync --screenshot '" + (dir / "w.png").string() + "'";
  write(dir / "boids" / "settings.json", "{\"simulation\": {\"count\": 777, \"seed\": 5}}\n");
  Result restored = run(xvfb, common);
  ASSERT_EQ(restored.exitCode, 0) << restored.output;
  EXPECT_NE(restored.output.find("settings: the last run's, from " + (dir / "boids" / "settings.json").string()),
            std::string::npos) << restored.output;

  write(dir / "boids" / "settings.json", "{\"simulation\": {\"count\": 7");  // a torn file
  Result torn = run(xvfb, common);
  ASSERT_EQ(torn.exitCode, 0) << torn.output;
  EXPECT_NE(torn.output.find("saved settings not used: " + (dir / "boids" / "settings.json").string() + ":1:"),
            std::string::npos) << torn.output;
  EXPECT_NE(torn.output.find("kept as " + (dir / "boids" / "settings.json").string() + ".unreadable-"), std::string::npos)
      << torn.output;
  EXPECT_FALSE(fs::exists(dir / "boids" / "settings.json"));
}

TEST(SavedSettings, UnderXvfbAnInteractiveRunSavesItsSettingsAndF12ItsScreenshot) {
  // A person's session: the window opens, F12, then Escape (xdotool types them, once the window
  // is there to take them).
  const fs::path dir = dirFor("interactive");
  const Result r = xvfbSession(dir, R"(
    $B --count 777 --seed 9 --width 320 --height 200 --no-vsync & pid=$!
    w=$(appwindow); press $w F12 1; closewith $w Escape; wait $pid)", "640x480x24");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.find("did not close the window"), std::string::npos) << "Escape was not taken:\n" << r.output;

  std::smatch shot;
  ASSERT_TRUE(std::regex_search(r.output, shot, std::regex("screenshot: (\\S+boids-\\d{8}-\\d{6}\\.png)"))) << r.output;
  EXPECT_TRUE(fs::exists(shot[1].str())) << shot[1];
  EXPECT_EQ(pngSize(shot[1].str()), std::make_pair(320, 200));

  std::ifstream saved(dir / "boids" / "settings.json");
  ASSERT_TRUE(saved) << "nothing saved at exit:\n" << r.output;
  const std::string text((std::istreambuf_iterator<char>(saved)), {});
  EXPECT_NE(text.find("\"count\": 777"), std::string::npos) << text;
  EXPECT_NE(text.find("\"seed\": 9"), std::string::npos) << text;
  EXPECT_NE(text.find("\"yaw\""), std::string::npos) << "the camera is saved too:\n" << text;
}

TEST(SavedSettings, UnderXvfbResetToDefaultsGivesThisRenderersDefaults) {
  // On a software renderer the panel's "reset to defaults" gives its defaults (2048 boids, the
  // scene at half size), not the GPU's 16384 at full size, which would be saved for every later
  // start. The Presets section opened by --open; its button clicked where an 800x600 window shows
  // it (a few times: a click before the panel is drawn is lost; each one resets again), then Escape.
  const fs::path dir = dirFor("reset");
  const Result r = xvfbSession(dir, R"(
    $B --count 777 --render-scale 1 --width 800 --height 600 --no-vsync --open presets & pid=$!
    w=$(appwindow); for k in 1 2 3 4; do sleep 0.5; xdotool mousemove --window $w 168 412 sleep 0.2 click 1; done
    closewith $w Escape; wait $pid)");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  ASSERT_NE(r.output.find("llvmpipe"), std::string::npos) << "not a software renderer: this test is for llvmpipe\n" << r.output;
  std::ifstream saved(dir / "boids" / "settings.json");
  ASSERT_TRUE(saved) << "nothing saved at exit:\n" << r.output;
  const std::string text((std::istreambuf_iterator<char>(saved)), {});
  EXPECT_NE(text.find("\"count\": 2048"), std::string::npos) << text;
  EXPECT_NE(text.find("\"render-scale\": 0.5"), std::string::npos) << text;
}

// Hostile input, round 3: the nine classes of bad input that hung the binary, lost data or passed
// in silence (environment maps cut short, worlds far larger than the flock, names that are not
// UTF-8, outputs that are inputs or each other, two recordings into one folder, extreme or empty
// maps, a full stdout), one test each, and the weaker cases beside them. Each test failed on the
// code before its fix (BOIDS_E2E_BINARY runs them against another build); the hang test runs under
// `timeout`, so a loop that comes back fails it instead of hanging the suite.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "e2e_run.hpp"

namespace {

bool has(const std::string& output, const std::string& text) { return output.find(text) != std::string::npos; }
std::string quoted(const fs::path& p) {  // built in steps: GCC 12 warns falsely on "'" + std::string (PR 105329)
  std::string q = "'";
  q += p.string();
  q += "'";
  return q;
}

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write(const fs::path& file, const std::string& bytes) { std::ofstream(file, std::ios::binary) << bytes; }

fs::path shippedMap(const std::string& name) { return fs::path(BOIDS_SHADER_DIR).parent_path() / "assets" / "environments" / (name + ".hdr"); }

// A flat Radiance map of w x h texels, each (r, g, b, e) as given (2w x w: an equirectangular one).
std::string flatMap(int w, int h, const std::string& texel, const std::string& first = "") {
  std::string out = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " + std::to_string(h) + " +X " + std::to_string(w) + "\n";
  for (int k = 0; k < w * h; ++k) out += k == 0 && !first.empty() ? first : texel;
  return out;
}
const std::string kOne("\x80\x80\x80\x81", 4);      // radiance 1 (mantissa 128, exponent 129)
const std::string kLargest("\xff\xff\xff\xff", 4);  // 255 x 2^119, about 1.7e38: RGBE's largest

}  // namespace

// --- 1. a run-length map cut short hung in stb_image's loop, at 100% CPU, in check and the window

TEST(Hostile3, Class1ACutRunLengthMapIsReportedWhereItEndsAndNeverHangs) {
  const fs::path dir = scratch("h3-cut");
  const std::string whole = read(shippedMap("city"));
  ASSERT_GT(whole.size(), 100000u);
  struct Cut {
    const char* name;
    std::size_t size;
    const char* says;
  };
  const Cut cuts[] = {{"cut-10.hdr", whole.size() / 10, "ends after row "},
                      {"cut-50.hdr", whole.size() / 2, "ends after row "},
                      {"cut-99.hdr", whole.size() * 99 / 100, "ends after row "},
                      {"one-row-start.hdr", whole.find("+X 1024\n") + 8 + 4, "ends in its first row of 512"}};
  for (const Cut& cut : cuts) {
    write(dir / cut.name, whole.substr(0, cut.size));
    const Result r = run("timeout -k 10 60", "demo --count 64 --frames 2 --screenshot " + quoted(dir / "d.png") + " --environment " +
                                           quoted(dir / cut.name));
    ASSERT_NE(r.exitCode, 124) << cut.name << ": still running after a minute (the loop is back)\n" << r.output;
    EXPECT_EQ(r.exitCode, 0) << cut.name << "\n" << r.output;
    EXPECT_TRUE(has(r.output, "environment file '" + (dir / cut.name).string() + "': " + cut.says)) << r.output;
    EXPECT_TRUE(has(r.output, "(the data is cut short); lit by the built-in sky")) << r.output;
  }
  const Result check = run("timeout -k 10 120", "check --stages sh --repeats 1 --environment " + quoted(dir / "cut-10.hdr"));
  ASSERT_NE(check.exitCode, 124) << "check still running after two minutes\n" << check.output;
  EXPECT_EQ(check.exitCode, 1) << check.output;  // its row fails, naming the file
  EXPECT_TRUE(has(check.output, "cut-10.hdr': ends after row ")) << check.output;
}

TEST(Hostile3, Class1UnderXvfbSavedSettingsNamingACutMapAreSetAsideAndTheWindowStarts) {
  const fs::path dir = scratch("h3-saved-cut");
  const std::string whole = read(shippedMap("sunset"));
  write(dir / "half.hdr", whole.substr(0, whole.size() / 2));
  fs::create_directories(dir / "boids");
  write(dir / "boids" / "settings.json", "{\"lighting\": {\"environment\": \"" + (dir / "half.hdr").string() + "\"}}");
  const Result r = xvfbSession(dir, "timeout -k 10 120 $B --frames 3 --count 100 --width 160 --height 100; echo status $?");
  EXPECT_TRUE(has(r.output, "status 0")) << r.output;
  EXPECT_TRUE(has(r.output, "environment set aside for this run (environment file '" + (dir / "half.hdr").string() +
                                "': ends after row ")) << r.output;
  EXPECT_TRUE(has(read(dir / "boids" / "settings.json"), "half.hdr")) << "the saved file is left as it is";
}

// --- 2. a world far larger than the flock: 16.5 s a frame for 1000 boids, GL_OUT_OF_MEMORY at 5200

TEST(Hostile3, Class2AWorldFarLargerThanTheFlockHashesItsGridAndStaysFast) {
  const fs::path dir = scratch("h3-world");
  const Result r = run("timeout -k 10 120", "demo --preset schools --count 1000 --world-size 100000 --frames 30 --screenshot " +
                                                quoted(dir / "w.png"));
  ASSERT_NE(r.exitCode, 124) << "30 frames took more than two minutes\n" << r.output;
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "19998^3 cells of 5, hashed into 2048 keys")) << r.output;
  const Result debug = run("timeout -k 10 120", "demo --count 1000 --world-size 5200 --frames 5 --gl-debug --screenshot " +
                                              quoted(dir / "d.png"));
  EXPECT_EQ(debug.exitCode, 0) << debug.output;
  EXPECT_FALSE(has(debug.output, "GL_OUT_OF_MEMORY")) << debug.output;
  EXPECT_FALSE(has(debug.output, "GL error")) << debug.output;
}

// --- 3. a file name that is not UTF-8 aborted check's JSON (nlohmann type_error 316) after the work

TEST(Hostile3, Class3ANonUtf8FileNameReachesJsonAsValidUtf8) {
  const fs::path dir = scratch("h3-utf8");
  const fs::path map = dir / std::string("caf\xe9\xff.hdr");  // Latin-1 bytes, not UTF-8
  write(map, flatMap(16, 8, kOne));
  const Result r = run("", "check --stages sh --repeats 1 --environment " + quoted(map) + " --json " + quoted(dir / "c.json"));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_FALSE(has(r.output, "type_error")) << r.output;
  const std::string text = read(dir / "c.json");
  ASSERT_FALSE(text.empty()) << r.output;
  const nlohmann::json doc = nlohmann::json::parse(text);  // throws on invalid UTF-8
  bool named = false;
  for (const nlohmann::json& row : doc["rows"]) named = named || has(row.value("environment", ""), "caf\xef\xbf\xbd\xef\xbf\xbd.hdr");
  EXPECT_TRUE(named) << "the name, its bad bytes as U+FFFD";
}

TEST(Hostile3, Class3UnderXvfbAWindowWithANonUtf8MapSavesTheRestAndSaysWhat) {
  const fs::path dir = scratch("h3-utf8-window");
  write(dir / std::string("\xff.hdr"), flatMap(16, 8, kOne));
  const Result r = xvfbSession(dir, R"sh(
    $B --defaults --count 100 --width 160 --height 100 --seed 77 --environment "$(printf "\377.hdr")" & pid=$!
    w=$(appwindow)
    closewith $w Escape; wait $pid; echo status $?)sh");
  EXPECT_TRUE(has(r.output, "status 0")) << r.output;
  EXPECT_TRUE(has(r.output, "settings saved without environment (its name is not valid UTF-8")) << r.output;
  EXPECT_FALSE(has(r.output, "type_error")) << r.output;
  const std::string saved = read(dir / "boids" / "settings.json");
  ASSERT_FALSE(saved.empty()) << r.output;
  EXPECT_TRUE(has(saved, "\"seed\": 77")) << saved;
  EXPECT_TRUE(nlohmann::json::accept(saved)) << saved;
}

// --- 4. bench --json X --csv X wrote only the CSV and said both were written

TEST(Hostile3, Class4TwoOutputsOnOneFileAreRefusedBeforeAnyWork) {
  const fs::path dir = scratch("h3-two-outputs");
  const Result r = run("", "bench --sh --json " + quoted(dir / "x") + " --csv " + quoted(dir / "x"));
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_TRUE(has(r.output, "--json " + (dir / "x").string() + " and --csv " + (dir / "x").string() + " name one file")) << r.output;
  EXPECT_FALSE(fs::exists(dir / "x"));
  const Result same = run("", "check --json " + quoted(dir / "jd") + " --dump " + quoted(dir / "jd"));
  EXPECT_EQ(same.exitCode, 2) << same.output;
  EXPECT_TRUE(has(same.output, "name one file")) << same.output;
  // The same file by another path (a link) is the same file.
  fs::create_directories(dir / "real");
  fs::create_directory_symlink(dir / "real", dir / "link");
  const Result linked = run("", "bench --sh --json " + quoted(dir / "real" / "b.json") + " --csv " + quoted(dir / "link" / "b.json"));
  EXPECT_EQ(linked.exitCode, 2) << linked.output;
}

// --- 5. two --record runs into one new folder both succeeded, the second overwriting the first's frames

TEST(Hostile3, Class5TwoRecordingsIntoOneFolderAtOnceLeaveOneRecording) {
  const fs::path dir = scratch("h3-record");
  const std::string demo = "'" + binary() + "' demo --count 64 --frames 30 --record " + quoted(dir / "rec");
  const Result r = shell("cd " + quoted(dir) + " || exit 9; env -u DISPLAY -u WAYLAND_DISPLAY " + demo + " --screenshot a.png > a.txt 2>&1 & "
                         "env -u DISPLAY -u WAYLAND_DISPLAY " + demo + " --screenshot b.png > b.txt 2>&1; b=$?; wait $!; a=$?; "
                         "echo \"a $a b $b\"");
  const std::string a = read(dir / "a.txt"), b = read(dir / "b.txt");
  const bool aRecorded = has(r.output, "a 0"), bRecorded = has(r.output, " b 0");
  EXPECT_NE(aRecorded, bRecorded) << "exactly one records:\n" << r.output << "\nB:\n" << b << "\nA:\n" << a;
  const std::string& refused = aRecorded ? b : a;
  EXPECT_TRUE(has(refused, "is recording into this folder") || has(refused, "already holds a recording")) << refused;
  int frames = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir / "rec")) frames += e.path().extension() == ".png";
  EXPECT_EQ(frames, 30);
  EXPECT_FALSE(fs::exists(dir / "rec" / ".boids-recording")) << "the claim is given up at the end";
}

// --- 6. a map with a header and little or no data was taken as a mostly black map, in silence

TEST(Hostile3, Class6AMapWithoutItsDataIsRefusedNamingWhatIsMissing) {
  const fs::path dir = scratch("h3-no-data");
  const std::string head = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n";
  const std::pair<const char*, std::string> files[] = {
      {"header-only.hdr", head + "-Y 256 +X 512\n"},
      {"few-rows.hdr", flatMap(16, 8, kOne).substr(0, head.size() + 12 + 16 * 4 * 3)},
      {"eight-texels.hdr", head + "-Y 2048 +X 4096\n" + std::string(32, '\x80')}};
  for (const auto& [name, bytes] : files) {
    write(dir / name, bytes);
    const Result r = run("timeout -k 10 60", "demo --count 64 --frames 2 --screenshot " + quoted(dir / "d.png") + " --environment " +
                                           quoted(dir / name));
    EXPECT_EQ(r.exitCode, 0) << name << "\n" << r.output;
    EXPECT_TRUE(has(r.output, "environment file '" + (dir / name).string() + "': ends ")) << r.output;
    EXPECT_TRUE(has(r.output, "lighting: environment sky")) << r.output;
  }
}

// --- 7. finite but extreme texels (RGBE 255,255,255,255) overflowed the projection to infinity

TEST(Hostile3, Class7RgbesLargestRadianceProjectsFinite) {
  const fs::path dir = scratch("h3-extreme");
  write(dir / "one.hdr", flatMap(64, 32, kOne, kLargest));
  write(dir / "all.hdr", flatMap(64, 32, kLargest));
  for (const char* name : {"one.hdr", "all.hdr"}) {
    const Result check = run("", "check --stages sh --repeats 1 --environment " + quoted(dir / name));
    EXPECT_EQ(check.exitCode, 0) << name << "\n" << check.output;
    const Result demo = run("", "demo --count 64 --frames 2 --environment " + quoted(dir / name) + " --screenshot " + quoted(dir / "d.png"));
    EXPECT_EQ(demo.exitCode, 0) << demo.output;
    EXPECT_TRUE(has(demo.output, "note: radiance up to 1.69e+38, held scaled by 2^-63")) << demo.output;
  }
  // And a map with no light at all is said to be one.
  write(dir / "black.hdr", flatMap(16, 8, std::string(4, '\0')));
  const Result black = run("", "demo --count 64 --frames 2 --environment " + quoted(dir / "black.hdr") + " --screenshot " +
                                   quoted(dir / "d.png"));
  EXPECT_TRUE(has(black.output, "every texel is black")) << black.output;
}

// --- 8. --screenshot replaced the run's own inputs

TEST(Hostile3, Class8AnOutputThatIsAnInputIsRefusedAndTheInputKept) {
  const fs::path dir = scratch("h3-inputs");
  const std::string map = flatMap(16, 8, kOne);
  write(dir / "mine.png", map);  // a map named .png: a file by its folder, as --environment ./mine.png names it
  write(dir / "preset.png", "{\"simulation\": {\"count\": 64}}");
  const Result env = shell("cd " + quoted(dir) + " && '" + binary() + "' demo --frames 1 --environment ./mine.png --screenshot mine.png");
  EXPECT_EQ(env.exitCode, 2) << env.output;
  EXPECT_TRUE(has(env.output, "--screenshot mine.png: is the environment map (--environment ./mine.png), an input of this run"))
      << env.output;
  EXPECT_TRUE(read(dir / "mine.png") == map) << "the map was replaced";
  const Result preset = shell("cd " + quoted(dir) + " && '" + binary() + "' demo --frames 1 --preset preset.png --screenshot ./preset.png");
  EXPECT_EQ(preset.exitCode, 2) << preset.output;
  EXPECT_TRUE(has(preset.output, "is --preset preset.png, an input of this run")) << preset.output;
  EXPECT_TRUE(read(dir / "preset.png") == "{\"simulation\": {\"count\": 64}}") << "the preset was replaced";
  // What the issue tried: a name that is not a PNG's is refused for that too.
  for (const char* name : {"mine.hdr", "mine.json", "shot.jpg"}) {
    const Result r = run("", std::string("demo --frames 1 --screenshot ") + name);
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_TRUE(has(r.output, "screenshots are PNG files")) << r.output;
  }
}

// --- 9. a failed write to stdout (a full disk behind it) ended with exit code 0

TEST(Hostile3, Class9AFailedWriteToStdoutFailsTheRun) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const fs::path dir = scratch("h3-full");
  for (const std::string& args : {std::string("--help"), "demo --count 64 --frames 2 --screenshot " + quoted(dir / "d.png"),
                                 std::string("check --stages scan --sizes 65 --seeds 1 --repeats 1")}) {
    const Result r = shell("( '" + binary() + "' " + args + " > /dev/full )");  // stderr still to the test
    EXPECT_EQ(r.exitCode, 1) << args << "\n" << r.output;
    EXPECT_TRUE(has(r.output, "boids: error: the output could not be written to stdout")) << args << "\n" << r.output;
  }
}

// --- the weaker cases ----------------------------------------------------------------------------

TEST(Hostile3, WeakerMapCasesAreNamedForWhatTheyAre) {
  const fs::path dir = scratch("h3-kinds");
  fs::create_directories(dir / "folder.hdr");
  ::mkfifo((dir / "fifo.hdr").c_str(), 0644);
  fs::create_symlink("loop.hdr", dir / "loop.hdr");
  fs::create_symlink(dir / "nowhere.hdr", dir / "dangling.hdr");
  fs::copy_file(shippedMap("night"), dir / "MAP.HDR");
  fs::copy_file(shippedMap("night"), dir / "map.rgbe");
  write(dir / "mixed.hdr", [&] {  // a run-length row, then flat rows
    std::string head = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 8 +X 16\n", row = "\x02\x02";
    row += std::string(1, '\0') + "\x10";
    for (int c = 0; c < 4; ++c) row += std::string("\x90\x80", 2);  // a run of 16 of value 128
    return head + row + std::string(7 * 16 * 4, '\x80');
  }());
  const std::pair<std::string, std::string> cases[] = {
      {(dir / "folder.hdr").string(), "is a folder, not a file"},
      {(dir / "fifo.hdr").string(), "is a named pipe (FIFO), not a file"},
      {(dir / "loop.hdr").string(), "is a loop of symbolic links"},
      {(dir / "dangling.hdr").string(), "is a symbolic link to a missing file"},
      {"/dev/zero", "is a character device"},
      {(dir / "mixed.hdr").string(), "row 2 of 8 is flat while the rows before it are run-length encoded"}};
  for (const auto& [file, says] : cases) {
    const Result r = run("timeout -k 10 60", "demo --count 64 --frames 1 --screenshot " + quoted(dir / "d.png") + " --environment '" + file + "'");
    EXPECT_EQ(r.exitCode, 0) << file << "\n" << r.output;
    EXPECT_TRUE(has(r.output, says)) << file << "\n" << r.output;
  }
  for (const char* name : {"MAP.HDR", "map.rgbe"}) {  // in the current folder, any case of the extension
    const Result r = shell("cd " + quoted(dir) + " && '" + binary() + "' demo --count 64 --frames 1 --screenshot d.png --environment " + name);
    EXPECT_TRUE(has(r.output, std::string("lighting: environment ") + name + " (1024x512)")) << r.output;
  }
}

TEST(Hostile3, WeakerOptionCasesAreRefusedInsteadOfIgnored) {
  const std::pair<std::string, std::string> cases[] = {
      {"demo --preset schools --attractor-point 1,2,3", "there is no attractor to place"},
      {"demo --attractor-point 1,2,3", "a hunting predator flies where it will"},  // the start's
      {"demo --preset schools --attractor-strength 0.1", "the demo has no attractor to tune"},
      {"bench --reduce --sorters radix", "--sorters: only --sort and --frame time sorters"},
      {"bench --sort --strategies tree", "--strategies: only --reduce times strategies"},
      {"bench --sh --environment city", "--environment city: bench projects maps of its own sizes"},
      {"check --stages reduce --environment city", "only check's sh stage projects an environment"}};
  for (const auto& [args, says] : cases) {
    const Result r = run("", args);
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_TRUE(has(r.output, says)) << args << "\n" << r.output;
  }
  // Every size too big for this GPU (a smaller one pretended, so that it is so on any GPU).
  const Result skipped = run("env BOIDS_GPU_MEMORY_MIB=64", "bench --frame --sizes 1048576,4194304");
  EXPECT_EQ(skipped.exitCode, 1) << skipped.output;
  EXPECT_TRUE(has(skipped.output, "nothing to measure: every size of --sizes is skipped here (n=1048576: 1048576 boids need about"))
      << skipped.output;
  const Result memory = run("env BOIDS_GPU_MEMORY_MIB=0", "demo --frames 1");
  EXPECT_EQ(memory.exitCode, 2) << memory.output;
  EXPECT_TRUE(has(memory.output, "BOIDS_GPU_MEMORY_MIB=0: not a whole number of MiB (1 to 2^40)")) << memory.output;
}

TEST(Hostile3, WeakerFileCasesKeepWhatTheUserHad) {
  const fs::path dir = scratch("h3-files");
  // A preset's relative map is its neighbour, wherever the app runs.
  fs::create_directories(dir / "presets" / "maps");
  write(dir / "presets" / "maps" / "m.hdr", flatMap(16, 8, kOne));
  write(dir / "presets" / "p.json", "{\"lighting\": {\"environment\": \"maps/m.hdr\"}, \"simulation\": {\"count\": 64}}");
  const Result preset = run("", "demo --frames 1 --preset " + quoted(dir / "presets" / "p.json") + " --screenshot " + quoted(dir / "d.png"));
  EXPECT_TRUE(has(preset.output, "lighting: environment " + (dir / "presets" / "maps" / "m.hdr").string() + " (16x8)")) << preset.output;
  // A JSON error is said in whole words, not cut mid-word.
  write(dir / "bad.json", "{\"simulation\": {\"count\": tru}}");
  const Result bad = run("", "demo --frames 1 --preset " + quoted(dir / "bad.json"));
  EXPECT_TRUE(has(bad.output, "not valid JSON: invalid literal (read as far as '\"count\": tru}')")) << bad.output;
  // A read-only file is not replaced.
  write(dir / "ro.png", "mine");
  fs::permissions(dir / "ro.png", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const Result ro = run("", "demo --count 64 --frames 1 --screenshot " + quoted(dir / "ro.png"));
  EXPECT_EQ(ro.exitCode, 2) << ro.output;
  EXPECT_TRUE(has(ro.output, "it is read-only")) << ro.output;
  EXPECT_EQ(read(dir / "ro.png"), "mine");
  // A comment may come before a shader's #version, as GLSL allows.
  fs::copy(BOIDS_SHADER_DIR, dir / "shaders", fs::copy_options::recursive);
  const std::string step = read(dir / "shaders" / "sim" / "sim_step_grid.comp");
  write(dir / "shaders" / "sim" / "sim_step_grid.comp", "// a comment first\n/* and a block\n   of two lines */\n" + step);
  const Result shaders = run("", "check --stages step --sizes 65 --seeds 1 --repeats 1 --shader-dir " + quoted(dir / "shaders"));
  EXPECT_EQ(shaders.exitCode, 0) << shaders.output;
}

TEST(Hostile3, UnderXvfbARelativeXdgConfigHomeWithoutHomeIsNamed) {
  const fs::path dir = scratch("h3-xdg");
  const Result r = shell("cd " + quoted(dir) + " && env -u HOME XDG_CONFIG_HOME=relative/config " + xvfbRun() + " '" + binary() +
                         "' --frames 1 --count 100 --width 160 --height 100");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(has(r.output, "XDG_CONFIG_HOME is the relative path 'relative/config', which the XDG Base Directory spec says to ignore"))
      << r.output;
}

TEST(Hostile3, AGlslVersionForcedBelow430IsNamed) {
  if (!fs::exists("/usr/share/glvnd/egl_vendor.d/50_mesa.json")) GTEST_SKIP() << "needs Mesa's EGL to force a GLSL version";
  const Result r = run("env __EGL_VENDOR_LIBRARY_FILENAMES=/usr/share/glvnd/egl_vendor.d/50_mesa.json MESA_GLSL_VERSION_OVERRIDE=330",
                       "demo --frames 1");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_TRUE(has(r.output, "This environment forces Mesa to an older version: MESA_GLSL_VERSION_OVERRIDE=330; unset it")) << r.output;
}

#pragma once
// Running the built binary from the end-to-end tests: its exit code and everything it printed.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

struct Result {
  int exitCode = -1;
  std::string output;  // stdout and stderr together
};

// The binary under test: this build's, or BOIDS_E2E_BINARY's (to run these tests against another
// build, e.g. to see a new test fail on the code before its fix).
inline std::string binary() {
  const char* other = std::getenv("BOIDS_E2E_BINARY");
  return other && other[0] ? other : BOIDS_BINARY;
}

// Output of a shell command line, stdout and stderr together, and its exit code.
inline Result shell(const std::string& command) {
  Result r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) r.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline Result run(const std::string& prefix, const std::string& args) { return shell(prefix + " '" + binary() + "' " + args); }

// No display at all: the headless path, whatever the environment running the tests has.
inline Result runHeadless(const std::string& args) { return run("env -u DISPLAY -u WAYLAND_DISPLAY", args); }

// xvfb-run on a display number of this test's own. `-a` alone races when tests run in parallel:
// two xvfb-runs can pick the same free number at once, and one session then hangs or talks to the
// other's window. Each test runs in its own process, so the search starts from one per process.
// -noreset: Xvfb otherwise resets when its last client leaves, and a session that starts the app
// again right after closing it could meet the reset and fail to open the display.
inline std::string xvfbRun(const std::string& screen = "640x480x24") {
  static int calls = 0;
  const int first = 1000 + static_cast<int>(getpid() % 4000) * 8 + (calls++ % 8);
  return "xvfb-run -a -n " + std::to_string(first) + " -s '-noreset -screen 0 " + screen + "'";
}

// A PNG's width and height, from its IHDR chunk, without decoding it.
inline std::pair<int, int> pngSize(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  unsigned char header[24] = {};
  in.read(reinterpret_cast<char*>(header), sizeof header);
  auto be = [&](int at) { return (header[at] << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3]; };
  return {be(16), be(20)};
}

// A window session under Xvfb, run in `dir`: `script` runs in sh with $B the binary and
// XDG_CONFIG_HOME in `dir`, with helpers that wait on what the app shows and writes instead of on
// the clock, each for at most a minute (under load a window can take seconds to appear, and a key
// sent before it is viewable is lost):
//   waitfor FILE        until FILE exists
//   waitshots N         until N screenshots (boids-*.png, complete once they exist) are in `dir`
//   appwindow           prints the app's window id once it is viewable
//   press W KEY N       presses KEY in window W until N screenshots exist (for F12)
//   closewith W KEY     presses KEY in window W until $pid ends; SIGTERM after five tries, saying so
// Single quotes cannot appear in `script` (it is passed to sh -c in them).
inline Result xvfbSession(const fs::path& dir, const std::string& script, const std::string& screen = "800x600x24") {
  const std::string helpers = R"(
waitfor() { i=0; while [ ! -e "$1" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; }
shots() { ls boids-*.png 2>/dev/null | wc -l; }
waitshots() { i=0; while [ $(shots) -lt $1 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; }
appwindow() { i=0; while [ $i -lt 600 ]; do w=$(xdotool search --onlyvisible --name boids 2>/dev/null | head -1);
  [ -n "$w" ] && break; sleep 0.1; i=$((i+1)); done; echo $w; }
press() { t=0; while [ $(shots) -lt $3 ] && [ $t -lt 5 ]; do xdotool windowfocus --sync $1 key $2 2>/dev/null;
  i=0; while [ $(shots) -lt $3 ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i+1)); done; t=$((t+1)); done; }
closewith() { t=0; while kill -0 $pid 2>/dev/null && [ $t -lt 5 ]; do xdotool windowfocus --sync $1 key $2 2>/dev/null;
  i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.2; i=$((i+1)); done; t=$((t+1)); done;
  if kill -0 $pid 2>/dev/null; then echo "test: $2 did not close the window; SIGTERM"; kill -TERM $pid; fi; }
)";
  return shell("cd '" + dir.string() + "' && env B='" + binary() + "' XDG_CONFIG_HOME='" + dir.string() + "' " +
               xvfbRun(screen) + " sh -c '" + helpers + script + "'");
}

inline fs::path scratch() {
  fs::path dir = fs::temp_directory_path() / ("boids-e2e-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

// A folder `name` of its own under scratch().
inline fs::path scratch(const std::string& name) {
  fs::path dir = scratch() / name;
  fs::create_directories(dir);
  return dir;
}

// The binary with `args`, in the caller's environment: its exit code and everything it printed.
inline std::pair<int, std::string> boids(const std::string& args) {
  const Result r = run("", args);
  return {r.exitCode, r.output};
}

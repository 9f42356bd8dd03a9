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
inline std::string xvfbRun(const std::string& screen = "640x480x24") {
  static int calls = 0;
  const int first = 1000 + static_cast<int>(getpid() % 4000) * 8 + (calls++ % 8);
  return "xvfb-run -a -n " + std::to_string(first) + " -s '-screen 0 " + screen + "'";
}

// A PNG's width and height, from its IHDR chunk, without decoding it.
inline std::pair<int, int> pngSize(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  unsigned char header[24] = {};
  in.read(reinterpret_cast<char*>(header), sizeof header);
  auto be = [&](int at) { return (header[at] << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3]; };
  return {be(16), be(20)};
}

inline fs::path scratch() {
  fs::path dir = fs::temp_directory_path() / ("boids-e2e-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

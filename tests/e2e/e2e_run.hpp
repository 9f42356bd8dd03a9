#pragma once
// Running the built binary from the end-to-end tests: its exit code and everything it printed.
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

struct Result {
  int exitCode = -1;
  std::string output;  // stdout and stderr together
};

inline Result run(const std::string& prefix, const std::string& args) {
  const std::string command = prefix + " '" BOIDS_BINARY "' " + args + " 2>&1";
  Result r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) r.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// No display at all: the headless path, whatever the environment running the tests has.
inline Result runHeadless(const std::string& args) { return run("env -u DISPLAY -u WAYLAND_DISPLAY", args); }

inline fs::path scratch() {
  fs::path dir = fs::temp_directory_path() / ("boids-e2e-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

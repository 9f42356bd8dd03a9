// libFuzzer target: the command-line parser. The input is split into arguments at newlines; any
// arguments must give usable options or an exit code of 0 (help, version) or 2 (an error), never
// a crash, and options handed back must hold settings that validate.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/options.hpp"

using namespace boids;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  std::vector<std::string> args{"boids"};
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n') {
      args.push_back(current);
      current.clear();
    } else if (c != '\0') {
      current += c;
    }
  }
  args.push_back(current);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  const app::ParseResult r = app::parseCommandLine(static_cast<int>(argv.size()), argv.data());
  if (r.options) {
    if (r.exitCode != 0 || !sim::validate(r.options->settings.sim).empty()) std::abort();
  } else if (r.exitCode != 0 && r.exitCode != 2) {
    std::abort();
  }
  return 0;
}

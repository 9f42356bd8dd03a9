#pragma once
// The command line as the tests give it: arguments after the program name.
#include <string>
#include <vector>

#include "app/options.hpp"

namespace boids::test {

inline app::ParseResult parse(std::vector<std::string> args) {
  args.insert(args.begin(), "boids");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return app::parseCommandLine(static_cast<int>(argv.size()), argv.data());
}

}  // namespace boids::test

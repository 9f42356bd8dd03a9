// boids: the desktop app, or with no display the headless demo. See `boids --help`.
#include <cstdio>

#include "app/modes.hpp"
#include "engine/platform/window.hpp"

int main(int argc, char** argv) {
  using namespace boids;
  const app::ParseResult parsed = app::parseCommandLine(argc, argv);
  if (!parsed.options) return parsed.exitCode;
  const app::Options& options = *parsed.options;

  if (options.mode == app::Mode::Demo) return app::runHeadlessDemo(options);
  if (options.mode == app::Mode::Check) return app::runCheck(options);
  if (options.mode == app::Mode::Bench) return app::runBench(options);

  if (!platform::Window::displayAvailable()) {
    std::printf("boids: no display (DISPLAY and WAYLAND_DISPLAY are unset); running the headless demo instead.\n");
    return app::runHeadlessDemo(options);
  }
  std::unique_ptr<platform::Window> window;
  try {
    window = platform::Window::create("boids", options.size.x, options.size.y, {.debug = options.glDebug, .newestMinor = options.glNewestMinor});
  } catch (const platform::ContextError& e) {
    std::printf("boids: no window (%s); running the headless demo instead.\n", e.what());
    return app::runHeadlessDemo(options);
  }
  return app::runDesktop(options, std::move(window));
}

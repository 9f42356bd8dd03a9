// boids: the desktop app, or with no display the headless demo. See `boids --help`.
#include <cstdio>

#include "app/files.hpp"
#include "app/modes.hpp"
#include "engine/platform/window.hpp"

int main(int argc, char** argv) {
  using namespace boids;
  app::reportFileSizeLimitAsAnError();
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
  // The window starts where the last interactive run left off (beneath --preset and the options).
  app::Options windowOptions = options;
  const std::filesystem::path settingsFile = app::resolveWindowSettings(windowOptions);
  std::unique_ptr<platform::Window> window;
  try {
    const glm::ivec2 size = windowOptions.settings.windowSize;
    window = platform::Window::create("boids", size.x, size.y, {.debug = options.glDebug, .newestMinor = options.glNewestMinor});
  } catch (const platform::ContextError& e) {
    std::printf("boids: no window (%s); running the headless demo instead.\n", e.what());
    return app::runHeadlessDemo(options);
  }
  return app::runDesktop(std::move(windowOptions), std::move(window), settingsFile);
}

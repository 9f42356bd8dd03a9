// boids: the desktop app, or with no display the headless demo. See `boids --help`.
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "app/files.hpp"
#include "app/modes.hpp"
#include "engine/platform/window.hpp"

namespace {

using namespace boids;

// What was written to stdout reached it: a full disk behind it (`> /dev/full`)
// makes the run fail, said on stderr, instead of ending with exit code 0 and the output lost.
int withStdoutChecked(int code) {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  const int error = errno;
  std::fprintf(stderr, "boids: error: the output could not be written to stdout (%s)\n",
               error != 0 ? std::strerror(error) : "a write failed");
  return code == 0 ? 1 : code;
}

int run(int argc, char** argv) {
  const app::ParseResult parsed = app::parseCommandLine(argc, argv);
  if (!parsed.options) return parsed.exitCode;
  const app::Options& options = *parsed.options;

  if (options.mode == app::Mode::Demo) return app::runHeadlessDemo(options);
  if (options.mode == app::Mode::Check) return app::runCheck(options);
  if (options.mode == app::Mode::Bench) return app::runBench(options);
  if (options.mode == app::Mode::Watch) return app::runWatch(options);

  if (!platform::Window::displayAvailable()) {
    std::printf("boids: no display (DISPLAY and WAYLAND_DISPLAY are unset); running the headless demo instead.\n");
    return app::runHeadlessDemo(options);
  }
  // The window starts where the last interactive run left off (beneath --preset and the options).
  app::Options windowOptions = options;
  const std::filesystem::path settingsFile = app::resolveWindowSettings(windowOptions);
  if (std::string clash = app::checkDistinctFiles(windowOptions); !clash.empty()) {  // a saved map among the inputs now
    std::fprintf(stderr, "boids: error: %s\n", clash.c_str());
    return 2;
  }
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

}  // namespace

int main(int argc, char** argv) {
  app::reportFileSizeLimitAsAnError();
  return withStdoutChecked(run(argc, argv));
}

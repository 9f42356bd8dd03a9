#include "app/capture.hpp"

#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <system_error>

namespace boids::app {
namespace {
std::string frameName(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%06d.png", index);
  return name;
}
}  // namespace

std::filesystem::path nextScreenshotPath() {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::error_code ec;
  std::filesystem::path path = std::string("boids-") + stamp + ".png";
  for (int n = 2; std::filesystem::exists(path, ec); ++n) path = std::string("boids-") + stamp + "-" + std::to_string(n) + ".png";
  return std::filesystem::absolute(path, ec);
}

FrameRecorder::FrameRecorder(std::filesystem::path folder) : folder_(std::move(folder)) {
  std::error_code ec;
  if (std::filesystem::exists(folder_, ec) && !std::filesystem::is_directory(folder_, ec)) {
    throw std::runtime_error("--record " + folder_.string() + ": is a file, not a folder");
  }
  std::filesystem::create_directories(folder_, ec);
  if (ec) throw std::runtime_error("--record " + folder_.string() + ": cannot create the folder (" + ec.message() + ")");
  if (std::filesystem::exists(folder_ / frameName(0), ec)) {
    throw std::runtime_error("--record " + folder_.string() + ": already holds a recording (" + frameName(0) +
                             "); choose another folder, nothing there is overwritten");
  }
}

void FrameRecorder::write(const gl::Image& image) {
  gl::writePng(folder_ / frameName(frames_), image);
  ++frames_;
}

std::string FrameRecorder::ffmpegCommand() const {
  return "ffmpeg -framerate 60 -i '" + (folder_ / "frame-%06d.png").string() + "' -pix_fmt yuv420p boids.mp4";
}

}  // namespace boids::app

#pragma once
// Pictures out of the app: single screenshots (F12, --screenshot) and numbered PNG sequences
// (--record) that ffmpeg turns into a video.
#include <filesystem>
#include <string>

#include "engine/gl/image.hpp"

namespace boids::app {

// boids-YYYYMMDD-HHMMSS.png in the current folder, with -2, -3, ... when that name is taken:
// a screenshot never replaces a file.
std::filesystem::path nextScreenshotPath();

class FrameRecorder {
 public:
  // Creates the folder if needed. Throws std::runtime_error naming the folder when it cannot be
  // made or already holds frames (frame-000000.png): a recording never overwrites another.
  explicit FrameRecorder(std::filesystem::path folder);
  // Writes frame-NNNNNN.png, numbered from 0. Throws std::runtime_error naming the file.
  void write(const gl::Image& image);
  int frames() const { return frames_; }
  const std::filesystem::path& folder() const { return folder_; }
  std::string ffmpegCommand() const;  // the command that makes a video of it

 private:
  std::filesystem::path folder_;
  int frames_ = 0;
};

}  // namespace boids::app

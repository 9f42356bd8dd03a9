#pragma once
// Pictures out of the app: single screenshots (F12, --screenshot) and numbered PNG sequences
// (--record) that ffmpeg turns into a video. Every PNG is written atomically (app/files.hpp).
#include <filesystem>
#include <optional>
#include <string>

#include <glm/vec2.hpp>

#include "app/files.hpp"
#include "engine/gl/image.hpp"

namespace boids::app {

// boids-YYYYMMDD-HHMMSS.png in the current folder, with -2, -3, ... when that name is taken:
// a screenshot never replaces a file.
std::filesystem::path nextScreenshotPath();

// Encodes `image` and writes it atomically. Throws WriteError naming the file and the reason.
void writePng(const std::filesystem::path& file, const gl::Image& image, Durability durability = Durability::Synced);

// Empty when `folder` can take a new recording: it can be written (or created) and holds no
// frame-*.png of an earlier one. Otherwise why not. Touches nothing.
std::string checkRecordFolder(const std::filesystem::path& folder);

// A recording's claim on its folder: an exclusive lock (flock) on the file .boids-recording there,
// which holds the recorder's process id and is removed when the recording ends. A second run that
// would record into the same folder meanwhile cannot take the lock and is refused; the kernel drops
// the lock of a process that dies, so a file left by a crash claims nothing.
class RecordingClaim {
 public:
  // Throws std::runtime_error naming the folder and the other run when the folder is claimed.
  explicit RecordingClaim(const std::filesystem::path& folder);
  ~RecordingClaim();
  RecordingClaim(const RecordingClaim&) = delete;
  RecordingClaim& operator=(const RecordingClaim&) = delete;

 private:
  std::filesystem::path file_;
  int fd_ = -1;
};

class FrameRecorder {
 public:
  // Creates the folder if needed and claims it. Throws std::runtime_error naming the folder when it
  // cannot be made, another run records into it, or it already holds frames (any frame-*.png): a
  // recording never overwrites another.
  explicit FrameRecorder(std::filesystem::path folder);
  // Writes frame-NNNNNN.png, numbered from 0, at the first frame's size: a later frame of another
  // size (a resized window) is scaled into it, letterboxed. Throws WriteError naming the file.
  void write(const gl::Image& image);
  int frames() const { return frames_; }
  const std::filesystem::path& folder() const { return folder_; }
  // What the recording holds, and the ffmpeg command that makes a video of it (none for no frames).
  std::string summary() const;
  // Set once a frame had to be scaled: "frames since 120 are 800x600 scaled into 1280x720".
  const std::string& resizeNote() const { return resizeNote_; }

 private:
  std::filesystem::path folder_;
  std::optional<RecordingClaim> claim_;
  int frames_ = 0;
  std::optional<glm::ivec2> size_;
  std::string resizeNote_;
};

}  // namespace boids::app

#include "app/capture.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/files.hpp"

namespace boids::app {

namespace fs = std::filesystem;

namespace {

std::string frameName(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%06d.png", index);
  return name;
}

// The first frame-*.png in `folder`, or empty.
std::string existingFrame(const fs::path& folder) {
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() > 10 && name.rfind("frame-", 0) == 0 && name.compare(name.size() - 4, 4, ".png") == 0) return name;
  }
  return {};
}

std::string holdsFrames(const std::string& frame) {
  return "already holds a recording (" + frame + "); choose another folder, nothing there is overwritten";
}

}  // namespace

fs::path nextScreenshotPath() {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::error_code ec;
  fs::path path = std::string("boids-") + stamp + ".png";
  for (int n = 2; fs::exists(path, ec); ++n) path = std::string("boids-") + stamp + "-" + std::to_string(n) + ".png";
  return fs::absolute(path, ec);
}

void writePng(const fs::path& file, const gl::Image& image, Durability durability) {
  writeFileAtomically(file, gl::encodePng(image), durability);
}

std::string checkRecordFolder(const fs::path& folder) {
  if (std::string why = checkOutputFolder(folder); !why.empty()) return why;
  if (const std::string frame = existingFrame(folder); !frame.empty()) return holdsFrames(frame);
  return {};
}

RecordingClaim::RecordingClaim(const fs::path& folder) : file_(folder / ".boids-recording") {
  const std::string where = "--record " + folder.string() + ": ";
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int fd = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error(where + "cannot claim the folder (" + std::strerror(errno) + ")");
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      char text[32] = {};
      const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
      ::close(fd);
      if (error != EWOULDBLOCK) throw std::runtime_error(where + "cannot claim the folder (" + std::strerror(error) + ")");
      const long other = n > 0 ? std::strtol(text, nullptr, 10) : 0;
      throw std::runtime_error(where + "another run" + (other > 0 ? " (process " + std::to_string(other) + ")" : std::string()) +
                               " is recording into this folder; choose another folder");
    }
    // Locked: but the name may have been taken from this file meanwhile (a run that ended removes
    // it): then the lock is on a file nobody else sees, and the claim is tried again.
    struct stat held {}, named {};
    if (::fstat(fd, &held) == 0 && ::stat(file_.c_str(), &named) == 0 && held.st_ino == named.st_ino && held.st_dev == named.st_dev) {
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
        // Only the message of a run refused later loses the process id: the lock is the claim.
      }
      fd_ = fd;
      return;
    }
    ::close(fd);
  }
  throw std::runtime_error(where + "other runs keep claiming this folder at the same moment; choose another folder");
}

RecordingClaim::~RecordingClaim() {
  ::unlink(file_.c_str());  // before the lock goes: a run that opens the name now makes a new file
  ::close(fd_);
}

FrameRecorder::FrameRecorder(fs::path folder) : folder_(std::move(folder)) {
  std::error_code ec;
  if (fs::exists(folder_, ec) && !fs::is_directory(folder_, ec)) {
    throw std::runtime_error("--record " + folder_.string() + ": is a file, not a folder");
  }
  fs::create_directories(folder_, ec);
  if (ec) throw std::runtime_error("--record " + folder_.string() + ": cannot create the folder (" + ec.message() + ")");
  claim_.emplace(folder_);
  if (const std::string frame = existingFrame(folder_); !frame.empty()) {
    throw std::runtime_error("--record " + folder_.string() + ": " + holdsFrames(frame));
  }
}

void FrameRecorder::write(const gl::Image& image) {
  if (!size_) size_ = glm::ivec2(image.width, image.height);
  const fs::path file = folder_ / frameName(frames_);
  if (image.width == size_->x && image.height == size_->y) {
    writePng(file, image, Durability::Unsynced);
  } else {
    if (resizeNote_.empty()) {
      resizeNote_ = "frames from " + frameName(frames_) + " on are " + std::to_string(image.width) + "x" +
                    std::to_string(image.height) + " scaled into the recording's " + std::to_string(size_->x) + "x" +
                    std::to_string(size_->y);
    }
    writePng(file, gl::letterbox(image, size_->x, size_->y), Durability::Unsynced);
  }
  ++frames_;
}

std::string FrameRecorder::summary() const {
  if (frames_ == 0) return "recorded no frames in " + folder_.string();
  std::string text = "recorded " + std::to_string(frames_) + " frames (" + std::to_string(size_->x) + "x" +
                     std::to_string(size_->y) + ") in " + folder_.string();
  if (!resizeNote_.empty()) text += "; " + resizeNote_;
  // yuv420p needs even sides: an odd-sized recording is padded by a pixel.
  const bool odd = size_->x % 2 != 0 || size_->y % 2 != 0;
  return text + "; a video: ffmpeg -framerate 60 -i '" + (folder_ / "frame-%06d.png").string() + "' " +
         (odd ? "-vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' " : "") + "-pix_fmt yuv420p boids.mp4";
}

}  // namespace boids::app

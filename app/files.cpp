#include "app/files.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace boids::app {

namespace fs = std::filesystem;

namespace {

std::string reason(int error) { return std::strerror(error); }

[[noreturn]] void fail(const fs::path& file, const std::string& why) {
  throw WriteError(file.string() + ": cannot write (" + why + ")");
}

// The process's umask, read without setting it (umask() would change it for every thread, the
// driver's among them, between the two calls). Linux 4.7+; else the usual 022.
mode_t currentUmask() {
  std::FILE* status = std::fopen("/proc/self/status", "r");
  unsigned mask = 022;
  if (status) {
    char line[256];
    while (std::fgets(line, sizeof line, status)) {
      if (std::sscanf(line, "Umask: %o", &mask) == 1) break;
    }
    std::fclose(status);
  }
  return static_cast<mode_t>(mask);
}

mode_t modeForNewFiles(const fs::path& file) {
  struct stat existing {};
  if (::stat(file.c_str(), &existing) == 0) return existing.st_mode & 07777;  // a replaced file keeps its mode
  static const mode_t mask = currentUmask();
  return 0666 & ~mask;
}

// The deepest folder of `path` that exists ("." for a relative path with none).
fs::path nearestExisting(fs::path path) {
  std::error_code ec;
  while (!path.empty() && !fs::exists(path, ec)) path = path.parent_path();
  return path.empty() ? fs::path(".") : path;
}

// A file whose mode lets nobody write it was made read-only on purpose: it is not replaced (the
// rename below would do it without asking, as the folder is writable).
bool readOnly(const fs::path& file) {
  struct stat info {};
  return ::stat(file.c_str(), &info) == 0 && S_ISREG(info.st_mode) && (info.st_mode & 0222) == 0;
}
constexpr const char* kReadOnly = "it is read-only; make it writable (chmod u+w) to let boids replace it";

std::string writableFolder(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) return folder.string() + " is not a folder";
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return "the folder " + folder.string() + " is not writable (" + reason(errno) + ")";
  return {};
}

}  // namespace

void writeFileAtomically(const fs::path& file, std::string_view bytes, Durability durability) {
  std::error_code ec;
  fs::path target = file;  // a link (a dotfiles repository's settings.json, say) keeps pointing there
  if (fs::is_symlink(file, ec)) {
    const fs::path resolved = fs::weakly_canonical(file, ec);
    if (!ec) target = resolved;
  }
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  fs::create_directories(folder, ec);
  if (ec) fail(file, "cannot create its folder: " + ec.message());
  if (fs::exists(target, ec) && !fs::is_regular_file(target, ec)) fail(file, "it exists and is not a regular file");
  if (readOnly(target)) fail(file, kReadOnly);

  std::string hidden = ".";  // (built in steps: GCC 12 warns falsely on "." + std::string, PR 105329)
  hidden += target.filename().string();
  hidden += ".XXXXXX";
  std::string temp = (folder / hidden).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(file, reason(errno));
  auto abandon = [&](int error) {
    ::close(fd);
    ::unlink(temp.c_str());
    fail(file, reason(error));
  };
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) abandon(n < 0 ? errno : EIO);
    done += static_cast<std::size_t>(n);
  }
  // The data reaches the disk before the name points at it: a crash leaves the old file or the new.
  if (durability == Durability::Synced && ::fsync(fd) != 0) abandon(errno);
  if (::fchmod(fd, modeForNewFiles(target)) != 0) abandon(errno);
  if (::close(fd) != 0) {  // NFS and friends report delayed write errors here
    const int error = errno;
    ::unlink(temp.c_str());
    fail(file, reason(error));
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    fail(file, reason(error));
  }
  if (durability == Durability::Unsynced) return;
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY); dir >= 0) {  // the rename itself, durable
    ::fsync(dir);
    ::close(dir);
  }
}

std::string checkOutputFile(const fs::path& file) {
  if (file.empty()) return "no file name given";
  std::error_code ec;
  if (fs::is_directory(file, ec)) return "is a folder; give a file name";
  if (fs::exists(file, ec) && !fs::is_regular_file(file, ec)) return "exists and is not a regular file";
  if (readOnly(file)) return kReadOnly;
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (!fs::exists(folder, ec)) return "the folder " + folder.string() + " does not exist";
  return writableFolder(folder);
}

std::string checkOutputFolder(const fs::path& folder) {
  if (folder.empty()) return "no folder given";
  std::error_code ec;
  if (fs::exists(folder, ec)) {
    if (!fs::is_directory(folder, ec)) return "is a file, not a folder";
    return writableFolder(folder);
  }
  const fs::path parent = nearestExisting(folder);
  if (!fs::is_directory(parent, ec)) return parent.string() + " is a file, not a folder";
  return writableFolder(parent);
}

bool sameFile(const fs::path& a, const fs::path& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  std::error_code ea, eb;
  const fs::path ca = fs::weakly_canonical(fs::absolute(a, ea), ea), cb = fs::weakly_canonical(fs::absolute(b, eb), eb);
  if (!ea && !eb) return ca == cb;
  return fs::absolute(a, ea).lexically_normal() == fs::absolute(b, eb).lexically_normal();
}

void reportFileSizeLimitAsAnError() { std::signal(SIGXFSZ, SIG_IGN); }

}  // namespace boids::app

#include "engine/lighting/environment.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <numbers>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glm/geometric.hpp>

#include "engine/lighting/hdr_file.hpp"

namespace boids::lighting {
namespace {

namespace fs = std::filesystem;

constexpr std::uint32_t kBuiltInWidth = 512, kBuiltInHeight = 256;
// The single texel: above the horizon, a third of the way down, as bright as a small sun.
constexpr glm::vec3 kSingleTexelRadiance{1000.0f, 800.0f, 600.0f};
std::uint32_t singleTexelColumn(std::uint32_t width) { return width * 3 / 8; }
std::uint32_t singleTexelRow(std::uint32_t height) { return height / 3; }

bool isDirectoryWithMaps(const fs::path& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error)) return false;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".hdr") return true;
  }
  return false;
}

fs::path executableFolder() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return error ? fs::path() : self.parent_path();
}

// Where the shipped maps may be, in the order they are looked for.
std::vector<fs::path> shippedFolderCandidates() {
  std::vector<fs::path> candidates;
#ifdef BOIDS_ASSET_DIR
  candidates.emplace_back(fs::path(BOIDS_ASSET_DIR) / "environments");
#endif
  candidates.emplace_back(fs::path("assets") / "environments");
  if (const fs::path exe = executableFolder(); !exe.empty()) {
    candidates.push_back((exe / ".." / "share" / "boids" / "environments").lexically_normal());
  }
  return candidates;
}

// Radiance files' extensions, in any case.
bool hasMapExtension(std::string_view file) {
  const std::size_t dot = file.rfind('.');
  if (dot == std::string_view::npos || file.find('/', dot) != std::string_view::npos) return false;
  std::string extension(file.substr(dot + 1));
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension == "hdr" || extension == "rgbe" || extension == "pic";
}

double luminance(glm::vec3 c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

void measure(Environment& e) {
  double sum = 0;
  for (std::uint32_t j = 0; j < e.height; ++j) {
    double row = 0;
    for (std::uint32_t i = 0; i < e.width; ++i) row += luminance(e.texels[std::size_t(j) * e.width + i]);
    sum += row * verify::sh::equirectSolidAngle(j, e.width, e.height);
  }
  e.meanLuminance = sum / (4.0 * std::numbers::pi);
}

// The built-in sky: dusk blue overhead, a paler haze at the horizon, a dim ground and a low warm
// sun, in linear radiance. What the app falls back to when a map cannot be read.
std::vector<glm::vec3> skyTexels(std::uint32_t width, std::uint32_t height) {
  const glm::vec3 zenith{0.045f, 0.075f, 0.20f}, horizon{0.42f, 0.36f, 0.42f}, ground{0.05f, 0.045f, 0.05f};
  const glm::vec3 sunColour{40.0f, 26.0f, 14.0f};
  const glm::dvec3 sun = glm::normalize(glm::dvec3(0.75, 0.25, -0.6));
  std::vector<glm::vec3> texels(std::size_t(width) * height);
  for (std::uint32_t j = 0; j < height; ++j) {
    for (std::uint32_t i = 0; i < width; ++i) {
      const glm::dvec3 d = verify::sh::equirectDirection(i, j, width, height);
      glm::vec3 c;
      if (d.y >= 0) {
        c = glm::mix(horizon, zenith, float(std::pow(d.y, 0.45)));
      } else {
        c = glm::mix(horizon, ground, float(std::min(1.0, -d.y * 6.0)));
      }
      const double toSun = glm::dot(d, sun);
      c += sunColour * float(std::pow(std::max(toSun, 0.0), 2000.0)) + glm::vec3(0.9f, 0.55f, 0.3f) *
                                                                          float(std::pow(std::max(toSun, 0.0), 12.0));
      texels[std::size_t(j) * width + i] = c;
    }
  }
  return texels;
}

// A map file's bytes, read once. What is not a regular file is named for what it is, before it is
// read (a FIFO would block, /dev/zero never ends); a file larger than any map is not read at all.
std::vector<std::uint8_t> readMapFile(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    struct stat link {};
    if (error == ELOOP) throw std::runtime_error("is a loop of symbolic links");
    if (error == ENOENT && ::lstat(path.c_str(), &link) == 0) throw std::runtime_error("is a symbolic link to a missing file");
    if (error == ENOENT) throw std::runtime_error("no such file");
    throw std::runtime_error(std::string("cannot be opened (") + std::strerror(error) + ")");
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw std::runtime_error(std::string("cannot be read (") + std::strerror(errno) + ")");
  if (S_ISDIR(info.st_mode)) throw std::runtime_error("is a folder, not a file");
  if (S_ISFIFO(info.st_mode)) throw std::runtime_error("is a named pipe (FIFO), not a file");
  if (S_ISCHR(info.st_mode)) throw std::runtime_error("is a character device (like /dev/null or /dev/zero), not a file");
  if (S_ISBLK(info.st_mode)) throw std::runtime_error("is a block device, not a file");
  if (S_ISSOCK(info.st_mode)) throw std::runtime_error("is a socket, not a file");
  if (!S_ISREG(info.st_mode)) throw std::runtime_error("is not a regular file");
  if (info.st_size == 0) throw std::runtime_error("is empty");
  if (std::uint64_t(info.st_size) > kHdrMaxFileBytes) {
    throw std::runtime_error("is " + std::to_string(std::uint64_t(info.st_size) >> 20) + " MiB, more than any map this reader takes (" +
                             std::to_string(kHdrMaxWidth) + " x " + std::to_string(kHdrMaxHeight) + " texels, flat: " +
                             std::to_string(kHdrMaxFileBytes >> 20) + " MiB)");
  }
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(info.st_size));
  std::size_t done = 0;
  while (done < bytes.size()) {  // a file that shrinks meanwhile is read as far as it goes: the walk finds where it ends
    const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(std::string("cannot be read (") + std::strerror(errno) + ")");
    if (n == 0) break;
    done += std::size_t(n);
  }
  bytes.resize(done);
  return bytes;
}

// Radiance so large that the projection's float sums could overflow is held scaled by a power of
// two (exact: only exponents change); the exposure, which divides by the mean, makes up for it.
void scaleIfHuge(Environment& e) {
  float largest = 0;
  for (const glm::vec3& c : e.texels) largest = std::max({largest, c.r, c.g, c.b});
  if (!(largest > kLargestHeldRadiance)) return;
  e.exponent = std::ilogb(largest) - std::ilogb(kLargestHeldRadiance) + 1;  // the largest then below the bound
  for (glm::vec3& c : e.texels) c = glm::vec3(std::ldexp(c.r, -e.exponent), std::ldexp(c.g, -e.exponent), std::ldexp(c.b, -e.exponent));
  char text[160];
  std::snprintf(text, sizeof text, "radiance up to %.3g, held scaled by 2^-%d so that the projection's sums stay finite",
                double(largest), e.exponent);
  e.note = text;
}

struct CheckedFile {
  std::vector<std::uint8_t> bytes;
  HdrLayout layout;
};

// The file read, its structure walked and its shape checked; nothing decoded yet.
CheckedFile readAndCheck(const fs::path& path) {
  CheckedFile file{readMapFile(path), {}};
  file.layout = checkHdr(file.bytes);
  if (file.layout.width != 2 * file.layout.height || file.layout.height < 2) {
    throw std::runtime_error(std::to_string(file.layout.width) + " x " + std::to_string(file.layout.height) +
                             " texels; an equirectangular map is twice as wide as it is tall");
  }
  return file;
}

std::string describeFile(const fs::path& path) { return "environment file '" + path.string() + "'"; }

Environment fromFile(const fs::path& path, std::string name) {
  try {
    const CheckedFile file = readAndCheck(path);
    HdrImage image = decodeHdr(file.bytes, file.layout);
    Environment e;
    e.name = std::move(name);
    e.kind = EnvironmentKind::File;
    e.width = image.width;
    e.height = image.height;
    e.texels = std::move(image.texels);
    std::size_t bad = 0;
    bool black = true;
    for (const glm::vec3& c : e.texels) {
      if (!std::isfinite(c.r) || !std::isfinite(c.g) || !std::isfinite(c.b) || c.r < 0 || c.g < 0 || c.b < 0) ++bad;
      black = black && c.r == 0 && c.g == 0 && c.b == 0;
    }
    if (bad > 0) throw std::runtime_error(std::to_string(bad) + " texels are negative or not finite");
    scaleIfHuge(e);
    if (black) e.note = "every texel is black: the sky is black and nothing lights the flock";
    measure(e);
    return e;
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(describeFile(path) + ": " + e.what());
  }
}

}  // namespace

bool namesAFile(std::string_view nameOrFile) {
  return nameOrFile.find('/') != std::string_view::npos || hasMapExtension(nameOrFile);
}

fs::path shippedEnvironmentFolder() {
  for (const fs::path& folder : shippedFolderCandidates()) {
    if (isDirectoryWithMaps(folder)) return folder;
  }
  return {};
}

std::vector<std::string> shippedEnvironments() {
  std::vector<std::string> names;
  const fs::path folder = shippedEnvironmentFolder();
  if (folder.empty()) return names;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".hdr" && entry.is_regular_file(error)) names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> builtInEnvironments() { return {"sky", "constant", "upper-hemisphere", "single-texel"}; }

Environment builtInEnvironment(std::string_view name, std::uint32_t width, std::uint32_t height) {
  Environment e;
  e.name = std::string(name);
  e.width = width;
  e.height = height;
  if (name == "sky") {
    e.kind = EnvironmentKind::Sky;
    e.texels = skyTexels(width, height);
  } else if (name == "constant") {
    e.kind = EnvironmentKind::Constant;
    e.texels = verify::sh::constantEnvironment(width, height);
  } else if (name == "upper-hemisphere") {
    e.kind = EnvironmentKind::UpperHemisphere;
    e.texels = verify::sh::upperHemisphere(width, height);
  } else if (name == "single-texel") {
    e.kind = EnvironmentKind::SingleTexel;
    e.texels = verify::sh::singleTexel(width, height, singleTexelColumn(width), singleTexelRow(height), kSingleTexelRadiance);
  } else {
    throw std::runtime_error("'" + std::string(name) + "' is not a built-in environment");
  }
  measure(e);
  return e;
}

Environment loadEnvironment(std::string_view nameOrFile) {
  const std::string what(nameOrFile);
  const std::vector<std::string> builtIn = builtInEnvironments();
  if (std::find(builtIn.begin(), builtIn.end(), what) != builtIn.end()) {
    return builtInEnvironment(what, kBuiltInWidth, kBuiltInHeight);
  }
  const std::vector<std::string> shipped = shippedEnvironments();
  if (std::find(shipped.begin(), shipped.end(), what) != shipped.end()) {
    return fromFile(shippedEnvironmentFolder() / (what + ".hdr"), what);
  }
  if (namesAFile(what)) return fromFile(what, what);
  std::string known;
  for (const std::vector<std::string>* list : {&shipped, &builtIn}) {
    for (const std::string& n : *list) {
      if (!known.empty()) known += ", ";
      known += n;
    }
  }
  if (shipped.empty()) {  // the shipped maps are the usual names: without them, say where they were looked for
    std::string places;
    for (const fs::path& folder : shippedFolderCandidates()) places += (places.empty() ? "" : ", ") + folder.string();
    throw std::runtime_error("unknown environment '" + what + "': the shipped maps are missing (no .hdr files in " + places +
                             "); built in: " + known + "; or give a path to a .hdr file");
  }
  std::string message = "unknown environment '";
  message += what;
  message += "' (known: ";
  message += known;
  message += "; or a path to a .hdr file)";
  throw std::runtime_error(message);
}

std::string problemWithMapFile(const fs::path& file) {
  try {
    readAndCheck(file);
  } catch (const std::runtime_error& e) {
    return describeFile(file) + ": " + e.what();
  }
  return {};
}

std::optional<verify::sh::Coefficients> exactCoefficients(const Environment& e, double yaw) {
  switch (e.kind) {
    case EnvironmentKind::Constant: return verify::sh::constantCoefficients();
    case EnvironmentKind::UpperHemisphere: return verify::sh::upperHemisphereCoefficients();
    case EnvironmentKind::SingleTexel:
      return verify::sh::singleTexelCoefficients(e.width, e.height, singleTexelColumn(e.width), singleTexelRow(e.height),
                                                 kSingleTexelRadiance, yaw);
    default: return std::nullopt;
  }
}

double discretisationTolerance(const Environment& e) {
  switch (e.kind) {
    case EnvironmentKind::Constant:
    case EnvironmentKind::UpperHemisphere: return verify::sh::discretisationBound(e.height, 1.0);
    default: return 0.0;
  }
}

}  // namespace boids::lighting

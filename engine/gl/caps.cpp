#include "engine/gl/caps.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "engine/gl/gl.hpp"

namespace boids::gl {
namespace {
std::string glString(GLenum name) {
  const auto* s = reinterpret_cast<const char*>(glGetString(name));
  return s ? s : "";
}

// MemAvailable of /proc/meminfo, in bytes; 0 when unreadable.
std::int64_t systemMemoryAvailable() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    std::int64_t kib = 0;
    if (fields >> name >> kib && name == "MemAvailable:") return kib * 1024;
  }
  return 0;
}
}  // namespace

Caps Caps::query() {
  Caps c;
  glGetIntegerv(GL_MAJOR_VERSION, &c.major);
  glGetIntegerv(GL_MINOR_VERSION, &c.minor);
  c.version = glString(GL_VERSION);
  c.renderer = glString(GL_RENDERER);
  c.vendor = glString(GL_VENDOR);
  c.glslVersion = glString(GL_SHADING_LANGUAGE_VERSION);
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i) {
    if (const auto* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)))) {
      c.extensions.emplace(e);
    }
  }
  GLint64 ssbo = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &ssbo);
  c.maxShaderStorageBlockSize = ssbo;
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &c.maxComputeInvocations);
  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &c.maxComputeSharedMemory);
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &c.maxComputeGroupCountX);
  glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &c.timestampBits);
  GLint renderbuffer = 0, texture = 0, width = 0, height = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &texture);  // the offscreen colour is a texture
  glGetIntegerv(GL_MAX_FRAMEBUFFER_WIDTH, &width);
  glGetIntegerv(GL_MAX_FRAMEBUFFER_HEIGHT, &height);
  c.maxImageSide = std::min({renderbuffer, texture, width, height});
  glGetIntegerv(GL_MAX_IMAGE_SAMPLES, &c.maxImageSamples);
  if (!c.has("GL_KHR_shader_subgroup")) {
    c.subgroupArithmeticMissing = c.subgroupBallotMissing = c.subgroupShuffleMissing =
        "GL_KHR_shader_subgroup is not exposed by this driver";
  } else {
    GLint stages = 0, features = 0;
    glGetIntegerv(GL_SUBGROUP_SUPPORTED_STAGES_KHR, &stages);
    glGetIntegerv(GL_SUBGROUP_SUPPORTED_FEATURES_KHR, &features);
    glGetIntegerv(GL_SUBGROUP_SIZE_KHR, &c.subgroupSize);
    c.subgroupArithmeticMissing = !(stages & GL_COMPUTE_SHADER_BIT) ? "this driver has no subgroup operations in compute shaders"
                                  : !(features & GL_SUBGROUP_FEATURE_ARITHMETIC_BIT_KHR) ? "this driver has no subgroup arithmetic"
                                                                                         : "";
    c.subgroupBallotMissing = !(stages & GL_COMPUTE_SHADER_BIT) ? "this driver has no subgroup operations in compute shaders"
                              : !(features & GL_SUBGROUP_FEATURE_BALLOT_BIT_KHR) ? "this driver has no subgroup ballot"
                                                                                 : "";
    c.subgroupShuffleMissing = !(stages & GL_COMPUTE_SHADER_BIT) ? "this driver has no subgroup operations in compute shaders"
                               : !(features & GL_SUBGROUP_FEATURE_SHUFFLE_BIT_KHR) ? "this driver has no subgroup shuffle"
                                                                                   : "";
  }
  if (c.renderer.find("llvmpipe") != std::string::npos) c.loopIterationLimit = 65535;
  if (c.has("GL_NVX_gpu_memory_info")) {
    GLint kib = 0;
    glGetIntegerv(0x9049, &kib);  // GL_GPU_MEMORY_INFO_CURRENT_AVAILABLE_VIDMEM_NVX
    c.memoryAvailable = std::int64_t(kib) * 1024;
    c.memorySource = "GL_NVX_gpu_memory_info";
  } else if (c.has("GL_ATI_meminfo")) {
    GLint kib[4] = {};
    glGetIntegerv(0x87FC, kib);  // GL_TEXTURE_FREE_MEMORY_ATI: total free first
    c.memoryAvailable = std::int64_t(kib[0]) * 1024;
    c.memorySource = "GL_ATI_meminfo";
  } else if (c.softwareRenderer()) {
    c.memoryAvailable = systemMemoryAvailable();
    c.memorySource = "system memory (software renderer)";
  }
  // A smaller GPU on demand, to see (and test) the refusal of a flock that does not fit.
  if (const char* mib = std::getenv("BOIDS_GPU_MEMORY_MIB")) {
    const std::string text = mib;
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    // 0 is refused too: it would read as "unknown" and silently turn the check off.
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < 1 || value > (std::int64_t(1) << 40)) {
      c.memoryOverrideError = "BOIDS_GPU_MEMORY_MIB=" + (text.size() > 64 ? text.substr(0, 48) + "..." : text) +
                              ": not a whole number of MiB (1 to 2^40); unset it to use what the driver reports";
    } else {
      c.memoryAvailable = value * (std::int64_t(1) << 20);
      c.memorySource = "BOIDS_GPU_MEMORY_MIB";
    }
  }
  return c;
}

std::string Caps::summary() const { return version + " | " + renderer; }

}  // namespace boids::gl

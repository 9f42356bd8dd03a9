#pragma once
// What the current context offers, queried once after it is made current.
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

namespace boids::gl {

// Mesa's CPU rasterisers (llvmpipe, softpipe): correct, but their timers do not follow GPU work
// and they are orders of magnitude slower than a GPU.
inline bool isSoftwareRenderer(std::string_view renderer) {
  return renderer.find("llvmpipe") != renderer.npos || renderer.find("softpipe") != renderer.npos;
}

struct Caps {
  int major = 0, minor = 0;
  std::string version, renderer, vendor, glslVersion;
  std::set<std::string, std::less<>> extensions;
  std::int64_t maxShaderStorageBlockSize = 0;  // bytes one SSBO binding may span
  int maxComputeInvocations = 0;
  int maxComputeSharedMemory = 0;
  int maxComputeGroupCountX = 0;
  int timestampBits = 0;  // GL_QUERY_COUNTER_BITS for GL_TIMESTAMP; 0 = no timer
  int maxImageSide = 0;   // the largest offscreen image side: min of the renderbuffer, texture and framebuffer limits
  int maxImageSamples = 0;  // the most samples an image a shader stores to may have (GL_MAX_IMAGE_SAMPLES)
  // Why compute shaders cannot use subgroup arithmetic (GL_KHR_shader_subgroup) here; empty when they can.
  std::string subgroupArithmeticMissing = "not queried";
  std::string subgroupBallotMissing = "not queried";  // the same for subgroupBallot and friends
  std::string subgroupShuffleMissing = "not queried";  // the same for subgroupShuffle
  int subgroupSize = 0;  // invocations a subgroup holds (GL_SUBGROUP_SIZE_KHR); 0 without subgroups
  // Loop iterations one shader invocation may run in all, across all its loops; 0 = no limit known.
  // Mesa's llvmpipe stops looping silently after 65535 (gallivm's LP_MAX_TGSI_LOOP_ITERATIONS,
  // one budget per invocation; measured here: two loops of 40000 run 40000 and 25534 times).
  std::uint64_t loopIterationLimit = 0;
  // Memory free for new buffers, in bytes, and where the number comes from; 0 = unknown (no
  // GL_NVX_gpu_memory_info or GL_ATI_meminfo). A software renderer's memory is the system's.
  // BOIDS_GPU_MEMORY_MIB in the environment overrides it (to try out the refusal of big flocks);
  // a value that is not a whole number of MiB leaves it alone and says why in memoryOverrideError.
  std::int64_t memoryAvailable = 0;
  std::string memorySource;
  std::string memoryOverrideError;

  static Caps query();
  bool has(std::string_view extension) const { return extensions.find(extension) != extensions.end(); }
  bool atLeast(int wantMajor, int wantMinor) const {
    return major > wantMajor || (major == wantMajor && minor >= wantMinor);
  }
  std::string summary() const;  // "4.6.0 NVIDIA 580.. | NVIDIA H100 ..."
  bool softwareRenderer() const { return isSoftwareRenderer(renderer); }
};

}  // namespace boids::gl

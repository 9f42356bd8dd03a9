#pragma once
#include <span>
#include <string_view>

namespace boids::gl {

struct EmbeddedFile {
  std::string_view path;  // relative to its folder, e.g. "sim/sim_step.comp" under shaders/
  std::string_view text;
};

// Every file under shaders/, as it was when the binary was built (cmake/EmbedFiles.cmake).
std::span<const EmbeddedFile> embeddedShaderFiles();

}  // namespace boids::gl

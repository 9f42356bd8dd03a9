#pragma once
// Shader sources by path (embedded at build time, or read from disk for live reload), with the
// small preprocessor GLSL lacks: #include "path" of shared files (C++ and GLSL share
// shaders/common/*.h), #include NAME of the file an injected define names (how a generic kernel
// takes its payload), #define injection from C++ constants, and #line directives so that a
// driver's error log can be mapped back to file and line.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace boids::gl {

using Defines = std::vector<std::pair<std::string, std::string>>;

struct PreprocessedSource {
  std::string text;
  std::vector<std::string> files;  // GLSL source-string number (the 2nd #line argument) -> file path
};

class ShaderLibrary {
 public:
  static ShaderLibrary embedded();
  // Reads every shader file under dir; throws std::runtime_error naming the directory when unusable.
  static ShaderLibrary fromDirectory(const std::filesystem::path& dir);
  // Where development builds find shaders/ on disk (empty when built without a source tree).
  static std::filesystem::path sourceDirectory();

  void add(std::string path, std::string text) { files_[std::move(path)] = std::move(text); }
  const std::string* find(std::string_view path) const;
  const std::string& origin() const { return origin_; }
  std::size_t size() const { return files_.size(); }

  // Throws std::runtime_error on a missing file, a missing #version or an include cycle.
  PreprocessedSource preprocess(std::string_view path, const Defines& defines = {}) const;

 private:
  // Appends text (the file at path, from its line firstLine on) with includes expanded.
  void expand(const std::string& path, std::string_view text, int firstLine, const Defines& defines, std::string& out,
              std::vector<std::string>& files, std::vector<std::string>& stack) const;

  std::map<std::string, std::string, std::less<>> files_;
  std::string origin_ = "memory";
};

// Rewrites the locations in a driver's info log, "0:12(5):" (Mesa) or "0(12) :" (NVIDIA), into
// "sim/sim_step.comp:12:" using the source-string table from preprocess(). Other lines pass through.
std::string annotateLog(std::string_view log, const std::vector<std::string>& files);

}  // namespace boids::gl

#include "engine/gl/shader_library.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "engine/gl/embedded_shaders.hpp"

namespace boids::gl {
namespace {

constexpr std::size_t kMaxIncludeDepth = 16;

std::string parentOf(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

std::string normalise(const std::string& path) {
  return std::filesystem::path(path).lexically_normal().generic_string();
}

bool isShaderFile(const std::filesystem::path& p) {
  static const char* kExtensions[] = {".comp", ".vert", ".frag", ".geom", ".glsl", ".h"};
  return std::any_of(std::begin(kExtensions), std::end(kExtensions),
                     [&](const char* e) { return p.extension() == e; });
}

}  // namespace

ShaderLibrary ShaderLibrary::embedded() {
  ShaderLibrary lib;
  for (const EmbeddedFile& f : embeddedShaderFiles()) lib.add(std::string(f.path), std::string(f.text));
  lib.origin_ = "embedded";
  return lib;
}

std::filesystem::path ShaderLibrary::sourceDirectory() {
#ifdef BOIDS_SHADER_SOURCE_DIR
  return BOIDS_SHADER_SOURCE_DIR;
#else
  return {};
#endif
}

ShaderLibrary ShaderLibrary::fromDirectory(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw std::runtime_error("shader directory '" + dir.string() + "' does not exist or is not a directory");
  }
  ShaderLibrary lib;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file() || !isShaderFile(entry.path())) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    if (!in) throw std::runtime_error("cannot read shader file '" + entry.path().string() + "'");
    std::ostringstream text;
    text << in.rdbuf();
    lib.add(std::filesystem::relative(entry.path(), dir).generic_string(), text.str());
  }
  if (lib.size() == 0) throw std::runtime_error("shader directory '" + dir.string() + "' holds no shader files");
  lib.origin_ = dir.string();
  return lib;
}

const std::string* ShaderLibrary::find(std::string_view path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

PreprocessedSource ShaderLibrary::preprocess(std::string_view path, const Defines& defines) const {
  const std::string* text = find(path);
  if (!text) throw std::runtime_error("shader '" + std::string(path) + "' not found in " + origin_);

  // The #version line comes first, after comments and blank lines only (GLSL 4.30, 3.3); injected
  // defines go right after it, then a #line that puts the compiler back on the file's own next
  // line (GLSL >= 3.30: #line N names the next line).
  std::istringstream in(*text);
  std::string line;
  int number = 0;
  bool inComment = false;
  while (std::getline(in, line)) {
    ++number;
    std::string_view rest = line;
    for (;;) {  // what is left of the line once its comments are taken out
      rest.remove_prefix(std::min(rest.find_first_not_of(" \t\r"), rest.size()));
      if (inComment) {
        const std::size_t end = rest.find("*/");
        if (end == std::string_view::npos) {
          rest = {};
          break;
        }
        rest.remove_prefix(end + 2);
        inComment = false;
      } else if (rest.starts_with("/*")) {
        rest.remove_prefix(2);
        inComment = true;
      } else {
        break;
      }
    }
    if (rest.empty() || rest.starts_with("//")) continue;
    if (!rest.starts_with("#version")) break;
    PreprocessedSource out;
    out.text = std::string(rest) + "\n";
    for (const auto& [name, value] : defines) out.text += "#define " + name + " " + value + "\n";
    std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> stack;
    expand(std::string(path), body, number + 1, defines, out.text, out.files, stack);
    return out;
  }
  throw std::runtime_error("shader '" + std::string(path) + "' must start with a #version line (comments and blank lines may come before it)");
}

void ShaderLibrary::expand(const std::string& path, std::string_view text, int firstLine, const Defines& defines,
                           std::string& out, std::vector<std::string>& files, std::vector<std::string>& stack) const {
  if (std::find(stack.begin(), stack.end(), path) != stack.end() || stack.size() > kMaxIncludeDepth) {
    std::string chain;
    for (const auto& s : stack) chain += s + " -> ";
    throw std::runtime_error("shader include cycle: " + chain + path);
  }
  const int index = static_cast<int>(files.size());
  files.push_back(path);
  stack.push_back(path);
  out += "#line " + std::to_string(firstLine) + " " + std::to_string(index) + "\n";

  static const std::regex kInclude(R"(^\s*#\s*include\s+"([^"]+)\"\s*$)");
  // #include NAME: the file named by an injected define (NAME "path"), e.g. a reduction's payload.
  static const std::regex kIncludeDefine(R"(^\s*#\s*include\s+([A-Za-z_][A-Za-z_0-9]*)\s*$)");
  static const std::regex kPragmaOnce(R"(^\s*#\s*pragma\s+once\s*$)");
  std::istringstream in{std::string(text)};
  std::string line;
  int lineNo = firstLine - 1;
  while (std::getline(in, line)) {
    ++lineNo;
    std::smatch m;
    std::string named;
    if (std::regex_match(line, m, kIncludeDefine)) {
      auto it = std::find_if(defines.begin(), defines.end(), [&](const auto& d) { return d.first == m[1].str(); });
      const bool quoted = it != defines.end() && it->second.size() >= 2 && it->second.front() == '"' && it->second.back() == '"';
      if (!quoted) {
        throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": #include " + m[1].str() +
                                 " needs the program's defines to give " + m[1].str() + " as a quoted file name");
      }
      named = it->second.substr(1, it->second.size() - 2);
    } else if (std::regex_match(line, m, kInclude)) {
      named = m[1].str();
    }
    if (!named.empty()) {
      // Resolve against the including file's folder first, then against shaders/.
      std::string target = normalise(parentOf(path) + named);
      if (!find(target)) target = normalise(named);
      if (!find(target)) {
        throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": #include \"" + named + "\" not found in " +
                                 origin_);
      }
      // Include guards in the shared headers make repeated includes harmless.
      expand(target, *find(target), 1, defines, out, files, stack);
      out += "#line " + std::to_string(lineNo + 1) + " " + std::to_string(index) + "\n";
    } else if (std::regex_match(line, kPragmaOnce)) {
      out += "\n";
    } else {
      out += line + "\n";
    }
  }
  stack.pop_back();
}

std::string annotateLog(std::string_view log, const std::vector<std::string>& files) {
  static const std::regex kMesa(R"(^(\d+):(\d+)\((\d+)\):\s*(.*)$)");  // 0:12(5): error: ...
  static const std::regex kNvidia(R"(^(\d+)\((\d+)\)\s*:\s*(.*)$)");   // 0(12) : error C0000: ...
  auto name = [&](const std::string& index) {
    std::size_t i = std::stoul(index);
    return i < files.size() ? files[i] : "<source " + index + ">";
  };
  std::istringstream in{std::string(log)};
  std::string line, out;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, kMesa)) {
      out += name(m[1]) + ":" + m[2].str() + ":" + m[3].str() + ": " + m[4].str();
    } else if (std::regex_match(line, m, kNvidia)) {
      out += name(m[1]) + ":" + m[2].str() + ": " + m[3].str();
    } else {
      out += line;
    }
    out += "\n";
  }
  return out;
}

}  // namespace boids::gl

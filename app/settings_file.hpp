#pragma once
// Settings as JSON documents: presets (shipped or files), the panel's Save and Load, and the
// saved settings of the last windowed run. Every problem is reported at its file, line and column.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/settings.hpp"
#include "engine/gl/embedded_shaders.hpp"

namespace boids::app {

inline constexpr int kSettingsFormat = 1;
// A settings document is a few KB and three levels deep ({"camera": {"target": [x, y, z]}}):
// larger or deeper input is refused before it is parsed, so parsing stays linear in time and memory.
inline constexpr std::size_t kMaxSettingsBytes = 1 << 20;
inline constexpr int kMaxSettingsDepth = 64;

struct FileError {
  std::string file;
  int line = 0, column = 0;  // 1-based; 0 when the problem is the file as a whole
  std::string message;
  std::string text() const;  // "file:line:column: message"
};

struct ParsedFile {
  std::optional<Layer> layer;         // empty on error
  std::optional<FileError> error;
  std::vector<std::string> warnings;  // unknown keys and sections, values set aside: "file:line:column: ..."
  std::vector<std::string> setAside;  // keys of values set aside (Values::SetAside)
  std::string name, description;      // the preset's own
  bool shipped = false;               // one of presets/, built in (its count scales to a software renderer)
};

// What a value that does not suit its setting does to the document.
enum class Values {
  Refuse,    // the whole document is refused (a preset: the user is there to fix it)
  SetAside,  // that value is left out with a warning, the rest is used (the saved settings: a
             // value this version refuses, e.g. after a range changed, costs the user nothing else)
};

// A preset or settings document. Syntax errors, NUL bytes, nesting deeper than kMaxSettingsDepth,
// numbers beyond a double, a key given twice and (with Values::Refuse) wrong types and values out
// of range are errors; unknown keys are warnings.
ParsedFile parseSettingsText(std::string_view text, const std::string& source, Values values = Values::Refuse);
ParsedFile loadSettingsFile(const std::filesystem::path& file, Values values = Values::Refuse);

// A preset file: loadSettingsFile, with an environment map named by a relative path taken as
// relative to the preset's folder (not the one the app runs in).
ParsedFile loadPresetFile(const std::filesystem::path& file);

// The document Save writes: every setting, grouped by section, with the format version. A text
// value that is not valid UTF-8 (a map's file name on Linux may be any bytes) is left out, said in
// `leftOut` ("environment (...)"), since JSON cannot hold it.
std::string settingsJson(const AppSettings& s, std::string_view name = {}, std::string_view description = {},
                         std::vector<std::string>* leftOut = nullptr);

// The presets shipped in presets/, built into the binary (cmake/EmbedFiles.cmake).
std::span<const gl::EmbeddedFile> shippedPresetFiles();
// The preset the window and the demo start from when no --preset is given.
inline constexpr const char* kStartPreset = "murmuration";

// A shipped preset by name ("murmuration" for presets/murmuration.json), or null.
const gl::EmbeddedFile* findShippedPreset(std::string_view name);
// --preset's argument: a shipped preset's name, else a file.
ParsedFile loadPreset(std::string_view nameOrFile);

}  // namespace boids::app

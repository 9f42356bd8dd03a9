#include "app/settings_file.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <system_error>

#include "app/text.hpp"
#include "engine/lighting/environment.hpp"

namespace boids::app {

using nlohmann::json;

std::string FileError::text() const {
  if (line <= 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

namespace {

struct Position {
  int line = 0, column = 0;
};

// Line and column of byte offsets, from the line starts found once (a document may hold many
// warnings: each is a binary search, not a walk from the start).
class Lines {
 public:
  explicit Lines(std::string_view text) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') starts_.push_back(i + 1);
    }
  }
  Position at(std::size_t offset) const {
    const auto next = std::upper_bound(starts_.begin(), starts_.end(), offset);
    const std::size_t line = static_cast<std::size_t>(next - starts_.begin());  // 1-based
    return {static_cast<int>(line), static_cast<int>(offset - starts_[line - 1]) + 1};
  }

 private:
  std::vector<std::size_t> starts_;
};

// One pass over the text before nlohmann::json sees it (it keeps no positions, takes the last of
// a key given twice, and would walk any depth): where each key of the first two levels starts,
// keys given twice there, NUL bytes, nesting deeper than kMaxSettingsDepth and numbers beyond a
// double. Linear in the text; stops at the first problem.
using KeyPath = std::vector<std::string>;  // {"simulation"}, {"simulation", "count"}

struct Scan {
  std::map<KeyPath, std::size_t> keys;  // -> offset of the key's opening quote
  std::size_t problemAt = 0;
  std::string problem;  // empty: none
};

// The string starting at text[i] == '"', escapes decoded (enough to compare keys); i ends on the
// closing quote (or the end).
std::string readString(std::string_view text, std::size_t& i) {
  std::string value;
  for (++i; i < text.size() && text[i] != '"'; ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      value += text[i];
      continue;
    }
    const char e = text[++i];
    switch (e) {
      case 'n': value += '\n'; break;
      case 't': value += '\t'; break;
      case 'r': value += '\r'; break;
      case 'b': value += '\b'; break;
      case 'f': value += '\f'; break;
      case 'u': {  // as UTF-8, so keys compare as nlohmann::json holds them (surrogates left as they are)
        unsigned code = 0;
        for (int k = 0; k < 4 && i + 1 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])); ++k) {
          const char h = text[++i];
          code = code * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
        }
        if (code < 0x80) {
          value += static_cast<char>(code);
        } else if (code < 0x800) {
          value += static_cast<char>(0xC0 | (code >> 6));
          value += static_cast<char>(0x80 | (code & 0x3F));
        } else {
          value += static_cast<char>(0xE0 | (code >> 12));
          value += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
          value += static_cast<char>(0x80 | (code & 0x3F));
        }
        break;
      }
      default: value += e;  // \" \\ \/
    }
  }
  return value;
}

Scan scan(std::string_view text, const Lines& lines) {
  Scan out;
  struct Frame {
    bool object;
    bool recorded;  // its keys are recorded: an object at depth 1 or 2 inside objects only
    KeyPath path;   // of the object itself
    std::string key;
  };
  std::vector<Frame> stack;
  bool expectKey = false;
  auto fail = [&](std::size_t at, std::string message) {
    out.problemAt = at;
    out.problem = std::move(message);
    return out;
  };
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) return fail(nul, "holds a NUL byte: not a text file");
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t start = i;
      const std::string value = readString(text, i);
      if (!stack.empty() && stack.back().object && expectKey) {
        Frame& f = stack.back();
        f.key = value;
        expectKey = false;
        if (!f.recorded) continue;
        KeyPath path = f.path;
        path.push_back(value);
        const auto [it, fresh] = out.keys.emplace(path, start);
        if (!fresh) {
          const Position first = lines.at(it->second);
          const std::string where = "(first at " + std::to_string(first.line) + ":" + std::to_string(first.column) + ")";
          if (f.path.empty()) return fail(start, "section '" + shorten(value) + "' is given twice " + where + "; merge them");
          return fail(start, shorten(f.path[0] + "." + value) + " is given twice " + where);
        }
      }
    } else if (c == '{' || c == '[') {
      if (static_cast<int>(stack.size()) + 1 > kMaxSettingsDepth) {
        return fail(i, "nested deeper than " + std::to_string(kMaxSettingsDepth) + " levels: not a settings document");
      }
      const bool recorded = c == '{' && stack.size() < 2 && (stack.empty() || (stack.back().object && stack.back().recorded));
      KeyPath path;
      if (recorded && !stack.empty()) {
        path = stack.back().path;
        path.push_back(stack.back().key);
      }
      stack.push_back({c == '{', recorded, std::move(path), {}});
      expectKey = c == '{';
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      expectKey = false;
    } else if (c == ',') {
      expectKey = !stack.empty() && stack.back().object;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t end = i;
      while (end < text.size() && std::strchr("0123456789+-.eE", text[end]) != nullptr) ++end;
      const std::string token(text.substr(i, end - i));
      const double v = std::strtod(token.c_str(), nullptr);
      if (std::isinf(v)) return fail(i, "the number " + shorten(token) + " is too large (beyond a double)");
      i = end - 1;
    }
  }
  return out;
}

bool knownSection(std::string_view name) {
  for (const SettingInfo& s : settingsTable()) {
    if (name == s.section) return true;
  }
  return false;
}

// nlohmann's parse error in our words: what was wrong ("invalid literal") and the text it ended
// on, whole words. (Its message also names the line and column; ours puts them where editors look.)
//   "[json.exception.parse_error.101] parse error at line 1, column 29: syntax error while parsing
//    value - invalid literal; last read: '{"count": tru}'"
std::string syntaxProblem(std::string_view what) {
  const std::size_t dash = what.find(" - ");
  std::string_view reason = dash == std::string_view::npos ? what : what.substr(dash + 3);
  std::string_view lastRead;
  if (const std::size_t at = reason.find("; last read: '"); at != std::string_view::npos) {
    lastRead = reason.substr(at + 14);
    if (lastRead.ends_with('\'')) lastRead.remove_suffix(1);
    reason = reason.substr(0, at);
  }
  if (reason.size() > 80) reason = "a syntax error";  // not a message we know the shape of
  std::string out(reason);
  if (!lastRead.empty()) {
    constexpr std::size_t kTail = 24;
    std::size_t from = lastRead.size() > kTail ? lastRead.size() - kTail : 0;
    while (from > 0 && (static_cast<unsigned char>(lastRead[from]) & 0xC0) == 0x80) --from;  // whole UTF-8 characters
    out += std::string(" (read as far as ") + (from > 0 ? "'..." : "'") + std::string(lastRead.substr(from)) + "')";
  }
  return out;
}

// A value as a message shows it: scalars as written, containers by their kind.
std::string shortText(const json& v) {
  if (v.is_array()) return "[...]";
  if (v.is_object()) return "{...}";
  return shorten(v.dump());
}

constexpr std::size_t kMostWarnings = 20;  // then one line saying how many more

// Why a file's format version ("boids-preset") cannot be read here; empty when it can.
std::string versionProblem(const json& version) {
  if (!version.is_number_unsigned()) {
    return "boids-preset " + shortText(version) + ": must be the format's version, a whole number (" +
           std::to_string(kSettingsFormat) + " for this boids)";
  }
  if (version.get<std::uint64_t>() > std::uint64_t(kSettingsFormat)) {
    return "boids-preset: format " + shortText(version) + " is newer than this boids reads (" + std::to_string(kSettingsFormat) + ")";
  }
  return {};
}

}  // namespace

ParsedFile parseSettingsText(std::string_view text, const std::string& source, Values values) {
  ParsedFile out;
  const Lines lines(text);
  auto errorAt = [&](std::size_t offset, std::string message) {
    const Position p = lines.at(std::min(offset, text.size()));
    out.error = FileError{source, p.line, p.column, std::move(message)};
    return out;
  };
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    out.error = FileError{source, 1, 1, "not valid JSON: the file is empty"};
    return out;
  }
  const Scan scanned = scan(text, lines);
  if (!scanned.problem.empty()) return errorAt(scanned.problemAt, scanned.problem);
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    return errorAt(e.byte > 0 ? e.byte - 1 : 0, "not valid JSON: " + syntaxProblem(e.what()));
  } catch (const json::exception& e) {  // the scan leaves none expected; kept as a file-level error
    out.error = FileError{source, 0, 0, std::string("not usable JSON: ") + e.what()};
    return out;
  }
  auto at = [&](const KeyPath& path, std::string message) {
    auto it = scanned.keys.find(path);
    const Position p = it == scanned.keys.end() ? Position{} : lines.at(it->second);
    return FileError{source, p.line, p.column, std::move(message)};
  };
  std::size_t unshown = 0;
  auto warn = [&](FileError w) {
    if (out.warnings.size() < kMostWarnings) {
      out.warnings.push_back(w.text());
    } else {
      ++unshown;
    }
  };
  if (!doc.is_object()) {
    out.error = FileError{source, 1, 1, "must hold a JSON object ({\"simulation\": {...}, ...})"};
    return out;
  }
  if (doc.contains("boids-preset")) {
    if (std::string why = versionProblem(doc["boids-preset"]); !why.empty()) {
      out.error = at({"boids-preset"}, why);
      return out;
    }
  }
  Layer layer{source, {}};
  for (auto& [section, body] : doc.items()) {
    if (section == "boids-preset") continue;
    if (section == "name" || section == "description") {
      if (!body.is_string()) {
        out.error = at({section}, section + ": must be a string");
        return out;
      }
      (section == "name" ? out.name : out.description) = body.get<std::string>();
      continue;
    }
    if (!knownSection(section)) {
      warn(at({section}, "unknown section '" + shorten(section) + "' ignored"));
      continue;
    }
    if (!body.is_object()) {
      out.error = at({section}, section + ": must be an object of settings");
      return out;
    }
    for (auto& [name, value] : body.items()) {
      const SettingInfo* setting = nullptr;
      for (const SettingInfo& s : settingsTable()) {
        if (section == s.section && name == s.name) setting = &s;
      }
      const KeyPath path = {section, name};
      if (!setting) {
        warn(at(path, "unknown setting '" + section + "." + shorten(name) + "' ignored"));
        continue;
      }
      const std::string shown = section + "." + name + " " + shortText(value);
      if (std::string problem = checkValue(*setting, value); !problem.empty()) {
        if (values == Values::Refuse) {
          out.error = at(path, shown + ": " + problem);
          return out;
        }
        warn(at(path, shown + ": " + problem + "; set aside, the rest is used"));
        out.setAside.push_back(setting->key);
        continue;
      }
      const FileError place = at(path, "");
      const std::string origin = place.line > 0 ? place.text() + shown : source + ": " + shown;
      layer.add(*setting, normalised(*setting, value), origin);
    }
  }
  if (unshown > 0) out.warnings.push_back(source + ": " + std::to_string(unshown) + " more warnings like these");
  out.layer = std::move(layer);
  return out;
}

ParsedFile loadSettingsFile(const std::filesystem::path& file, Values values) {
  const std::string name = file.string();
  auto failure = [&](std::string message) {
    ParsedFile out;
    out.error = FileError{name, 0, 0, std::move(message)};
    return out;
  };
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) return failure("is a folder, not a settings file");
  if (std::filesystem::exists(file, ec) && !std::filesystem::is_regular_file(file, ec)) {  // a FIFO, a device
    return failure("is not a regular file");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return failure("cannot be read (" + std::string(std::strerror(errno)) + ")");
  std::string text(kMaxSettingsBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  if (text.size() > kMaxSettingsBytes) return failure("is larger than 1 MiB; not a settings file");
  return parseSettingsText(text, name, values);
}

ParsedFile loadPresetFile(const std::filesystem::path& file) {
  ParsedFile parsed = loadSettingsFile(file);
  if (!parsed.layer) return parsed;
  // A map named by a relative path is the preset's neighbour, wherever the app was started.
  for (Assignment& a : parsed.layer->values) {
    if (std::string_view(a.setting->key) != "environment") continue;
    const std::filesystem::path map = a.value.get<std::string>();
    if (lighting::namesAFile(map.string()) && map.is_relative() && file.has_parent_path()) {
      a.value = (file.parent_path() / map).lexically_normal().string();
    }
  }
  return parsed;
}

std::string settingsJson(const AppSettings& s, std::string_view name, std::string_view description,
                         std::vector<std::string>* leftOut) {
  json doc = json::object();
  doc["boids-preset"] = kSettingsFormat;
  if (!name.empty()) doc["name"] = name;
  if (!description.empty()) doc["description"] = description;
  // keep-flock-size: the spacing written as for 16384 birds, as it is read back (resolve()).
  AppSettings written = s;
  if (s.keepFlockSize) {
    for (const FlockSizeSetting& f : kFlockSizeSettings) f.of(written) /= sim::spacingScale(s.sim.count);
  }
  for (const SettingInfo& info : settingsTable()) {
    json value = valueOf(info, written);
    if (value.is_string() && !validUtf8(value.get<std::string>())) {
      if (leftOut) leftOut->push_back(std::string(info.key) + " (its name is not valid UTF-8, which a JSON file cannot hold)");
      continue;
    }
    doc[info.section][info.name] = std::move(value);
  }
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";  // name, description: shown with U+FFFD
}

const gl::EmbeddedFile* findShippedPreset(std::string_view name) {
  for (const gl::EmbeddedFile& f : shippedPresetFiles()) {
    if (f.path == std::string(name) + ".json") return &f;
  }
  return nullptr;
}

ParsedFile loadPreset(std::string_view nameOrFile) {
  if (nameOrFile.empty()) {
    ParsedFile out;
    out.error = FileError{"--preset", 0, 0, "empty; give a shipped preset's name or a file"};
    return out;
  }
  if (const gl::EmbeddedFile* shipped = findShippedPreset(nameOrFile)) {
    ParsedFile parsed = parseSettingsText(shipped->text, "preset '" + std::string(nameOrFile) + "'");
    parsed.shipped = true;
    return parsed;
  }
  std::error_code ec;
  if (!std::filesystem::exists(nameOrFile, ec)) {
    std::string names;
    for (const gl::EmbeddedFile& f : shippedPresetFiles()) {
      names += (names.empty() ? "" : ", ") + std::string(f.path.substr(0, f.path.size() - 5));
    }
    ParsedFile out;
    out.error = FileError{shorten(nameOrFile), 0, 0, "no such file, and no shipped preset of that name (shipped: " + names + ")"};
    return out;
  }
  return loadPresetFile(nameOrFile);
}

}  // namespace boids::app

// libFuzzer target: the settings/preset parser. Any bytes must give either settings or an error
// with a position inside the text, never a crash; and settings that resolve must survive a save
// and a load unchanged.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/settings_file.hpp"

using namespace boids;

namespace {

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "fuzz_settings: %s\n", what);
  std::abort();
}

// The yaws are angles, saved in [-180, 180] degrees from a float in radians: at the ends one float
// apart reads as -180 once and 180 after a save and a load ({"camera": {"yaw": -180}}, found by
// this fuzzer), the same angle. They are compared modulo 360.
bool periodic(std::string_view key) { return key == "camera-yaw" || key == "environment-yaw"; }

bool close(const nlohmann::json& a, const nlohmann::json& b, bool modulo360 = false) {
  if (a.is_number() && b.is_number()) {
    const double x = a.get<double>(), y = b.get<double>();
    const double difference = modulo360 ? std::remainder(x - y, 360.0) : x - y;
    return std::fabs(difference) <= 1e-4 * std::max(1.0, std::fabs(x));
  }
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!close(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const app::ParsedFile parsed = app::parseSettingsText(text, "fuzz.json");
  if (parsed.layer.has_value() == parsed.error.has_value()) broken("neither settings nor an error, or both");
  // The saved settings' reading: values set aside instead of refused, never more errors than a preset.
  const app::ParsedFile lenient = app::parseSettingsText(text, "saved.json", app::Values::SetAside);
  if (lenient.layer.has_value() == lenient.error.has_value()) broken("lenient: neither settings nor an error, or both");
  if (parsed.layer && !lenient.layer) broken("a document a preset accepts is refused as saved settings");
  if (lenient.layer) {
    for (const std::string& key : lenient.setAside) {
      if (!app::findSetting(key) || lenient.layer->has(key)) broken("a set-aside key that is no setting, or was used");
    }
    const app::Layer lenientLayers[] = {*lenient.layer};
    app::resolve(lenientLayers);
  }
  if (parsed.error) {
    const long newlines = std::count(text.begin(), text.end(), '\n');
    if (parsed.error->line < 0 || parsed.error->line > newlines + 1) broken("error line outside the text");
    if (parsed.error->line > 0 && parsed.error->column < 1) broken("a line without a column");
    return 0;
  }
  const app::Layer layers[] = {*parsed.layer};
  const app::Resolved resolved = app::resolve(layers);
  app::overlay(app::resolve({}).settings, *parsed.layer);
  if (!resolved.error.empty()) return 0;
  if (!sim::validate(resolved.settings.sim).empty()) broken("resolved settings that do not validate");

  const app::ParsedFile again = app::parseSettingsText(app::settingsJson(resolved.settings), "saved.json");
  if (!again.layer || !again.warnings.empty()) broken("a saved document does not load cleanly");
  const app::Layer savedLayers[] = {*again.layer};
  const app::Resolved back = app::resolve(savedLayers);
  if (!back.error.empty()) broken("a saved document does not resolve");
  for (const app::SettingInfo& s : app::settingsTable()) {
    if (!close(app::valueOf(s, back.settings), app::valueOf(s, resolved.settings), periodic(s.key))) broken(s.key);
  }
  return 0;
}

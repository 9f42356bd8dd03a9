#include "app/panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>

#include <imgui.h>
#include <imgui_stdlib.h>
#include <glm/common.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/trigonometric.hpp>

#include "app/panel_watch.hpp"
#include "app/stages.hpp"
#include "engine/frame.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "shaders/cull/cull_slots.h"

namespace boids::app {
namespace {

void plotHistory(const char* label, const std::deque<float>& history, const char* overlay, float height) {
  std::vector<float> values(history.begin(), history.end());
  float top = values.empty() ? 1.0f : *std::max_element(values.begin(), values.end());
  ImGui::PlotLines(label, values.data(), static_cast<int>(values.size()), 0, overlay, 0.0f, top * 1.15f + 1e-3f,
                   ImVec2(0, height));
}

const ImVec4 kPass(0.35f, 0.9f, 0.45f, 1.0f), kFail(1.0f, 0.35f, 0.3f, 1.0f), kDim(0.6f, 0.6f, 0.6f, 1.0f),
    kWeak(1.0f, 0.8f, 0.3f, 1.0f);

bool isLabPass(const std::string& name) { return name.rfind("lab/", 0) == 0; }
// A lab pass (extra work beside the frame) or a part of the render pass (shown in the culling
// section): neither is a pass of the frame's sum.
bool outsideFrameSum(const std::string& name) { return isLabPass(name) || render::isDrawPart(name); }

// The shipped preset the selector starts on: the one with the fewest boids, which loads quickly on
// any machine (never the million-boid benchmark).
int lightestShippedPreset() {
  const auto shipped = shippedPresetFiles();
  int best = 0;
  std::uint64_t fewest = UINT64_MAX;
  for (std::size_t i = 0; i < shipped.size(); ++i) {
    const ParsedFile parsed = parseSettingsText(shipped[i].text, std::string(shipped[i].path));
    const Assignment* count = parsed.layer ? parsed.layer->find("count") : nullptr;
    const std::uint64_t n = count ? count->value.get<std::uint64_t>() : UINT64_MAX - 1;
    if (n < fewest) fewest = n, best = int(i);
  }
  return best;
}

// A combo over a choice setting of the settings table: its choices in the table's order, shown by
// their labels, assigned as the command line and presets assign them.
void choiceCombo(const char* label, const char* key, AppSettings& app) {
  const SettingInfo& s = *findSetting(key);
  const std::string current = valueOf(s, app).get<std::string>();
  const auto at = static_cast<std::size_t>(std::find(s.choices.begin(), s.choices.end(), current) - s.choices.begin());
  auto shown = [&](std::size_t i) { return (s.labels.size() == s.choices.size() ? s.labels : s.choices)[i].c_str(); };
  if (ImGui::BeginCombo(label, at < s.choices.size() ? shown(at) : current.c_str())) {
    for (std::size_t i = 0; i < s.choices.size(); ++i) {
      if (ImGui::Selectable(shown(i), i == at)) assign(s, app, nlohmann::json(s.choices[i]));
    }
    ImGui::EndCombo();
  } else if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s (--%s)", s.help, s.key);
  }
}

// A combo over a registry of variants (primitives/registry.hpp): each by its name, those this
// context cannot run greyed with the reason in their tooltip; `more(v)` adds to a tooltip.
template <class Entry, class More>
void variantCombo(const char* label, std::string& current, std::span<const Entry> variants, const gl::Caps& caps,
                  More more) {
  if (!ImGui::BeginCombo(label, current.c_str())) return;
  for (const Entry& v : variants) {
    const std::string why = v.unavailableOn(caps);
    ImGui::BeginDisabled(!why.empty());
    if (ImGui::Selectable(v.name, current == v.name)) current = v.name;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::SetTooltip("%s%s%s%s", v.description, more(v).c_str(), why.empty() ? "" : "\nunavailable: ", why.c_str());
    }
  }
  ImGui::EndCombo();
}
constexpr auto kNothingMore = [](const auto&) { return std::string(); };

const char* timeUnit(const gl::FrameTimer& timer);
const char* timeUnitShort(const gl::FrameTimer& timer);
void compareTable(PanelState& state, const gl::FrameTimer& timer, const ReductionView& view);

void reductionSection(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, const ReductionView& view,
                      PanelActions& actions) {
  // The strategy: every one listed; those this context cannot run are greyed with the reason.
  variantCombo("variant", state.app.reduce, centroid::centroidVariants(), caps,
               [](const centroid::CentroidVariant& s) { return std::string("\nbounds: ") + s.bounds; });
  if (view.active) {
    ImGui::TextWrapped("%s", view.active->description);
    ImGui::TextDisabled("bounds: %s%s%s", view.active->bounds, view.activeDetail.empty() ? "" : "; ",
                        view.activeDetail.c_str());
  }
  if (!view.activeUnavailable.empty()) {
    ImGui::TextColored(kFail, "%s cannot take this flock (%s); using %s", state.app.reduce.c_str(),
                       view.activeUnavailable.c_str(), view.active ? view.active->name : "?");
  }

  // The CPU check of a recent frame: GPU value, CPU value, error, verdict.
  ImGui::SliderInt("check every", &state.app.checkEvery, 0, 240, state.app.checkEvery ? "%d frames" : "on demand");
  actions.checkNow = ImGui::Button("check now");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("copy this frame's positions back and check the centroid and bounds on the CPU, in double precision");
  if (view.report && *view.report) {
    const centroid::Report& r = **view.report;
    const centroid::Verdict& v = r.active;
    ImGui::SameLine();
    ImGui::TextColored(v.pass ? kPass : kFail, v.pass ? "PASS" : "FAIL");
    ImGui::SameLine();
    ImGui::TextWrapped("frame %llu, %u boids, %s", static_cast<unsigned long long>(r.frame), r.count, v.strategy.c_str());
    if (ImGui::BeginTable("centroid", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
      ImGui::TableSetupColumn("centroid");
      for (const char* axis : {"x", "y", "z"}) ImGui::TableSetupColumn(axis);
      ImGui::TableHeadersRow();
      auto row = [](const char* label, glm::dvec3 value, const char* format, ImVec4 colour) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(colour, "%s", label);
        for (int a = 0; a < 3; ++a) {
          ImGui::TableNextColumn();
          ImGui::Text(format, value[a]);
        }
      };
      const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
      const auto marker = [](bool gpu) {
        const glm::vec3 c = render::markerColour(gpu);
        return ImVec4(c.r, c.g, c.b, 1.0f);
      };
      row("GPU", glm::dvec3(v.gpu.meanPosition), "%.5f", marker(true));
      row("CPU", r.cpu.centroid, "%.5f", marker(false));
      row("|error|", v.error, "%.2e", text);
      row("bound", v.tolerance, "%.2e", text);
      ImGui::EndTable();
    }
    ImGui::TextWrapped("error / flock extent %.2e; bounds %s; %.0f boids counted", v.relativeError,
                       v.boundsExact ? "exact" : "DIFFER", v.gpu.meanPosition.w);
    if (v.weakBound) {
      ImGui::PushStyleColor(ImGuiCol_Text, v.aboveStatistical ? kFail : kWeak);
      ImGui::TextWrapped("%s", centroid::boundNote(v).c_str());
      ImGui::PopStyleColor();
    }
  } else {
    ImGui::SameLine();
    ImGui::TextDisabled(view.checkInFlight ? "CPU check in flight..." : "no CPU check yet");
  }

  // Every strategy on the same frame.
  ImGui::Checkbox("compare all variants (each frame)", &state.app.compareAll);
  if (!state.app.compareAll) return;
  compareTable(state, timer, view);
}

// The compare-all table: every strategy on the same frame, its time against the fastest and the
// streaming read of the positions (the floor any reduction is held to; the bar is on a log scale
// from there to the slowest), its error as a share of its bound, and its verdict. A click on a row
// makes that strategy the active one.
void compareTable(PanelState& state, const gl::FrameTimer& timer, const ReductionView& view) {
  const std::vector<gl::PassStats> passes = timer.stats();
  auto timeOf = [&](std::string_view name) -> std::optional<double> {
    for (const gl::PassStats& p : passes) {
      if (p.name == name) return p.medianMs;
    }
    return std::nullopt;
  };
  const std::optional<double> floor = timeOf(centroid::Lab::kStreamReadPass);
  double fastest = 0, slowest = 0;
  for (const centroid::CentroidVariant& s : centroid::centroidVariants()) {
    if (const auto t = timeOf(std::string("lab/") + s.name); t && *t > 0) {
      fastest = fastest > 0 ? std::min(fastest, *t) : *t;
      slowest = std::max(slowest, *t);
    }
  }
  if (floor) {
    ImGui::TextDisabled("floor: every position read once, %.4f %s", *floor, timeUnit(timer));
  }
  if (!ImGui::BeginTable("compare", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::PushTextWrapPos(-1.0f);  // a cell's word stays whole ("unavailable", not "unavail/able")
  float longest = 0.0f;  // the name column holds every name whole
  for (const centroid::CentroidVariant& s : centroid::centroidVariants()) longest = std::max(longest, ImGui::CalcTextSize(s.name).x);
  ImGui::TableSetupColumn("variant", ImGuiTableColumnFlags_WidthFixed, longest);
  ImGui::TableSetupColumn(timeUnitShort(timer));
  ImGui::TableSetupColumn("x best");
  ImGui::TableSetupColumn("err/bound");
  ImGui::TableSetupColumn("verdict");
  ImGui::TableHeadersRow();
  const bool haveLab = view.report && *view.report && !(*view.report)->lab.empty();
  for (const centroid::CentroidVariant& s : centroid::centroidVariants()) {
    const centroid::Verdict* v = nullptr;
    if (haveLab) {
      for (const centroid::Verdict& x : (*view.report)->lab) {
        if (x.strategy == s.name) v = &x;
      }
    }
    const std::optional<double> t = timeOf(std::string("lab/") + s.name);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const bool active = view.active && std::string_view(view.active->name) == s.name;
    if (ImGui::Selectable(s.name, active, ImGuiSelectableFlags_SpanAllColumns) && (!v || v->available)) {
      state.app.reduce = s.name;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\nclick: make it the active variant", s.description);
    ImGui::TableNextColumn();
    if (t) ImGui::Text("%.4f", *t); else ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    if (t && fastest > 0) {
      // The bar: log scale from the floor (empty) to the slowest (full); the text: times the fastest.
      const double from = floor && *floor > 0 ? *floor : fastest * 0.5;
      const double share = slowest > from ? std::log(std::max(*t, from) / from) / std::log(slowest / from) : 1.0;
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const ImVec2 size(ImGui::GetContentRegionAvail().x, ImGui::GetTextLineHeight());
      ImDrawList* draw = ImGui::GetWindowDrawList();
      draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), IM_COL32(40, 44, 56, 255));
      draw->AddRectFilled(at, ImVec2(at.x + float(share) * size.x, at.y + size.y),
                          *t <= fastest * 1.0001 ? IM_COL32(70, 160, 90, 255) : IM_COL32(90, 100, 140, 255));
      char ratio[32];
      std::snprintf(ratio, sizeof ratio, "%.1f", *t / fastest);
      draw->AddText(ImVec2(at.x + 3, at.y), IM_COL32(235, 235, 235, 255), ratio);
      ImGui::Dummy(size);
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%.4f %s: %.1fx the fastest%s", *t, timeUnit(timer), *t / fastest,
                          floor ? (", " + std::to_string(*t / *floor).substr(0, 5) + "x the streaming read").c_str() : "");
      }
    } else {
      ImGui::TextDisabled("-");
    }
    ImGui::TableNextColumn();
    if (v && v->available) {
      double share = 0;
      for (int a = 0; a < 3; ++a) share = std::max(share, v->tolerance[a] > 0 ? v->error[a] / v->tolerance[a] : 0.0);
      ImGui::Text("%.2g%%", 100.0 * share);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("the largest |error| over x, y, z as a share of its derived bound");
    } else {
      ImGui::TextDisabled("-");
    }
    ImGui::TableNextColumn();
    if (!v) {
      ImGui::TextDisabled("waiting");
    } else if (!v->available) {
      ImGui::TextColored(kDim, "n/a");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", v->reason.c_str());
    } else {
      ImGui::TextColored(v->pass ? kPass : kFail, v->pass ? "pass" : "FAIL");
      if (v->weakBound) {
        ImGui::SameLine();
        ImGui::TextColored(v->aboveStatistical ? kFail : kWeak, "(weak)");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", centroid::boundNote(*v).c_str());
      }
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTable();
}

// A row's variant, with the input it ran on where a stage runs several (a kept fraction, a
// camera, a layout).
std::string labRowName(const nlohmann::json& r) {
  std::string name = r["variant"].get<std::string>();
  if (r.contains("kept_fraction")) name += " " + r["kept_fraction"].get<std::string>();
  if (r.contains("camera")) name += " " + r["camera"]["name"].get<std::string>();
  if (r.contains("layout")) name += " " + r["layout"].get<std::string>();
  return name;
}

// The lab: every variant of one stage of the table (app/stages.cpp) on the same seeded input,
// timed on request (the frame waits for it), each judged against the CPU reference.
void labSection(PanelState& state, PanelActions& actions) {
  const std::span<const lab::StageInfo* const> table = stages();
  state.labStage = std::clamp(state.labStage, 0, static_cast<int>(table.size()) - 1);
  if (ImGui::BeginCombo("stage", table[std::size_t(state.labStage)]->name)) {
    for (std::size_t k = 0; k < table.size(); ++k) {
      if (ImGui::Selectable(table[k]->name, int(k) == state.labStage)) state.labStage = int(k);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", table[k]->what);
    }
    ImGui::EndCombo();
  }
  if (table[std::size_t(state.labStage)]->sweep != lab::Sweep::Once) {
    ImGui::InputInt("elements", &state.labCount, 1024, 1 << 20);
    state.labCount = std::clamp(state.labCount, 1, 1 << 26);
  }
  actions.measureStage = ImGui::Button("measure every variant");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("times each variant on the GPU; the frame waits while it measures");
  if (!state.labStatus.empty()) ImGui::TextWrapped("%s", state.labStatus.c_str());
  if (state.labRows.empty()) return;
  if (!ImGui::BeginTable("lab", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("variant");
  ImGui::TableSetupColumn("median us");
  ImGui::TableSetupColumn("of copy");
  ImGui::TableSetupColumn("check");
  ImGui::TableHeadersRow();
  for (const nlohmann::json& r : state.labRows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(labRowName(r).c_str());
    ImGui::TableNextColumn();
    if (!r["available"].get<bool>()) {
      ImGui::TextColored(kDim, "unavailable");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r["reason"].get<std::string>().c_str());
      continue;
    }
    ImGui::Text("%.1f", r.value("median_us", 0.0));
    ImGui::TableNextColumn();
    r.contains("fraction_of_copy") ? ImGui::Text("%.0f%%", 100.0 * r["fraction_of_copy"].get<double>()) : ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    if (r.value("baseline", false)) {
      ImGui::TextDisabled("-");
    } else {
      const bool pass = r["pass"].get<bool>();
      ImGui::TextColored(pass ? kPass : kFail, pass ? "pass" : "FAIL");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.value("detail", std::string()).c_str());
    }
  }
  ImGui::EndTable();
}

namespace ramps {
using glm::atan, glm::clamp, glm::cos, glm::mix;
using vec3 = glm::vec3;
#include "shaders/render/ramps.glsl"
}  // namespace ramps

ImU32 toImU32(glm::vec3 c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)); }

// What the boids' colour shows, and its legend: the ramp with its ends in the flock's own units
// (the 2nd and 98th percentiles, engine/render/colour_range.hpp), or the heading's compass.
void colourSection(PanelState& state, const std::optional<glm::vec2>& range) {
  choiceCombo("colour", "colour", state.app);
  const render::ColourMode mode = state.app.render.colour;
  if (mode == render::ColourMode::Plumage) {
    ImGui::TextDisabled("one dark albedo: the colour is the environment's light on it");
    return;
  }
  const int steps = 48;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size(ImGui::GetContentRegionAvail().x, ImGui::GetTextLineHeight());
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int i = 0; i < steps; ++i) {
    const float t0 = float(i) / steps, t1 = float(i + 1) / steps;
    glm::vec3 c;
    if (mode == render::ColourMode::Heading) {
      const float azimuth = glm::two_pi<float>() * (t0 - 0.5f);  // -x at both ends, +x in the middle
      c = ramps::headingColour(glm::vec3(std::cos(azimuth), 0.0f, std::sin(azimuth)));
    } else {
      c = mode == render::ColourMode::Speed ? ramps::speedRamp(t0) : ramps::densityRamp(t0);
    }
    draw->AddRectFilled(ImVec2(at.x + t0 * size.x, at.y), ImVec2(at.x + t1 * size.x + 1.0f, at.y + size.y), toImU32(c));
  }
  ImGui::Dummy(size);
  if (mode == render::ColourMode::Heading) {
    // Compass labels under the strip at their azimuths: -x, -z, +x, +z, -x.
    const char* labels[] = {"-x", "-z", "+x", "+z", "-x"};
    for (int k = 0; k < 5; ++k) {
      const float x = at.x + size.x * float(k) / 4.0f - (k == 4 ? ImGui::CalcTextSize(labels[k]).x : k == 0 ? 0.0f : 8.0f);
      draw->AddText(ImVec2(x, at.y + size.y + 1.0f), IM_COL32(200, 200, 200, 255), labels[k]);
    }
    ImGui::Dummy(ImVec2(size.x, ImGui::GetTextLineHeight()));
    ImGui::TextDisabled("the compass heading; lighter climbing, darker diving");
    return;
  }
  const char* unit = mode == render::ColourMode::Speed ? "units per time unit" : "neighbours within the largest radius";
  if (range) {
    ImGui::Text("%.3g", range->x);
    ImGui::SameLine(size.x - ImGui::CalcTextSize("0000000").x);
    ImGui::Text("%7.3g", range->y);
    ImGui::TextDisabled("%s: the flock's 2nd to 98th percentile", unit);
  }
}

// The unit of every time the panel shows, named with where it comes from.
const char* timeUnit(const gl::FrameTimer& timer) {
  return timer.source() == gl::TimingSource::GpuQueries ? "GPU ms" : "CPU ms around glFinish";
}

// The same, short, for a table's column.
const char* timeUnitShort(const gl::FrameTimer& timer) {
  return timer.source() == gl::TimingSource::GpuQueries ? "GPU ms" : "CPU ms";
}

// One colour per pass of the frame (engine/frame.hpp), shared by the bar, the history and the legend.
ImU32 passColour(std::string_view name) {
  static constexpr std::pair<const char*, ImU32> kColours[] = {
      {"reduce", IM_COL32(230, 140, 40, 255)}, {"camera", IM_COL32(150, 150, 150, 255)},
      {"hash", IM_COL32(120, 200, 255, 255)},  {"sort", IM_COL32(240, 80, 90, 255)},
      {"ranges", IM_COL32(250, 220, 90, 255)}, {"reorder", IM_COL32(170, 120, 240, 255)},
      {"step", IM_COL32(90, 210, 120, 255)},   {"cull", IM_COL32(80, 170, 170, 255)},
      {"light", IM_COL32(255, 170, 200, 255)}, {"render", IM_COL32(110, 130, 230, 255)},
  };
  for (const auto& [pass, colour] : kColours) {
    if (name == pass) return colour;
  }
  return IM_COL32(200, 200, 200, 255);
}

const char* passWhat(std::string_view name) {
  for (const PassInfo& info : kPasses) {
    if (name == info.name) return info.what;
  }
  return "";
}

// The frame's passes on one shared scale: their medians side by side in one bar with the total,
// a legend that names each with its time, and every pass's recent history on one shared axis, so
// a 0.3 ms pass looks as small as it is beside a 30 ms one.
void timingsSection(const gl::FrameTimer& timer, float scale) {
  std::vector<gl::PassStats> passes;
  for (const gl::PassStats& p : timer.stats()) {
    if (!outsideFrameSum(p.name) && p.current) passes.push_back(p);  // no time for a pass that did not run
  }
  if (passes.empty()) {
    ImGui::TextDisabled("the passes' times arrive after a few frames");
    return;
  }
  double total = 0;
  for (const gl::PassStats& p : passes) total += p.medianMs;
  ImGui::Text("median per frame, %s: %.3f in all", timeUnit(timer), total);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", gl::describe(timer.source()));

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 bar(width, 16 * scale);
  ImVec2 origin = ImGui::GetCursorScreenPos();
  draw->AddRectFilled(origin, ImVec2(origin.x + bar.x, origin.y + bar.y), IM_COL32(20, 22, 30, 255));
  float x = origin.x;
  for (const gl::PassStats& p : passes) {
    const float w = total > 0 ? float(p.medianMs / total) * bar.x : 0.0f;
    draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + w, origin.y + bar.y), passColour(p.name));
    if (ImGui::IsMouseHoveringRect(ImVec2(x, origin.y), ImVec2(x + w, origin.y + bar.y))) {
      ImGui::SetTooltip("%s: %.3f %s (%.0f%% of the frame)\n%s", p.name.c_str(), p.medianMs, timeUnit(timer),
                        100.0 * p.medianMs / total, passWhat(p.name));
    }
    x += w;
  }
  ImGui::Dummy(bar);
  ImGui::PushTextWrapPos(-1.0f);  // a name and its time stay on one line
  if (ImGui::BeginTable("legend", 3, ImGuiTableFlags_SizingStretchSame)) {
    for (const gl::PassStats& p : passes) {
      ImGui::TableNextColumn();
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(passColour(p.name)), "%s", p.name.c_str());
      ImGui::SameLine();
      ImGui::TextDisabled("%.3f", p.medianMs);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\nlatest %.3f, median %.3f %s", passWhat(p.name), p.latestMs, p.medianMs, timeUnit(timer));
    }
    ImGui::EndTable();
  }
  ImGui::PopTextWrapPos();

  // The history: every pass on one axis, newest at the right.
  // Its top: the 99th percentile of every value shown, so one slow frame (the first, a shader
  // compile) does not flatten the rest; what is above is drawn at the top.
  std::vector<float> all;
  std::size_t frames = 0;
  for (std::size_t i = 0; i < timer.passes().size(); ++i) {
    if (outsideFrameSum(timer.passes()[i])) continue;
    all.insert(all.end(), timer.history(i).begin(), timer.history(i).end());
    frames = std::max(frames, timer.history(i).size());
  }
  if (frames < 2) return;
  std::nth_element(all.begin(), all.begin() + std::ptrdiff_t(all.size() * 99 / 100), all.end());
  const float top = std::max(1e-3f, 1.1f * all[all.size() * 99 / 100]);
  const ImVec2 plot(width, 80 * scale);
  origin = ImGui::GetCursorScreenPos();
  draw->AddRectFilled(origin, ImVec2(origin.x + plot.x, origin.y + plot.y), IM_COL32(20, 22, 30, 255));
  for (std::size_t i = 0; i < timer.passes().size(); ++i) {
    if (outsideFrameSum(timer.passes()[i])) continue;
    // At most kPoints points a line, each the largest of its frames (so a spike stays): every
    // segment is geometry the panel draws, and on a software renderer thousands of them cost as
    // much as the scene.
    constexpr std::size_t kPoints = 60;
    const std::deque<float>& h = timer.history(i);
    const std::size_t per = (h.size() + kPoints - 1) / kPoints;
    std::vector<ImVec2> points;
    for (std::size_t f = 0; f < h.size(); f += per) {
      float v = 0.0f;
      for (std::size_t k = f; k < std::min(h.size(), f + per); ++k) v = std::max(v, h[k]);
      const float fx = float(frames - h.size() + f) / float(frames - 1);
      points.emplace_back(origin.x + fx * plot.x, origin.y + plot.y - std::min(v / top, 1.0f) * (plot.y - 2.0f) - 1.0f);
    }
    draw->AddPolyline(points.data(), int(points.size()), passColour(timer.passes()[i]), ImDrawFlags_None, 1.0f);
  }
  char axis[48];
  std::snprintf(axis, sizeof axis, "%.3f", top);
  draw->AddText(ImVec2(origin.x + 3, origin.y + 1), IM_COL32(170, 170, 170, 255), axis);
  draw->AddText(ImVec2(origin.x + 3, origin.y + plot.y - ImGui::GetTextLineHeight()), IM_COL32(170, 170, 170, 255), "0");
  ImGui::Dummy(plot);
  ImGui::TextDisabled("every pass, last %zu frames timed, one axis (%s%s)", frames, timeUnit(timer),
                      timer.source() == gl::TimingSource::CpuFinish ? ", the CPU clock samples a frame in a few" : "");
}

// The timer's statistics of the pass (or part of one) named `name`; none before it has run.
std::optional<gl::PassStats> statsOf(const gl::FrameTimer& timer, std::string_view name) {
  for (const gl::PassStats& p : timer.stats()) {
    if (p.name == name) return p;
  }
  return std::nullopt;
}

// The latest and median time of one pass of the frame; "-" before it has run, and while it does not.
std::string passTime(const gl::FrameTimer& timer, Pass pass) {
  const std::optional<gl::PassStats> p = statsOf(timer, passInfo(pass).name);
  if (!p) return "-";
  if (!p->current) return "- (not running)";
  char text[64];
  std::snprintf(text, sizeof text, "%.3f ms (median %.3f)", p->latestMs, p->medianMs);
  return text;
}

// The median of a part of the render pass ("near", "splat resolve"); "-" where it did not run lately.
std::string partMedian(const gl::FrameTimer& timer, std::string_view part) {
  const std::optional<gl::PassStats> p = statsOf(timer, render::kDrawPartPrefix + std::string(part));
  if (!p || !p->current) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", p->medianMs);
  return text;
}

// "1,048,576"
std::string grouped(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void cullSection(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, const CullView& view) {
  render::RenderSettings& r = state.app.render;
  ImGui::Checkbox("cull and draw by level of detail", &r.cull);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s (--cull)", findSetting("cull")->help);
  }
  choiceCombo("draw", "draw", state.app);
  choiceCombo("far field", "far-field", state.app);
  if (r.farField == render::FarField::OpticalDepth) {
    const SettingInfo& opacity = *findSetting("opacity");
    ImGui::SliderFloat("opacity", &r.opacity, float(opacity.min), float(opacity.max), "%.2f",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--opacity)", opacity.help);
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("splats: %s", view.splatPath.c_str());
  ImGui::PopTextWrapPos();
  ImGui::BeginDisabled(!r.cull);
  variantCombo("compaction", state.app.compact, primitives::compactions(), caps, kNothingMore);
  if (!view.note.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDim, "%s", view.note.c_str());
    ImGui::PopTextWrapPos();
  }
  const SettingInfo& lod = *findSetting("lod-pixels");
  float px[2] = {r.lodPixels.x, r.lodPixels.y};
  if (ImGui::SliderFloat2("near, far px", px, 0.0f, 64.0f, "%.1f", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp)) {
    r.lodPixels = {std::clamp(px[0], float(lod.min), float(lod.max)), std::clamp(px[1], float(lod.min), float(lod.max))};
  }
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s (--lod-pixels NEAR,FAR)\nWith draw by level of detail, NEAR is where meshes give way to splats.", lod.help);
  }
  ImGui::Checkbox("level tints", &r.lodTint);
  ImGui::SameLine();
  ImGui::Checkbox("freeze culling camera", &r.freezeCull);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", findSetting("freeze-cull")->help);

  // The counts, in the levels' tints (the colours the shaders give them with the tints on).
  const std::string meshes[3] = {"dart, " + std::to_string(render::kLevelDraws[CULL_NEAR].vertices) + " vertices",
                                 "outline, 1 triangle", "point"};
  const std::string splats[3] = {"splat: outline", "splat: outline", "splat: square"};
  if (view.counts && r.cull) {
    const render::CullCounts& k = *view.counts;
    ImGui::Text("visible %s of %s (%.1f%%)", grouped(k.visible()).c_str(), grouped(k.boids).c_str(),
                k.boids ? 100.0 * k.visible() / k.boids : 0.0);
    if (ImGui::BeginTable("levels", 4, ImGuiTableFlags_SizingStretchProp)) {
      for (int level = 0; level < cull::kLevels; ++level) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const glm::vec3 tint = render::levelTint(level);
        ImGui::TextColored(ImVec4(tint.r, tint.g, tint.b, 1.0f), "%s", cull::levelName(level));
        ImGui::TableNextColumn();
        ImGui::Text("%12s", grouped(k.levels[std::size_t(level)]).c_str());
        ImGui::TableNextColumn();
        const bool splat = render::splatted(r.draw, level);
        ImGui::TextDisabled("%s", (splat ? splats : meshes)[level].c_str());
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", partMedian(timer, cull::levelName(level)).c_str());
      }
      ImGui::EndTable();
    }
  } else {
    ImGui::TextDisabled(r.cull ? "counts arrive a few frames late" : "every boid drawn as a dart");
  }
  const char* clock = gl::timerQueriesMeaningful() ? "GPU" : "CPU clock";
  ImGui::Text("cull %s", passTime(timer, Pass::Cull).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s", clock);
  ImGui::Text("draw %s", passTime(timer, Pass::Render).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s", clock);
  if (r.cull && r.draw != render::DrawMode::Mesh) {
    ImGui::TextDisabled("splats resolved into the frame %s (in the draw)", partMedian(timer, "splat resolve").c_str());
  }
  ImGui::TextDisabled("sky and ground %s, the ground's shadow %s (in the draw)", partMedian(timer, "sky and ground").c_str(),
                      partMedian(timer, "shadow").c_str());
  ImGui::EndDisabled();
}

void lightingSection(PanelState& state, const gl::FrameTimer& timer, const LightingView& view) {
  if (!view.lighting) return;
  const lighting::Lighting& light = *view.lighting;
  AppSettings& a = state.app;
  choiceCombo("environment", "environment", a);  // a shipped or built-in one; a file below
  ImGui::InputTextWithHint("##hdr", "a .hdr file", &state.environmentFile);
  ImGui::SameLine();
  if (ImGui::Button("load") && !state.environmentFile.empty()) a.environment = state.environmentFile;
  choiceCombo("projection", "sh-variant", a);
  choiceCombo("layout", "sh-layout", a);
  float yawDegrees = glm::degrees(a.render.environmentYaw);
  if (ImGui::SliderFloat("yaw", &yawDegrees, -180.0f, 180.0f, "%.0f deg")) a.render.environmentYaw = glm::radians(yawDegrees);
  ImGui::SliderFloat("exposure", &a.render.exposure, -6.0f, 6.0f, "%+.1f stops");
  if (!light.note().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDim, "%s", light.note().c_str());
    ImGui::PopTextWrapPos();
  }
  const lighting::Environment& e = light.environment();
  ImGui::Text("%s, %u x %u, projected by %s (%s)", e.name.c_str(), e.width, e.height, light.variant(), lighting::layoutName(light.layout()));
  ImGui::Text("light pass %s", passTime(timer, Pass::Light).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s", gl::timerQueriesMeaningful() ? "GPU" : "CPU clock");
  ImGui::Checkbox("project every frame", &state.projectEveryFrame);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("otherwise only when the environment, its yaw, the variant or the layout change");

  // The environment and what it does to a white diffuse surface facing each way, side by side.
  const float w = std::min(ImGui::GetContentRegionAvail().x * 0.5f - 4.0f, 256.0f);
  if (view.environmentPreview && w > 16.0f) {
    ImGui::Image(reinterpret_cast<ImTextureID>(std::uintptr_t(view.environmentPreview)), ImVec2(w, w * 0.5f));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the environment, exposed and tone mapped as the view is");
    ImGui::SameLine();
    ImGui::Image(reinterpret_cast<ImTextureID>(std::uintptr_t(view.irradiancePreview)), ImVec2(w, w * 0.5f));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("its irradiance from the nine coefficients: a white diffuse surface facing each direction");
  }

  // The nine coefficients beside the CPU double projection, and the serial float one's error.
  if (!view.report || !*view.report) {
    ImGui::TextDisabled("the CPU comparison follows once the lighting settles");
    return;
  }
  const LightingReport& r = **view.report;
  ImGui::TextWrapped("largest difference from the CPU's double projection: GPU %.1e of |L00|, a serial float loop %.1e",
                     r.errorGpu, r.errorSerial);
  static const char* kNames[9] = {"L00", "L1-1", "L10", "L11", "L2-2", "L2-1", "L20", "L21", "L22"};
  ImGui::PushTextWrapPos(-1.0f);  // a cell's name and numbers stay on one line; the columns fit them
  if (ImGui::BeginTable("sh", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("");
    ImGui::TableSetupColumn("GPU r, g, b");
    ImGui::TableSetupColumn("CPU double r, g, b");
    ImGui::TableSetupColumn("|diff|");
    ImGui::TableHeadersRow();
    for (int k = 0; k < verify::sh::kFunctions; ++k) {
      const glm::dvec3 g = r.gpu[std::size_t(k)], c = r.cpu[std::size_t(k)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(kNames[k]);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f %.2f %.2f", g.x, g.y, g.z);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f %.2f %.2f", c.x, c.y, c.z);
      ImGui::TableNextColumn();
      ImGui::Text("%.1e", std::max({std::abs(g.x - c.x), std::abs(g.y - c.y), std::abs(g.z - c.z)}));
    }
    ImGui::EndTable();
  }
  // The source's finding: a serial float sum of a face's solid angles drifts, a tree's does not.
  const double exact = 4.0 * 3.14159265358979324 / 6.0;
  ImGui::TextUnformatted("cube faces' solid angles,");
  ImGui::Text("each exactly 4 pi / 6 = %.7f", exact);
  if (ImGui::BeginTable("faces", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("face");
    ImGui::TableSetupColumn(("GPU " + r.facesVariant).c_str());
    ImGui::TableSetupColumn("serial float");
    ImGui::TableHeadersRow();
    static const char* kFaces[6] = {"+x", "-x", "+y", "-y", "+z", "-z"};
    for (int f = 0; f < 6; ++f) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(kFaces[f]);
      ImGui::TableNextColumn();
      ImGui::Text("%.7f (%+.1e)", r.facesGpu[std::size_t(f)], r.facesGpu[std::size_t(f)] / exact - 1.0);
      ImGui::TableNextColumn();
      ImGui::Text("%.7f (%+.1e)", double(r.facesSerial[std::size_t(f)]), double(r.facesSerial[std::size_t(f)]) / exact - 1.0);
    }
    ImGui::EndTable();
  }
  ImGui::PopTextWrapPos();
}

// The frame rate, its history, the context and the non-finite boids repaired lately.
void frameRateSection(const PanelState& state, const gl::Caps& caps, float scale, double now) {
  const float latest = state.frameMs.empty() ? 0.0f : state.frameMs.back();
  const float mean = state.frameMs.empty() ? 0.0f
                                           : std::accumulate(state.frameMs.begin(), state.frameMs.end(), 0.0f) /
                                                 static_cast<float>(state.frameMs.size());
  ImGui::Text("%.1f FPS  %.2f ms/frame (mean %.2f)", mean > 0 ? 1000.0f / mean : 0.0f, latest, mean);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("CPU clock, frame to frame (vsync %s)", state.app.vsync ? "on" : "off");
  char overlay[64];
  std::snprintf(overlay, sizeof(overlay), "CPU ms between frames, last %zu", state.frameMs.size());
  plotHistory("##frametime", state.frameMs, overlay, 32 * scale);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", caps.summary().c_str());
  ImGui::PopStyleColor();
  // Non-finite boids are repaired on the GPU as they appear (sim_step_*.comp); say so loudly for a
  // while after the last one, since something (a parameter at its extreme?) produced them.
  if (now - state.nonFiniteSeenAt < 5.0) {
    ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%u non-finite boids repaired in the last frame read (%llu in all)",
                       state.nonFiniteLast, static_cast<unsigned long long>(state.nonFiniteTotal));
  }
}

// Whether a sorter is the fastest here is measured, never copied: the lab's last sort run, if any.
void fastestSorterHint(const PanelState& state) {
  const nlohmann::json* fastest = nullptr;
  for (const nlohmann::json& r : state.labRows) {
    if (r["stage"] != "sort" || !r.value("pass", false)) continue;
    if (!fastest || r["median_us"].get<double>() < (*fastest)["median_us"].get<double>()) fastest = &r;
  }
  if (!fastest) {
    ImGui::TextDisabled("which sorter is fastest on this GPU: the Lab section times them all (stage sort)");
    return;
  }
  ImGui::TextDisabled("fastest in the lab's last run: %s, %.1f us for %u pairs", (*fastest)["variant"].get<std::string>().c_str(),
                      (*fastest)["median_us"].get<double>(), (*fastest)["n"].get<unsigned>());
}

// The flock: pause and step, count and seed, world, attractor and the rules' parameters.
void simulationSection(PanelState& state, std::uint64_t steps, PanelActions& actions) {
  ImGui::Checkbox("paused (Space)", &state.app.paused);
  ImGui::SameLine();
  ImGui::BeginDisabled(!state.app.paused);
  actions.stepOnce = ImGui::Button("step (N)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  actions.resetFlock = ImGui::Button("reset (T)");
  ImGui::Text("step %llu", static_cast<unsigned long long>(steps));
  ImGui::SameLine();
  ImGui::TextDisabled("non-finite boids repaired: %llu", static_cast<unsigned long long>(state.nonFiniteTotal));
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("boids whose position or velocity became NaN or infinite, counted on the GPU every step and "
                      "put back at a spot in the world, at rest");
  }

  int count = static_cast<int>(state.pendingCount);
  if (ImGui::InputInt("boids", &count, 1024, 16384)) state.pendingCount = static_cast<std::uint32_t>(std::max(count, 1));
  ImGui::InputScalar("seed", ImGuiDataType_U64, &state.pendingSeed);
  const bool changed = state.pendingCount != state.app.sim.count || state.pendingSeed != state.app.sim.seed;
  ImGui::BeginDisabled(!changed);
  actions.applyCountAndSeed = ImGui::Button("apply count and seed (rebuilds the flock)");
  ImGui::EndDisabled();
  ImGui::Checkbox("keep density", &state.app.keepDensity);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a new count resizes the world to keep %s", sim::densityText().c_str());
  ImGui::Checkbox("keep flock size", &state.app.keepFlockSize);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a new count rescales the birds' spacing so the flock keeps its size");
  if (!state.countError.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", state.countError.c_str());

  choiceCombo("world", "world", state.app);
  choiceCombo("attractor", "attractor", state.app);
  ImGui::TextDisabled("or hold A over the scene: the flock follows the cursor; S: it flees it");
  for (const sim::FloatParam& p : sim::floatParams()) {
    float value = state.app.sim.*p.member;
    const ImGuiSliderFlags flags = p.logarithmic ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None;
    if (ImGui::SliderFloat(p.label, &value, p.min, p.max, "%.4g", flags | ImGuiSliderFlags_AlwaysClamp)) {
      sim::SimSettings candidate = state.app.sim;
      candidate.*p.member = value;
      // Keep the model meaningful (radius <= world/4, margin <= world/2): refuse values past that.
      if (sim::validate(candidate).empty()) state.app.sim = candidate;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--%s)", p.help, p.key);
  }
}

// The neighbour search: grid or brute force, its cells, the sorter, the grid's statistics.
void neighboursSection(PanelState& state, const gl::Caps& caps, const ReductionView& reduction) {
  choiceCombo("search", "neighbours", state.app);
  const bool grid = state.app.sim.neighbours != sim::Neighbours::BruteForce;
  ImGui::BeginDisabled(!grid);
  choiceCombo("cells", "cells", state.app);
  variantCombo("sort", state.app.sort, primitives::sorters(), caps, kNothingMore);
  ImGui::PushTextWrapPos(0.0f);
  fastestSorterHint(state);
  if (state.app.sort == "radix" || state.app.sort == "onesweep") {
    ImGui::TextDisabled("tiles ranked here by %s", primitives::radixRanking(caps).c_str());
  }
  ImGui::PopTextWrapPos();
  const grid::Geometry g = sim::gridGeometry(state.app.sim);
  ImGui::TextDisabled("%s", g.describe().c_str());
  if (g.hashed() && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("the world holds far more cells than boids: their keys are hashed, so the grid grows with the flock");
  }
  ImGui::Checkbox("show occupied cells", &state.app.render.showCells);
  if (reduction.report && *reduction.report && (*reduction.report)->grid) {
    const verify::GridStats& s = *(*reduction.report)->grid;
    ImGui::Text("occupied cells %llu/%llu; per cell max %u, mean %.1f",
                static_cast<unsigned long long>(s.occupied), static_cast<unsigned long long>(s.cells), s.maxPerCell,
                s.meanPerOccupied);
    ImGui::Text("mean neighbours within the largest radius: %.1f", s.meanNeighbours);
  } else {
    ImGui::TextDisabled("grid statistics arrive with the next CPU check");
  }
  ImGui::EndDisabled();
}

// How the scene is drawn, the camera and the window.
void renderingSection(PanelState& state, PanelActions& actions) {
  const SettingInfo& size = *findSetting("boid-size");
  const SettingInfo& fog = *findSetting("fog");
  ImGui::SliderFloat("boid size", &state.app.render.boidScale, float(size.min), float(size.max), "%.2f",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  ImGui::SliderFloat("fog", &state.app.render.fogDensity, float(fog.min), float(fog.max), "%.4f",
                     ImGuiSliderFlags_AlwaysClamp);
  ImGui::Checkbox("ground and shadow", &state.app.render.ground);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--ground)", findSetting("ground")->help);
  ImGui::Checkbox("world box", &state.app.render.showWorldBox);
  ImGui::SameLine();
  ImGui::Checkbox("flock bounds", &state.app.render.showBounds);
  ImGui::SameLine();
  ImGui::Checkbox("centroid markers", &state.app.render.showMarkers);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("orange: the GPU centroid; cyan: the CPU reference; both of the frame the last check read");
  ImGui::Checkbox("follow flock (F)", &state.app.render.follow);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the camera frames the bounding box, computed on the GPU each frame");
  ImGui::SameLine();
  ImGui::Checkbox("from the ground", &state.app.render.viewer);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--viewer)", findSetting("viewer")->help);
  ImGui::SameLine();
  ImGui::Checkbox("vsync (V)", &state.app.vsync);
  ImGui::SameLine();
  actions.resetCamera = ImGui::Button("reset camera (R)");
  ImGui::TextDisabled("drag: orbit, right-drag: pan, wheel: zoom, H: hide panel; hold A: the flock follows the cursor, S: it flees it");
}

// Presets (shipped, saved, loaded, reset) and the screenshot.
void presetsSection(PanelState& state, PanelActions& actions) {
  const auto shipped = shippedPresetFiles();
  if (!shipped.empty()) {
    if (state.shippedPreset < 0) state.shippedPreset = lightestShippedPreset();
    state.shippedPreset = std::clamp(state.shippedPreset, 0, int(shipped.size()) - 1);
    const std::string current(shipped[std::size_t(state.shippedPreset)].path);
    if (ImGui::BeginCombo("shipped", current.substr(0, current.size() - 5).c_str())) {
      for (std::size_t i = 0; i < shipped.size(); ++i) {
        const std::string name(shipped[i].path.substr(0, shipped[i].path.size() - 5));
        if (ImGui::Selectable(name.c_str(), int(i) == state.shippedPreset)) state.shippedPreset = int(i);
      }
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    actions.loadShipped = ImGui::Button("load##shipped");
  }
  ImGui::InputText("file", &state.presetPath);
  actions.savePreset = ImGui::Button("save");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("every setting, the camera and the variants, as JSON (written atomically)");
  ImGui::SameLine();
  actions.loadPreset = ImGui::Button("load");
  ImGui::SameLine();
  actions.resetToDefaults = ImGui::Button("reset to defaults");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("every setting back to its default (saved at exit like any change)");
  if (!state.settingsStatus.empty()) {
    const ImVec4 colour = state.settingsError ? ImVec4(1, 0.4f, 0.3f, 1) : ImVec4(0.6f, 0.9f, 0.6f, 1);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", state.settingsStatus.c_str());
    ImGui::PopStyleColor();
  }
  actions.screenshot = ImGui::Button("screenshot (F12)");
  if (!state.captureStatus.empty()) {
    ImGui::SameLine();
    ImGui::TextWrapped("%s", state.captureStatus.c_str());
  }
}

}  // namespace

PanelActions drawPanel(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, std::uint64_t steps,
                       const std::string& shaderOrigin, const ReductionView& reduction, const CullView& cull,
                       const LightingView& light, const std::optional<glm::vec2>& colourRange, double now) {
  PanelActions actions;
  const float scale = ImGui::GetFontSize() / 13.0f;
  ImGui::SetNextWindowPos(ImVec2(10 * scale, 10 * scale), ImGuiCond_FirstUseEver);
  // The window's height, less the margins: the lab's table shows without scrolling at 720p.
  ImGui::SetNextWindowSize(ImVec2(420 * scale, ImGui::GetIO().DisplaySize.y - 20 * scale), ImGuiCond_FirstUseEver);
  ImGui::Begin("boids");
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 10);  // room for the longest label
  ImGui::PushTextWrapPos(0.0f);  // every line wraps at the panel's edge: nothing is cut off

  frameRateSection(state, caps, scale, now);

  // --- colour -----------------------------------------------------------------------------------
  colourSection(state, colourRange);

  // --- the frame's passes ------------------------------------------------------------------------
  // A collapsible section, open at first where it says so, or where --open names it when given.
  const auto section = [&](const char* title, const char* name, bool open = false) {
    const auto& named = state.openAtStart;
    if (!named.empty()) open = std::find(named.begin(), named.end(), name) != named.end();
    ImGui::SetNextItemOpen(open, ImGuiCond_Once);
    return ImGui::CollapsingHeader(title);
  };
  if (section("Pass timings", "timings", true)) timingsSection(timer, scale);

  // --- reduction --------------------------------------------------------------------------------
  if (section("Reduction lab: centroid and bounds", "reduction", true)) {
    reductionSection(state, caps, timer, reduction, actions);
  }

  if (section("Simulation", "simulation")) simulationSection(state, steps, actions);  // closed at first: the passes and the lab come first
  if (section("Neighbours: grid and sort", "neighbours")) neighboursSection(state, caps, reduction);
  // --- culling --------------------------------------------------------------------------------
  if (section("Culling and levels of detail", "culling")) {
    cullSection(state, caps, timer, cull);
  }

  // --- lighting ---------------------------------------------------------------------------------
  if (section("Lighting", "lighting")) {
    lightingSection(state, timer, light);
  }

  if (section("Rendering", "rendering")) renderingSection(state, actions);
  if (section("Presets and capture", "presets")) presetsSection(state, actions);
  // --- primitives -------------------------------------------------------------------------------
  if (section("Lab: every variant of a stage", "lab")) labSection(state, actions);
  if (section("Watch: a variant stepped dispatch by dispatch", "watch")) watchSection(state, actions);

  // --- shaders ----------------------------------------------------------------------------------
  if (section("Shaders", "shaders")) {
    ImGui::TextWrapped("from: %s", shaderOrigin.c_str());
    actions.reloadShaders = ImGui::Button("reload from disk (F5)");
    if (!state.shaderStatus.empty()) ImGui::TextWrapped("%s", state.shaderStatus.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::PopItemWidth();
  // How much of the window the panel covers from the left, for the camera's framing.
  state.coveredWidth = ImGui::IsWindowCollapsed() ? 0.0f : ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
  ImGui::End();
  watchWindow(state);
  return actions;
}

}  // namespace boids::app

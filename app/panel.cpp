#include "app/panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include <imgui.h>
#include <imgui_stdlib.h>
#include <glm/trigonometric.hpp>

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

void vec3Text(const char* label, glm::dvec3 v, bool scientific = false) {
  if (scientific) {
    ImGui::Text("%-9s %12.3e %12.3e %12.3e", label, v.x, v.y, v.z);
  } else {
    ImGui::Text("%-9s %12.6f %12.6f %12.6f", label, v.x, v.y, v.z);
  }
}

void reductionSection(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, const ReductionView& view,
                      PanelActions& actions) {
  // The strategy: every one listed; those this context cannot run are greyed with the reason.
  variantCombo("strategy", state.app.reduce, centroid::strategies(), caps,
               [](const centroid::StrategyInfo& s) { return std::string("\nbounds: ") + s.bounds; });
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
  ImGui::SameLine();
  actions.checkNow = ImGui::Button("check now");
  if (view.report && *view.report) {
    const centroid::Report& r = **view.report;
    const centroid::Verdict& v = r.active;
    ImGui::TextColored(v.pass ? kPass : kFail, v.pass ? "PASS" : "FAIL");
    ImGui::SameLine();
    ImGui::Text("frame %llu, %u boids, %s", static_cast<unsigned long long>(r.frame), r.count, v.strategy.c_str());
    vec3Text("GPU", glm::dvec3(v.gpu.meanPosition));
    vec3Text("CPU", r.cpu.centroid);
    vec3Text("|error|", v.error, true);
    vec3Text("tolerance", v.tolerance, true);
    ImGui::Text("error/extent %.2e, bounds %s, %.0f counted", v.relativeError, v.boundsExact ? "exact" : "DIFFER",
                v.gpu.meanPosition.w);
    if (v.weakBound) {
      ImGui::PushStyleColor(ImGuiCol_Text, v.aboveStatistical ? kFail : kWeak);
      ImGui::TextWrapped("%s", centroid::boundNote(v).c_str());
      ImGui::PopStyleColor();
    }
  } else {
    ImGui::TextDisabled(view.checkInFlight ? "CPU check in flight..." : "no CPU check yet");
  }

  // Every strategy on the same frame.
  ImGui::Checkbox("compare all strategies (each frame)", &state.app.compareAll);
  if (!state.app.compareAll) return;
  std::vector<gl::PassStats> passes = timer.stats();
  auto timeOf = [&](const std::string& name) -> const gl::PassStats* {
    for (const gl::PassStats& p : passes) {
      if (p.name == "lab/" + name) return &p;
    }
    return nullptr;
  };
  if (!ImGui::BeginTable("compare", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("strategy");
  ImGui::TableSetupColumn("median ms");
  ImGui::TableSetupColumn("|error|");
  ImGui::TableSetupColumn("verdict");
  ImGui::TableHeadersRow();
  const bool haveLab = view.report && *view.report && !(*view.report)->lab.empty();
  for (const centroid::StrategyInfo& s : centroid::strategies()) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(s.name);
    ImGui::TableNextColumn();
    if (const gl::PassStats* p = timeOf(s.name)) ImGui::Text("%.4f", p->medianMs); else ImGui::TextDisabled("-");
    const centroid::Verdict* v = nullptr;
    if (haveLab) {
      for (const centroid::Verdict& x : (*view.report)->lab) {
        if (x.strategy == s.name) v = &x;
      }
    }
    ImGui::TableNextColumn();
    if (v && v->available) ImGui::Text("%.2e", std::max({v->error.x, v->error.y, v->error.z})); else ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    if (!v) {
      ImGui::TextDisabled("waiting");
    } else if (!v->available) {
      ImGui::TextColored(kDim, "unavailable");
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
  ImGui::EndTable();
}

// The primitives lab: every scan or compaction variant on the same seeded input, timed on request
// (the frame waits for it) beside a streaming copy of as many uints, each judged against the CPU.
void primitivesSection(PanelState& state, PanelActions& actions) {
  ImGui::Combo("primitive", &state.labPrimitive, "scan (exclusive prefix sum)\0compact (keep the flagged)\0");
  ImGui::InputInt("elements", &state.labCount, 1024, 1 << 20);
  state.labCount = std::clamp(state.labCount, 1, 1 << 26);
  if (state.labPrimitive == 1) {
    ImGui::SliderInt("keep 1 in", &state.labKeepOneIn, 0, 1000, state.labKeepOneIn == 0 ? "none" : "%d",
                     ImGuiSliderFlags_Logarithmic);
  }
  actions.measurePrimitives = ImGui::Button("measure every variant");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("times each variant on the GPU; the frame waits while it measures");
  if (!state.labStatus.empty()) ImGui::TextWrapped("%s", state.labStatus.c_str());
  if (state.labRows.empty()) return;
  if (!ImGui::BeginTable("primitives", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("variant");
  ImGui::TableSetupColumn("median us");
  ImGui::TableSetupColumn("of copy");
  ImGui::TableSetupColumn("check");
  ImGui::TableHeadersRow();
  for (const primitives::LabRow& r : state.labRows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.variant.c_str());
    if (!r.unavailable.empty()) {
      ImGui::TableNextColumn();
      ImGui::TextColored(kDim, "unavailable");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.unavailable.c_str());
      continue;
    }
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", r.medianMs * 1e3);
    ImGui::TableNextColumn();
    ImGui::Text("%.0f%%", 100.0 * r.ofCopy);
    ImGui::TableNextColumn();
    if (r.baseline) {
      ImGui::TextDisabled("-");
    } else {
      ImGui::TextColored(r.pass ? kPass : kFail, r.pass ? "pass" : "FAIL");
      if (ImGui::IsItemHovered() && !r.detail.empty()) ImGui::SetTooltip("%s", r.detail.c_str());
    }
  }
  ImGui::EndTable();
}

// The compute stages of recent frames stacked in columns, one colour per stage.
void stackedStages(const gl::FrameTimer& timer, float scale) {
  // A colour per pass of the frame's table (engine/frame.hpp); the compute passes are stacked.
  auto colourOf = [](Pass pass) -> ImU32 {
    switch (pass) {
      case Pass::Reduce: return IM_COL32(230, 140, 40, 255);
      case Pass::Hash: return IM_COL32(120, 200, 255, 255);
      case Pass::Sort: return IM_COL32(240, 80, 90, 255);
      case Pass::Ranges: return IM_COL32(250, 220, 90, 255);
      case Pass::Reorder: return IM_COL32(170, 120, 240, 255);
      case Pass::Step: return IM_COL32(90, 210, 120, 255);
      default: return IM_COL32(200, 200, 200, 255);
    }
  };
  std::vector<std::pair<const char*, ImU32>> stages;
  for (const PassInfo& info : kPasses) {
    if (info.compute) stages.emplace_back(info.name, colourOf(info.pass));
  }
  std::vector<const std::deque<float>*> series;
  std::size_t frames = 0;
  for (const auto& [name, colour] : stages) {
    const std::deque<float>* h = nullptr;
    for (std::size_t i = 0; i < timer.passes().size(); ++i) {
      if (timer.passes()[i] == name) h = &timer.history(i);
    }
    series.push_back(h);
    if (h) frames = std::max(frames, h->size());
  }
  if (frames == 0) return;
  // Histories are aligned on their newest frame; a stage that ran fewer frames has zeros before.
  auto valueAt = [&](const std::deque<float>* h, std::size_t f) -> float {
    if (!h || f + h->size() < frames) return 0.0f;
    return (*h)[f + h->size() - frames];
  };
  float top = 1e-6f;
  for (std::size_t f = 0; f < frames; ++f) {
    float sum = 0;
    for (const auto* h : series) sum += valueAt(h, f);
    top = std::max(top, sum);
  }
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 70 * scale);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(20, 22, 30, 255));
  const float column = size.x / static_cast<float>(frames);
  for (std::size_t f = 0; f < frames; ++f) {
    float y = origin.y + size.y;
    for (std::size_t s = 0; s < series.size(); ++s) {
      const float height = valueAt(series[s], f) / top * size.y;
      draw->AddRectFilled(ImVec2(origin.x + column * f, y - height), ImVec2(origin.x + column * (f + 1), y),
                          stages[s].second);
      y -= height;
    }
  }
  ImGui::Dummy(size);
  for (std::size_t s = 0; s < std::size(stages); ++s) {
    if (s) ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(stages[s].second), "%s", stages[s].first);
  }
  ImGui::TextDisabled("stacked stage times, top %.3f ms", top);
}

void timingsSection(const gl::FrameTimer& timer, float scale) {
  ImGui::TextDisabled("source: %s", gl::describe(timer.source()));
  if (!ImGui::BeginTable("passes", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("pass");
  ImGui::TableSetupColumn("latest ms");
  ImGui::TableSetupColumn("median ms");
  ImGui::TableHeadersRow();
  for (const gl::PassStats& s : timer.stats()) {
    if (isLabPass(s.name)) continue;  // shown in the reduction's compare table
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(s.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", s.latestMs);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", s.medianMs);
  }
  ImGui::EndTable();
  for (std::size_t i = 0; i < timer.passes().size(); ++i) {
    if (isLabPass(timer.passes()[i])) continue;
    const std::string label = "##pass" + std::to_string(i);
    const std::string overlay = timer.passes()[i];
    plotHistory(label.c_str(), timer.history(i), overlay.c_str(), 34 * scale);
  }
}

// The latest and median time of one pass of the frame, "-" before it has run.
std::string passTime(const gl::FrameTimer& timer, Pass pass) {
  for (const gl::PassStats& p : timer.stats()) {
    if (p.name == passInfo(pass).name) {
      char text[64];
      std::snprintf(text, sizeof text, "%.3f ms (median %.3f)", p.latestMs, p.medianMs);
      return text;
    }
  }
  return "-";
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
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (--lod-pixels NEAR,FAR)", lod.help);
  ImGui::Checkbox("level tints", &r.lodTint);
  ImGui::SameLine();
  ImGui::Checkbox("freeze culling camera", &r.freezeCull);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", findSetting("freeze-cull")->help);

  // The counts, in the levels' tints (the colours the shaders give them with the tints on).
  const std::string meshes[3] = {"dart, " + std::to_string(render::kLevelDraws[CULL_NEAR].vertices) + " vertices",
                                 "outline, 1 triangle", "point"};
  if (view.counts && r.cull) {
    const render::CullCounts& k = *view.counts;
    ImGui::Text("visible %s of %s (%.1f%%)", grouped(k.visible()).c_str(), grouped(k.boids).c_str(),
                k.boids ? 100.0 * k.visible() / k.boids : 0.0);
    if (ImGui::BeginTable("levels", 3, ImGuiTableFlags_SizingStretchProp)) {
      for (int level = 0; level < cull::kLevels; ++level) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        const glm::vec3 tint = render::levelTint(level);
        ImGui::TextColored(ImVec4(tint.r, tint.g, tint.b, 1.0f), "%s", cull::levelName(level));
        ImGui::TableNextColumn();
        ImGui::Text("%12s", grouped(k.levels[std::size_t(level)]).c_str());
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", meshes[level].c_str());
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
  if (ImGui::BeginTable("sh", 4, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
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
  ImGui::TextWrapped("cube faces' solid angles, each exactly 4 pi / 6 = %.7f", exact);
  if (ImGui::BeginTable("faces", 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
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
}

}  // namespace

PanelActions drawPanel(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, std::uint64_t steps,
                       const std::string& shaderOrigin, const ReductionView& reduction, const CullView& cull,
                       const LightingView& light, double now) {
  PanelActions actions;
  const float scale = ImGui::GetFontSize() / 13.0f;
  ImGui::SetNextWindowPos(ImVec2(10 * scale, 10 * scale), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(420 * scale, 0), ImGuiCond_FirstUseEver);
  ImGui::Begin("boids");
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 10);  // room for the longest label

  // --- frame rate -------------------------------------------------------------------------------
  const float latest = state.frameMs.empty() ? 0.0f : state.frameMs.back();
  const float mean = state.frameMs.empty() ? 0.0f
                                           : std::accumulate(state.frameMs.begin(), state.frameMs.end(), 0.0f) /
                                                 static_cast<float>(state.frameMs.size());
  ImGui::Text("%.1f FPS  %.2f ms/frame (mean %.2f)", mean > 0 ? 1000.0f / mean : 0.0f, latest, mean);
  char overlay[64];
  std::snprintf(overlay, sizeof(overlay), "frame time, last %zu frames", state.frameMs.size());
  plotHistory("##frametime", state.frameMs, overlay, 48 * scale);
  ImGui::TextDisabled("%s", caps.summary().c_str());
  // Non-finite boids are repaired on the GPU as they appear (sim_step_*.comp); say so loudly for a
  // while after the last one, since something (a parameter at its extreme?) produced them.
  if (now - state.nonFiniteSeenAt < 5.0) {
    ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%u non-finite boids repaired in the last frame read (%llu in all)",
                       state.nonFiniteLast, static_cast<unsigned long long>(state.nonFiniteTotal));
  }

  // --- simulation -------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Simulation")) {  // closed at first: the passes and the labs come first
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
    if (!state.countError.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", state.countError.c_str());

    choiceCombo("world", "world", state.app);
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

  // --- neighbours -------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Neighbours", ImGuiTreeNodeFlags_DefaultOpen)) {
    choiceCombo("search", "neighbours", state.app);
    const bool grid = state.app.sim.neighbours != sim::Neighbours::BruteForce;
    ImGui::BeginDisabled(!grid);
    choiceCombo("cells", "cells", state.app);
    variantCombo("sort", state.app.sort, primitives::sorters(), caps, kNothingMore);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", primitives::kFastestMeasured);
    ImGui::PopTextWrapPos();
    const grid::Geometry g = sim::gridGeometry(state.app.sim);
    ImGui::TextDisabled("%u^3 cells of edge %.3g", g.cellsPerAxis, g.edge);
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
    stackedStages(timer, scale);
  }

  // --- culling --------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Culling and levels of detail", ImGuiTreeNodeFlags_DefaultOpen)) {
    cullSection(state, caps, timer, cull);
  }

  // --- lighting ---------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Lighting", ImGuiTreeNodeFlags_DefaultOpen)) {
    lightingSection(state, timer, light);
  }

  // --- reduction --------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Centroid and bounds", ImGuiTreeNodeFlags_DefaultOpen)) {
    reductionSection(state, caps, timer, reduction, actions);
  }

  // --- primitives -------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Primitives lab: scan and compact")) primitivesSection(state, actions);

  // --- rendering --------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Rendering", ImGuiTreeNodeFlags_DefaultOpen)) {
    const SettingInfo& size = *findSetting("boid-size");
    const SettingInfo& fog = *findSetting("fog");
    ImGui::SliderFloat("boid size", &state.app.render.boidScale, float(size.min), float(size.max), "%.2f",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    ImGui::SliderFloat("fog", &state.app.render.fogDensity, float(fog.min), float(fog.max), "%.4f",
                       ImGuiSliderFlags_AlwaysClamp);
    ImGui::Checkbox("world box", &state.app.render.showWorldBox);
    ImGui::SameLine();
    ImGui::Checkbox("flock bounds", &state.app.render.showBounds);
    ImGui::SameLine();
    ImGui::Checkbox("centroid markers", &state.app.render.showMarkers);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("orange: the GPU centroid; cyan: the CPU reference of the last check");
    ImGui::Checkbox("follow flock (F)", &state.app.render.follow);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("the camera frames the bounding box, computed on the GPU each frame");
    ImGui::SameLine();
    ImGui::Checkbox("vsync (V)", &state.app.vsync);
    ImGui::SameLine();
    actions.resetCamera = ImGui::Button("reset camera (R)");
    ImGui::TextDisabled("drag: orbit, right-drag: pan, wheel: zoom, H: hide panel");
  }

  // --- presets and capture ----------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Presets and capture", ImGuiTreeNodeFlags_DefaultOpen)) {
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
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("every setting, the camera and the strategies, as JSON (written atomically)");
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

  // --- GPU passes -------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Pass timings", ImGuiTreeNodeFlags_DefaultOpen)) timingsSection(timer, scale);

  // --- shaders ----------------------------------------------------------------------------------
  if (ImGui::CollapsingHeader("Shaders")) {
    ImGui::TextWrapped("from: %s", shaderOrigin.c_str());
    actions.reloadShaders = ImGui::Button("reload from disk (F5)");
    if (!state.shaderStatus.empty()) ImGui::TextWrapped("%s", state.shaderStatus.c_str());
  }
  ImGui::PopItemWidth();
  ImGui::End();
  return actions;
}

}  // namespace boids::app

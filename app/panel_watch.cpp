#include "app/panel_watch.hpp"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/stages.hpp"
#include "engine/lab/diagram.hpp"

namespace boids::app {
namespace {

const ImVec4 kAgrees(0.35f, 0.9f, 0.45f, 1.0f), kDiffers(1.0f, 0.35f, 0.3f, 1.0f);

ImU32 colour(lab::Colour c) { return IM_COL32(c.r, c.g, c.b, 255); }

// The diagram at `origin`, its pixels `scale` times the layout's (the font's size over 13 px).
void drawDiagram(ImDrawList* list, ImVec2 origin, const lab::Diagram& d, float scale) {
  const auto at = [&](float x, float y) { return ImVec2(origin.x + x * scale, origin.y + y * scale); };
  list->AddRectFilled(origin, at(float(d.width), float(d.height)), colour(d.background));
  for (const lab::Box& b : d.boxes) {
    list->AddRectFilled(at(b.x, b.y), at(b.x + b.w, b.y + b.h), colour(b.fill));
    if (b.w > 2) list->AddRect(at(b.x, b.y), at(b.x + b.w, b.y + b.h), colour(b.edge));
  }
  for (const lab::Text& t : d.texts) list->AddText(at(t.x, t.y), colour(t.ink), t.text.c_str());
}

}  // namespace

void watchSection(PanelState& state, PanelActions& actions) {
  actions.watchShown = true;
  const std::vector<std::string> watched = watchedStageList();
  if (watched.empty()) return;
  state.watchStage = std::clamp(state.watchStage, 0, int(watched.size()) - 1);
  if (ImGui::BeginCombo("stage##watch", watched[std::size_t(state.watchStage)].c_str())) {
    for (std::size_t k = 0; k < watched.size(); ++k) {
      if (ImGui::Selectable(watched[k].c_str(), int(k) == state.watchStage)) state.watchStage = int(k);
    }
    ImGui::EndCombo();
  }
  const auto& variants = state.watchVariants;
  state.watchVariant = std::clamp(state.watchVariant, 0, std::max(int(variants.size()) - 1, 0));
  if (!variants.empty() && ImGui::BeginCombo("variant##watch", variants[std::size_t(state.watchVariant)].c_str())) {
    for (std::size_t k = 0; k < variants.size(); ++k) {
      if (ImGui::Selectable(variants[k].c_str(), int(k) == state.watchVariant)) state.watchVariant = int(k);
    }
    ImGui::EndCombo();
  }
  const int typed = int(std::size(lab::kWatchInputs));
  const char* inputName = state.watchInput < typed ? lab::kWatchInputs[state.watchInput] : "typed in";
  if (ImGui::BeginCombo("input##watch", inputName)) {
    for (int k = 0; k <= typed; ++k) {
      if (ImGui::Selectable(k < typed ? lab::kWatchInputs[k] : "typed in", k == state.watchInput)) state.watchInput = k;
    }
    ImGui::EndCombo();
  }
  if (state.watchInput == typed) {
    ImGui::InputText("elements##watch", &state.watchTyped);
  } else {
    ImGui::SliderInt("elements##watch", &state.watchCount, int(lab::kWatchFewest), int(lab::kWatchMost));
  }
  actions.runWatch = ImGui::Button("watch it");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("runs the variant's kernels once, reading back every dispatch's buffers");
  if (!state.watchStatus.empty()) ImGui::TextColored(kDiffers, "%s", state.watchStatus.c_str());
  if (state.watch && !state.watchOpen && ImGui::Button("show the last watch")) state.watchOpen = true;
}

void watchWindow(PanelState& state) {
  if (!state.watch || !state.watchOpen || state.watch->steps.empty()) return;
  const lab::Watch& watch = *state.watch;
  const int last = int(watch.steps.size()) - 1;
  state.watchStep = std::clamp(state.watchStep, 0, last);
  const lab::Diagram diagram = lab::stepDiagram(watch, std::size_t(state.watchStep));
  const float scale = ImGui::GetFontSize() / lab::kDiagramLineHeight;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float left = std::min(state.coveredWidth + 8.0f, display.x * 0.5f);  // beside the panel
  ImGui::SetNextWindowPos(ImVec2(left, 8.0f), ImGuiCond_Appearing);
  ImGui::SetNextWindowSize(ImVec2(std::min(float(diagram.width) * scale + 24, display.x - left - 8.0f),
                                  std::min(float(diagram.height) * scale + 64 * scale, display.y - 16.0f)),
                           ImGuiCond_Appearing);
  if (!ImGui::Begin("Watch", &state.watchOpen)) {
    ImGui::End();
    return;
  }
  if (ImGui::ArrowButton("##back", ImGuiDir_Left)) state.watchStep = std::max(state.watchStep - 1, 0);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##on", ImGuiDir_Right)) state.watchStep = std::min(state.watchStep + 1, last);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160.0f * scale);
  int shown = state.watchStep + 1;  // steps count from 1, as the diagram says them
  if (ImGui::SliderInt("step", &shown, 1, last + 1, "%d", ImGuiSliderFlags_AlwaysClamp)) state.watchStep = shown - 1;
  ImGui::SameLine();
  ImGui::TextColored(watch.agrees() ? kAgrees : kDiffers, watch.agrees() ? "every step equals the model" : "the GPU differs");
  ImGui::BeginChild("diagram", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawDiagram(ImGui::GetWindowDrawList(), origin, diagram, scale);
  ImGui::Dummy(ImVec2(float(diagram.width) * scale, float(diagram.height) * scale));
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace boids::app

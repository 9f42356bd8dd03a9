#include "engine/lab/diagram.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace boids::lab {
namespace {

constexpr float kMargin = 16, kCellHeight = 20, kColumnGap = 32, kLine = 18;
constexpr std::size_t kCellsPerRow = 16;
constexpr Colour kInk{20, 24, 32}, kFaint{110, 116, 128}, kGood{20, 120, 60}, kBad{190, 30, 30};
constexpr Colour kTileShades[2] = {{222, 234, 250}, {240, 240, 240}}, kEdge{150, 160, 175};
constexpr Colour kDiffFill{255, 205, 205}, kTileStart{40, 60, 110};

std::size_t columnsOf(const Lane& lane) { return lane.columns > 0 ? lane.columns : kCellsPerRow; }

// A lane's cell width: the longest text, either side, of the step's lanes from the same buffer
// (a pair's key and value, a position's x, y and z stay in line), and a little room.
float cellWidth(const Step& step, const Lane& lane) {
  std::size_t chars = 2;
  for (const Lane& other : step.lanes) {
    if (other.source != lane.source) continue;
    for (const bool gpu : {true, false}) {
      const std::size_t cells = (gpu ? other.gpu : other.model).size();
      for (std::size_t i = 0; i < cells; ++i) chars = std::max(chars, other.text(i, gpu).size());
    }
  }
  return float(chars) * kDiagramCharWidth + 10;
}

// A lane's cells in rows from (x, y); returns the y below them.
float drawCells(Diagram& d, const Lane& lane, bool gpu, float x, float y, float cell) {
  const std::vector<std::uint32_t>& words = gpu ? lane.gpu : lane.model;
  const std::size_t per = columnsOf(lane), rows = std::max<std::size_t>(1, (words.size() + per - 1) / per);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::size_t row = lane.image ? rows - 1 - i / per : i / per;
    const float cx = x + float(i % per) * cell, cy = y + float(row) * kCellHeight;
    const std::size_t tile = lane.valueTile > 0 ? words[i] / lane.valueTile : lane.tile > 0 ? i / lane.tile : 0;
    const bool differs = lane.differsAt(i, gpu);
    d.boxes.push_back({cx, cy, cell, kCellHeight, differs ? kDiffFill : kTileShades[tile % 2], differs ? kBad : kEdge});
    if (lane.valueTile == 0 && lane.tile > 1 && i % lane.tile == 0 && tile > 0) d.boxes.push_back({cx, cy, 2, kCellHeight, kTileStart, kTileStart});
    const std::string text = lane.text(i, gpu);
    d.texts.push_back({cx + (cell - float(text.size()) * kDiagramCharWidth) / 2, cy + (kCellHeight - kDiagramLineHeight) / 2, text,
                       differs ? kBad : kInk});
  }
  if (words.empty()) d.texts.push_back({x, y + 3, "(not read back)", kBad});
  return y + float(rows) * kCellHeight;
}

std::string header(const Watch& watch, std::size_t step) {
  return watch.stage + " / " + watch.variant + ", input " + watch.input + ": step " + std::to_string(step + 1) + " of " +
         std::to_string(watch.steps.size()) + " (" + watch.steps[step].pass + ")";
}

}  // namespace

Diagram stepDiagram(const Watch& watch, std::size_t step) {
  Diagram d;
  const Step& s = watch.steps.at(step);
  constexpr const char* kGpuTitle = "GPU, read back after this dispatch";
  float column = float(std::string_view(kGpuTitle).size()) * kDiagramCharWidth;  // as wide as the widest lane's row, or the titles
  for (const Lane& lane : s.lanes) {
    column = std::max(column, float(lane.name.size()) * kDiagramCharWidth);
    const std::size_t cells = std::min(columnsOf(lane), std::max({lane.gpu.size(), lane.model.size(), std::size_t(1)}));
    column = std::max(column, float(cells) * cellWidth(s, lane));
  }
  const std::size_t longest = std::max({header(watch, step).size(), s.says.size(), watch.error.size()});
  d.width = int(std::max(2 * kMargin + 2 * column + kColumnGap, 2 * kMargin + float(longest) * kDiagramCharWidth));
  float y = kMargin;
  d.texts.push_back({kMargin, y, header(watch, step), kInk});
  d.texts.push_back({kMargin, y += kLine, s.says, kInk});
  const std::size_t differences = s.differences();
  const std::string verdict = !watch.error.empty() ? watch.error
                              : differences == 0   ? "the GPU's buffers equal the model's"
                                                   : std::to_string(differences) + " cells differ from the model (red)";
  d.texts.push_back({kMargin, y += kLine, verdict, watch.error.empty() && differences == 0 ? kGood : kBad});
  y += kLine * 1.5f;
  const float right = kMargin + column + kColumnGap;
  d.texts.push_back({kMargin, y, kGpuTitle, kFaint});
  d.texts.push_back({right, y, "CPU model", kFaint});
  y += kLine * 1.3f;
  for (const Lane& lane : s.lanes) {
    d.texts.push_back({kMargin, y, lane.name, kInk});
    d.texts.push_back({right, y, lane.name, kInk});
    y += kLine;
    const float cell = cellWidth(s, lane);
    y = std::max(drawCells(d, lane, true, kMargin, y, cell), drawCells(d, lane, false, right, y, cell)) + kLine * 0.6f;
  }
  d.height = int(y + kMargin);
  return d;
}

std::string svg(const Diagram& d) {
  auto colour = [](Colour c) {
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
    return std::string(text);
  };
  auto escaped = [](const std::string& text) {
    std::string out;
    for (char c : text) out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    return out;
  };
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(d.width) + "\" height=\"" +
                    std::to_string(d.height) + "\" font-family=\"monospace\" font-size=\"12\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"" + colour(d.background) + "\"/>\n";
  char line[256];
  for (const Box& b : d.boxes) {
    std::snprintf(line, sizeof line, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\" stroke=\"%s\"/>\n", b.x, b.y, b.w,
                  b.h, colour(b.fill).c_str(), colour(b.edge).c_str());
    out += line;
  }
  for (const Text& t : d.texts) {
    std::snprintf(line, sizeof line, "<text x=\"%g\" y=\"%g\" fill=\"%s\" textLength=\"%g\">", t.x, t.y + kDiagramLineHeight - 3,
                  colour(t.ink).c_str(), float(t.text.size()) * kDiagramCharWidth);
    out += line + escaped(t.text) + "</text>\n";
  }
  return out + "</svg>\n";
}

}  // namespace boids::lab

#pragma once
// A watch step drawn as a diagram: boxes and text on a page, in pixels (top left the origin),
// written as SVG here and as PNG (app/diagram_png.cpp) or into the panel by whoever shows it.
// Text is laid out for a monospaced font kDiagramCharWidth wide and kDiagramLineHeight high.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/lab/watch.hpp"

namespace boids::lab {

struct Colour {
  std::uint8_t r, g, b;
};

struct Box {
  float x, y, w, h;
  Colour fill, edge;
};

struct Text {
  float x, y;  // the top left of its first character
  std::string text;
  Colour ink;
};

struct Diagram {
  int width = 0, height = 0;
  Colour background{255, 255, 255};
  std::vector<Box> boxes;
  std::vector<Text> texts;  // drawn over the boxes
};

inline constexpr float kDiagramCharWidth = 7, kDiagramLineHeight = 13;

// Step `step` of the watch: a header (the stage, variant and input, the step's line, whether the
// GPU's buffers equal the model's), then each lane as the GPU left it and, beside it, as the model
// has it, in rows of cells shaded by tile, the cells that differ in red.
Diagram stepDiagram(const Watch& watch, std::size_t step);

std::string svg(const Diagram& diagram);

}  // namespace boids::lab

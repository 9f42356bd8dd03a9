#pragma once
// A watch's diagram (engine/lab/diagram.hpp) drawn into an image on the CPU, its text in Dear
// ImGui's built-in pixel font (ProggyClean, 13 px, 7 px a character, as the diagram lays out).
#include "engine/gl/image.hpp"
#include "engine/lab/diagram.hpp"

namespace boids::app {

gl::Image drawDiagram(const lab::Diagram& diagram);

}  // namespace boids::app

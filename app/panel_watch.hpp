#pragma once
// The panel's watch (engine/lab/watch.hpp): its section (which stage, variant and input; run it)
// and its window (the step shown as the diagram boids watch writes, with the steps to walk).
#include "app/panel.hpp"

namespace boids::app {

void watchSection(PanelState& state, PanelActions& actions);
// The watch's window, while there is a watch and it is open.
void watchWindow(PanelState& state);

}  // namespace boids::app

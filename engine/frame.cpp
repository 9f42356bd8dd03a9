#include "engine/frame.hpp"

namespace boids {

void runFrame(sim::Simulation& simulation, render::BoidRenderer& renderer, gl::FrameTimer& timer,
              const FrameView& view) {
  timer.beginFrame();
  if (view.simulate) {
    {  // positions -> centroid + bounds, left on the GPU for the step's pull toward the centroid
      auto t = timer.scope("reduce");
      simulation.reduce();
    }
    {  // positions, velocities, centroid -> next positions, velocities (brute-force neighbours)
      auto t = timer.scope("step");
      simulation.step();
    }
  }
  {  // sky, world box, one instanced mesh per boid pulled from the storage buffers
    auto t = timer.scope("render");
    renderer.draw(simulation.flock(), simulation.settings(), view.camera, view.viewport, view.render);
  }
  timer.endFrame();
}

}  // namespace boids

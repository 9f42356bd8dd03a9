#include "engine/frame.hpp"

namespace boids {

void runFrame(sim::Simulation& simulation, render::BoidRenderer& renderer, gl::FrameTimer& timer,
              const FrameView& view) {
  timer.beginFrame();
  {  // positions -> centroid + bounds by the chosen strategy, left on the GPU (every frame, paused or not)
    auto t = timer.scope("reduce");
    simulation.reduce();
  }
  if (view.inspector && view.compareAll) {  // every other strategy on the same positions, each timed
    view.inspector->lab().runAll(simulation.reduceInput(), &timer);
  }
  if (view.inspector && view.snapshot) {  // positions + results -> CPU, fenced, read frames later
    const gpu::SimParams params = sim::toGpu(simulation.settings());
    view.inspector->requestSnapshot(simulation.reduceInput(), simulation.reduceStrategy(), simulation.reducer(),
                                    simulation.stats(), view.compareAll, simulation.steps(),
                                    simulation.usesGrid() ? &params : nullptr);
  }
  {  // orbit camera from the CPU, or the follow camera framing the bounds on the GPU
    auto t = timer.scope("camera");
    renderer.placeCamera(view.camera, view.viewport, view.render, simulation.stats());
  }
  if (view.simulate) {
    if (simulation.usesGrid()) {  // the spatial grid, rebuilt from this frame's positions
      {
        auto t = timer.scope("hash");  // positions -> (cell key, boid index)
        simulation.hash();
      }
      {
        auto t = timer.scope("sort");  // pairs in cell order (the chosen sorter)
        simulation.sortCells();
      }
      {
        auto t = timer.scope("ranges");  // where each cell starts in the sorted pairs
        simulation.cellRanges();
      }
      if (simulation.settings().neighbours == sim::Neighbours::GridCoherent) {
        auto t = timer.scope("reorder");  // positions, velocities gathered into cell order
        simulation.reorder();
      }
    }
    auto t = timer.scope("step");  // neighbours (grid cells or every boid), centroid -> next state
    simulation.integrate();
  }
  {  // sky, world box, one instanced mesh per boid pulled from the storage buffers, markers
    auto t = timer.scope("render");
    render::GridView grid;
    if (simulation.usesGrid() && simulation.grid().cellCount() > 0) {
      simulation.bindParams();  // the overlay reads the grid's geometry from SimParams
      grid = {&simulation.grid().cellStarts(), simulation.grid().cellCount()};
    }
    renderer.draw(view.framebuffer, simulation.flock(), simulation.settings(), simulation.stats(), view.viewport,
                  view.render, grid);
  }
  timer.endFrame();
}

}  // namespace boids

#include "engine/frame.hpp"

#include "engine/gl/debug.hpp"

namespace boids {
namespace {

// One pass: timed by the frame timer and labelled as a debug group, both under the table's name.
class PassScope {
 public:
  PassScope(gl::FrameTimer& timer, Pass pass) : timer_(timer.scope(passInfo(pass).name)), group_(passInfo(pass).name) {}

 private:
  gl::FrameTimer::Scope timer_;
  gl::DebugGroup group_;
};

}  // namespace

void runFrame(sim::Simulation& simulation, render::BoidRenderer& renderer, gl::FrameTimer& timer,
              const FrameView& view) {
  timer.beginFrame();
  {  // positions -> centroid + bounds by the chosen strategy, left on the GPU (every frame, paused or not)
    PassScope t(timer, Pass::Reduce);
    simulation.reduce();
  }
  if (view.inspector && view.compareAll) {  // every other strategy on the same positions, each timed
    view.inspector->lab().runAll(simulation.reduceInput(), &timer);
    view.inspector->lab().timeStreamRead(simulation.reduceInput(), timer);
  }
  if (view.inspector && view.snapshot) {  // positions + results -> CPU, fenced, read frames later
    const gpu::SimParams params = sim::toGpu(simulation.settings());
    view.inspector->requestSnapshot(simulation.reduceInput(), simulation.reduceVariant(), simulation.reducer(),
                                    simulation.stats(), view.compareAll, simulation.steps(),
                                    simulation.usesGrid() ? &params : nullptr);
  }
  {  // orbit camera from the CPU, or the follow camera framing the bounds on the GPU
    PassScope t(timer, Pass::Camera);
    renderer.placeCamera(view.camera, view.viewport, view.render, simulation.stats(), simulation.settings());
  }
  if (view.simulate) {
    if (simulation.usesGrid()) {  // the spatial grid, rebuilt from this frame's positions
      {
        PassScope t(timer, Pass::Hash);  // positions -> (cell key, boid index)
        simulation.hash();
      }
      {
        PassScope t(timer, Pass::Sort);  // pairs in cell order (the chosen sorter)
        simulation.sortCells();
      }
      {
        PassScope t(timer, Pass::Ranges);  // where each cell starts in the sorted pairs
        simulation.cellRanges();
      }
      if (simulation.settings().neighbours == sim::Neighbours::GridCoherent) {
        PassScope t(timer, Pass::Reorder);  // positions, velocities gathered into cell order
        simulation.reorder();
      }
    }
    PassScope t(timer, Pass::Step);  // neighbours (grid cells or every boid), centroid -> next state
    simulation.integrate();
  }
  if (view.render.cull) {  // the boids in the view, by level of detail -> lists and indirect draw commands
    PassScope t(timer, Pass::Cull);
    renderer.cull(simulation.flock(), view.render);
  }
  if (view.lighting) {  // the environment -> nine spherical harmonics, on the GPU, when something changed
    PassScope t(timer, Pass::Light);
    view.lighting->setYaw(view.render.environmentYaw);
    view.lighting->update(view.projectEveryFrame);
  }
  {  // the environment's sky, world box, the boids lit by it (each level drawn indirectly), markers
    PassScope t(timer, Pass::Render);
    render::GridView grid;
    if (simulation.usesGrid() && simulation.grid().count() > 0) {
      simulation.bindParams();  // the overlay reads the grid's geometry from SimParams
      const grid::SpatialGrid& g = simulation.grid();
      grid = {&g.cellStarts(), &g.pairs(), g.hashed() ? g.count() : g.keyCount(),
              simulation.settings().neighbours == sim::Neighbours::GridCoherent};
    }
    renderer.draw(view.target, simulation.flock(), simulation.settings(), simulation.stats(), view.viewport,
                  view.render, grid, view.lighting, &timer);
  }
  timer.endFrame();
}

}  // namespace boids

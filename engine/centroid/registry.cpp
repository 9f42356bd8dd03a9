// The centroid strategies in the order the panel and the tables show them: the two on the graphics
// pipeline, every variant of the reduce primitive with the centroid payload, then atomic.
#include <vector>

#include "engine/centroid/reducers.hpp"

namespace boids::centroid {
namespace {

using Lib = const gl::ShaderLibrary&;
using Caps = const gl::Caps&;

std::vector<CentroidVariant> makeRegistry() {
  std::vector<CentroidVariant> all = {
      {{"additive-blend", "every boid a point on one pixel of a 1x1 RGBA32F target; the blender adds them up", true,
        [](Lib lib, Caps) { return makeAdditiveBlend(lib); }},
       "same draw: two more attachments blended with MIN and MAX"},
      {{"mipmap", "positions as texels of a square RGBA32F texture, glGenerateMipmap averages down to one", true,
        [](Lib lib, Caps caps) { return makeMipmap(lib, caps); }},
       "companion pass: the tree reduction"},
  };
  for (const primitives::ReduceVariant& v : primitives::reductions()) {
    all.push_back({{v.name, v.description, v.orderDefined,
                    [&v](Lib lib, Caps caps) { return makeFromPrimitive(v, lib, caps); }, v.unavailable},
                   "same combine: the payload carries the box (min, max) beside the sum"});
  }
  all.push_back({{"atomic", "each group adds its result to global 64-bit fixed-point sums with atomics: order-independent",
                  true, [](Lib lib, Caps caps) { return makeAtomic(lib, caps, hasInt64Atomics(caps)); }},
                 "same pass: atomicMin/Max on order-preserving float bits"});
  return all;
}

}  // namespace

std::span<const CentroidVariant> centroidVariants() {
  static const std::vector<CentroidVariant> all = makeRegistry();
  return all;
}

const CentroidVariant* findCentroidVariant(std::string_view name) { return primitives::findVariant(centroidVariants(), name); }

void statsBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT); }

}  // namespace boids::centroid

#include <algorithm>

#include "engine/gl/gl.hpp"
#include "engine/reduce/strategies.hpp"

namespace boids::reduce {
namespace {

std::string runsEverywhere(const gl::Caps&) { return {}; }

std::string subgroupReason(const gl::Caps& caps) { return caps.subgroupArithmeticMissing; }

using Lib = const gl::ShaderLibrary&;
using Caps = const gl::Caps&;

const StrategyInfo kStrategies[] = {
    {"additive-blend", "every boid a point on one pixel of a 1x1 RGBA32F target; the blender adds them up",
     "same draw: two more attachments blended with MIN and MAX", runsEverywhere,
     [](Lib lib, Caps) { return makeAdditiveBlend(lib); }},
    {"mipmap", "positions as texels of a square RGBA32F texture, glGenerateMipmap averages down to one",
     "companion pass: the tree reduction", runsEverywhere, [](Lib lib, Caps) { return makeMipmap(lib); }},
    {"single-thread", "one invocation loops over every boid: the baseline that shows why not", "same pass",
     runsEverywhere, [](Lib lib, Caps caps) { return makeOneGroup(lib, caps, 1); }},
    {"two-pass-64/row", "64 invocations each sum every 64th boid (neighbours read neighbours), then one sums the 64",
     "same passes", runsEverywhere, [](Lib lib, Caps caps) { return makeTwoPass64(lib, caps, false); }},
    {"two-pass-64/column", "64 invocations each sum a contiguous slice (reads a slice apart), then one sums the 64",
     "same passes", runsEverywhere, [](Lib lib, Caps caps) { return makeTwoPass64(lib, caps, true); }},
    {"groupshared-single", "one workgroup of 512 (48 B of shared memory each fits the 32 KiB GL guarantees): strided runs, then a tree",
     "same pass", runsEverywhere, [](Lib lib, Caps caps) { return makeOneGroup(lib, caps, 512); }},
    {"recursive-multipass", "groups of 256 reduce 256 items each; repeat on their results until one is left",
     "same passes", runsEverywhere, [](Lib lib, Caps) { return makeRecursiveMultipass(lib); }},
    {"tree", "Harris's optimised tree: runs per invocation, four loads in flight, sequential addressing; 2 dispatches",
     "same passes", runsEverywhere, [](Lib lib, Caps) { return makeTree(lib); }},
    {"subgroup", "like tree, with subgroupAdd/Min/Max within subgroups (GL_KHR_shader_subgroup); 2 dispatches",
     "same passes", subgroupReason, [](Lib lib, Caps) { return makeSubgroup(lib); }},
    {"atomic", "each group adds its result to global 64-bit fixed-point sums with atomics: order-independent",
     "same pass: atomicMin/Max on order-preserving float bits", runsEverywhere,
     [](Lib lib, Caps caps) { return makeAtomic(lib, hasInt64Atomics(caps)); }},
    {"single-pass", "one dispatch: groups publish partials, the last to finish (atomic ticket) sums them",
     "same pass", runsEverywhere, [](Lib lib, Caps) { return makeSinglePass(lib); }},
};

}  // namespace

std::span<const StrategyInfo> strategies() { return kStrategies; }

const StrategyInfo* findStrategy(std::string_view name) {
  auto it = std::find_if(std::begin(kStrategies), std::end(kStrategies),
                         [&](const StrategyInfo& s) { return name == s.name; });
  return it == std::end(kStrategies) ? nullptr : &*it;
}

}  // namespace boids::reduce

#pragma once
// The reduce variants' passes as a watch's CPU model (engine/lab/watch.hpp), for any payload: what
// each dispatch leaves (every group's tree phase by phase, the partials, the levels, the result)
// from the items' values, as reduce.cpp dispatches them with `payload`. A value V is the payload's
// accumulator in the model (a uint, the projection's 28 sums): default-constructed zero, and +=.
// How a step shows values is the payload's (Shown). The uints' watch (reduce_watch.cpp) and the
// spherical-harmonics projection's (engine/lighting/sh_watch.cpp) share it.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "engine/gl/caps.hpp"
#include "engine/gl/dispatch.hpp"
#include "engine/lab/watch.hpp"
#include "engine/primitives/reduce/reduce.hpp"

namespace boids::primitives {

template <class V>
struct Shown {
  // Adds the lanes that show `values` (a buffer the pass names `source`), shaded in tiles of `tile`.
  std::function<void(std::vector<lab::Lane>&, const std::string& name, const std::string& source, const std::vector<V>& values,
                     std::uint32_t tile)>
      lanes;
  // Adds the lanes of the output buffer ("out") holding `result`.
  std::function<void(std::vector<lab::Lane>&, const V& result)> result;
  // Whether the input is a buffer the passes name ("in"); else the payload loads its items itself.
  bool input = true;
};

namespace reduce_model {

template <class V>
V total(const std::vector<V>& v) {
  V s{};
  for (const V& x : v) s += x;
  return s;
}

// A grid-stride pass of `groups` groups of `group` over `in`: invocation i of the grid takes items
// i, i + groups * group, ... (shaders/primitives/reduce/reduce_io.glsl, loadRun), so each group
// sums the items whose place modulo the grid falls in its block.
template <class V>
std::vector<V> gridPartials(const std::vector<V>& in, std::uint32_t groups, std::uint32_t group) {
  std::vector<V> partials(groups);
  const std::size_t grid = std::size_t(groups) * group;
  for (std::size_t k = 0; k < in.size(); ++k) partials[(k % grid) / group] += in[k];
  return partials;
}

// What each invocation of such a pass sums: a value an invocation.
template <class V>
std::vector<V> gridRuns(const std::vector<V>& in, std::uint32_t groups, std::uint32_t group) {
  std::vector<V> runs(std::size_t(groups) * group);
  for (std::size_t k = 0; k < in.size(); ++k) runs[k % runs.size()] += in[k];
  return runs;
}

template <class V>
lab::Step step(std::string pass, std::string says, const Shown<V>& shown,
               std::initializer_list<std::tuple<std::string, std::string, const std::vector<V>*, std::uint32_t>> lanes,
               const V* result = nullptr) {
  lab::Step s{std::move(pass), std::move(says), {}};
  for (const auto& [name, source, values, tile] : lanes) {
    if (name == "input" && !shown.input) continue;  // the items, where the payload loads them itself
    shown.lanes(s.lanes, name, source, *values, tile);
  }
  if (result) shown.result(s.lanes, *result);
  return s;
}

// Each group's tree in shared memory (group_tree.glsl), phase by phase: as loaded from the
// invocations' runs (`runs`, a value an invocation, group after group), then after each halving,
// where the invocations below the stride add the slot a stride above their own.
template <class V>
void treeSteps(std::vector<V> tree, std::uint32_t group, const std::string& pass, const Shown<V>& shown, std::vector<lab::Step>& steps) {
  const std::string each = "each group's " + std::to_string(group) + " slots of shared memory";
  steps.push_back(step<V>("tree", pass + ", inside the groups: each invocation's run stored in its slot (" + each + ")", shown,
                          {{"shared trees", "tree", &tree, group}}));
  for (std::uint32_t stride = group / 2, k = 1; stride > 0; stride /= 2, ++k) {
    for (std::size_t base = 0; base < tree.size(); base += group) {
      for (std::uint32_t l = 0; l < stride; ++l) tree[base + l] += tree[base + l + stride];
    }
    steps.push_back(step<V>("tree",
                            pass + ", halving " + std::to_string(k) + ": the invocations below " + std::to_string(stride) +
                                " add the slot " + std::to_string(stride) + " above their own",
                            shown, {{"shared trees", "tree", &tree, group}}));
  }
}

// The tree (`phases`: made to watch, each group's tree shown phase by phase) and subgroup.
template <class V>
std::vector<lab::Step> gridThenOne(const std::vector<V>& in, std::uint32_t groups, std::uint32_t group, const char* combine,
                                   bool phases, const Shown<V>& shown) {
  const std::vector<V> partials = gridPartials(in, groups, group);
  const V result = total(in);
  std::vector<lab::Step> steps;
  if (phases) treeSteps(gridRuns(in, groups, group), group, "the grid's pass", shown, steps);
  steps.push_back(step<V>("partials",
                          lab::counted(groups, "group") + " of " + std::to_string(group) + " invocations: each invocation " +
                              combine + ", the group's tree halves them to one partial",
                          shown, {{"input", "in", &in, group}, {"partials", "partials", &partials, 1}}));
  if (phases) treeSteps(gridRuns(partials, 1, group), group, "the partials' pass", shown, steps);
  steps.push_back(step<V>("final", "one group of " + std::to_string(group) + " sums the " + lab::counted(groups, "partial") + " to the result",
                          shown, {{"partials", "partials", &partials, 1}}, &result));
  return steps;
}

template <class V>
std::vector<lab::Step> twoPass(const std::vector<V>& in, bool column, const Shown<V>& shown) {
  std::vector<V> partials(kTwoPassInvocations);
  const std::size_t slice = (in.size() + kTwoPassInvocations - 1) / kTwoPassInvocations;
  for (std::size_t k = 0; k < in.size(); ++k) partials[column ? k / slice : k % kTwoPassInvocations] += in[k];
  const std::string how = column ? "a slice of " + std::to_string(slice) + " side by side" : "every 64th element";
  const V result = total(in);
  const std::uint32_t tile = column ? std::uint32_t(slice) : 0u;
  return {step<V>("partials", "one group of 64 invocations: each sums " + how, shown,
                  {{"input", "in", &in, tile}, {"partials", "partials", &partials, column ? 1u : 0u}}),
          step<V>("final", "one invocation sums the 64 partials", shown, {{"partials", "partials", &partials, column ? 1u : 0u}}, &result)};
}

template <class V>
std::vector<lab::Step> multipass(const std::vector<V>& input, std::uint32_t group, const Shown<V>& shown) {
  std::vector<lab::Step> steps;
  std::vector<V> in = input;
  for (int level = 1;; ++level) {
    const std::uint32_t groups = std::uint32_t((in.size() + group - 1) / group);
    std::vector<V> out(groups);
    for (std::size_t k = 0; k < in.size(); ++k) out[k / group] += in[k];
    const std::string inName = level == 1 ? "input" : "level " + std::to_string(level - 1);
    const bool last = groups == 1;
    treeSteps(gridRuns(in, groups, group), group, "level " + std::to_string(level), shown, steps);
    const std::string what = level == 1 ? " items" : " partials";
    const std::string says = last ? "one group of " + std::to_string(group) + " sums the " + std::to_string(in.size()) + what + ": the result"
                                  : lab::counted(groups, "group") + " of " + std::to_string(group) + " each sum " + std::to_string(group) + what;
    if (last) {
      steps.push_back(step<V>("level", says, shown, {{inName, "in", &in, group}}, &out.front()));
      return steps;
    }
    steps.push_back(step<V>("level", says, shown, {{inName, "in", &in, group}, {"level " + std::to_string(level), "out", &out, 1}}));
    in = out;
  }
}

}  // namespace reduce_model

// The model of `variant` over the items `in`, as reduce.cpp dispatches it with `payload`; empty for
// a variant it does not know.
template <class V>
std::vector<lab::Step> reduceModel(const std::string& variant, const std::vector<V>& in, const gl::Caps& caps,
                                   const ReducePayload& payload, const Shown<V>& shown) {
  using namespace reduce_model;
  const std::uint32_t group = payload.group;
  const std::uint32_t most = payload.mostGroups > 0 ? std::min(payload.mostGroups, kReduceMostPartials) : kReduceMostPartials;
  const auto grid = std::uint32_t(gl::groupsFor(in.size(), group, caps, payload.itemsPerInvocation, most));
  if (variant == "tree") return gridThenOne(in, grid, group, "sums its run", true, shown);
  if (variant == "subgroup") return gridThenOne(in, grid, group, "sums its run, then subgroup adds sum the lanes", false, shown);
  if (variant == "recursive-multipass") return multipass(in, group, shown);
  if (variant == "two-pass-64/row") return twoPass(in, false, shown);
  if (variant == "two-pass-64/column") return twoPass(in, true, shown);
  const V result = total(in);
  if (variant == "single-thread" || variant == "groupshared-single") {
    const std::string how = variant == "single-thread" ? "one invocation sums every item in turn"
                                                       : "one group of 512: each invocation sums a strided run, the tree halves them to one";
    return {step<V>("one-group", how, shown, {{"input", "in", &in, 0}}, &result)};
  }
  if (variant == "single-pass") {
    const std::vector<V> partials = gridPartials(in, grid, group);
    lab::Step s = step<V>("single-pass",
                          lab::counted(grid, "group") + " each publish a partial and take a ticket; the last to finish sums the partials "
                                                        "and sets the ticket back to 0",
                          shown, {{"input", "in", &in, group}, {"partials", "partials", &partials, 1}});
    s.lanes.push_back({"ticket", "ticket", {}, {0u}, 0, lab::Cells::Numbers});
    shown.result(s.lanes, result);
    return {s};
  }
  return {};
}

}  // namespace boids::primitives

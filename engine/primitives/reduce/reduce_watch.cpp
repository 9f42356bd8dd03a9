#include "engine/primitives/reduce/reduce_watch.hpp"

#include <algorithm>
#include <string>

#include "engine/gl/dispatch.hpp"
#include "engine/primitives/reduce/reduce.hpp"
#include "engine/primitives/watch_variant.hpp"

namespace boids::primitives {
namespace {

// Elements below this, so that the sums a cell shows stay short.
constexpr std::uint32_t kWatchBound = 10;
// One word an item, groups of 8 for the grid-stride and multipass variants, an item an invocation.
constexpr ReducePayload kWatchPayload{"primitives/reduce/watch_sum.glsl", 1, false, 0, 8};

using Words = std::vector<std::uint32_t>;

lab::Lane lane(std::string name, std::string source, Words model, std::uint32_t tile = 0) {
  return {std::move(name), std::move(source), {}, std::move(model), tile, lab::Cells::Numbers};
}

std::uint32_t sum(const Words& w, std::size_t from = 0, std::size_t to = ~std::size_t(0)) {
  std::uint32_t s = 0;
  for (std::size_t i = from; i < std::min(to, w.size()); ++i) s += w[i];
  return s;
}

// A grid-stride pass of `groups` groups of `group` over `in`: invocation i of the grid takes items
// i, i + groups * group, ... (shaders/primitives/reduce/reduce_io.glsl, loadRun), so each group
// sums the items whose place modulo the grid falls in its block.
Words gridPartials(const Words& in, std::uint32_t groups, std::uint32_t group) {
  Words partials(groups, 0u);
  const std::size_t grid = std::size_t(groups) * group;
  for (std::size_t k = 0; k < in.size(); ++k) partials[(k % grid) / group] += in[k];
  return partials;
}

// Each group's tree in shared memory (group_tree.glsl), phase by phase: as loaded from the
// invocations' runs (`runs`, a value an invocation, group after group), then after each halving,
// where the invocations below the stride add the slot a stride above their own.
void treeSteps(Words tree, std::uint32_t group, const std::string& pass, std::vector<lab::Step>& steps) {
  const std::string each = "each group's " + std::to_string(group) + " slots of shared memory";
  steps.push_back({"tree", pass + ", inside the groups: each invocation's run stored in its slot (" + each + ")",
                   {lane("shared trees", "tree", tree, group)}});
  for (std::uint32_t stride = group / 2, k = 1; stride > 0; stride /= 2, ++k) {
    for (std::size_t base = 0; base < tree.size(); base += group) {
      for (std::uint32_t l = 0; l < stride; ++l) tree[base + l] += tree[base + l + stride];
    }
    steps.push_back({"tree", pass + ", halving " + std::to_string(k) + ": the invocations below " + std::to_string(stride) +
                                 " add the slot " + std::to_string(stride) + " above their own",
                     {lane("shared trees", "tree", tree, group)}});
  }
}

// What each invocation of a grid-stride pass of `groups` groups of `group` sums: item i and every
// grid's width on (reduce_io.glsl, loadRun), a value an invocation.
Words gridRuns(const Words& in, std::uint32_t groups, std::uint32_t group) {
  Words runs(std::size_t(groups) * group, 0u);
  for (std::size_t k = 0; k < in.size(); ++k) runs[k % runs.size()] += in[k];
  return runs;
}

// The tree (`phases`: made to watch, each group's tree shown phase by phase) and subgroup.
std::vector<lab::Step> gridThenOne(const Words& in, std::uint32_t groups, std::uint32_t group, const char* combine, bool phases) {
  const Words partials = gridPartials(in, groups, group);
  std::vector<lab::Step> steps;
  if (phases) treeSteps(gridRuns(in, groups, group), group, "the grid's pass", steps);
  steps.push_back({"partials", lab::counted(groups, "group") + " of " + std::to_string(group) + " invocations: each invocation " +
                                   combine + ", the group's tree halves them to one partial",
                   {lane("input", "in", in, group), lane("partials", "partials", partials, 1)}});
  if (phases) treeSteps(gridRuns(partials, 1, group), group, "the partials' pass", steps);
  steps.push_back({"final", "one group of " + std::to_string(group) + " sums the " + lab::counted(groups, "partial") + " to the result",
                   {lane("partials", "partials", partials, 1), lane("result", "out", {sum(in)})}});
  return steps;
}

std::vector<lab::Step> twoPass(const Words& in, bool column) {
  Words partials(kTwoPassInvocations, 0u);
  const std::size_t slice = (in.size() + kTwoPassInvocations - 1) / kTwoPassInvocations;
  for (std::size_t k = 0; k < in.size(); ++k) partials[column ? k / slice : k % kTwoPassInvocations] += in[k];
  const std::string how = column ? "a slice of " + std::to_string(slice) + " side by side" : "every 64th element";
  return {{"partials", "one group of 64 invocations: each sums " + how,
           {lane("input", "in", in, column ? std::uint32_t(slice) : 0u), lane("partials", "partials", partials, column ? 1 : 0)}},
          {"final", "one invocation sums the 64 partials",
           {lane("partials", "partials", partials, column ? 1 : 0), lane("result", "out", {sum(in)})}}};
}

std::vector<lab::Step> multipass(const Words& input, std::uint32_t group) {
  std::vector<lab::Step> steps;
  Words in = input;
  for (int level = 1;; ++level) {
    const std::uint32_t groups = std::uint32_t((in.size() + group - 1) / group);
    Words out(groups, 0u);
    for (std::size_t k = 0; k < in.size(); ++k) out[k / group] += in[k];
    const std::string inName = level == 1 ? "input" : "level " + std::to_string(level - 1);
    const bool last = groups == 1;
    treeSteps(gridRuns(in, groups, group), group, "level " + std::to_string(level), steps);
    const std::string what = level == 1 ? " elements" : " partials";
    const std::string says = last ? "one group of " + std::to_string(group) + " sums the " + std::to_string(in.size()) + what + ": the result"
                                  : lab::counted(groups, "group") + " of " + std::to_string(group) + " each sum " + std::to_string(group) + what;
    steps.push_back({"level", says,
                     {lane(inName, "in", in, group), lane(last ? "result" : "level " + std::to_string(level), "out", out, 1)}});
    if (last) return steps;
    in = out;
  }
}

// The model of `variant` over `in`, as reduce.cpp dispatches it with the watch's payload; empty
// for a variant it does not know.
std::vector<lab::Step> modelOf(const std::string& variant, const Words& in, const gl::Caps& caps) {
  const std::uint32_t group = kWatchPayload.group;
  const auto grid = std::uint32_t(gl::groupsFor(in.size(), group, caps, kWatchPayload.itemsPerInvocation, kReduceMostPartials));
  if (variant == "tree") return gridThenOne(in, grid, group, "sums its run, four loads in flight", true);
  if (variant == "subgroup") return gridThenOne(in, grid, group, "sums its run, then subgroup adds sum the lanes", false);
  if (variant == "recursive-multipass") return multipass(in, group);
  if (variant == "two-pass-64/row") return twoPass(in, false);
  if (variant == "two-pass-64/column") return twoPass(in, true);
  if (variant == "single-thread" || variant == "groupshared-single") {
    const std::string how = variant == "single-thread" ? "one invocation sums every element in turn"
                                                       : "one group of 512: each invocation sums a strided run, the tree halves them to one";
    return {{"one-group", how, {lane("input", "in", in), lane("result", "out", {sum(in)})}}};
  }
  if (variant == "single-pass") {
    const Words partials = gridPartials(in, grid, group);
    return {{"single-pass",
             lab::counted(grid, "group") + " each publish a partial and take a ticket; the last to finish sums the partials and "
             "sets the ticket back to 0",
             {lane("input", "in", in, group), lane("partials", "partials", partials, 1), lane("ticket", "ticket", {0u}),
              lane("result", "out", {sum(in)})}}};
  }
  return {};
}

}  // namespace

lab::Watch watchReduce(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"reduce", request.variant, request.input, {}, {}};
  const ReduceVariant* variant = watchedVariant(reductions(), watch, context.caps);
  if (!variant) return watch;
  const Words input = lab::watchInput(request, kWatchBound);
  const auto n = static_cast<std::uint32_t>(input.size());
  const std::unique_ptr<Reduce> reduce = variant->makeToWatch(context.shaders, context.caps, kWatchPayload);
  if (const std::string why = reduce->unavailableFor(n); !why.empty()) {
    watch.error = request.variant + " cannot reduce " + std::to_string(n) + " elements here: " + why;
    return watch;
  }
  watch.steps = modelOf(request.variant, input, context.caps);
  gl::Buffer in = gl::Buffer::fromSpan<std::uint32_t>("watch.reduce.in", input), out("watch.reduce.out", 4);
  out.zero(4);
  return lab::recorded(std::move(watch), *reduce, [&] { reduce->run(&in, n, out); });
}

}  // namespace boids::primitives

#include "engine/primitives/compact/compact_watch.hpp"

#include <string>

#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/scan/scan_watch.hpp"
#include "engine/primitives/watch_variant.hpp"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kWatchBound = 2;  // flags: 0 dropped, 1 kept

using Words = std::vector<std::uint32_t>;

lab::Lane lane(std::string name, std::string source, Words model, std::uint32_t tile = 0) {
  return {std::move(name), std::move(source), {}, std::move(model), tile, lab::Cells::Numbers};
}

// The kept indices, each shaded as the group (tile of `tile` elements) it came from.
lab::Lane keptIndices(std::string name, Words model, std::uint32_t tile, bool unordered) {
  lab::Lane l = lane(std::move(name), "out", std::move(model));
  l.unordered = unordered;
  l.valueTile = tile;
  return l;
}

// What each variant that hands out slots with atomics does in its one dispatch, in groups of `group`.
std::string atomicsSay(const std::string& variant, std::uint32_t group) {
  if (variant == "group-leader") return "in each group one invocation counts the kept, takes the group's slots with one atomicAdd and hands them out";
  if (variant == "global-atomic") return "each kept element takes a slot with one atomicAdd on the one counter: in the order they come";
  if (variant == "group-atomic") return "each kept element takes a slot in its group (a shared atomicAdd), the group its base (one global atomicAdd)";
  if (variant == "subgroup-ballot") return "a ballot per subgroup: a kept element's slot is the set bits below its own; one atomicAdd a subgroup";
  return std::to_string(kBallotItems) + " elements an invocation, a ballot for each; one atomicAdd for a group's tile of " +
         std::to_string(group * kBallotItems);
}

}  // namespace

std::vector<lab::Step> compactSteps(const std::string& variant, const std::vector<std::uint32_t>& flags, std::uint32_t group,
                                    std::uint32_t scanTile, const std::string& what, bool flagsRead) {
  Words kept, keep(flags.size());
  for (std::uint32_t i = 0; i < flags.size(); ++i) {
    keep[i] = flags[i] != 0 ? 1u : 0u;
    if (keep[i]) kept.push_back(i);
  }
  const auto count = static_cast<std::uint32_t>(kept.size());
  const std::uint32_t tile = variant == "ballot-tiles" ? group * kBallotItems : variant == "single-thread" ? 0 : group;
  std::vector<lab::Lane> in;
  if (flagsRead) in.push_back(lane("flags", "in", flags, tile));
  const auto with = [&](std::vector<lab::Lane> lanes) {
    lanes.insert(lanes.begin(), in.begin(), in.end());
    return lanes;
  };
  if (variant == "single-thread") {
    return {{"compact", what + "one invocation walks every element, writing each kept index to the next slot",
             with({lane("kept indices", "out", kept), lane("count", "kept", {count})})}};
  }
  if (variant != "scan") {
    return {{"compact", what + atomicsSay(variant, group),
             with({keptIndices("kept indices (any order), shaded by group", kept, tile, true), lane("count", "kept", {count})})}};
  }
  std::vector<lab::Step> steps{{"flags", what + "each invocation writes 1 where its element is kept, else 0",
                                with({lane("keep", "keep", keep, group)})}};
  for (lab::Step& s : scanSteps(kDefaultScan, keep, scanTile, "keep", "slots")) steps.push_back(std::move(s));
  Words slots(keep.size());
  for (std::uint32_t i = 0, sum = 0; i < keep.size(); sum += keep[i++]) slots[i] = sum;
  steps.push_back({"scatter", what + "each kept element writes its index to its slot: the input's order kept",
                   {lane("keep", "keep", keep, group), lane("slots", "slots", slots, group),
                    keptIndices("kept indices", kept, group, false), lane("count", "kept", {count})}});
  return steps;
}

lab::Watch watchCompact(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"compact", request.variant, request.input, {}, {}};
  const CompactVariant* variant = watchedVariant(compactions(), watch, context.caps);
  if (!variant) return watch;
  const Words flags = lab::watchInput(request, kWatchBound);
  const auto n = static_cast<std::uint32_t>(flags.size());
  const std::unique_ptr<Compact> compact = variant->makeToWatch(context.shaders, context.caps, kFlagsPredicate);
  if (const std::string why = compact->unavailableFor(n); !why.empty()) {
    watch.error = request.variant + " cannot compact " + std::to_string(n) + " elements here: " + why;
    return watch;
  }
  const std::uint32_t scanTile = findVariant(scans(), kDefaultScan)->makeToWatch(context.shaders, context.caps)->tile();
  watch.steps = compactSteps(request.variant, flags, lab::kWatchGroup, scanTile, "", true);
  gl::Buffer in = gl::Buffer::fromSpan<std::uint32_t>("watch.compact.in", flags);
  gl::Buffer out("watch.compact.out", std::size_t(n) * 4), kept("watch.compact.kept", 4);
  out.zero(std::size_t(n) * 4);
  return lab::recorded(std::move(watch), *compact, [&] { compact->run(in, n, out, kept); });
}

}  // namespace boids::primitives

#include "engine/primitives/scan/scan_watch.hpp"

#include <string>

#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/watch_variant.hpp"

namespace boids::primitives {
namespace {

// The elements are below this, so that every sum a cell shows stays short.
constexpr std::uint32_t kWatchBound = 10;

using Words = std::vector<std::uint32_t>;

Words exclusiveSums(const Words& in) {
  Words out(in.size());
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    out[i] = sum;
    sum += in[i];
  }
  return out;
}

Words tileTotals(const Words& in, std::uint32_t tile) {
  Words totals((in.size() + tile - 1) / tile, 0u);
  for (std::size_t i = 0; i < in.size(); ++i) totals[i / tile] += in[i];
  return totals;
}

lab::Lane lane(std::string name, std::string source, Words model, std::uint32_t tile, lab::Cells cells = lab::Cells::Numbers) {
  return {std::move(name), std::move(source), {}, std::move(model), tile, cells};
}

// reduce-then-scan's steps at one level of its recursion, as ReduceThenScan::level dispatches them:
// depth 0 scans the input, depth d the tile totals of depth d - 1.
void reduceThenScanSteps(const Words& in, std::uint32_t tile, int depth, const std::string& input, const std::string& output,
                         std::vector<lab::Step>& steps) {
  const std::string level = std::to_string(depth + 1);
  const std::string inName = depth == 0 ? input : "totals " + std::to_string(depth);
  const std::string outName = depth == 0 ? output : "scanned totals " + std::to_string(depth);
  const std::size_t tiles = (in.size() + tile - 1) / tile;
  if (tiles <= 1) {
    steps.push_back({"scan-single",
                     "one group scans " + lab::counted(in.size(), "element") + " in one tile: each becomes the sum of those before it",
                     {lane(inName, "in", in, tile), lane(outName, "out", exclusiveSums(in), tile)}});
    return;
  }
  const Words totals = tileTotals(in, tile);
  steps.push_back({"reduce", lab::counted(tiles, "group") + " each sum a tile of " + std::to_string(tile) + " to its total (totals " + level + ")",
                   {lane(inName, "in", in, tile), lane("totals " + level, "totals", totals, 1)}});
  reduceThenScanSteps(totals, tile, depth + 1, input, output, steps);
  steps.push_back({"scan-seeded",
                   "each group scans its tile again from its scanned total, the sum of every tile before it",
                   {lane(inName, "in", in, tile), lane("scanned totals " + level, "totals", exclusiveSums(totals), 1),
                    lane(outName, "out", exclusiveSums(in), tile)}});
}

// decoupled-lookback's one pass: every tile ends having published its inclusive prefix (flag 2) on
// the run's parity (0 for an object's first run, then alternating), whichever way it got its
// predecessors' sum.
std::vector<lab::Step> lookbackSteps(const Words& in, std::uint32_t tile, const std::string& input, const std::string& output,
                                     std::uint32_t parity) {
  const Words totals = tileTotals(in, tile);
  Words status(totals.size());
  std::uint32_t inclusive = 0;
  for (std::size_t t = 0; t < totals.size(); ++t) {
    inclusive += totals[t];
    status[t] = (inclusive << 3) | (parity << 2) | 2u;
  }
  return {{"look-back",
           lab::counted(totals.size(), "group") + " each scan a tile of " + std::to_string(tile) + ", publish its total (A), add the totals and prefixes (P) "
           "published before it, publish its own prefix (P) and write its sums",
           {lane(input, "in", in, tile), lane("tile status", "status", status, 1, lab::Cells::LookbackStatus),
            lane(output, "out", exclusiveSums(in), tile)}}};
}

}  // namespace

std::vector<lab::Step> scanSteps(const std::string& variant, const std::vector<std::uint32_t>& in, std::uint32_t tile,
                                 const std::string& input, const std::string& output, std::uint32_t run) {
  std::vector<lab::Step> steps;
  if (variant == "reduce-then-scan") reduceThenScanSteps(in, tile, 0, input, output, steps);
  if (variant == "decoupled-lookback") steps = lookbackSteps(in, tile, input, output, run % 2);
  return steps;
}

lab::Watch watchScan(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"scan", request.variant, request.input, {}, {}};
  const ScanVariant* variant = watchedVariant(scans(), watch, context.caps);
  if (!variant) return watch;
  const Words input = lab::watchInput(request, kWatchBound);
  const std::unique_ptr<Scan> scan = variant->makeToWatch(context.shaders, context.caps);
  watch.steps = scanSteps(request.variant, input, scan->tile(), "input", "output");

  const auto n = static_cast<std::uint32_t>(input.size());
  gl::Buffer in = gl::Buffer::fromSpan<std::uint32_t>("watch.scan.in", input);
  gl::Buffer out("watch.scan.out", std::size_t(n) * 4);
  out.zero(std::size_t(n) * 4);
  return lab::recorded(std::move(watch), *scan, [&] { scan->run(in, out, n); });
}

}  // namespace boids::primitives

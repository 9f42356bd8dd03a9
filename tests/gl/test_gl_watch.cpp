// The watch views (engine/lab/watch.hpp): each primitive's variants stepped on small inputs, every
// step's read-back buffers held to the CPU model's state at that step, so a view cannot drift from
// its kernels; and the comparison shown to catch a cell, a pass and a missing dispatch that differ.
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "engine/lab/diagram.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/scan/scan_watch.hpp"
#include "engine/sim/params.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

// 1; below, at and around a watch tile (32 elements; 32 a subgroup's width for the look-back on a
// GPU, 8 a lane without subgroups); several tiles; the most a watch takes.
const std::uint32_t kWatchSizes[] = {1u, 7u, 8u, 31u, 32u, 33u, 100u, 257u, 1024u};

const lab::Context& watchContext() {
  static const sim::SimSettings settings;
  static const lab::Context context{test::shaders(), test::caps(), settings,
                                    [](const lab::Case&) -> const lab::Flock& { throw std::logic_error("no flock"); }, 0};
  return context;
}

// Every step agrees, and every lane was read back whole.
void expectAgrees(const lab::Watch& watch, const std::string& what) {
  EXPECT_TRUE(watch.error.empty()) << what << ": " << watch.error;
  ASSERT_FALSE(watch.steps.empty()) << what;
  for (std::size_t i = 0; i < watch.steps.size(); ++i) {
    for (const lab::Lane& lane : watch.steps[i].lanes) {
      EXPECT_FALSE(lane.model.empty()) << what << " step " << i + 1 << " " << lane.name;
      EXPECT_EQ(lane.gpu, lane.model) << what << " step " << i + 1 << " (" << watch.steps[i].pass << ") " << lane.name;
    }
  }
}

}  // namespace

class ScanWatch : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(ScanWatch, EveryStepsBuffersEqualTheModelsAtThatStep) {
  const auto [name, n] = GetParam();
  if (!test::availableVariant(primitives::scans(), name)) return;
  for (const char* input : lab::kWatchInputs) {
    const lab::Watch watch = primitives::watchScan({name, n, input, 3}, watchContext());
    expectAgrees(watch, name + " n=" + std::to_string(n) + " " + input);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, ScanWatch,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::scans())), ::testing::ValuesIn(kWatchSizes)),
                         test::VariantAndSize());

TEST_F(GlTest, ScanWatchStepsThroughTheLevelsOfReduceThenScan) {
  // 1024 elements in tiles of 32: 32 totals, one tile of them, so reduce, scan the totals, scan
  // again seeded: the model's steps are the kernel's dispatches, in order.
  const lab::Watch watch = primitives::watchScan({"reduce-then-scan", 1024, "random", 1}, watchContext());
  std::vector<std::string> passes;
  for (const lab::Step& s : watch.steps) passes.push_back(s.pass);
  EXPECT_EQ(passes, (std::vector<std::string>{"reduce", "scan-single", "scan-seeded"}));
  ASSERT_EQ(watch.steps.size(), 3u);
  EXPECT_EQ(watch.steps[0].lanes[1].gpu.size(), 32u) << "a total a tile";
  expectAgrees(watch, "reduce-then-scan 1024");
}

TEST_F(GlTest, ScanWatchTakesATypedInInput) {
  const lab::Watch watch = primitives::watchScan({"decoupled-lookback", 0, "3,1,4,1,5,9,2,6", 1}, watchContext());
  ASSERT_EQ(watch.steps.size(), 1u) << watch.error;
  EXPECT_EQ(watch.steps[0].lanes.back().gpu, (std::vector<std::uint32_t>{0, 3, 4, 8, 9, 14, 23, 25}));
}

TEST_F(GlTest, AWatchShowsACellAPassAndADispatchThatDifferFromTheModel) {
  lab::Watch watch = primitives::watchScan({"reduce-then-scan", 100, "random", 1}, watchContext());
  ASSERT_TRUE(watch.agrees()) << watch.error;
  // One output cell off by one: counted, and drawn in the difference's colour in both columns.
  lab::Lane& out = watch.steps.back().lanes.back();
  out.gpu[57] += 1;
  EXPECT_FALSE(watch.agrees());
  EXPECT_EQ(watch.steps.back().differences(), 1u);
  const lab::Diagram diagram = lab::stepDiagram(watch, watch.steps.size() - 1);
  std::size_t red = 0;
  for (const lab::Box& b : diagram.boxes) red += b.fill.r == 255 && b.fill.g == 205 ? 1 : 0;
  EXPECT_EQ(red, 2u) << "the cell, beside the model's";

  // The GPU's dispatches against another variant's model: a pass and a count that differ.
  lab::Recorder recorder;
  auto scan = primitives::findVariant(primitives::scans(), "decoupled-lookback")->makeToWatch(test::shaders(), test::caps());
  const std::vector<std::uint32_t> input(100, 1u);
  gl::Buffer in = gl::Buffer::fromSpan<std::uint32_t>("test.watch.in", input), output("test.watch.out", 400);
  scan->watchWith(&recorder);
  scan->run(in, output, 100);
  lab::Watch model = primitives::watchScan({"reduce-then-scan", 100, "equal", 1}, watchContext());
  for (lab::Step& s : model.steps) {
    for (lab::Lane& lane : s.lanes) lane.gpu.clear();
  }
  const lab::Watch crossed = lab::matched(model, recorder);
  EXPECT_FALSE(crossed.agrees());
  EXPECT_NE(crossed.error.find("the GPU ran 1 dispatches where the model has 3 steps"), std::string::npos) << crossed.error;
}

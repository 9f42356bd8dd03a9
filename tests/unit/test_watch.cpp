// The watch's comparison and inputs (engine/lab/watch.hpp), without a GL context.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine/lab/watch.hpp"

using namespace boids;

TEST(WatchLane, AnOrderedLaneDiffersCellByCell) {
  lab::Lane lane{"out", "out", {0, 5, 9}, {0, 5, 7}};
  EXPECT_EQ(lane.differences(), 1u);
  EXPECT_TRUE(lane.differsAt(2));
  EXPECT_FALSE(lane.differsAt(1));
  lane.gpu.pop_back();
  EXPECT_EQ(lane.differences(), 1u) << "a cell missing on one side";
}

TEST(WatchLane, AnUnorderedLaneIsAMultisetDoubledAndMissingWordsDiffer) {
  lab::Lane lane{"kept", "out", {7, 2, 5}, {2, 5, 7}};
  lane.unordered = true;
  EXPECT_EQ(lane.differences(), 0u) << "the same words in another order";
  lane.gpu = {7, 2, 2};  // 2 twice, 5 missing
  EXPECT_EQ(lane.differences(), 2u);
  EXPECT_TRUE(lane.differsAt(2, true)) << "the second 2";
  EXPECT_FALSE(lane.differsAt(1, true)) << "the first 2 is matched";
  EXPECT_TRUE(lane.differsAt(1, false)) << "the model's 5";
}

TEST(WatchLane, AFloatLaneTakesItsUlpsAndNoMore) {
  const std::uint32_t two = std::bit_cast<std::uint32_t>(2.0f);
  lab::Lane lane{"centroid", "stats", {two + 3}, {two}, 0, lab::Cells::Floats};
  EXPECT_EQ(lane.differences(), 1u) << "no slack unless the lane gives one";
  lane.ulps = 3;
  EXPECT_EQ(lane.differences(), 0u);
  lane.gpu = {two + 4};
  EXPECT_EQ(lane.differences(), 1u) << "4 ulps is over 3";
  lane.gpu = {std::bit_cast<std::uint32_t>(-2.0f)};
  EXPECT_EQ(lane.differences(), 1u) << "the other sign";
  lane.tolerance = 0.01;  // a sum's slack, absolute
  lane.gpu = {std::bit_cast<std::uint32_t>(2.009f)};
  EXPECT_EQ(lane.differences(), 0u);
  lane.gpu = {std::bit_cast<std::uint32_t>(2.02f)};
  EXPECT_EQ(lane.differences(), 1u);
  lane.gpu = {0x7fc00000u};  // NaN
  EXPECT_EQ(lane.differences(), 1u);
  lane.tolerance = 0;
  lane.model = {0x7f7fffffu};  // the largest float; infinity's bits are one more
  lane.gpu = {0x7f800000u};
  EXPECT_EQ(lane.differences(), 1u) << "infinity is not an ulp from anything";
}

TEST(WatchMatch, AModelWithNoStepsDoesNotAgree) {
  const lab::Watch watch = lab::matched({"sort", "nothing", "random", {}, {}}, lab::Recorder());
  EXPECT_FALSE(watch.agrees());
  EXPECT_NE(watch.error.find("no steps"), std::string::npos) << watch.error;
}

TEST(WatchLane, AcceptedWordsAreRangesACellMayTake) {
  lab::Lane lane{"coverage", "coverage", {120, 7}, {118, 7}};
  EXPECT_EQ(lane.differences(), 1u);
  lane.accepted = {{{118, 121}}, {}};  // cell 0: rounding may leave 118 to 121
  EXPECT_EQ(lane.differences(), 0u);
  lane.gpu = {122, 7};
  EXPECT_EQ(lane.differences(), 1u) << "past the range";
  lane.gpu = {120, 8};
  EXPECT_EQ(lane.differences(), 1u) << "cell 1 accepts only the model's word";
}

TEST(WatchLane, CellsReadAsTheirKind) {
  const auto ordered = [](float f) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
  };
  EXPECT_EQ(lab::cellText(lab::Cells::OrderedFloats, ordered(-1.5f)), "-1.5");
  EXPECT_EQ(lab::cellText(lab::Cells::OrderedFloats, ordered(9.0f)), "9");
  EXPECT_EQ(lab::cellText(lab::Cells::OrderedFloats, 0xffffffffu), "--") << "atomicMin's identity";
  EXPECT_EQ(lab::cellText(lab::Cells::DigitStatus, 40u << 2 | 2u), "P 40");
  EXPECT_EQ(lab::cellText(lab::Cells::DigitStatus, 12u << 2 | 1u), "A 12");
  EXPECT_EQ(lab::cellText(lab::Cells::DigitStatus, 0u), "-");
  lab::Lane pairs{"keys", "pairs", {5, ~7u, 0u}, {5, ~7u, 0u}, 0, lab::Cells::Keys};
  pairs.turned = 2;  // cells 2, 3, 6, 7, ... hold their words complemented
  EXPECT_EQ(pairs.text(0, true), "5");
  EXPECT_EQ(pairs.text(1, true), "4294967288") << "cell 1 is not turned";
  EXPECT_EQ(pairs.text(2, true), "~--") << "a padding key, complemented";
}

TEST(WatchInput, PatternsHaveTheirLengthAndStayBelowTheBound) {
  for (const char* input : lab::kWatchInputs) {
    const auto values = lab::watchInput({"v", 37, input, 9}, 10);
    ASSERT_EQ(values.size(), 37u) << input;
    for (std::uint32_t v : values) EXPECT_LT(v, 10u) << input;
  }
  const auto sorted = lab::watchInput({"v", 20, "sorted", 1}, 10);
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
  const auto reversed = lab::watchInput({"v", 20, "reversed", 1}, 10);
  EXPECT_TRUE(std::is_sorted(reversed.rbegin(), reversed.rend()));
  EXPECT_EQ(lab::watchInput({"v", 1, " 3, 1,4", 1}, 10), (std::vector<std::uint32_t>{3, 1, 4}));
}

TEST(WatchInput, RefusesWhatIsNotAnInputNamingIt) {
  auto refusal = [](const std::string& input, std::uint32_t n) {
    try {
      lab::watchInput({"v", n, input, 1}, 10);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal("1,,2", 1).find("element 2 ('')"), std::string::npos);
  EXPECT_NE(refusal("1,-2", 1).find("element 2 ('-2')"), std::string::npos);
  EXPECT_NE(refusal("10", 1).find("below 10"), std::string::npos);
  EXPECT_NE(refusal("99999999999999999999", 1).find("element 1"), std::string::npos);
  EXPECT_NE(refusal("zigzag", 4).find("unknown watch input 'zigzag'"), std::string::npos);
  EXPECT_NE(refusal("random", 0).find("1 to 1024 elements, not 0"), std::string::npos);
  EXPECT_NE(refusal("random", 1025).find("not 1025"), std::string::npos);
}

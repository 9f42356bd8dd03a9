// The watch's comparison and inputs (engine/lab/watch.hpp), without a GL context.
#include <gtest/gtest.h>

#include <algorithm>
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

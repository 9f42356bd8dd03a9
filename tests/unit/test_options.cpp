// The command line: values land in the options, bad values are refused with exit code 2.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "parse_args.hpp"

using namespace boids;

using test::parse;

TEST(Options, TheWindowAndDemoStartAsTheMurmurationCheckAndBenchFromTheDefaults) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{}, std::vector<std::string>{"demo"}}) {
    auto r = parse(args);
    ASSERT_TRUE(r.options);
    EXPECT_EQ(r.options->settings.sim.count, sim::SimSettings{}.count);
    EXPECT_EQ(r.options->settings.sim.rule, sim::Rule::Topological);
    EXPECT_EQ(r.options->settings.sim.attractor.mode, sim::AttractorMode::Hunt);
    EXPECT_FALSE(r.options->countGiven()) << "the start's count is a default, not one given";
  }
  EXPECT_EQ(parse({}).options->mode, app::Mode::Auto);
  auto check = parse({"check"});
  ASSERT_TRUE(check.options);
  EXPECT_EQ(check.options->settings.sim.rule, sim::Rule::Metric);
  auto preset = parse({"--preset", "schools"});  // a preset replaces the start
  ASSERT_TRUE(preset.options);
  EXPECT_EQ(preset.options->settings.sim.rule, sim::Rule::Metric);
  EXPECT_EQ(preset.options->settings.sim.start, sim::Start::Clustered);
}

TEST(Options, EverySimulationParameterIsSettable) {
  for (const sim::FloatParam& p : sim::floatParams()) {
    // A value inside the range, in a world large enough for every radius and margin.
    const bool world = std::string(p.key) == "world-size";
    const float value = world ? 200.0f : p.min + 0.25f * (std::min(p.max, 4.0f) - p.min);
    std::vector<std::string> args = {"--" + std::string(p.key), std::to_string(value)};
    if (!world) args.insert(args.end(), {"--world-size", "100000"});
    if (std::string(p.key) == "altitude-high") args.insert(args.end(), {"--altitude-low", "0"});
    auto r = parse(args);
    ASSERT_TRUE(r.options) << p.key;
    EXPECT_FLOAT_EQ(r.options->settings.sim.*p.member, value) << p.key;
  }
}

TEST(Options, DemoSubcommandCountSeedWorldFramesScreenshot) {
  auto r = parse({"demo", "--count", "4097", "--seed", "7", "--world", "wrap", "--frames", "3", "--screenshot", "x.png"});
  ASSERT_TRUE(r.options);
  EXPECT_EQ(r.options->mode, app::Mode::Demo);
  EXPECT_EQ(r.options->settings.sim.count, 4097u);
  EXPECT_TRUE(r.options->countGiven());
  EXPECT_EQ(r.options->settings.sim.seed, 7u);
  EXPECT_EQ(r.options->settings.sim.world, sim::WorldMode::Wrap);
  EXPECT_EQ(r.options->frames, 3);
  EXPECT_EQ(r.options->screenshot, "x.png");
}

TEST(Options, BadValuesExitWithCodeTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"--count", "0"},
                                                                {"--count", "-5"},
                                                                {"--count", "many"},
                                                                {"--dt", "7"},
                                                                {"--world", "sphere"},
                                                                {"--no-such-option"},
                                                                {"--cohesion-radius", "30", "--world-size", "80"}}) {
    auto r = parse(args);
    EXPECT_FALSE(r.options) << args[0];
    EXPECT_EQ(r.exitCode, 2) << args[0];
  }
}

TEST(Options, BenchTakesOnlyTheSortersItNames) {
  auto r = parse({"bench", "--sort", "--sorters", "onesweep,bitonic-transpose"});
  ASSERT_TRUE(r.options);
  EXPECT_EQ(r.options->bench.sorters, (std::vector<std::string>{"onesweep", "bitonic-transpose"}));
  EXPECT_TRUE(parse({"bench", "--sort"}).options->bench.sorters.empty());  // every one
  auto bad = parse({"bench", "--sort", "--sorters", "radix,quick"});
  EXPECT_FALSE(bad.options);
  EXPECT_EQ(bad.exitCode, 2);
}

TEST(Options, HelpExitsWithZero) {
  auto r = parse({"--help"});
  EXPECT_FALSE(r.options);
  EXPECT_EQ(r.exitCode, 0);
}

TEST(Options, TheWorldFollowsTheCountUnlessGiven) {
  auto automatic = parse({"--preset", "schools", "--count", "65536"});
  ASSERT_TRUE(automatic.options);
  EXPECT_EQ(automatic.options->settings.sim.worldSize, sim::worldSizeForCount(65536));
  EXPECT_NEAR(65536 / std::pow(automatic.options->settings.sim.worldSize, 3.0f), sim::kReferenceDensity, 0.001);
  EXPECT_FLOAT_EQ(automatic.options->settings.sim.wallMargin, automatic.options->settings.sim.worldSize / 10);
  auto chosen = parse({"--preset", "schools", "--count", "65536", "--world-size", "50", "--wall-margin", "3"});
  ASSERT_TRUE(chosen.options);
  EXPECT_EQ(chosen.options->settings.sim.worldSize, 50.0f);
  EXPECT_EQ(chosen.options->settings.sim.wallMargin, 3.0f);
}

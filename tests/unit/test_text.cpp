// Numbers as users write them: one set of rules (app/text.hpp) behind every option, --set and
// preset value, so that "not a number", "not a whole number" and "outside the range" are told apart.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "app/text.hpp"

using namespace boids;

TEST(Text, DecimalsAreDecimalsOnly) {
  for (const auto& [text, value] : std::vector<std::pair<std::string, double>>{
           {"0", 0}, {"-2.5", -2.5}, {"+3", 3}, {".5", 0.5}, {"5.", 5}, {"1e3", 1000}, {"1E-3", 0.001}, {"0.001", 0.001}}) {
    const auto v = app::parseDecimal(text);
    ASSERT_TRUE(v) << text;
    EXPECT_EQ(*v, value) << text;
  }
  for (const std::string text : {"", " 1", "1 ", "0x10", "0x1p-3", "inf", "nan", "infinity", "1e", "e3", ".", "-", "1,5",
                                 "1.2.3", "--1", "1e+", "١"}) {
    EXPECT_FALSE(app::parseDecimal(text)) << "'" << text << "'";
  }
  EXPECT_TRUE(std::isinf(*app::parseDecimal("1e309"))) << "beyond a double: infinite, so the caller says out of range";
  EXPECT_TRUE(std::isinf(*app::parseDecimal("-1e400")));
}

TEST(Text, WholeNumbersTellNotANumberFromOutOfRange) {
  constexpr std::uint64_t kTop = std::numeric_limits<std::uint64_t>::max();
  std::string why;
  struct Case {
    std::string text;
    std::uint64_t min, max;
    std::optional<std::uint64_t> value;
    std::string says;  // part of the error when there is no value
  };
  const std::vector<Case> cases = {
      {"4097", 1, 1u << 26, 4097, ""},
      {"+7", 0, 10, 7, ""},
      {"1e3", 1, 1u << 26, 1000, ""},
      {"4097.0", 1, 1u << 26, 4097, ""},
      {"-0", 0, 10, 0, ""},
      {"18446744073709551615", 0, kTop, kTop, ""},
      {"1e19", 0, kTop, 10000000000000000000ull, ""},
      {"0", 1, 10, std::nullopt, "'0' is outside the allowed range 1 to 10"},
      {"11", 1, 10, std::nullopt, "'11' is outside the allowed range 1 to 10"},
      {"-1", 0, kTop, std::nullopt, "'-1' is outside the allowed range 0 to 18446744073709551615"},
      {"-0", 1, 10, std::nullopt, "outside the allowed range 1 to 10"},
      {"18446744073709551616", 0, kTop, std::nullopt, "outside the allowed range"},
      {"99999999999999999999999999", 0, kTop, std::nullopt, "outside the allowed range"},
      {"1.2e29", 1, 1u << 26, std::nullopt, "'1.2e29' is outside the allowed range 1 to 67108864"},
      {"1e309", 1, 10, std::nullopt, "outside the allowed range"},
      {"2.5", 1, 10, std::nullopt, "'2.5' is not a whole number (allowed: 1 to 10)"},
      {"2x", 1, 10, std::nullopt, "'2x' is not a whole number"},
      {"0x10", 1, 100, std::nullopt, "not a whole number"},
      {"", 1, 10, std::nullopt, "not a whole number"},
      {"nan", 1, 10, std::nullopt, "not a whole number"},
  };
  for (const Case& c : cases) {
    const auto v = app::parseWhole(c.text, c.min, c.max, why);
    EXPECT_EQ(v, c.value) << "'" << c.text << "': " << why;
    if (c.value) {
      EXPECT_EQ(why, "") << c.text;
    } else {
      EXPECT_NE(why.find(c.says), std::string::npos) << "'" << c.text << "': " << why;
    }
  }
}

TEST(Text, LongValuesAreShortenedForMessagesAtACharacterBoundary) {
  EXPECT_EQ(app::shorten("short"), "short");
  EXPECT_EQ(app::shorten(std::string(64, 'x')), std::string(64, 'x'));
  const std::string shown = app::shorten(std::string(100000, '7'));
  EXPECT_EQ(shown, std::string(48, '7') + "... (100000 characters)");
  // Two-byte characters: the cut never splits one.
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "\xc3\xa9";  // é
  const std::string cut = app::shorten("x" + accents);
  const std::size_t dots = cut.find("...");
  ASSERT_NE(dots, std::string::npos);
  EXPECT_EQ((dots - 1) % 2, 0u) << "a character was split: " << cut;
}

#pragma once
// Numbers and values as the user writes them: one set of parsing rules for every option, --set
// and preset value, so "not a number", "not a whole number" and "outside the allowed range" mean
// the same thing everywhere; and values shown in messages at a readable length.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace boids::app {

// A decimal number as people write it: [+-]digits[.digits][e[+-]digits] (".5" and "5." too).
// No hex, no "inf" or "nan", no spaces. nullopt when the text is not one; a number too large for
// a double comes back as +-infinity, so the caller can say it is out of range.
std::optional<double> parseDecimal(std::string_view text);

// A whole number in [min, max]. Written in digits ("4097"), or as a decimal whose value is whole
// ("1e3", "4097.0"). Empty `error` on success; otherwise why not, in the wording the settings use:
// "'2x' is not a whole number (allowed: 1 to 67108864)", "'-1' is outside the allowed range 0 to
// ...". The bounds are compared as integers (a double cannot tell 2^64 - 1 from 2^64).
std::optional<std::uint64_t> parseWhole(std::string_view text, std::uint64_t min, std::uint64_t max, std::string& error);

// A bound as a person would write it: 0.001, 50, 67108864, 18446744073709551615.
std::string formatNumber(double v);
std::string formatWhole(std::uint64_t v);

// Whether `text` is well-formed UTF-8 (what a JSON document can hold; a Linux file name need not be).
bool validUtf8(std::string_view text);

// `text` as a message shows it: whole up to 64 characters, else its start and its length.
std::string shorten(std::string_view text);

}  // namespace boids::app

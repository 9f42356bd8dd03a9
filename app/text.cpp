#include "app/text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace boids::app {

std::optional<double> parseDecimal(std::string_view text) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    return i - start;
  };
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (digits() == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  // strtod accepts all of the above; ERANGE on overflow gives +-HUGE_VAL, which is what we want,
  // and on underflow a value near zero, which is that number as a double.
  const std::string copy(text);
  return std::strtod(copy.c_str(), nullptr);
}

std::optional<std::uint64_t> parseWhole(std::string_view text, std::uint64_t min, std::uint64_t max, std::string& error) {
  const std::string range = formatWhole(min) + " to " + formatWhole(max);
  std::string shown = "'";  // (built in steps: GCC 12 warns falsely on "'" + std::string, PR 105329)
  shown += shorten(text);
  shown += "'";
  std::string_view digits = text;
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool allDigits = !digits.empty() && end == digits.data() + digits.size() && digits[0] != '-';
  if (allDigits && ec == std::errc::result_out_of_range) {
    error = shown + " is outside the allowed range " + range;
    return std::nullopt;
  }
  if (!allDigits || ec != std::errc()) {
    // "-5", "1e3", "4097.0", "1.2e29": numbers, judged by their value.
    const std::optional<double> d = parseDecimal(text);
    if (!d || (std::isfinite(*d) && *d != std::floor(*d))) {
      error = shown + " is not a whole number (allowed: " + range + ")";
      return std::nullopt;
    }
    // Below 2^64 a whole double converts exactly; at and above it (or below the minimum) it is
    // out of range however it was written.
    if (!(*d >= double(min) - 0.5 && *d < 18446744073709551616.0) || *d > double(max)) {
      error = shown + " is outside the allowed range " + range;
      return std::nullopt;
    }
    value = *d <= 0 ? 0 : static_cast<std::uint64_t>(*d);
  }
  if (value < min || value > max) {
    error = shown + " is outside the allowed range " + range;
    return std::nullopt;
  }
  error.clear();
  return value;
}

std::string formatNumber(double v) {
  char buffer[64];
  if (v == std::floor(v) && std::fabs(v) < 1e19) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
  }
  return buffer;
}

std::string formatWhole(std::uint64_t v) { return std::to_string(v); }

std::string shorten(std::string_view text) {
  constexpr std::size_t kShown = 64, kHead = 48;
  if (text.size() <= kShown) return std::string(text);
  std::size_t cut = kHead;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " characters)";
}

bool validUtf8(std::string_view text) {
  // RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF.
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    unsigned lowest = 0x80, highest = 0xBF;  // the second byte's range
    if (c < 0x80) length = 1;
    else if (c >= 0xC2 && c <= 0xDF) length = 2;
    else if (c >= 0xE0 && c <= 0xEF) length = 3, lowest = c == 0xE0 ? 0xA0 : 0x80, highest = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) length = 4, lowest = c == 0xF0 ? 0x90 : 0x80, highest = c == 0xF4 ? 0x8F : 0xBF;
    else return false;
    if (text.size() - i < length) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if (next < (k == 1 ? lowest : 0x80) || next > (k == 1 ? highest : 0xBF)) return false;
    }
    i += length;
  }
  return true;
}

}  // namespace boids::app

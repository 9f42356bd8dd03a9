#pragma once
// Float error bounds, shared by every check that compares a GPU float result with a CPU reference
// in double: the unit roundoff, the division's allowance, Higham's gamma_n, and the error model a
// reduction reports for its own tolerance.
#include <cstdint>
#include <limits>

namespace boids::verify {

inline constexpr double kFloatUnitRoundoff = 0x1.0p-24;  // u: float rounding is within u relative
// GLSL 4.60 section 4.7.1 allows 2.5 ULP for a / b and 2 ULP for inversesqrt (length, normalize);
// each such operation is charged 4u, a rounded + or * is charged u.
inline constexpr double kDivisionError = 4 * kFloatUnitRoundoff;

// gamma_n = n u / (1 - n u): the relative error bound of n rounded additions in a row
// (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., section 3.1). It only holds
// for n u < 1; past that (a sequential float sum of 2^24 values) worst-case analysis bounds nothing.
inline double gamma(std::uint64_t n) {
  const double nu = static_cast<double>(n) * kFloatUnitRoundoff;
  return nu < 1.0 ? nu / (1.0 - nu) : std::numeric_limits<double>::infinity();
}

// How far a reduction's float sum can be from the exact one: every item's contribution passes
// through at most `additions` rounded float additions (Higham, section 4.2: whatever the order or
// tree shape, the sum is then within gamma(additions) * sum |x| of the exact one);
// `divisorAdditions` rounded operations went into a mean's divisor (0 when it is the exact count);
// `sumQuantum` is the total absolute error of a fixed-point stage, in input units summed over all
// items.
struct ErrorModel {
  std::uint64_t additions = 0;
  std::uint64_t divisorAdditions = 0;
  double sumQuantum = 0.0;
};

}  // namespace boids::verify

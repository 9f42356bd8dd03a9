#pragma once
// Float error bounds, shared by every check that compares a GPU float result with a CPU reference
// in double: the unit roundoff, the division's allowance, Higham's gamma_n, and the error model a
// reduction reports for its own tolerance.
#include <cmath>
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

// What rounding errors reach when they behave as independent, mean-zero random variables, as they
// do in practice: Higham and Mary's probabilistic gamma, exp(lambda sqrt(n) u + n u^2 / (1 - u)) - 1
// ("A New Approach to Probabilistic Rounding Error Analysis", SIAM J. Sci. Comput. 41(5), 2019,
// theorem 2.4), which n rounded additions exceed with probability at most 2 n exp(-lambda^2 (1 -
// u)^2 / 2): with lambda 8, 2.5e-14 n. It grows as sqrt(n) where gamma grows as n, so it stays a
// check where the worst case has become too loose to catch a plausible bug.
inline constexpr double kStatisticalLambda = 8.0;
inline double probabilisticGamma(std::uint64_t n, double lambda = kStatisticalLambda) {
  const double nd = static_cast<double>(n);
  return std::expm1(lambda * std::sqrt(nd) * kFloatUnitRoundoff + nd * kFloatUnitRoundoff * kFloatUnitRoundoff / (1.0 - kFloatUnitRoundoff));
}

// A worst-case bound over this fraction of the flock's extent is weak: most plausible bugs (a
// boid dropped, a coordinate off by its cell) stay inside it, so a check marks the row and shows
// the statistical expectation beside it.
inline constexpr double kWeakBoundOfExtent = 0.01;

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

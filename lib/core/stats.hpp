#pragma once
// Small statistics for result tables.

#include <cmath>

namespace nuraghe {

struct Interval {
  double low, high;
};

// Wilson score interval for a proportion: `successes` (may be fractional, e.g. shared wins) out of
// n trials, at z standard errors (1.96 for 95%). Well behaved at 0 and n, unlike the normal interval.
inline Interval wilson_interval(double successes, double n, double z = 1.96) {
  if (n <= 0) return {0.0, 1.0};
  const double p = successes / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::fmax(0.0, centre - half), std::fmin(1.0, centre + half)};
}

}  // namespace nuraghe

#include "engine/verify/flock_shape.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

namespace boids::verify {
namespace {

// Boids by cell of edge `edge`: the neighbours of a point are in the 27 cells around its own.
class Cells {
 public:
  Cells(std::span<const glm::vec4> p, double edge) : p_(p), edge_(edge) {
    for (std::uint32_t i = 0; i < p.size(); ++i) cells_[key(cellOf(p[i]))].push_back(i);
  }
  glm::ivec3 cellOf(const glm::vec4& q) const {
    return glm::ivec3(glm::floor(glm::dvec3(q.x, q.y, q.z) / edge_));
  }
  // Calls f(j) for every boid of the cells within `rings` cells of boid i's.
  template <class F>
  void around(std::uint32_t i, int rings, F&& f) const {
    const glm::ivec3 c = cellOf(p_[i]);
    for (int z = -rings; z <= rings; ++z) {
      for (int y = -rings; y <= rings; ++y) {
        for (int x = -rings; x <= rings; ++x) {
          const auto it = cells_.find(key(c + glm::ivec3(x, y, z)));
          if (it == cells_.end()) continue;
          for (std::uint32_t j : it->second) f(j);
        }
      }
    }
  }

 private:
  static std::uint64_t key(glm::ivec3 c) {
    return (std::uint64_t(std::uint32_t(c.x) & 0x1fffff) << 42) | (std::uint64_t(std::uint32_t(c.y) & 0x1fffff) << 21) |
           (std::uint32_t(c.z) & 0x1fffff);
  }
  std::span<const glm::vec4> p_;
  double edge_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells_;
};

double distance(const glm::vec4& a, const glm::vec4& b) { return glm::length(glm::dvec3(a) - glm::dvec3(b)); }

// Each boid's nearest other, found in growing rings of cells of about two boids each.
double meanNearest(std::span<const glm::vec4> p, glm::dvec3 lo, glm::dvec3 hi) {
  const glm::dvec3 extent = glm::max(hi - lo, glm::dvec3(1e-9));
  const double edge = std::max(std::cbrt(extent.x * extent.y * extent.z * 2.0 / double(p.size())), 1e-9);
  const Cells cells(p, edge);
  double sum = 0;
  for (std::uint32_t i = 0; i < p.size(); ++i) {
    double best = INFINITY;
    // After ring r every boid nearer than r cell edges has been seen.
    for (int r = 1; !(best <= (r - 1) * edge); ++r) {
      cells.around(i, r, [&](std::uint32_t j) {
        if (j != i) best = std::min(best, distance(p[i], p[j]));
      });
      if (r > 1 << 12) break;  // every boid coincides: nothing nearer to find
    }
    sum += std::isfinite(best) ? best : 0.0;
  }
  return sum / double(p.size());
}

// The fraction of the boids in the largest cluster, boids linked within `link` of each other.
double largestCluster(std::span<const glm::vec4> p, double link) {
  std::vector<std::uint32_t> parent(p.size());
  std::iota(parent.begin(), parent.end(), 0u);
  auto root = [&](std::uint32_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const Cells cells(p, std::max(link, 1e-9));
  for (std::uint32_t i = 0; i < p.size(); ++i) {
    cells.around(i, 1, [&](std::uint32_t j) {
      if (j > i && distance(p[i], p[j]) <= link) parent[root(i)] = root(j);
    });
  }
  std::unordered_map<std::uint32_t, std::uint32_t> sizes;
  std::uint32_t largest = 0;
  for (std::uint32_t i = 0; i < p.size(); ++i) largest = std::max(largest, ++sizes[root(i)]);
  return double(largest) / double(p.size());
}

// The eigenvalues (ascending) and eigenvectors (columns) of a symmetric 3x3 matrix, by Jacobi.
void eigen(std::array<std::array<double, 3>, 3> a, std::array<double, 3>& values, std::array<glm::dvec3, 3>& vectors) {
  std::array<std::array<double, 3>, 3> v{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  for (int sweep = 0; sweep < 64; ++sweep) {
    for (int p = 0; p < 3; ++p) {
      for (int q = p + 1; q < 3; ++q) {
        if (std::abs(a[p][q]) < 1e-300) continue;
        const double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const double t = (theta >= 0 ? 1 : -1) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double c = 1 / std::sqrt(t * t + 1), s = t * c;
        for (int k = 0; k < 3; ++k) {  // a = J^T a J, v = v J
          const double akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (int k = 0; k < 3; ++k) {
          const double apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (int k = 0; k < 3; ++k) {
          const double vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  std::array<int, 3> order{0, 1, 2};
  std::sort(order.begin(), order.end(), [&](int x, int y) { return a[x][x] < a[y][y]; });
  for (int k = 0; k < 3; ++k) {
    values[k] = a[order[k]][order[k]];
    vectors[k] = glm::dvec3(v[0][order[k]], v[1][order[k]], v[2][order[k]]);
  }
}

}  // namespace

FlockShape measureFlock(std::span<const glm::vec4> p, std::span<const glm::vec4> v) {
  if (v.size() != p.size()) {
    throw std::invalid_argument("measureFlock: " + std::to_string(v.size()) + " velocities for " + std::to_string(p.size()) +
                                " positions");
  }
  FlockShape s;
  s.boids = static_cast<std::uint32_t>(p.size());
  glm::dvec3 sum(0.0);
  double speeds = 0;
  for (const glm::vec4& u : v) {
    sum += glm::dvec3(u);
    speeds += glm::length(glm::dvec3(u));
  }
  s.polarisation = speeds > 0 ? glm::length(sum) / speeds : 0.0;
  if (p.size() < 2) return s;
  glm::dvec3 lo(INFINITY), hi(-INFINITY), mean(0.0);
  for (const glm::vec4& q : p) {
    lo = glm::min(lo, glm::dvec3(q));
    hi = glm::max(hi, glm::dvec3(q));
    mean += glm::dvec3(q);
  }
  mean /= double(p.size());
  s.lowest = lo.y;
  s.meanNearest = meanNearest(p, lo, hi);
  s.largestCluster = largestCluster(p, 3 * s.meanNearest);
  std::array<std::array<double, 3>, 3> cov{};
  for (const glm::vec4& q : p) {
    const glm::dvec3 d = glm::dvec3(q) - mean;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) cov[r][c] += d[r] * d[c] / double(p.size());
    }
  }
  std::array<double, 3> values{};
  std::array<glm::dvec3, 3> axes{};
  eigen(cov, values, axes);
  s.thinToLong = values[2] > 0 ? std::sqrt(std::max(values[0], 0.0) / values[2]) : 0.0;
  s.thinAxisFromVertical = glm::degrees(std::acos(std::min(1.0, std::abs(axes[0].y))));
  // In the principal frame, each axis in units of its spread: the core and the outer shell.
  std::vector<double> radius(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) {
    const glm::dvec3 d = glm::dvec3(p[i]) - mean;
    glm::dvec3 q;
    for (int k = 0; k < 3; ++k) q[k] = glm::dot(d, axes[std::size_t(k)]) / std::sqrt(std::max(values[std::size_t(k)], 1e-300));
    radius[i] = glm::length(q);
  }
  std::vector<double> sorted = radius;
  std::sort(sorted.begin(), sorted.end());
  const double r99 = sorted[std::min(sorted.size() - 1, std::size_t(0.99 * double(sorted.size())))];
  double core = 0, shell = 0;
  for (double r : radius) {
    core += r < 0.5 * r99;
    shell += r >= 0.8 * r99 && r <= r99;
  }
  const double ball = 4.0 / 3.0 * std::numbers::pi;
  const double coreVolume = ball * std::pow(0.5 * r99, 3), shellVolume = ball * (std::pow(r99, 3) - std::pow(0.8 * r99, 3));
  s.borderToCore = core > 0 ? (shell / shellVolume) / (core / coreVolume) : INFINITY;
  return s;
}

std::string murmurationMisses(const FlockShape& s, double floor) {
  std::string misses;
  char line[160];
  auto miss = [&](bool ok, const char* format, double value) {
    if (ok) return;
    std::snprintf(line, sizeof line, format, value);
    misses += std::string(line) + "\n";
  };
  miss(s.largestCluster >= 0.9, "%.1f%% of the boids in the largest cluster, not at least 90%%", 100 * s.largestCluster);
  miss(s.thinToLong <= 0.4, "thin to long %.2f, not at most 0.4", s.thinToLong);
  miss(s.thinAxisFromVertical <= 30, "the thin axis %.0f degrees from vertical, not within 30", s.thinAxisFromVertical);
  miss(s.lowest >= floor, "the lowest boid at y = %g, below the floor", s.lowest);
  miss(s.borderToCore >= 0.9, "the border %.2f as dense as the core, not at least 0.9", s.borderToCore);
  return misses;
}

std::string describe(const FlockShape& s) {
  char text[320];
  std::snprintf(text, sizeof text,
                "%u boids: mean nearest %.3g, %.1f%% in the largest cluster, thin to long %.2f, thin axis %.0f degrees "
                "from vertical, lowest y %.3g, border to core density %.2f, polarisation %.3f",
                s.boids, s.meanNearest, 100 * s.largestCluster, s.thinToLong, s.thinAxisFromVertical, s.lowest, s.borderToCore,
                s.polarisation);
  return text;
}

}  // namespace boids::verify

#include "engine/verify/knn.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <stdexcept>
#include <utility>

#include <glm/glm.hpp>

#include "engine/random.hpp"
#include "shaders/primitives/knn/knn_slots.h"

namespace boids::verify {
namespace {

double distance2(const glm::vec4& a, const glm::vec4& b) {
  const double x = double(a.x) - b.x, y = double(a.y) - b.y, z = double(a.z) - b.z;
  return x * x + y * y + z * z;
}

// How far a float squared distance may be from the exact one, relatively: each of the three
// differences rounds once (u = 2^-24), its square once more and the two additions once each, so
// fl(|d|^2) = |d|^2 (1 + t), |t| <= gamma_5 = 5u / (1 - 5u) (Higham, Accuracy and Stability, 3.1).
// Two boids whose exact distances differ by less than twice that may come out in either order.
constexpr double kU = 0x1.0p-24;
constexpr double kKeyError = 5 * kU / (1 - 5 * kU);

}  // namespace

std::vector<std::uint32_t> referenceKnn(std::span<const glm::vec4> positions, std::uint32_t i, std::uint32_t k) {
  using Key = std::pair<double, std::uint32_t>;  // (squared distance, index): ordered as the primitive orders
  std::priority_queue<Key> farthest;            // the k nearest so far, the farthest on top
  for (std::uint32_t j = 0; j < positions.size(); ++j) {
    if (j == i) continue;
    const Key key{distance2(positions[i], positions[j]), j};
    if (farthest.size() < k) {
      farthest.push(key);
    } else if (key < farthest.top()) {
      farthest.pop();
      farthest.push(key);
    }
  }
  std::vector<std::uint32_t> nearest(farthest.size());
  for (std::size_t m = nearest.size(); m-- > 0; farthest.pop()) nearest[m] = farthest.top().second;
  return nearest;
}

std::vector<std::uint32_t> knnSample(std::uint32_t n) {
  const std::uint32_t taken = n <= 4097 ? n : n <= 65537 ? 512 : n <= 1100000 ? 128 : 32;
  std::vector<std::uint32_t> sample;
  for (std::uint32_t s = 0; s < taken; ++s) sample.push_back(static_cast<std::uint32_t>(std::uint64_t(s) * n / taken));
  return sample;
}

Judgement judgeKnn(std::span<const glm::vec4> positions, std::span<const std::uint32_t> gpu, std::uint32_t k,
                   std::span<const std::uint32_t> sample) {
  const auto n = static_cast<std::uint32_t>(positions.size());
  const std::uint32_t want = std::min(k, n - 1);
  std::size_t ties = 0;
  for (std::uint32_t i : sample) {
    const std::vector<std::uint32_t> ref = referenceKnn(positions, i, k);
    const std::span<const std::uint32_t> list = gpu.subspan(std::size_t(i) * k, k);
    const std::string at = "boid " + std::to_string(i) + ": ";
    std::vector<std::uint32_t> got(list.begin(), list.begin() + want);
    for (std::uint32_t m = want; m < k; ++m) {
      if (list[m] != KNN_NONE) return {false, at + "place " + std::to_string(m) + " holds " + std::to_string(list[m]) + ", not empty"};
    }
    for (std::uint32_t m = 0; m < want; ++m) {
      if (got[m] >= n || got[m] == i) return {false, at + "place " + std::to_string(m) + " holds " + std::to_string(got[m])};
      if (m > 0 && distance2(positions[i], positions[got[m - 1]]) >
                       distance2(positions[i], positions[got[m]]) * (1 + 2 * kKeyError)) {
        return {false, at + "place " + std::to_string(m - 1) + " is farther than the place after it"};
      }
    }
    std::vector<std::uint32_t> sortedGot = got, sortedRef = ref;
    std::sort(sortedGot.begin(), sortedGot.end());
    std::sort(sortedRef.begin(), sortedRef.end());
    if (std::adjacent_find(sortedGot.begin(), sortedGot.end()) != sortedGot.end()) return {false, at + "a neighbour twice"};
    if (sortedGot == sortedRef) continue;
    // Not the reference's set: right only if the two differ among boids at the k-th distance, to
    // within the keys' rounding.
    const double kth = want > 0 ? distance2(positions[i], positions[ref[want - 1]]) : 0.0;
    for (std::uint32_t j : got) {
      if (distance2(positions[i], positions[j]) > kth * (1 + 2 * kKeyError)) {
        return {false, at + "holds " + std::to_string(j) + ", farther than its k-th nearest " + std::to_string(ref[want - 1])};
      }
    }
    for (std::uint32_t j : ref) {
      if (distance2(positions[i], positions[j]) < kth * (1 - 2 * kKeyError) && !std::binary_search(sortedGot.begin(), sortedGot.end(), j)) {
        return {false, at + "misses " + std::to_string(j) + ", nearer than its k-th"};
      }
    }
    ++ties;
  }
  return {true, std::to_string(sample.size()) + " boids' lists compared, " + std::to_string(ties) +
                    " differing only among ties within float rounding"};
}

std::vector<glm::vec4> knnFlock(const std::string& pattern, std::uint32_t n, std::uint64_t seed) {
  SplitMix64 rng(seed * 0x9e3779b97f4a7c15ull + 0x6b6e6e);
  const double side = std::cbrt(std::max(n, 1u) / 0.03056);  // the CIS 565 density
  std::vector<glm::vec4> out(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    glm::dvec3 p(rng.uniform(), rng.uniform(), rng.uniform());
    if (pattern == "dense" && i % 10 != 0) {
      p = glm::dvec3(0.5) + (p - 0.5) * 0.05;
    } else if (pattern != "uniform" && pattern != "dense") {
      throw std::invalid_argument("knnFlock: no pattern '" + pattern + "'");
    }
    out[i] = glm::vec4(glm::vec3((p - 0.5) * side), 0.0f);
  }
  return out;
}

}  // namespace boids::verify

#include "engine/primitives/knn/knn.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <glm/glm.hpp>

#include "engine/gl/dispatch.hpp"
#include "engine/gl/program.hpp"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kFinest = 1u << kMortonLevels;
// The coarsest uniform grid the shell search gets: 8^7 cells, 8 MiB of starts.
constexpr std::uint32_t kFinestGridLevel = 3;

// Distances a search may compute in one dispatch before it is refused: a GPU's in a second or so.
constexpr double kMostDistancesGpu = 2e11, kMostDistancesCpu = 2e9;

// Why brute force cannot take this input here: n^2 distances, a few billion on a GPU, a few million
// on a CPU, each within a second or so.
std::string bruteForceTooMuch(const KnnInput& in, const gl::Caps& caps) {
  const std::uint32_t most = caps.softwareRenderer() ? 4097 : 65537;
  if (in.count <= most) return {};
  return std::to_string(in.count) + " boids would take " + std::to_string(in.count) + "^2 distances, over the " +
         std::to_string(most) + "^2 brute force keeps to on this renderer";
}

// A boid in the busiest cell reads it and its 26 neighbours: a school denser than the grid was
// sized for makes that the whole school, for each of its boids.
std::string shellTooMuch(const KnnInput& in, const gl::Caps& caps) {
  const double reads = 27.0 * in.busiestCell;
  const double most = caps.softwareRenderer() ? kMostDistancesCpu : kMostDistancesGpu;
  if (caps.loopIterationLimit > 0 && reads > double(caps.loopIterationLimit)) {
    return "a cell holds " + std::to_string(in.busiestCell) + " boids: its boids would each read up to 27 such cells, over the " +
           std::to_string(caps.loopIterationLimit) + " loop iterations an invocation runs on this renderer";
  }
  if (reads * in.count > most) {
    return "a cell holds " + std::to_string(in.busiestCell) + " boids: up to " + std::to_string(in.count) +
           " x 27 x that many distances, over what a dispatch keeps to on this renderer";
  }
  return {};
}

// The finest cells are scanned whole: a boid may read the 8 around it, inserting each of their
// boids into its list of k. Where loops have a budget, that must fit in it.
std::string octreeTooMuch(const KnnInput& in, const gl::Caps& caps) {
  const double iterations = 8.0 * in.busiestFinest * (1 + in.k);
  if (caps.loopIterationLimit == 0 || iterations <= double(caps.loopIterationLimit)) return {};
  return "a finest cell (1/1024 of the flock's side) holds " + std::to_string(in.busiestFinest) + " boids: scanning 8 such, " +
         "k " + std::to_string(in.k) + ", can exceed the " + std::to_string(caps.loopIterationLimit) +
         " loop iterations an invocation runs on this renderer";
}

// A search: one dispatch of an invocation a boid, of its shader, which declares the cube
// (`space`) and the uniform grid (`grid`: its level and starts) where it reads them.
struct Search {
  const char* shader;
  bool space, grid;
  std::string (*tooMuch)(const KnnInput&, const gl::Caps&);
};

class SearchPass final : public Knn {
 public:
  SearchPass(const gl::ShaderLibrary& lib, const gl::Caps& caps, Search search)
      : caps_(caps), search_(search), program_(gl::Program::compute(lib, search.shader)) {}

  void run(const KnnInput& in, const gl::Buffer& out) override {
    in.positions.bindBase(GL_SHADER_STORAGE_BUFFER, KNN_SLOT_POSITIONS);
    in.ids.bindBase(GL_SHADER_STORAGE_BUFFER, KNN_SLOT_IDS);
    in.codes.bindBase(GL_SHADER_STORAGE_BUFFER, KNN_SLOT_CODES);
    if (search_.grid) in.cellStarts.bindBase(GL_SHADER_STORAGE_BUFFER, KNN_SLOT_STARTS);
    out.bindBase(GL_SHADER_STORAGE_BUFFER, KNN_SLOT_OUT);
    program_.use();
    glUniform1ui(KNN_LOC_COUNT, in.count);
    glUniform1ui(KNN_LOC_K, in.k);
    if (search_.space) {
      glUniform3f(KNN_LOC_ORIGIN, in.bounds.origin.x, in.bounds.origin.y, in.bounds.origin.z);
      glUniform1f(KNN_LOC_SIDE, in.bounds.side);
    }
    if (search_.grid) glUniform1ui(KNN_LOC_LEVEL, in.bounds.gridLevel);
    glDispatchCompute(groups(in.count), 1, 1);
    gl::storageBarrier();
    dispatched("search", {{"positions", &in.positions, std::size_t(in.count) * 4}, {"ids", &in.ids, in.count},
                          {"out", &out, std::size_t(in.count) * in.k}});
  }

  std::string unavailableFor(const KnnInput& in) const override {
    if (std::string why = gl::tilesOverGroupLimit(groups(in.count), caps_); !why.empty()) return why;
    return search_.tooMuch(in, caps_);
  }

 private:
  static std::uint32_t groups(std::uint32_t count) { return (count + KNN_GROUP - 1) / KNN_GROUP; }

  const gl::Caps& caps_;
  Search search_;
  gl::Program program_;
};

constexpr Search kBruteForce{"primitives/knn/knn_brute.comp", false, false, bruteForceTooMuch};
constexpr Search kShell{"primitives/knn/knn_shell.comp", true, true, shellTooMuch};
constexpr Search kOctree{"primitives/knn/knn_octree.comp", true, false, octreeTooMuch};

template <const Search& kSearch>
std::unique_ptr<Knn> make(const gl::ShaderLibrary& lib, const gl::Caps& caps) {
  return std::make_unique<SearchPass>(lib, caps, kSearch);
}

const KnnVariant kVariants[] = {
    {"brute-force", "every boid against every other: n^2 distances, no grid; exact by construction", true,
     make<kBruteForce>},
    {"shell", "expanding shells of a uniform grid sized for the flock's mean density, until the k-th is nearer than "
              "any boid not yet seen: exact, but a school denser than the grid costs each of its boids the school",
     true, make<kShell>},
    {"octree", "the implicit octree of the Morton order: the 27 cells of the level where the boid's cell holds k, "
               "walked depth first, cells beyond the k-th passed over: the cost follows k, not the density",
     true, make<kOctree>},
};

using uint = std::uint32_t;
#include "shaders/primitives/knn/morton.h"

}  // namespace

std::span<const KnnVariant> knnVariants() { return kVariants; }

KnnBounds knnBounds(std::span<const glm::vec4> positions) {
  KnnBounds b;
  if (positions.empty()) return b;
  glm::vec3 lo(positions[0]), hi(positions[0]);
  for (const glm::vec4& p : positions) {
    lo = glm::min(lo, glm::vec3(p));
    hi = glm::max(hi, glm::vec3(p));
  }
  const glm::dvec3 extent = glm::dvec3(hi) - glm::dvec3(lo);
  const double widest = std::max({extent.x, extent.y, extent.z});
  b.origin = lo;
  b.side = widest > 0 ? static_cast<float>(widest * (1 + 1e-5)) : 1.0f;  // the far faces inside the last cells
  // The grid's cells: kBoidsPerCell boids were the flock spread evenly through its box (a flat box
  // counted a finest cell thick), as a power of two of finest cells.
  const double finest = double(b.side) / kFinest;
  const glm::dvec3 sides = glm::max(extent, glm::dvec3(finest));
  const double edge = std::cbrt(sides.x * sides.y * sides.z * kBoidsPerCell / double(positions.size()));
  // ... and no more cells than 8 a boid, whatever its box.
  const double fewest = kMortonLevels - std::floor(std::log2(std::cbrt(8.0 * (double(positions.size()) + 1))));
  const double level = std::max(std::ceil(std::log2(std::max(edge / finest, 1.0))), fewest);
  b.gridLevel = static_cast<std::uint32_t>(std::clamp(level, double(kFinestGridLevel), double(kMortonLevels)));
  return b;
}

MortonOrder mortonOrder(std::span<const glm::vec4> positions, const KnnBounds& bounds) {
  const auto n = static_cast<std::uint32_t>(positions.size());
  std::vector<std::uint32_t> codes(n);
  const double finest = double(bounds.side) / kFinest;
  for (std::uint32_t i = 0; i < n; ++i) {
    std::uint32_t code = 0;
    for (int a = 0; a < 3; ++a) {
      const double at = std::floor((double(positions[i][a]) - bounds.origin[a]) / finest);
      code |= mortonSpread(static_cast<std::uint32_t>(std::clamp(at, 0.0, double(kFinest - 1)))) << a;
    }
    codes[i] = code;
  }
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return codes[a] < codes[b]; });
  MortonOrder m;
  m.positions.resize(n);
  m.ids = order;
  m.codes.resize(n);
  for (std::uint32_t s = 0; s < n; ++s) {
    m.positions[s] = positions[order[s]];
    m.codes[s] = codes[order[s]];
  }
  // The uniform grid's cells: each a run of codes sharing their top bits.
  const std::uint32_t shift = 3 * bounds.gridLevel;
  m.starts.resize(bounds.gridCellCount() + 1);
  for (std::uint64_t c = 0; c <= bounds.gridCellCount(); ++c) {
    m.starts[c] = static_cast<std::uint32_t>(std::lower_bound(m.codes.begin(), m.codes.end(), std::uint64_t(c) << shift,
                                                              [](std::uint32_t code, std::uint64_t v) { return code < v; }) -
                                             m.codes.begin());
  }
  for (std::uint64_t c = 0; c < bounds.gridCellCount(); ++c) m.busiestCell = std::max(m.busiestCell, m.starts[c + 1] - m.starts[c]);
  for (std::uint32_t s = 0, run = 0; s < n; ++s) {
    run = s > 0 && m.codes[s] == m.codes[s - 1] ? run + 1 : 1;
    m.busiestFinest = std::max(m.busiestFinest, run);
  }
  return m;
}

}  // namespace boids::primitives

#pragma once
// One shape for the variants of every primitive (reduce, scan, compact, sort) and of the centroid
// lab built on them: a name, a line saying what it does, whether the order of its output is
// defined, whether this context can run it, and how to make one (from the shader library, the
// context's caps and whatever the primitive is generic over, e.g. a reduction's payload). The
// lab, the tests, `boids check` and `boids bench` iterate these lists, so a variant added to one
// is tested, checked and timed without anyone editing a list.
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::primitives {

template <class Interface, class... Generic>
struct Variant {
  const char* name;
  const char* description;
  // true: the output is one exact sequence, judged as such (for a reduction: its combine order is
  // fixed, so a rerun gives the same bits); false: judged as a set.
  bool orderDefined;
  std::function<std::unique_ptr<Interface>(const gl::ShaderLibrary&, const gl::Caps&, Generic...)> create;
  std::function<std::string(const gl::Caps&)> unavailable = nullptr;  // why it cannot run here; null: it always can
  // The same kernels compiled at a small shape (tiles of a few dozen elements), so that a watch's
  // small input spans several tiles (engine/lab/watch.hpp); null: made by `create`.
  std::function<std::unique_ptr<Interface>(const gl::ShaderLibrary&, const gl::Caps&, Generic...)> createToWatch = nullptr;

  std::unique_ptr<Interface> makeToWatch(const gl::ShaderLibrary& lib, const gl::Caps& caps, Generic... generic) const {
    return createToWatch ? createToWatch(lib, caps, generic...) : create(lib, caps, generic...);
  }

  std::string unavailableOn(const gl::Caps& caps) const { return unavailable ? unavailable(caps) : std::string(); }
};

// A registry's names, in its order (the choices of a setting, an option's list).
template <class Entry>
std::vector<std::string> variantNames(std::span<const Entry> variants) {
  std::vector<std::string> names;
  for (const Entry& v : variants) names.emplace_back(v.name);
  return names;
}

template <class Entry>
const Entry* findVariant(std::span<const Entry> variants, std::string_view name) {
  for (const Entry& v : variants) {
    if (name == v.name) return &v;
  }
  return nullptr;
}

}  // namespace boids::primitives

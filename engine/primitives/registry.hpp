#pragma once
// One shape for the variants of every primitive (reduce, scan, compact, sort): a name, a line
// saying what it does, whether the order of its output is defined, whether this context can run
// it, and how to make one. The lab, the tests, `boids check` and `boids bench` iterate these lists,
// so a variant added to one is tested, checked and timed without anyone editing a list.
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::primitives {

template <class Interface>
struct Variant {
  const char* name;
  const char* description;
  bool orderDefined;  // true: the output is one exact sequence (judged as such); false: judged as a set
  std::unique_ptr<Interface> (*create)(const gl::ShaderLibrary& library, const gl::Caps& caps);
  std::string (*unavailable)(const gl::Caps& caps) = nullptr;  // why it cannot run here; null: it always can

  std::string unavailableOn(const gl::Caps& caps) const { return unavailable ? unavailable(caps) : std::string(); }
};

template <class Interface>
const Variant<Interface>* findVariant(std::span<const Variant<Interface>> variants, std::string_view name) {
  for (const Variant<Interface>& v : variants) {
    if (name == v.name) return &v;
  }
  return nullptr;
}

}  // namespace boids::primitives

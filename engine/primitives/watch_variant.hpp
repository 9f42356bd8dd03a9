#pragma once
// What every primitive's watch does first: find the variant asked for in its registry, or say in
// the watch's error that there is none (naming those there are) or that it cannot run here.
#include <span>
#include <string>

#include "engine/lab/watch.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::primitives {

template <class Entry>
const Entry* watchedVariant(std::span<const Entry> registry, lab::Watch& watch, const gl::Caps& caps) {
  const Entry* variant = findVariant(registry, watch.variant);
  if (!variant) {
    std::string names;
    for (const std::string& name : variantNames(registry)) names += (names.empty() ? "" : ", ") + name;
    watch.error = "no watch for " + watch.stage + " variant '" + watch.variant + "' (those with one: " + names + ")";
    return nullptr;
  }
  if (const std::string why = variant->unavailableOn(caps); !why.empty()) {
    watch.error = watch.variant + " cannot run here: " + why;
    return nullptr;
  }
  return variant;
}

}  // namespace boids::primitives

#pragma once
// An enum's names, declared once beside the enum as a table of (value, name): printing, parsing,
// the settings' choices, --help and the panel all read that one table.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace boids {

template <class E>
struct Named {
  E value;
  const char* name;
};

template <class E, std::size_t N>
const char* nameOf(const Named<E> (&table)[N], E value) {
  for (const Named<E>& n : table) {
    if (n.value == value) return n.name;
  }
  return "?";
}

template <class E, std::size_t N>
std::optional<E> valueOf(const Named<E> (&table)[N], std::string_view name) {
  for (const Named<E>& n : table) {
    if (name == n.name) return n.value;
  }
  return std::nullopt;
}

template <class E, std::size_t N>
std::vector<std::string> namesOf(const Named<E> (&table)[N]) {
  std::vector<std::string> names;
  for (const Named<E>& n : table) names.emplace_back(n.name);
  return names;
}

}  // namespace boids

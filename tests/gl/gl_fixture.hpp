#pragma once
// GL tests run on a headless EGL context (Mesa llvmpipe without a GPU, the driver where there is
// one) with a debug context and debug output on: any GL error reported during a test fails it.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::test {

const gl::Caps& caps();
const gl::ShaderLibrary& shaders();

// A parameter as a gtest name fragment: letters and digits kept, everything else '_'.
inline std::string paramName(std::string s) {
  for (char& c : s) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

// The names in a registry (primitives::Variant or an extension of it), in its order: what the
// tests are instantiated over, so a variant added to a registry is tested without a list edited.
template <class Entry>
std::vector<std::string> namesOf(std::span<const Entry> registry) {
  std::vector<std::string> names;
  for (const Entry& e : registry) names.emplace_back(e.name);
  return names;
}

// The gtest name of a (variant, size) parameter: "tree_n65537".
struct VariantAndSize {
  template <class Info>
  std::string operator()(const Info& info) const {
    return paramName(std::get<0>(info.param)) + "_n" + std::to_string(std::get<1>(info.param));
  }
};

// The registry's variant named `name` where this context can run it; nullptr where it cannot, after
// checking that the reason names the driver feature it lacks (a GL_ extension).
template <class Entry>
const Entry* availableVariant(std::span<const Entry> registry, const std::string& name) {
  const Entry* variant = primitives::findVariant(registry, name);
  EXPECT_NE(variant, nullptr) << name;
  if (!variant) return nullptr;
  const std::string why = variant->unavailableOn(caps());
  if (why.empty()) return variant;
  EXPECT_NE(why.find("GL_"), std::string::npos) << name << ": " << why;
  return nullptr;
}

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override { gl::resetDebugStats(); }
  void TearDown() override {
    EXPECT_EQ(gl::debugStats().errors, 0u) << "GL debug output reported: " << gl::debugStats().lastError;
  }
};

}  // namespace boids::test

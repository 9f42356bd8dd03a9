#pragma once
// GL tests run on a headless EGL context (Mesa llvmpipe without a GPU, the driver where there is
// one) with a debug context and debug output on: any GL error reported during a test fails it.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::test {

const gl::Caps& caps();
const gl::ShaderLibrary& shaders();

// A parameter as a gtest name fragment: letters and digits kept, everything else '_'.
inline std::string paramName(std::string s) {
  for (char& c : s) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override { gl::resetDebugStats(); }
  void TearDown() override {
    EXPECT_EQ(gl::debugStats().errors, 0u) << "GL debug output reported: " << gl::debugStats().lastError;
  }
};

}  // namespace boids::test

#pragma once
// GL tests run on a headless EGL context (Mesa llvmpipe without a GPU, the driver where there is
// one) with a debug context and debug output on: any GL error reported during a test fails it.
#include <gtest/gtest.h>

#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::test {

const gl::Caps& caps();
const gl::ShaderLibrary& shaders();

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override { gl::resetDebugStats(); }
  void TearDown() override {
    EXPECT_EQ(gl::debugStats().errors, 0u) << "GL debug output reported: " << gl::debugStats().lastError;
  }
};

}  // namespace boids::test

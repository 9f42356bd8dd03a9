#include <cstdio>
#include <memory>

#include "engine/platform/context.hpp"
#include "gl_fixture.hpp"

namespace boids::test {
namespace {
std::unique_ptr<platform::HeadlessContext> g_context;
gl::Caps g_caps;
std::unique_ptr<gl::ShaderLibrary> g_shaders;
}  // namespace

const gl::Caps& caps() { return g_caps; }
const gl::ShaderLibrary& shaders() { return *g_shaders; }

}  // namespace boids::test

int main(int argc, char** argv) {
  using namespace boids;
  ::testing::InitGoogleTest(&argc, argv);
  // Listing tests (ctest's discovery) needs no context.
  if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();
  try {
    test::g_context = platform::HeadlessContext::create({.debug = true});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "no headless GL context: %s\n", e.what());
    return 1;
  }
  gl::enableDebugOutput();
  test::g_caps = gl::Caps::query();
  test::g_shaders = std::make_unique<gl::ShaderLibrary>(gl::ShaderLibrary::embedded());
  std::printf("GL tests on %s via %s\n", test::g_caps.summary().c_str(), test::g_context->platform().c_str());
  int result = RUN_ALL_TESTS();
  test::g_shaders.reset();
  test::g_context.reset();
  return result;
}

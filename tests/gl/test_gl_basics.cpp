// The context, the shared layouts, shader errors, RAII handles and the timer.
#include <algorithm>
#include <chrono>
#include <vector>
#include <glm/vec4.hpp>

#include "engine/centroid/reducer.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/gl/buffer.hpp"
#include "engine/gl/embedded_shaders.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/timer.hpp"
#include "engine/gpu_types.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

TEST_F(GlTest, ContextIsAtLeast43CoreWithComputeAndTheLimitsWeRelyOn) {
  EXPECT_TRUE(test::caps().atLeast(4, 3)) << test::caps().version;
  EXPECT_GE(test::caps().maxShaderStorageBlockSize, 16 << 20);
  EXPECT_GE(test::caps().maxComputeInvocations, 256);
  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_TRUE(flags & GL_CONTEXT_FLAG_DEBUG_BIT) << "tests must run on a debug context";
}

namespace {
// Offset of a member of a uniform block, as the driver laid it out.
GLint uniformOffset(GLuint program, const char* name) {
  GLuint index = glGetProgramResourceIndex(program, GL_UNIFORM, name);
  EXPECT_NE(index, GL_INVALID_INDEX) << name;
  const GLenum prop = GL_OFFSET;
  GLint offset = -1;
  glGetProgramResourceiv(program, GL_UNIFORM, index, 1, &prop, 1, nullptr, &offset);
  return offset;
}
}  // namespace

TEST_F(GlTest, SharedStructsHaveTheSameLayoutInGlslAndCpp) {
  gl::ShaderLibrary lib = test::shaders();
  // A shader that uses every member, so that none is optimised away.
  lib.add("test/layout.comp", R"(#version 430 core
layout(local_size_x = 1) in;
#include "common/bindings.h"
#include "common/sim_params.h"
#include "common/render_params.h"
layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
layout(std430, binding = 0) buffer Out { vec4 b_out[]; };
void main() {
  b_out[0] = u_sim.radiiSq + u_sim.weights + u_sim.world + u_sim.grid + vec4(u_sim.maxSpeed, u_sim.dt,
             u_sim.wallStrength, u_sim.attractorInvRadius) + vec4(u_sim.boidCount, u_sim.worldMode, u_sim.cellsPerAxis,
             u_sim.cellSearch) + u_sim.attractor;
  b_out[1] = u_render.lighting + u_render.world + u_render.colour +
             vec4(u_render.boidScale, u_render.maxSpeed, u_render.fogDensity, u_render.pixelScale) +
             vec4(u_render.lodTint, u_render.minPointPixels, u_render.viewportWidth, u_render.viewportHeight);
}
)");
  gl::Program p = gl::Program::compute(lib, "test/layout.comp");
#define EXPECT_LAYOUT(type, block, member) \
  EXPECT_EQ(uniformOffset(p.id(), #block "." #member), static_cast<GLint>(offsetof(gpu::type, member))) << #member
  EXPECT_LAYOUT(SimParams, u_sim, radiiSq);
  EXPECT_LAYOUT(SimParams, u_sim, weights);
  EXPECT_LAYOUT(SimParams, u_sim, world);
  EXPECT_LAYOUT(SimParams, u_sim, grid);
  EXPECT_LAYOUT(SimParams, u_sim, maxSpeed);
  EXPECT_LAYOUT(SimParams, u_sim, dt);
  EXPECT_LAYOUT(SimParams, u_sim, wallStrength);
  EXPECT_LAYOUT(SimParams, u_sim, attractorInvRadius);
  EXPECT_LAYOUT(SimParams, u_sim, boidCount);
  EXPECT_LAYOUT(SimParams, u_sim, worldMode);
  EXPECT_LAYOUT(SimParams, u_sim, cellsPerAxis);
  EXPECT_LAYOUT(SimParams, u_sim, cellSearch);
  EXPECT_LAYOUT(SimParams, u_sim, attractor);
  EXPECT_LAYOUT(RenderParams, u_render, lighting);
  EXPECT_LAYOUT(RenderParams, u_render, world);
  EXPECT_LAYOUT(RenderParams, u_render, boidScale);
  EXPECT_LAYOUT(RenderParams, u_render, colour);
  EXPECT_LAYOUT(RenderParams, u_render, fogDensity);
  EXPECT_LAYOUT(RenderParams, u_render, minPointPixels);
  EXPECT_LAYOUT(RenderParams, u_render, viewportHeight);
#undef EXPECT_LAYOUT
  GLint size = 0;
  const GLenum prop = GL_BUFFER_DATA_SIZE;
  GLuint block = glGetProgramResourceIndex(p.id(), GL_UNIFORM_BLOCK, "SimParamsBlock");
  glGetProgramResourceiv(p.id(), GL_UNIFORM_BLOCK, block, 1, &prop, 1, nullptr, &size);
  EXPECT_EQ(size, static_cast<GLint>(sizeof(gpu::SimParams)));
}

TEST_F(GlTest, EveryShippedShaderCompilesWithItsDefaultDefines) {
  // Every compute shader alone, every vertex shader with the fragment shader of the same name.
  // subgroup.comp needs GL_KHR_shader_subgroup: where the driver lacks it, it must fail to build.
  // The generic kernels take the centroid payload and the flags predicate (the others ignore them).
  const gl::ShaderLibrary& lib = test::shaders();
  gl::Defines payload = primitives::kFlagsPredicate.all();
  payload.push_back(centroid::kPayload.define());
  int built = 0;
  for (const gl::EmbeddedFile& f : gl::embeddedShaderFiles()) {
    const std::string path(f.path);
    if (path.ends_with(".comp")) {
      const bool needsSubgroups = path == "primitives/reduce/subgroup.comp";
      if (needsSubgroups && !test::caps().has("GL_KHR_shader_subgroup")) {
        EXPECT_THROW(gl::Program::compute(lib, path, payload), gl::ShaderError);
        gl::resetDebugStats();
        continue;
      }
      EXPECT_NO_THROW(gl::Program::compute(lib, path, payload)) << path;
      ++built;
    } else if (path.ends_with(".vert")) {
      const std::string frag = path.substr(0, path.size() - 5) + ".frag";
      EXPECT_NO_THROW(gl::Program::build(lib, {{GL_VERTEX_SHADER, path}, {GL_FRAGMENT_SHADER, frag}})) << path;
      ++built;
    }
  }
  EXPECT_GE(built, 10);
}

TEST_F(GlTest, ShaderErrorsNameTheIncludedFileAndLineAndCarryTheLog) {
  gl::ShaderLibrary lib = test::shaders();
  lib.add("test/broken.glsl", "float ok() { return 1.0; }\nfloat broken() { return undefinedThing; }\n");
  lib.add("test/main.comp", "#version 430 core\nlayout(local_size_x = 1) in;\n#include \"broken.glsl\"\nvoid main() {}\n");
  try {
    gl::Program::compute(lib, "test/main.comp", {{"SOME_DEFINE", "1"}});
    FAIL() << "a broken shader compiled";
  } catch (const gl::ShaderError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("test/main.comp"), std::string::npos) << what;
    EXPECT_NE(what.find("test/broken.glsl:2"), std::string::npos) << what;
    EXPECT_NE(what.find("undefinedThing"), std::string::npos) << what;
  }
  gl::resetDebugStats();  // the compile error above was reported through debug output on purpose
}

TEST_F(GlTest, HandlesAreMoveOnlyAndMovesLeaveTheSourceEmpty) {
  static_assert(!std::is_copy_constructible_v<gl::Buffer> && std::is_nothrow_move_constructible_v<gl::BufferName>);
  gl::Buffer a("test.a", 64);
  const GLuint id = a.id();
  ASSERT_TRUE(glIsBuffer(id));
  gl::Buffer b = std::move(a);
  EXPECT_EQ(b.id(), id);
  EXPECT_EQ(a.id(), 0u);  // NOLINT(bugprone-use-after-move): checking the moved-from state is the point
  b = gl::Buffer();
  EXPECT_FALSE(glIsBuffer(id)) << "the name was not deleted";
}

TEST_F(GlTest, BufferUploadAndDownloadRoundTripAndRangesAreChecked) {
  std::vector<glm::vec4> data = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  auto buf = gl::Buffer::fromSpan(std::string_view("test.roundtrip"), std::span<const glm::vec4>(data));
  EXPECT_EQ(buf.read<glm::vec4>(2), data);
  EXPECT_THROW(buf.upload(16, 32, data.data()), std::out_of_range);
  EXPECT_THROW(buf.read<glm::vec4>(3), std::out_of_range);
}

// gl::warmUp runs the work at least as often as asked, numbering the runs from 0; on a GPU whose
// timers count it also keeps going until kClockWarmUp has passed, and on CPU timing it stops at the
// end of the batch that reaches the count (batches of 1, 2, 4, ...: 3 runs for 3, 7 for 4).
TEST_F(GlTest, WarmUpRunsAtLeastTheCountAndOnAGpuForItsSpan) {
  for (int atLeast : {1, 3, 4, 20}) {
    std::vector<int> runs;
    const auto start = std::chrono::steady_clock::now();
    gl::warmUp([&](int run) { runs.push_back(run); }, atLeast);
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_GE(static_cast<int>(runs.size()), atLeast);
    for (std::size_t i = 0; i < runs.size(); ++i) EXPECT_EQ(runs[i], static_cast<int>(i));
    if (gl::timerQueriesMeaningful()) {
      EXPECT_GE(took, gl::kClockWarmUp) << atLeast;
    } else {
      int batches = 0, batch = 1;
      while (batches < atLeast) batches += batch, batch = std::min(batch * 2, 64);
      EXPECT_EQ(static_cast<int>(runs.size()), batches) << atLeast;
    }
  }
}

TEST_F(GlTest, TimerReportsEveryPassWithoutStalling) {
  gl::FrameTimer timer(16);
  // On a software renderer the timer must not trust the driver's queries.
  EXPECT_EQ(timer.source(), test::caps().softwareRenderer() ? gl::TimingSource::CpuFinish : gl::TimingSource::GpuQueries);
  gl::Buffer scratch("test.timer", 1 << 20);
  for (int frame = 0; frame < 12; ++frame) {
    timer.beginFrame();
    {
      auto t = timer.scope("clear");
      const float zero = 0;
      glBindBuffer(GL_COPY_WRITE_BUFFER, scratch.id());
      glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32F, GL_RED, GL_FLOAT, &zero);
    }
    { auto t = timer.scope("nothing"); }
    timer.endFrame();
  }
  timer.flush();
  auto stats = timer.stats();
  ASSERT_EQ(stats.size(), 2u);
  EXPECT_EQ(stats[0].name, "clear");
  EXPECT_GE(stats[0].samples, 8u);  // at most kLatency frames may still be in flight before flush
  EXPECT_GE(stats[0].medianMs, 0.0);
  EXPECT_LT(stats[0].medianMs, 1000.0);
}

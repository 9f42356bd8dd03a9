#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "app/modes.hpp"
#include "app/panel.hpp"
#include "engine/frame.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/image.hpp"
#include "engine/gl/program.hpp"
#include "engine/platform/window.hpp"
#include "engine/sim/flock.hpp"

namespace boids::app {
namespace {

constexpr std::size_t kFrameHistory = 240;

// Where F5 reads shaders from: --shader-dir, else the source tree this binary was built from.
std::filesystem::path reloadDirectory(const Options& options) {
  return options.shaderDir.empty() ? gl::ShaderLibrary::sourceDirectory() : options.shaderDir;
}

struct ImGuiSession {  // ImGui context + backends, torn down in reverse order
  ImGuiSession(platform::Window& window, float scale) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // settings persistence is the app's job, not imgui.ini in the cwd
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 6.0f;
    style.FrameRounding = 3.0f;
    style.Colors[ImGuiCol_WindowBg].w = 0.88f;
    style.ScaleAllSizes(scale);
    ImFontConfig font;
    font.SizePixels = 13.0f * scale;  // HiDPI: a crisp font at the display's scale, not a stretched one
    io.Fonts->AddFontDefault(&font);
    ImGui_ImplGlfw_InitForOpenGL(window.native(), true);
    ImGui_ImplOpenGL3_Init("#version 430 core");
  }
  ~ImGuiSession() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  ImGuiSession(const ImGuiSession&) = delete;
  ImGuiSession& operator=(const ImGuiSession&) = delete;
};

}  // namespace

int runDesktop(Options options, std::unique_ptr<platform::Window> window) {
  if (options.glDebug) gl::enableDebugOutput();
  const gl::Caps caps = gl::Caps::query();
  std::printf("OpenGL %s in a window\n", caps.summary().c_str());
  if (std::string problem = adaptToContext(options, caps); !problem.empty()) {
    std::fprintf(stderr, "boids: error: --count: %s\n", problem.c_str());
    return 2;
  }

  try {
    gl::ShaderLibrary shaders = loadShaders(options);
    std::string shaderOrigin = shaders.origin();
    sim::Simulation simulation(shaders, caps, options.sim, options.reduceStrategy);
    simulation.setSorter(options.sorter);
    render::BoidRenderer renderer(shaders);
    reduce::Inspector inspector(shaders, caps);
    gl::FrameTimer timer(kFrameHistory);
    ImGuiSession imgui(*window, window->contentScale());

    PanelState panel;
    panel.settings = options.sim;
    panel.pendingCount = options.sim.count;
    panel.pendingSeed = options.sim.seed;
    panel.render = options.render;
    panel.paused = options.paused;
    panel.vsync = options.vsync;
    panel.keepDensity = !options.worldSizeGiven;
    panel.strategy = options.reduceStrategy;
    panel.compareAll = options.compareAll;
    panel.sorter = options.sorter;
    std::string askedStrategy = panel.strategy;
    window->setVsync(panel.vsync);
    bool vsyncApplied = panel.vsync;
    bool showPanel = !options.hidePanel;
    render::OrbitCamera camera = render::OrbitCamera::framing(options.sim.worldSize);
    double lastTime = window->seconds();
    int framesDrawn = 0;

    while (!window->shouldClose()) {
      window->pollEvents();
      if (window->minimized()) {  // nothing to draw into: sleep instead of spinning
        window->waitEvents();
        lastTime = window->seconds();
        continue;
      }
      const double now = window->seconds();
      panel.frameMs.push_back(static_cast<float>((now - lastTime) * 1000.0));
      if (panel.frameMs.size() > kFrameHistory) panel.frameMs.pop_front();
      lastTime = now;

      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();

      if (inspector.poll()) {
        panel.render.cpuCentroid = glm::vec4(glm::vec3(inspector.latest()->cpu.centroid), 1.0f);
      }
      ReductionView reductionView{&simulation.reduceStrategy(), simulation.reducer().detail(),
                                  simulation.fallbackReason(), &inspector.latest(), inspector.busy()};
      PanelActions actions;
      if (showPanel) actions = drawPanel(panel, caps, timer, simulation.steps(), shaderOrigin, reductionView);

      // Input the panel did not take moves the camera or triggers the keys' actions.
      const platform::InputFrame input = window->takeInput();
      const ImGuiIO& io = ImGui::GetIO();
      const glm::ivec2 fb = window->framebufferSize();
      if (!io.WantCaptureMouse) {
        camera.rotate(input.rotateDrag);
        if (panel.render.follow) {  // the GPU places the target; the wheel scales its framing
          panel.render.followZoom = std::clamp(panel.render.followZoom * std::pow(0.9f, input.scroll), 0.05f, 20.0f);
        } else {
          camera.pan(input.panDrag, static_cast<float>(window->windowSize().y));
          camera.zoom(input.scroll);
        }
      }
      if (!io.WantCaptureKeyboard) {
        for (platform::Key key : input.pressed) {
          switch (key) {
            case platform::Key::Space: panel.paused = !panel.paused; break;
            case platform::Key::N: actions.stepOnce = true; break;
            case platform::Key::R: actions.resetCamera = true; break;
            case platform::Key::T: actions.resetFlock = true; break;
            case platform::Key::V: panel.vsync = !panel.vsync; break;
            case platform::Key::H: showPanel = !showPanel; break;
            case platform::Key::F: panel.render.follow = !panel.render.follow; break;
            case platform::Key::F5: actions.reloadShaders = true; break;
            case platform::Key::Escape: window->requestClose(); break;
          }
        }
      }

      // Apply what the panel and keys asked for.
      if (actions.resetCamera) camera = render::OrbitCamera::framing(panel.settings.worldSize);
      if (panel.vsync != vsyncApplied) window->setVsync(vsyncApplied = panel.vsync);
      if (actions.applyCountAndSeed) {
        panel.countError = sim::checkCountFits(panel.pendingCount, caps, panel.settings.neighbours);
        if (panel.countError.empty()) {
          sim::SimSettings next = panel.settings;
          next.count = panel.pendingCount;
          next.seed = panel.pendingSeed;
          if (panel.keepDensity && next.count != panel.settings.count) {
            const float scale = sim::worldSizeForCount(next.count) / next.worldSize;
            next.worldSize *= scale;
            next.wallMargin *= scale;
            camera = render::OrbitCamera::framing(next.worldSize);
          }
          panel.countError = sim::validate(next);
          if (panel.countError.empty()) panel.settings = next;
        }
      }
      if (std::string problem = sim::checkStepFits(panel.settings.count, caps, panel.settings.neighbours);
          !problem.empty()) {  // e.g. brute force beyond llvmpipe's loop budget: keep the search it had
        panel.countError = problem;
        panel.settings.neighbours = simulation.settings().neighbours;
      }
      simulation.apply(panel.settings);
      if (panel.sorter != simulation.grid().sorter().name) simulation.setSorter(panel.sorter);
      if (panel.strategy != askedStrategy) {
        askedStrategy = panel.strategy;
        try {
          simulation.setReduceStrategy(panel.strategy);
        } catch (const std::invalid_argument& e) {
          std::fprintf(stderr, "boids: %s\n", e.what());
          panel.strategy = askedStrategy = simulation.reduceStrategy().name;
        }
      }
      if (actions.resetFlock) simulation.reset();
      if (actions.reloadShaders) {
        try {
          gl::ShaderLibrary fresh = gl::ShaderLibrary::fromDirectory(reloadDirectory(options));
          simulation.reloadShaders(fresh);
          renderer.reload(fresh);
          shaderOrigin = fresh.origin();
          panel.shaderStatus = "reloaded " + std::to_string(fresh.size()) + " files";
        } catch (const std::exception& e) {
          panel.shaderStatus = std::string("reload failed, the previous shaders stay:\n") + e.what();
          std::fprintf(stderr, "boids: %s\n", e.what());
        }
      }

      FrameView view;
      view.inspector = &inspector;
      view.compareAll = panel.compareAll;
      view.snapshot = actions.checkNow || (panel.checkEvery > 0 && framesDrawn % panel.checkEvery == 0);
      view.simulate = !panel.paused || actions.stepOnce;
      view.viewport = fb;
      view.camera = camera;
      view.render = panel.render;
      runFrame(simulation, renderer, timer, view);  // into the window's back buffer

      ImGui::Render();
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      ++framesDrawn;

      const bool last = options.frames >= 0 && framesDrawn >= options.frames;
      if (last && !options.screenshot.empty()) {
        gl::writePng(options.screenshot, gl::readFramebuffer(0, fb.x, fb.y));
        std::printf("screenshot: %s\n", std::filesystem::absolute(options.screenshot).string().c_str());
      }
      window->swapBuffers();
      if (last) window->requestClose();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  return glDebugExitCode(options);
}

}  // namespace boids::app

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "app/capture.hpp"
#include "app/files.hpp"
#include "app/interrupt.hpp"
#include "app/modes.hpp"
#include "app/panel.hpp"
#include "engine/frame.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/image.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/readback.hpp"
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

// The settings as the panel holds them, with what lives outside it: the camera, the window.
AppSettings currentSettings(const PanelState& panel, const render::OrbitCamera& camera, bool showPanel,
                            glm::ivec2 windowSize) {
  AppSettings s = panel.app;
  s.camera = camera;
  s.cameraSet = true;
  s.showPanel = showPanel;
  s.windowSize = windowSize;
  return s;
}

}  // namespace

int runDesktop(Options options, std::unique_ptr<platform::Window> window, const std::filesystem::path& settingsFile) {
  if (options.glDebug) gl::enableDebugOutput();
  const gl::Caps caps = gl::Caps::query();
  std::printf("OpenGL %s in a window\n", caps.summary().c_str());
  if (std::string problem = adaptToContext(options, caps); !problem.empty()) {
    std::fprintf(stderr, "boids: error: %s\n", problem.c_str());
    return 2;
  }

  bool writeFailed = false;  // a screenshot or recording that could not be written: exit code 1
  catchInterrupts();
  try {
    std::optional<FrameRecorder> recorder;
    if (!options.record.empty()) recorder.emplace(options.record);
    std::unique_ptr<Scene> scene = makeScene(options, caps);
    sim::Simulation& simulation = scene->simulation;
    render::BoidRenderer& renderer = scene->renderer;
    centroid::Inspector& inspector = scene->inspector;
    std::string shaderOrigin = scene->shaders.origin();
    gl::FrameTimer timer(kFrameHistory);
    ImGuiSession imgui(*window, window->contentScale());
    gl::AsyncReadback healthReadback;
    double lastHealthWarning = -1e9;

    PanelState panel;
    panel.shaderStatus = scene->shaderFallback;
    panel.app = options.settings;
    panel.pendingCount = options.settings.sim.count;
    panel.pendingSeed = options.settings.sim.seed;
    std::string askedStrategy = panel.app.reduce;
    window->setVsync(panel.app.vsync);
    bool vsyncApplied = panel.app.vsync;
    bool showPanel = options.settings.showPanel;
    render::OrbitCamera camera = options.settings.camera;
    double lastTime = window->seconds();
    int framesDrawn = 0;

    // Replaces the settings with `next` (a loaded preset, the defaults), as a whole or not at all.
    auto adopt = [&](const Resolved& next, const std::string& what) {
      std::string why = next.error;
      if (why.empty()) why = sim::checkCountFits(next.settings.sim.count, caps, next.settings.sim.neighbours);
      if (!why.empty()) {
        panel.settingsStatus = what + ": " + why + "; the current settings stay";
        panel.settingsError = true;
        return;
      }
      panel.app = next.settings;
      panel.pendingCount = panel.app.sim.count;
      panel.pendingSeed = panel.app.sim.seed;
      camera = panel.app.camera;
      panel.settingsError = false;
      panel.settingsStatus = what;
    };
    auto loadInto = [&](const ParsedFile& parsed, const std::string& what) {
      if (parsed.error) {
        panel.settingsStatus = parsed.error->text() + "\nthe current settings stay";
        panel.settingsError = true;
        std::fprintf(stderr, "boids: %s\n", parsed.error->text().c_str());
        return;
      }
      std::string loaded = "loaded " + what;
      if (!parsed.name.empty()) loaded += ": " + parsed.name;
      if (!parsed.description.empty()) loaded += "\n" + parsed.description;
      adopt(overlay(currentSettings(panel, camera, showPanel, window->windowSize()), *parsed.layer), loaded);
      for (const std::string& w : parsed.warnings) {
        panel.settingsStatus += "\nwarning: " + w;
        std::fprintf(stderr, "boids: warning: %s\n", w.c_str());
      }
    };

    while (!window->shouldClose()) {
      window->pollEvents();
      if (const int signal = interruptSignal()) {  // Ctrl-C in the terminal: the same as closing the window
        std::printf("%s: closing the window\n", signalName(signal));
        break;
      }
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
        panel.app.render.cpuCentroid = glm::vec4(glm::vec3(inspector.latest()->cpu.centroid), 1.0f);
      }
      if (auto bytes = healthReadback.poll()) {  // the repaired-boid counter, a few frames old
        std::uint32_t total = 0;
        std::memcpy(&total, bytes->data(), sizeof total);
        panel.nonFiniteLast = static_cast<std::uint32_t>(total - std::min<std::uint64_t>(total, panel.nonFiniteTotal));
        panel.nonFiniteTotal = total;
        if (panel.nonFiniteLast > 0) {
          panel.nonFiniteSeenAt = now;
          if (now - lastHealthWarning > 1.0) {
            std::fprintf(stderr, "boids: warning: %u boids turned non-finite (NaN or infinite) and were put back "
                         "into the world (%u in all)\n", panel.nonFiniteLast, total);
            lastHealthWarning = now;
          }
        }
      }
      ReductionView reductionView{&simulation.reduceStrategy(), simulation.reducer().detail(),
                                  simulation.fallbackReason(), &inspector.latest(), inspector.busy()};
      PanelActions actions;
      // A window too small for the panel shows none: ImGui would push the panel out of the way to
      // keep it reachable, and it would stay pushed when the window grows again.
      const ImVec2 display = ImGui::GetIO().DisplaySize;
      const float uiScale = ImGui::GetFontSize() / 13.0f;
      const bool panelFits = display.x >= 64 * uiScale && display.y >= 64 * uiScale;
      if (showPanel && panelFits) actions = drawPanel(panel, caps, timer, simulation.steps(), shaderOrigin, reductionView, now);

      // Input the panel did not take moves the camera or triggers the keys' actions.
      const platform::InputFrame input = window->takeInput();
      const ImGuiIO& io = ImGui::GetIO();
      const glm::ivec2 fb = window->framebufferSize();
      if (!io.WantCaptureMouse) {
        camera.rotate(input.rotateDrag);
        if (panel.app.render.follow) {  // the GPU places the target; the wheel scales its framing
          panel.app.render.followZoom = std::clamp(panel.app.render.followZoom * std::pow(0.9f, input.scroll), 0.05f, 20.0f);
        } else {
          camera.pan(input.panDrag, static_cast<float>(window->windowSize().y));
          camera.zoom(input.scroll);
        }
      }
      if (!io.WantCaptureKeyboard) {
        for (platform::Key key : input.pressed) {
          switch (key) {
            case platform::Key::Space: panel.app.paused = !panel.app.paused; break;
            case platform::Key::N: actions.stepOnce = true; break;
            case platform::Key::R: actions.resetCamera = true; break;
            case platform::Key::T: actions.resetFlock = true; break;
            case platform::Key::V: panel.app.vsync = !panel.app.vsync; break;
            case platform::Key::H: showPanel = !showPanel; break;
            case platform::Key::F: panel.app.render.follow = !panel.app.render.follow; break;
            case platform::Key::F5: actions.reloadShaders = true; break;
            case platform::Key::F12: actions.screenshot = true; break;
            case platform::Key::Escape: window->requestClose(); break;
          }
        }
      }

      // Apply what the panel and keys asked for.
      if (actions.resetCamera) camera = render::OrbitCamera::framing(panel.app.sim.worldSize);
      if (panel.app.vsync != vsyncApplied) window->setVsync(vsyncApplied = panel.app.vsync);
      if (actions.savePreset) {
        try {
          writeFileAtomically(panel.presetPath,
                              settingsJson(currentSettings(panel, camera, showPanel, window->windowSize())));
          panel.settingsStatus = "saved " + std::filesystem::absolute(panel.presetPath).string();
          panel.settingsError = false;
        } catch (const std::exception& e) {
          panel.settingsStatus = e.what();
          panel.settingsError = true;
        }
      }
      if (actions.loadPreset) loadInto(loadSettingsFile(panel.presetPath), panel.presetPath);
      if (actions.loadShipped && !shippedPresetFiles().empty()) {
        const gl::EmbeddedFile& f = shippedPresetFiles()[std::size_t(panel.shippedPreset)];
        const std::string name(f.path.substr(0, f.path.size() - 5));
        loadInto(parseSettingsText(f.text, "preset '" + name + "'"), "preset '" + name + "'");
      }
      if (actions.resetToDefaults) adopt(resolve({}), "the defaults");
      if (actions.applyCountAndSeed) {
        panel.countError = sim::checkCountFits(panel.pendingCount, caps, panel.app.sim.neighbours);
        if (panel.countError.empty()) {
          sim::SimSettings next = panel.app.sim;
          next.count = panel.pendingCount;
          next.seed = panel.pendingSeed;
          if (panel.app.keepDensity && next.count != panel.app.sim.count) {
            const float scale = sim::worldSizeForCount(next.count) / next.worldSize;
            next.worldSize *= scale;
            next.wallMargin *= scale;
            camera = render::OrbitCamera::framing(next.worldSize);
          }
          panel.countError = sim::validate(next);
          if (panel.countError.empty()) panel.app.sim = next;
        }
      }
      if (std::string problem = sim::checkStepFits(panel.app.sim.count, caps, panel.app.sim.neighbours);
          !problem.empty()) {  // e.g. brute force beyond llvmpipe's loop budget: keep the search it had
        panel.countError = problem;
        panel.app.sim.neighbours = simulation.settings().neighbours;
      }
      simulation.apply(panel.app.sim);
      if (panel.app.sort != simulation.grid().sorter().name) simulation.setSorter(panel.app.sort);
      if (panel.app.reduce != askedStrategy) {
        askedStrategy = panel.app.reduce;
        try {
          simulation.setReduceStrategy(panel.app.reduce);
        } catch (const std::invalid_argument& e) {
          std::fprintf(stderr, "boids: %s\n", e.what());
          panel.app.reduce = askedStrategy = simulation.reduceStrategy().name;
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
      view.compareAll = panel.app.compareAll;
      view.snapshot = actions.checkNow || (panel.app.checkEvery > 0 && framesDrawn % panel.app.checkEvery == 0);
      view.simulate = !panel.app.paused || actions.stepOnce;
      view.viewport = fb;
      view.camera = camera;
      view.render = panel.app.render;
      runFrame(simulation, renderer, timer, view);  // into the window's back buffer
      if (!healthReadback.busy()) healthReadback.request({{&simulation.health(), sizeof(std::uint32_t)}});
      if (recorder) {  // the scene without the panel, for a video, at the size it started with
        try {
          recorder->write(gl::readFramebuffer(0, fb.x, fb.y));
          panel.captureStatus = "recording: " + std::to_string(recorder->frames()) + " frames in " + recorder->folder().string();
          if (!recorder->resizeNote().empty()) panel.captureStatus += "\n" + recorder->resizeNote();
        } catch (const WriteError& e) {
          panel.captureStatus = std::string(e.what()) + "\nthe recording stopped: " + recorder->summary();
          std::fprintf(stderr, "boids: %s\nboids: the recording stops: %s\n", e.what(), recorder->summary().c_str());
          recorder.reset();
          writeFailed = true;
        }
      }

      ImGui::Render();
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
      ++framesDrawn;

      if (actions.screenshot) {  // what the window shows, the panel included while it is up
        const std::filesystem::path shot = nextScreenshotPath();
        try {
          writePng(shot, gl::readFramebuffer(0, fb.x, fb.y));
          panel.captureStatus = "saved " + shot.string();
          std::printf("screenshot: %s\n", shot.string().c_str());
        } catch (const std::exception& e) {
          panel.captureStatus = e.what();
          std::fprintf(stderr, "boids: %s\n", e.what());
        }
      }
      const bool last = options.frames >= 0 && framesDrawn >= options.frames;
      if (last && !options.screenshot.empty()) {
        try {
          writePng(options.screenshot, gl::readFramebuffer(0, fb.x, fb.y));
          std::printf("screenshot: %s\n", std::filesystem::absolute(options.screenshot).string().c_str());
        } catch (const WriteError& e) {
          std::fprintf(stderr, "boids: %s\n", e.what());
          writeFailed = true;
        }
      }
      window->swapBuffers();
      if (last) window->requestClose();
    }
    if (recorder) std::printf("%s\n", recorder->summary().c_str());
    // An interactive run's settings are there at the next start (scripted runs leave them be).
    if (options.frames < 0 && !settingsFile.empty()) {
      try {
        writeFileAtomically(settingsFile, settingsJson(currentSettings(panel, camera, showPanel, window->windowSize())));
      } catch (const std::exception& e) {
        std::fprintf(stderr, "boids: warning: settings not saved: %s\n", e.what());
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  if (writeFailed) return 1;
  return glDebugExitCode(options);
}

}  // namespace boids::app

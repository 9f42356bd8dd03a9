#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "app/capture.hpp"
#include "app/files.hpp"
#include "app/interrupt.hpp"
#include "app/modes.hpp"
#include "app/stages.hpp"
#include "engine/lighting/preview.hpp"
#include "engine/render/offscreen_target.hpp"
#include "app/panel.hpp"
#include "engine/frame.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/image.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/readback.hpp"
#include "engine/gl/timer.hpp"
#include "engine/platform/window.hpp"
#include "engine/sim/case_flock.hpp"
#include "engine/sim/flock.hpp"

namespace boids::app {
namespace {

// Text over the scene, on a dark shadow so it reads against bright sky and pale ground alike.
void shadowedText(ImDrawList* draw, ImVec2 at, ImU32 colour, const char* text) {
  draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 200), text);
  draw->AddText(at, colour, text);
}

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

// The desktop app in sokol's shape: the constructor is init, frame() runs one frame (input, what
// the panel and keys asked for, the frame script, captures), shutdown() saves what the user had.
class Desktop {
 public:
  Desktop(const Options& options, platform::Window& window, const gl::Caps& caps, std::filesystem::path settingsFile)
      : options_(options),
        window_(window),
        caps_(caps),
        settingsFile_(std::move(settingsFile)),
        scene_(makeScene(options_, caps)),
        shaders_(scene_->shaders),
        shaderOrigin_(shaders_.origin()),
        timer_(kFrameHistory),
        imgui_(window, window.contentScale()),
        showPanel_(options_.settings.showPanel),
        camera_(options_.settings.camera),
        lastTime_(window.seconds()) {
    if (!options_.record.empty()) recorder_.emplace(options_.record);
    panel_.shaderStatus = scene_->shaderFallback;
    panel_.app = options_.settings;
    panel_.openAtStart = options_.openSections;
    panel_.pendingCount = options_.settings.sim.count;
    panel_.pendingSeed = options_.settings.sim.seed;
    askedStrategy_ = panel_.app.reduce;
    window_.setVsync(vsyncApplied_ = panel_.app.vsync);
    // Where passes are timed by the CPU around glFinish, one frame in four: the panel's medians
    // need samples, not every frame, and the other three run without a sync around each pass.
    timer_.sampleCpuEvery(kCpuTimedEvery);
  }

  // One frame; false once the window is to close.
  bool frame() {
    window_.pollEvents();
    if (const int signal = interruptSignal()) {  // Ctrl-C in the terminal: the same as closing the window
      std::printf("%s: closing the window\n", signalName(signal));
      return false;
    }
    if (window_.minimized()) {  // nothing to draw into: sleep instead of spinning
      window_.waitEvents();
      lastTime_ = window_.seconds();
      return !window_.shouldClose();
    }
    const double now = window_.seconds();
    panel_.frameMs.push_back(static_cast<float>((now - lastTime_) * 1000.0));
    if (panel_.frameMs.size() > kFrameHistory) panel_.frameMs.pop_front();
    lastTime_ = now;

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    readBack(now);
    PanelActions actions = drawPanel(now);
    if (actions.watchShown) listWatchVariants();
    labelMarkers();
    input(actions);
    markAttractor();
    apply(actions);
    draw(actions);
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++framesDrawn_;
    if (framesDrawn_ == kSettleFrames) settledAt_ = window_.seconds();
    const bool last = options_.frames >= 0 && framesDrawn_ >= options_.frames;
    capture(actions, last);
    window_.swapBuffers();
    if (last) window_.requestClose();
    return !window_.shouldClose();
  }

  // The exit code: 1 when a screenshot or recording could not be written.
  int shutdown() {
    if (recorder_) std::printf("%s\n", recorder_->summary().c_str());
    try {
      saveFlock(*scene_, options_);
      reportShape(*scene_, options_);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "boids: %s\n", e.what());
      writeFailed_ = true;
    }
    // A scripted run says how fast it ran: the frame rate after the first frames (shader compiles,
    // first uploads), docs/GUIDE.md's measure of a window's speed.
    if (options_.frames >= 0 && framesDrawn_ > kSettleFrames + 1) {
      const double seconds = window_.seconds() - settledAt_;
      const int frames = framesDrawn_ - kSettleFrames;
      std::printf("window: %d frames after the first %d in %.2f s: %.1f fps (%.1f ms a frame)\n", frames, kSettleFrames,
                  seconds, frames / seconds, 1e3 * seconds / frames);
    }
    // An interactive run's settings are there at the next start (scripted runs leave them be).
    if (options_.frames < 0 && !settingsFile_.empty()) {
      try {
        std::vector<std::string> leftOut;
        writeFileAtomically(settingsFile_, settingsJson(current(), {}, {}, &leftOut));
        for (const std::string& what : leftOut) std::fprintf(stderr, "boids: warning: settings saved without %s\n", what.c_str());
      } catch (const std::exception& e) {
        std::fprintf(stderr, "boids: warning: settings not saved: %s\n", e.what());
      }
    }
    return writeFailed_ ? 1 : 0;
  }

 private:
  // The settings as the panel holds them, with what lives outside it: the camera, the window.
  AppSettings current() const {
    AppSettings s = panel_.app;
    s.camera = camera_;
    s.cameraSet = true;
    s.showPanel = showPanel_;
    s.windowSize = window_.windowSize();
    return s;
  }

  // What arrived from the GPU a few frames late: the CPU check, the repaired-boid counter.
  void readBack(double now) {
    if (scene_->inspector.poll()) {
      const centroid::Report& report = *scene_->inspector.latest();
      panel_.app.render.cpuCentroid = glm::vec4(glm::vec3(report.cpu.centroid), 1.0f);
      panel_.app.render.checkedGpuCentroid = glm::vec4(glm::vec3(report.active.gpu.meanPosition), 1.0f);
    }
    if (auto counts = scene_->renderer.cullCounts()) cullCounts_ = counts;
    if (auto bytes = predatorReadback_.poll()) std::memcpy(predatorState_, bytes->data(), sizeof predatorState_);
    if (auto bytes = healthReadback_.poll()) {
      std::uint32_t total = 0;
      std::memcpy(&total, bytes->data(), sizeof total);
      panel_.nonFiniteLast = static_cast<std::uint32_t>(total - std::min<std::uint64_t>(total, panel_.nonFiniteTotal));
      panel_.nonFiniteTotal = total;
      if (panel_.nonFiniteLast > 0) {
        panel_.nonFiniteSeenAt = now;
        if (now - lastHealthWarning_ > 1.0) {
          std::fprintf(stderr, "boids: warning: %u boids turned non-finite (NaN or infinite) and were put back "
                       "into the world (%u in all)\n", panel_.nonFiniteLast, total);
          lastHealthWarning_ = now;
        }
      }
    }
  }

  // The view's centre across the window in NDC: the middle of what the panel leaves uncovered
  // (the middle itself while recording: those frames have no panel).
  float viewCentreX() const {
    const float width = ImGui::GetIO().DisplaySize.x;
    if (recorder_ || width <= 0.0f) return 0.0f;
    return std::clamp(panel_.coveredWidth / width, 0.0f, 0.6f);
  }

  // "GPU" and "CPU" beside the centroid markers, in their colours, under the panel.
  // Placed at the CPU reference of the last check, which the CPU knows; with the camera on the GPU
  // (following), the markers go unlabelled.
  void labelMarkers() {
    const render::RenderSettings& r = panel_.app.render;
    if (!r.showMarkers || render::cameraOnGpu(r) || r.cpuCentroid.w == 0.0f) return;
    const std::optional<ImVec2> onScreen = toScreen(glm::vec3(r.cpuCentroid));
    if (!onScreen) return;
    const ImVec2 at = *onScreen;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const float gap = ImGui::GetFontSize() * 0.6f;
    const auto colour = [](bool gpu) {
      const glm::vec3 c = render::markerColour(gpu);
      return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
    };
    shadowedText(draw, ImVec2(at.x + gap, at.y - gap - ImGui::GetFontSize()), colour(true), "GPU");
    shadowedText(draw, ImVec2(at.x + gap, at.y + gap), colour(false), "CPU");
  }

  // Where a world point is in the window, with the camera on the CPU; none behind the camera.
  std::optional<ImVec2> toScreen(glm::vec3 point) const {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const glm::vec4 clip = camera_.projection(display.x / std::max(display.y, 1.0f), viewCentreX()) * camera_.view() *
                           glm::vec4(point, 1.0f);
    if (clip.w <= 0.0f) return std::nullopt;
    return ImVec2((clip.x / clip.w * 0.5f + 0.5f) * display.x, (0.5f - clip.y / clip.w * 0.5f) * display.y);
  }

  // A ring where the attractor in effect is (held at the cursor, or the settings'; the hunting
  // predator while it dives): green where the flock follows it, red where it flees, with its word
  // beside it.
  void markAttractor() const {
    const sim::Attractor a = scene_->simulation.attractor();
    const bool hunting = a.mode == sim::AttractorMode::Hunt;
    if (a.mode == sim::AttractorMode::Off || render::cameraOnGpu(panel_.app.render)) return;  // the CPU has no follow camera
    if (hunting && predatorState_[2].w == 0.0f) return;  // between dives
    const std::optional<ImVec2> at = toScreen(hunting ? glm::vec3(predatorState_[2]) : a.point);
    if (!at) return;
    const bool flee = a.mode != sim::AttractorMode::Attract;
    const ImU32 colour = flee ? IM_COL32(235, 80, 70, 255) : IM_COL32(90, 220, 120, 255);
    const float radius = ImGui::GetFontSize() * 0.8f;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    for (const auto& [c, width] : {std::pair{IM_COL32(0, 0, 0, 200), 4.0f}, std::pair{colour, 2.0f}}) {
      draw->AddCircle(*at, radius, c, 24, width);
      draw->AddLine(ImVec2(at->x - radius * 0.4f, at->y), ImVec2(at->x + radius * 0.4f, at->y), c, width);
      draw->AddLine(ImVec2(at->x, at->y - radius * 0.4f), ImVec2(at->x, at->y + radius * 0.4f), c, width);
    }
    shadowedText(draw, ImVec2(at->x + radius * 1.3f, at->y - ImGui::GetFontSize() * 0.5f), colour,
                 hunting ? "predator" : flee ? "flee" : "attract");
  }

  PanelActions drawPanel(double now) {
    sim::Simulation& simulation = scene_->simulation;
    ReductionView reductionView{&simulation.reduceVariant(), simulation.reducer().detail(), simulation.fallbackReason(),
                                &scene_->inspector.latest(), scene_->inspector.busy()};
    // A window too small for the panel shows none: ImGui would push the panel out of the way to
    // keep it reachable, and it would stay pushed when the window grows again.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float uiScale = ImGui::GetFontSize() / 13.0f;
    const bool panelFits = display.x >= 64 * uiScale && display.y >= 64 * uiScale;
    panel_.coveredWidth = 0.0f;
    if (!showPanel_ || !panelFits) return {};
    const render::BoidRenderer& renderer = scene_->renderer;
    const CullView cullView{cullCounts_, renderer.compaction().name, renderer.compactionNote(),
                            render::splatPathName(renderer.splats())};
    return app::drawPanel(panel_, caps_, timer_, simulation.steps(), shaderOrigin_, reductionView, cullView, lightingView(now),
                          scene_->renderer.colourRange(panel_.app.render.colour), now);
  }

  // The lighting section's thumbnails, redrawn each frame, and its CPU comparison, made once the
  // projection's inputs have stayed the same a third of a second (a yaw being dragged re-projects
  // every frame on the GPU; the CPU's double projection would stall each one).
  LightingView lightingView(double now) {
    lighting::Lighting& light = scene_->lighting;
    if (!previews_) previews_.emplace(shaders_);
    previews_->update(light, panel_.app.render.exposure);
    const std::string key = light.environment().name + "|" + std::to_string(light.yaw()) + "|" + light.variant() + "|" +
                            lighting::layoutName(light.layout()) + "|" + std::to_string(light.projections() > 0);
    if (!lightReport_ || lightReport_->key != key) {
      if (key != pendingLightKey_) {
        pendingLightKey_ = key;
        pendingLightSince_ = now;
      } else if (now - pendingLightSince_ > 0.33 && light.projections() > 0) {
        lightReport_ = compareLighting(light, key);
      }
    }
    return {&light, previews_->environment(), previews_->irradiance(), &lightReport_};
  }

  static LightingReport compareLighting(lighting::Lighting& light, const std::string& key) {
    namespace sh = verify::sh;
    LightingReport r;
    r.key = key;
    lighting::ShProjector& p = light.projector();
    const lighting::ShResult gpu = p.read();
    r.gpu = gpu.L;
    r.solidAngle = gpu.solidAngle;
    const lighting::Environment& e = light.environment();
    if (light.layout() == lighting::ShLayout::Equirect) {
      r.cpu = sh::projectEquirect(e.texels, e.width, e.height, double(light.yaw()));
      r.serial = sh::projectEquirectSerialFloat(e.texels, e.width, e.height, double(light.yaw()));
    } else {
      const std::vector<glm::vec3> cube = p.readCube();
      r.cpu = sh::projectCube(cube, p.cubeSize());
      r.serial = sh::projectCubeSerialFloat(cube, p.cubeSize());
    }
    r.errorGpu = sh::relativeError(r.gpu, r.cpu);
    r.errorSerial = sh::relativeError(r.serial, r.cpu);
    // The faces' sums depend on the solid angles alone, not on the texels.
    r.facesVariant = p.unavailable(light.variant(), lighting::ShLayout::Cube).empty() ? light.variant() : lighting::kDefaultShVariant;
    r.facesGpu = p.faceSolidAngles(r.facesVariant);
    static const std::array<float, 6> serialFaces = [&] {
      std::array<float, 6> faces{};
      sh::projectCubeSerialFloat(std::vector<glm::vec3>(std::size_t(6) * p.cubeSize() * p.cubeSize()), p.cubeSize(), &faces);
      return faces;
    }();
    r.facesSerial = serialFaces;
    return r;
  }

  // Input the panel did not take moves the camera or triggers the keys' actions.
  void input(PanelActions& actions) {
    const platform::InputFrame input = window_.takeInput();
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantCaptureMouse) {
      camera_.rotate(input.rotateDrag);
      if (render::cameraOnGpu(panel_.app.render)) {  // the GPU places the target; the wheel scales its framing
        panel_.app.render.followZoom = std::clamp(panel_.app.render.followZoom * std::pow(0.9f, input.scroll), 0.05f, 20.0f);
      } else {
        camera_.pan(input.panDrag, static_cast<float>(window_.windowSize().y));
        camera_.zoom(input.scroll);
      }
    }
    holdAttractor(input, io);
    if (io.WantCaptureKeyboard) return;
    for (platform::Key key : input.pressed) {
      switch (key) {
        case platform::Key::Space: panel_.app.paused = !panel_.app.paused; break;
        case platform::Key::N: actions.stepOnce = true; break;
        case platform::Key::R: actions.resetCamera = true; break;
        case platform::Key::T: actions.resetFlock = true; break;
        case platform::Key::V: panel_.app.vsync = !panel_.app.vsync; break;
        case platform::Key::H: showPanel_ = !showPanel_; break;
        case platform::Key::F: panel_.app.render.follow = !panel_.app.render.follow; break;
        case platform::Key::F5: actions.reloadShaders = true; break;
        case platform::Key::F12: actions.screenshot = true; break;
        case platform::Key::Escape: window_.requestClose(); break;
      }
    }
  }

  // A held or S held: the flock follows (or flees) the point under the cursor, on the plane through
  // the flock's centroid (the last check's) that faces the camera. Let go: the settings' attractor.
  void holdAttractor(const platform::InputFrame& input, const ImGuiIO& io) {
    sim::Simulation& simulation = scene_->simulation;
    const bool held = (input.attractHeld || input.fleeHeld) && !io.WantCaptureKeyboard && !io.WantCaptureMouse;
    if (!held) {
      if (simulation.attractorHeld()) simulation.setAttractor(std::nullopt);
      return;
    }
    const ImVec2 display = io.DisplaySize;
    const glm::mat4 viewProj = camera_.projection(display.x / std::max(display.y, 1.0f), viewCentreX()) * camera_.view();
    const glm::mat4 inverse = glm::inverse(viewProj);
    const glm::vec2 ndc(2.0f * input.cursor.x / std::max(display.x, 1.0f) - 1.0f, 1.0f - 2.0f * input.cursor.y / std::max(display.y, 1.0f));
    const glm::vec4 nearH = inverse * glm::vec4(ndc, -1.0f, 1.0f), farH = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    const glm::vec3 from = glm::vec3(nearH) / nearH.w, direction = glm::vec3(farH) / farH.w - from;
    const glm::vec3 anchor = panel_.app.render.cpuCentroid.w != 0.0f ? glm::vec3(panel_.app.render.cpuCentroid) : camera_.target;
    const glm::vec3 normal = glm::normalize(camera_.target - camera_.eye());
    const float along = glm::dot(direction, normal);
    const glm::vec3 point = from + direction * (std::abs(along) > 1e-9f ? glm::dot(anchor - from, normal) / along : 0.0f);
    simulation.setAttractor(point, input.fleeHeld ? sim::AttractorMode::Flee : sim::AttractorMode::Attract);
  }

  // Replaces the settings with `next` (a loaded preset, the defaults), as a whole or not at all.
  void adopt(const Resolved& next, const std::string& what) {
    std::string why = next.error;
    if (why.empty()) why = sim::checkCountFits(next.settings.sim.count, caps_, next.settings.sim.neighbours);
    if (!why.empty()) {
      panel_.settingsStatus = what + ": " + why + "; the current settings stay";
      panel_.settingsError = true;
      return;
    }
    panel_.app = next.settings;
    panel_.pendingCount = panel_.app.sim.count;
    panel_.pendingSeed = panel_.app.sim.seed;
    camera_ = panel_.app.camera;
    panel_.settingsError = false;
    panel_.settingsStatus = what;
  }

  void loadInto(const ParsedFile& parsed, const std::string& what) {
    if (parsed.error) {
      panel_.settingsStatus = parsed.error->text() + "\nthe current settings stay";
      panel_.settingsError = true;
      std::fprintf(stderr, "boids: %s\n", parsed.error->text().c_str());
      return;
    }
    std::string loaded = "loaded " + what;
    if (!parsed.name.empty()) loaded += ": " + parsed.name;
    if (!parsed.description.empty()) loaded += "\n" + parsed.description;
    Layer layer = *parsed.layer;
    if (const Assignment* count = parsed.shipped ? layer.find("count") : nullptr) {  // scaled to a software renderer
      const std::uint32_t asked = count->value.get<std::uint32_t>();
      if (std::optional<std::uint32_t> smaller = softwareRendererCount(caps_, asked)) {
        layer.remove("count");
        layer.add(*findSetting("count"), *smaller, "software renderer");
        loaded += "\n" + std::to_string(*smaller) + " boids rather than its " + std::to_string(asked) +
                  ", to run at 25+ fps on this software renderer (set the count below to change it)";
      }
    }
    adopt(overlay(current(), layer), loaded);
    for (const std::string& w : parsed.warnings) {
      panel_.settingsStatus += "\nwarning: " + w;
      std::fprintf(stderr, "boids: warning: %s\n", w.c_str());
    }
  }

  // What the panel and the keys asked for.
  void apply(const PanelActions& actions) {
    sim::Simulation& simulation = scene_->simulation;
    if (actions.resetCamera) {  // the starting view, which the follow camera would leave at once
      camera_ = render::OrbitCamera::framing(panel_.app.sim.worldSize);
      panel_.app.render.follow = false;
      panel_.app.render.viewer = false;
    }
    if (panel_.app.vsync != vsyncApplied_) window_.setVsync(vsyncApplied_ = panel_.app.vsync);
    if (actions.savePreset) {
      try {
        std::vector<std::string> leftOut;
        writeFileAtomically(panel_.presetPath, settingsJson(current(), {}, {}, &leftOut));
        panel_.settingsStatus = "saved " + std::filesystem::absolute(panel_.presetPath).string();
        for (const std::string& what : leftOut) panel_.settingsStatus += "\nwithout " + what;
        panel_.settingsError = false;
      } catch (const std::exception& e) {
        panel_.settingsStatus = e.what();
        panel_.settingsError = true;
      }
    }
    if (actions.loadPreset) loadInto(loadPresetFile(panel_.presetPath), panel_.presetPath);
    if (actions.loadShipped && !shippedPresetFiles().empty()) {
      const gl::EmbeddedFile& f = shippedPresetFiles()[std::size_t(panel_.shippedPreset)];
      const std::string name(f.path.substr(0, f.path.size() - 5));
      ParsedFile parsed = parseSettingsText(f.text, "preset '" + name + "'");
      parsed.shipped = true;
      loadInto(parsed, "preset '" + name + "'");
    }
    if (actions.resetToDefaults) {
      const Layer defaults = contextDefaults(caps_);
      adopt(resolve({&defaults, 1}), defaults.values.empty() ? "the defaults" : "the defaults for this software renderer");
    }
    if (actions.applyCountAndSeed) applyCountAndSeed();
    if (std::string problem = sim::checkStepFits(panel_.app.sim.count, caps_, panel_.app.sim.neighbours);
        !problem.empty()) {  // e.g. brute force beyond llvmpipe's loop budget: keep the search it had
      panel_.countError = problem;
      panel_.app.sim.neighbours = simulation.settings().neighbours;
    }
    simulation.apply(panel_.app.sim);
    if (panel_.app.sort != simulation.grid().sorter().name) simulation.setSorter(panel_.app.sort);
    if (panel_.app.reduce != askedStrategy_) {
      askedStrategy_ = panel_.app.reduce;
      try {
        simulation.setReduceVariant(panel_.app.reduce);
      } catch (const std::invalid_argument& e) {
        std::fprintf(stderr, "boids: %s\n", e.what());
        panel_.app.reduce = askedStrategy_ = simulation.reduceVariant().name;
      }
    }
    if (panel_.app.compact != scene_->renderer.askedCompaction()) {
      scene_->renderer.setCompaction(panel_.app.compact);  // a name from the table: known
    }
    if (std::string why = configureLighting(scene_->lighting, panel_.app); !why.empty()) {
      std::fprintf(stderr, "boids: %s; lit by the built-in %s\n", why.c_str(), lighting::kFallbackEnvironment);
    }
    if (actions.resetFlock) simulation.reset();
    if (actions.reloadShaders) reloadShaders();
    if (actions.measureStage) measureStage();
    if (actions.runWatch) runWatch();
  }

  // The lab's context, made on first use (its flocks from the settings of that moment).
  const lab::Context& labContext() {
    if (!labFlocks_) labFlocks_.emplace(shaders_, caps_, panel_.app.sim);
    if (!labContext_) {
      labContext_.emplace(lab::Context{shaders_, caps_, panel_.app.sim,
                                       [this](const lab::Case& c) -> const lab::Flock& { return labFlocks_->get(c); }});
    }
    return *labContext_;
  }

  // The watch section's variants: those the chosen stage's watch covers, listed when it changes.
  void listWatchVariants() {
    const std::vector<std::string> watched = watchedStageList();
    if (watched.empty()) return;
    const std::string& name = watched[std::size_t(std::clamp(panel_.watchStage, 0, int(watched.size()) - 1))];
    if (panel_.watchVariantsOf == name) return;
    panel_.watchVariantsOf = name;
    panel_.watchVariant = 0;
    panel_.watchVariants = findStage(name)->watchVariants();
  }

  // The watch asked for in the panel, its steps into the panel's window.
  void runWatch() {
    const std::string& stage = panel_.watchVariantsOf;
    if (panel_.watchVariants.empty()) return;
    const bool typed = panel_.watchInput >= int(std::size(lab::kWatchInputs));
    const lab::WatchRequest request{panel_.watchVariants[std::size_t(panel_.watchVariant)], std::uint32_t(panel_.watchCount),
                                    typed ? panel_.watchTyped : lab::kWatchInputs[panel_.watchInput], panel_.app.sim.seed,
                                    panel_.app.sim.nearest};
    try {
      lab::Watch watch = findStage(stage)->watch(request, labContext());
      panel_.watchStatus = watch.steps.empty() ? watch.error : std::string();
      if (watch.steps.empty()) return;
      panel_.watch = std::move(watch);
      panel_.watchStep = 0;
      panel_.watchOpen = true;
    } catch (const std::exception& e) {
      panel_.watchStatus = e.what();
    }
  }

  // The panel's lab: the stage asked for, made the first time it is asked for (it builds every
  // variant), on a case of the panel's size (the environment in use, for sh).
  void measureStage() {
    const lab::StageInfo& info = *stages()[std::size_t(panel_.labStage)];
    try {
      std::unique_ptr<lab::Stage>& stage = labStages_[info.name];
      if (!stage) stage = info.create(labContext());
      const auto n = info.sweep == lab::Sweep::Once ? 0u : static_cast<std::uint32_t>(panel_.labCount);
      stage->prepare({n, 1, 0, lab::Purpose::Bench, panel_.app.environment});
      lab::BudgetTimer timer(kLabRuns, kLabRuns);
      panel_.labRows = stage->baselines(timer);
      for (std::size_t k = 0; k < stage->variants().size(); ++k) {
        for (nlohmann::json& row : stage->run(k, timer)) panel_.labRows.push_back(std::move(row));
      }
      panel_.labStatus = std::string(info.name) + (n > 0 ? " of " + std::to_string(n) : "") + ", up to " +
                         std::to_string(kLabRuns) + " runs each, " +
                         (gl::timerQueriesMeaningful() ? "GPU time" : "CPU time around glFinish (no GPU timers here)");
    } catch (const std::exception& e) {
      panel_.labRows.clear();
      panel_.labStatus = e.what();
    }
  }

  void applyCountAndSeed() {
    panel_.countError = sim::checkCountFits(panel_.pendingCount, caps_, panel_.app.sim.neighbours);
    if (!panel_.countError.empty()) return;
    sim::SimSettings next = panel_.app.sim;
    next.count = panel_.pendingCount;
    next.seed = panel_.pendingSeed;
    if (panel_.app.keepDensity && next.count != panel_.app.sim.count) {
      const float scale = sim::worldSizeForCount(next.count) / next.worldSize;
      next.worldSize *= scale;
      next.wallMargin *= scale;
      camera_ = render::OrbitCamera::framing(next.worldSize);
    }
    AppSettings scaled = panel_.app;
    scaled.sim = next;
    if (panel_.app.keepFlockSize && next.count != panel_.app.sim.count) {
      scaleFlockSize(scaled, sim::spacingScale(next.count) / sim::spacingScale(panel_.app.sim.count));
    }
    panel_.countError = sim::validate(scaled.sim);
    if (panel_.countError.empty()) panel_.app = scaled;
  }

  void reloadShaders() {
    try {
      gl::ShaderLibrary fresh = gl::ShaderLibrary::fromDirectory(reloadDirectory(options_));
      scene_->simulation.reloadShaders(fresh);
      scene_->renderer.reload(fresh);
      labStages_.clear();  // rebuilt from the shaders in use at their next measurement
      labFlocks_.reset();
      shaderOrigin_ = fresh.origin();
      shaders_ = fresh;
      panel_.shaderStatus = "reloaded " + std::to_string(fresh.size()) + " files";
    } catch (const std::exception& e) {
      panel_.shaderStatus = std::string("reload failed, the previous shaders stay:\n") + e.what();
      std::fprintf(stderr, "boids: %s\n", e.what());
    }
  }

  // The frame script into the window's back buffer, and the recording of it.
  void draw(const PanelActions& actions) {
    const glm::ivec2 fb = window_.framebufferSize();
    FrameView view;
    view.inspector = &scene_->inspector;
    view.lighting = &scene_->lighting;
    view.projectEveryFrame = panel_.projectEveryFrame;
    view.compareAll = panel_.app.compareAll;
    view.snapshot = actions.checkNow || (panel_.app.checkEvery > 0 && framesDrawn_ % panel_.app.checkEvery == 0);
    view.simulate = !panel_.app.paused || actions.stepOnce;
    view.viewport = fb;
    view.camera = camera_;
    view.render = panel_.app.render;
    view.render.viewCentreX = viewCentreX();
    // --render-scale: the scene into an image of that fraction of the window, stretched over it.
    const glm::ivec2 scene = glm::max(glm::ivec2(glm::vec2(fb) * panel_.app.renderScale + 0.5f), glm::ivec2(1));
    if (scene != fb) {
      if (!sceneTarget_ || sceneTarget_->size() != scene) sceneTarget_.emplace(scene, 1);
      view.target = sceneTarget_->target();
      view.viewport = scene;
    }
    runFrame(scene_->simulation, scene_->renderer, timer_, view);
    if (scene != fb) scene_->renderer.present(*sceneTarget_, 0, fb);
    if (!healthReadback_.busy()) healthReadback_.request({{&scene_->simulation.health(), sizeof(std::uint32_t)}});
    // Only where its ring is drawn: the CPU has no follow camera to place it with.
    if (scene_->simulation.attractor().mode == sim::AttractorMode::Hunt && !render::cameraOnGpu(panel_.app.render) &&
        !predatorReadback_.busy()) {
      predatorReadback_.request({{&scene_->simulation.predator(), sizeof predatorState_}});
    }
    if (!recorder_) return;
    try {  // the scene without the panel, for a video, at the size it started with
      recorder_->write(gl::readFramebuffer(0, fb.x, fb.y));
      panel_.captureStatus = "recording: " + std::to_string(recorder_->frames()) + " frames in " + recorder_->folder().string();
      if (!recorder_->resizeNote().empty()) panel_.captureStatus += "\n" + recorder_->resizeNote();
    } catch (const WriteError& e) {
      panel_.captureStatus = std::string(e.what()) + "\nthe recording stopped: " + recorder_->summary();
      std::fprintf(stderr, "boids: %s\nboids: the recording stops: %s\n", e.what(), recorder_->summary().c_str());
      recorder_.reset();
      writeFailed_ = true;
    }
  }

  // F12's screenshot (what the window shows, the panel included while it is up) and --screenshot's.
  void capture(const PanelActions& actions, bool last) {
    const glm::ivec2 fb = window_.framebufferSize();
    if (actions.screenshot) {
      const std::filesystem::path shot = nextScreenshotPath();
      try {
        writePng(shot, gl::readFramebuffer(0, fb.x, fb.y));
        panel_.captureStatus = "saved " + shot.string();
        std::printf("screenshot: %s\n", shot.string().c_str());
      } catch (const std::exception& e) {
        panel_.captureStatus = e.what();
        std::fprintf(stderr, "boids: %s\n", e.what());
      }
    }
    if (last && !options_.screenshot.empty()) {
      try {
        writePng(options_.screenshot, gl::readFramebuffer(0, fb.x, fb.y));
        std::printf("screenshot: %s\n", std::filesystem::absolute(options_.screenshot).string().c_str());
      } catch (const WriteError& e) {
        std::fprintf(stderr, "boids: %s\n", e.what());
        writeFailed_ = true;
      }
    }
  }

  Options options_;
  platform::Window& window_;
  const gl::Caps& caps_;
  std::filesystem::path settingsFile_;
  std::optional<FrameRecorder> recorder_;
  std::unique_ptr<Scene> scene_;
  std::optional<lighting::Previews> previews_;
  std::optional<LightingReport> lightReport_;
  std::string pendingLightKey_;
  double pendingLightSince_ = 0;
  gl::ShaderLibrary shaders_;  // the scene's, or the last F5 reload's
  std::string shaderOrigin_;
  gl::FrameTimer timer_;
  ImGuiSession imgui_;
  gl::AsyncReadback healthReadback_;
  gl::AsyncReadback predatorReadback_;
  glm::vec4 predatorState_[3]{};  // the hunting predator as last read back (Simulation::predator())
  static constexpr int kLabRuns = 20;
  std::optional<sim::CaseFlocks> labFlocks_;
  std::optional<lab::Context> labContext_;
  std::map<std::string, std::unique_ptr<lab::Stage>> labStages_;
  PanelState panel_;
  std::string askedStrategy_;
  std::optional<render::CullCounts> cullCounts_;
  bool vsyncApplied_ = false;
  bool showPanel_;
  std::optional<render::OffscreenTarget> sceneTarget_;  // the scene at --render-scale, when below 1
  render::OrbitCamera camera_;
  double lastTime_;
  double lastHealthWarning_ = -1e9;
  int framesDrawn_ = 0;
  static constexpr int kSettleFrames = 30;
  static constexpr std::size_t kCpuTimedEvery = 4;  // left out of the frame rate printed at the end of a scripted run
  double settledAt_ = 0.0;
  bool writeFailed_ = false;
};

}  // namespace

int runDesktop(Options options, std::unique_ptr<platform::Window> window, const std::filesystem::path& settingsFile) {
  if (options.glDebug) gl::enableDebugOutput();
  const gl::Caps caps = gl::Caps::query();
  std::printf("OpenGL %s in a window\n", caps.summary().c_str());
  if (std::string problem = adaptToContext(options, caps, true); !problem.empty()) {
    std::fprintf(stderr, "boids: error: %s\n", problem.c_str());
    return 2;
  }
  catchInterrupts();
  int code = 0;
  try {
    Desktop desktop(options, *window, caps, settingsFile);
    while (desktop.frame()) {
    }
    code = desktop.shutdown();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  if (code != 0) return code;
  return glDebugExitCode(options);
}

}  // namespace boids::app

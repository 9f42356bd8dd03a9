#include "engine/lab/watch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "engine/gl/gl.hpp"
#include "engine/random.hpp"

namespace boids::lab {

namespace {

// Floats a and b (as bits) within `ulps` units in the last place: of one sign, their ordered
// encodings at most that far apart.
bool withinUlps(std::uint32_t a, std::uint32_t b, std::uint32_t ulps) {
  if (a == b) return true;
  const auto finite = [](std::uint32_t w) { return (w & 0x7f800000u) != 0x7f800000u; };
  if ((a ^ b) >> 31 != 0 || !finite(a) || !finite(b)) return false;
  return (a > b ? a - b : b - a) <= ulps;
}

}  // namespace

bool Lane::differsAt(std::size_t i, bool gpuSide) const {
  if (!unordered) {
    if (i >= gpu.size() || i >= model.size()) return true;
    if (i < accepted.size()) {
      for (const auto& [low, high] : accepted[i]) {
        if (gpu[i] >= low && gpu[i] <= high) return false;
      }
    }
    if (cells != Cells::Floats) return gpu[i] != model[i];
    const double apart = std::abs(double(std::bit_cast<float>(gpu[i])) - double(std::bit_cast<float>(model[i])));
    return !withinUlps(gpu[i], model[i], ulps) && !(apart <= (i < tolerances.size() ? tolerances[i] : tolerance));
  }
  // Word w at place i of one side is matched when the other side holds w at least as many times
  // as this side holds it up to and including place i.
  const std::vector<std::uint32_t>& mine = gpuSide ? gpu : model;
  const std::vector<std::uint32_t>& other = gpuSide ? model : gpu;
  if (i >= mine.size()) return true;
  const auto upTo = std::count(mine.begin(), mine.begin() + std::ptrdiff_t(i) + 1, mine[i]);
  return std::count(other.begin(), other.end(), mine[i]) < upTo;
}

std::size_t Lane::differences() const {
  std::size_t count = 0;
  if (!unordered) {
    for (std::size_t i = 0; i < std::max(gpu.size(), model.size()); ++i) count += differsAt(i) ? 1 : 0;
    return count;
  }
  for (std::size_t i = 0; i < gpu.size(); ++i) count += differsAt(i, true) ? 1 : 0;
  for (std::size_t i = 0; i < model.size(); ++i) count += differsAt(i, false) ? 1 : 0;
  return count;
}

std::string Lane::text(std::size_t i, bool gpuSide) const {
  const std::uint32_t word = (gpuSide ? gpu : model).at(i);
  if ((i & turned) != 0) return "~" + cellText(cells, ~word);
  if (cells == Cells::Floats && digits > 0 && word != 0xffffffffu) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, double(std::bit_cast<float>(word)));
    return text;
  }
  return cellText(cells, word);
}

std::size_t Step::differences() const {
  std::size_t count = 0;
  for (const Lane& lane : lanes) count += lane.differences();
  return count;
}

bool Watch::agrees() const {
  return error.empty() && std::all_of(steps.begin(), steps.end(), [](const Step& s) { return s.differences() == 0; });
}

namespace {

std::vector<std::uint32_t> typedIn(const std::string& text, std::uint32_t bound) {
  std::vector<std::uint32_t> values;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    std::size_t used = 0;
    unsigned long long value = 0;
    try {
      value = std::stoull(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (item.empty() || used != item.size() || item[0] == '-' || value >= bound) {
      throw std::invalid_argument("the typed-in input's element " + std::to_string(values.size() + 1) + " ('" + item +
                                  "') is not a whole number below " + std::to_string(bound));
    }
    values.push_back(static_cast<std::uint32_t>(value));
    at = comma + 1;
  }
  return values;
}

}  // namespace

std::vector<std::uint32_t> watchInput(const WatchRequest& request, std::uint32_t bound) {
  const bool named = std::find(std::begin(kWatchInputs), std::end(kWatchInputs), request.input) != std::end(kWatchInputs);
  const bool typed = request.input.find(',') != std::string::npos || request.input.find_first_of("0123456789") == 0;
  if (!named && !typed) {
    throw std::invalid_argument("unknown watch input '" + request.input +
                                "': random, sorted, reversed, equal, or numbers separated by commas");
  }
  std::vector<std::uint32_t> values;
  if (!named) {
    std::string text = request.input;
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    values = typedIn(text, bound);
  } else {
    values.resize(request.n);
    SplitMix64 random(request.seed);
    for (std::uint32_t i = 0; i < request.n; ++i) {
      if (request.input == "random") values[i] = std::uint32_t(random.next() % bound);
      if (request.input == "sorted") values[i] = std::uint32_t(std::uint64_t(i) * bound / std::max(request.n, 1u));
      if (request.input == "reversed") values[i] = std::uint32_t(std::uint64_t(request.n - 1 - i) * bound / std::max(request.n, 1u));
      if (request.input == "equal") values[i] = bound / 2;
    }
  }
  if (values.size() < kWatchFewest || values.size() > kWatchMost) {
    throw std::invalid_argument("a watch takes " + std::to_string(kWatchFewest) + " to " + std::to_string(kWatchMost) +
                                " elements, not " + std::to_string(values.size()));
  }
  return values;
}

namespace {

// Level `level` of an RGBA32F texture, as words: four floats a texel.
std::vector<std::uint32_t> textureWords(GLuint texture, int level) {
  GLint width = 0, height = 0, bound = 0, packBuffer = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &packBuffer);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &width);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_HEIGHT, &height);
  std::vector<std::uint32_t> words(std::size_t(width) * std::size_t(height) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_FLOAT, words.data());
  glBindTexture(GL_TEXTURE_2D, GLuint(bound));  // as the watched pass left them
  glBindBuffer(GL_PIXEL_PACK_BUFFER, GLuint(packBuffer));
  return words;
}

}  // namespace

void Recorder::dispatched(std::string_view pass, std::initializer_list<gl::Watched> buffers) {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
  Dispatch d{std::string(pass), {}};
  for (const gl::Watched& w : buffers) {
    if (w.buffer) {
      d.buffers.emplace_back(w.name, w.buffer->read<std::uint32_t>(w.words, w.firstWord));
    } else if (w.texture != 0) {
      std::vector<std::uint32_t> words = textureWords(w.texture, w.level);
      const std::size_t first = std::min(w.firstWord, words.size());
      d.buffers.emplace_back(w.name, std::vector<std::uint32_t>(words.begin() + std::ptrdiff_t(first),
                                                                words.begin() + std::ptrdiff_t(std::min(words.size(), first + w.words))));
    }
  }
  dispatches_.push_back(std::move(d));
}

Watch matched(Watch model, const Recorder& recorder) {
  const auto& ran = recorder.dispatches();
  if (model.steps.empty() && model.error.empty()) model.error = "the model has no steps for " + model.variant;
  if (ran.size() != model.steps.size()) {
    model.error = "the GPU ran " + std::to_string(ran.size()) + " dispatches where the model has " +
                  std::to_string(model.steps.size()) + " steps";
  }
  for (std::size_t i = 0; i < std::min(ran.size(), model.steps.size()); ++i) {
    Step& step = model.steps[i];
    if (ran[i].pass != step.pass && model.error.empty()) {
      model.error = "step " + std::to_string(i + 1) + ": the GPU ran '" + ran[i].pass + "' where the model has '" + step.pass + "'";
    }
    for (Lane& lane : step.lanes) {
      for (const auto& [name, words] : ran[i].buffers) {
        if (name != lane.source) continue;
        lane.gpu.clear();
        for (std::size_t w = lane.offset; w < words.size(); w += lane.stride) lane.gpu.push_back(words[w]);
        // A buffer may hold more than the step's elements: those are not shown.
        if (lane.gpu.size() > lane.model.size()) lane.gpu.resize(lane.model.size());
      }
    }
  }
  return model;
}

Watch recorded(Watch model, gl::Watchable& primitive, const std::function<void()>& run) {
  Recorder recorder;
  primitive.watchWith(&recorder);
  run();
  primitive.watchWith(nullptr);
  return matched(std::move(model), recorder);
}

std::string cellText(Cells cells, std::uint32_t word) {
  if (cells == Cells::Keys && word == 0xffffffffu) return "--";
  if (cells == Cells::Floats) {
    if (word == 0xffffffffu) return "--";
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(std::bit_cast<float>(word)));
    return text;
  }
  if (cells == Cells::LookbackStatus) {
    const std::uint32_t flag = word & 3u;
    if (flag == 0) return "-";
    const char* parity = (word >> 2 & 1u) != 0 ? "1 " : "0 ";
    return std::string(flag == 1 ? "A" : flag == 2 ? "P" : "?") + parity + std::to_string(word >> 3);
  }
  if (cells == Cells::OrderedFloats) {
    if (word == 0xffffffffu || word == 0) return "--";  // atomicMin's and atomicMax's identities
    const std::uint32_t bits = (word & 0x80000000u) != 0 ? word & 0x7fffffffu : ~word;
    return cellText(Cells::Floats, bits);
  }
  if (cells == Cells::DigitStatus) {
    const std::uint32_t flag = word & 3u;
    if (flag == 0) return "-";
    return std::string(flag == 1 ? "A " : flag == 2 ? "P " : "? ") + std::to_string(word >> 2);
  }
  return std::to_string(word);
}

std::string counted(std::size_t n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

}  // namespace boids::lab

#pragma once
// The watch views: one variant of a primitive stepped dispatch by dispatch on a small input. The
// primitive runs its own kernels with a Recorder hung on it (gl::Watchable), which reads back the
// buffers each pass read and wrote as the GPU left them; a CPU model of the same variant gives its
// state after each step, and the two are laid side by side, the cells that differ marked. A stage
// that can be watched gives StageInfo::watch (e.g. engine/primitives/scan/scan_watch.cpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/gl/watch.hpp"

namespace boids::lab {

// How a lane's words read in its cells.
enum class Cells {
  Numbers,         // each word as an unsigned number
  Keys,            // as Numbers, but a sort's padding (0xffffffff) as "--"
  Floats,          // each word a float's bits, printed shortest ("12", "0.5"); all bits set (a clear value) as "--"
  OrderedFloats,   // a float as an atomic min or max keeps it (its bits made to order as unsigned), printed as
                   // Floats; the identities (above and below every float) as "--"
  LookbackStatus,  // a decoupled look-back tile's word: "A0 12" an aggregate, "P0 40" an inclusive prefix (the
                   // digit: the run's parity), "-" none
  DigitStatus,     // a onesweep tile's word for one digit: "A 12" the tile's own count, "P 40" the digit's first
                   // slot after the tile, "-" none
};

// One buffer as a step shows it: the GPU's words and the model's, in cells grouped by tiles.
struct Lane {
  std::string name;    // as the diagram labels it ("tile totals", ...)
  std::string source;  // the buffer's name in the primitive's dispatched() call
  std::vector<std::uint32_t> gpu, model;
  std::uint32_t tile = 0;  // cells a tile (drawn as groups; 1: each cell shaded as the tile it stands for); 0: none
  Cells cells = Cells::Numbers;
  // The words' order is the GPU's own (atomics hand out slots as invocations come): judged as a
  // multiset, a cell of either side differing where its word is not matched on the other.
  bool unordered = false;
  // Where the words are indices of another lane's elements: cells shaded by the tile of the
  // element each names (word / valueTile), so that it shows which group wrote it; 0: by place.
  std::uint32_t valueTile = 0;
  // The source's words this lane shows: offset, offset + stride, ... (a sort's pairs: its keys at
  // offset 0, its values at 1, of 2).
  std::uint32_t stride = 1, offset = 0;
  // Cells whose index has one of these bits hold their word complemented (bitonic-transpose's
  // memory between passes, turned for the next stage): shown "~" and the word turned back.
  std::uint32_t turned = 0;
  // Floats: cells within this many units in the last place agree (a quotient GLSL computes within
  // 2.5 ulp; the lane says where), all others exactly.
  std::uint32_t ulps = 0;
  // Floats: cells this close agree (sums a float adds in another order than the model's double:
  // the lane's maker derives its bound), where ulps does not already make them.
  double tolerance = 0;
  std::vector<double> tolerances;  // Floats: a tolerance a cell, where they differ (else `tolerance`)
  // Per cell, the words (inclusive ranges) the GPU may leave besides the model's, where a judge
  // allows what rounding decides: a coverage within its range, any boid within rounding of the
  // nearest depth. Empty: only the model's word.
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> accepted;
  // How the cells are laid out: `columns` a row (0: the diagram's default), the first row at the
  // bottom where `image` (an image's pixels, rows from the bottom, as GL keeps them).
  std::uint32_t columns = 0;
  bool image = false;
  int digits = 0;  // Floats: significant digits shown (0: as many as the shortest reading takes, up to 6)

  // Cell i of the GPU's words (gpuSide) or of the model's.
  bool differsAt(std::size_t i, bool gpuSide = true) const;
  std::size_t differences() const;  // cells that differ (for an unordered lane, on either side)
  std::string text(std::size_t i, bool gpuSide) const;  // cell i's text (cellText, and turned)
};

struct Step {
  std::string pass;  // the pass as the primitive names it in dispatched()
  std::string says;  // one line: what the step did
  std::vector<Lane> lanes;

  std::size_t differences() const;
};

struct Watch {
  std::string stage, variant, input;  // input: what the elements were ("random", "1,2,3", ...)
  std::vector<Step> steps;
  std::string error;  // why the GPU's passes could not be matched to the model's, or why it cannot run

  bool agrees() const;  // no error and no step with a difference
};

// What to watch: a variant on an input of n elements, one of kWatchInputs or a typed-in list
// ("3,1,4,1,5"; n is then its length).
struct WatchRequest {
  std::string variant;
  std::uint32_t n = 32;
  std::string input = "random";
  std::uint64_t seed = 1;
  std::uint32_t nearest = 7;  // the k of a nearest-neighbour search's watch
};
inline constexpr const char* kWatchInputs[] = {"random", "sorted", "reversed", "equal"};
inline constexpr std::uint32_t kWatchFewest = 1, kWatchMost = 1024;
// Invocations a group of a primitive made to watch (Variant::createToWatch) where its group size is
// free: a small input then spans several groups.
inline constexpr std::uint32_t kWatchGroup = 8;

// The request's elements, each below `bound`; throws std::invalid_argument naming what was wrong
// (an unknown input, a value that is not a number or not below `bound`, n outside 1..1024).
std::vector<std::uint32_t> watchInput(const WatchRequest& request, std::uint32_t bound);

// Keeps each dispatch's pass and buffers, read back right after it.
class Recorder : public gl::Watcher {
 public:
  struct Dispatch {
    std::string pass;
    std::vector<std::pair<std::string, std::vector<std::uint32_t>>> buffers;
  };
  void dispatched(std::string_view pass, std::initializer_list<gl::Watched> buffers) override;
  const std::vector<Dispatch>& dispatches() const { return dispatches_; }

 private:
  std::vector<Dispatch> dispatches_;
};

// The model's steps (their lanes' `model` words filled) with the recorded dispatches' words put
// beside them, step i with dispatch i; a pass, count or buffer that does not match is the error.
Watch matched(Watch model, const Recorder& recorder);
// The model matched with what `primitive` dispatched while `run` ran, a Recorder hung on it.
Watch recorded(Watch model, gl::Watchable& primitive, const std::function<void()>& run);

// A cell's text.
std::string cellText(Cells cells, std::uint32_t word);

// "1 group", "4 groups": for the steps' lines.
std::string counted(std::size_t n, const char* one);

}  // namespace boids::lab

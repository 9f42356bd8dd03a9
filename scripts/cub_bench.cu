// cub_bench: CUB itself, the anchor that `boids bench --sort` and `--scan` are compared against, on
// the same GPU in the same run (scripts/gpu-check.sh builds and runs it where nvcc is).
//
//   sort  cub::DeviceRadixSort::SortPairs of (uint32 key, uint32 value) pairs in its double-buffer
//         form (cub::DoubleBuffer: the sort ping-pongs between two buffers of each, no copy in or
//         out), over the key bits the grid uses only: begin_bit 0, end_bit = ceil(log2(keys))
//         (the bits of keys - 1, as engine/primitives/sort/radix.cpp counts them). Keys are drawn
//         like scripts/torch_sort_bench.py's, uniform in [0, keys) with keys = max(1, round(n /
//         (0.03056 * 125))) (a flock's cell keys: about one cell per 3.8 boids), values 0..n-1,
//         at n = 64K, 256K, 1M, 4M, 16M. `--bits B` adds a row per size sorting the same keys
//         with end_bit B (`--bits 32`: every bit, as torch.sort does).
//   scan  cub::DeviceScan::ExclusiveSum of n uint32 (random 0..7, like torch_scan_bench.py's) into
//         a second buffer, at n = 64K, 1M, 4M, 16M.
//
// Timing, as scripts/torch_timing.py times torch: each case runs untimed, synchronized after each
// run, for at least 10 runs and 0.3 s (so that the GPU's clocks have risen), then 100 runs are
// queued back to back on one stream, each between its own pair of cudaEvents, and synchronized
// once at the end; the median (the mean of the middle two) and the minimum of the 100, in
// microseconds. Before every sort run, warm-up and timed alike, its input is put back untimed
// (two device-to-device copies from a pristine copy of the keys and the values, outside the event
// pair), as the lab's sort stage puts back its unsorted pairs before each run: every run sorts
// the same unsorted pairs, and finds them where a copy just wrote them (partly in L2). The sort's
// and the scan's temporary storage is allocated once a case, outside the timing. num_items is
// passed as int: CUB's 32-bit offsets, as for any n below 2^31.
//
// Every case's last timed result is checked on the host: the sorted keys non-decreasing, the
// values a permutation of 0..n-1 that carries the keys (key[value[i]] == sortedKey[i]); the scan
// against a host exclusive sum in uint64, compared in its low 32 bits. A wrong result, or a CUDA
// call that fails (named in the message), ends the program with a non-zero exit code.
//
// Output: a line a case on stdout; with OUT.json, also
//   {"tool": "cub", "cuda": "13.0", "cub_version": "3.0.1", "cub_tuned_for": "sm_90",
//    "device": "NVIDIA H100 80GB HBM3",
//    "sort": [{"n": .., "keys": .., "end_bit": .., "median_us": .., "min_us": .., "runs": 100}, ..],
//    "scan": [{"n": .., "median_us": .., "min_us": .., "runs": 100}, ..]}
// ("cuda" is the CUDA runtime's version, "cub_tuned_for" the architecture whose tuning CUB's
// dispatch picked: the code's PTX version on this device).
//
// Build (CUB ships with the CUDA toolkit; nothing else is needed):
//   nvcc -O3 -std=c++17 -o cub_bench scripts/cub_bench.cu
// and for the H100 and H200 name their architecture, or CUB runs code JIT-compiled from the
// default target's PTX with that older architecture's tuning (the program warns when so):
//   nvcc -O3 -std=c++17 -arch=sm_90 -o cub_bench scripts/cub_bench.cu
// (-arch=native picks the GPU of the machine that compiles.) Built with nvcc 13.0 (CUB 3.0.1) and
// run on an H200 (sm_90) on 2026-11-27, clean under compute-sanitizer's memcheck.
// Usage: cub_bench [OUT.json] [--bits B]

#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

// A CUDA call whose error ends the program, naming the call and where it was made.
#define CUDA_CHECK(call)                                                                                  \
  do {                                                                                                    \
    const cudaError_t cuda_check_error_ = (call);                                                         \
    if (cuda_check_error_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "cub_bench: %s failed at %s:%d: %s (%s)\n", #call, __FILE__, __LINE__,          \
                   cudaGetErrorString(cuda_check_error_), cudaGetErrorName(cuda_check_error_));           \
      std::exit(2);                                                                                       \
    }                                                                                                     \
  } while (0)

namespace {

const int kSortSizes[] = {65536, 262144, 1048576, 4194304, 16777216};
const int kScanSizes[] = {65536, 1048576, 4194304, 16777216};
constexpr double kClockWarmUpS = 0.3;  // as torch_timing.CLOCK_WARM_UP_S and `boids bench`
constexpr int kWarmups = 10;           // at least this many untimed runs, however fast
constexpr int kRuns = 100;             // timed runs a case

struct Timing {
  double median_us = 0, min_us = 0;
  int runs = 0;
};

// `prepare()` (untimed) then `work()` (timed between two events), as the opening comment says.
template <class Prepare, class Work>
Timing timed(cudaStream_t stream, Prepare prepare, Work work) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  for (int done = 0; done < kWarmups || std::chrono::duration<double>(Clock::now() - start).count() < kClockWarmUpS;
       ++done) {
    prepare();
    work();
    CUDA_CHECK(cudaStreamSynchronize(stream));
  }
  std::vector<cudaEvent_t> begin(kRuns), end(kRuns);
  for (int i = 0; i < kRuns; ++i) {
    CUDA_CHECK(cudaEventCreate(&begin[i]));
    CUDA_CHECK(cudaEventCreate(&end[i]));
  }
  for (int i = 0; i < kRuns; ++i) {
    prepare();
    CUDA_CHECK(cudaEventRecord(begin[i], stream));
    work();
    CUDA_CHECK(cudaEventRecord(end[i], stream));
  }
  CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<double> us(kRuns);
  for (int i = 0; i < kRuns; ++i) {
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, begin[i], end[i]));
    us[i] = double(ms) * 1e3;
    CUDA_CHECK(cudaEventDestroy(begin[i]));
    CUDA_CHECK(cudaEventDestroy(end[i]));
  }
  std::sort(us.begin(), us.end());
  Timing t;
  t.runs = kRuns;
  t.min_us = us.front();
  t.median_us = kRuns % 2 ? us[kRuns / 2] : (us[kRuns / 2 - 1] + us[kRuns / 2]) / 2;  // statistics.median's
  return t;
}

[[noreturn]] void wrong(const char* what, int n, int end_bit, const std::string& why) {
  if (end_bit >= 0)
    std::fprintf(stderr, "cub_bench: WRONG: %s n=%d end_bit=%d: %s\n", what, n, end_bit, why.c_str());
  else
    std::fprintf(stderr, "cub_bench: WRONG: %s n=%d: %s\n", what, n, why.c_str());
  std::exit(1);
}

// The grid's key count for n boids, as torch_sort_bench.py computes it (Python's round() rounds
// halves to even, as nearbyint does in the default rounding mode).
std::uint32_t cellsFor(int n) {
  const double cells = std::nearbyint(double(n) / (0.03056 * 125));
  return cells < 1 ? 1u : static_cast<std::uint32_t>(cells);
}

// The bits keys below `keys` need: ceil(log2(keys)), the bit width of keys - 1.
int bitsFor(std::uint32_t keys) {
  int bits = 0;
  for (std::uint32_t rest = keys <= 1 ? 0u : keys - 1u; rest != 0; rest >>= 1) ++bits;
  return bits;
}

struct SortRow {
  int n;
  std::uint32_t keys;
  int end_bit;
  Timing t;
};

struct ScanRow {
  int n;
  Timing t;
};

SortRow sortCase(cudaStream_t stream, const std::vector<std::uint32_t>& hostKeys, std::uint32_t cells, int end_bit) {
  const int n = static_cast<int>(hostKeys.size());
  const std::size_t bytes = std::size_t(n) * sizeof(std::uint32_t);
  std::vector<std::uint32_t> hostValues(n);
  std::iota(hostValues.begin(), hostValues.end(), 0u);

  std::uint32_t *keysIn = nullptr, *valuesIn = nullptr, *keys[2] = {}, *values[2] = {};
  CUDA_CHECK(cudaMalloc(&keysIn, bytes));
  CUDA_CHECK(cudaMalloc(&valuesIn, bytes));
  for (int b = 0; b < 2; ++b) {
    CUDA_CHECK(cudaMalloc(&keys[b], bytes));
    CUDA_CHECK(cudaMalloc(&values[b], bytes));
  }
  CUDA_CHECK(cudaMemcpy(keysIn, hostKeys.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(valuesIn, hostValues.data(), bytes, cudaMemcpyHostToDevice));

  // The double buffers are rebuilt before every run: the sort leaves their selector on the buffer
  // that holds its result, so each run starts again from buffer 0 holding the unsorted pairs.
  cub::DoubleBuffer<std::uint32_t> keyBuffers(keys[0], keys[1]);
  cub::DoubleBuffer<std::uint32_t> valueBuffers(values[0], values[1]);
  void* temp = nullptr;
  std::size_t tempBytes = 0;
  CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, tempBytes, keyBuffers, valueBuffers, n, 0, end_bit, stream));
  CUDA_CHECK(cudaMalloc(&temp, std::max<std::size_t>(tempBytes, 1)));  // never null: null asks the size

  auto prepare = [&] {
    keyBuffers = cub::DoubleBuffer<std::uint32_t>(keys[0], keys[1]);
    valueBuffers = cub::DoubleBuffer<std::uint32_t>(values[0], values[1]);
    CUDA_CHECK(cudaMemcpyAsync(keys[0], keysIn, bytes, cudaMemcpyDeviceToDevice, stream));
    CUDA_CHECK(cudaMemcpyAsync(values[0], valuesIn, bytes, cudaMemcpyDeviceToDevice, stream));
  };
  auto work = [&] {
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp, tempBytes, keyBuffers, valueBuffers, n, 0, end_bit, stream));
  };
  SortRow row{n, cells, end_bit, timed(stream, prepare, work)};

  // The last timed run's result, where its double buffers say it is.
  std::vector<std::uint32_t> sortedKeys(n), sortedValues(n);
  CUDA_CHECK(cudaMemcpy(sortedKeys.data(), keyBuffers.Current(), bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(sortedValues.data(), valueBuffers.Current(), bytes, cudaMemcpyDeviceToHost));
  std::vector<char> seen(n, 0);
  for (int i = 0; i < n; ++i) {
    const std::uint32_t v = sortedValues[i];
    if (i > 0 && sortedKeys[i - 1] > sortedKeys[i])
      wrong("sort", n, end_bit, "keys out of order at " + std::to_string(i) + ": " + std::to_string(sortedKeys[i - 1]) +
                                    " before " + std::to_string(sortedKeys[i]));
    if (v >= std::uint32_t(n) || seen[v])
      wrong("sort", n, end_bit, "values not a permutation of 0..n-1: value " + std::to_string(v) + " at " +
                                    std::to_string(i) + (v < std::uint32_t(n) ? " twice" : " out of range"));
    seen[v] = 1;
    if (hostKeys[v] != sortedKeys[i])
      wrong("sort", n, end_bit, "value " + std::to_string(v) + " at " + std::to_string(i) + " carries key " +
                                    std::to_string(hostKeys[v]) + ", sorted key there is " + std::to_string(sortedKeys[i]));
  }

  CUDA_CHECK(cudaFree(temp));
  for (int b = 0; b < 2; ++b) {
    CUDA_CHECK(cudaFree(keys[b]));
    CUDA_CHECK(cudaFree(values[b]));
  }
  CUDA_CHECK(cudaFree(keysIn));
  CUDA_CHECK(cudaFree(valuesIn));
  return row;
}

ScanRow scanCase(cudaStream_t stream, std::mt19937& rng, int n) {
  const std::size_t bytes = std::size_t(n) * sizeof(std::uint32_t);
  std::vector<std::uint32_t> hostIn(n);
  std::uniform_int_distribution<std::uint32_t> small(0, 7);
  for (std::uint32_t& v : hostIn) v = small(rng);

  std::uint32_t *in = nullptr, *out = nullptr;
  CUDA_CHECK(cudaMalloc(&in, bytes));
  CUDA_CHECK(cudaMalloc(&out, bytes));
  CUDA_CHECK(cudaMemcpy(in, hostIn.data(), bytes, cudaMemcpyHostToDevice));
  void* temp = nullptr;
  std::size_t tempBytes = 0;
  CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, tempBytes, in, out, n, stream));
  CUDA_CHECK(cudaMalloc(&temp, std::max<std::size_t>(tempBytes, 1)));

  auto work = [&] { CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, tempBytes, in, out, n, stream)); };
  ScanRow row{n, timed(stream, [] {}, work)};

  std::vector<std::uint32_t> hostOut(n);
  CUDA_CHECK(cudaMemcpy(hostOut.data(), out, bytes, cudaMemcpyDeviceToHost));
  std::uint64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    if (hostOut[i] != static_cast<std::uint32_t>(sum))
      wrong("scan", n, -1, "element " + std::to_string(i) + " is " + std::to_string(hostOut[i]) + ", expected " +
                               std::to_string(static_cast<std::uint32_t>(sum)));
    sum += hostIn[i];
  }

  CUDA_CHECK(cudaFree(temp));
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  return row;
}

std::string jsonString(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void usage(FILE* to) {
  std::fprintf(to,
               "usage: cub_bench [OUT.json] [--bits B]\n"
               "  CUB's radix sort of (uint32 key, uint32 value) pairs over the key bits a flock's grid uses,\n"
               "  and CUB's exclusive scan of uint32, timed as scripts/torch_timing.py times torch.\n"
               "  --bits B   also sort every size's keys with end_bit B (1 to 32; 32: every bit)\n");
}

}  // namespace

int main(int argc, char** argv) {
  const char* jsonPath = nullptr;
  int extraBits = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      usage(stdout);
      return 0;
    } else if (arg == "--bits" && i + 1 < argc) {
      char* rest = nullptr;
      const long bits = std::strtol(argv[++i], &rest, 10);
      if (*argv[i] == '\0' || *rest != '\0' || bits < 1 || bits > 32) {
        std::fprintf(stderr, "cub_bench: --bits takes a number of bits from 1 to 32, not '%s'\n", argv[i]);
        return 2;
      }
      extraBits = static_cast<int>(bits);
    } else if (arg.rfind("-", 0) != 0 && jsonPath == nullptr) {
      jsonPath = argv[i];
    } else {
      std::fprintf(stderr, "cub_bench: unexpected argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }

  int device = 0, runtime = 0, ptx = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
  CUDA_CHECK(cub::PtxVersion(ptx));  // major * 100 + minor * 10: the tuning CUB's dispatch picks
  const std::string cuda = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  const std::string cubVersion = std::to_string(CUB_MAJOR_VERSION) + "." + std::to_string(CUB_MINOR_VERSION) + "." +
                                 std::to_string(CUB_SUBMINOR_VERSION);
  const std::string tunedFor = "sm_" + std::to_string(ptx / 10);
  const int deviceArch = prop.major * 10 + prop.minor;
  std::printf("cub_bench: CUB %s, CUDA runtime %s, %s (sm_%d), CUB tuned for %s\n", cubVersion.c_str(), cuda.c_str(),
              prop.name, deviceArch, tunedFor.c_str());
  std::fflush(stdout);  // before the warning on stderr, where both go to one pipe
  if (ptx / 10 < deviceArch)
    std::fprintf(stderr,
                 "cub_bench: warning: built for %s, running on sm_%d through the JIT with %s's tuning: rebuild with "
                 "-arch=sm_%d (or -arch=native) for CUB's own numbers on this GPU\n",
                 tunedFor.c_str(), deviceArch, tunedFor.c_str(), deviceArch);

  cudaStream_t stream = nullptr;
  CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  std::mt19937 rng(1);

  std::vector<SortRow> sorts;
  for (const int n : kSortSizes) {
    const std::uint32_t cells = cellsFor(n);
    std::vector<std::uint32_t> keys(n);
    std::uniform_int_distribution<std::uint32_t> cell(0, cells - 1);
    for (std::uint32_t& k : keys) k = cell(rng);
    std::vector<int> bitsList = {bitsFor(cells)};
    if (extraBits && extraBits != bitsList[0]) {
      if (extraBits > bitsList[0])
        bitsList.push_back(extraBits);
      else
        std::fprintf(stderr, "cub_bench: --bits %d skipped at n=%d: its %u keys need %d bits\n", extraBits, n, cells,
                     bitsList[0]);
    }
    for (const int end_bit : bitsList) {
      sorts.push_back(sortCase(stream, keys, cells, end_bit));
      const SortRow& r = sorts.back();
      std::printf("cub.SortPairs end_bit=%-2d %10d %11.1f us (min %.1f)\n", r.end_bit, r.n, r.t.median_us,
                  r.t.min_us);
      std::fflush(stdout);
    }
  }

  std::vector<ScanRow> scans;
  for (const int n : kScanSizes) {
    scans.push_back(scanCase(stream, rng, n));
    const ScanRow& r = scans.back();
    std::printf("cub.ExclusiveSum %10d %9.1f us (min %.1f)\n", r.n, r.t.median_us, r.t.min_us);
    std::fflush(stdout);
  }
  CUDA_CHECK(cudaStreamDestroy(stream));

  if (jsonPath) {
    FILE* f = std::fopen(jsonPath, "w");
    if (!f) {
      std::fprintf(stderr, "cub_bench: cannot write %s: %s\n", jsonPath, std::strerror(errno));
      return 2;
    }
    std::fprintf(f, "{\"tool\": \"cub\", \"cuda\": %s, \"cub_version\": %s, \"cub_tuned_for\": %s, \"device\": %s,\n",
                 jsonString(cuda).c_str(), jsonString(cubVersion).c_str(), jsonString(tunedFor).c_str(),
                 jsonString(prop.name).c_str());
    std::fprintf(f, " \"sort\": [");
    for (std::size_t i = 0; i < sorts.size(); ++i) {
      const SortRow& r = sorts[i];
      std::fprintf(f, "%s\n  {\"n\": %d, \"keys\": %u, \"end_bit\": %d, \"median_us\": %.3f, \"min_us\": %.3f, \"runs\": %d}",
                   i ? "," : "", r.n, r.keys, r.end_bit, r.t.median_us, r.t.min_us, r.t.runs);
    }
    std::fprintf(f, "],\n \"scan\": [");
    for (std::size_t i = 0; i < scans.size(); ++i) {
      const ScanRow& r = scans[i];
      std::fprintf(f, "%s\n  {\"n\": %d, \"median_us\": %.3f, \"min_us\": %.3f, \"runs\": %d}", i ? "," : "", r.n,
                   r.t.median_us, r.t.min_us, r.t.runs);
    }
    std::fprintf(f, "]}\n");
    if (std::fclose(f) != 0) {
      std::fprintf(stderr, "cub_bench: cannot write %s\n", jsonPath);
      return 2;
    }
  }
  return 0;
}

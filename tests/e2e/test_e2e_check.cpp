// boids check and bench, as a user runs them: exit codes, the JSON contract, the dumped positions.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "e2e_run.hpp"

namespace fs = std::filesystem;
using json = nlohmann::json;

TEST(Check, TheFullDefaultSweepPasses) {
  // The command CI promises: every available strategy, every default size and seed, initial and
  // simulated flocks. Unavailable rows must say why.
  const fs::path dir = scratch("full");
  auto [code, output] = boids("check --json '" + (dir / "check.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "check.json"));
  EXPECT_EQ(doc["failed"], 0);
  EXPECT_GT(doc["passed"].get<int>(), 200);
  std::set<std::uint32_t> sizes;
  std::set<std::string> stages;
  bool simulated = false;
  int weak = 0;
  for (const json& row : doc["rows"]) {
    // Every row: its bound relative to the flock's extent (null where none exists), and whether
    // that is weak; a weak row always has the statistical bound beside it, and a correct GPU stays
    // inside that (a chance of 2.5e-14 per addition otherwise: verify::probabilisticGamma).
    ASSERT_TRUE(row.contains("tolerance_relative_to_extent") && row.contains("weak_bound")) << row.dump();
    const json& relative = row["tolerance_relative_to_extent"];
    if (row["weak_bound"].get<bool>()) {
      ++weak;
      EXPECT_TRUE(row.contains("statistical_bound")) << row.dump();
      EXPECT_TRUE(relative.is_null() || relative.get<double>() > 0.01) << row.dump();
    } else if (row["available"].get<bool>()) {
      EXPECT_LE(relative.get<double>(), 0.01) << row.dump();
    }
    EXPECT_FALSE(row.value("above_statistical", false)) << row.dump();
    sizes.insert(row["n"].get<std::uint32_t>());
    stages.insert(row["stage"].get<std::string>());
    simulated = simulated || row["frames"].get<int>() > 0;
    if (!row["available"].get<bool>()) {
      EXPECT_FALSE(row["reason"].get<std::string>().empty()) << row.dump();
    }
  }
  for (std::uint32_t n : {1u, 2u, 63u, 64u, 65u, 4095u, 4096u, 4097u, 65537u, 1000003u}) EXPECT_TRUE(sizes.count(n)) << n;
  EXPECT_TRUE(sizes.count(4194305u)) << "no size above 4M (this GPU holds 64 MiB buffers)";
  EXPECT_TRUE(simulated) << "no case after simulated frames";
  EXPECT_EQ(stages, (std::set<std::string>{"reduce", "sort", "ranges", "neighbours", "step", "knn", "scan", "compact", "cull", "splat",
                                           "sh"}))
      << "a stage's rows missing";
  // additive-blend's sequential sum at 4M has a worst case of about a sixth of the flock's extent.
  EXPECT_GT(weak, 0) << "no weak bound at 4M: the worst cases have changed, check the threshold";
  EXPECT_NE(output.find(std::to_string(weak) + " with a weak worst-case bound"), std::string::npos) << "the summary does not count weak rows";
}

TEST(Check, TheGridStagesPassUnderTheMurmurationsRules) {
  // The topological rule sizes its cells from the flock's k-th distances and the predator moves in
  // a pass of its own: the grid's stages must judge with the cells and the point the GPU used.
  const fs::path dir = scratch("murmuration");
  auto [code, output] = boids("check --stages sort,ranges,neighbours,step --preset murmuration --sizes 2,63,1000,4097 "
                              "--seeds 1,2 --json '" + (dir / "check.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "check.json"));
  EXPECT_EQ(doc["failed"], 0);
  std::set<std::string> stages;
  for (const json& row : doc["rows"]) stages.insert(row["stage"].get<std::string>());
  EXPECT_EQ(stages, (std::set<std::string>{"sort", "ranges", "neighbours", "step"}));
  EXPECT_GT(doc["passed"].get<int>(), 100);
}

TEST(Check, TheFlockStagesPassUnderEveryShippedPresetsRules) {
  // check sizes each case's world for its count; a preset whose radii need a wider world (the
  // fish school's cohesion radius of 9 needs 36) must still run, not stop the check.
  for (const char* preset : {"cis565-benchmark", "dense-swarm", "fish-school", "murmuration", "schools"}) {
    auto [code, output] = boids(std::string("check --stages reduce,ranges,neighbours,step --preset ") + preset +
                                " --sizes 63,1000 --seeds 1");
    EXPECT_EQ(code, 0) << preset << ":\n" << output;
    EXPECT_NE(output.find(" 0 failed"), std::string::npos) << preset << ":\n" << output;
  }
  // The topological range bounds the world too: 12 needs 48.
  auto [code, output] = boids("check --stages step --preset murmuration --range 12 --sizes 63 --seeds 1");
  EXPECT_EQ(code, 0) << output;
}

TEST(Check, RowsCarryTheDocumentedFieldsAndTheDumpsReproduceTheCpuValues) {
  const fs::path dir = scratch("dump");
  auto [code, output] = boids("check --sizes 1,65,4097 --seeds 3 --frames 5 --json '" + (dir / "c.json").string() +
                              "' --dump '" + dir.string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "c.json"));
  int checked = 0;
  for (const json& row : doc["rows"]) {
    for (const char* key : {"strategy", "n", "seed", "frames", "available"}) EXPECT_TRUE(row.contains(key)) << key;
    if (!row["available"].get<bool>()) continue;
    if (row["stage"] != "reduce") {  // an exact comparison: a verdict on what it compared
      EXPECT_TRUE(row["pass"].get<bool>()) << row.dump();
      EXPECT_FALSE(row["detail"].get<std::string>().empty());
      continue;
    }
    for (const char* key : {"gpu", "cpu", "error", "tolerance", "pass", "gpu_ms", "positions"}) {
      EXPECT_TRUE(row.contains(key)) << key << " in " << row.dump();
    }
    for (const char* key : {"centroid", "min", "max"}) {
      EXPECT_EQ(row["gpu"][key].size(), 3u);
      EXPECT_EQ(row["cpu"][key].size(), 3u);
    }
    // Independently of the program: the mean and box of the dumped float32 x,y,z,w records.
    const fs::path file = dir / row["positions"].get<std::string>();
    const std::uint32_t n = row["n"];
    ASSERT_EQ(fs::file_size(file), std::uintmax_t(n) * 16) << file;
    std::ifstream in(file, std::ios::binary);
    std::vector<float> data(std::size_t(n) * 4);
    in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size() * 4));
    for (int a = 0; a < 3; ++a) {
      long double sum = 0;
      float lo = data[a], hi = data[a];
      for (std::uint32_t i = 0; i < n; ++i) {
        sum += data[std::size_t(i) * 4 + a];
        lo = std::min(lo, data[std::size_t(i) * 4 + a]);
        hi = std::max(hi, data[std::size_t(i) * 4 + a]);
      }
      EXPECT_NEAR(static_cast<double>(sum / n), row["cpu"]["centroid"][a].get<double>(), 1e-9);
      EXPECT_EQ(lo, row["cpu"]["min"][a].get<float>());
      EXPECT_EQ(hi, row["cpu"]["max"][a].get<float>());
      EXPECT_NEAR(row["gpu"]["centroid"][a].get<double>(), static_cast<double>(sum / n),
                  row["tolerance"][a].get<double>());
    }
    ++checked;
  }
  EXPECT_GT(checked, 30);
}

TEST(Check, AWrongGpuResultFailsTheCheckWithExitCodeOne) {
  // A copy of the shaders whose reductions skip the first item of every invocation's run.
  const fs::path dir = scratch("broken");
  fs::copy(BOIDS_SHADER_DIR, dir / "shaders", fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  const fs::path kernel = dir / "shaders/primitives/reduce/reduce_io.glsl";
  std::ifstream original(kernel);
  std::string text((std::istreambuf_iterator<char>(original)), std::istreambuf_iterator<char>());
  original.close();
  const std::string from = "uint k = first;";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "uint k = first + 1u;");
  std::ofstream(kernel) << text;
  auto [code, output] = boids("check --shader-dir '" + (dir / "shaders").string() + "' --sizes 4097 --seeds 1 --strategies tree");
  EXPECT_EQ(code, 1) << output;
  EXPECT_NE(output.find("FAIL"), std::string::npos) << output;
}

TEST(Check, StagesRunOnlyTheNamedStagesAndScanRowsCarryTheDocumentedFields) {
  const fs::path dir = scratch("stages");
  auto [code, output] = boids("check --stages scan --sizes 1,2049,65537 --seeds 4 --json '" + (dir / "s.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "s.json"));
  std::set<std::string> variants;
  for (const json& row : doc["rows"]) {
    EXPECT_EQ(row["stage"], "scan") << row.dump();
    for (const char* field : {"stage", "variant", "n", "pass", "gpu_ms", "detail"}) EXPECT_TRUE(row.contains(field)) << field;
    EXPECT_TRUE(row["pass"].get<bool>()) << row.dump();
    variants.insert(row["variant"].get<std::string>());
  }
  EXPECT_EQ(doc["rows"].size(), 3u * variants.size());
  EXPECT_EQ(variants, (std::set<std::string>{"reduce-then-scan", "decoupled-lookback"}));
  EXPECT_EQ(output.find("OpenGL"), 0u) << output;
  auto [bad, message] = boids("check --stages scan,everything");
  EXPECT_EQ(bad, 2) << message;
  EXPECT_NE(message.find("--stages scan,everything: 'everything' is none of reduce, sort, ranges, neighbours, step, knn, scan, compact, cull"),
            std::string::npos) << message;
}

TEST(Check, CullRowsCarryTheCameraAndCountsAndTheirPositionsCheckWithoutThisProgram) {
  const fs::path dir = scratch("cull");
  auto [code, output] = boids("check --stages cull --sizes 4097 --seeds 3 --json '" + (dir / "c.json").string() +
                              "' --dump '" + (dir / "dump").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "c.json"));
  std::set<std::string> cameras;
  int judged = 0;
  for (const json& row : doc["rows"]) {
    EXPECT_EQ(row["stage"], "cull") << row.dump();
    cameras.insert(row["camera"]["name"].get<std::string>());
    if (!row["available"].get<bool>()) continue;
    ++judged;
    EXPECT_TRUE(row["pass"].get<bool>()) << row.dump();
    ASSERT_EQ(row["camera"]["view_proj"].size(), 16u);
    // Re-derive the visible count from the dumped positions and the row's matrix alone: a sphere
    // of the row's radius inside the six planes (boids near a plane are the row's "ambiguous").
    std::ifstream file(dir / "dump" / row["positions"].get<std::string>(), std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    ASSERT_EQ(bytes.size(), 4097u * 16u);
    std::vector<float> xyzw(bytes.size() / 4);
    std::memcpy(xyzw.data(), bytes.data(), bytes.size());
    double m[16];
    for (int k = 0; k < 16; ++k) m[k] = row["camera"]["view_proj"][k].get<double>();
    auto at = [&](int r, int c) { return m[c * 4 + r]; };  // column-major
    const double radius = row["radius"].get<double>();
    long visible = 0;
    for (std::size_t i = 0; i < 4097; ++i) {
      const double x = xyzw[4 * i], y = xyzw[4 * i + 1], z = xyzw[4 * i + 2];
      bool inside = true;
      for (int k = 0; k < 3; ++k) {
        for (double sign : {1.0, -1.0}) {
          double n[4];
          for (int c = 0; c < 4; ++c) n[c] = at(3, c) + sign * at(k, c);
          const double d = n[0] * x + n[1] * y + n[2] * z + n[3];
          inside = inside && d >= -radius * std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        }
      }
      visible += inside ? 1 : 0;
    }
    EXPECT_LE(std::abs(visible - row["visible"].get<long>()), row["ambiguous"].get<long>()) << row.dump();
    const json& levels = row["levels"];
    EXPECT_EQ(levels["near"].get<long>() + levels["middle"].get<long>() + levels["far"].get<long>(), row["visible"].get<long>());
  }
  EXPECT_EQ(cameras, (std::set<std::string>{"inside", "framing", "away", "distant"}));
  EXPECT_GE(judged, 4 * 4) << "every camera through every available variant";
}

TEST(Check, CompactRowsCoverEveryVariantAndKeptFraction) {
  const fs::path dir = scratch("compact");
  auto [code, output] = boids("check --stages compact --sizes 65,65537 --seeds 8 --json '" + (dir / "c.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "c.json"));
  std::set<std::string> fractions, variants;
  for (const json& row : doc["rows"]) {
    EXPECT_EQ(row["stage"], "compact") << row.dump();
    fractions.insert(row["kept_fraction"].get<std::string>());
    variants.insert(row["variant"].get<std::string>());
    if (row["available"].get<bool>()) {
      EXPECT_TRUE(row["pass"].get<bool>()) << row.dump();
      for (const char* field : {"stage", "variant", "n", "pass", "gpu_ms"}) EXPECT_TRUE(row.contains(field)) << field;
    } else {
      EXPECT_FALSE(row["reason"].get<std::string>().empty()) << row.dump();
    }
  }
  EXPECT_EQ(fractions, (std::set<std::string>{"none", "1/1000", "1/2", "all"}));
  EXPECT_EQ(variants, (std::set<std::string>{"single-thread", "group-leader", "global-atomic", "group-atomic", "subgroup-ballot",
                                             "ballot-tiles", "scan"}));
  EXPECT_EQ(doc["rows"].size(), 2u * 4u * 7u);
}

TEST(Bench, ScanRunsEveryVariantBesideTheStreamingCopy) {
  const fs::path dir = scratch("bench-scan");
  auto [code, output] = boids("bench --scan --sizes 4097,65537 --repeats 5 --json '" + (dir / "s.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "s.json"));
  int copies = 0, variants = 0;
  for (const json& r : doc["scan"]) {
    (r["baseline"].get<bool>() ? copies : variants) += 1;
    EXPECT_TRUE(r["correct"].get<bool>()) << r.dump();
    EXPECT_GT(r["median_us"].get<double>(), 0.0) << r.dump();
    EXPECT_GT(r["fraction_of_copy"].get<double>(), 0.0) << r.dump();
  }
  EXPECT_EQ(copies, 2) << "one copy per size";
  EXPECT_GE(variants, 2 * 2) << "reduce-then-scan and decoupled-lookback at both sizes";
}

TEST(Bench, CompactRunsEveryVariantAtEachKeptFractionBesideTheCopy) {
  const fs::path dir = scratch("bench-compact");
  auto [code, output] = boids("bench --compact --sizes 4097 --repeats 5 --json '" + (dir / "c.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "c.json"));
  int measured = 0;
  for (const json& r : doc["compact"]) {
    if (r["baseline"].get<bool>() || !r["available"].get<bool>()) continue;
    EXPECT_TRUE(r["correct"].get<bool>()) << r.dump();
    EXPECT_GT(r["median_us"].get<double>(), 0.0) << r.dump();
    ++measured;
  }
  EXPECT_GE(measured, 3 * 5) << "every available variant at three fractions:\n" << output;
}

TEST(Bench, CullTimesThePassPerVariantAndTheDrawWithAndWithout) {
  const fs::path dir = scratch("bench-cull");
  auto [code, output] = boids("bench --cull --sizes 4097 --repeats 3 --json '" + (dir / "c.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "c.json"));
  int passes = 0;
  std::set<std::string> draws;
  for (const json& r : doc["cull"]) {
    if (r["part"] == "pass") {
      if (!r["available"].get<bool>()) {
        EXPECT_FALSE(r["reason"].get<std::string>().empty()) << r.dump();
        continue;
      }
      EXPECT_GT(r["median_us"].get<double>(), 0.0) << r.dump();
      const json& l = r["levels"];
      EXPECT_LE(l["near"].get<long>() + l["middle"].get<long>() + l["far"].get<long>(), 4097) << r.dump();
      ++passes;
    } else {
      draws.insert(r["camera"].get<std::string>() + (r["cull"].get<bool>() ? "/on" : "/off"));
      EXPECT_GT(r["draw_ms"].get<double>(), 0.0) << r.dump();
      EXPECT_GE(r["frame_ms"].get<double>(), r["draw_ms"].get<double>()) << r.dump();
      const long visible = r["visible"].get<long>();
      if (r["cull"].get<bool>()) {
        EXPECT_GT(r["cull_ms"].get<double>(), 0.0) << r.dump();
        EXPECT_LE(visible, 4097) << r.dump();
        if (r["camera"] == "inside") {
          EXPECT_LT(visible, 4097 / 2) << "inside the flock, most of it is behind or beside";
        }
      } else {
        EXPECT_EQ(visible, 4097) << r.dump();
      }
    }
  }
  EXPECT_GE(passes, 2 * 4) << "every available variant from both cameras:\n" << output;
  EXPECT_EQ(draws, (std::set<std::string>{"framing/on", "framing/off", "inside/on", "inside/off"}));
}

TEST(Bench, ReduceWritesJsonAndCsvForEveryStrategy) {
  const fs::path dir = scratch("bench");
  auto [code, output] = boids("bench --reduce --sizes 1000,4097 --repeats 3 --json '" + (dir / "b.json").string() +
                              "' --csv '" + (dir / "b.csv").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "b.json"));
  EXPECT_EQ(doc["results"].size(), 2u * (11u + 2u));  // strategies and two baselines per size
  for (const json& r : doc["results"]) {
    if (r["available"].get<bool>() && !r.contains("baseline")) {
      EXPECT_TRUE(r["correct"].get<bool>()) << r.dump();
      EXPECT_GT(r["median_us"].get<double>(), 0.0) << r.dump();
    }
  }
  // The CSV: a header of every field the rows have, then a line per row, led by its bench's key.
  std::ifstream csv(dir / "b.csv");
  std::string header, line;
  std::getline(csv, header);
  EXPECT_EQ(header.rfind("bench,", 0), 0u) << header;
  for (const char* column : {",variant,", ",n,", ",median_us,"}) EXPECT_NE(header.find(column), std::string::npos) << column;
  std::size_t lines = 0;
  while (std::getline(csv, line)) lines += line.rfind("results,", 0) == 0;
  EXPECT_EQ(lines, doc["results"].size());
  auto [bad, message] = boids("bench");
  EXPECT_EQ(bad, 2) << message;
}

TEST(Bench, SortAndFrameReportEverySorterAndEveryPass) {
  const fs::path dir = scratch("bench-grid");
  auto [code, output] = boids("bench --sort --frame --sizes 3001 --repeats 3 --json '" + (dir / "g.json").string() + "'");
  ASSERT_EQ(code, 0) << output;
  json doc = json::parse(std::ifstream(dir / "g.json"));
  std::set<std::string> sorters;
  for (const json& r : doc["sort"]) {
    EXPECT_TRUE(r["correct"].get<bool>()) << r.dump();
    sorters.insert(r["sorter"].get<std::string>());
  }
  const std::set<std::string> every = {"bitonic-global", "bitonic-shared", "bitonic-transpose", "counting", "radix", "onesweep"};
  EXPECT_EQ(sorters, every);
  // A frame for every sorter drawn the default way (auto), each with every pass, one of them the
  // default sorter; then the default sorter's frame drawn the other two ways. Each frame with the
  // render pass's parts (every level) and a whole frame that is the sum of its passes.
  std::set<std::string> framed;
  std::multiset<std::string> draws;
  int defaults = 0;
  for (const json& f : doc["frame"]) {
    draws.insert(f["draw"].get<std::string>());
    if (f["draw"] != "auto") {
      EXPECT_TRUE(f["default"].get<bool>()) << f.dump();
      continue;
    }
    framed.insert(f["sorter"].get<std::string>());
    defaults += f["default"].get<bool>() ? 1 : 0;
    double sum = 0;
    for (const char* pass : {"reduce", "hash", "sort", "ranges", "reorder", "step", "cull", "render"}) {
      EXPECT_TRUE(f["passes"].contains(pass)) << f["sorter"] << " " << pass;
    }
    for (const auto& [pass, ms] : f["passes"].items()) sum += ms.get<double>();
    EXPECT_NEAR(f["frame_ms"].get<double>(), sum, 1e-9 + 1e-9 * sum) << f.dump();
    for (const char* part : {"near", "middle", "far", "splat resolve"}) {
      EXPECT_TRUE(f["draw_parts"].contains(part)) << f["sorter"] << " " << part;
    }
  }
  EXPECT_EQ(framed, every);
  EXPECT_EQ(defaults, 1);
  EXPECT_EQ(draws, (std::multiset<std::string>{"auto", "auto", "auto", "auto", "auto", "auto", "mesh", "splat"}));
}

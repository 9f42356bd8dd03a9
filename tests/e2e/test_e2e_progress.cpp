// Issue 13, numbers that mean something: the progress line (shown on a terminal only, every case
// counted, never left inside a table), runs cut by a cap or budget said in the table and the JSON,
// the reduction floor at the streaming rate measured in the same run, and charts.py on a bench's JSON.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "e2e_run.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

bool has(const std::string& output, const std::string& text) { return output.find(text) != std::string::npos; }
std::string quoted(const fs::path& p) {
  std::string q = "'";  // (built in steps: GCC 12 warns falsely on "'" + std::string, PR 105329)
  q += p.string();
  q += "'";
  return q;
}

// The binary with `args` on a terminal of its own: `script` (util-linux) runs it on a new
// pseudo-terminal, so stdout and stderr are both that terminal, as in an interactive shell.
Result onATerminal(const std::string& args) {
  return shell("env -u DISPLAY -u WAYLAND_DISPLAY script -qec \"'" + binary() + "' " + args + "\" /dev/null");
}

bool haveScript() { return shell("command -v script").exitCode == 0; }

// What a terminal shows of each line once the '\r' rewrites are done: the text after the last
// '\r' (the terminal's own "\r\n" line ends taken back to '\n' first).
std::vector<std::string> shownLines(const std::string& output) {
  std::string text;
  for (std::size_t k = 0; k < output.size(); ++k) {
    if (output[k] != '\r' || k + 1 == output.size() || output[k + 1] != '\n') text += output[k];
  }
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line.substr(line.rfind('\r') == std::string::npos ? 0 : line.rfind('\r') + 1));
  return lines;
}

struct Counted {
  std::set<int> totals;
  int highest = 0, drawings = 0;
};
Counted countedCases(const std::string& output, const std::string& unit) {
  Counted c;
  const std::regex line("\\(" + unit + " (\\d+) of (\\d+)\\), \\d+\\.\\d s");
  for (auto it = std::sregex_iterator(output.begin(), output.end(), line); it != std::sregex_iterator(); ++it) {
    c.highest = std::max(c.highest, std::stoi((*it)[1]));
    c.totals.insert(std::stoi((*it)[2]));
    ++c.drawings;
  }
  return c;
}

TEST(Progress, WithoutATerminalNothingOfItIsPrinted) {
  // Pipes (this test's popen, CI, `| tee`): the output is what it always was.
  const fs::path dir = scratch("progress-pipe");
  const std::vector<std::string> runs = {"check --sizes 65 --seeds 1 --stages scan,reduce",
                                         "bench --sort --reduce --sizes 1000 --repeats 3 --strategies tree",
                                         "demo --count 200 --frames 5 --width 64 --height 48 --screenshot " + quoted(dir / "d.png")};
  for (const std::string& args : runs) {
    const Result r = runHeadless(args);
    EXPECT_EQ(r.exitCode, 0) << args << "\n" << r.output;
    EXPECT_FALSE(has(r.output, "\r")) << args << "\n" << r.output;
    EXPECT_FALSE(has(r.output, "(case ") || has(r.output, "(frame ")) << args << "\n" << r.output;
  }
}

TEST(Progress, OnATerminalEveryCaseIsCountedAndTheLineNeverStaysInATable) {
  if (!haveScript()) GTEST_SKIP() << "needs script (util-linux) to give the binary a terminal";
  const fs::path dir = scratch("progress-terminal");
  struct Run {
    std::string args, unit;
    int total;  // the cases the options make: counted here by hand
  };
  const std::vector<Run> runs = {
      // 2 sizes x 1 seed x (scan, compact, the initial flock, the flock after 30 frames)
      {"check --sizes 65,4097 --seeds 1 --stages scan,compact,reduce", "case", 2 * 4},
      // sort: 6 sorters; scan: the copy + the variants this GPU can run (2 on llvmpipe, more with
      // subgroups); reduce: the rate, 2 baselines, 2 strategies. Counted by hand only where the
      // variants are known: elsewhere (-1) the line must announce one total and reach it.
      {"bench --sort --scan --reduce --sizes 1000 --repeats 3 --strategies tree,single-pass", "case", -1},
      {"demo --count 200 --frames 5 --width 64 --height 48 --screenshot " + quoted(dir / "d.png"), "frame", 5}};
  for (const Run& run : runs) {
    const Result r = onATerminal(run.args);
    EXPECT_EQ(r.exitCode, 0) << run.args << "\n" << r.output;
    const Counted c = countedCases(r.output, run.unit);
    EXPECT_GT(c.drawings, 0) << run.args << ": no progress line on a terminal\n" << r.output;
    const bool llvmpipe = has(r.output, "llvmpipe");
    const int total = run.total >= 0 ? run.total : llvmpipe ? 6 + 3 + 1 + 2 + 2 : c.totals.empty() ? -1 : *c.totals.begin();
    EXPECT_EQ(c.totals, std::set<int>{total}) << run.args << "\n" << r.output;
    if (run.unit == "case") {  // a frame can be drawn over before the line is redrawn; a case cannot
      EXPECT_EQ(c.highest, total) << run.args << ": every case begins on the line\n" << r.output;
    }
    for (const std::string& line : shownLines(r.output)) {
      EXPECT_FALSE(has(line, "(" + run.unit + " ")) << run.args << ": the line was left on the terminal: " << line;
    }
    // Rows reach the terminal whole: the last table row printed is there as it is without one.
    const std::vector<std::string> lines = shownLines(r.output);
    const bool rows = std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
      return std::regex_search(l, std::regex("^(scan/reduce-then-scan|counting|tree|reduce) +[0-9]"));
    });
    EXPECT_TRUE(rows) << run.args << "\n" << r.output;
  }
}

TEST(Bench, RunsCutByACapAreMarkedInTheTableNamedUnderItAndFlaggedInTheJson) {
  const fs::path dir = scratch("bench-runs-cut");
  // The sort bench takes at most 60 runs a case: asking for 61 cuts every case, wherever it runs.
  const Result cut = runHeadless("bench --sort --sizes 1000 --repeats 61 --json " + quoted(dir / "cut.json"));
  ASSERT_EQ(cut.exitCode, 0) << cut.output;
  json doc = json::parse(std::ifstream(dir / "cut.json"));
  ASSERT_EQ(doc["sort"].size(), 6u);  // every sorter of the registry
  for (const json& r : doc["sort"]) {
    EXPECT_EQ(r["runs"], 60) << r.dump();
    EXPECT_EQ(r["runs_asked"], 61) << r.dump();
    EXPECT_TRUE(r["runs_cut"].get<bool>()) << r.dump();
    EXPECT_TRUE(has(r["runs_cut_by"].get<std::string>(), "cap of 60")) << r.dump();
  }
  EXPECT_TRUE(std::regex_search(cut.output, std::regex("\ncounting +1000 +- +60\\* "))) << cut.output;
  EXPECT_TRUE(has(cut.output, "* runs cut from the 61 asked by the cap of 60 per case: every case")) << cut.output;

  // Asked for what the cap allows: nothing marked, no footnote.
  const Result whole = runHeadless("bench --sort --reduce --strategies tree,single-thread --sizes 1000 --repeats 5 --json " +
                                   quoted(dir / "whole.json"));
  ASSERT_EQ(whole.exitCode, 0) << whole.output;
  EXPECT_FALSE(has(whole.output, "runs cut")) << whole.output;
  EXPECT_FALSE(std::regex_search(whole.output, std::regex(" [0-9]+\\* "))) << whole.output;
  doc = json::parse(std::ifstream(dir / "whole.json"));
  for (const char* part : {"sort", "results"}) {
    for (const json& r : doc[part]) {
      if (!r.value("available", true)) continue;
      EXPECT_FALSE(r["runs_cut"].get<bool>()) << r.dump();
      EXPECT_EQ(r["runs"], r["runs_asked"]) << r.dump();
    }
  }
}

TEST(Bench, EveryTableHasOneTimeUnitAndSaysItInItsHeader) {
  const Result r = runHeadless("bench --sort --scan --reduce --sizes 1000 --repeats 3 --strategies tree");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  int headers = 0;
  std::istringstream in(r.output);
  for (std::string line; std::getline(in, line);) {
    if (!std::regex_search(line, std::regex("median (us|ms)"))) continue;  // a table's header
    ++headers;
    const bool us = std::regex_search(line, std::regex(" us( |$)")), ms = std::regex_search(line, std::regex(" ms( |$)"));
    EXPECT_NE(us, ms) << "one unit, named: " << line;
  }
  EXPECT_EQ(headers, 3) << r.output;
}

TEST(Bench, TheReductionFloorIsAtTheStreamingRateMeasuredInTheSameRun) {
  const fs::path dir = scratch("bench-floor");
  const Result r = runHeadless("bench --reduce --sizes 1000,4097 --repeats 3 --strategies tree --json " + quoted(dir / "b.json"));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const json doc = json::parse(std::ifstream(dir / "b.json"));
  const json& how = doc["floor_bandwidth_measured_by"];
  ASSERT_TRUE(how.is_object()) << doc.dump(1);
  const double bytes = how["bytes"].get<double>(), us = how["median_us"].get<double>();
  EXPECT_GE(bytes, 16.0 * 4097) << "a copy at least as large as the positions";
  EXPECT_GT(us, 0.0);
  EXPECT_GE(how["runs"].get<int>(), 5);
  // Bytes read plus bytes written, per second of the copy's median.
  const double rate = doc["floor_bandwidth_bytes_per_s"].get<double>();
  EXPECT_NEAR(rate, 2.0 * bytes / (us * 1e-6), rate * 1e-9);
  for (const json& row : doc["results"]) {
    EXPECT_NEAR(row["floor_us"].get<double>(), row["n"].get<double>() * 16.0 / rate * 1e6, 1e-9) << row.dump();
  }
  char header[96];
  std::snprintf(header, sizeof header, "floor = N x 16 B at %.0f GB/s, measured by a stream copy of", rate * 1e-9);
  EXPECT_TRUE(has(r.output, header)) << header << "\n" << r.output;
}

// A python3 that has matplotlib (the project's setup installs Debian's, /usr/bin/python3's), or empty.
std::string pythonWithMatplotlib() {
  for (const std::string python : {"python3", "/usr/bin/python3"}) {
    if (shell(python + " -c 'import matplotlib'").exitCode == 0) return python;
  }
  return {};
}

TEST(Charts, ChartsPyTurnsABenchJsonIntoAPngPerBench) {
  const std::string python = pythonWithMatplotlib();
  if (python.empty()) GTEST_SKIP() << "no python3 with matplotlib (scripts/setup.sh installs python3-matplotlib)";
  const fs::path dir = scratch("charts");
  const Result bench = runHeadless("bench --sort --scan --reduce --sizes 1000,4097 --repeats 3 --strategies tree,single-thread "
                                   "--json " + quoted(dir / "b.json"));
  ASSERT_EQ(bench.exitCode, 0) << bench.output;
  // A torch file as scripts/torch_sort_bench.py writes it.
  std::ofstream(dir / "torch_sort.json") << R"({"torch": "0", "device": "test", "rows": [{"n": 1000, "keys": 10,
      "median_us": 50.0, "min_us": 40.0}, {"n": 4097, "keys": 40, "median_us": 60.0, "min_us": 50.0}]})";
  const Result charts = shell(python + " " + quoted(fs::path(BOIDS_SCRIPTS_DIR) / "charts.py") + " " + quoted(dir / "b.json") +
                              " --torch " + quoted(dir / "torch_sort.json") + " --out " + quoted(dir / "charts"));
  ASSERT_EQ(charts.exitCode, 0) << charts.output;
  for (const char* name : {"b-reduce.png", "b-sort.png", "b-scan.png"}) {
    const fs::path png = dir / "charts" / name;
    EXPECT_TRUE(has(charts.output, png.string())) << charts.output;
    ASSERT_TRUE(fs::exists(png)) << name;
    const auto [width, height] = pngSize(png);
    EXPECT_GT(width, 600) << name;
    EXPECT_GT(height, 300) << name;
  }
  // Not a bench file: one line that says so, and no picture.
  std::ofstream(dir / "other.json") << R"({"rows": []})";
  const Result bad = shell(python + " " + quoted(fs::path(BOIDS_SCRIPTS_DIR) / "charts.py") + " " + quoted(dir / "other.json") +
                           " --out " + quoted(dir / "none"));
  EXPECT_NE(bad.exitCode, 0) << bad.output;
  EXPECT_TRUE(has(bad.output, "not a boids bench --json file")) << bad.output;
}

}  // namespace

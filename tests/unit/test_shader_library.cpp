// The shader preprocessor: #include, #define injection, #line mapping, and error-log annotation.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "engine/gl/shader_library.hpp"

using boids::gl::annotateLog;
using boids::gl::Defines;
using boids::gl::PreprocessedSource;
using boids::gl::ShaderLibrary;

namespace {

ShaderLibrary smallLibrary() {
  ShaderLibrary lib;
  lib.add("common/a.h", "#ifndef A_H\n#define A_H\nconst int A = 1;\n#endif\n");
  lib.add("feature/b.glsl", "#pragma once\n#include \"common/a.h\"\nint b() { return A; }\n");
  lib.add("feature/main.comp",
          "#version 430 core\n"
          "// line 2\n"
          "#include \"b.glsl\"\n"
          "#include \"common/a.h\"\n"
          "void main() {}\n");
  return lib;
}

}  // namespace

TEST(ShaderLibrary, VersionFirstThenDefinesThenLineDirective) {
  auto out = smallLibrary().preprocess("feature/main.comp", {{"GROUP_SIZE", "128"}, {"MODE", "2"}});
  EXPECT_EQ(out.text.rfind("#version 430 core\n#define GROUP_SIZE 128\n#define MODE 2\n#line 2 0\n", 0), 0u)
      << out.text;
}

TEST(ShaderLibrary, IncludesResolveRelativeThenFromRootAndRecordSourceNumbers) {
  auto out = smallLibrary().preprocess("feature/main.comp");
  ASSERT_EQ(out.files.size(), 4u);  // main, b.glsl, a.h (from b), a.h again (guarded by its #ifndef)
  EXPECT_EQ(out.files[0], "feature/main.comp");
  EXPECT_EQ(out.files[1], "feature/b.glsl");
  EXPECT_EQ(out.files[2], "common/a.h");
  EXPECT_NE(out.text.find("int b() { return A; }"), std::string::npos);
  EXPECT_NE(out.text.find("#line 1 1\n"), std::string::npos);
  // After b.glsl the main file resumes at its own line 4, source 0.
  EXPECT_NE(out.text.find("#line 4 0\n"), std::string::npos) << out.text;
  EXPECT_EQ(out.text.find("#pragma once"), std::string::npos);
}

TEST(ShaderLibrary, LineDirectivesKeepEveryOriginalLineNumber) {
  // Emulate the GLSL rule (#line N: the next line is N) and check each line maps back to its file.
  ShaderLibrary lib = smallLibrary();
  auto out = lib.preprocess("feature/main.comp", {{"X", "1"}});
  int line = 0, source = 0;
  std::istringstream in(out.text);
  std::string text;
  int physical = 0;
  while (std::getline(in, text)) {
    ++physical;
    if (text.rfind("#line ", 0) == 0) {
      std::istringstream args(text.substr(6));
      args >> line >> source;
      continue;
    }
    if (physical > 1 && line > 0) {
      const std::string& original = *lib.find(out.files.at(static_cast<std::size_t>(source)));
      std::istringstream orig(original);
      std::string expected;
      for (int i = 0; i < line; ++i) std::getline(orig, expected);
      if (text.rfind("#include", 0) != 0 && !expected.empty() && expected.rfind("#pragma", 0) != 0) {
        EXPECT_EQ(text, expected) << "output line " << physical << " claims " << out.files[source] << ":" << line;
      }
      ++line;
    }
  }
}

TEST(ShaderLibrary, MissingFileMissingIncludeMissingVersionAndCyclesAreErrors) {
  ShaderLibrary lib = smallLibrary();
  EXPECT_THROW(lib.preprocess("nope.comp"), std::runtime_error);
  lib.add("bad/inc.comp", "#version 430\n#include \"missing.h\"\n");
  try {
    lib.preprocess("bad/inc.comp");
    FAIL() << "missing include accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("bad/inc.comp:2"), std::string::npos) << e.what();
  }
  lib.add("bad/noversion.comp", "void main() {}\n");
  EXPECT_THROW(lib.preprocess("bad/noversion.comp"), std::runtime_error);
  lib.add("cyc/x.h", "#include \"y.h\"\n");
  lib.add("cyc/y.h", "#include \"x.h\"\n");
  lib.add("cyc/main.comp", "#version 430\n#include \"x.h\"\n");
  try {
    lib.preprocess("cyc/main.comp");
    FAIL() << "include cycle accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
  }
}

TEST(ShaderLibrary, IncludeOfADefineTakesTheFileItNamesAndRefusesAnUnnamedOne) {
  ShaderLibrary lib = smallLibrary();
  lib.add("payload/sum.glsl", "#define ACC_TYPE uint\n");
  lib.add("payload/max.glsl", "#define ACC_TYPE float\n");
  lib.add("kernel/k.comp", "#version 430\n#include PAYLOAD\nvoid main() {}\n");
  const PreprocessedSource sum = lib.preprocess("kernel/k.comp", {{"PAYLOAD", "\"payload/sum.glsl\""}});
  EXPECT_NE(sum.text.find("#define ACC_TYPE uint"), std::string::npos) << sum.text;
  EXPECT_EQ(sum.text.find("ACC_TYPE float"), std::string::npos) << sum.text;
  EXPECT_NE(std::find(sum.files.begin(), sum.files.end(), "payload/sum.glsl"), sum.files.end());
  const PreprocessedSource max = lib.preprocess("kernel/k.comp", {{"PAYLOAD", "\"payload/max.glsl\""}});
  EXPECT_NE(max.text.find("#define ACC_TYPE float"), std::string::npos) << max.text;
  for (const Defines& bad : {Defines{}, Defines{{"PAYLOAD", "payload/sum.glsl"}}}) {
    try {
      lib.preprocess("kernel/k.comp", bad);
      FAIL() << "an include of an undefined or unquoted name was accepted";
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("kernel/k.comp:2"), std::string::npos) << what;
      EXPECT_NE(what.find("PAYLOAD"), std::string::npos) << what;
    }
  }
  EXPECT_THROW(lib.preprocess("kernel/k.comp", {{"PAYLOAD", "\"payload/none.glsl\""}}), std::runtime_error);
}

TEST(ShaderLibrary, AnnotatesMesaAndNvidiaLogLocations) {
  std::vector<std::string> files = {"sim/step.comp", "common/a.h"};
  EXPECT_EQ(annotateLog("0:12(5): error: syntax error\n", files), "sim/step.comp:12:5: error: syntax error\n");
  EXPECT_EQ(annotateLog("1(7) : error C1008: undefined variable \"x\"\n", files),
            "common/a.h:7: error C1008: undefined variable \"x\"\n");
  EXPECT_EQ(annotateLog("something else\n", files), "something else\n");
  EXPECT_EQ(annotateLog("9:1(1): error: x\n", files), "<source 9>:1:1: error: x\n");
}

TEST(ShaderLibrary, EmbeddedCopyHoldsEveryShaderAndMatchesTheSourceTree) {
  ShaderLibrary embedded = ShaderLibrary::embedded();
  EXPECT_NE(embedded.find("sim/sim_step_brute.comp"), nullptr);
  EXPECT_NE(embedded.find("common/bindings.h"), nullptr);
  // Tests are built from a source tree, so the embedded copies must equal the files on disk.
  ShaderLibrary disk = ShaderLibrary::fromDirectory(ShaderLibrary::sourceDirectory());
  EXPECT_EQ(disk.size(), embedded.size());
  EXPECT_EQ(*disk.find("sim/sim_step_brute.comp"), *embedded.find("sim/sim_step_brute.comp"));
  EXPECT_THROW(ShaderLibrary::fromDirectory("/nonexistent/shaders"), std::runtime_error);
}

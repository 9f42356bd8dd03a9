#pragma once
// The table of the lab's stages (engine/lab/stage.hpp), in the order check runs them and the
// panel lists them: `boids check`, `boids bench` and the panel's lab loop over it, and --stages,
// its help and its errors are made from it.
#include <span>
#include <string>
#include <vector>

#include "engine/lab/stage.hpp"

namespace boids::app {

std::span<const lab::StageInfo* const> stages();
const lab::StageInfo* findStage(std::string_view name);  // nullptr when none is so named
std::vector<std::string> stageList();                     // their names, in order
std::string stageNames();                                 // "reduce, sort, ...", for help and errors
std::vector<std::string> watchedStageList();              // those with a watch view (StageInfo::watch)

}  // namespace boids::app

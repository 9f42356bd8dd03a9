#pragma once
// The compaction as a stage of the lab (engine/lab/stage.hpp): every variant on seeded flags,
// keeping none (check only), 1 in 1000, half and all of them, judged against the CPU's indices
// (exactly where the variant keeps the input order, else as a set); the bench reads each beside a
// streaming copy of the flags.
#include "engine/lab/stage.hpp"

namespace boids::primitives {
extern const lab::StageInfo kCompactStage;
}

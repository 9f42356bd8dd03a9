#pragma once
// Half of an include cycle between engine folders (a -> b -> a).
#include "engine/b/b.hpp"

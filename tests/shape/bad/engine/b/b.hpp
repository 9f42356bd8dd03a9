#pragma once
// The other half of the cycle.
#include "engine/a/a.hpp"

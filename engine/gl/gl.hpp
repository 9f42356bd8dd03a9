#pragma once
// The one place that includes the generated loader. Everything in engine/ includes this.
#include <glad/gl.h>

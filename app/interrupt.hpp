#pragma once
// SIGINT and SIGTERM end a window or demo run the way closing it does: the loop stops at the end
// of its frame, settings are saved, a recording's summary is printed. A second signal while the
// first is being handled ends the process at once (the default action, restored).
namespace boids::app {

void catchInterrupts();
// The signal that asked the run to stop (SIGINT, SIGTERM), or 0.
int interruptSignal();
const char* signalName(int signal);

}  // namespace boids::app

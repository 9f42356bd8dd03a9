#pragma once
// SIGINT and SIGTERM end a window or demo run the way closing it does: the loop stops at the end
// of its frame, settings are saved, a recording's summary is printed. A second signal ends the
// process at once (the default actions are restored by the first). Only the loops that poll for
// it install this: check and bench keep the default actions, so one Ctrl-C stops them.
namespace boids::app {

// A signal that was ignored when the process started (SIGINT for a background job of a
// non-interactive shell, or under nohup) stays ignored.
void catchInterrupts();
// The signal that asked the run to stop (SIGINT, SIGTERM), or 0.
int interruptSignal();
const char* signalName(int signal);

}  // namespace boids::app

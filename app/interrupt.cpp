#include "app/interrupt.hpp"

#include <csignal>

namespace boids::app {
namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void onInterrupt(int signal) {
  g_signal = signal;
  std::signal(signal, SIG_DFL);  // a second Ctrl-C is not ignored when the loop is stuck
}

}  // namespace

void catchInterrupts() {
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
}

int interruptSignal() { return g_signal; }

const char* signalName(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
  }
}

}  // namespace boids::app

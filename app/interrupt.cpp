#include "app/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace boids::app {
namespace {

std::atomic<int> g_signal{0};  // read by the loop, written by the handler
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler may only touch lock-free atomics");

extern "C" void onInterrupt(int signal) {
  g_signal.store(signal, std::memory_order_relaxed);
  // A second Ctrl-C (or SIGTERM) ends the process even if the loop is stuck.
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

void catchUnlessIgnored(int signal) {
  if (std::signal(signal, onInterrupt) == SIG_IGN) std::signal(signal, SIG_IGN);
}

}  // namespace

void catchInterrupts() {
  catchUnlessIgnored(SIGINT);
  catchUnlessIgnored(SIGTERM);
}

int interruptSignal() { return g_signal.load(std::memory_order_relaxed); }

const char* signalName(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
  }
}

}  // namespace boids::app

#include "quit_early.h"
#include <pthread.h>
#include <signal.h>

static int blocked_early = 0;

// Runs before main, as soon as the libraries are loaded: a SIGTERM or SIGINT that arrives while Swift and GTK are
// still starting stays pending (instead of killing the process by its default action) until the quit thread
// takes it with sigwait. Blocked first, then set to the default action: a shell starts background jobs with
// SIGINT ignored, and an ignored signal is discarded before sigwait could see it. Every thread started later
// inherits the mask. Only the cove executable links this target (a test runner or cove-bench must keep Ctrl+C).
__attribute__((constructor)) static void block_quit_signals_before_main(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    blocked_early = 1;
}

int cove_quit_signals_blocked_before_main(void) {
    return blocked_early;
}

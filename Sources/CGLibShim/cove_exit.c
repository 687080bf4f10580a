#include "cove_glib.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static gint watchdog_armed = 0;
static gint last_quit_signal = 0;

void cove_exit_now(int status) {
    fflush(stdout);
    fflush(stderr);
    _exit(status);
}

static void *exit_watchdog(void *data) {
    unsigned milliseconds = (unsigned)(uintptr_t)data;
    struct timespec delay = { milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L };
    while (nanosleep(&delay, &delay) != 0 && errno == EINTR) {}
    if (getenv("COVE_EXIT_REPORT") != NULL) fputs("cove-exit: watchdog\n", stderr);
    cove_exit_now(0);
    return NULL;
}

void cove_exit_watchdog(guint milliseconds) {
    if (!g_atomic_int_compare_and_exchange(&watchdog_armed, 0, 1)) return;
    pthread_t thread;
    if (pthread_create(&thread, NULL, exit_watchdog, (void *)(uintptr_t)milliseconds) == 0) pthread_detach(thread);
}

static sigset_t quit_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}

void cove_block_quit_signals(void) {
    // A shell starts background jobs with SIGINT ignored, and an ignored signal is discarded before sigwait could
    // take it: Cove asks for both, wherever it was started from.
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t set = quit_signals();
    pthread_sigmask(SIG_BLOCK, &set, NULL);
}

typedef struct {
    guint watchdog_ms;
    GSourceFunc on_main;
    gpointer data;
} QuitWatch;

static void *quit_signal_thread(void *data) {
    QuitWatch *watch = data;
    sigset_t set = quit_signals();
    for (;;) {
        int signum = 0;
        if (sigwait(&set, &signum) != 0) continue;
        g_atomic_int_set(&last_quit_signal, signum);
        // Armed here, not on the main thread: a main thread that is busy (a slow software-rendered frame) or
        // stuck must not stretch the bound.
        cove_exit_watchdog(watch->watchdog_ms);
        GSource *source = g_idle_source_new();
        g_source_set_priority(source, G_PRIORITY_HIGH);
        g_source_set_callback(source, watch->on_main, watch->data, NULL);
        g_source_set_static_name(source, "cove-quit-signal");
        g_source_attach(source, NULL);
        g_source_unref(source);
    }
    return NULL;
}

void cove_watch_quit_signals(guint watchdog_ms, GSourceFunc on_main, gpointer data) {
    QuitWatch *watch = g_new0(QuitWatch, 1);
    watch->watchdog_ms = watchdog_ms;
    watch->on_main = on_main;
    watch->data = data;
    pthread_t thread;
    if (pthread_create(&thread, NULL, quit_signal_thread, watch) == 0) pthread_detach(thread);
}

int cove_last_quit_signal(void) {
    return g_atomic_int_get(&last_quit_signal);
}

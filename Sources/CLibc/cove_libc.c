#include "cove_libc.h"
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

void cove_stdout_line_buffered(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
}

void cove_tune_malloc_for_frames(void) {
    mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
}

void cove_print_error(const char *line) {
    fputs(line, stderr);
    fputc('\n', stderr);
    fflush(stderr);
}

void cove_exit_now(int status) {
    fflush(stdout);
    fflush(stderr);
    _exit(status);
}

static void *exit_watchdog(void *data) {
    unsigned milliseconds = (unsigned)(uintptr_t)data;
    struct timespec delay = { milliseconds / 1000, (long)(milliseconds % 1000) * 1000000L };
    while (nanosleep(&delay, &delay) != 0 && errno == EINTR) {}
    if (getenv("COVE_EXIT_REPORT") != NULL) {
        fputs("cove-exit: watchdog\n", stderr);
    }
    cove_exit_now(0);
    return NULL;
}

void cove_exit_watchdog(unsigned milliseconds) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, exit_watchdog, (void *)(uintptr_t)milliseconds) == 0) {
        pthread_detach(thread);
    }
}

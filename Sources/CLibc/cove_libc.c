#include "cove_libc.h"
#include <malloc.h>
#include <stdio.h>

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

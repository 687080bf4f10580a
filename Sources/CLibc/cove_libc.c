#include "cove_libc.h"
#include <stdio.h>

void cove_stdout_line_buffered(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
}

void cove_print_error(const char *line) {
    fputs(line, stderr);
    fputc('\n', stderr);
    fflush(stderr);
}

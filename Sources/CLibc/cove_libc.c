#include "cove_libc.h"
#include <malloc.h>
#include <stdio.h>

// Every frame GTK's cairo renderer allocates and frees frame-sized surfaces on the main thread. glibc's dynamic mmap
// threshold only sometimes climbs above their size (it follows whichever large block is freed first), and the heap's
// top is trimmed at 128 KiB: then each frame's buffers are mapped and zeroed anew, 54,000 more page faults a second
// at 1080p and a sixth more CPU. Fixed at the dynamic threshold's own ceiling (32 MiB, above a 4K frame) and a trim
// threshold twice that, the same blocks are reused (Sources/cove-bench/README.md, "Start-up and memory").
void cove_keep_frame_buffers_in_heap(void) {
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
}

// Each pipeline's streaming threads allocate in arenas of their own (glibc makes up to eight a core), and with the
// thresholds above a freed frame's pages stay in whichever arena held it: over a long playlist every arena keeps its
// high-water mark. A trim once a pipeline is gone gives them back.
void cove_release_free_memory(void) {
    malloc_trim(0);
}

void cove_stdout_line_buffered(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
}

void cove_print_error(const char *line) {
    fputs(line, stderr);
    fputc('\n', stderr);
    fflush(stderr);
}

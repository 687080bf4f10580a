#ifndef COVE_LIBC_H
#define COVE_LIBC_H
// libc pieces Swift's Glibc module leaves out: gettext, setlocale, stdio buffering, malloc's thresholds.
#include <libintl.h>
#include <locale.h>

/// Line-buffers stdout so `--print-events` lines reach a pipe as they happen (Swift 6 rejects the `stdout` global).
void cove_stdout_line_buffered(void);
/// Keeps frame-sized buffers (up to a 4K frame) in malloc's heap, reused from frame to frame: see cove_libc.c.
void cove_keep_frame_buffers_in_heap(void);
/// Gives the pages of freed memory in every malloc arena back to the system (after a pipeline is taken down).
void cove_release_free_memory(void);
/// Writes one line to stderr (Swift 6 rejects the `stderr` global).
void cove_print_error(const char *line);
#endif

#ifndef COVE_LIBC_H
#define COVE_LIBC_H
// libc pieces Swift's Glibc module leaves out: gettext, setlocale, stdio buffering, malloc tuning.
#include <libintl.h>
#include <locale.h>

/// Line-buffers stdout so `--print-events` lines reach a pipe as they happen (Swift 6 rejects the `stdout` global).
void cove_stdout_line_buffered(void);
/// Frames are allocated on streaming threads and freed on the main thread; a low mmap threshold keeps RSS flat.
void cove_tune_malloc_for_frames(void);
/// Writes one line to stderr (Swift 6 rejects the `stderr` global).
void cove_print_error(const char *line);
#endif

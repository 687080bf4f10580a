#ifndef COVE_LIBC_H
#define COVE_LIBC_H
// libc pieces Swift's Glibc module leaves out: gettext, setlocale, stdio buffering, malloc tuning, exiting.
#include <libintl.h>
#include <locale.h>

/// Line-buffers stdout so `--print-events` lines reach a pipe as they happen (Swift 6 rejects the `stdout` global).
void cove_stdout_line_buffered(void);
/// Frames are allocated on streaming threads and freed on the main thread; a low mmap threshold keeps RSS flat.
void cove_tune_malloc_for_frames(void);
/// Writes one line to stderr (Swift 6 rejects the `stderr` global).
void cove_print_error(const char *line);
/// Flushes stdout and stderr and ends the process at once (`_exit`): no atexit handlers or destructors, which
/// would run while GStreamer's threads still work.
void cove_exit_now(int status);
/// Ends the process with status 0 after `milliseconds` on a thread of its own, whatever the main thread does:
/// the bound on quitting. With COVE_EXIT_REPORT set it says so on stderr first.
void cove_exit_watchdog(unsigned milliseconds);
#endif

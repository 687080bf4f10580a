#ifndef COVE_LIBC_H
#define COVE_LIBC_H
// libc pieces Swift's Glibc module leaves out: gettext, setlocale, stdio buffering.
#include <libintl.h>
#include <locale.h>

/// Line-buffers stdout so `--print-events` lines reach a pipe as they happen (Swift 6 rejects the `stdout` global).
void cove_stdout_line_buffered(void);
/// Writes one line to stderr (Swift 6 rejects the `stderr` global).
void cove_print_error(const char *line);
#endif

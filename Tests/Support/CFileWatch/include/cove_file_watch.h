#pragma once

// Test support: Linux inotify on a directory, to prove that no file in it is opened or read (IN_OPEN|IN_ACCESS),
// by this process or any other. Opening the directory itself for a listing also counts; tests watch a directory
// nothing lists.

/// A watch on `directory` and the files directly in it; -1 on failure.
int cove_file_watch_start(const char *directory);
/// Events seen since the last call (drains them without blocking); -1 on failure.
int cove_file_watch_events(int watch);
void cove_file_watch_stop(int watch);

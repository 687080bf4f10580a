#pragma once

#include <glib.h>

/// The master playlist `manifest` (NUL-terminated) as hlsdemux2 is handed it (cove_master_filter.c): without its
/// subtitle renditions (their lines appended to `removed`) and audio renditions of a scheme other than http(s),
/// each further audio NAME in a language given a language of its own; its closed-caption lines are copied to
/// `closed_captions`. The caller frees the result.
GString *cove_master_playlist_filter(const char *manifest, GString *removed, GString *closed_captions);

#pragma once

#include <glib.h>

/// The master playlist `manifest` (NUL-terminated) as hlsdemux2 is handed it (cove_master_filter.c): without its
/// subtitle renditions (their lines appended to `removed`) and audio renditions of a scheme other than http(s),
/// each further audio NAME in a language given a language of its own; its closed-caption lines are copied to
/// `closed_captions`. The caller frees the result.
GString *cove_master_playlist_filter(const char *manifest, GString *removed, GString *closed_captions);

/// The master playlist `manifest` with every variant, rendition and I-frame or image playlist pointed at `gate`
/// (`gate?u=<the address resolved against base, escaped>`), so each media playlist hlsdemux2 fetches is screened
/// first (the app's HLSPlaylistGate); an address that does not resolve to http(s) is left out. The caller frees.
GString *cove_master_through_gate(const char *manifest, const char *base, const char *gate);

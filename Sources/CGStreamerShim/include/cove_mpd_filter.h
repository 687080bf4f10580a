#pragma once

#include <glib.h>

/// The MPD `manifest` (`length` bytes) as dashdemux2 is handed it (cove_master_filter.c): without the
/// AdaptationSets whose first Representation (else the set itself) has a text or application mimeType, and with a
/// `bandwidth` and an `id` on every Representation. NULL when it is not a well-formed MPD, or nothing changed; else
/// the caller frees the result.
GString *cove_mpd_for_demuxer(const char *manifest, gsize length);

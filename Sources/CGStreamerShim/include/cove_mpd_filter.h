#pragma once

#include <glib.h>

/// The MPD `manifest` (`length` bytes) as dashdemux2 is handed it (cove_master_filter.c): without the
/// AdaptationSets whose first Representation (else the set itself) has a text or application mimeType. NULL when
/// it is not a well-formed MPD, or nothing was taken out; else the caller frees the result.
GString *cove_mpd_without_text(const char *manifest, gsize length);

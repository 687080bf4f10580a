// The MPD on its way to dashdemux2 (cove_mpd_filter.c): whatever the bytes, the filter reads them within bounds,
// frees what it made, and what it hands on holds no text AdaptationSet and no Representation left incomplete
// (filtering it again changes nothing).
#include "cove_mpd_filter.h"

#include <libxml/parser.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    GString *out = cove_mpd_for_demuxer((const char *)data, size);
    if (out) {
        GString *again = cove_mpd_for_demuxer(out->str, out->len);
        if (again) abort();
        g_string_free(out, TRUE);
    }
    return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc; (void)argv;
    xmlInitParser();
    return 0;
}

// The master playlist on its way to hlsdemux2 (cove_master_text.c): whatever the bytes, the filter reads them
// within bounds, frees what it made, and hands on no subtitle rendition; pointed at the gate, it names no media
// playlist but the gate's.
#include "cove_master_text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    gchar *text = g_strndup((const gchar *)data, size);
    GString *removed = g_string_new(NULL);
    GString *closed_captions = g_string_new(NULL);
    GString *out = cove_master_playlist_filter(text, removed, closed_captions);
    gchar **lines = g_strsplit(out->str, "\n", -1);
    for (gchar **line = lines; *line; line++) {
        // A line the filter kept as a subtitle rendition would reach hlsdemux2.
        if (g_str_has_prefix(*line, "#EXT-X-MEDIA:TYPE=SUBTITLES,")) abort();
    }
    g_strfreev(lines);
    // Through the gate: every media playlist hlsdemux2 is to fetch is the gate's.
    const char *gate = "http://127.0.0.1:1/secret/l1/";
    GString *gated = cove_master_through_gate(out->str, "https://cdn.example.com/v1/master.m3u8?token=a", gate);
    lines = g_strsplit(gated->str, "\n", -1);
    for (gchar **line = lines; *line; line++) {
        if (**line != '\0' && **line != '#' && !g_str_has_prefix(*line, gate)) abort();
        const char *uri = (g_str_has_prefix(*line, "#EXT-X-MEDIA:") || g_str_has_prefix(*line, "#EXT-X-I-FRAME-STREAM-INF:"))
                              ? strstr(*line, "URI=\"") : NULL;
        if (uri && !g_str_has_prefix(uri + 5, gate)) abort();
    }
    g_strfreev(lines);
    g_string_free(gated, TRUE);
    g_string_free(out, TRUE);
    g_string_free(removed, TRUE);
    g_string_free(closed_captions, TRUE);
    g_free(text);
    return 0;
}

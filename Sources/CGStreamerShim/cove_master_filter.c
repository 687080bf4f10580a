#include "cove_gst.h"
#include "cove_master_text.h"
#include "cove_mpd_filter.h"

#include <libxml/parser.h>
#include <string.h>

// Cove draws captions itself and loads them under its own address rule. GStreamer 1.22's hlsdemux2 selects the
// first subtitle rendition by default, before decodebin3 can refuse text, and fetches it: a rendition it cannot
// fetch (a `file:` address libsoup refuses, a 404) then fails the whole stream or stalls it at
// PlaybackBufferEmpty. So the master playlist reaches hlsdemux2 without its subtitle renditions, and without
// audio renditions whose address is neither http nor https; the subtitle lines are kept on the playbin for the
// engine to list as caption tracks.
//
// 1.22's hlsdemux2 also makes one stream of every audio rendition that shares a language with one before it
// (`existing_rendition_stream` matches LANGUAGE when NAME differs), so an audio description in the main
// language vanished into the main audio. Each further NAME in a language reaches it with a language of its own
// ("en-x-cove1"); the stream ids stay "audio-<NAME>", and the engine reads the real language and the
// rendition's CHARACTERISTICS from the master as served.
//
// dashdemux2 gets the same probe: the MPD reaches it without its text AdaptationSets (cove_mpd_filter.c), and a copy
// as served is kept. 1.22 names its streams "audio-N" (N counting the period's AdaptationSets it activated) and tags
// only their language, so the engine reads Label, Role and Accessibility, the Representations the Quality menu
// lists and the subtitle files from the MPD itself.
//
// The probe runs on the source's streaming thread and touches only its own state and the playbin's data under
// `lock`.

#define RENDITIONS_KEY "cove-subtitle-renditions"
// The `#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS` lines, kept in the master (they fetch nothing): their language and name
// label the caption channels the engine finds in the video.
#define CLOSED_CAPTIONS_KEY "cove-closed-caption-renditions"
// The master as served, for the statistics overlay's list of variants and the audio renditions' names and roles.
#define MASTER_KEY "cove-master-playlist"
#define DASH_KEY "cove-dash-manifest"

// The app's loopback gate for media playlists (HLSPlaylistGate): the address prefix of this playbin's load, and
// the load's name, set on the playbin before it starts.
#define GATE_KEY "cove-hls-gate"
#define LOAD_KEY "cove-hls-load"

typedef struct {
    GstElement *playbin; // not held: the demuxer, and so this probe, lives inside it
    GString *manifest;
    gboolean injecting;
} MasterFilter;

static GMutex lock;
static CoveMediaPlaylistScreen media_screen;

void cove_master_filter_set_media_screen(CoveMediaPlaylistScreen screen) {
    g_mutex_lock(&lock);
    media_screen = screen;
    g_mutex_unlock(&lock);
}

void cove_playbin_set_hls_gate(GstElement *playbin, const char *prefix, const char *load) {
    g_mutex_lock(&lock);
    g_object_set_data_full(G_OBJECT(playbin), GATE_KEY, g_strdup(prefix), g_free);
    g_object_set_data_full(G_OBJECT(playbin), LOAD_KEY, g_strdup(load), g_free);
    g_mutex_unlock(&lock);
}

/// The manifest's own address (after redirects), as hlsdemux2 resolves against it.
static gchar *manifest_uri(GstPad *pad) {
    GstQuery *query = gst_query_new_uri();
    gchar *uri = NULL;
    if (gst_pad_peer_query(pad, query)) {
        gst_query_parse_uri_redirection(query, &uri);
        if (!uri) gst_query_parse_uri(query, &uri);
    }
    gst_query_unref(query);
    return uri;
}

/// A media playlist or master as hlsdemux2 is to have it through the gate; `body` is replaced.
static GString *gated(GstPad *pad, MasterFilter *filter, GString *body, gboolean master) {
    g_mutex_lock(&lock);
    gchar *gate = g_strdup(g_object_get_data(G_OBJECT(filter->playbin), GATE_KEY));
    gchar *load = g_strdup(g_object_get_data(G_OBJECT(filter->playbin), LOAD_KEY));
    CoveMediaPlaylistScreen screen = media_screen;
    g_mutex_unlock(&lock);
    gchar *base = manifest_uri(pad);
    GString *result = body;
    if (gate && base && master) {
        result = cove_master_through_gate(body->str, base, gate);
        g_string_free(body, TRUE);
    } else if (gate && base && screen && strstr(body->str, "#EXTM3U")) {
        gchar *screened = screen(body->str, base, load);
        g_string_free(body, TRUE);
        // Refused (the reason is the gate's, for the engine): a playlist with nothing in it fails at once.
        result = g_string_new(screened ? screened : "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-ENDLIST\n");
        g_free(screened);
    }
    g_free(gate);
    g_free(load);
    g_free(base);
    return result;
}


static void filter_free(gpointer data) {
    MasterFilter *filter = data;
    g_string_free(filter->manifest, TRUE);
    g_free(filter);
}

static GstPadProbeReturn filter_probe(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    MasterFilter *filter = data;
    if (filter->injecting) return GST_PAD_PROBE_OK;
    if (info->type & GST_PAD_PROBE_TYPE_BUFFER) {
        GstMapInfo map;
        GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER(info);
        if (gst_buffer_map(buffer, &map, GST_MAP_READ)) {
            g_string_append_len(filter->manifest, (const gchar *)map.data, (gssize)map.size);
            gst_buffer_unmap(buffer, &map);
        }
        return GST_PAD_PROBE_DROP;
    }
    if (!(info->type & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM)) return GST_PAD_PROBE_OK;
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
    if (GST_EVENT_TYPE(event) == GST_EVENT_FLUSH_STOP) {
        g_string_truncate(filter->manifest, 0);
        return GST_PAD_PROBE_OK;
    }
    if (GST_EVENT_TYPE(event) != GST_EVENT_EOS || filter->manifest->len == 0) return GST_PAD_PROBE_OK;
    // The whole manifest has arrived: hand it on in one buffer, filtered when it is a master playlist or an MPD.
    GString *removed = g_string_new(NULL);
    GString *closed_captions = g_string_new(NULL);
    gboolean master = strstr(filter->manifest->str, "#EXT-X-STREAM-INF:") != NULL;
    gboolean mpd = !master && (strstr(filter->manifest->str, "<MPD") || strstr(filter->manifest->str, ":MPD"));
    GString *body = master ? cove_master_playlist_filter(filter->manifest->str, removed, closed_captions)
                    : mpd  ? cove_mpd_for_demuxer(filter->manifest->str, filter->manifest->len)
                           : NULL;
    if (!body) body = g_string_new_len(filter->manifest->str, (gssize)filter->manifest->len);
    if (!mpd) body = gated(pad, filter, body, master);
    if (master) {
        g_mutex_lock(&lock);
        g_object_set_data_full(G_OBJECT(filter->playbin), RENDITIONS_KEY, g_string_free(removed, FALSE), g_free);
        g_object_set_data_full(G_OBJECT(filter->playbin), CLOSED_CAPTIONS_KEY, g_string_free(closed_captions, FALSE),
                               g_free);
        g_object_set_data_full(G_OBJECT(filter->playbin), MASTER_KEY,
                               g_strndup(filter->manifest->str, filter->manifest->len), g_free);
        g_mutex_unlock(&lock);
    } else {
        if (mpd) {
            g_mutex_lock(&lock);
            g_object_set_data_full(G_OBJECT(filter->playbin), DASH_KEY,
                                   g_strndup(filter->manifest->str, filter->manifest->len), g_free);
            g_mutex_unlock(&lock);
        }
        g_string_free(removed, TRUE);
        g_string_free(closed_captions, TRUE);
    }
    g_string_truncate(filter->manifest, 0);
    gsize length = body->len;
    GstBuffer *buffer = gst_buffer_new_wrapped(g_string_free(body, FALSE), length);
    filter->injecting = TRUE;
    gst_pad_chain(pad, buffer);
    filter->injecting = FALSE;
    return GST_PAD_PROBE_OK;
}

static void element_added(GstBin *bin, GstBin *sub_bin, GstElement *element, gpointer data) {
    (void)bin; (void)sub_bin;
    GstElementFactory *factory = gst_element_get_factory(element);
    if (!factory || (g_strcmp0(GST_OBJECT_NAME(factory), "hlsdemux2") != 0
                     && g_strcmp0(GST_OBJECT_NAME(factory), "dashdemux2") != 0)) return;
    GstPad *sink = gst_element_get_static_pad(element, "sink");
    if (!sink) return;
    MasterFilter *filter = g_new0(MasterFilter, 1);
    filter->playbin = data;
    filter->manifest = g_string_new(NULL);
    gst_pad_add_probe(sink, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, filter_probe, filter,
                      filter_free);
    gst_object_unref(sink);
}

void cove_playbin_filter_hls_master(GstElement *playbin) {
    // libxml2 2.9 wants its first initialisation on one thread before parsers run on several (the streaming
    // threads' MPD filter, the main thread's readers).
    xmlInitParser();
    g_signal_connect(playbin, "deep-element-added", G_CALLBACK(element_added), playbin);
}

/// A copy of what the probe kept on the playbin under `key`.
static gchar *kept(GstElement *playbin, const char *key) {
    g_mutex_lock(&lock);
    gchar *text = g_strdup(g_object_get_data(G_OBJECT(playbin), key));
    g_mutex_unlock(&lock);
    return text;
}

gchar *cove_playbin_subtitle_renditions(GstElement *playbin) { return kept(playbin, RENDITIONS_KEY); }

gchar *cove_playbin_closed_caption_renditions(GstElement *playbin) { return kept(playbin, CLOSED_CAPTIONS_KEY); }

gchar *cove_playbin_master_playlist(GstElement *playbin) { return kept(playbin, MASTER_KEY); }

gchar *cove_playbin_dash_manifest(GstElement *playbin) { return kept(playbin, DASH_KEY); }

#ifndef COVE_GST_H
#define COVE_GST_H
// What Swift cannot call on GStreamer: the latest-frame-wins appsink bridge, buffer mapping, macro-only accessors.
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>

typedef struct CoveFrameBridge CoveFrameBridge;
/// Called on the thread that runs `context` with a new sample reference (the callee owns it).
typedef void (*CoveFrameCallback)(GstSample *sample, gpointer user_data);

/// Connects to `appsink`; each new sample replaces the pending one, and at most one wake-up of `context`
/// is queued at a time, so a slow consumer drops frames instead of queueing them. Preroll samples (the frame a
/// paused pipeline shows after loading or seeking) are delivered the same way; the first frame played after a
/// preroll therefore arrives twice.
CoveFrameBridge *cove_frame_bridge_new(GstElement *appsink, GMainContext *context,
                                       CoveFrameCallback callback, gpointer user_data, GDestroyNotify destroy);
/// Stops delivery (pending frames are dropped) and frees the bridge once no wake-up is in flight.
void cove_frame_bridge_free(CoveFrameBridge *bridge);
/// Count of samples replaced before the consumer took them (for benchmarks).
guint64 cove_frame_bridge_dropped(CoveFrameBridge *bridge);

/// Wraps the sample's mapped buffer as GBytes without copying; the sample stays referenced until the bytes are freed.
/// Fills width, height and stride of plane 0; returns NULL for a sample without video caps.
GBytes *cove_sample_to_bytes(GstSample *sample, gint *width, gint *height, gint *stride);

typedef struct CoveFrameTap CoveFrameTap;
/// Keeps the newest decoded frames passing `pad` (by reference), at the size they were decoded, for saving one.
CoveFrameTap *cove_frame_tap_new(GstPad *pad);
/// Lets go of the owner's reference; the probe keeps the tap until the pad goes.
void cove_frame_tap_free(CoveFrameTap *tap);
/// A new reference to the kept frame at `stream_time` (ns), else the newest one; NULL before the first frame.
/// Any thread.
GstSample *cove_frame_tap_pick(CoveFrameTap *tap, guint64 stream_time);
/// Lets go of the kept frames older than `stream_time` (the frame now shown): they cannot be picked any more, and
/// holding them would keep the decoder's pool larger.
void cove_frame_tap_release_before(CoveFrameTap *tap, guint64 stream_time);
/// The stream time (ns) of the oldest frame kept now, GST_CLOCK_TIME_NONE when none (for tests).
guint64 cove_frame_tap_oldest(CoveFrameTap *tap);
/// A new RGBA sample of `sample` at its display size (square pixels); NULL when it is no video. Slow: never on the
/// main thread.
GstSample *cove_sample_convert_to_rgba(GstSample *sample);

GstMessageType cove_message_type(GstMessage *message);
/// For ERROR and WARNING messages: newly allocated message text and debug string (g_free both), and the domain/code.
void cove_message_parse_error(GstMessage *message, char **text, char **debug, GQuark *domain, gint *code);
const char *cove_message_src_name(GstMessage *message);
gboolean cove_message_src_is(GstMessage *message, gpointer object);
/// Whether the message comes from a source element (filesrc, souphttpsrc…), i.e. the one reading the resource.
gboolean cove_message_src_is_source_element(GstMessage *message);


/// Makes playbin3's decodebin3 refuse every text stream (answering its select-stream), so none is fetched or decoded.
void cove_playbin_refuse_text_streams(GstElement *playbin);
/// Hands hlsdemux2 the master playlist without its subtitle renditions (and without audio renditions of another
/// scheme than http/https), and dashdemux2 the MPD without its text AdaptationSets, so neither fetches one; see
/// cove_master_filter.c.
void cove_playbin_filter_hls_master(GstElement *playbin);
/// Screens a media playlist that reached hlsdemux2 directly (`text`, from `base`) for the load `load`: the text
/// to hand on (g_malloc), or NULL when it is refused. Called on a streaming thread.
typedef gchar *(*CoveMediaPlaylistScreen)(const gchar *text, const gchar *base, const gchar *load);
/// Set once by the app: how a top-level media playlist is screened (HLSPlaylistGate).
void cove_master_filter_set_media_screen(CoveMediaPlaylistScreen screen);
/// Points the playbin's master playlist at the gate (`prefix`, for the load `load`); without it the master reaches
/// hlsdemux2 with its own addresses.
void cove_playbin_set_hls_gate(GstElement *playbin, const char *prefix, const char *load);
/// The `#EXT-X-MEDIA:TYPE=SUBTITLES` lines taken out of the master playlist (g_free), or NULL before it arrived.
gchar *cove_playbin_subtitle_renditions(GstElement *playbin);
/// The master playlist's `#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS` lines (g_free; left in the master), or NULL before
/// it arrived.
gchar *cove_playbin_closed_caption_renditions(GstElement *playbin);

/// How many of decodebin3's identity inputs inside `pipeline` have lost their input stream (src pad neither linked nor blocked):
/// tearing such a decodebin3 down crashes GStreamer 1.22 (see cove_decodebin3_inputs.c).
guint cove_decodebin3_orphan_inputs(GstElement *pipeline);
/// Stops every upstream thread inside the sink pads of each decodebin3 in `pipeline` and keeps new ones out, so its
/// inputs stay as they are for `cove_decodebin3_orphan_inputs` and the teardown after it. For a pipeline being
/// taken down only.
void cove_decodebin3_freeze_inputs(GstElement *pipeline);

/// Holds each flushing seek of an adaptivedemux2 demuxer (hlsdemux2, dashdemux2) until its download threads have
/// sent every request they were handed (cove_adaptive_flush_guard.c says why). Call once a demuxer, before its
/// source pads exist; FALSE where libsoup's session type could not be found (nothing is held then).
gboolean cove_adaptive_flush_guard_watch(GstElement *demuxer);

/// Caption data carried in the video (CEA-608/708 in GstVideoCaptionMeta), read by a pad probe on the video
/// decoder's output (presentation order) on the streaming thread and queued here; see cove_caption_tap.c.
typedef struct CoveCaptionTap CoveCaptionTap;
#define COVE_CAPTION_DTVCC_PAIRS 31
typedef struct {
    double time;          // stream seconds of the frame
    guint8 field1[2];
    guint8 field2[2];
    guint8 has_field1;
    guint8 has_field2;
    guint8 reset;         // a flush or new segment: forget the decoder's state before this entry
    guint8 dtvcc_count;   // CEA-708 DTVCC pairs in `dtvcc`, in their order (a frame has at most 31 triplets)
    guint32 dtvcc_starts; // bit i set: pair i has cc_type 3 (a DTVCC packet starts)
    guint8 dtvcc[COVE_CAPTION_DTVCC_PAIRS * 2];
} CoveCaptionEntry;
/// Called on the thread that runs `context` (at most one call queued at a time) when entries are waiting.
typedef void (*CoveCaptionCallback)(gpointer user_data);
/// Watches `playbin` (now and every element added later) for video decoders and taps their output.
CoveCaptionTap *cove_caption_tap_new(GstElement *playbin, GMainContext *context, CoveCaptionCallback callback,
                                     gpointer user_data, GDestroyNotify destroy);
/// Moves up to `capacity` queued entries (oldest first) into `entries`; returns how many.
guint cove_caption_tap_take(CoveCaptionTap *tap, CoveCaptionEntry *entries, guint capacity);
/// The decoded video's size from its caps (the probe sees them too); FALSE before any.
gboolean cove_caption_tap_video_size(CoveCaptionTap *tap, gint *width, gint *height);
/// Seconds per frame of the decoded video, from its caps; 0 when they give no frame rate (a still, a variable rate).
gdouble cove_caption_tap_frame_duration(CoveCaptionTap *tap);
/// Stops delivery and frees the tap once no wake-up is in flight (the probes it left stay inert).
void cove_caption_tap_free(CoveCaptionTap *tap);
/// A GstBaseSink's `stats`: frames rendered, and frames dropped as late (QoS); FALSE when it keeps none.
gboolean cove_base_sink_frames(GstElement *sink, guint64 *rendered, guint64 *dropped);

/// The demuxers and decoders a pipeline creates (`deep-element-added`, any thread), kept by reference for the
/// statistics overlay; see cove_element_census.c.
typedef struct CoveElementCensus CoveElementCensus;
CoveElementCensus *cove_element_census_new(GstElement *pipeline);
/// Lets go of the elements and the owner's reference; later additions are ignored.
void cove_element_census_free(CoveElementCensus *census);
/// One line per element in the order added: "role\tfactory\tcodec\n", role one of demuxer, video-decoder,
/// audio-decoder, decoder; codec the decoder's input described for people, empty when not negotiated yet (g_free).
gchar *cove_element_census_describe(CoveElementCensus *census);

/// The master playlist as it reached hlsdemux2 (g_free), or NULL before it arrived or for a stream without one.
gchar *cove_playbin_master_playlist(GstElement *playbin);
/// Raises every hardware decoder (class "Decoder" and "Hardware") above gst-libav's decoders; returns how many.
guint cove_hardware_decoders_prefer(void);
/// Ranks every hardware decoder NONE, so no decodebin picks one; returns how many.
guint cove_hardware_decoders_disable(void);
/// Whether `message` was posted by an element of a hardware decoder's factory.
gboolean cove_message_src_is_hardware_decoder(GstMessage *message);
/// The MPD as served, before its text AdaptationSets were taken out (g_free), or NULL before it arrived or for a stream of another kind.
gchar *cove_playbin_dash_manifest(GstElement *playbin);
/// Every element of `bin` (recursively) with its state and any state it is still changing to, one a line ("name:
/// PAUSED (pending PLAYING)"), for a report when a pipeline does not become ready. Free with g_free.
gchar *cove_bin_state_report(GstElement *bin);
/// Classic playbin's tags of its `index`th audio (or, with `text`, text) stream: the language code and the title,
/// each newly allocated or NULL. Free with g_free.
void cove_playbin_stream_tags(GstElement *playbin, gboolean text, gint index, gchar **language, gchar **title);
#endif

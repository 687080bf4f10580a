#include "cove_gst.h"

#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

// GStreamer 1.22's adaptivedemux2 (hlsdemux2, dashdemux2) aborts in download_request_set_uri
// (`request->in_use == FALSE`) when a flushing seek lands just after a stream asked for its next fragment. The
// stream hands the request to its download helper, which queues it for the helper's own thread; a seek that stops
// the stream before that thread picked the request up cancels nothing (downloadhelper_cancel_request looks only at
// the transfers already sent), so the old request is sent after all and its completion reaches the restarted
// stream as if it were the new download's: the stream moves to the next fragment while the new request is still in
// flight and reuses it (later GStreamer gives requests a CANCELLED state). Found in cores of a debug build of the
// plugin: a DOWNLOADING stream with no download active and its request open.
//
// The seek takes the demuxer's scheduler lock (no new request can be queued) and then pushes FLUSH_START out of its
// source pads before it stops the streams. There Cove waits until each download thread sleeps: a thread whose
// GMainContext holds a ready source never blocks in poll, so a sleeping one has sent every request it was handed,
// and the cancel then finds them. The threads are known from libsoup's SoupSession::request-queued, which the
// helper emits on its own thread. A thread asleep on a lock instead would pass too; the wait is bounded.

#define COVE_DOWNLOAD_THREADS 64
#define COVE_FLUSH_WAIT_LIMIT_US (100 * 1000)

static GMutex threads_lock;
static pid_t threads[COVE_DOWNLOAD_THREADS];
static guint thread_count;

// 'S' asleep, 'R' running or runnable, 0 for a thread that is gone.
static char thread_state(pid_t tid);

// Called with threads_lock held.
static void forget_ended_threads(void) {
    for (guint i = 0; i < thread_count;) {
        char state = thread_state(threads[i]);
        if (state == 0 || state == 'Z' || state == 'X') threads[i] = threads[--thread_count];
        else i++;
    }
}

static gboolean on_request_queued(GSignalInvocationHint *hint, guint n_params, const GValue *params, gpointer data) {
    (void)hint; (void)n_params; (void)params; (void)data;
    pid_t self = (pid_t)syscall(SYS_gettid);
    g_mutex_lock(&threads_lock);
    gboolean known = FALSE;
    for (guint i = 0; i < thread_count && !known; i++) known = threads[i] == self;
    // Each pipeline's demuxer has a thread of its own: a long playlist ends many without a seek between.
    if (!known && thread_count == COVE_DOWNLOAD_THREADS) forget_ended_threads();
    if (!known && thread_count < COVE_DOWNLOAD_THREADS) threads[thread_count++] = self;
    g_mutex_unlock(&threads_lock);
    return TRUE;
}

static char thread_state(pid_t tid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", (int)tid);
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    char line[512];
    size_t length = fread(line, 1, sizeof line - 1, file);
    fclose(file);
    line[length] = 0;
    // The name in parentheses may hold spaces and parentheses itself: the state follows the last one.
    char *close = strrchr(line, ')');
    return close && close[1] == ' ' ? close[2] : 0;
}

// Drops the threads that ended; TRUE when none of the rest is running.
static gboolean download_threads_asleep(void) {
    gboolean asleep = TRUE;
    g_mutex_lock(&threads_lock);
    forget_ended_threads();
    for (guint i = 0; i < thread_count && asleep; i++) asleep = thread_state(threads[i]) != 'R';
    g_mutex_unlock(&threads_lock);
    return asleep;
}

static GstPadProbeReturn on_flush(GstPad *pad, GstPadProbeInfo *info, gpointer data) {
    (void)pad; (void)data;
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
    if (event == NULL || GST_EVENT_TYPE(event) != GST_EVENT_FLUSH_START) return GST_PAD_PROBE_OK;
    gint64 deadline = g_get_monotonic_time() + COVE_FLUSH_WAIT_LIMIT_US;
    while (!download_threads_asleep() && g_get_monotonic_time() < deadline) g_usleep(200);
    return GST_PAD_PROBE_OK;
}

static void on_pad_added(GstElement *element, GstPad *pad, gpointer data) {
    (void)element; (void)data;
    if (GST_PAD_DIRECTION(pad) != GST_PAD_SRC) return;
    gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_FLUSH, on_flush, NULL, NULL);
}

static gpointer install_hook(gpointer data) {
    (void)data;
    // The demuxer made its session when it was created, so libsoup's type exists by now.
    GType session = g_type_from_name("SoupSession");
    guint signal = session ? g_signal_lookup("request-queued", session) : 0;
    if (signal) g_signal_add_emission_hook(signal, 0, on_request_queued, NULL, NULL);
    return GUINT_TO_POINTER(signal != 0);
}

gboolean cove_adaptive_flush_guard_watch(GstElement *demuxer) {
    static GOnce once = G_ONCE_INIT;
    gboolean hooked = GPOINTER_TO_UINT(g_once(&once, install_hook, NULL));
    g_signal_connect(demuxer, "pad-added", G_CALLBACK(on_pad_added), NULL);
    return hooked;
}

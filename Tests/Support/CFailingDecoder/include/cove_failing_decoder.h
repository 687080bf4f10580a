#pragma once

#include <gst/gst.h>

/// Registers "covetesthwdec", an H.264 decoder of class "Codec/Decoder/Video/Hardware" at `rank`, which fails to
/// start as a hardware decoder does without its device: an error message and a failed change to READY. Counts
/// the instances made. For the tests only.
void cove_failing_decoder_register(guint rank);
guint cove_failing_decoder_instances(void);
/// How many times an instance has failed to start (each posted its error first).
guint cove_failing_decoder_failures(void);
/// After posting its error, a failing instance waits this long before it reports the failure to decodebin3, which
/// then plugs the next decoder: the window in which the error is on the bus and the stream not yet replaced.
void cove_failing_decoder_set_stall(guint milliseconds);

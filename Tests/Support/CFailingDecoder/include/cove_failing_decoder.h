#pragma once

#include <gst/gst.h>

/// Registers "covetesthwdec", an H.264 decoder of class "Codec/Decoder/Video/Hardware" at `rank`, which fails to
/// start as a hardware decoder does without its device: an error message and a failed change to READY. Counts
/// the instances made. For the tests only.
void cove_failing_decoder_register(guint rank);
guint cove_failing_decoder_instances(void);

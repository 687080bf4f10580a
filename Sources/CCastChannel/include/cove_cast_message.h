#ifndef COVE_CAST_MESSAGE_H
#define COVE_CAST_MESSAGE_H

#include <stddef.h>
#include <stdint.h>

/* A CastMessage read off the channel; its strings are malloc'd (cove_cast_message_clear frees them). A BINARY
   payload (device authentication) is reported as such and not kept: Cove neither sends nor checks it. */
typedef struct {
    char *source_id;
    char *destination_id;
    char *namespace_;
    int is_binary;
    char *payload_utf8;
} CoveCastMessage;

/* Packs a CASTV2_1_0 message with a UTF-8 payload into a malloc'd buffer (*out, to free()); returns its length,
   0 if it could not. */
size_t cove_cast_message_pack(const char *source_id, const char *destination_id, const char *namespace_,
                              const char *payload_utf8, uint8_t **out);

/* Reads one message; 1 with *out filled, 0 for bytes that are not a complete CastMessage (protobuf-c checks the
   wire format and the required fields). */
int cove_cast_message_unpack(const uint8_t *data, size_t length, CoveCastMessage *out);

void cove_cast_message_clear(CoveCastMessage *message);

#endif

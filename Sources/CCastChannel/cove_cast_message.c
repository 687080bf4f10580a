#include "include/cove_cast_message.h"
#include "include/cast_channel.pb-c.h"
#include <stdlib.h>
#include <string.h>

typedef Extensions__Api__CastChannel__CastMessage Message;

size_t cove_cast_message_pack(const char *source_id, const char *destination_id, const char *namespace_,
                              const char *payload_utf8, uint8_t **out) {
    Message message = EXTENSIONS__API__CAST_CHANNEL__CAST_MESSAGE__INIT;
    message.protocol_version = EXTENSIONS__API__CAST_CHANNEL__CAST_MESSAGE__PROTOCOL_VERSION__CASTV2_1_0;
    message.source_id = (char *)source_id;
    message.destination_id = (char *)destination_id;
    message.namespace_ = (char *)namespace_;
    message.payload_type = EXTENSIONS__API__CAST_CHANNEL__CAST_MESSAGE__PAYLOAD_TYPE__STRING;
    message.payload_utf8 = (char *)payload_utf8;
    size_t size = extensions__api__cast_channel__cast_message__get_packed_size(&message);
    uint8_t *buffer = malloc(size > 0 ? size : 1);
    if (buffer == NULL) return 0;
    size_t packed = extensions__api__cast_channel__cast_message__pack(&message, buffer);
    *out = buffer;
    return packed;
}

static char *copy(const char *text) {
    return strdup(text != NULL ? text : "");
}

int cove_cast_message_unpack(const uint8_t *data, size_t length, CoveCastMessage *out) {
    memset(out, 0, sizeof *out);
    Message *message = extensions__api__cast_channel__cast_message__unpack(NULL, length, data);
    if (message == NULL) return 0;
    out->source_id = copy(message->source_id);
    out->destination_id = copy(message->destination_id);
    out->namespace_ = copy(message->namespace_);
    out->is_binary = message->payload_type == EXTENSIONS__API__CAST_CHANNEL__CAST_MESSAGE__PAYLOAD_TYPE__BINARY;
    out->payload_utf8 = copy(out->is_binary ? NULL : message->payload_utf8);
    extensions__api__cast_channel__cast_message__free_unpacked(message, NULL);
    return 1;
}

void cove_cast_message_clear(CoveCastMessage *message) {
    free(message->source_id);
    free(message->destination_id);
    free(message->namespace_);
    free(message->payload_utf8);
    memset(message, 0, sizeof *message);
}

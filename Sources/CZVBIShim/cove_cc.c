#include "cove_cc.h"
#include <libzvbi.h>
#include <stdlib.h>
#include <string.h>

struct CoveCCDecoder {
    vbi_decoder *vbi;
    unsigned changed;
    uint8_t last_field2[2];  // the previous field 2 control code, to drop its repetition
};

/// libzvbi 0.2.41 drops the repetition of a control code on field 1 only (caption.c: "cmd repetition F1"): on
/// field 2 (CC3, CC4) the repeated EOC swapped the caption back off screen. The same rule is applied here.
static int repeated_field2_command(CoveCCDecoder *decoder, const uint8_t *pair) {
    uint8_t c1 = pair[0] & 0x7F;
    if (c1 < 0x10 || c1 > 0x1F || vbi_unpar8(pair[0]) < 0 || vbi_unpar8(pair[1]) < 0) {
        decoder->last_field2[0] = 0;
        return 0;
    }
    if (pair[0] == decoder->last_field2[0] && pair[1] == decoder->last_field2[1]) {
        decoder->last_field2[0] = 0;  // one repetition
        return 1;
    }
    decoder->last_field2[0] = pair[0];
    decoder->last_field2[1] = pair[1];
    return 0;
}

static void caption_event(vbi_event *event, void *data) {
    CoveCCDecoder *decoder = data;
    if (event->type == VBI_EVENT_CAPTION && event->ev.caption.pgno >= 1 && event->ev.caption.pgno <= 8) {
        decoder->changed |= 1u << event->ev.caption.pgno;
    }
}

CoveCCDecoder *cove_cc_decoder_new(void) {
    CoveCCDecoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->vbi = vbi_decoder_new();
    if (!decoder->vbi) {
        free(decoder);
        return NULL;
    }
    vbi_event_handler_register(decoder->vbi, VBI_EVENT_CAPTION, caption_event, decoder);
    return decoder;
}

void cove_cc_decoder_free(CoveCCDecoder *decoder) {
    if (!decoder) return;
    vbi_event_handler_unregister(decoder->vbi, caption_event, decoder);
    vbi_decoder_delete(decoder->vbi);
    free(decoder);
}

void cove_cc_decoder_reset(CoveCCDecoder *decoder) {
    // A new decoder: vbi_channel_switched() keeps the displayed memory (a roll-up line showed again after a seek).
    vbi_decoder *fresh = vbi_decoder_new();
    if (fresh) {
        vbi_event_handler_unregister(decoder->vbi, caption_event, decoder);
        vbi_decoder_delete(decoder->vbi);
        decoder->vbi = fresh;
        vbi_event_handler_register(decoder->vbi, VBI_EVENT_CAPTION, caption_event, decoder);
    } else {
        vbi_channel_switched(decoder->vbi, 0);
    }
    decoder->changed = 0;
    decoder->last_field2[0] = 0;
}

unsigned cove_cc_decoder_feed(CoveCCDecoder *decoder, const uint8_t *field1, const uint8_t *field2, double time) {
    vbi_sliced lines[2];
    int count = 0;
    memset(lines, 0, sizeof lines);
    if (field1) {
        lines[count].id = VBI_SLICED_CAPTION_525_F1;
        lines[count].line = 21;
        memcpy(lines[count].data, field1, 2);
        count++;
    }
    if (field2 && !(field2[0] == 0x80 && field2[1] == 0x80) && repeated_field2_command(decoder, field2)) {
        field2 = NULL;
    }
    if (field2) {
        lines[count].id = VBI_SLICED_CAPTION_525_F2;
        lines[count].line = 284;
        memcpy(lines[count].data, field2, 2);
        count++;
    }
    decoder->changed = 0;
    vbi_decode(decoder->vbi, lines, count, time);
    return decoder->changed;
}

int cove_cc_decoder_fetch(CoveCCDecoder *decoder, int channel, CoveCCCell *cells) {
    vbi_page page;
    if (!vbi_fetch_cc_page(decoder->vbi, &page, channel, TRUE)) return 0;
    // Caption pages are 15 rows of 34 columns: a transparent column either side of the 32 that carry text.
    int offset = page.columns > COVE_CC_COLUMNS ? (page.columns - COVE_CC_COLUMNS) / 2 : 0;
    for (int row = 0; row < COVE_CC_ROWS; row++) {
        for (int column = 0; column < COVE_CC_COLUMNS; column++) {
            CoveCCCell *cell = &cells[row * COVE_CC_COLUMNS + column];
            memset(cell, 0, sizeof *cell);
            cell->unicode = 0x20;
            if (row >= page.rows || column + offset >= page.columns) continue;
            const vbi_char *source = &page.text[row * page.columns + column + offset];
            cell->unicode = source->unicode;
            cell->foreground = source->foreground;
            cell->background = source->background;
            cell->opacity = source->opacity;
            cell->flags = (source->italic ? 1 : 0) | (source->underline ? 2 : 0) | (source->flash ? 4 : 0);
        }
    }
    vbi_unref_page(&page);
    return 1;
}

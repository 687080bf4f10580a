#include "cove_cc.h"
#include <libzvbi.h>
#include <stdlib.h>
#include <string.h>

struct CoveCCDecoder {
    vbi_decoder *vbi;
    unsigned changed;
};

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

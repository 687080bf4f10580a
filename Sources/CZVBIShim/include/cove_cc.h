#ifndef COVE_CC_H
#define COVE_CC_H
// libzvbi's CEA-608 (Line 21) caption decoder for Swift: vbi_page and vbi_char are bitfield structs with a
// 1,056-cell array, so the page is read here and handed over as plain cells.
#include <stdint.h>

typedef struct CoveCCDecoder CoveCCDecoder;

enum { COVE_CC_ROWS = 15, COVE_CC_COLUMNS = 32 };

typedef struct {
    uint32_t unicode;     // 0x20 for a blank cell
    uint8_t foreground;   // 0 black … 7 white (libzvbi's colour indices)
    uint8_t background;
    uint8_t opacity;      // 0 transparent space, 3 opaque (vbi_opacity)
    uint8_t flags;        // 1 italic, 2 underline, 4 flash
} CoveCCCell;

CoveCCDecoder *cove_cc_decoder_new(void);
void cove_cc_decoder_free(CoveCCDecoder *decoder);
/// Forgets every channel's state (a seek, a flush).
void cove_cc_decoder_reset(CoveCCDecoder *decoder);
/// Feeds one frame's caption bytes (parity bits kept) at `time` seconds; `field1`/`field2` may be NULL. Returns a
/// bit mask of the caption channels (bit 1 = CC1 … bit 4 = CC4; bits 5-8 the text services) whose page changed.
unsigned cove_cc_decoder_feed(CoveCCDecoder *decoder, const uint8_t *field1, const uint8_t *field2, double time);
/// The displayed page of `channel` (1…8): `COVE_CC_ROWS` × `COVE_CC_COLUMNS` cells, row by row. Returns 0 when
/// there is no page.
int cove_cc_decoder_fetch(CoveCCDecoder *decoder, int channel, CoveCCCell *cells);
#endif

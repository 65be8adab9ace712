#ifndef GHOSTLINE_LINE_BREAKING_H
#define GHOSTLINE_LINE_BREAKING_H
#include <stdint.h>

/* UAX #14 line-break and grapheme-cluster boundaries from ICU, over UTF-16 text.
   Only plain C types cross this header, so Swift never sees ICU's declarations (see CICU/shim.h).

   Each function writes up to `capacity` boundaries (UTF-16 offsets, ascending, excluding 0 and including
   `length`) and returns how many it wrote, or -1 when ICU fails. `hard` (may be NULL) receives 1 for a
   mandatory break (after a line or paragraph terminator), else 0. A text of n units has at most n boundaries. */
int32_t gl_line_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity);
int32_t gl_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity);

#endif

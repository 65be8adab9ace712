#include "line_breaking.h"
#include <unicode/ubrk.h>

static int32_t walk(UBreakIteratorType type, const uint16_t *text, int32_t length, int32_t *offsets,
                    uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) return -1;
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE && count < capacity;
         boundary = ubrk_next(iterator)) {
        offsets[count] = boundary;
        if (hard != NULL) {
            int32_t rule = ubrk_getRuleStatus(iterator);
            hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    ubrk_close(iterator);
    return count;
}

int32_t gl_line_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *hard, int32_t capacity) {
    return walk(UBRK_LINE, text, length, offsets, hard, capacity);
}

int32_t gl_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    return walk(UBRK_CHARACTER, text, length, offsets, NULL, capacity);
}

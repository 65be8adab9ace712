#include <unicode/ubrk.h>
#include <unicode/utext.h>

/* ICU renames every entry point with its major version (ubrk_open -> ubrk_open_72) through macros that
   Swift does not see. These inline wrappers are compiled as C, where the macros apply, so Swift code can
   call one stable name whatever ICU version Debian ships. */
static inline UBreakIterator *gl_ubrk_open_line(const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(UBRK_LINE, "", text, length, status);
}
static inline UBreakIterator *gl_ubrk_open_character(const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(UBRK_CHARACTER, "", text, length, status);
}
static inline int32_t gl_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t gl_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t gl_ubrk_get_rule_status(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static inline void gl_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline int32_t gl_ubrk_done(void) { return UBRK_DONE; }
static inline int gl_u_failure(UErrorCode code) { return U_FAILURE(code); }

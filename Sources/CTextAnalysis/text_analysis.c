#include "text_analysis.h"
#include <stdlib.h>
#include <string.h>
#include <hyphen.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>

static int32_t walk(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                    int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale ? locale : "", (const UChar *)text, length, &status);
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

int32_t gl_line_boundaries(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets, uint8_t *hard,
                           int32_t capacity) {
    return walk(UBRK_LINE, text, length, locale, offsets, hard, capacity);
}

int32_t gl_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    return walk(UBRK_CHARACTER, text, length, "", offsets, NULL, capacity);
}

int32_t gl_word_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    return walk(UBRK_WORD, text, length, "", offsets, NULL, capacity);
}

int32_t gl_case_map(const uint16_t *text, int32_t length, const char *locale, int32_t upper, uint16_t *out,
                    int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *l = locale ? locale : "";
    int32_t mapped = upper ? u_strToUpper((UChar *)out, capacity, (const UChar *)text, length, l, &status)
                           : u_strToLower((UChar *)out, capacity, (const UChar *)text, length, l, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return mapped;
    return U_FAILURE(status) ? -1 : mapped;
}

uint32_t gl_title_case(uint32_t code_point) { return (uint32_t)u_totitle((UChar32)code_point); }

int32_t gl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels,
                       uint8_t *paragraph_levels) {
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &status);
    const UBiDiLevel *computed = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (U_FAILURE(status) || computed == NULL) { ubidi_close(bidi); return -1; }
    memcpy(levels, computed, (size_t)length);
    int32_t paragraphs = ubidi_countParagraphs(bidi);
    for (int32_t index = 0; index < paragraphs; index++) {
        int32_t start = 0, limit = 0;
        UBiDiLevel level = 0;
        ubidi_getParagraphByIndex(bidi, index, &start, &limit, &level, &status);
        if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
        for (int32_t unit = start; unit < limit && unit < length; unit++) paragraph_levels[unit] = level;
    }
    ubidi_close(bidi);
    return 0;
}

int32_t gl_script_code(uint32_t code_point) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)code_point, &status);
    return U_FAILURE(status) ? USCRIPT_UNKNOWN : (int32_t)code;
}

int32_t gl_line_break_class(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
}

void gl_script_tag(int32_t code, char *tag) {
    const char *name = uscript_getShortName((UScriptCode)code);
    if (name == NULL) name = "Zzzz";
    strncpy(tag, name, 4);
    tag[4] = 0;
}

int32_t gl_likely_script(const char *language, char *tag) {
    UErrorCode status = U_ZERO_ERROR;
    char canonical[ULOC_FULLNAME_CAPACITY], maximized[ULOC_FULLNAME_CAPACITY], script[ULOC_SCRIPT_CAPACITY];
    uloc_forLanguageTag(language, canonical, sizeof canonical, NULL, &status);
    if (U_FAILURE(status)) return 0;
    uloc_addLikelySubtags(canonical, maximized, sizeof maximized, &status);
    if (U_FAILURE(status)) return 0;
    int32_t length = uloc_getScript(maximized, script, sizeof script, &status);
    if (U_FAILURE(status) || length != 4) return 0;
    memcpy(tag, script, 4);
    tag[4] = 0;
    return 1;
}

void *gl_hyphen_load(const char *path) { return hnj_hyphen_load(path); }

void gl_hyphen_free(void *dictionary) { if (dictionary) hnj_hyphen_free((HyphenDict *)dictionary); }

int32_t gl_hyphen_is_utf8(const void *dictionary) { return ((const HyphenDict *)dictionary)->utf8 ? 1 : 0; }

int32_t gl_hyphenate(void *dictionary, const char *word, int32_t size, uint8_t *points) {
    // libhyphen reads the word as a C string too (strstr for its NOHYPHEN and compound checks), so it gets a
    // NUL-terminated copy; words longer than any dictionary word are not hyphenated (its work grows with length).
    if (dictionary == NULL || size <= 0 || size > 256) return -1;
    char *terminated = calloc((size_t)size + 1, 1);
    char *hyphens = calloc((size_t)size + 5, 1);
    char *hyphenated = calloc((size_t)size * 3 + 10, 1);
    if (terminated == NULL || hyphens == NULL || hyphenated == NULL) {
        free(terminated); free(hyphens); free(hyphenated); return -1;
    }
    memcpy(terminated, word, (size_t)size);
    char **rep = NULL; int *pos = NULL; int *cut = NULL;
    int failed = hnj_hyphen_hyphenate3((HyphenDict *)dictionary, terminated, size, hyphens, hyphenated, &rep, &pos, &cut,
                                       2, 2, 2, 2);
    free(terminated);
    for (int32_t i = 0; i < size; i++) points[i] = (!failed && (hyphens[i] & 1)) ? 1 : 0;
    if (rep) { for (int32_t i = 0; i < size; i++) free(rep[i]); free(rep); }
    free(pos); free(cut); free(hyphens); free(hyphenated);
    return failed ? -1 : 0;
}

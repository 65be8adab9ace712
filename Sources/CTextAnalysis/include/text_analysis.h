#ifndef GHOSTLINE_TEXT_ANALYSIS_H
#define GHOSTLINE_TEXT_ANALYSIS_H
#include <stdint.h>

/* ICU's text analysis behind plain C types, so Swift never sees ICU's declarations (see CICU/shim.h):
   UAX #14 line breaks, grapheme clusters, the Unicode bidi algorithm (UAX #9) and script properties.
   Text is UTF-16; offsets are UTF-16 units. */

/* Boundaries: each function writes up to `capacity` boundaries (ascending, excluding 0 and including `length`)
   and returns how many it wrote, or -1 when ICU fails. `hard` (may be NULL) receives 1 for a mandatory break
   (after a line or paragraph terminator), else 0. A text of n units has at most n boundaries.
   `locale` (may be NULL or "") tailors line breaking: "ja", "th", or with CSS's strictness as ICU's keyword,
   e.g. "ja@lb=loose". */
int32_t gl_line_boundaries(const uint16_t *text, int32_t length, const char *locale, int32_t *offsets, uint8_t *hard,
                           int32_t capacity);
int32_t gl_grapheme_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity);
/* UAX #29 word boundaries (ICU's word break iterator, untailored): what CSS `text-transform: capitalize` counts as
   the start of a word. */
int32_t gl_word_boundaries(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity);

/* Full case mapping of `text` with the locale's rules ("tr" and "az" dotted and dotless i, "lt", "el"; NULL or ""
   for the root rules, which still turn ß into SS): `upper` 1 for uppercase, 0 for lowercase. Writes up to
   `capacity` units into `out` and returns the mapped length (which may exceed `capacity`: call again with more
   room), or -1 when ICU fails. */
int32_t gl_case_map(const uint16_t *text, int32_t length, const char *locale, int32_t upper, uint16_t *out,
                    int32_t capacity);
/* The simple titlecase mapping of one code point (u_totitle): one code point in, one out. */
uint32_t gl_title_case(uint32_t code_point);

/* Bidi embedding levels of every unit (0 = left-to-right, 1 = right-to-left, higher for nested runs) and the
   level of the paragraph each unit belongs to. `paragraph_level` is 0 or 1 to force the base direction, or
   254 / 255 to take it from the paragraph's first strong character, falling back to left-to-right (254) or
   right-to-left (255) when it has none (ICU's UBIDI_DEFAULT_LTR / _RTL). Returns 0, or -1 when ICU fails. */
int32_t gl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paragraph_level, uint8_t *levels,
                       uint8_t *paragraph_levels);

/* The Unicode Script property of a code point as ICU's UScriptCode (0 = Common, 1 = Inherited), and a code's
   ISO 15924 tag ("Latn", "Arab", …) written into `tag` (5 bytes, NUL-terminated). */
int32_t gl_script_code(uint32_t code_point);
/* The UAX #14 line-break class of a code point (ICU's ULineBreak: 2 = AL, 19 = ID, 23 = NU, …). */
int32_t gl_line_break_class(uint32_t code_point);
void gl_script_tag(int32_t code, char *tag);
/* The script a BCP 47 language is most likely written in (ICU's likely subtags: "hi" → "Deva", "sr" → "Cyrl",
   "zh-TW" → "Hant"), written into `tag` (5 bytes, NUL-terminated). Returns 1, or 0 when ICU knows no script. */
int32_t gl_likely_script(const char *language, char *tag);

/* Hyphenation with libhyphen (Debian's hyphen-* dictionaries, the patterns LibreOffice uses).
   gl_hyphen_load returns NULL when the file cannot be read. gl_hyphen_is_utf8 tells the dictionary's encoding
   (else ISO-8859-1 or another 8-bit set: one byte a character). gl_hyphenate writes `size` flags into `points`:
   points[i] = 1 where the word may break after byte i; it returns 0, or -1 on failure. At least two characters
   stay on each side. */
void *gl_hyphen_load(const char *path);
void gl_hyphen_free(void *dictionary);
int32_t gl_hyphen_is_utf8(const void *dictionary);
int32_t gl_hyphenate(void *dictionary, const char *word, int32_t size, uint8_t *points);

#endif

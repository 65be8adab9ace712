// color_convert.c: the pixel side of color_bridge.c — grey tables, the distinct-colour table for RGB, and the
// identity probe. Everything here runs on a transform color_bridge.c made and owns.

#include "color_convert.h"

#include <stdlib.h>

/// Grey images: the 256 grey levels through the profile once, then a table look-up per pixel.
int gl_cms_convert_gray(cmsHTRANSFORM transform, uint8_t *pixels, size_t count, gl_cms_result *result) {
    uint8_t levels[256], table[256 * 3];
    for (int i = 0; i < 256; i++) levels[i] = (uint8_t)i;
    cmsDoTransform(transform, levels, table, 256);
    int identity = 1;
    for (int i = 0; i < 256 && identity; i++) {
        for (int c = 0; c < 3; c++) if (abs((int)table[i * 3 + c] - i) > 1) identity = 0;
    }
    result->identity = identity;
    if (identity || pixels == NULL) return GL_CMS_OK;
    for (size_t p = 0; p < count; p++) {
        const uint8_t *rgb = table + pixels[p * 4] * 3;
        pixels[p * 4] = rgb[0];
        pixels[p * 4 + 1] = rgb[1];
        pixels[p * 4 + 2] = rgb[2];
    }
    return GL_CMS_OK;
}

/// Colours in the hash table of `convert_rgb`: past this many distinct colours (a photograph, not a UI export) the
/// table is dropped and every pixel goes through lcms2. 2^18 colours make a table of 2^19 slots, 4 MB.
#define GL_CMS_TABLE_BITS 19
#define GL_CMS_TABLE_MAX_COLORS ((size_t)1 << (GL_CMS_TABLE_BITS - 1))

static inline uint32_t slot_of(uint32_t key) { return (key * 2654435761u) >> (32 - GL_CMS_TABLE_BITS); }

/// RGB images. lcms2 2.14's 8-bit transform costs 25 to 50 ns a pixel here (about 70 ms for a 1125 x 2436 phone
/// screen, twenty PNG decodes), while a UI export holds a few thousand distinct colours in long runs. So the distinct
/// colours are gathered first (a run of one colour costs one comparison), converted by lcms2 in one call, and written
/// back through a hash table: the same numbers lcms2 gives pixel by pixel, at a few ns a pixel. An image with more
/// distinct colours than the table holds goes through lcms2 directly.
int gl_cms_convert_rgb(cmsHTRANSFORM transform, uint8_t *pixels, size_t count) {
    uint32_t *keys = count >= 65536 ? calloc((size_t)1 << GL_CMS_TABLE_BITS, sizeof(uint32_t)) : NULL;
    uint32_t *values = keys != NULL ? malloc(sizeof(uint32_t) << GL_CMS_TABLE_BITS) : NULL;
    uint8_t *distinct = values != NULL ? malloc(GL_CMS_TABLE_MAX_COLORS * 4) : NULL;
    size_t colors = 0;
    int use_table = distinct != NULL;
    // Pass 1: every distinct colour into the table (key: RGB with bit 24 set, so 0 means an empty slot).
    uint32_t previous = 0;
    for (size_t p = 0; use_table && p < count; p++) {
        const uint8_t *px = pixels + p * 4;
        uint32_t key = (uint32_t)px[0] | (uint32_t)px[1] << 8 | (uint32_t)px[2] << 16 | 1u << 24;
        if (key == previous) continue;
        previous = key;
        uint32_t slot = slot_of(key);
        while (keys[slot] != 0 && keys[slot] != key) slot = (slot + 1) & ((1u << GL_CMS_TABLE_BITS) - 1);
        if (keys[slot] == key) continue;
        if (colors == GL_CMS_TABLE_MAX_COLORS) { use_table = 0; break; }
        keys[slot] = key;
        values[slot] = (uint32_t)colors;
        uint8_t *entry = distinct + colors * 4;
        entry[0] = px[0]; entry[1] = px[1]; entry[2] = px[2]; entry[3] = 255;
        colors++;
    }
    if (use_table) {
        cmsDoTransform(transform, distinct, distinct, (cmsUInt32Number)colors);
        // Pass 2: each pixel's colour from the table; alpha untouched.
        previous = 0;
        const uint8_t *converted = NULL;
        for (size_t p = 0; p < count; p++) {
            uint8_t *px = pixels + p * 4;
            uint32_t key = (uint32_t)px[0] | (uint32_t)px[1] << 8 | (uint32_t)px[2] << 16 | 1u << 24;
            if (key != previous) {
                previous = key;
                uint32_t slot = slot_of(key);
                while (keys[slot] != key) slot = (slot + 1) & ((1u << GL_CMS_TABLE_BITS) - 1);
                converted = distinct + (size_t)values[slot] * 4;
            }
            px[0] = converted[0]; px[1] = converted[1]; px[2] = converted[2];
        }
    } else {
        // In place: lcms2 reads each pixel before writing it, and input and output have the same layout.
        const size_t chunk = (size_t)1 << 20;   // cmsDoTransform counts pixels in 32 bits
        for (size_t done = 0; done < count; done += chunk) {
            size_t n = count - done < chunk ? count - done : chunk;
            cmsDoTransform(transform, pixels + done * 4, pixels + done * 4, (cmsUInt32Number)n);
        }
    }
    free(keys);
    free(values);
    free(distinct);
    return GL_CMS_OK;
}

void gl_cms_probe(cmsHTRANSFORM transform, uint8_t probe[GL_CMS_PROBE_COLORS * 4], uint8_t reference[GL_CMS_PROBE_COLORS * 4]) {
    static const uint8_t steps[10] = {0, 8, 24, 48, 80, 112, 144, 176, 216, 255};
    size_t n = 0;
    for (int r = 0; r < 10; r++) for (int g = 0; g < 10; g++) for (int b = 0; b < 10; b++, n++) {
        probe[n * 4] = steps[r]; probe[n * 4 + 1] = steps[g]; probe[n * 4 + 2] = steps[b]; probe[n * 4 + 3] = 255;
    }
    cmsDoTransform(transform, probe, reference, GL_CMS_PROBE_COLORS);
}

int gl_cms_within_one_level(const uint8_t *a, const uint8_t *b, size_t bytes) {
    for (size_t i = 0; i < bytes; i++) if (abs((int)a[i] - (int)b[i]) > 1) return 0;
    return 1;
}

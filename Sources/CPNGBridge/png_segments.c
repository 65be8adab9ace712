// png_segments.c: filtering and segment-wise deflate for GhostlinePNG's PNGWriter. See include/png_segments.h.

#include "png_segments.h"

#include <zlib.h>

#include <stdlib.h>
#include <string.h>

struct gl_png_deflater {
    z_stream stream;
    uint8_t *output;
    size_t capacity;
};

gl_png_deflater *gl_png_deflater_create(int level, int strategy) {
    gl_png_deflater *deflater = calloc(1, sizeof *deflater);
    if (deflater == NULL) return NULL;
    // Raw deflate (negative window bits): the writer adds the zlib header and the combined Adler-32 itself.
    // memLevel 8 is zlib's default; the state is about 270 KB and is kept for every segment this deflater does.
    if (deflateInit2(&deflater->stream, level, Z_DEFLATED, -15, 8, strategy) != Z_OK) {
        free(deflater);
        return NULL;
    }
    return deflater;
}

void gl_png_deflater_destroy(gl_png_deflater *deflater) {
    if (deflater == NULL) return;
    deflateEnd(&deflater->stream);
    free(deflater->output);
    free(deflater);
}

void gl_png_filter_up(const uint8_t *rows, const uint8_t *above, size_t row_bytes, uint32_t count, uint8_t *output) {
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = rows + (size_t)y * row_bytes;
        const uint8_t *previous = y == 0 ? above : row - row_bytes;
        uint8_t *out = output + (size_t)y * (row_bytes + 1);
        out[0] = 2;  // PNG filter type 2, Up
        if (previous == NULL) {
            memcpy(out + 1, row, row_bytes);
        } else {
            // A plain loop the compiler vectorises; byte arithmetic wraps modulo 256 as the filter defines.
            for (size_t i = 0; i < row_bytes; i++) out[1 + i] = (uint8_t)(row[i] - previous[i]);
        }
    }
}

int gl_png_deflate_segment(gl_png_deflater *deflater, const uint8_t *input, size_t size, int last,
                           const uint8_t **output, size_t *output_size, uint32_t *adler) {
    z_stream *stream = &deflater->stream;
    if (deflateReset(stream) != Z_OK) return 1;
    // deflateBound covers a finished stream; a sync flush adds an empty stored block (at most 5 bytes more, plus
    // the bits that complete the last byte).
    size_t bound = (size_t)deflateBound(stream, (uLong)size) + 16;
    if (bound > deflater->capacity) {
        uint8_t *grown = realloc(deflater->output, bound);
        if (grown == NULL) return -1;
        deflater->output = grown;
        deflater->capacity = bound;
    }
    stream->next_in = (Bytef *)input;
    stream->next_out = deflater->output;
    stream->avail_out = (uInt)deflater->capacity;
    // zlib counts in uInt (32 bits): a segment larger than that goes in pieces (segments are far smaller).
    const uint8_t *next = input;
    size_t remaining = size;
    int status = Z_OK;
    do {
        uInt piece = remaining > 0x40000000u ? 0x40000000u : (uInt)remaining;
        stream->next_in = (Bytef *)next;
        stream->avail_in = piece;
        next += piece;
        remaining -= piece;
        status = deflate(stream, remaining > 0 ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH));
        // The output has room for the whole bound, so every call consumes its input and completes its flush.
        if (status == Z_STREAM_ERROR || stream->avail_in != 0 || stream->avail_out == 0) return 1;
    } while (remaining > 0);
    if (last && status != Z_STREAM_END) return 1;
    *output = deflater->output;
    *output_size = deflater->capacity - stream->avail_out;
    // Adler-32 over the segment alone; the writer combines the segments' checksums in order.
    uLong sum = adler32(0L, Z_NULL, 0);
    size_t offset = 0;
    while (offset < size) {
        uInt piece = size - offset > 0x40000000u ? 0x40000000u : (uInt)(size - offset);
        sum = adler32(sum, input + offset, piece);
        offset += piece;
    }
    *adler = (uint32_t)sum;
    return 0;
}

uint32_t gl_png_adler32_combine(uint32_t first, uint32_t second, size_t second_size) {
    return (uint32_t)adler32_combine((uLong)first, (uLong)second, (z_off_t)second_size);
}

uint32_t gl_png_crc32(uint32_t crc, const uint8_t *data, size_t size) {
    uLong value = crc;
    size_t offset = 0;
    while (offset < size) {
        uInt piece = size - offset > 0x40000000u ? 0x40000000u : (uInt)(size - offset);
        value = crc32(value, data + offset, piece);
        offset += piece;
    }
    return (uint32_t)value;
}

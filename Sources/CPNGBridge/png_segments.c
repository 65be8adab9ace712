// png_segments.c: filtering and segment-wise deflate for GhostlinePNG's PNGWriter. See include/png_segments.h.

#include "png_segments.h"

#include <isa-l/igzip_lib.h>
#include <zlib.h>

#include <stdlib.h>
#include <string.h>

struct gl_png_deflater {
    int engine;
    z_stream stream;
    int isal_level;
    uint8_t *isal_level_buffer;
    uint32_t isal_level_buffer_size;
    uint8_t *output;
    size_t capacity;
};

gl_png_deflater *gl_png_deflater_create(int engine, int level, int strategy) {
    gl_png_deflater *deflater = calloc(1, sizeof *deflater);
    if (deflater == NULL) return NULL;
    deflater->engine = engine;
    if (engine == GL_PNG_ISAL) {
        static const uint32_t sizes[] = {ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT,
                                         ISAL_DEF_LVL3_DEFAULT};
        if (level < 0 || level > 3) { free(deflater); return NULL; }
        deflater->isal_level = level;
        deflater->isal_level_buffer_size = sizes[level];
        if (sizes[level] > 0) {
            deflater->isal_level_buffer = malloc(sizes[level]);
            if (deflater->isal_level_buffer == NULL) { free(deflater); return NULL; }
        }
        return deflater;
    }
    if (engine != GL_PNG_ZLIB) { free(deflater); return NULL; }
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
    if (deflater->engine == GL_PNG_ZLIB) deflateEnd(&deflater->stream);
    free(deflater->isal_level_buffer);
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

/// Room for a segment's compressed bytes: enough for deflate's worst case (stored blocks, 5 bytes of header per
/// 64 KB) with either engine, and a function of the size alone, so an engine never sees a different buffer for the
/// same input.
static size_t output_bound(size_t size) {
    return size + size / 8 + 1024;
}

static int ensure_capacity(gl_png_deflater *deflater, size_t bound) {
    if (bound <= deflater->capacity) return 0;
    uint8_t *grown = realloc(deflater->output, bound);
    if (grown == NULL) return -1;
    deflater->output = grown;
    deflater->capacity = bound;
    return 0;
}

/// ISA-L's one-call compressor: a non-final segment ends with a full flush (byte-aligned, and no match reaches
/// back into it, which stateless compression never does anyway), the last one with the final block.
static int deflate_isal(gl_png_deflater *deflater, const uint8_t *input, size_t size, int last, size_t room,
                        size_t *written) {
    if (size > UINT32_MAX || room > UINT32_MAX) return 1;
    struct isal_zstream stream;
    // Zeroed first: the init function sets only some fields, and the rest (hist_bits, which sets how far back a
    // match may reach, and parts of the internal state) would otherwise be stack garbage that changes the bytes.
    // The level buffer too, on every call. A deflater compresses whichever segments its thread takes, so anything
    // ISA-L might read from what an earlier segment (or malloc) left there would depend on timing; review images
    // have been seen to differ by a byte between runs, pixels identical (not reproduced in isolation: this removes
    // the one input to the encoder that timing could change).
    memset(&stream, 0, sizeof stream);
    if (deflater->isal_level_buffer != NULL) memset(deflater->isal_level_buffer, 0, deflater->isal_level_buffer_size);
    isal_deflate_stateless_init(&stream);
    stream.level = (uint32_t)deflater->isal_level;
    stream.level_buf = deflater->isal_level_buffer;
    stream.level_buf_size = deflater->isal_level_buffer_size;
    stream.gzip_flag = IGZIP_DEFLATE;
    stream.end_of_stream = last ? 1 : 0;
    stream.flush = last ? NO_FLUSH : FULL_FLUSH;
    stream.next_in = (uint8_t *)input;
    stream.avail_in = (uint32_t)size;
    stream.next_out = deflater->output;
    stream.avail_out = (uint32_t)room;
    int status = isal_deflate_stateless(&stream);
    if (status != COMP_OK || stream.avail_in != 0) return 1;
    *written = room - stream.avail_out;
    return 0;
}

static int deflate_zlib(gl_png_deflater *deflater, const uint8_t *input, size_t size, int last, size_t room,
                        size_t *written) {
    z_stream *stream = &deflater->stream;
    if (deflateReset(stream) != Z_OK) return 1;
    stream->next_out = deflater->output;
    stream->avail_out = room > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uInt)room;
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
    *written = (size_t)(stream->next_out - deflater->output);
    return 0;
}

int gl_png_deflate_segment(gl_png_deflater *deflater, const uint8_t *input, size_t size, int last,
                           const uint8_t **output, size_t *output_size, uint32_t *adler) {
    // The room offered is the bound for this size, never the (larger) buffer an earlier segment left: ISA-L chooses
    // how to compress partly by the room it has, and the bytes must not depend on which segment came before.
    size_t room = output_bound(size);
    if (ensure_capacity(deflater, room) != 0) return -1;
    size_t written = 0;
    int status = deflater->engine == GL_PNG_ISAL ? deflate_isal(deflater, input, size, last, room, &written)
                                                 : deflate_zlib(deflater, input, size, last, room, &written);
    if (status != 0) return status;
    *output = deflater->output;
    *output_size = written;
    // Adler-32 over the segment alone (ISA-L's vectorised sum: the same number as zlib's, several times faster);
    // the writer combines the segments' checksums in order.
    *adler = isal_adler32(1, input, (uint64_t)size);
    return 0;
}

/// zlib, fed a few filtered rows at a time from `scratch`: deflate copies what it is given into its own window
/// before it returns, so the scratch is reused at once, and the bytes are those of one call over the whole segment
/// (zlib's output depends on the input and the flushes asked for, not on how the input was handed over).
static int deflate_zlib_rows(gl_png_deflater *deflater, const uint8_t *rows, const uint8_t *above, size_t row_bytes,
                             uint32_t count, int last, uint8_t *scratch, uint32_t scratch_rows, size_t room,
                             size_t *written, uint32_t *adler) {
    z_stream *stream = &deflater->stream;
    if (deflateReset(stream) != Z_OK) return 1;
    stream->next_out = deflater->output;
    stream->avail_out = room > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uInt)room;
    uint32_t sum = 1;
    int status = Z_OK;
    for (uint32_t first = 0; first < count; first += scratch_rows) {
        uint32_t take = count - first < scratch_rows ? count - first : scratch_rows;
        const uint8_t *from = rows + (size_t)first * row_bytes;
        gl_png_filter_up(from, first == 0 ? above : from - row_bytes, row_bytes, take, scratch);
        size_t size = (size_t)take * (row_bytes + 1);
        if (size > 0x40000000u) return 1;  // the caller sizes the scratch far below zlib's 32-bit counts
        sum = (uint32_t)isal_adler32(sum, scratch, (uint64_t)size);
        stream->next_in = scratch;
        stream->avail_in = (uInt)size;
        int final_piece = first + take == count;
        status = deflate(stream, !final_piece ? Z_NO_FLUSH : (last ? Z_FINISH : Z_SYNC_FLUSH));
        if (status == Z_STREAM_ERROR || stream->avail_in != 0 || stream->avail_out == 0) return 1;
    }
    if (last && status != Z_STREAM_END) return 1;
    *written = (size_t)(stream->next_out - deflater->output);
    *adler = sum;
    return 0;
}

int gl_png_deflate_rows(gl_png_deflater *deflater, const uint8_t *rows, const uint8_t *above, size_t row_bytes,
                        uint32_t count, int last, uint8_t *scratch, uint32_t scratch_rows,
                        const uint8_t **output, size_t *output_size, uint32_t *adler) {
    if (count == 0 || scratch_rows == 0) return 1;
    if (deflater->engine == GL_PNG_ISAL || scratch_rows >= count) {
        // ISA-L's stateless compressor needs the whole segment at once: the scratch holds every row.
        if (scratch_rows < count) return 1;
        gl_png_filter_up(rows, above, row_bytes, count, scratch);
        return gl_png_deflate_segment(deflater, scratch, (size_t)count * (row_bytes + 1), last, output, output_size, adler);
    }
    size_t room = output_bound((size_t)count * (row_bytes + 1));
    if (ensure_capacity(deflater, room) != 0) return -1;
    size_t written = 0;
    int status = deflate_zlib_rows(deflater, rows, above, row_bytes, count, last, scratch, scratch_rows, room,
                                   &written, adler);
    if (status != 0) return status;
    *output = deflater->output;
    *output_size = written;
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

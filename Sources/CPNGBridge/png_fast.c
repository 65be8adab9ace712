// png_fast.c: the common case of PNG decoding without libpng. See include/png_fast.h for the contract.
//
// Why: a phone-sized design export (1170 × 2532, 8-bit RGBA) took libpng 11 ms to decode, 8 of them in zlib's
// inflate. ISA-L's inflate does the same stream in under 3, and the five PNG filters are a short loop. So the plain
// files design tools and Ghostline write (8-bit RGB or RGBA, not interlaced) are decoded here, and everything else,
// and every file with anything unusual or wrong in it, goes to libpng, which decides what the file means and what
// its error is. The rule that keeps the two in agreement: this decoder accepts a file only when every check below
// passes, and each of them is a check libpng makes too, so a file accepted here is one libpng accepts, with the
// same pixels. The fuzz target `png` holds it to that on every input it generates.

#include "png_fast.h"

#include <isa-l/igzip_lib.h>
#include <zlib.h>

#include <stdlib.h>
#include <string.h>

static uint32_t be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int is_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/// A chunk of the file: where its data is, and its type. Only complete chunks with a correct CRC are returned.
typedef struct chunk {
    const uint8_t *data;
    uint32_t length;
    uint8_t type[4];
} chunk;

/// The chunk at `*offset`, advancing past it; 0 when the file ends inside it, its name is not four letters, its
/// length is over PNG's 2³¹ − 1, or its CRC is wrong.
static int next_chunk(const uint8_t *file, size_t size, size_t *offset, chunk *out) {
    if (size - *offset < 12) return 0;
    const uint8_t *start = file + *offset;
    uint32_t length = be32(start);
    if (length > 0x7FFFFFFFu || (size_t)length > size - *offset - 12) return 0;
    for (int i = 0; i < 4; i++) if (!is_letter(start[4 + i])) return 0;
    uLong crc = crc32(0, start + 4, 4 + length);
    if ((uint32_t)crc != be32(start + 8 + length)) return 0;
    out->data = start + 8;
    out->length = length;
    memcpy(out->type, start + 4, 4);
    *offset += 12 + (size_t)length;
    return 1;
}

static int is_type(const chunk *c, const char *name) { return memcmp(c->type, name, 4) == 0; }

/// Undoes one row's filter: `src` holds the filtered bytes, `dst` receives the row, `above` is the unfiltered row
/// above (NULL for the first row, which PNG treats as zeros). Returns 0 for a filter type PNG does not define.
static int unfilter(uint8_t type, const uint8_t *src, uint8_t *dst, const uint8_t *above, size_t length, size_t bpp) {
    size_t i;
    switch (type) {
    case 0:
        memcpy(dst, src, length);
        return 1;
    case 2:
        if (above == NULL) { memcpy(dst, src, length); return 1; }
        for (i = 0; i < length; i++) dst[i] = (uint8_t)(src[i] + above[i]);
        return 1;
    case 1:
        for (i = 0; i < bpp; i++) dst[i] = src[i];
        for (; i < length; i++) dst[i] = (uint8_t)(src[i] + dst[i - bpp]);
        return 1;
    case 3:
        for (i = 0; i < bpp; i++) dst[i] = (uint8_t)(src[i] + (above == NULL ? 0 : above[i] >> 1));
        if (above == NULL) {
            for (; i < length; i++) dst[i] = (uint8_t)(src[i] + (dst[i - bpp] >> 1));
        } else {
            for (; i < length; i++) dst[i] = (uint8_t)(src[i] + ((dst[i - bpp] + above[i]) >> 1));
        }
        return 1;
    case 4:
        // Paeth: of the left, upper and upper-left neighbours, the one nearest to left + upper − upper-left, ties
        // going in that order. With no row above, that is always the left one (the Sub filter).
        for (i = 0; i < bpp; i++) dst[i] = (uint8_t)(src[i] + (above == NULL ? 0 : above[i]));
        if (above == NULL) {
            for (; i < length; i++) dst[i] = (uint8_t)(src[i] + dst[i - bpp]);
        } else {
            for (; i < length; i++) {
                int a = dst[i - bpp], b = above[i], c = above[i - bpp];
                int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
                int predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                dst[i] = (uint8_t)(src[i] + predictor);
            }
        }
        return 1;
    default:
        return 0;
    }
}

/// The inflater and the IDAT chunks it reads from, one after another.
typedef struct idat_reader {
    struct inflate_state state;
    const uint8_t *file;
    size_t size;
    /// The offset of the chunk after the current IDAT.
    size_t offset;
    /// Set once a chunk that is not IDAT follows the IDATs; kept for the checks after the image data.
    chunk after;
    int has_after;
} idat_reader;

/// Gives the inflater the next IDAT's data when it has used up the current one; 0 at the end of the IDATs.
static int refill(idat_reader *reader) {
    while (reader->state.avail_in == 0 && !reader->has_after) {
        chunk c;
        if (!next_chunk(reader->file, reader->size, &reader->offset, &c)) return 0;
        if (!is_type(&c, "IDAT")) {
            reader->after = c;
            reader->has_after = 1;
            return 0;
        }
        reader->state.next_in = (uint8_t *)c.data;
        reader->state.avail_in = c.length;
    }
    return reader->state.avail_in > 0;
}

/// One call of the inflater; 0 for a damaged stream, or a call that neither read nor wrote anything nor finished
/// the stream (so no loop around it can spin).
static int step(idat_reader *reader) {
    uint32_t in = reader->state.avail_in, out = reader->state.avail_out;
    if (isal_inflate(&reader->state) != ISAL_DECOMP_OK) return 0;
    return reader->state.avail_in != in || reader->state.avail_out != out ||
           reader->state.block_state == ISAL_BLOCK_FINISH;
}

/// Inflates exactly `length` bytes into `out`; 0 if the stream is damaged or ends first.
static int inflate_exactly(idat_reader *reader, uint8_t *out, size_t length) {
    reader->state.next_out = out;
    reader->state.avail_out = (uint32_t)length;
    while (reader->state.avail_out > 0) {
        if (reader->state.block_state == ISAL_BLOCK_FINISH) return 0;
        // At the end of the IDATs ISA-L may still hold bits it has read and not decoded: the call goes ahead, and
        // fails if it makes no progress.
        if (reader->state.avail_in == 0) refill(reader);
        if (!step(reader)) return 0;
    }
    return 1;
}

static int decode(idat_reader *reader, const uint8_t *file, size_t size, uint32_t width, uint32_t height,
                  uint8_t *pixels, size_t pixels_size);

int gl_png_fast_decode_rgba8(const uint8_t *file, size_t size, uint32_t width, uint32_t height, uint8_t *pixels,
                             size_t pixels_size) {
    // On the heap: ISA-L's state is 87 KB, too much for the small stacks of Dispatch's worker threads.
    idat_reader *reader = malloc(sizeof *reader);
    if (reader == NULL) return 0;
    int taken = decode(reader, file, size, width, height, pixels, pixels_size);
    free(reader);
    return taken;
}

static int decode(idat_reader *reader, const uint8_t *file, size_t size, uint32_t width, uint32_t height,
                  uint8_t *pixels, size_t pixels_size) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    if (file == NULL || pixels == NULL || size < 8 || memcmp(file, signature, 8) != 0) return 0;
    if (width == 0 || height == 0 || width > 0x7FFFFFFFu / 4 || pixels_size / 4 / width != height ||
        pixels_size != (size_t)width * 4 * height) return 0;
    size_t offset = 8;
    chunk c;
    // IHDR first: 8-bit RGB (colour type 2) or RGBA (6), deflate, the adaptive filters, not interlaced.
    if (!next_chunk(file, size, &offset, &c) || !is_type(&c, "IHDR") || c.length != 13) return 0;
    if (be32(c.data) != width || be32(c.data + 4) != height || c.data[8] != 8 || (c.data[9] != 2 && c.data[9] != 6) ||
        c.data[10] != 0 || c.data[11] != 0 || c.data[12] != 0) return 0;
    size_t bpp = c.data[9] == 6 ? 4 : 3;
    // Then ancillary chunks (skipped, as the libpng reader skips them) up to the first IDAT. PLTE (a suggested
    // palette), tRNS (a transparent colour), a second IHDR or any other critical chunk: libpng's business.
    for (;;) {
        if (!next_chunk(file, size, &offset, &c)) return 0;
        if (is_type(&c, "IDAT")) break;
        if (!(c.type[0] & 0x20) || is_type(&c, "tRNS")) return 0;
    }

    memset(reader, 0, sizeof *reader);
    reader->file = file;
    reader->size = size;
    reader->offset = offset;
    // The zlib header (RFC 1950): deflate with a window of at most 32 KB, no preset dictionary, check bits right.
    // It may be split over IDATs like the rest of the stream.
    uint8_t header[2];
    size_t have = 0;
    const uint8_t *next = c.data;
    uint32_t left = c.length;
    while (have < 2) {
        while (left == 0) {
            if (!next_chunk(file, size, &reader->offset, &c) || !is_type(&c, "IDAT")) return 0;
            next = c.data;
            left = c.length;
        }
        header[have++] = *next++;
        left--;
    }
    if ((header[0] & 0x0F) != 8 || (header[0] >> 4) > 7 || (header[1] & 0x20) != 0 ||
        ((unsigned)header[0] << 8 | header[1]) % 31 != 0) return 0;
    isal_inflate_init(&reader->state);
    reader->state.crc_flag = ISAL_DEFLATE;
    reader->state.next_in = (uint8_t *)next;
    reader->state.avail_in = left;

    size_t row_bytes = (size_t)width * bpp;
    size_t stride = row_bytes + 1;
    size_t out_bytes = (size_t)width * 4;
    // Rows are inflated about 64 KB at a time with their filter bytes, then unfiltered: RGBA straight into the
    // pixels, RGB into two row buffers (this one and the one above) and widened with alpha 255.
    size_t block_rows = stride >= (64 << 10) ? 1 : (64 << 10) / stride;
    if (block_rows > height) block_rows = height;
    uint8_t *block = malloc(block_rows * stride);
    uint8_t *rgb = bpp == 3 ? malloc(2 * row_bytes) : NULL;
    int ok = block != NULL && (bpp == 4 || rgb != NULL);
    for (uint32_t y = 0; y < height && ok;) {
        size_t count = height - y < block_rows ? height - y : block_rows;
        ok = inflate_exactly(reader, block, count * stride);
        for (size_t j = 0; j < count && ok; j++, y++) {
            const uint8_t *src = block + j * stride;
            uint8_t *out = pixels + (size_t)y * out_bytes;
            uint8_t *row = bpp == 4 ? out : rgb + (y % 2) * row_bytes;
            const uint8_t *above = y == 0 ? NULL : bpp == 4 ? out - out_bytes : rgb + ((y + 1) % 2) * row_bytes;
            ok = unfilter(src[0], src + 1, row, above, row_bytes, bpp);
            if (ok && bpp == 3) {
                for (size_t x = 0; x < width; x++) {
                    out[4 * x] = row[3 * x];
                    out[4 * x + 1] = row[3 * x + 1];
                    out[4 * x + 2] = row[3 * x + 2];
                    out[4 * x + 3] = 255;
                }
            }
        }
    }
    free(block);
    free(rgb);
    if (!ok) return 0;
    // The deflate stream must end exactly here: one more call finishes its last block (its Adler-32 is not checked,
    // as the libpng reader does not check it: every IDAT's CRC already has).
    if (reader->state.block_state != ISAL_BLOCK_FINISH) {
        uint8_t spare;
        reader->state.next_out = &spare;
        reader->state.avail_out = 1;
        do {
            if (reader->state.avail_in == 0) refill(reader);
            if (!step(reader)) return 0;
        } while (reader->state.block_state != ISAL_BLOCK_FINISH && reader->state.avail_out == 1);
        if (reader->state.block_state != ISAL_BLOCK_FINISH || reader->state.avail_out != 1) return 0;
    }
    // What is left: the rest of the IDATs, which must hold at least the 4 bytes of the Adler-32 (zlib, under libpng,
    // reads them even when it does not check them, and a stream without them is an error there), then ancillary
    // chunks and IEND, every CRC right. The trailer's first bytes may already sit in ISA-L's bit buffer.
    size_t trailer = reader->state.avail_in + (size_t)(reader->state.read_in_length > 0 ? reader->state.read_in_length / 8 : 0);
    while (!reader->has_after) {
        if (!next_chunk(file, size, &reader->offset, &c)) return 0;
        if (!is_type(&c, "IDAT")) { reader->after = c; reader->has_after = 1; } else { trailer += c.length; }
    }
    if (trailer < 4) return 0;
    c = reader->after;
    for (;;) {
        if (is_type(&c, "IEND")) return c.length == 0;
        if (!(c.type[0] & 0x20) || is_type(&c, "tRNS")) return 0;
        if (!next_chunk(file, size, &reader->offset, &c)) return 0;
    }
}

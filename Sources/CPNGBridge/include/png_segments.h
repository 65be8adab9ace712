// png_segments.h: the pieces of a PNG encoder that can run on several threads at once, over zlib.
//
// A PNG's image data is one zlib stream split over IDAT chunks. GhostlinePNG's PNGWriter cuts the filtered rows
// into segments at fixed row counts and deflates each segment on its own (as pigz does): every segment but the
// last ends with a sync flush, so the raw deflate outputs join into one valid stream, and the Adler-32 of the whole
// is combined from the segments' own. A segment never depends on another, so they can be compressed in any order,
// on any number of threads, and the bytes are the same: they depend only on the pixels, the segment size (fixed
// by the image's width) and the level and strategy.
//
// Nothing here longjmps and nothing allocates behind the caller's back except inside a gl_png_deflater.

#ifndef GHOSTLINE_PNG_SEGMENTS_H
#define GHOSTLINE_PNG_SEGMENTS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One compressor, reused segment after segment (deflateReset, not a new 300 KB state each time). Opaque; one
/// thread at a time.
typedef struct gl_png_deflater gl_png_deflater;

/// The deflate implementations a deflater can use.
enum {
    /// zlib: the same bytes wherever the same zlib version runs.
    GL_PNG_ZLIB = 0,
    /// Intel ISA-L's igzip, levels 0…3: several times zlib's speed. It picks its code for the CPU at run time, so its
    /// bytes are the same on one machine every time, and may differ between CPU families.
    GL_PNG_ISAL = 1,
};

/// A compressor using `engine` at `level` (zlib 0…9, ISA-L 0…3) and, for zlib, `strategy` (Z_DEFAULT_STRATEGY 0,
/// Z_FILTERED 1, Z_RLE 3); raw deflate with a 32 KB window. NULL when out of memory or the arguments are out of range.
gl_png_deflater *gl_png_deflater_create(int engine, int level, int strategy);

void gl_png_deflater_destroy(gl_png_deflater *deflater);

/// Filters `count` RGBA8 rows of `row_bytes` each with PNG's Up filter into `output` (`count × (1 + row_bytes)`
/// bytes: the filter byte 2, then each byte minus the one above it). `above` is the row above the first one, or
/// NULL for the image's first row (which then is written unchanged, as Up defines it).
void gl_png_filter_up(const uint8_t *rows, const uint8_t *above, size_t row_bytes, uint32_t count, uint8_t *output);

/// Deflates `size` bytes as one segment of a zlib stream: ending in a sync flush (byte-aligned, not final) unless
/// `last`, when it finishes the stream. On success returns 0 and sets `*output`/`*output_size` to bytes inside the
/// deflater (valid until its next call) and `*adler` to the Adler-32 of the input alone. Returns -1 when out of
/// memory, and 1 on a zlib error (a bug, not a property of the pixels).
int gl_png_deflate_segment(gl_png_deflater *deflater, const uint8_t *input, size_t size, int last,
                           const uint8_t **output, size_t *output_size, uint32_t *adler);

/// Filters `count` rows with the Up filter and deflates them as one segment, as `gl_png_filter_up` and then
/// `gl_png_deflate_segment` would, with the same bytes, but through `scratch` (room for `scratch_rows` filtered
/// rows) a few rows at a time, so the filtered segment never exists whole: for zlib a scratch of a few rows does.
/// ISA-L's one-call compressor needs the whole segment, so with it (or when `count` rows fit) `scratch_rows` must be
/// at least `count`. Returns as `gl_png_deflate_segment`, and 1 for a scratch too small.
int gl_png_deflate_rows(gl_png_deflater *deflater, const uint8_t *rows, const uint8_t *above, size_t row_bytes,
                        uint32_t count, int last, uint8_t *scratch, uint32_t scratch_rows,
                        const uint8_t **output, size_t *output_size, uint32_t *adler);
/// The Adler-32 of two pieces joined, from each one's checksum and the second one's length (zlib's adler32_combine).
uint32_t gl_png_adler32_combine(uint32_t first, uint32_t second, size_t second_size);

/// CRC-32 as PNG chunks use it, continued from `crc` (0 to start).
uint32_t gl_png_crc32(uint32_t crc, const uint8_t *data, size_t size);

#ifdef __cplusplus
}
#endif

#endif

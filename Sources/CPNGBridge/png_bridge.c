// png_bridge.c: libpng behind a setjmp boundary Swift never sees. See include/png_bridge.h for the contract.
//
// Layout of every operation: a public function owns a `bridge_context` on its stack and calls a `guarded_*`
// helper. The helper calls setjmp() and then libpng; libpng's error function longjmps back into the helper,
// which returns the failure status. The public function then destroys whatever libpng structs the context
// holds. Keeping the context in the caller's frame (not the frame that calls setjmp) means nothing read after
// the longjmp is an automatic variable of the setjmp frame, so no `volatile` juggling is needed.

#include "png_bridge.h"
#include "png_fast.h"

#include <png.h>
#include <zlib.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Cap on memory libpng may allocate for one ancillary chunk. We skip every ancillary chunk except tRNS, whose
/// data is at most 256 bytes, so this only matters if that ever changes; it stops a crafted chunk (say a
/// compressed iCCP that inflates to gigabytes) from costing more than this.
#define GL_PNG_CHUNK_MALLOC_MAX ((png_alloc_size_t)4 * 1024 * 1024)

typedef struct bridge_context {
    jmp_buf jump;
    /// Status to return after a longjmp. The error function turns GL_PNG_OK into GL_PNG_CORRUPT; the read
    /// callback sets GL_PNG_TRUNCATED before raising the error.
    int failure_status;
    char *error;
    size_t error_capacity;
    /// The last libpng warning of this operation. libpng sometimes explains an error only in a warning issued
    /// just before it ("Invalid bit depth in IHDR", then the error "Invalid IHDR data"), so errors quote it.
    char last_warning[128];

    png_structp png;
    png_infop info;

    // Reading: the whole file is in memory.
    /// Set once every row has been decoded: running out of data after that only loses the trailing chunks.
    int reading_end;
    const uint8_t *input;
    size_t input_size;
    size_t input_offset;
} bridge_context;

static void context_init(bridge_context *ctx, char *error, size_t error_capacity) {
    memset(ctx, 0, sizeof *ctx);
    ctx->failure_status = GL_PNG_OK;
    ctx->error = error;
    ctx->error_capacity = error_capacity;
    if (error != NULL && error_capacity > 0) error[0] = '\0';
}

/// Writes a one-line message into the caller's buffer: control characters (a newline in a libpng message,
/// or bytes from a chunk name in a damaged file) become spaces so Swift can embed it in a one-line description.
static void set_message(bridge_context *ctx, const char *format, ...) {
    if (ctx->error == NULL || ctx->error_capacity == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(ctx->error, ctx->error_capacity, format, args);
    va_end(args);
    for (char *p = ctx->error; *p != '\0'; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f) *p = ' ';
    }
}

static void bridge_error(png_structp png, png_const_charp message) {
    bridge_context *ctx = (bridge_context *)png_get_error_ptr(png);
    if (ctx->failure_status == GL_PNG_OK) ctx->failure_status = GL_PNG_CORRUPT;
    const char *text = message != NULL ? message : "unknown libpng error";
    if (ctx->last_warning[0] != '\0' && ctx->failure_status == GL_PNG_CORRUPT) {
        set_message(ctx, "%s: %s", text, ctx->last_warning);
    } else {
        set_message(ctx, "%s", text);
    }
    longjmp(ctx->jump, 1);
}

/// libpng warns about things it recovers from (a bad CRC in an ancillary chunk, extra compressed data). Those
/// don't change pixels, and printing to stderr from a library would garble CLI output, so warnings are only
/// remembered, in case an error follows that needs them as explanation.
static void bridge_warning(png_structp png, png_const_charp message) {
    bridge_context *ctx = (bridge_context *)png_get_error_ptr(png);
    if (message != NULL) snprintf(ctx->last_warning, sizeof ctx->last_warning, "%s", message);
}

static void read_from_memory(png_structp png, png_bytep destination, size_t length) {
    bridge_context *ctx = (bridge_context *)png_get_io_ptr(png);
    size_t remaining = ctx->input_size - ctx->input_offset;
    if (length > remaining) {
        if (ctx->reading_end) {
            ctx->failure_status = GL_PNG_MISSING_END;
            png_error(png, "the file ends without its IEND chunk");
        }
        ctx->failure_status = GL_PNG_TRUNCATED;
        png_error(png, "the file ends before the PNG data does");
    }
    memcpy(destination, ctx->input + ctx->input_offset, length);
    ctx->input_offset += length;
}

/// Returns GL_PNG_OK if `data` starts with the PNG signature, GL_PNG_TRUNCATED if it is a strict non-empty
/// prefix of it (a file cut off in its first 8 bytes), GL_PNG_NOT_PNG otherwise.
static int check_signature(bridge_context *ctx, const uint8_t *data, size_t size) {
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    size_t compared = size < 8 ? size : 8;
    if (size == 0 || data == NULL) {
        set_message(ctx, "the file is empty");
        return GL_PNG_NOT_PNG;
    }
    if (memcmp(data, signature, compared) != 0) {
        set_message(ctx, "the file does not start with the PNG signature");
        return GL_PNG_NOT_PNG;
    }
    if (size < 8) {
        set_message(ctx, "the file ends inside the PNG signature");
        return GL_PNG_TRUNCATED;
    }
    return GL_PNG_OK;
}

/// Creates the read structs and sets up input and limits. Called after setjmp: libpng may raise errors here.
static int start_reading(bridge_context *ctx, const uint8_t *data, size_t size, png_uint_32 max_side) {
    ctx->input = data;
    ctx->input_size = size;
    ctx->input_offset = 0;
    ctx->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, ctx, bridge_error, bridge_warning);
    if (ctx->png == NULL) {
        set_message(ctx, "libpng could not allocate its read state");
        return GL_PNG_NO_MEMORY;
    }
    ctx->info = png_create_info_struct(ctx->png);
    if (ctx->info == NULL) {
        set_message(ctx, "libpng could not allocate its info state");
        return GL_PNG_NO_MEMORY;
    }
    png_set_read_fn(ctx->png, ctx, read_from_memory);
    // libpng refuses an IHDR beyond these in png_read_info, before any row memory exists.
    png_set_user_limits(ctx->png, max_side, max_side);
    png_set_chunk_malloc_max(ctx->png, GL_PNG_CHUNK_MALLOC_MAX);
    // Skip every ancillary chunk except tRNS (a negative count means "all known chunks but IHDR, PLTE, tRNS,
    // IDAT and IEND, and all unknown ones"). This is how gAMA, cHRM, sRGB, iCCP and eXIf are ignored: they are
    // never parsed, so they can neither change pixels nor cost memory. Critical unknown chunks still fail.
    png_set_keep_unknown_chunks(ctx->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
#if defined(PNG_IGNORE_ADLER32)
    // zlib's Adler-32 over the inflated rows repeats what every IDAT chunk's CRC already guarantees (the
    // compressed bytes arrived intact); skipping it saves ~5 ms on a phone-sized export. Damaged or truncated
    // data still fails: the CRCs are checked and inflate still rejects a broken stream.
    png_set_option(ctx->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    return GL_PNG_OK;
}

static void finish_reading(bridge_context *ctx) {
    if (ctx->png != NULL) {
        png_destroy_read_struct(&ctx->png, ctx->info != NULL ? &ctx->info : NULL, NULL);
    }
    ctx->png = NULL;
    ctx->info = NULL;
}

static int guarded_read_header(bridge_context *ctx, const uint8_t *data, size_t size, gl_png_header *header) {
    if (setjmp(ctx->jump) != 0) return ctx->failure_status;
    int status = start_reading(ctx, data, size, PNG_UINT_31_MAX);
    if (status != GL_PNG_OK) return status;
    png_read_info(ctx->png, ctx->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(ctx->png, ctx->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    header->width = width;
    header->height = height;
    header->bit_depth = bit_depth;
    header->color_type = color_type;
    header->interlaced = interlace != PNG_INTERLACE_NONE ? 1 : 0;
    return GL_PNG_OK;
}

int gl_png_read_header(const uint8_t *data, size_t size, gl_png_header *header, char *error, size_t error_capacity) {
    bridge_context ctx;
    context_init(&ctx, error, error_capacity);
    if (header == NULL) {
        set_message(&ctx, "no header destination");
        return GL_PNG_BAD_ARGUMENT;
    }
    memset(header, 0, sizeof *header);
    int status = check_signature(&ctx, data, size);
    if (status != GL_PNG_OK) return status;
    status = guarded_read_header(&ctx, data, size, header);
    finish_reading(&ctx);
    return status;
}

/// Sets libpng's transformations so every colour type and depth comes out as 8-bit RGBA rows of `row_bytes`.
static int configure_rgba8(bridge_context *ctx, int color_type, int bit_depth, size_t row_bytes, int *passes) {
    png_structp png = ctx->png;
    png_infop info = ctx->info;
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    // Palette tRNS becomes per-entry alpha; a gray or RGB tRNS colour key becomes alpha 0 on matching pixels.
    if (has_trns) png_set_tRNS_to_alpha(png);
    // Round to nearest (png_set_strip_16 would truncate and darken every 16-bit export by up to one step).
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    *passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes || png_get_channels(png, info) != 4 ||
        png_get_bit_depth(png, info) != 8) {
        set_message(ctx, "libpng did not produce 8-bit RGBA rows (colour type %d, bit depth %d)",
                    color_type, bit_depth);
        return GL_PNG_CORRUPT;
    }
    return GL_PNG_OK;
}

static int guarded_decode(bridge_context *ctx, const uint8_t *data, size_t size, png_uint_32 max_side,
                          png_uint_32 expected_width, png_uint_32 expected_height,
                          uint8_t *pixels, size_t pixels_size) {
    if (setjmp(ctx->jump) != 0) return ctx->failure_status;
    int status = start_reading(ctx, data, size, max_side);
    if (status != GL_PNG_OK) return status;
    png_structp png = ctx->png;
    png_infop info = ctx->info;
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    // Phase 1 in gl_png_decode_rgba8 has already refused an oversize image, and png_set_user_limits would stop
    // one inside png_read_info; this third check keeps the refusal independent of both (and of how libpng was
    // built), because the rows below are written into a buffer sized from the caller's width and height.
    if (width > max_side || height > max_side) {
        set_message(ctx, "the image is %lu x %lu px, over the limit of %lu px a side",
                    (unsigned long)width, (unsigned long)height, (unsigned long)max_side);
        return GL_PNG_TOO_LARGE;
    }
    if (width != expected_width || height != expected_height) {
        set_message(ctx, "the caller expected %lu x %lu px but IHDR says %lu x %lu",
                    (unsigned long)expected_width, (unsigned long)expected_height,
                    (unsigned long)width, (unsigned long)height);
        return GL_PNG_BAD_ARGUMENT;
    }
    size_t row_bytes = (size_t)width * 4;
    if (pixels == NULL || height == 0 || row_bytes > SIZE_MAX / height || pixels_size != row_bytes * height) {
        set_message(ctx, "the pixel buffer does not hold %lu x %lu RGBA pixels",
                    (unsigned long)width, (unsigned long)height);
        return GL_PNG_BAD_ARGUMENT;
    }

    int passes = 0;
    status = configure_rgba8(ctx, color_type, bit_depth, row_bytes, &passes);
    if (status != GL_PNG_OK) return status;

    // For an interlaced image each pass calls png_read_row once per row of the whole image; libpng writes only
    // that pass's pixels into the row, so all passes land in place in the caller's buffer. No row-pointer
    // array and no other allocation is needed here.
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, pixels + (size_t)y * row_bytes, NULL);
        }
    }
    // The last row has finished the zlib stream and checked the last IDAT's CRC. Read up to IEND so that damage
    // after the image data is still found; a file that merely ends there comes back as GL_PNG_MISSING_END.
    ctx->reading_end = 1;
    png_read_end(png, NULL);
    return GL_PNG_OK;
}

static int decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side, uint32_t width, uint32_t height,
                        uint8_t *pixels, size_t pixels_size, char *error, size_t error_capacity, int fast) {
    bridge_context ctx;
    context_init(&ctx, error, error_capacity);
    if (max_side == 0 || max_side > PNG_UINT_31_MAX) {
        set_message(&ctx, "the size limit must be between 1 and %lu", (unsigned long)PNG_UINT_31_MAX);
        return GL_PNG_BAD_ARGUMENT;
    }
    int status = check_signature(&ctx, data, size);
    if (status != GL_PNG_OK) return status;
    // Phase 1: IHDR only, with libpng's limits wide open so an oversize image is reported as GL_PNG_TOO_LARGE
    // with its real size (libpng's own limit would only say "exceeds user limit").
    gl_png_header header;
    memset(&header, 0, sizeof header);
    status = guarded_read_header(&ctx, data, size, &header);
    finish_reading(&ctx);
    if (status != GL_PNG_OK) return status;
    if (header.width > max_side || header.height > max_side) {
        set_message(&ctx, "the image is %lu x %lu px, over the limit of %lu px a side",
                    (unsigned long)header.width, (unsigned long)header.height, (unsigned long)max_side);
        return GL_PNG_TOO_LARGE;
    }
    // Phase 2: the pixels. The common file (8-bit RGB or RGBA, nothing unusual) without libpng, about twice as fast
    // (png_fast.h: 5 ms against libpng's 11 for a phone-sized render); anything else, or anything wrong, with
    // libpng and png_set_user_limits(max_side) as a second guard.
    if (fast && gl_png_fast_decode_rgba8(data, size, width, height, pixels, pixels_size)) return GL_PNG_OK;
    context_init(&ctx, error, error_capacity);
    status = guarded_decode(&ctx, data, size, max_side, width, height, pixels, pixels_size);
    finish_reading(&ctx);
    return status;
}

int gl_png_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                        uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                        char *error, size_t error_capacity) {
    return decode_rgba8(data, size, max_side, width, height, pixels, pixels_size, error, error_capacity, 1);
}

int gl_png_decode_rgba8_libpng(const uint8_t *data, size_t size, uint32_t max_side,
                               uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                               char *error, size_t error_capacity) {
    return decode_rgba8(data, size, max_side, width, height, pixels, pixels_size, error, error_capacity, 0);
}

// MARK: Row streaming

/// A decoder that hands out rows a few at a time, for comparisons that never need a whole image in memory.
/// It owns a copy of the file's bytes and libpng's state; every call sets its own setjmp before entering libpng.
struct gl_png_stream {
    bridge_context ctx;
    uint8_t *data;
    size_t size;
    uint32_t width;
    uint32_t height;
    uint32_t next_row;
};

static int guarded_stream_open(gl_png_stream *stream, uint32_t max_side) {
    bridge_context *ctx = &stream->ctx;
    if (setjmp(ctx->jump) != 0) return ctx->failure_status;
    int status = start_reading(ctx, stream->data, stream->size, max_side);
    if (status != GL_PNG_OK) return status;
    png_read_info(ctx->png, ctx->info);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(ctx->png, ctx->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    if (width > max_side || height > max_side) {
        set_message(ctx, "the image is %lu x %lu px, over the limit of %lu px a side",
                    (unsigned long)width, (unsigned long)height, (unsigned long)max_side);
        return GL_PNG_TOO_LARGE;
    }
    if (interlace != PNG_INTERLACE_NONE) {
        set_message(ctx, "interlaced images cannot be read row by row");
        return GL_PNG_INTERLACED;
    }
    int passes = 0;
    status = configure_rgba8(ctx, color_type, bit_depth, (size_t)width * 4, &passes);
    if (status != GL_PNG_OK) return status;
    stream->width = width;
    stream->height = height;
    return GL_PNG_OK;
}

int gl_png_stream_open(const uint8_t *data, size_t size, uint32_t max_side, gl_png_stream **stream_out,
                       uint32_t *width, uint32_t *height, char *error, size_t error_capacity) {
    *stream_out = NULL;
    gl_png_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return GL_PNG_NO_MEMORY;
    context_init(&stream->ctx, error, error_capacity);
    int status = check_signature(&stream->ctx, data, size);
    if (status != GL_PNG_OK) { free(stream); return status; }
    stream->data = malloc(size);
    if (stream->data == NULL) { free(stream); return GL_PNG_NO_MEMORY; }
    memcpy(stream->data, data, size);
    stream->size = size;
    status = guarded_stream_open(stream, max_side);
    if (status != GL_PNG_OK) { gl_png_stream_close(stream); return status; }
    *width = stream->width;
    *height = stream->height;
    *stream_out = stream;
    return GL_PNG_OK;
}

static int guarded_stream_rows(gl_png_stream *stream, uint8_t *rows, uint32_t count) {
    bridge_context *ctx = &stream->ctx;
    if (setjmp(ctx->jump) != 0) return ctx->failure_status;
    size_t row_bytes = (size_t)stream->width * 4;
    for (uint32_t i = 0; i < count; i++) {
        png_read_row(ctx->png, rows + (size_t)i * row_bytes, NULL);
    }
    stream->next_row += count;
    // After the last row, read to IEND so the last IDAT's CRC is checked, as the whole-image decoder does.
    if (stream->next_row == stream->height) {
        ctx->reading_end = 1;
        png_read_end(ctx->png, NULL);
    }
    return GL_PNG_OK;
}

int gl_png_stream_read_rows(gl_png_stream *stream, uint8_t *rows, uint32_t count, char *error, size_t error_capacity) {
    if (stream == NULL || rows == NULL || count > stream->height - stream->next_row) return GL_PNG_BAD_ARGUMENT;
    stream->ctx.error = error;
    stream->ctx.error_capacity = error_capacity;
    if (error != NULL && error_capacity > 0) error[0] = '\0';
    return guarded_stream_rows(stream, rows, count);
}

void gl_png_stream_close(gl_png_stream *stream) {
    if (stream == NULL) return;
    finish_reading(&stream->ctx);
    free(stream->data);
    free(stream);
}

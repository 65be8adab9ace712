// jpeg_bridge.c: libjpeg behind a setjmp boundary Swift never sees. See include/jpeg_bridge.h for the contract.
//
// Same layout as png_bridge.c: a public function owns a `bridge_context` on its stack and calls a `guarded_*`
// helper, which calls setjmp() and then libjpeg. libjpeg's error_exit (and our emit_message, for the warnings that
// mean lost data) longjmp back into the helper, which returns the failure status; the public function then
// destroys the decompressor. Nothing read after the longjmp lives in the setjmp frame.

#include "jpeg_bridge.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/// Working memory libjpeg may use besides the output rows: the coefficient buffers of a progressive file are
/// 2 bytes per sample (a 16384 x 16384 4:2:0 file needs 768 MiB). A file that needs more is refused rather than
/// allowed to take the machine's memory; libjpeg-turbo reports it as "backing store not supported".
#define GL_JPEG_WORKING_MEMORY_MAX (1024L * 1024L * 1024L)

/// A progressive JPEG can hold any number of scans, and each one makes libjpeg walk the whole coefficient buffer:
/// a small crafted file with thousands of tiny scans takes minutes. Real encoders write about ten.
#define GL_JPEG_SCANS_MAX 1000

typedef struct bridge_context {
    struct jpeg_error_mgr error_manager;   // first, so a j_common_ptr's err can be cast back to the context
    struct jpeg_progress_mgr progress;
    struct jpeg_decompress_struct cinfo;
    int created;
    jmp_buf jump;
    int failure_status;
    char *error;
    size_t error_capacity;
    /// Set once jpeg_read_header has returned, with whether the file has several scans.
    int header_done;
    int multiple_scans;
    /// libjpeg's source manager ran out of data (it then feeds a fake EOI marker).
    int eof_seen;
} bridge_context;

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

static void set_libjpeg_message(bridge_context *ctx, j_common_ptr cinfo) {
    char text[JMSG_LENGTH_MAX];
    text[0] = '\0';
    (*cinfo->err->format_message)(cinfo, text);
    set_message(ctx, "%s", text);
}

static void fail(bridge_context *ctx, j_common_ptr cinfo, int status) {
    ctx->failure_status = status;
    set_libjpeg_message(ctx, cinfo);
    longjmp(ctx->jump, 1);
}

static void bridge_error_exit(j_common_ptr cinfo) {
    bridge_context *ctx = (bridge_context *)cinfo->err;
    int code = cinfo->err->msg_code;
    int status = GL_JPEG_CORRUPT;
    if (ctx->eof_seen) status = GL_JPEG_TRUNCATED;
    else if (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) status = GL_JPEG_NO_MEMORY;
    fail(ctx, cinfo, status);
}

/// libjpeg recovers from damaged data by warning and decoding gray in its place. Ghostline reads all or nothing,
/// so the warnings that mean pixels were lost end decoding; the others (extraneous bytes between markers, an odd
/// JFIF version, a bad ICC marker, which is not used) are ignored, as trace messages are.
static void bridge_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    bridge_context *ctx = (bridge_context *)cinfo->err;
    switch (cinfo->err->msg_code) {
    case JWRN_JPEG_EOF:
        // The source manager feeds a fake EOI. If entropy-coded data is still needed, JWRN_HIT_MARKER follows and
        // ends decoding; if not, only the real EOI was missing, or (in a multi-scan file) whole scans were, which
        // guarded_decode tells apart once every scan has been read.
        ctx->eof_seen = 1;
        return;
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_TOO_MUCH_DATA:
        fail(ctx, cinfo, ctx->eof_seen ? GL_JPEG_TRUNCATED : GL_JPEG_CORRUPT);
        return;
    default:
        return;
    }
}

static void bridge_output_message(j_common_ptr cinfo) {
    (void)cinfo;   // a library must not print to the CLI's stderr
}

static void bridge_progress(j_common_ptr cinfo) {
    bridge_context *ctx = (bridge_context *)cinfo->err;
    if (!cinfo->is_decompressor) return;
    if (((j_decompress_ptr)cinfo)->input_scan_number > GL_JPEG_SCANS_MAX) {
        ctx->failure_status = GL_JPEG_CORRUPT;
        set_message(ctx, "more than %d scans", GL_JPEG_SCANS_MAX);
        longjmp(ctx->jump, 1);
    }
}

static void context_init(bridge_context *ctx, char *error, size_t error_capacity) {
    memset(ctx, 0, sizeof *ctx);
    ctx->error = error;
    ctx->error_capacity = error_capacity;
    if (error != NULL && error_capacity > 0) error[0] = '\0';
}

/// Creates the decompressor over `data`. Called after setjmp: libjpeg may raise errors here.
static void start_reading(bridge_context *ctx, const uint8_t *data, size_t size) {
    struct jpeg_decompress_struct *cinfo = &ctx->cinfo;
    cinfo->err = jpeg_std_error(&ctx->error_manager);
    ctx->error_manager.error_exit = bridge_error_exit;
    ctx->error_manager.emit_message = bridge_emit_message;
    ctx->error_manager.output_message = bridge_output_message;
    jpeg_create_decompress(cinfo);
    ctx->created = 1;
    cinfo->mem->max_memory_to_use = GL_JPEG_WORKING_MEMORY_MAX;
    ctx->progress.progress_monitor = bridge_progress;
    cinfo->progress = &ctx->progress;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    ctx->header_done = 1;
    ctx->multiple_scans = jpeg_has_multiple_scans(cinfo) ? 1 : 0;
}

static void finish_reading(bridge_context *ctx) {
    if (ctx->created) jpeg_destroy_decompress(&ctx->cinfo);
    ctx->created = 0;
}

static int check_signature(bridge_context *ctx, const uint8_t *data, size_t size) {
    if (data == NULL || size < 2 || data[0] != 0xFF || data[1] != 0xD8) {
        set_message(ctx, "the file does not start with a JPEG SOI marker");
        return GL_JPEG_NOT_JPEG;
    }
    return GL_JPEG_OK;
}

static int guarded_read_header(bridge_context *ctx, const uint8_t *data, size_t size, gl_jpeg_header *header) {
    if (setjmp(ctx->jump) != 0) return ctx->failure_status;
    start_reading(ctx, data, size);
    header->width = ctx->cinfo.image_width;
    header->height = ctx->cinfo.image_height;
    header->components = ctx->cinfo.num_components;
    header->progressive = ctx->multiple_scans;
    // A fake EOI after the frame header still lets jpeg_read_header return; the scan data is what is missing.
    if (ctx->eof_seen) {
        set_message(ctx, "the file ends inside the JPEG headers");
        return GL_JPEG_TRUNCATED;
    }
    return GL_JPEG_OK;
}

int gl_jpeg_read_header(const uint8_t *data, size_t size, gl_jpeg_header *header, char *error, size_t error_capacity) {
    bridge_context ctx;
    context_init(&ctx, error, error_capacity);
    if (header == NULL) {
        set_message(&ctx, "no header destination");
        return GL_JPEG_BAD_ARGUMENT;
    }
    memset(header, 0, sizeof *header);
    int status = check_signature(&ctx, data, size);
    if (status != GL_JPEG_OK) return status;
    status = guarded_read_header(&ctx, data, size, header);
    finish_reading(&ctx);
    return status;
}

/// True when every bit of every DCT coefficient of every component has arrived. libjpeg tracks this for progressive
/// files only (coef_bits: the next successive-approximation bit expected, -1 before the first scan, 0 when done), so a
/// progressive file cut off between two scans, which decodes without a data warning, is still caught; it is what
/// separates it from one that lacks only its EOI. For other multi-scan files there is no such record: false.
static int all_coefficients_complete(struct jpeg_decompress_struct *cinfo) {
    if (!cinfo->progressive_mode || cinfo->coef_bits == NULL) return 0;
    for (int component = 0; component < cinfo->num_components; component++) {
        for (int k = 0; k < DCTSIZE2; k++) {
            if (cinfo->coef_bits[component][k] != 0) return 0;
        }
    }
    return 1;
}

static int guarded_decode(bridge_context *ctx, const uint8_t *data, size_t size, uint32_t max_side,
                          uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size) {
    if (setjmp(ctx->jump) != 0) return ctx->failure_status;
    start_reading(ctx, data, size);
    struct jpeg_decompress_struct *cinfo = &ctx->cinfo;
    if (ctx->eof_seen) {
        set_message(ctx, "the file ends inside the JPEG headers");
        return GL_JPEG_TRUNCATED;
    }
    // Checked here too, not only by the caller, because the rows below go into a buffer sized by the caller.
    if (cinfo->image_width > max_side || cinfo->image_height > max_side) {
        set_message(ctx, "the image is %lu x %lu px, over the limit of %lu px a side",
                    (unsigned long)cinfo->image_width, (unsigned long)cinfo->image_height, (unsigned long)max_side);
        return GL_JPEG_TOO_LARGE;
    }
    if (cinfo->image_width != width || cinfo->image_height != height) {
        set_message(ctx, "the caller expected %lu x %lu px but the frame header says %lu x %lu",
                    (unsigned long)width, (unsigned long)height,
                    (unsigned long)cinfo->image_width, (unsigned long)cinfo->image_height);
        return GL_JPEG_BAD_ARGUMENT;
    }
    size_t row_bytes = (size_t)width * 4;
    if (pixels == NULL || height == 0 || row_bytes > SIZE_MAX / height || pixels_size != row_bytes * height) {
        set_message(ctx, "the pixel buffer does not hold %lu x %lu RGBA pixels",
                    (unsigned long)width, (unsigned long)height);
        return GL_JPEG_BAD_ARGUMENT;
    }
    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        set_message(ctx, "it is a CMYK JPEG (print colours)");
        return GL_JPEG_UNSUPPORTED;
    default:
        set_message(ctx, "it has %d colour components in an unknown colour space", cinfo->num_components);
        return GL_JPEG_UNSUPPORTED;
    }
    cinfo->out_color_space = JCS_EXT_RGBA;   // libjpeg-turbo writes alpha 255 itself
    // For a multi-scan file this reads every scan into the coefficient buffers, so what ran out is known here,
    // before any row is produced.
    jpeg_start_decompress(cinfo);
    if (ctx->eof_seen && ctx->multiple_scans && !all_coefficients_complete(cinfo)) {
        set_message(ctx, "the file ends before its last scan");
        return GL_JPEG_TRUNCATED;
    }
    if (cinfo->output_width != width || cinfo->output_height != height || cinfo->output_components != 4) {
        set_message(ctx, "libjpeg did not produce %lu x %lu RGBA rows", (unsigned long)width, (unsigned long)height);
        return GL_JPEG_CORRUPT;
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = pixels + (size_t)cinfo->output_scanline * row_bytes;
        if (jpeg_read_scanlines(cinfo, &row, 1) != 1) {
            set_message(ctx, "libjpeg stopped at row %lu", (unsigned long)cinfo->output_scanline);
            return GL_JPEG_CORRUPT;
        }
    }
    jpeg_finish_decompress(cinfo);
    if (ctx->eof_seen) {
        set_message(ctx, "the file ends without its EOI marker");
        return GL_JPEG_MISSING_END;
    }
    return GL_JPEG_OK;
}

int gl_jpeg_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                         uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                         char *error, size_t error_capacity) {
    bridge_context ctx;
    context_init(&ctx, error, error_capacity);
    if (max_side == 0) {
        set_message(&ctx, "the size limit must be at least 1");
        return GL_JPEG_BAD_ARGUMENT;
    }
    int status = check_signature(&ctx, data, size);
    if (status != GL_JPEG_OK) return status;
    status = guarded_decode(&ctx, data, size, max_side, width, height, pixels, pixels_size);
    finish_reading(&ctx);
    return status;
}

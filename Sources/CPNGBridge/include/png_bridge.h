// png_bridge.h: the only door between Ghostline's Swift code and libpng (which Ghostline reads PNGs with; it
// writes them with png_segments.h and zlib).
//
// libpng reports errors by calling an error function that must not return; the classic API expects the caller
// to setjmp() beforehand and the error function to longjmp() back. Swift cannot call setjmp (a longjmp across
// Swift frames would skip Swift's cleanup), so every libpng call lives behind these C functions. Each one:
//   - returns a GL_PNG_* status (GL_PNG_OK on success),
//   - on failure writes a one-line, NUL-terminated message into the caller's `error` buffer,
//   - destroys every libpng struct it created, on success and on every error path,
//   - never longjmps out to its caller.
// The Swift module GhostlinePNG wraps these and exposes no C pointer.

#ifndef GHOSTLINE_PNG_BRIDGE_H
#define GHOSTLINE_PNG_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Status codes returned by every gl_png_* function.
enum {
    GL_PNG_OK = 0,
    /// The data does not start with the 8-byte PNG signature.
    GL_PNG_NOT_PNG = 1,
    /// libpng rejected the data (bad CRC, bad zlib stream, invalid IHDR, ...); `error` holds libpng's message.
    GL_PNG_CORRUPT = 2,
    /// The data ended before libpng had everything it needed.
    GL_PNG_TRUNCATED = 3,
    /// The image is wider or taller than the caller's limit; nothing was allocated for its pixels.
    GL_PNG_TOO_LARGE = 4,
    /// malloc/realloc failed.
    GL_PNG_NO_MEMORY = 5,
    /// The caller passed inconsistent arguments (a bug in the caller, not in the file).
    GL_PNG_BAD_ARGUMENT = 6,
    /// The image is interlaced, which a row stream cannot read (use gl_png_decode_rgba8).
    GL_PNG_INTERLACED = 7,
    /// Every row was decoded and the last IDAT chunk's CRC checked, but the file ends before its IEND chunk (or
    /// inside it). The pixels are complete: browsers, Pillow and odiff read such files, so callers that can pass a
    /// warning on may accept them; strict callers treat this as GL_PNG_TRUNCATED.
    GL_PNG_MISSING_END = 8,
};

/// Room the callers should give the error buffer; longer messages are cut.
#define GL_PNG_ERROR_CAPACITY 256

/// What IHDR says about an image.
typedef struct gl_png_header {
    uint32_t width;
    uint32_t height;
    /// 1, 2, 4, 8 or 16.
    int32_t bit_depth;
    /// PNG colour type: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    int32_t color_type;
    /// 1 for Adam7, 0 for none.
    int32_t interlaced;
} gl_png_header;

/// Parses the signature and the chunks before the first IDAT, and reports IHDR.
///
/// No pixel memory is allocated, so callers use this to refuse oversize images before spending memory on them.
/// libpng's own dimension limits are raised to the PNG maximum here so the true size comes back even for huge
/// images; the caller compares it with its limit.
int gl_png_read_header(const uint8_t *data, size_t size, gl_png_header *header, char *error, size_t error_capacity);

/// Decodes a PNG held in memory to 8-bit straight-alpha RGBA, rows top to bottom, into `pixels`.
///
/// The caller first learns the size from gl_png_read_header, checks it against its limit, allocates
/// `width * height * 4` bytes and passes the same width and height here. This function re-checks the size
/// against `max_side` before reading any row (GL_PNG_TOO_LARGE), also hands `max_side` to libpng through
/// png_set_user_limits as a second guard, and fails with GL_PNG_BAD_ARGUMENT if the buffer does not match.
///
/// Every PNG flavour becomes RGBA8: palettes are expanded (tRNS becomes alpha), gray becomes RGB, 1/2/4-bit
/// samples are scaled to 8 bits, 16-bit samples are rounded to the nearest 8-bit value (png_set_scale_16,
/// i.e. round(v * 255 / 65535), not truncation), a tRNS colour key becomes alpha 0, images without alpha get
/// alpha 255, and Adam7 interlacing is undone.
///
/// Colour management is deliberately NOT applied: gAMA, cHRM, sRGB, iCCP and eXIf (and every other ancillary
/// chunk except tRNS) are skipped unread. The bytes in the file are taken as the sRGB values that design tools
/// show and write, so a design exported from Figma or Sketch compares byte for byte with Ghostline's rendering.
/// Applying a gamma or an ICC profile would change those bytes and make diffs depend on colour-management
/// details that UIKit screenshots don't go through either. eXIf orientation is ignored too: pixels come out in
/// stored order (GhostlinePNG's ImageReader applies it).
///
/// Returns GL_PNG_MISSING_END, with every pixel written, when only the chunks after the image data are missing.
int gl_png_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                        uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                        char *error, size_t error_capacity);

/// `gl_png_decode_rgba8` with libpng for every file, never the fast path of png_fast.h: the reference the fast path
/// is tested and fuzzed against.
int gl_png_decode_rgba8_libpng(const uint8_t *data, size_t size, uint32_t max_side,
                               uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                               char *error, size_t error_capacity);

/// A row-by-row decoder producing 8-bit RGBA rows (any colour type or depth; not interlaced). Opaque.
typedef struct gl_png_stream gl_png_stream;

/// Opens a stream over a copy of `data`; refuses images over `max_side` before any row memory exists and
/// interlaced images with GL_PNG_INTERLACED. On success `*stream` must be closed with gl_png_stream_close.
int gl_png_stream_open(const uint8_t *data, size_t size, uint32_t max_side, gl_png_stream **stream,
                       uint32_t *width, uint32_t *height, char *error, size_t error_capacity);

/// Decodes the next `count` rows into `rows` (count × width × 4 bytes). After the last row the rest of the
/// file is read, so a damaged tail is still reported.
int gl_png_stream_read_rows(gl_png_stream *stream, uint8_t *rows, uint32_t count, char *error, size_t error_capacity);

/// Releases a stream. NULL is allowed.
void gl_png_stream_close(gl_png_stream *stream);

#ifdef __cplusplus
}
#endif

#endif

// jpeg_bridge.h: the only door between Ghostline's Swift code and libjpeg(-turbo).
//
// libjpeg reports fatal errors through an error_exit callback that must not return, so, as with libpng, every
// libjpeg call lives behind these C functions, which own the setjmp. Each one returns a GL_JPEG_* status, writes
// a one-line message into the caller's buffer on failure, releases everything it created, and never longjmps out.
// The Swift module GhostlinePNG wraps them and exposes no C pointer.

#ifndef GHOSTLINE_JPEG_BRIDGE_H
#define GHOSTLINE_JPEG_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GL_JPEG_OK = 0,
    /// The data does not start with a JPEG SOI marker.
    GL_JPEG_NOT_JPEG = 1,
    /// libjpeg rejected the data, or met corrupt entropy-coded data it would otherwise paper over with gray.
    GL_JPEG_CORRUPT = 2,
    /// The data ended before the image data did.
    GL_JPEG_TRUNCATED = 3,
    /// The image is wider or taller than the caller's limit; nothing was allocated for its pixels.
    GL_JPEG_TOO_LARGE = 4,
    /// malloc failed, or decoding would need more working memory than the bridge allows.
    GL_JPEG_NO_MEMORY = 5,
    /// The caller passed inconsistent arguments.
    GL_JPEG_BAD_ARGUMENT = 6,
    /// A JPEG Ghostline does not read: CMYK or YCCK (print colour), or an unusual component count.
    GL_JPEG_UNSUPPORTED = 7,
    /// Success, but the file ends without its EOI marker after complete image data: every entropy-coded bit a
    /// sequential file needs, or every bit of every coefficient of a progressive one. The pixels are complete; the
    /// caller reports a warning.
    GL_JPEG_MISSING_END = 8,
};

#define GL_JPEG_ERROR_CAPACITY 256

typedef struct gl_jpeg_header {
    uint32_t width;
    uint32_t height;
    /// 1 (gray), 3 (YCbCr or RGB) or 4 (CMYK/YCCK).
    int32_t components;
    /// 1 when the file is progressive (or otherwise has several scans).
    int32_t progressive;
} gl_jpeg_header;

/// Reads the markers up to the first scan and reports the frame header. No pixel memory is allocated.
int gl_jpeg_read_header(const uint8_t *data, size_t size, gl_jpeg_header *header, char *error, size_t error_capacity);

/// Decodes a JPEG held in memory to 8-bit straight-alpha RGBA (alpha 255), rows top to bottom, into `pixels`.
///
/// The caller learns the size from gl_jpeg_read_header, checks it against its limit and allocates
/// `width * height * 4` bytes; this function re-checks `max_side` before any row is decoded and refuses a buffer
/// that does not match. Decoding uses libjpeg's defaults (accurate integer IDCT, smooth "fancy" chroma
/// upsampling), which are what browsers and Pillow use, so the same file gives the same pixels everywhere.
/// Gray and YCbCr/RGB files are read; CMYK and YCCK are refused (GL_JPEG_UNSUPPORTED).
///
/// All or nothing: libjpeg normally warns about corrupt or missing data and fills the gap with gray; here such a
/// warning ends decoding with GL_JPEG_CORRUPT or GL_JPEG_TRUNCATED. Colour profiles (APP2 ICC) and EXIF are not
/// applied here; the caller applies EXIF orientation.
int gl_jpeg_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                         uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                         char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

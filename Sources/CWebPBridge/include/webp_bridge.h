// webp_bridge.h: the only door between Ghostline's Swift code and libwebp.
//
// libwebp does not longjmp, but its API is built from structs, inline functions and status enums that read badly
// from Swift; these two functions turn it into the same shape as the PNG and JPEG bridges: a GL_WEBP_* status, a
// one-line message in the caller's buffer, and no allocation that outlives the call. No C pointer reaches Swift's
// public API.

#ifndef GHOSTLINE_WEBP_BRIDGE_H
#define GHOSTLINE_WEBP_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GL_WEBP_OK = 0,
    /// The data is not a RIFF/WEBP file.
    GL_WEBP_NOT_WEBP = 1,
    /// libwebp rejected the bitstream.
    GL_WEBP_CORRUPT = 2,
    /// The data ended before the image data did (libwebp's NOT_ENOUGH_DATA).
    GL_WEBP_TRUNCATED = 3,
    /// The image is wider or taller than the caller's limit; nothing was allocated for its pixels.
    GL_WEBP_TOO_LARGE = 4,
    GL_WEBP_NO_MEMORY = 5,
    GL_WEBP_BAD_ARGUMENT = 6,
    /// An animated WebP (libwebp's still-image decoder does not read those), or a feature libwebp lacks.
    GL_WEBP_UNSUPPORTED = 7,
};

#define GL_WEBP_ERROR_CAPACITY 256

typedef struct gl_webp_header {
    uint32_t width;
    uint32_t height;
    int32_t has_alpha;
    int32_t animated;
    /// 1 lossy (VP8), 2 lossless (VP8L), 0 mixed or unknown.
    int32_t format;
} gl_webp_header;

/// Parses the RIFF header and the first image chunk's header. No pixel memory is allocated.
int gl_webp_read_header(const uint8_t *data, size_t size, gl_webp_header *header, char *error, size_t error_capacity);

/// Decodes a still WebP held in memory to 8-bit straight-alpha RGBA (alpha 255 when the file has none), rows top
/// to bottom, into `pixels` (`width * height * 4` bytes, the size gl_webp_read_header reported). The size is checked
/// against `max_side` again before decoding. Lossy files are decoded with libwebp's default smooth ("fancy") chroma
/// upsampling, as browsers, Pillow and dwebp do. ICC profiles are not applied; the caller applies EXIF orientation.
int gl_webp_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                         uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                         char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

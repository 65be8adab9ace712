// webp_bridge.c: libwebp's advanced decoding API behind plain status codes. See include/webp_bridge.h.

#include "webp_bridge.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <webp/decode.h>

static void set_message(char *error, size_t capacity, const char *format, ...) {
    if (error == NULL || capacity == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error, capacity, format, args);
    va_end(args);
}

static int is_riff_webp(const uint8_t *data, size_t size) {
    return data != NULL && size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0;
}

/// Maps a libwebp status to ours, with the message the user sees.
static int map_status(VP8StatusCode code, char *error, size_t capacity) {
    switch (code) {
    case VP8_STATUS_OK:
        return GL_WEBP_OK;
    case VP8_STATUS_NOT_ENOUGH_DATA:
    case VP8_STATUS_SUSPENDED:
        set_message(error, capacity, "the file ends before the WebP data does");
        return GL_WEBP_TRUNCATED;
    case VP8_STATUS_OUT_OF_MEMORY:
        set_message(error, capacity, "out of memory");
        return GL_WEBP_NO_MEMORY;
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        set_message(error, capacity, "a WebP feature libwebp does not support");
        return GL_WEBP_UNSUPPORTED;
    case VP8_STATUS_INVALID_PARAM:
        set_message(error, capacity, "invalid parameter");
        return GL_WEBP_BAD_ARGUMENT;
    case VP8_STATUS_BITSTREAM_ERROR:
    default:
        set_message(error, capacity, "bitstream error");
        return GL_WEBP_CORRUPT;
    }
}

static int read_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features, char *error,
                         size_t capacity) {
    if (!is_riff_webp(data, size)) {
        set_message(error, capacity, "the file does not start with a RIFF WEBP header");
        // A strict prefix of "RIFF....WEBP" is a file cut off in its first bytes.
        if (data != NULL && size > 0 && size < 12 && memcmp(data, "RIFF", size < 4 ? size : 4) == 0) {
            return GL_WEBP_TRUNCATED;
        }
        return GL_WEBP_NOT_WEBP;
    }
    return map_status(WebPGetFeatures(data, size, features), error, capacity);
}

int gl_webp_read_header(const uint8_t *data, size_t size, gl_webp_header *header, char *error, size_t error_capacity) {
    if (error != NULL && error_capacity > 0) error[0] = '\0';
    if (header == NULL) return GL_WEBP_BAD_ARGUMENT;
    memset(header, 0, sizeof *header);
    WebPBitstreamFeatures features;
    int status = read_features(data, size, &features, error, error_capacity);
    if (status != GL_WEBP_OK) return status;
    header->width = (uint32_t)features.width;
    header->height = (uint32_t)features.height;
    header->has_alpha = features.has_alpha ? 1 : 0;
    header->animated = features.has_animation ? 1 : 0;
    header->format = features.format;
    return GL_WEBP_OK;
}

int gl_webp_decode_rgba8(const uint8_t *data, size_t size, uint32_t max_side,
                         uint32_t width, uint32_t height, uint8_t *pixels, size_t pixels_size,
                         char *error, size_t error_capacity) {
    if (error != NULL && error_capacity > 0) error[0] = '\0';
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        set_message(error, error_capacity, "libwebp version mismatch");
        return GL_WEBP_BAD_ARGUMENT;
    }
    int status = read_features(data, size, &config.input, error, error_capacity);
    if (status != GL_WEBP_OK) return status;
    if (config.input.has_animation) {
        set_message(error, error_capacity, "it is an animated WebP");
        return GL_WEBP_UNSUPPORTED;
    }
    uint32_t file_width = (uint32_t)config.input.width, file_height = (uint32_t)config.input.height;
    if (file_width > max_side || file_height > max_side) {
        set_message(error, error_capacity, "the image is %lu x %lu px, over the limit of %lu px a side",
                    (unsigned long)file_width, (unsigned long)file_height, (unsigned long)max_side);
        return GL_WEBP_TOO_LARGE;
    }
    size_t row_bytes = (size_t)width * 4;
    if (file_width != width || file_height != height || pixels == NULL || height == 0 ||
        row_bytes > SIZE_MAX / height || pixels_size != row_bytes * height) {
        set_message(error, error_capacity, "the pixel buffer does not hold %lu x %lu RGBA pixels",
                    (unsigned long)file_width, (unsigned long)file_height);
        return GL_WEBP_BAD_ARGUMENT;
    }
    // Decode straight into the caller's buffer: libwebp allocates only its own working state, which it frees.
    config.output.colorspace = MODE_RGBA;   // straight (not premultiplied) alpha
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)row_bytes;
    config.output.u.RGBA.size = pixels_size;
    status = map_status(WebPDecode(data, size, &config), error, error_capacity);
    WebPFreeDecBuffer(&config.output);   // releases nothing of ours (external memory), but is the documented pairing
    return status;
}

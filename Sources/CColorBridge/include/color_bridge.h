// color_bridge.h: the only door between Ghostline's Swift code and Little CMS 2.
//
// One call converts decoded 8-bit RGBA pixels, in place, from the colour space an image file declares to sRGB.
// Every call creates its own lcms2 context (cmsCreateContext) carrying this call's error buffer and memory budget
// as user data, and deletes it before returning: no lcms2 state outlives a call or is shared between threads, and
// lcms2's error handler records into the caller's buffer instead of printing. The Swift module GhostlinePNG wraps
// it and exposes no C pointer.

#ifndef GHOSTLINE_COLOR_BRIDGE_H
#define GHOSTLINE_COLOR_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GL_CMS_OK = 0,
    /// The profile (inflated, for PNG's iCCP) is larger than `max_profile_bytes`; inflating stopped there.
    GL_CMS_TOO_LARGE = 1,
    /// A compressed profile (PNG iCCP) is not a valid zlib stream.
    GL_CMS_BAD_COMPRESSION = 2,
    /// The profile is shorter than its header says, or than an ICC header.
    GL_CMS_TRUNCATED = 3,
    /// lcms2 refused the profile (bad signature, unreadable tags, no usable transform); the message says why.
    GL_CMS_DAMAGED = 4,
    /// A profile class that cannot describe an image's pixels (device link, abstract, named colour).
    GL_CMS_WRONG_CLASS = 5,
    /// The profile's colour space is not the image's (a CMYK or RGB profile on a grey image, a grey one on RGB).
    GL_CMS_SPACE_MISMATCH = 6,
    /// lcms2 needed more memory than the call's budget (GL_CMS_MEMORY_BUDGET), or malloc failed.
    GL_CMS_NO_MEMORY = 7,
    GL_CMS_BAD_ARGUMENT = 8,
};

#define GL_CMS_ERROR_CAPACITY 256
#define GL_CMS_NAME_CAPACITY 128
/// What lcms2 may allocate in one call. A matrix/shaper transform needs well under 1 MB and a LUT-based one a few
/// MB; a profile whose tags claim more (a CLUT with a huge grid) is hostile, and is refused instead of allocated.
#define GL_CMS_MEMORY_BUDGET ((size_t)64 * 1024 * 1024)

/// Where the source colour space comes from.
typedef struct gl_cms_source {
    /// An ICC profile, or NULL to build one from the fields below (PNG gAMA/cHRM).
    const uint8_t *icc;
    size_t icc_size;
    /// 1 when `icc` is zlib-compressed (PNG iCCP); it is inflated to at most `max_profile_bytes`.
    int icc_compressed;
    size_t max_profile_bytes;

    /// Built profiles: the decoding exponent (2.2 for a gAMA of 45455), or 0 for sRGB's own curve.
    double gamma;
    /// Built profiles: 1 when the chromaticities below are given (cHRM); otherwise sRGB's (BT.709, D65).
    int has_chromaticities;
    double white_x, white_y, red_x, red_y, green_x, green_y, blue_x, blue_y;
} gl_cms_source;

typedef struct gl_cms_result {
    /// The profile's 'desc' tag (ASCII, NUL-terminated), empty for built profiles or when it has none.
    char name[GL_CMS_NAME_CAPACITY];
    /// The ICC header's device class and colour space signatures (e.g. 'mntr', 'RGB ').
    uint32_t device_class;
    uint32_t color_space;
    /// Size of the (inflated) profile in bytes; 0 for built profiles.
    size_t profile_bytes;
    /// 1 when the profile maps every probed colour to itself within one level: the pixels were left as they are.
    int identity;
} gl_cms_result;

/// Converts `pixel_count` straight-alpha RGBA8 pixels in place from `source` to sRGB (relative colorimetric,
/// no black point compensation), alpha untouched. With `gray` set the image was grey in its file (R = G = B) and
/// the profile must be a grey one (or is built grey). When the profile maps sRGB-like to itself within one level
/// the pixels are left untouched and `result->identity` is 1. With `pixels` NULL (and `pixel_count` 0) the
/// profile is only checked and described.
int gl_cms_convert_to_srgb(const gl_cms_source *source, int gray, uint8_t *pixels, size_t pixel_count,
                           gl_cms_result *result, char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif

#endif

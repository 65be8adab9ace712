// color_convert.h: internal to CColorBridge (not in include/, so Swift never sees it).

#ifndef GHOSTLINE_COLOR_CONVERT_H
#define GHOSTLINE_COLOR_CONVERT_H

#include "color_bridge.h"

#include <lcms2.h>

/// Grey images: the 256 levels through `transform` (GRAY_8 to RGB_8) once, then a table look-up per pixel.
/// Sets result->identity and leaves the pixels alone when every level maps to itself within one.
int gl_cms_convert_gray(cmsHTRANSFORM transform, uint8_t *pixels, size_t count, gl_cms_result *result);

/// RGB images, in place, alpha untouched, through `transform` (RGBA_8 to RGBA_8 with alpha copied).
int gl_cms_convert_rgb(cmsHTRANSFORM transform, uint8_t *pixels, size_t count);

/// Colours probed for the identity and table checks: ten levels a channel (dense in the darks), 1000 RGBA8 colours.
#define GL_CMS_PROBE_COLORS 1000

/// Fills `probe` with the probe colours and `reference` with them through `transform`.
void gl_cms_probe(cmsHTRANSFORM transform, uint8_t probe[GL_CMS_PROBE_COLORS * 4], uint8_t reference[GL_CMS_PROBE_COLORS * 4]);

/// True when no channel of `a` and `b` differs by more than one level.
int gl_cms_within_one_level(const uint8_t *a, const uint8_t *b, size_t bytes);

/// sRGB's inverse curve is tabulated at this many steps of linear light (lcms2's own 8-bit matrix/shaper path
/// uses 2^14 too): fine enough that the darkest levels, where the curve is steepest, round as lcms2 rounds them.
#define GL_CMS_ENCODE_STEPS 16384

/// A matrix/shaper profile to sRGB as tables (color_shaper.c).
typedef struct gl_cms_shaper {
    float linear[3][256];
    float matrix[3][3];
    uint8_t encode[GL_CMS_ENCODE_STEPS];
} gl_cms_shaper;

/// Fills `shaper` from lcms2's reading of `profile` and its sRGB profile; 0 when `profile` is not matrix/shaper.
int gl_cms_shaper_init(gl_cms_shaper *shaper, cmsHPROFILE profile, cmsHPROFILE srgb);

/// RGBA8 pixels in place through the tables; alpha untouched.
void gl_cms_shaper_apply(const gl_cms_shaper *shaper, uint8_t *pixels, size_t count);

#endif

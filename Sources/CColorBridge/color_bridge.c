// color_bridge.c: Little CMS 2 behind one call. See include/color_bridge.h for the contract.
//
// Each call owns a `call_state` on its stack: the caller's error buffer and a memory budget. It is the user data
// of a context created for this call only, so lcms2's error handler and allocator find it through the context
// they are handed (cmsGetContextUserData) and nothing is global.

#include "color_bridge.h"
#include "color_convert.h"

#include <lcms2.h>
#include <lcms2_plugin.h>
#include <zlib.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct call_state {
    char *error;
    size_t error_capacity;
    /// Bytes lcms2 holds now, and whether an allocation was refused for the budget (so "damaged" becomes "memory").
    size_t allocated;
    int over_budget;
} call_state;

/// A one-line message in the caller's buffer (control characters become spaces); the first message wins, since
/// lcms2 reports the cause first and its consequences ("Couldn't link the profiles") after.
static void set_message(call_state *state, int overwrite, const char *format, ...) {
    if (state->error == NULL || state->error_capacity == 0) return;
    if (!overwrite && state->error[0] != '\0') return;
    va_list args;
    va_start(args, format);
    vsnprintf(state->error, state->error_capacity, format, args);
    va_end(args);
    for (char *c = state->error; *c; c++) if ((unsigned char)*c < 0x20) *c = ' ';
}

static void record_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    call_state *state = cmsGetContextUserData(context);
    if (state != NULL) set_message(state, 0, "%s", text);
}

// MARK: Memory with a budget. Each block carries its size in a header so that free and realloc can account for it.

typedef union block_header { size_t size; max_align_t align; } block_header;

static void *budget_malloc(cmsContext context, cmsUInt32Number size) {
    call_state *state = context != NULL ? cmsGetContextUserData(context) : NULL;
    if (state != NULL && (size > GL_CMS_MEMORY_BUDGET || state->allocated + size > GL_CMS_MEMORY_BUDGET)) {
        state->over_budget = 1;
        return NULL;
    }
    block_header *block = malloc(sizeof(block_header) + size);
    if (block == NULL) return NULL;
    block->size = size;
    if (state != NULL) state->allocated += size;
    return block + 1;
}

static void budget_free(cmsContext context, void *pointer) {
    if (pointer == NULL) return;
    block_header *block = (block_header *)pointer - 1;
    call_state *state = context != NULL ? cmsGetContextUserData(context) : NULL;
    if (state != NULL && state->allocated >= block->size) state->allocated -= block->size;
    free(block);
}

static void *budget_realloc(cmsContext context, void *pointer, cmsUInt32Number size) {
    void *fresh = budget_malloc(context, size);
    if (fresh == NULL || pointer == NULL) return fresh;
    size_t old = ((block_header *)pointer - 1)->size;
    memcpy(fresh, pointer, old < size ? old : size);
    budget_free(context, pointer);
    return fresh;
}

// MARK: Profiles

/// Inflates a PNG iCCP profile into a fresh buffer of at most `limit` bytes; stops as soon as the output passes it.
static int inflate_profile(const uint8_t *input, size_t size, size_t limit, uint8_t **output, size_t *output_size,
                           call_state *state) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return GL_CMS_NO_MEMORY;
    size_t capacity = 4096 < limit + 1 ? 4096 : limit + 1;
    uint8_t *buffer = malloc(capacity);
    if (buffer == NULL) { inflateEnd(&stream); return GL_CMS_NO_MEMORY; }
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)size;
    size_t produced = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (produced == capacity) {
            if (capacity > limit) break;   // one byte past the limit: too large, whatever follows
            size_t grown = capacity * 2 < limit + 1 ? capacity * 2 : limit + 1;
            uint8_t *bigger = realloc(buffer, grown);
            if (bigger == NULL) { free(buffer); inflateEnd(&stream); return GL_CMS_NO_MEMORY; }
            buffer = bigger;
            capacity = grown;
        }
        stream.next_out = buffer + produced;
        stream.avail_out = (uInt)(capacity - produced);
        status = inflate(&stream, Z_NO_FLUSH);
        produced = capacity - stream.avail_out;
        if (status == Z_BUF_ERROR && stream.avail_in == 0) status = Z_DATA_ERROR;   // the stream stops short
        if (status != Z_OK && status != Z_STREAM_END) {
            set_message(state, 1, "its compressed profile does not inflate (%s)", stream.msg ? stream.msg : "zlib error");
            free(buffer);
            inflateEnd(&stream);
            return status == Z_MEM_ERROR ? GL_CMS_NO_MEMORY : GL_CMS_BAD_COMPRESSION;
        }
    }
    inflateEnd(&stream);
    if (produced > limit) {
        set_message(state, 1, "it inflates to more than %zu bytes", limit);
        free(buffer);
        return GL_CMS_TOO_LARGE;
    }
    *output = buffer;
    *output_size = produced;
    return GL_CMS_OK;
}

/// Opens the source's profile: the ICC bytes after size checks, or one built from gamma and chromaticities.
static int open_source(cmsContext context, const gl_cms_source *source, int gray, uint8_t **inflated,
                       cmsHPROFILE *profile, gl_cms_result *result, call_state *state) {
    if (source->icc == NULL) {
        cmsToneCurve *curve;
        if (source->gamma > 0) {
            curve = cmsBuildGamma(context, source->gamma);
        } else {
            // IEC 61966-2-1's curve as lcms2's parametric type 4: Y = (aX + b)^g for X >= d, else cX.
            const double srgb[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
            curve = cmsBuildParametricToneCurve(context, 4, srgb);
        }
        if (curve == NULL) return GL_CMS_NO_MEMORY;
        cmsCIExyY white = {0.3127, 0.3290, 1.0};
        if (source->has_chromaticities) white = (cmsCIExyY){source->white_x, source->white_y, 1.0};
        if (gray) {
            *profile = cmsCreateGrayProfileTHR(context, &white, curve);
        } else {
            cmsCIExyYTRIPLE primaries = {{0.64, 0.33, 1.0}, {0.30, 0.60, 1.0}, {0.15, 0.06, 1.0}};
            if (source->has_chromaticities) {
                primaries = (cmsCIExyYTRIPLE){{source->red_x, source->red_y, 1.0}, {source->green_x, source->green_y, 1.0},
                                              {source->blue_x, source->blue_y, 1.0}};
            }
            cmsToneCurve *curves[3] = {curve, curve, curve};
            *profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
        }
        cmsFreeToneCurve(curve);
        if (*profile == NULL) {
            set_message(state, 0, "the chromaticities do not describe a colour space");
            return state->over_budget ? GL_CMS_NO_MEMORY : GL_CMS_DAMAGED;
        }
        return GL_CMS_OK;
    }

    const uint8_t *bytes = source->icc;
    size_t size = source->icc_size;
    if (source->icc_compressed) {
        size_t inflated_size = 0;
        int status = inflate_profile(bytes, size, source->max_profile_bytes, inflated, &inflated_size, state);
        if (status != GL_CMS_OK) return status;
        bytes = *inflated;
        size = inflated_size;
    } else if (size > source->max_profile_bytes) {
        set_message(state, 1, "it is %zu bytes, over the limit of %zu", size, source->max_profile_bytes);
        return GL_CMS_TOO_LARGE;
    }
    result->profile_bytes = size;
    if (size < 132) {
        set_message(state, 1, "it is %zu bytes, shorter than an ICC header and tag count (132)", size);
        return GL_CMS_TRUNCATED;
    }
    size_t declared = (size_t)bytes[0] << 24 | (size_t)bytes[1] << 16 | (size_t)bytes[2] << 8 | bytes[3];
    if (declared > size) {
        set_message(state, 1, "its header says %zu bytes but only %zu are there", declared, size);
        return GL_CMS_TRUNCATED;
    }
    *profile = cmsOpenProfileFromMemTHR(context, bytes, (cmsUInt32Number)size);
    if (*profile == NULL) {
        set_message(state, 0, "lcms2 cannot open it");
        return state->over_budget ? GL_CMS_NO_MEMORY : GL_CMS_DAMAGED;
    }
    return GL_CMS_OK;
}

static const char *space_name(cmsColorSpaceSignature space) {
    switch (space) {
    case cmsSigRgbData: return "RGB";
    case cmsSigGrayData: return "grey";
    case cmsSigCmykData: return "CMYK";
    case cmsSigCmyData: return "CMY";
    case cmsSigLabData: return "Lab";
    case cmsSigXYZData: return "XYZ";
    case cmsSigYCbCrData: return "YCbCr";
    default: return "an unusual colour space's";
    }
}

/// Refuses a class or colour space the image's pixels cannot be in.
static int check_profile(cmsHPROFILE profile, int gray, gl_cms_result *result, call_state *state) {
    cmsProfileClassSignature device_class = cmsGetDeviceClass(profile);
    cmsColorSpaceSignature space = cmsGetColorSpace(profile);
    result->device_class = (uint32_t)device_class;
    result->color_space = (uint32_t)space;
    cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", result->name, sizeof result->name);
    // The name goes into one-line reports: a hostile 'desc' must not bring line breaks or escape codes with it.
    for (char *c = result->name; *c; c++) if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7F) *c = ' ';
    switch (device_class) {
    case cmsSigLinkClass: set_message(state, 1, "it is a device link, not the profile of an image"); return GL_CMS_WRONG_CLASS;
    case cmsSigAbstractClass: set_message(state, 1, "it is an abstract profile, not the profile of an image"); return GL_CMS_WRONG_CLASS;
    case cmsSigNamedColorClass: set_message(state, 1, "it is a named-colour profile, not the profile of an image"); return GL_CMS_WRONG_CLASS;
    default: break;
    }
    cmsColorSpaceSignature wanted = gray ? cmsSigGrayData : cmsSigRgbData;
    if (space != wanted) {
        set_message(state, 1, "it is a%s %s profile on %s image", space == cmsSigRgbData ? "n" : "", space_name(space),
                    gray ? "a grey" : "an RGB");
        return GL_CMS_SPACE_MISMATCH;
    }
    return GL_CMS_OK;
}

/// RGB: identity if the probe says so; else the matrix/shaper tables when lcms2 agrees with them on the probe;
/// else lcms2's optimised transform through the distinct-colour table.
static int convert_rgb(cmsContext context, cmsHPROFILE profile, cmsHPROFILE srgb, cmsHTRANSFORM reference_transform,
                       uint8_t *pixels, size_t count, gl_cms_result *result, call_state *state) {
    uint8_t probe[GL_CMS_PROBE_COLORS * 4], reference[GL_CMS_PROBE_COLORS * 4];
    gl_cms_probe(reference_transform, probe, reference);
    result->identity = gl_cms_within_one_level(probe, reference, sizeof probe);
    if (result->identity || pixels == NULL) return GL_CMS_OK;
    gl_cms_shaper *shaper = _cmsMalloc(context, sizeof *shaper);
    int tables = shaper != NULL && gl_cms_shaper_init(shaper, profile, srgb);
    if (tables) {
        gl_cms_shaper_apply(shaper, probe, GL_CMS_PROBE_COLORS);
        tables = gl_cms_within_one_level(probe, reference, sizeof probe);
    }
    if (tables) gl_cms_shaper_apply(shaper, pixels, count);
    if (shaper != NULL) _cmsFree(context, shaper);
    if (tables) return GL_CMS_OK;
    cmsHTRANSFORM transform = cmsCreateTransformTHR(context, profile, TYPE_RGBA_8, srgb, TYPE_RGBA_8,
                                                    INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
    if (transform == NULL) {
        set_message(state, 0, "lcms2 cannot make a transform from it");
        return state->over_budget ? GL_CMS_NO_MEMORY : GL_CMS_DAMAGED;
    }
    int status = gl_cms_convert_rgb(transform, pixels, count);
    cmsDeleteTransform(transform);
    return status;
}

int gl_cms_convert_to_srgb(const gl_cms_source *source, int gray, uint8_t *pixels, size_t pixel_count,
                           gl_cms_result *result, char *error, size_t error_capacity) {
    if (error != NULL && error_capacity > 0) error[0] = '\0';
    if (source == NULL || result == NULL || (pixels == NULL && pixel_count > 0)) return GL_CMS_BAD_ARGUMENT;
    memset(result, 0, sizeof *result);
    call_state state = {error, error_capacity, 0, 0};

    cmsPluginMemHandler memory;
    memset(&memory, 0, sizeof memory);
    memory.base.Magic = cmsPluginMagicNumber;
    memory.base.ExpectedVersion = LCMS_VERSION;
    memory.base.Type = cmsPluginMemHandlerSig;
    memory.MallocPtr = budget_malloc;
    memory.FreePtr = budget_free;
    memory.ReallocPtr = budget_realloc;
    cmsContext context = cmsCreateContext(&memory, &state);
    if (context == NULL) return GL_CMS_NO_MEMORY;
    cmsSetLogErrorHandlerTHR(context, record_error);

    uint8_t *inflated = NULL;
    cmsHPROFILE profile = NULL, srgb = NULL;
    cmsHTRANSFORM transform = NULL;
    int status = open_source(context, source, gray, &inflated, &profile, result, &state);
    if (status == GL_CMS_OK) status = check_profile(profile, gray, result, &state);
    if (status == GL_CMS_OK) {
        srgb = cmsCreate_sRGBProfileTHR(context);
        if (srgb == NULL) status = GL_CMS_NO_MEMORY;
    }
    if (status == GL_CMS_OK) {
        // Relative colorimetric (see ColorConversion.swift for why); no black point compensation, as browsers.
        // RGB: lcms2's unoptimised transform (its full-precision pipeline, cheap to make) is the reference every
        // faster path is checked against.
        cmsUInt32Number flags = cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE;
        // Grey: 256 values through the unoptimised pipeline (lcms2's optimised 8-bit grey path interpolates a table
        // and puts the darkest levels of a linear grey up to 7 levels low; 256 exact evaluations cost nothing).
        transform = gray ? cmsCreateTransformTHR(context, profile, TYPE_GRAY_8, srgb, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC,
                                                 cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE)
                         : cmsCreateTransformTHR(context, profile, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC, flags);
        if (transform == NULL) {
            set_message(&state, 0, "lcms2 cannot make a transform from it");
            status = state.over_budget ? GL_CMS_NO_MEMORY : GL_CMS_DAMAGED;
        }
    }
    if (status == GL_CMS_OK) {
        if (gray) {
            status = gl_cms_convert_gray(transform, pixels, pixel_count, result);
        } else {
            status = convert_rgb(context, profile, srgb, transform, pixels, pixel_count, result, &state);
        }
    }
    if (state.over_budget && status != GL_CMS_OK) {
        set_message(&state, 1, "lcms2 would need more than %zu MB for it", GL_CMS_MEMORY_BUDGET >> 20);
        status = GL_CMS_NO_MEMORY;
    }
    if (transform != NULL) cmsDeleteTransform(transform);
    if (srgb != NULL) cmsCloseProfile(srgb);
    if (profile != NULL) cmsCloseProfile(profile);
    cmsDeleteContext(context);
    free(inflated);
    return status;
}

// color_shaper.c: a matrix/shaper profile applied through tables read from lcms2.
//
// Nearly every profile a design tool embeds (Display P3, Adobe RGB, sRGB) is a matrix/shaper profile: a tone curve
// per channel, then a 3 x 3 matrix to the PCS. Converting one to sRGB is a curve, one matrix (the source's
// colorants, then the inverse of sRGB's) and sRGB's inverse curve. lcms2 2.14 does that at 25 to 50 ns a pixel here
// (seven times a PNG decode for a phone screen); these tables do it at a few ns. lcms2 still does the colour work:
// the curves are its evaluation of the profile's own TRC tags, the colorants its reading of the rXYZ/gXYZ/bXYZ tags,
// sRGB is its built-in profile, and color_bridge.c uses the tables only after they agree with lcms2's own
// unoptimised transform within one level on every probed colour.

#include "color_convert.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static int invert(const double m[3][3], double out[3][3]) {
    double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
               + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (fabs(det) < 1e-9) return 0;
    out[0][0] = (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det;
    out[0][1] = (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det;
    out[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det;
    out[1][0] = (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det;
    out[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det;
    out[1][2] = (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det;
    out[2][0] = (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det;
    out[2][1] = (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det;
    out[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det;
    return 1;
}

/// The colorants of a matrix/shaper profile as a matrix whose columns are red, green and blue (XYZ, D50).
static int colorants(cmsHPROFILE profile, double m[3][3]) {
    const cmsCIEXYZ *r = cmsReadTag(profile, cmsSigRedColorantTag);
    const cmsCIEXYZ *g = cmsReadTag(profile, cmsSigGreenColorantTag);
    const cmsCIEXYZ *b = cmsReadTag(profile, cmsSigBlueColorantTag);
    if (r == NULL || g == NULL || b == NULL) return 0;
    const cmsCIEXYZ *columns[3] = {r, g, b};
    for (int c = 0; c < 3; c++) {
        m[0][c] = columns[c]->X;
        m[1][c] = columns[c]->Y;
        m[2][c] = columns[c]->Z;
    }
    return 1;
}

int gl_cms_shaper_init(gl_cms_shaper *shaper, cmsHPROFILE profile, cmsHPROFILE srgb) {
    if (!cmsIsMatrixShaper(profile) || !cmsIsMatrixShaper(srgb)) return 0;
    double source[3][3], target[3][3], target_inverse[3][3];
    if (!colorants(profile, source) || !colorants(srgb, target) || !invert(target, target_inverse)) return 0;
    for (int r = 0; r < 3; r++) for (int c = 0; c < 3; c++) {
        double sum = 0;
        for (int k = 0; k < 3; k++) sum += target_inverse[r][k] * source[k][c];
        shaper->matrix[r][c] = (float)sum;
    }
    const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    for (int c = 0; c < 3; c++) {
        const cmsToneCurve *curve = cmsReadTag(profile, curves[c]);
        if (curve == NULL) return 0;
        for (int i = 0; i < 256; i++) shaper->linear[c][i] = cmsEvalToneCurveFloat(curve, (cmsFloat32Number)(i / 255.0));
    }
    // sRGB's inverse curve, rounded: level v covers the linear values between the curve at v - 0.5 and at v + 0.5,
    // so 255 evaluations of the forward curve place every step (16384 of the inverse cost a millisecond).
    const cmsToneCurve *srgb_curve = cmsReadTag(srgb, cmsSigRedTRCTag);
    if (srgb_curve == NULL) return 0;
    float upper[255];
    for (int v = 0; v < 255; v++) upper[v] = cmsEvalToneCurveFloat(srgb_curve, (cmsFloat32Number)((v + 0.5) / 255.0));
    int level = 0;
    for (int j = 0; j < GL_CMS_ENCODE_STEPS; j++) {
        float linear = (float)j / (GL_CMS_ENCODE_STEPS - 1);
        while (level < 255 && linear >= upper[level]) level++;
        shaper->encode[j] = (uint8_t)level;
    }
    return 1;
}

static inline uint8_t encode(const gl_cms_shaper *shaper, float linear) {
    float at = linear * (GL_CMS_ENCODE_STEPS - 1) + 0.5f;
    int index = at <= 0 ? 0 : at >= GL_CMS_ENCODE_STEPS - 1 ? GL_CMS_ENCODE_STEPS - 1 : (int)at;
    return shaper->encode[index];
}

static void apply_range(const gl_cms_shaper *shaper, uint8_t *pixels, size_t count) {
    // Whole pixels as 32-bit words: a run of one colour (most of a UI export) costs one load, one comparison and
    // one store a pixel. `alpha` masks the fourth byte whatever the byte order.
    const uint8_t alpha_bytes[4] = {0, 0, 0, 255};
    uint32_t alpha;
    memcpy(&alpha, alpha_bytes, 4);
    uint32_t previous = 0, converted = 0;
    int have_previous = 0;
    for (size_t p = 0; p < count; p++) {
        uint32_t pixel;
        memcpy(&pixel, pixels + p * 4, 4);
        uint32_t color = pixel & ~alpha;
        if (!have_previous || color != previous) {
            previous = color;
            have_previous = 1;
            const uint8_t *px = pixels + p * 4;
            float r = shaper->linear[0][px[0]], g = shaper->linear[1][px[1]], b = shaper->linear[2][px[2]];
            uint8_t out[4];
            for (int k = 0; k < 3; k++) {
                out[k] = encode(shaper, shaper->matrix[k][0] * r + shaper->matrix[k][1] * g + shaper->matrix[k][2] * b);
            }
            out[3] = 0;
            memcpy(&converted, out, 4);
        }
        pixel = converted | (pixel & alpha);
        memcpy(pixels + p * 4, &pixel, 4);
    }
}

typedef struct shaper_job { const gl_cms_shaper *shaper; uint8_t *pixels; size_t count; } shaper_job;

static void *run_job(void *argument) {
    shaper_job *job = argument;
    apply_range(job->shaper, job->pixels, job->count);
    return NULL;
}

/// A phone screen is millions of pixels: split over up to four threads (each owns its rows; the tables are only
/// read), on the caller's thread alone when threads cannot be had or the image is small.
void gl_cms_shaper_apply(const gl_cms_shaper *shaper, uint8_t *pixels, size_t count) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    size_t parts = count < ((size_t)1 << 20) || cores < 2 ? 1 : cores < 4 ? (size_t)cores : 4;
    pthread_t threads[4];
    shaper_job jobs[4];
    size_t started = 0, step = count / parts;
    for (size_t i = 1; i < parts; i++) {
        jobs[i] = (shaper_job){shaper, pixels + i * step * 4, i == parts - 1 ? count - i * step : step};
        if (pthread_create(&threads[i], NULL, run_job, &jobs[i]) != 0) break;
        started = i;
    }
    // This thread takes the first part and every part whose thread could not start.
    apply_range(shaper, pixels, step);
    for (size_t i = started + 1; i < parts; i++) {
        apply_range(shaper, pixels + i * step * 4, i == parts - 1 ? count - i * step : step);
    }
    for (size_t i = 1; i <= started; i++) pthread_join(threads[i], NULL);
    if (parts == 1 && count > step) apply_range(shaper, pixels + step * 4, count - step);
}

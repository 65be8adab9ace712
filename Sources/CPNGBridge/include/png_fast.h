// png_fast.h: decoding the common PNG (8-bit RGB or RGBA, not interlaced) with ISA-L's inflate, without libpng.
#ifndef GHOSTLINE_PNG_FAST_H
#define GHOSTLINE_PNG_FAST_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Decodes `file` into `pixels` (`width × height × 4` bytes of straight-alpha RGBA) when it is an 8-bit RGB or RGBA,
/// non-interlaced PNG of exactly that size whose every chunk up to IEND is whole with a correct CRC, with no PLTE,
/// tRNS or unknown critical chunk, and whose zlib stream holds exactly the image's rows and ends with them.
/// Returns 1 then. Returns 0 for anything else, having maybe written part of `pixels`: the caller decodes the file
/// with libpng instead, which gives the pixels or the error of any file. A file accepted here is one libpng
/// accepts, with the same pixels. The Adler-32 is not checked, as the libpng reader does not check it.
int gl_png_fast_decode_rgba8(const uint8_t *file, size_t size, uint32_t width, uint32_t height, uint8_t *pixels,
                             size_t pixels_size);

#ifdef __cplusplus
}
#endif

#endif

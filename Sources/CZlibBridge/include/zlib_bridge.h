// zlib_bridge.h: the zlib calls the fuzzing harness's PNG-aware mutator needs (zlib's init functions are macros
// Swift does not import). Used by ghostline-fuzz only; nothing in the library depends on it.

#ifndef GHOSTLINE_ZLIB_BRIDGE_H
#define GHOSTLINE_ZLIB_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Inflates a zlib stream into `output`; returns the number of bytes written, or -1 if the stream is broken,
/// incomplete, or inflates to more than `capacity` bytes.
long gl_zlib_inflate(const uint8_t *input, size_t size, uint8_t *output, size_t capacity);

/// Deflates `input` as a zlib stream at `level` (0…9) into `output`; returns its size, or -1 if it does not fit.
long gl_zlib_deflate(const uint8_t *input, size_t size, int level, uint8_t *output, size_t capacity);

/// The bound on gl_zlib_deflate's output for `size` input bytes.
size_t gl_zlib_deflate_bound(size_t size);

/// CRC-32 as PNG chunks use it.
uint32_t gl_zlib_crc32(uint32_t crc, const uint8_t *data, size_t size);

#ifdef __cplusplus
}
#endif

#endif

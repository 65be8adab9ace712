#ifndef GL_SHA256_H
#define GL_SHA256_H
#include <stddef.h>
#include <stdint.h>

/* SHA-256 (FIPS 180-4) state. In C so that a debug build, where Swift runs unoptimised, still hashes a 20 MB font
   collection in a fraction of a second. */
typedef struct {
    uint32_t state[8];
    uint64_t length;          /* bytes hashed so far */
    uint8_t pending[64];      /* an incomplete block */
    size_t pendingCount;
} gl_sha256;

void gl_sha256_init(gl_sha256 *hash);
void gl_sha256_update(gl_sha256 *hash, const uint8_t *bytes, size_t count);
/* Writes the 32-byte digest; `hash` is left finished (initialise it again to reuse it). */
void gl_sha256_final(gl_sha256 *hash, uint8_t digest[32]);

#endif

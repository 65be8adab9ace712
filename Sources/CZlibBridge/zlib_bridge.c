// zlib_bridge.c: see include/zlib_bridge.h.

#include "zlib_bridge.h"

#include <string.h>
#include <zlib.h>

long gl_zlib_inflate(const uint8_t *input, size_t size, uint8_t *output, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (Bytef *)input;
    stream.avail_in = (uInt)size;
    stream.next_out = output;
    stream.avail_out = (uInt)capacity;
    int status = inflate(&stream, Z_FINISH);
    long produced = (long)stream.total_out;
    inflateEnd(&stream);
    return status == Z_STREAM_END ? produced : -1;
}

long gl_zlib_deflate(const uint8_t *input, size_t size, int level, uint8_t *output, size_t capacity) {
    uLongf length = (uLongf)capacity;
    if (compress2(output, &length, input, (uLong)size, level) != Z_OK) return -1;
    return (long)length;
}

size_t gl_zlib_deflate_bound(size_t size) {
    return (size_t)compressBound((uLong)size);
}

uint32_t gl_zlib_crc32(uint32_t crc, const uint8_t *data, size_t size) {
    return (uint32_t)crc32(crc, data, (uInt)size);
}

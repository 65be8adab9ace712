#!/usr/bin/env python3
"""Regenerates Tests/GhostlinePNGTests/Fixtures/. Run: python3 scripts/make-png-fixtures.py (needs Pillow: pip install pillow).

The fixtures are written by encoders that share no code with Ghostline's reader (libpng): Pillow for the flavours
it can write, and the small chunk writer below (zlib + struct) for those it cannot (16-bit RGB/RGBA, Adam7,
crafted headers and damaged files). Every pixel follows a formula that GhostlinePNGTests recomputes, so the
expected values in the tests come from the formula, not from Ghostline's own output. Each good fixture is read
back with Pillow and compared with the formula before it is kept, so a bug in this script cannot hide.

Images are 7 x 5 px: different odd sizes make swapped rows/columns and interlace-pass bugs show.
The script is idempotent: it rewrites every fixture (same bytes for the same Pillow/zlib) and deletes files in
the folder that it no longer makes.

Formulas (keep in step with `enum Formula` in Tests/GhostlinePNGTests/Formulas.swift):
  rgba(x, y)   = (x*36 % 256, y*50 % 256, (x+y)*20 % 256, (x+7y)*37 % 256)
  rgb(x, y)    = the first three of rgba, alpha 255
  gray(x, y)   = (x*36 + y*5) % 256
  level(x, y, bits) = (x + 2y) % 2^bits, stored as a `bits`-bit gray sample; 8-bit value = level*255/(2^bits-1)
  wide16(x, y, c) = (x*7919 + y*104729 + c*15485 + 12345) % 65536 for channel c; 8-bit value = round(v*255/65535)
"""

import io
import os
import struct
import sys
import zlib

from PIL import Image, ImageCms, PngImagePlugin

W, H = 7, 5
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "GhostlinePNGTests", "Fixtures")
SIGNATURE = b"\x89PNG\r\n\x1a\n"


# --- formulas -------------------------------------------------------------------------------------------------

def rgba(x, y):
    return (x * 36 % 256, y * 50 % 256, (x + y) * 20 % 256, (x + 7 * y) * 37 % 256)


def rgb(x, y):
    return rgba(x, y)[:3]


def gray(x, y):
    return (x * 36 + y * 5) % 256


def level(x, y, bits):
    return (x + 2 * y) % (1 << bits)


def wide16(x, y, c):
    return (x * 7919 + y * 104729 + c * 15485 + 12345) % 65536


PALETTE4 = [(i * 17, 255 - i * 17, i * 80 % 256) for i in range(16)]   # index (x + 2y) % 16, no tRNS
PALETTE2 = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]      # index (x + y) % 4
PALETTE2_ALPHA = bytes([0, 128])   # shorter than the palette: entries 2 and 3 stay opaque
TRNS_KEY = rgb(2, 1)               # the one pixel of rgb8-trns.png that becomes transparent


# --- a minimal PNG writer, independent of libpng --------------------------------------------------------------

def chunk(tag, data):
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def pack_row(samples, bit_depth):
    if bit_depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if bit_depth == 8:
        return bytes(samples)
    out, acc, used = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bit_depth) | s
        used += bit_depth
        if used == 8:
            out.append(acc)
            acc, used = 0, 0
    if used:
        out.append(acc << (8 - used))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, line, prior, bpp):
    out = bytearray(len(line))
    for i, value in enumerate(line):
        a = line[i - bpp] if i >= bpp else 0
        b = prior[i] if prior else 0
        c = prior[i - bpp] if prior and i >= bpp else 0
        predictor = (0, a, b, (a + b) // 2, paeth(a, b, c))[kind]
        out[i] = (value - predictor) & 0xFF
    return bytes([kind]) + bytes(out)


def raw_png(width, height, bit_depth, color_type, pixel, interlace=False, before_idat=b""):
    """pixel(x, y) returns the tuple of samples for one pixel. Rows cycle through all five filter types so the
    reader's unfiltering is exercised too; each Adam7 pass starts with no prior row, as the spec says."""
    bpp = max(1, CHANNELS[color_type] * bit_depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    data, row_number = bytearray(), 0
    for x0, y0, dx, dy in passes:
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if not xs or not ys:
            continue
        prior = None
        for y in ys:
            line = pack_row([s for x in xs for s in pixel(x, y)], bit_depth)
            data += filter_row(row_number % 5, line, prior, bpp)
            prior = line
            row_number += 1
    header = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlace else 0)
    return (SIGNATURE + chunk(b"IHDR", header) + before_idat
            + chunk(b"IDAT", zlib.compress(bytes(data), 9)) + chunk(b"IEND", b""))


def chunks_of(png):
    """(offset, tag, data_length) for each chunk of a PNG byte string."""
    result, offset = [], 8
    while offset < len(png):
        length, tag = struct.unpack(">I4s", png[offset:offset + 8])
        result.append((offset, tag, length))
        offset += 12 + length
    return result


# --- Pillow helpers ---------------------------------------------------------------------------------------------

def pillow_png(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **options)
    return buffer.getvalue()


def image_from(mode, pixel):
    image = Image.new(mode, (W, H))
    image.putdata([pixel(x, y) for y in range(H) for x in range(W)])
    return image


def palette_image(colors, index):
    image = Image.new("P", (W, H))
    image.putpalette([c for color in colors for c in color])
    image.putdata([index(x, y) for y in range(H) for x in range(W)])
    return image


FORMULA_PALETTE = [rgb(i % W, i // W) for i in range(W * H)]   # index x + 7y gives rgb(x, y)


def formula_index(x, y):
    return x + W * y


# --- fixtures ---------------------------------------------------------------------------------------------------
# name -> (bytes, expected RGBA for Pillow's check or None, expected IHDR (bit depth, colour type, interlace) or None)

def build():
    f = {}

    def good(name, data, expect, ihdr):
        f[name] = (data, expect, ihdr)

    good("rgb8.png", pillow_png(image_from("RGB", rgb)), lambda x, y: rgb(x, y) + (255,), (8, 2, 0))
    good("rgba8.png", pillow_png(image_from("RGBA", rgba)), rgba, (8, 6, 0))
    good("gray8.png", pillow_png(image_from("L", gray)), lambda x, y: (gray(x, y),) * 3 + (255,), (8, 0, 0))
    good("graya8.png", pillow_png(image_from("LA", lambda x, y: (gray(x, y), rgba(x, y)[3]))),
         lambda x, y: (gray(x, y),) * 3 + (rgba(x, y)[3],), (8, 4, 0))

    for bits in (1, 2, 4):
        scale = 255 // ((1 << bits) - 1)
        def gray_low(x, y, bits=bits, scale=scale):
            return level(x, y, bits) * scale
        options = {} if bits == 1 else {"bits": bits}
        image = image_from("1" if bits == 1 else "L", gray_low)
        good(f"gray{bits}.png", pillow_png(image, **options),
             lambda x, y, g=gray_low: (g(x, y),) * 3 + (255,), (bits, 0, 0))

    good("palette8-trns.png",
         pillow_png(palette_image(FORMULA_PALETTE, formula_index),
                    transparency=bytes(rgba(i % W, i // W)[3] for i in range(W * H))),
         rgba, (8, 3, 0))
    good("palette8.png", pillow_png(palette_image(FORMULA_PALETTE, formula_index)),
         lambda x, y: rgb(x, y) + (255,), (8, 3, 0))
    good("palette4.png", pillow_png(palette_image(PALETTE4, lambda x, y: level(x, y, 4))),
         lambda x, y: PALETTE4[level(x, y, 4)] + (255,), (4, 3, 0))
    good("palette2-short-trns.png",
         pillow_png(palette_image(PALETTE2, lambda x, y: (x + y) % 4), transparency=PALETTE2_ALPHA),
         lambda x, y: PALETTE2[(x + y) % 4] + ((0, 128, 255, 255)[(x + y) % 4],), (2, 3, 0))
    good("rgb8-trns.png", pillow_png(image_from("RGB", rgb), transparency=TRNS_KEY),
         lambda x, y: rgb(x, y) + (0 if rgb(x, y) == TRNS_KEY else 255,), (8, 2, 0))

    # 16-bit: v * 257 scales to exactly v; Pillow reads 16-bit RGB(A) by keeping the high byte, which is v too.
    good("rgb16.png", raw_png(W, H, 16, 2, lambda x, y: [v * 257 for v in rgb(x, y)]),
         lambda x, y: rgb(x, y) + (255,), (16, 2, 0))
    good("rgba16.png", raw_png(W, H, 16, 6, lambda x, y: [v * 257 for v in rgba(x, y)]), rgba, (16, 6, 0))
    good("gray16.png", pillow_png(image_from("I;16", lambda x, y: gray(x, y) * 257)), None, (16, 0, 0))
    # Values that are not multiples of 257: the reader must round (v*255/65535), not truncate (v >> 8).
    # Pillow truncates, so it is checked against v >> 8 instead.
    good("rgba16-rounding.png", raw_png(W, H, 16, 6, lambda x, y: [wide16(x, y, c) for c in range(4)]),
         lambda x, y: tuple(wide16(x, y, c) >> 8 for c in range(4)), (16, 6, 0))

    good("rgba8-adam7.png", raw_png(W, H, 8, 6, rgba, interlace=True), rgba, (8, 6, 1))
    good("palette8-trns-adam7.png",
         raw_png(W, H, 8, 3, lambda x, y: [formula_index(x, y)], interlace=True,
                 before_idat=chunk(b"PLTE", bytes(c for color in FORMULA_PALETTE for c in color))
                 + chunk(b"tRNS", bytes(rgba(i % W, i // W)[3] for i in range(W * H)))),
         rgba, (8, 3, 1))
    good("gray2-adam7.png", raw_png(W, H, 2, 0, lambda x, y: [level(x, y, 2)], interlace=True),
         lambda x, y: (level(x, y, 2) * 85,) * 3 + (255,), (2, 0, 1))
    good("rgba16-adam7.png",
         raw_png(W, H, 16, 6, lambda x, y: [v * 257 for v in rgba(x, y)], interlace=True), rgba, (16, 6, 1))

    # Colour-management and metadata chunks that must not change pixel values.
    info = PngImagePlugin.PngInfo()
    info.add(b"gAMA", struct.pack(">I", 100000))   # gamma 1.0: applying it would brighten every mid-tone
    info.add(b"cHRM", struct.pack(">8I", 31270, 32900, 70800, 29200, 17000, 79700, 13100, 4600))  # BT.2020
    good("rgb8-gama-chrm.png", pillow_png(image_from("RGB", rgb), pnginfo=info),
         lambda x, y: rgb(x, y) + (255,), (8, 2, 0))

    good("rgba8-iccp.png", pillow_png(image_from("RGBA", rgba), icc_profile=srgb_profile()), rgba, (8, 6, 0))

    exif = Image.Exif()
    exif[0x0112] = 6   # Orientation: rotate 90° clockwise. Must be ignored: pixels come out in stored order.
    text = PngImagePlugin.PngInfo()
    text.add_text("Software", "make-png-fixtures.py")
    text.add_text("Comment", "compressed text chunk", zip=True)
    good("rgba8-exif.png", pillow_png(image_from("RGBA", rgba), exif=exif.tobytes(), pnginfo=text), rgba, (8, 6, 0))

    # Limits. Pillow is not asked to check these (they would cost it memory); the tests check them.
    def gray_row(x, y):
        return [gray(x, y)]
    f["edge-16384x1.png"] = (raw_png(16384, 1, 8, 0, gray_row), None, (8, 0, 0))
    f["wide-16385x1.png"] = (raw_png(16385, 1, 8, 0, gray_row), None, (8, 0, 0))
    f["tall-1x16385.png"] = (raw_png(1, 16385, 8, 0, gray_row), None, (8, 0, 0))
    oversize = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    f["oversize-100000x100000.png"] = (
        SIGNATURE + chunk(b"IHDR", oversize) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""),
        None, (8, 6, 0))

    # Damaged files, all derived from rgba8.png.
    base = f["rgba8.png"][0]
    chunks = chunks_of(base)
    idat_offset, _, idat_length = next(c for c in chunks if c[1] == b"IDAT")
    crc_at = idat_offset + 8 + idat_length

    bad_crc = bytearray(base)
    bad_crc[crc_at] ^= 0xFF   # pixel data intact, only its checksum is wrong
    f["corrupt-crc.png"] = (bytes(bad_crc), None, None)

    bad_zlib = bytearray(base)
    bad_zlib[idat_offset + 8] = 0x00   # zlib header byte: compression method 0 does not exist
    body = bytes(bad_zlib[idat_offset + 4:crc_at])
    bad_zlib[crc_at:crc_at + 4] = struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)   # CRC fixed: only zlib fails
    f["corrupt-zlib.png"] = (bytes(bad_zlib), None, None)

    bad_ihdr = struct.pack(">IIBBBBB", W, H, 3, 2, 0, 0, 0)   # bit depth 3 is not a PNG bit depth
    f["corrupt-ihdr.png"] = (SIGNATURE + chunk(b"IHDR", bad_ihdr) + base[33:], None, None)

    f["truncated-idat.png"] = (base[:idat_offset + 8 + idat_length // 2], None, None)
    f["truncated-no-iend.png"] = (base[:crc_at + 4], None, None)
    f["truncated-signature.png"] = (SIGNATURE[:5], None, None)

    jpeg = io.BytesIO()
    image_from("RGB", rgb).save(jpeg, "JPEG", quality=90)
    f["jpeg-named-png.png"] = (jpeg.getvalue(), None, None)
    f["empty.png"] = (b"", None, None)
    return f


def srgb_profile():
    """Pillow's sRGB profile with its creation date pinned, so the fixture is byte-identical on every run."""
    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    profile[24:36] = struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
    profile[84:100] = bytes(16)   # profile ID (an MD5 that would cover the date) left as "not computed"
    return bytes(profile)


# --- checks and output ------------------------------------------------------------------------------------------

def check(name, data, expect, ihdr):
    if ihdr is not None:
        bit_depth, color_type, interlace = data[24], data[25], data[28]
        assert (bit_depth, color_type, interlace) == ihdr, f"{name}: IHDR {bit_depth, color_type, interlace} != {ihdr}"
    if name == "gray16.png":
        image = Image.open(io.BytesIO(data))
        got = [image.getpixel((x, y)) for y in range(H) for x in range(W)]
        assert got == [gray(x, y) * 257 for y in range(H) for x in range(W)], name
    if expect is None:
        return
    image = Image.open(io.BytesIO(data))
    if image.size != (W, H):
        raise AssertionError(f"{name}: size {image.size}")
    converted = image.convert("RGBA")
    for y in range(H):
        for x in range(W):
            got, want = converted.getpixel((x, y)), tuple(expect(x, y))
            if got != want:
                raise AssertionError(f"{name}: Pillow reads {got} at ({x}, {y}), the formula says {want}")


def main():
    fixtures = build()
    os.makedirs(OUT, exist_ok=True)
    for name, (data, expect, ihdr) in sorted(fixtures.items()):
        check(name, data, expect, ihdr)
        path = os.path.join(OUT, name)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            with open(path, "wb") as out:
                out.write(data)
        print(f"{'unchanged' if old == data else 'wrote':9} {len(data):6} bytes  {name}")
    # Folders belong to other scripts (formats/ is make-image-fixtures.py's).
    for stale in sorted(set(os.listdir(OUT)) - set(fixtures)):
        if os.path.isdir(os.path.join(OUT, stale)):
            continue
        os.remove(os.path.join(OUT, stale))
        print(f"removed   {stale}")


if __name__ == "__main__":
    sys.exit(main())

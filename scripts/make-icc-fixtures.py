#!/usr/bin/env python3
"""Regenerates Tests/GhostlinePNGTests/Fixtures/color/. Run: python3 scripts/make-icc-fixtures.py (needs Pillow).

The colour-managed exports of ColorProfileTests. The ICC profiles are written here byte by byte from the published
primaries and transfer curves (no colour-management library is involved, so the profiles do not come from the
Little CMS that Ghostline converts with); the images are written with the standard library (PNG) and Pillow (JPEG,
WebP). Everything in the folder is made by this script and shares the project's licence.

Profiles (ICC v4.3 display class, D50 PCS, colorants adapted from D65 with the Bradford matrix, as Apple's are):
- Display P3: SMPTE EG 432-1 primaries (0.680, 0.320) (0.265, 0.690) (0.150, 0.060), D65, the sRGB curve.
- Adobe RGB (1998): Adobe's spec primaries (0.64, 0.33) (0.21, 0.71) (0.15, 0.06), D65, gamma 563/256.
- sRGB IEC61966-2.1: BT.709 primaries, D65, the IEC 61966-2-1 curve.
- Linear grey: a grey profile with gamma 1.0.

The test pictures hold 16 known colours (and alphas), one per pixel, 8 x 2; the tests compute their sRGB values
from the published matrices, never from this script.
"""

import io
import os
import struct
import zlib

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "GhostlinePNGTests", "Fixtures", "color")

COLORS = [
    (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 128), (0, 0, 0, 255), (128, 128, 128, 255),
    (200, 100, 50, 255), (10, 20, 30, 255), (255, 255, 0, 255), (0, 255, 255, 0), (255, 0, 255, 255),
    (64, 128, 192, 255), (250, 240, 230, 255), (30, 60, 90, 255), (100, 200, 150, 77), (5, 5, 5, 255),
]
W, H = 8, 2
D65 = (0.3127, 0.3290)
D50_XYZ = (0.9642, 1.0, 0.8249)   # the ICC PCS illuminant, as encoded in every profile header


# MARK: matrices

def xyz(x, y):
    return (x / y, 1.0, (1 - x - y) / y)


def mul(m, v):
    return tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3))


def matmul(a, b):
    return [[sum(a[r][k] * b[k][c] for k in range(3)) for c in range(3)] for r in range(3)]


def inverse(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def rgb_to_xyz(primaries, white):
    """The RGB to XYZ matrix of a colour space from its primaries' and white's chromaticities."""
    columns = [xyz(*p) for p in primaries]
    m = [[columns[c][r] for c in range(3)] for r in range(3)]
    s = mul(inverse(m), xyz(*white))
    return [[m[r][c] * s[c] for c in range(3)] for r in range(3)]


BRADFORD = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]


def bradford(source_white, target_xyz):
    cone_source = mul(BRADFORD, xyz(*source_white))
    cone_target = mul(BRADFORD, target_xyz)
    scale = [[cone_target[i] / cone_source[i] if i == j else 0 for j in range(3)] for i in range(3)]
    return matmul(inverse(BRADFORD), matmul(scale, BRADFORD))


# MARK: ICC writing

def s15(v):
    return struct.pack(">i", round(v * 65536))


def mluc(text):
    utf16 = text.encode("utf-16-be")
    return b"mluc" + bytes(4) + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(utf16), 28) + utf16


def xyz_tag(v):
    return b"XYZ " + bytes(4) + b"".join(s15(c) for c in v)


def para_srgb():
    return b"para" + bytes(4) + struct.pack(">HH", 3, 0) + b"".join(
        s15(c) for c in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))


def curv_gamma(gamma_u8f8):
    return b"curv" + bytes(4) + struct.pack(">IH", 1, gamma_u8f8) + bytes(2)


def icc(device_class, space, tags):
    """A profile: header, tag table, then each tag's data, 4-byte aligned."""
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, data = b"", b""
    for signature, payload in tags:
        entries += signature + struct.pack(">II", offset + len(data), len(payload))
        data += payload + bytes(-len(payload) % 4)
    size = 128 + table_size + len(data)
    header = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x04300000) + device_class + space + b"XYZ "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + bytes(4) + bytes(4) + bytes(4) + bytes(4) + bytes(8)
              + struct.pack(">I", 0) + b"".join(s15(c) for c in D50_XYZ) + bytes(4) + bytes(16) + bytes(28))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + entries + data


def rgb_profile(name, primaries, curve):
    chad = bradford(D65, D50_XYZ)
    adapted = matmul(chad, rgb_to_xyz(primaries, D65))
    columns = [[adapted[r][c] for r in range(3)] for c in range(3)]
    return icc(b"mntr", b"RGB ", [
        (b"desc", mluc(name)), (b"cprt", mluc("No copyright: made by Ghostline's make-icc-fixtures.py")),
        (b"wtpt", xyz_tag(D50_XYZ)), (b"chad", b"sf32" + bytes(4) + b"".join(s15(v) for row in chad for v in row)),
        (b"rXYZ", xyz_tag(columns[0])), (b"gXYZ", xyz_tag(columns[1])), (b"bXYZ", xyz_tag(columns[2])),
        (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)])


DISPLAY_P3 = rgb_profile("Display P3", [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], para_srgb())
ADOBE_RGB = rgb_profile("Adobe RGB (1998)", [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], curv_gamma(0x0233))
SRGB = rgb_profile("sRGB IEC61966-2.1", [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)], para_srgb())
LINEAR_GRAY = icc(b"mntr", b"GRAY", [(b"desc", mluc("Linear Gray")), (b"wtpt", xyz_tag(D50_XYZ)),
                                    (b"kTRC", curv_gamma(0x0100))])


# MARK: images

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(pixels, width, height, color_type=6, extra=b""):
    """An 8-bit PNG; `pixels` are tuples with the channels of `color_type` (6 RGBA, 2 RGB, 0 grey)."""
    rows = b"".join(b"\x00" + b"".join(bytes(p) for p in pixels[y * width:(y + 1) * width]) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
            + extra + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def iccp(profile, name=b"ICC profile", compressed=None):
    return chunk(b"iCCP", name + b"\x00\x00" + (compressed if compressed is not None else zlib.compress(profile, 9)))


def jpeg_with_icc(profile, parts, order=None):
    """A quality-95 4:4:4 JPEG of the test colours (each an 8 x 8 block, so flat), its profile in `parts` APP2s."""
    image = Image.new("RGB", (W * 8, H * 8))
    for i, color in enumerate(COLORS):
        image.paste(color[:3], ((i % W) * 8, (i // W) * 8, (i % W) * 8 + 8, (i // W) * 8 + 8))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=95, subsampling=0)
    data = out.getvalue()
    if profile is None:
        return data
    step = -(-len(profile) // parts)
    pieces = [profile[i * step:(i + 1) * step] for i in range(parts)]
    segments = [b"\xff\xe2" + struct.pack(">H", 2 + 14 + len(p)) + b"ICC_PROFILE\x00" + bytes([i + 1, parts]) + p
                for i, p in enumerate(pieces)]
    segments = [segments[i] for i in (order or range(parts))]
    return data[:2] + b"".join(segments) + data[2:]


def files():
    yield "p3.png", png(COLORS, W, H, extra=iccp(DISPLAY_P3, b"Display P3"))
    yield "adobe-rgb.png", png(COLORS, W, H, extra=iccp(ADOBE_RGB, b"Adobe RGB (1998)"))
    yield "srgb-iccp.png", png(COLORS, W, H, extra=iccp(SRGB, b"sRGB"))
    yield "srgb-chunk.png", png(COLORS, W, H, extra=chunk(b"sRGB", b"\x00") + chunk(b"gAMA", struct.pack(">I", 100000)))
    yield "gamma-1.png", png(COLORS, W, H, extra=chunk(b"gAMA", struct.pack(">I", 100000)))
    yield "gamma-45455.png", png(COLORS, W, H, extra=chunk(b"gAMA", struct.pack(">I", 45455)))
    # gAMA 1.0 with BT.709/D65 chromaticities in cHRM: the same conversion as gamma-1.png, through the cHRM path.
    yield "gamma-1-chrm.png", png(COLORS, W, H, extra=chunk(b"gAMA", struct.pack(">I", 100000))
                                  + chunk(b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)))
    grays = [(v,) for v in (0, 1, 5, 10, 20, 40, 64, 90, 128, 150, 180, 200, 220, 240, 250, 255)]
    yield "gray-linear.png", png(grays, W, H, color_type=0, extra=iccp(LINEAR_GRAY, b"Linear Gray"))
    yield "untagged.jpg", jpeg_with_icc(None, 1)
    yield "adobe-rgb.jpg", jpeg_with_icc(ADOBE_RGB, 1)
    yield "adobe-rgb-3-segments.jpg", jpeg_with_icc(ADOBE_RGB, 3, order=[2, 0, 1])
    webp = io.BytesIO()
    image = Image.new("RGBA", (W, H))
    image.putdata(COLORS)
    image.save(webp, "WEBP", lossless=True, exact=True, icc_profile=DISPLAY_P3)   # exact: keep RGB under alpha 0
    yield "p3.webp", webp.getvalue()

    # Hostile: each must be refused with ImageError.colorProfile, never crash or allocate without bound.
    yield "hostile-truncated.png", png(COLORS, W, H, extra=iccp(DISPLAY_P3[:300]))
    yield "hostile-short.png", png(COLORS, W, H, extra=iccp(DISPLAY_P3[:100]))
    yield "hostile-huge.png", png(COLORS, W, H, extra=iccp(b"", compressed=zlib.compress(bytes(64 << 20), 9)))
    yield "hostile-bad-zlib.png", png(COLORS, W, H, extra=iccp(b"", compressed=b"\x78\x9c\xff\xff\xff\xff"))
    cmyk = icc(b"prtr", b"CMYK", [(b"desc", mluc("A printer"))])
    yield "hostile-cmyk.png", png(COLORS, W, H, extra=iccp(cmyk))
    link = icc(b"link", b"RGB ", [(b"desc", mluc("A device link"))])
    yield "hostile-link.png", png(COLORS, W, H, extra=iccp(link))
    yield "hostile-gray-on-rgb.png", png(COLORS, W, H, extra=iccp(LINEAR_GRAY))
    # A tag table whose entries point past the end of the profile: no colorant or curve can be read.
    broken = bytearray(DISPLAY_P3)
    for entry in range(1, 10):
        struct.pack_into(">I", broken, 132 + 12 * entry + 4, 0x7FFFFF00)
    yield "hostile-tag-table.png", png(COLORS, W, H, extra=iccp(bytes(broken)))
    yield "hostile-missing-segment.jpg", jpeg_with_icc(ADOBE_RGB, 3, order=[0, 2])


def main():
    os.makedirs(OUT, exist_ok=True)
    made = set()
    for name, data in files():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        made.add(name)
    for name in ("display-p3.icc", "adobe-rgb-1998.icc", "srgb.icc", "linear-gray.icc"):
        made.add(name)
    for name, profile in (("display-p3.icc", DISPLAY_P3), ("adobe-rgb-1998.icc", ADOBE_RGB), ("srgb.icc", SRGB),
                          ("linear-gray.icc", LINEAR_GRAY)):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(profile)
    for name in os.listdir(OUT):
        if name not in made and name != "README.md":
            os.remove(os.path.join(OUT, name))
    print(f"wrote {len(made)} files to {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Regenerates Tests/GhostlinePNGTests/Fixtures/formats/. Run: python3 scripts/make-image-fixtures.py (needs Pillow).

The JPEG, WebP and EXIF-orientation fixtures of ImageReaderTests, written by Pillow (an encoder that shares no code
with Ghostline's readers) and checked with Pillow before they are kept:

- reference.png / reference-alpha.png: a 50 x 34 design-like picture (gradients, a flat block, a one-pixel rule),
  lossless; the images every other format is compared against.
- *.jpg and lossy *.webp, each with `NAME.pillow.png`: Pillow's own decode of that file. The tests require Ghostline's
  decode to match Pillow's within one step per channel, and to be no further from reference.png than Pillow's is,
  so "within the JPEG's quantisation error" is measured by an independent decoder, not assumed.
- lossless *.webp: must equal the reference exactly.
- orient-N.{png,jpg,webp}: the 7 x 5 formula image rgb(x, y) of make-png-fixtures.py stored turned so that EXIF
  orientation N turns it back; Pillow's ImageOps.exif_transpose is checked to give the formula image.
- damaged, cut-off and refused files derived from the good ones; see build().

The script is idempotent and deletes files in the folder that it no longer makes.
"""

import io
import os
import struct
import sys
import warnings

from PIL import Image, ImageOps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "GhostlinePNGTests", "Fixtures", "formats")
W, H = 50, 34          # not multiples of 8 or 16: partial MCUs and odd chroma sizes are exercised
FW, FH = 7, 5          # the orientation fixtures' formula image


def clip(value):
    return max(0, min(255, value))


def scene_rgb(x, y):
    """Gradients, a flat orange block and a dark one-pixel rule: what UI exports are made of."""
    if 5 <= x < 20 and 4 <= y < 14:
        return (230, 90, 40)
    if y == 20 and 8 <= x < 42:
        return (20, 20, 30)
    return (clip(40 + 3 * x), clip(60 + 4 * y), clip(200 - 2 * x - y))


def scene_alpha(x, y):
    """Opaque on the left, fading to fully transparent on the right (partial and zero alpha both occur)."""
    return 255 if x < 25 else clip(255 - (x - 25) * 12)


def formula_rgb(x, y):   # rgb(x, y) of scripts/make-png-fixtures.py and Formulas.swift
    return (x * 36 % 256, y * 50 % 256, (x + y) * 20 % 256)


def image(mode, size, pixel):
    result = Image.new(mode, size)
    result.putdata([pixel(x, y) for y in range(size[1]) for x in range(size[0])])
    return result


def encoded(img, fmt, **options):
    buffer = io.BytesIO()
    img.save(buffer, fmt, **options)
    return buffer.getvalue()


def max_error(a, b):
    a, b = a.convert("RGBA"), b.convert("RGBA")
    assert a.size == b.size, (a.size, b.size)
    return max(abs(p - q) for p, q in zip(a.tobytes(), b.tobytes()))


def exif_bytes(orientation):
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif.tobytes()


def big_endian_exif(orientation):
    """A TIFF block in Motorola byte order ("MM"), which Pillow does not write: one IFD entry, Orientation."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
    tiff += struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    return b"Exif\x00\x00" + tiff


def with_app1(jpeg, payload):
    """Inserts an APP1 segment right after SOI."""
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def marker_offsets(jpeg, marker):
    """Offsets of every `FF marker` outside entropy-coded data (good enough for Pillow's files: stuffed FF 00)."""
    found, i = [], 2
    while i + 1 < len(jpeg):
        if jpeg[i] == 0xFF and jpeg[i + 1] == marker:
            found.append(i)
        i += 1
    return found


# Inverse of Pillow's exif_transpose step for each orientation: storing F turned this way makes N turn it back.
STORE = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
         4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
         7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}


def build():
    f = {}
    reference = image("RGB", (W, H), scene_rgb)
    reference_alpha = image("RGBA", (W, H), lambda x, y: scene_rgb(x, y) + (scene_alpha(x, y),))
    f["reference.png"] = encoded(reference, "PNG")
    f["reference-alpha.png"] = encoded(reference_alpha, "PNG")
    gray_reference = reference.convert("L")
    f["reference-gray.png"] = encoded(gray_reference, "PNG")

    # JPEG, each with Pillow's decode beside it.
    jpegs = {
        "q90-420.jpg": encoded(reference, "JPEG", quality=90, subsampling=2),
        "q90-444.jpg": encoded(reference, "JPEG", quality=90, subsampling=0),
        "q75-progressive.jpg": encoded(reference, "JPEG", quality=75, progressive=True),
        "q90-gray.jpg": encoded(gray_reference, "JPEG", quality=90),
    }
    # Lossy WebP, also with Pillow's decode (libwebp's smooth upsampling, as Ghostline uses).
    lossy_webps = {
        "q90.webp": encoded(reference, "WEBP", quality=90),
        "q90-alpha.webp": encoded(reference_alpha, "WEBP", quality=90),
    }
    for name, data in {**jpegs, **lossy_webps}.items():
        f[name] = data
        f[name + ".pillow.png"] = encoded(Image.open(io.BytesIO(data)).convert("RGBA"), "PNG")

    # Lossless WebP: exact. `exact` keeps the colour of fully transparent pixels, which libwebp would otherwise
    # replace to compress better (straight alpha keeps it, as the PNG reader does).
    f["lossless.webp"] = encoded(reference, "WEBP", lossless=True)
    f["lossless-alpha.webp"] = encoded(reference_alpha, "WEBP", lossless=True, exact=True)

    # EXIF orientation: all eight, in all three formats.
    formula = image("RGB", (FW, FH), formula_rgb)
    for n, step in STORE.items():
        stored = formula if step is None else formula.transpose(step)
        f[f"orient-{n}.png"] = encoded(stored, "PNG", exif=exif_bytes(n))
        f[f"orient-{n}.jpg"] = encoded(stored, "JPEG", quality=100, subsampling=0, exif=exif_bytes(n))
        f[f"orient-{n}.webp"] = encoded(stored, "WEBP", lossless=True, exif=exif_bytes(n))
    plain6 = encoded(formula.transpose(STORE[6]), "JPEG", quality=100, subsampling=0)
    f["orient-6-big-endian.jpg"] = with_app1(plain6, big_endian_exif(6))
    # An EXIF block whose IFD offset points past its end: ignored, so the image stays as stored.
    f["orient-damaged.jpg"] = with_app1(plain6, b"Exif\x00\x00II\x2a\x00" + struct.pack("<I", 4000))

    # Files that end early. PNG: complete IDAT, then no IEND, or half of it.
    png = f["reference.png"]
    iend = png.rindex(b"IEND") - 4
    f["no-iend.png"] = png[:iend]
    f["half-iend.png"] = png[:iend + 6]
    # JPEG: only the EOI missing (sequential and progressive) is read with a warning; a cut inside the scan data
    # or between two progressive scans is truncated.
    f["no-eoi.jpg"] = jpegs["q90-420.jpg"][:-2]
    f["progressive-no-eoi.jpg"] = jpegs["q75-progressive.jpg"][:-2]
    f["progressive-cut-between-scans.jpg"] = jpegs["q75-progressive.jpg"][:marker_offsets(jpegs["q75-progressive.jpg"], 0xDA)[-1]]
    sos = marker_offsets(jpegs["q90-420.jpg"], 0xDA)[0]
    f["cut-in-scan.jpg"] = jpegs["q90-420.jpg"][:sos + (len(jpegs["q90-420.jpg"]) - sos) // 2]
    f["cut-in-header.jpg"] = jpegs["q90-420.jpg"][:sos // 2]
    f["cut.webp"] = lossy_webps["q90.webp"][:len(lossy_webps["q90.webp"]) // 2]

    # Damaged: a frame header asking for 9-bit samples (libjpeg reads 8-bit only), a VP8 start code broken.
    sof = marker_offsets(jpegs["q90-420.jpg"], 0xC0)[0]
    bad_precision = bytearray(jpegs["q90-420.jpg"])
    bad_precision[sof + 4] = 9
    f["bad-precision.jpg"] = bytes(bad_precision)
    bad_vp8 = bytearray(lossy_webps["q90.webp"])
    start_code = bytes(bad_vp8).index(b"\x9d\x01\x2a")
    bad_vp8[start_code] = 0x00
    f["bad-start-code.webp"] = bytes(bad_vp8)

    # Refused kinds: CMYK JPEG, animated WebP, and the other formats Sketch and Figma export.
    f["cmyk.jpg"] = encoded(reference.convert("CMYK"), "JPEG", quality=90)
    frames = [reference, reference.transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
    f["animated.webp"] = encoded(frames[0], "WEBP", save_all=True, append_images=frames[1:], lossless=True)
    f["sketch-export.tiff"] = encoded(reference, "TIFF")
    # Only the signature matters to the reader; Pillow's PDFs would carry the time they were made.
    f["figma-export.pdf"] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"
    f["figma-export.svg"] = b'<svg xmlns="http://www.w3.org/2000/svg" width="50" height="34"></svg>\n'

    # Sizes: one over the limit (a valid file a decoder would read in no time), and a frame header claiming
    # 60000 x 60000 px followed by nothing, which only the header check can refuse before the decoder runs.
    f["wide-16385x1.jpg"] = encoded(Image.new("L", (16385, 1), 128), "JPEG", quality=50)
    huge = bytearray(encoded(Image.new("L", (8, 8), 128), "JPEG", quality=50))
    huge_sof = marker_offsets(bytes(huge), 0xC0)[0]
    huge[huge_sof + 5:huge_sof + 9] = struct.pack(">HH", 60000, 60000)
    f["huge-60000x60000.jpg"] = bytes(huge)
    return f, reference, reference_alpha, formula


def check(f, reference, reference_alpha, formula):
    """Pillow must read every good fixture as the tests expect; otherwise the script is wrong, not Ghostline."""
    def opened(name):
        return Image.open(io.BytesIO(f[name]))

    assert max_error(opened("lossless.webp"), reference) == 0
    assert max_error(opened("lossless-alpha.webp"), reference_alpha) == 0
    errors = {}
    for name in ("q90-420.jpg", "q90-444.jpg", "q75-progressive.jpg", "q90.webp", "q90-alpha.webp"):
        target = reference_alpha if "alpha" in name else reference
        errors[name] = max_error(opened(name), target)
    errors["q90-gray.jpg"] = max_error(opened("q90-gray.jpg"), reference.convert("L"))
    for n in range(1, 9):
        for ext, tolerance in (("png", 0), ("webp", 0), ("jpg", 8)):
            name = f"orient-{n}.{ext}"
            upright = ImageOps.exif_transpose(opened(name))
            error = max_error(upright, formula)
            assert error <= tolerance, f"{name}: Pillow's exif_transpose is {error} from the formula"
    assert max_error(ImageOps.exif_transpose(opened("orient-6-big-endian.jpg")), formula) <= 8
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # Pillow says "Corrupt EXIF data", which is the point of this fixture
        assert ImageOps.exif_transpose(opened("orient-damaged.jpg")).size == (FH, FW)
    assert opened("cmyk.jpg").mode == "CMYK"
    assert getattr(opened("animated.webp"), "n_frames", 1) == 2
    assert opened("wide-16385x1.jpg").size == (16385, 1)
    return errors


def main():
    fixtures, reference, reference_alpha, formula = build()
    errors = check(fixtures, reference, reference_alpha, formula)
    os.makedirs(OUT, exist_ok=True)
    for name, data in sorted(fixtures.items()):
        path = os.path.join(OUT, name)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            with open(path, "wb") as out:
                out.write(data)
        print(f"{'unchanged' if old == data else 'wrote':9} {len(data):6} bytes  {name}")
    for stale in sorted(set(os.listdir(OUT)) - set(fixtures)):
        os.remove(os.path.join(OUT, stale))
        print(f"removed   {stale}")
    for name, error in errors.items():
        print(f"Pillow's decode of {name} is at most {error} from the lossless reference")


if __name__ == "__main__":
    sys.exit(main())

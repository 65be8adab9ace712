"""The hostile catalogue's inputs that cannot be written down as data (scripts/hostile/cases.json names them with
`{"generated": NAME, …}`): binary files made by an encoder (PNG written here, streamed, so a 16384² file needs no
memory; JPEG and WebP with Pillow; fonts cut with fontTools), texts of thousands of numbered parts (scenes, and a
Sketch page whose symbols fan out), and what depends on this machine (the fontconfig version a font cache is keyed by, the Inter file fc-match finds). Also the shared
assets every run starts from: the demo card, its render and layout JSON, an icon, small fonts, and the big PNGs.

Every generator is a function of the context (the assets folder and the fonts made there) and its parameters, and
makes the same bytes every time."""
import io
import os
import json
import re
import shutil
import struct
import subprocess
import zlib

LIMIT_SIDE = 16384           # Ghostline's pixel limit of a side (README "Limits")

GENERATORS = {}


class Unavailable(Exception):
    """This machine cannot make the input (the case is left out, as it was before the cases became data)."""


def generator(name):
    def register(function):
        GENERATORS[name] = function
        return function
    return register


# ---------------------------------------------------------------------------------------------------------------
# Writers: PNG by hand, the rest with Pillow and fontTools

def png_chunk(kind, data, good_crc=True):
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    if not good_crc:
        crc ^= 0xDEADBEEF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_bytes(width, height, row, color_type=6, depth=8, interlace=0, before_idat=b"", bad_crc=False,
              idat=None, end=True, ihdr_size=None):
    """A PNG whose every scanline is `row(y)` (bytes without the filter byte)."""
    w, h = ihdr_size or (width, height)
    header = struct.pack(">IIBBBBB", w, h, depth, color_type, 0, 0, interlace)
    if idat is None:
        raw = b"".join(b"\x00" + row(y) for y in range(height))
        idat = zlib.compress(raw, 6)
    out = PNG_SIGNATURE + png_chunk(b"IHDR", header) + before_idat + png_chunk(b"IDAT", idat, not bad_crc)
    if end:
        out += png_chunk(b"IEND", b"")
    return out


def write_big_png(path, width, height, row):
    """Streams a large 8-bit greyscale PNG to `path`: rows are compressed as they are made."""
    compressor = zlib.compressobj(1)
    with open(path, "wb") as f:
        f.write(PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)))
        pending = []
        size = 0
        for y in range(height):
            data = compressor.compress(b"\x00" + row(y))
            if data:
                pending.append(data)
                size += len(data)
            if size > 1 << 20:
                f.write(png_chunk(b"IDAT", b"".join(pending)))
                pending, size = [], 0
        pending.append(compressor.flush())
        f.write(png_chunk(b"IDAT", b"".join(pending)))
        f.write(png_chunk(b"IEND", b""))


def pillow_bytes(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def sample_image(width=64, height=48, mode="RGB"):
    from PIL import Image
    image = Image.new("RGB", (width, height), (255, 255, 255))
    for y in range(height):
        for x in range(width):
            if (x // 8 + y // 8) % 2 == 0:
                image.putpixel((x, y), (20 + x * 3 % 200, 40, 200 - y * 2 % 150))
    return image.convert(mode)


def png_adam7(width, height):
    """An interlaced (Adam7) RGBA PNG, built by hand: Pillow writes none."""
    image = sample_image(width, height, "RGBA")
    pixels = image.tobytes()
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = bytearray()
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, width, dx))
        if not xs:
            continue
        for y in range(y0, height, dy):
            raw.append(0)
            for x in xs:
                at = (y * width + x) * 4
                raw += pixels[at:at + 4]
    return png_bytes(width, height, None, interlace=1, idat=zlib.compress(bytes(raw)))


def jpeg_with_size(data, width, height):
    """The JPEG with its SOF frame header claiming another size."""
    out = bytearray(data)
    i = 2
    while i < len(out) - 9:
        if out[i] != 0xFF:
            i += 1
            continue
        marker = out[i + 1]
        length = struct.unpack(">H", out[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            out[i + 5:i + 9] = struct.pack(">HH", height, width)
            return bytes(out)
        i += 2 + length
    raise ValueError("no SOF marker")


def jpeg_exif_loop(data):
    """A JPEG whose EXIF IFD0 points its next-IFD offset back at itself (a loop a naive reader follows forever)."""
    tiff = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">H", 1) + struct.pack(">HHII", 0x0112, 3, 1, 6 << 16) + struct.pack(">I", 8)
    segment = b"Exif\x00\x00" + tiff
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(segment) + 2) + segment + data[2:]


def webp_lossless_with_size(data, width, height):
    """A VP8L WebP whose header claims another size (14 bits a side: at most 16384)."""
    out = bytearray(data)
    at = out.find(b"VP8L")
    bits = struct.unpack("<I", out[at + 9:at + 13])[0]
    bits = (bits & ~0x0FFFFFFF) | ((width - 1) & 0x3FFF) | (((height - 1) & 0x3FFF) << 14)
    out[at + 9:at + 13] = struct.pack("<I", bits)
    return bytes(out)


def patch_table(data, tag, offset, replacement):
    """The sfnt with `replacement` written at `offset` into table `tag` (checksums left stale, as a damaged file has them)."""
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        entry = 12 + 16 * i
        if data[entry:entry + 4] == tag:
            start = struct.unpack(">I", data[entry + 8:entry + 12])[0] + offset
            return data[:start] + replacement + data[start + len(replacement):]
    raise ValueError(f"no {tag!r} table")


def find_font(pattern, fallback):
    try:
        found = subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True, timeout=20).stdout
        if found and os.path.isfile(found):
            return found
    except (OSError, subprocess.SubprocessError):
        pass
    return fallback


def make_fonts(assets):
    """Small fonts cut from DejaVu Sans with fontTools, some with their header damaged on purpose."""
    from fontTools.ttLib import TTFont
    from fontTools import subset
    import logging
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    source = find_font("DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    options = subset.Options()
    options.notdef_outline = True
    font = TTFont(source)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="Hello, world HAxgé0123")
    subsetter.subset(font)
    small = os.path.join(assets, "small.ttf")
    font.save(small)
    made = {"small.ttf": small}
    for units in (16, 1, 0, 65535):
        font = TTFont(small)
        font["head"].unitsPerEm = units
        path = os.path.join(assets, f"upem-{units}.ttf")
        font.save(path)
        made[f"upem-{units}.ttf"] = path
    path = os.path.join(assets, "zero-glyphs.ttf")
    with open(path, "wb") as f:
        f.write(patch_table(open(small, "rb").read(), b"maxp", 4, struct.pack(">H", 0)))   # maxp.numGlyphs = 0
    made["zero-glyphs.ttf"] = path
    font = TTFont(small)
    font["hhea"].ascent, font["hhea"].descent, font["hhea"].lineGap = 32767, -32768, 32767
    path = os.path.join(assets, "extreme-hhea.ttf")
    font.save(path)
    made["extreme-hhea.ttf"] = path
    # Tracking tables (issue 23): one asking for +-32767 units at sizes from 0.01 to 32767 pt, with a STAT table so
    # the uikit model applies it (Ghostline holds it to one em), and one whose offsets point past its end.
    from fontTools.otlLib.builder import buildStatTable
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
    font = TTFont(small)
    trak = newTable("trak")
    trak.version, trak.format = 1.0, 0
    horizontal = TrackData()
    horizontal[0.0] = TrackTableEntry({0.01: 32767, 12.0: -32768, 32767.0: 32767}, nameIndex=256)
    trak.horizData, trak.vertData = horizontal, TrackData()
    font["trak"] = trak
    buildStatTable(font, [{"tag": "wght", "name": "Weight", "values": [{"value": 400, "name": "Regular"}]}])
    path = os.path.join(assets, "trak-extreme.ttf")
    font.save(path)
    made["trak-extreme.ttf"] = path
    path = os.path.join(assets, "trak-broken.ttf")
    with open(path, "wb") as f:   # horizontal data offset 0xFFFF, far past the table's end
        f.write(patch_table(open(made["trak-extreme.ttf"], "rb").read(), b"trak", 6, struct.pack(">H", 0xFFFF)))
    made["trak-broken.ttf"] = path
    return made


def scene(children="[]", canvas="{ width: 200, height: auto, scale: 1 }", extra=""):
    return f"canvas: {canvas}\n{extra}root:\n  stack: vertical\n  children: {children}\n"


def label_scene(text_yaml, style="{ font: Inter, size: 17 }", canvas="{ width: 300, height: auto, scale: 1 }", extra=""):
    return scene(f"[ {{ label: {{ id: a, text: {text_yaml}, style: {style} }} }} ]", canvas, extra)


# ---------------------------------------------------------------------------------------------------------------
# The shared assets

def prepare_assets(binary, assets):
    """Writes the assets every case may name as ${assets}/…; returns the fonts made (name → path). Raises
    RuntimeError when the binary cannot render the demo card."""
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    os.makedirs(assets)
    shutil.copyfile(os.path.join(root, "Fixtures/demo/card.yaml"), os.path.join(assets, "card.yaml"))
    shutil.copyfile(os.path.join(root, "Fixtures/scenes/dynamic-type.yaml"), os.path.join(assets, "dynamic.yaml"))
    with open(os.path.join(assets, "icon.png"), "wb") as f:
        f.write(png_bytes(24, 24, lambda y: bytes(((x // 4 + y // 4) % 2) * 200 for x in range(24 * 4))))
    made = subprocess.run([binary, "render", "card.yaml", "-o", "card@3x.png", "--layout", "card.json"], cwd=assets,
                          capture_output=True, text=True, timeout=120)
    if made.returncode != 0:
        raise RuntimeError(f"{binary} could not render the demo card: {made.stderr.strip()}")
    fonts = make_fonts(assets)
    side = LIMIT_SIDE
    white = b"\xff" * side
    marked = b"\xff" * 1000 + b"\x20" * 2000 + b"\xff" * (side - 3000)
    shifted = b"\xff" * 1002 + b"\x20" * 2000 + b"\xff" * (side - 3002)
    # two 16384² PNGs whose marks differ by 2 px, and one 16384 × 8
    write_big_png(os.path.join(assets, "big-a.png"), side, side, lambda y: marked if 1000 <= y < 1100 or 9000 <= y < 9050 else white)
    write_big_png(os.path.join(assets, "big-b.png"), side, side, lambda y: shifted if 1000 <= y < 1100 or 9000 <= y < 9050 else white)
    write_big_png(os.path.join(assets, "wide.png"), side, 8, lambda y: marked)
    with open(os.path.join(assets, "big.yaml"), "w") as f:
        f.write(scene("[ { box: { width: 1000, height: 33, color: \"#202020\" } } ]", canvas="{ width: 8192, height: 8192, scale: 2 }"))
    # A scene and a design exactly at the pixels a check holds whole (8192² px: 4096 pt at @2x).
    whole = 8192
    write_big_png(os.path.join(assets, "whole@2x.png"), whole, whole, lambda y: (b"\xff" * 2000 + b"\x20" * 2000 + b"\xff" * (whole - 4000))
                  if 1000 <= y < 1066 else b"\xff" * whole)
    with open(os.path.join(assets, "whole.yaml"), "w") as f:
        f.write(scene("[ { box: { width: 1000, height: 33, color: \"#202020\" } } ]", canvas="{ width: 4096, height: 4096, scale: 2 }"))
    return fonts


# ---------------------------------------------------------------------------------------------------------------
# Scenes of thousands of numbered parts

@generator("absolute-labels")
def absolute_labels(context, count):
    """`count` labels placed one by one in an absolute stack (x and y cycle inside a 300 × 200 canvas)."""
    many = "".join(f"    - label: {{ text: \"{i}\", style: s, x: {i % 290}, y: {(i * 7) % 190} }}\n" for i in range(count))
    return ("canvas: { width: 300, height: 200, scale: 1 }\nstyles: { s: { font: Inter, size: 12 } }\nroot:\n  stack: absolute\n"
            "  children:\n" + many)


@generator("indented-keys")
def indented_keys(context, count):
    """Keys k1 … k(count-1), each indented one space deeper than the last."""
    return "canvas: { width: 100 }\nroot:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, count))


@generator("block-stacks")
def block_stacks(context, depth):
    """`depth` vertical stacks nested in block style, a box at the bottom."""
    return "canvas: { width: 300, scale: 1 }\nroot:\n" + "".join(
        "  " * (2 * i) + "  stack: vertical\n" + "  " * (2 * i) + "  children:\n" + "  " * (2 * i) + "    -\n"
        for i in range(depth)) + "  " * (2 * depth) + "  box: { width: 10, height: 10 }\n"


@generator("named-colours")
def named_colours(context, count):
    """`count` named colours, all black."""
    return scene("[ { box: { height: 5 } } ]", extra="colors: { " + ", ".join(f"c{i}: \"#000000\"" for i in range(count)) + " }\n")


@generator("colour-chain")
def colour_chain(context, length):
    """c0 names c1, … names c(length-1), which is systemBlue."""
    chain = "colors: { " + ", ".join(f"c{i}: c{i + 1}" for i in range(length - 1)) + f", c{length - 1}: systemBlue }}\n"
    return scene("[ { box: { height: 5, color: c0 } } ]", extra=chain)


@generator("styles")
def styles(context, count):
    """`count` named styles, sizes 1 to 50."""
    return ("canvas: { width: 100, scale: 1 }\nstyles:\n" + "".join(f"  s{i}: {{ size: {1 + i % 50} }}\n" for i in range(count))
            + "root: { stack: vertical, children: [ { box: { width: 5, height: 5 } } ] }\n")


@generator("label-rows")
def label_rows(context, rows, columns):
    """`rows` horizontal stacks of `columns` 1 pt labels, each with its own text."""
    body = ", ".join("{ stack: horizontal, children: [ " + ", ".join(f'{{ label: {{ text: "w{r * columns + i}", style: {{ font: Inter, size: 1 }} }} }}'
                                                                     for i in range(columns)) + " ] }" for r in range(rows))
    return scene(f"[ {body} ]", canvas="{ width: 2000, height: auto, scale: 1 }")


def cjk_glyphs(count):
    return [chr(0x4E00 + (i * 53) % 20000) for i in range(count)]


@generator("cjk-glyphs-stacked")
def cjk_glyphs_stacked(context, count):
    """`count` distinct CJK ideographs at 1000 pt, one label each, drawn over each other (spacing -1000)."""
    stacked = "[ " + ", ".join(f'{{ label: {{ text: "{ch}", style: {{ font: Noto Sans CJK JP, size: 1000 }} }} }}' for ch in cjk_glyphs(count)) + " ]"
    return scene(stacked, canvas="{ width: 1100, height: 1500, scale: 3 }").replace("stack: vertical", "stack: horizontal\n  spacing: -1000")


@generator("cjk-glyphs-one-label")
def cjk_glyphs_one_label(context, count):
    """The same ideographs in one 1000 pt label on a 5000 pt canvas."""
    return label_scene(f'"{"".join(cjk_glyphs(count))}"', style="{ font: Noto Sans CJK JP, size: 1000 }",
                       canvas="{ width: 5000, height: 5000, scale: 3 }")


@generator("emoji-stacked")
def emoji_stacked(context, count):
    """`count` emoji from U+1F600 at 1000 pt, one label each, drawn over each other."""
    return scene("[ " + ", ".join(f'{{ label: {{ text: "{chr(0x1F600 + i)}", style: {{ font: Inter, size: 1000 }} }} }}'
                                  for i in range(count)) + " ]", canvas="{ width: 1100, height: 1500, scale: 2 }"
                 ).replace("stack: vertical", "stack: horizontal\n  spacing: -1000")


@generator("missing-fallback-fonts")
def missing_fallback_fonts(context, count):
    """A label in Japanese whose fallback list names `count` fonts that do not exist."""
    return label_scene('"日本"', extra="fallback: [" + ", ".join(f"NoFont{i}" for i in range(count)) + "]\n")


# ---------------------------------------------------------------------------------------------------------------
# Bytes

@generator("arithmetic-bytes")
def arithmetic_bytes(context, multiplier, offset, count):
    """Byte i is (i × multiplier + offset) mod 256: noise that is the same on every run."""
    return bytes((i * multiplier + offset) % 256 for i in range(count))


@generator("inter")
def inter(context, first=None, half=False):
    """The Inter file fc-match finds (its first bytes, or its first half)."""
    data = open(find_font("Inter", "/usr/share/fonts/opentype/inter/Inter-Regular.otf"), "rb").read()
    return data[:len(data) // 2] if half else data[:first]


@generator("lying-font-cache")
def lying_font_cache(context):
    """A font name cache (GHOSTLINE_FONT_CACHE) that passes every check of its header — this machine's fontconfig
    version and environment, the stamp of / — but whose answers name files that are not fonts."""
    fontconfig_version = subprocess.run(["fc-match", "--version"], capture_output=True, text=True).stderr
    version = re.search(r"(\d+)\.(\d+)\.(\d+)", fontconfig_version)
    if not version:
        raise Unavailable("fc-match --version names no version")
    number = int(version.group(1)) * 10000 + int(version.group(2)) * 100 + int(version.group(3))
    context_env = {**os.environ, "GHOSTLINE_FONT_CACHE": "c"}
    keys = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
            "XDG_CACHE_HOME", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG"]
    cache_context = f"fontconfig {number}" + "".join(f"\x1f{k}=" + ("\x1e" + context_env[k] if k in context_env else "") for k in keys)
    root = os.stat("/")
    stamp = f"dir {root.st_ino} {root.st_size} {root.st_mtime_ns // 10**9}.{root.st_mtime_ns % 10**9}"
    return (f"ghostline font names 1\ncontext\t{cache_context}\nstamp\t/\t{stamp}\n"
            "font\tInter\t400\t0\t/dev/zero\t0\nfont\tInter-SemiBold\t400\t0\t/etc/passwd\t0\n")


# ---------------------------------------------------------------------------------------------------------------
# Design documents

@generator("sketch-symbol-fan-out")
def sketch_symbol_fan_out(context, levels, fan, leaf):
    """A Sketch page whose artboard holds one instance of a symbol that holds `fan` instances of the next, `levels`
    deep, the last holding the text layer `leaf`: fan ** levels layers once expanded."""
    frame = {"x": 0, "y": 0, "width": 10, "height": 10}
    layers = [{"_class": "artboard", "do_objectID": "A1", "name": "Screen", "frame": {"x": 0, "y": 0, "width": 375, "height": 812},
               "layers": [{"_class": "symbolInstance", "do_objectID": "R", "symbolID": "L0", "frame": frame}]}]
    for level in range(levels):
        child = {"_class": "symbolInstance", "do_objectID": f"C{level}", "symbolID": f"L{level + 1}", "frame": frame}
        layers.append({"_class": "symbolMaster", "do_objectID": f"M{level}", "symbolID": f"L{level}", "frame": frame, "layers": [child] * fan})
    layers.append({"_class": "symbolMaster", "do_objectID": f"M{levels}", "symbolID": f"L{levels}", "frame": frame, "layers": [leaf]})
    return json.dumps({"_class": "page", "name": "P1", "layers": layers})


# ---------------------------------------------------------------------------------------------------------------
# Images: read by diff, check and scenes (the `image` cases name them by these names)

def good_png():
    return png_bytes(64, 48, lambda y: bytes((x * 4 + y) % 256 for x in range(64 * 4)))


def good_jpeg():
    return pillow_bytes(sample_image(), "JPEG", quality=90)


def good_webp():
    return pillow_bytes(sample_image(), "WEBP", lossless=True)


def exif_bytes(orientation):
    from PIL import Image
    exif = Image.Exif()
    exif[0x0112] = orientation
    return exif.tobytes()


IMAGES = {
    # valid, or nearly: decoded or refused with one line
    "png-64x48": good_png,
    "png-4x4-red": lambda: png_bytes(4, 4, lambda y: b"\xff\x00\x00\xff" * 4),
    "png-blank-2000x150": lambda: png_bytes(2000, 150, lambda y: b"\xff" * (2000 * 4)),
    "png-interlaced": lambda: png_adam7(64, 48),
    "png-16-bit": lambda: png_bytes(8, 8, lambda y: b"\x12\x34" * 4 * 8, depth=16),
    "png-palette": lambda: pillow_bytes(sample_image().convert("P"), "PNG"),
    "png-gray-1-bit": lambda: png_bytes(64, 8, lambda y: b"\xaa" * 8, color_type=0, depth=1),
    "png-gray-alpha": lambda: pillow_bytes(sample_image(mode="LA"), "PNG"),
    "png-trailing-garbage": lambda: good_png() + b"\x00" * 100_000,
    "png-no-iend": lambda: good_png()[:-12],
    "png-1x1": lambda: png_bytes(1, 1, lambda y: b"\x00\x00\x00\x00"),
    "png-16384x1": lambda: png_bytes(16384, 1, lambda y: b"\x80" * 16384 * 4),
    "png-1x16384": lambda: png_bytes(1, 16384, lambda y: b"\x80\x80\x80\xff"),
    "png-unknown-chunks": lambda: png_bytes(8, 8, lambda y: b"\x10" * 32, before_idat=b"".join(png_chunk(b"abCd", b"x" * 1000) for _ in range(1000))),
    "png-ztxt-bomb": lambda: png_bytes(8, 8, lambda y: b"\x10" * 32, before_idat=png_chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"a" * (64 << 20), 9))),
    "png-exif-orientation-8": lambda: pillow_bytes(sample_image(), "PNG", exif=exif_bytes(8)),
    "jpeg-progressive": lambda: pillow_bytes(sample_image(), "JPEG", progressive=True, quality=80),
    "jpeg-gray": lambda: pillow_bytes(sample_image(mode="L"), "JPEG"),
    "jpeg-named-png": good_jpeg,
    "jpeg-exif-orientation-6": lambda: pillow_bytes(sample_image(), "JPEG", exif=exif_bytes(6)),
    "jpeg-exif-orientation-99": lambda: pillow_bytes(sample_image(), "JPEG", exif=exif_bytes(99)),
    "jpeg-exif-loop": lambda: jpeg_exif_loop(pillow_bytes(sample_image(), "JPEG")),
    "webp-lossless-alpha": lambda: pillow_bytes(sample_image(mode="RGBA"), "WEBP", lossless=True),
    "webp-lossy": lambda: pillow_bytes(sample_image(), "WEBP", quality=70),
    # bad: one line and exit 2
    # An iCCP that inflates to 64 MiB: refused once 4 MiB are inflated (the colour profile limit).
    "png-iccp-bomb": lambda: png_bytes(8, 8, lambda y: b"\x10" * 32, before_idat=png_chunk(b"iCCP", b"p\x00\x00" + zlib.compress(b"\x00" * (64 << 20), 9))),
    "png-truncated-signature": lambda: good_png()[:5],
    "png-truncated-ihdr": lambda: good_png()[:20],
    "png-truncated-idat": lambda: good_png()[:60],
    "png-bad-crc": lambda: png_bytes(64, 48, lambda y: b"\x20" * 256, bad_crc=True),
    "png-bad-ihdr-crc": lambda: PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 6, 0, 0, 0), False) + good_png()[33:],
    "png-over-limit-16385x1": lambda: png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(16385, 1)),
    "png-over-limit-100000-square": lambda: png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(100_000, 100_000)),
    "png-over-limit-2-31": lambda: png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(2**31 - 1, 2**31 - 1)),
    "png-zero-width": lambda: png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(0, 10)),
    "png-bad-color-type": lambda: png_bytes(1, 1, lambda y: b"\x00" * 4, color_type=7),
    "png-bad-depth": lambda: png_bytes(1, 1, lambda y: b"\x00" * 4, depth=3),
    "png-palette-missing-plte": lambda: png_bytes(8, 8, lambda y: b"\x00" * 8, color_type=3),
    "png-idat-too-short": lambda: png_bytes(100, 100, lambda y: b"", idat=zlib.compress(b"\x00" * (10 * 401), 9)),   # ten rows of a hundred
    "png-idat-not-zlib": lambda: png_bytes(8, 8, lambda y: b"", idat=b"\x12\x34" * 100),
    "png-chunk-length-2gb": lambda: PNG_SIGNATURE + good_png()[8:33] + struct.pack(">I", 0x7FFFFFFF) + b"IDAT" + b"\x00" * 64,
    "png-only-signature": lambda: PNG_SIGNATURE,
    "jpeg-cmyk": lambda: pillow_bytes(sample_image(mode="CMYK"), "JPEG"),
    "jpeg-truncated-header": lambda: good_jpeg()[:30],
    "jpeg-truncated-scan": lambda: good_jpeg()[:len(good_jpeg()) // 2],
    "jpeg-over-limit-65500": lambda: jpeg_with_size(good_jpeg(), 65500, 65500),
    "jpeg-over-limit-16385": lambda: jpeg_with_size(good_jpeg(), 16385, 8),
    "jpeg-zero-height": lambda: jpeg_with_size(good_jpeg(), 8, 0),
    "webp-truncated": lambda: good_webp()[:len(good_webp()) // 2],
    "webp-riff-size-huge": lambda: b"RIFF\xff\xff\xff\xffWEBP" + good_webp()[12:],
    # headers that claim the whole 16384² limit over a few bytes of data
    "jpeg-16384-square-truncated": lambda: jpeg_with_size(good_jpeg(), 16384, 16384),
    "webp-16384-square-truncated": lambda: webp_lossless_with_size(good_webp(), 16384, 16384),
}


@generator("image")
def image(context, name):
    """One of IMAGES, by name."""
    return IMAGES[name]()

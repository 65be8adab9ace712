#!/usr/bin/env python3
"""The hostile-input catalogue of issue 11, run against a built `ghostline` binary.

Every input is generated into a temporary directory when the script starts (large files are generated or sparse,
never committed). Each input is run through the binary in a directory of its own, with a wall-clock limit and its
peak memory read from the kernel (wait4's ru_maxrss), and checked:

  - the exit status is one the input allows (0, 1 for a review that differs, 2 for bad input), never a signal;
  - on exit 2, stderr is exactly one line, "ghostline: …", naming the offending file (or flag);
    on success, every stderr line is a "ghostline: warning: …" line (or a review summary sent there on purpose);
  - on failure, the directory is exactly as it was: no output, no temporary file, every pre-existing file
    byte-identical. Every input that names output files is run a second time with those outputs already present
    (different bytes), to check that a failed run leaves them untouched;
  - on success, only the declared outputs are new or changed, and no temporary file is left;
  - it took under 10 s and under 1.5 GB (1.5e9 bytes) of resident memory (issue 11's targets for inputs within
    the documented limits).

A determinism check renders the demo card and Fixtures/scenes/world-text.yaml twice in turn and eight times at
once, and requires byte-identical PNGs.

An input whose failure is known and owned elsewhere carries `known="…"`: it still runs, its failures print as
KNOWN lines and do not fail the run, and it fails the run once it passes (drop the mark then), as Swift Testing's
withKnownIssue does.

At its end it runs scripts/hostile-review.py, the review app's hostile requests against a real server (issue 32),
with the same binary (not with --only, nor with --no-review).

Usage: scripts/hostile-catalogue.py --binary .build/release/ghostline [--jobs 2] [--only TEXT] [--list] [--keep]
Prints one line per failure, a table of the worst time and memory per group, and a final count; exits 1 on any
failure (the review app's included), 2 on a problem of its own (no binary, no Pillow).
"""
import argparse
import concurrent.futures
import hashlib
import io
import os
import random
import re
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from dataclasses import dataclass, field

from hostile_common import describe_change, snapshot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIME_LIMIT = 10.0            # seconds, issue 11's target
RSS_LIMIT = 1.5e9            # bytes, issue 11's target
HARD_WALL = 20.0             # seconds: past this a run is killed (a hang; twice the target, so it has failed anyway)
HARD_ADDRESS_SPACE = 8 << 30  # a runaway allocation fails here instead of taking the machine down
LIMIT_SIDE = 16384           # Ghostline's pixel limit of a side (README "Limits")
TIME = "/usr/bin/time"       # GNU time (Debian's `time` package) measures each run's peak memory


def fail_setup(message):
    print(f"hostile-catalogue: {message}", file=sys.stderr)
    sys.exit(2)


try:
    from PIL import Image
except ImportError:
    fail_setup("Pillow is needed to generate the images: apt-get install python3-pil (scripts/setup.sh --tests does)")


# ---------------------------------------------------------------------------------------------------------------
# The case model

@dataclass
class Case:
    group: str
    name: str
    args: list
    expect: tuple = (2,)          # the exit statuses this input allows
    names: tuple = ()             # on exit 2, the stderr line contains one of these (the file or the flag)
    outputs: tuple = ()           # files the command writes, relative to its directory
    files: dict = field(default_factory=dict)   # what the directory holds before the run (see `materialize`)
    stdin: object = None          # bytes, or ("file", path) to read standard input from
    heavy: bool = False           # run alone, after the others, so its time is its own
    known: str = None             # an open issue owned elsewhere: reported, not failed
    summary_on_stderr: bool = False  # a review with an output on stdout prints its summary on stderr
    as_nobody: bool = False       # run without root's rights (a read-only directory means nothing to root)
    fifo_reader: str = None       # a FIFO in the directory that a reader drains during the run
    intermittent: bool = False    # a known issue near a limit: it may pass on a quiet machine without failing the run
    env: dict = field(default_factory=dict)   # environment variables set for the run, on top of this process's
    changes_under: tuple = ()     # folders (relative) whose contents a successful run may change: a suite's cache

    @property
    def title(self):
        return f"{self.group}/{self.name}"


class Catalogue:
    def __init__(self):
        self.cases = []
        self.names = set()

    def add(self, group, name, args, **options):
        case = Case(group, name, [str(a) for a in args], **options)
        if case.title in self.names:
            raise SystemExit(f"duplicate case {case.title}")
        self.names.add(case.title)
        self.cases.append(case)
        return case


# What a directory may hold before a run: bytes, or one of these markers.
FIFO = ("fifo",)
DIRECTORY = ("dir",)
READ_ONLY_DIRECTORY = ("ro-dir",)
CHAR_NULL = ("char-null",)   # a character device like /dev/null (a FIFO when mknod is not allowed)


def symlink(target):
    return ("symlink", target)


def hard_link(target):
    return ("hardlink", target)


def copy_of(path):
    return ("copy", path)


def sparse(size, head=b""):
    return ("sparse", size, head)


def materialize(directory, files):
    for name, spec in files.items():
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(spec, (bytes, bytearray)):
            with open(path, "wb") as f:
                f.write(spec)
        elif isinstance(spec, str):
            with open(path, "w", encoding="utf-8") as f:
                f.write(spec)
        elif spec == FIFO:
            os.mkfifo(path)
        elif spec == DIRECTORY:
            os.mkdir(path)
        elif spec == READ_ONLY_DIRECTORY:
            os.mkdir(path)
            os.chmod(path, 0o555)
        elif spec == CHAR_NULL:
            try:
                os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            except (PermissionError, OSError):
                os.mkfifo(path)
        elif spec[0] == "symlink":
            os.symlink(spec[1], path)
        elif spec[0] == "hardlink":
            os.link(os.path.join(directory, spec[1]), path)
        elif spec[0] == "copy":
            shutil.copyfile(spec[1], path)
        elif spec[0] == "sparse":
            with open(path, "wb") as f:
                f.write(spec[2])
                f.truncate(spec[1])
        else:
            raise ValueError(f"unknown file spec {spec!r}")


# ---------------------------------------------------------------------------------------------------------------
# Generators: PNG written here (streamed, so a 16384² file needs no memory), the rest with Pillow and fontTools

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
    image = Image.new("RGB", (width, height), (255, 255, 255))
    for y in range(height):
        for x in range(width):
            if (x // 8 + y // 8) % 2 == 0:
                image.putpixel((x, y), (20 + x * 3 % 200, 40, 200 - y * 2 % 150))
    return image.convert(mode)


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
    try:
        from fontTools.ttLib import TTFont
        from fontTools import subset
        import logging
        logging.getLogger("fontTools").setLevel(logging.ERROR)
    except ImportError:
        fail_setup("fontTools is needed to cut the test fonts: apt-get install python3-fonttools (scripts/setup.sh --tests does)")
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


# ---------------------------------------------------------------------------------------------------------------
# Scenes

def scene(children="[]", canvas="{ width: 200, height: auto, scale: 1 }", extra=""):
    return f"canvas: {canvas}\n{extra}root:\n  stack: vertical\n  children: {children}\n"


def label_scene(text_yaml, style="{ font: Inter, size: 17 }", canvas="{ width: 300, height: auto, scale: 1 }", extra=""):
    return scene(f"[ {{ label: {{ id: a, text: {text_yaml}, style: {style} }} }} ]", canvas, extra)


def yaml_quoted(text):
    """A YAML double-quoted scalar for any text (escapes for quotes, backslashes and control characters)."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or code in (0x2028, 0x2029, 0xFEFF):
            out.append(f"\\u{code:04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


# ---------------------------------------------------------------------------------------------------------------
# The catalogue

def sketch_zip(entries):
    """A .sketch archive in memory: `entries` maps names to bytes or text, deflated."""
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            z.writestr(name, data if isinstance(data, bytes) else data.encode("utf-8"))
    return buffer.getvalue()


def sketch_doc(pages, masters_page=None):
    """document.json, meta.json and pages for a Sketch archive; `pages` maps page ids to their layer lists."""
    import json as _json
    entries = {"meta.json": _json.dumps({"appVersion": "70"}),
               "document.json": _json.dumps({"_class": "document", "pages": [{"_ref": f"pages/{p}"} for p in pages]})}
    for page, layers in pages.items():
        entries[f"pages/{page}.json"] = _json.dumps({"_class": "page", "name": page, "layers": layers})
    return entries


def sketch_text(text, x=0, y=0, **extra):
    return dict({"_class": "text", "do_objectID": "T-" + str(abs(hash(text)) % 10000), "name": text, "frame": {"x": x, "y": y, "width": 100, "height": 20},
                 "attributedString": {"string": text, "attributes": [{"location": 0, "length": len(text), "attributes": {
                     "MSAttributedStringFontAttribute": {"attributes": {"name": "Inter-Regular", "size": 17}}}}]}}, **extra)


def suite_cache_cases(c, card, ref):
    """A suite's cache (issue 36) that is damaged, hostile or in the way: the suite still answers (0: the card passes),
    never writes or removes anything outside the cache folder, and never hangs on what it finds there. A suite prints
    its time taken on stderr, so these allow stderr lines on success."""
    suite = {"s/scenes/card.yaml": copy_of(card), "s/designs/card@3x.png": copy_of(ref)}
    key = "ab" + "0" * 62
    outside = {"outside/keep.txt": "a file outside the cache, which must survive\n"}
    run = ["suite", "s", "--cache", "cache"]
    c.add("suite-cache", "cache-is-a-file", run, expect=(0,), summary_on_stderr=True, files={**suite, "cache": "not a folder\n"})
    c.add("suite-cache", "cache-is-a-fifo", run, expect=(0,), summary_on_stderr=True, files={**suite, "cache": FIFO})
    c.add("suite-cache", "records-folder-links-outside", run + ["--cache-size", "1"], expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, **outside, "cache/v1": symlink("../outside")})
    c.add("suite-cache", "record-folder-links-outside", run + ["--cache-size", "1"], expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, **outside, **{f"cache/v1/{h}{k}": symlink("../../outside") for h in "0123456789abcdef" for k in "0123456789abcdef"}})
    c.add("suite-cache", "code-folder-links-outside", run, expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, **outside, "cache/v1/code": symlink("../../outside")})
    c.add("suite-cache", "records-are-garbage", run + ["--cache-size", "1"], expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, f"cache/v1/ab/{key}.record": b"\x00" * 4096, "cache/v1/ab/x.record": "ghostline-suite-cache/1\n99999999999\n{",
                 "cache/v1/cd/.tmp-1-2": b"half a record", "cache/v1/last-run.json": "{\"checks\": -1"})
    c.add("suite-cache", "record-is-a-fifo-and-a-device", run + ["--cache-size", "1"], expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, f"cache/v1/ab/{key}.record": FIFO, "cache/v1/ab/null.record": CHAR_NULL, "cache/v1/last-run.json": FIFO})
    c.add("suite-cache", "record-links-to-a-device", run, expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, f"cache/v1/ab/{key}.record": symlink("/dev/zero")})
    c.add("suite-cache", "record-is-a-sparse-giant", run + ["--cache-size", "1"], expect=(0,), summary_on_stderr=True, changes_under=("cache",),
          files={**suite, f"cache/v1/ab/{key}.record": sparse(3 << 30, b"ghostline-suite-cache/1\n")})
    c.add("suite-cache", "info-on-a-hostile-cache", ["suite", "s", "--cache", "cache", "--cache-info"], expect=(0,), summary_on_stderr=True,
          files={**suite, **outside, "cache/v1/ab": symlink("../../outside"), "cache/v1/last-run.json": FIFO})
    c.add("suite-cache", "no-cache-with-cache", ["suite", "s", "--cache", "cache", "--no-cache"], names=("--no-cache",), files=suite)
    c.add("suite-cache", "cache-size-zero", ["suite", "s", "--cache-size", "0"], names=("--cache-size",), files=suite)
    c.add("suite-cache", "manifest-cache-not-text", ["suite", "s/ghostline.yaml"], names=("ghostline.yaml",),
          files={**suite, "s/ghostline.yaml": "cache: [1, 2]\nentries:\n  - { scene: scenes/card.yaml, design: designs/card@3x.png }\n"})


def import_cases(c):
    """ghostline import: zip bombs, entries outside the archive, huge and deep JSON, symbols that contain themselves or
    multiply, and values of the wrong type. Every bad document is one line and exit 2; nothing is written."""
    import json as _json
    artboard = lambda layers: {"_class": "artboard", "do_objectID": "A1", "name": "Screen", "frame": {"x": 0, "y": 0, "width": 375, "height": 812}, "layers": layers}
    good = sketch_doc({"P1": [artboard([sketch_text("Hello", 16, 40)])]})
    c.add("import", "sketch-minimal", ["import", "d.sketch", "-o", "out"], expect=(0,), files={"d.sketch": sketch_zip(good)},
          outputs=("out", "out/p1", "out/p1/screen.yaml", "out/styles.yaml", "out/styles.tokens.json", "out/import-report.json"))
    bomb = dict(good)
    bomb["document.json"] = b"{" + b" " * (80 << 20) + b"}"
    c.add("import", "zip-bomb-entry", ["import", "d.sketch", "-o", "out"], names=("d.sketch",), files={"d.sketch": sketch_zip(bomb)})
    traversal = sketch_doc({"P1": [artboard([])]})
    traversal["document.json"] = _json.dumps({"pages": [{"_ref": "../../etc/passwd"}]})
    c.add("import", "zip-page-ref-traversal", ["import", "d.sketch", "-o", "out"], names=("d.sketch",), files={"d.sketch": sketch_zip(traversal)})
    evil = dict(good)
    evil["../../evil.json"] = "{}"
    c.add("import", "zip-entry-named-outside", ["import", "d.sketch", "-o", "out"], expect=(0,), files={"d.sketch": sketch_zip(evil)},
          outputs=("out", "out/p1", "out/p1/screen.yaml", "out/styles.yaml", "out/styles.tokens.json", "out/import-report.json"))
    folder = {f"doc/{name}": data for name, data in traversal.items() if not name.startswith("..")}
    c.add("import", "folder-page-ref-traversal", ["import", "doc", "-o", "out"], names=("doc",), files=folder)
    c.add("import", "not-a-zip", ["import", "d.sketch", "-o", "out"], names=("d.sketch",), files={"d.sketch": b"PK\x03\x04" + b"\x00" * 40})
    c.add("import", "truncated-zip", ["import", "d.sketch", "-o", "out"], names=("d.sketch",), files={"d.sketch": sketch_zip(good)[:200]})
    c.add("import", "figma-100mb", ["import", "f.json", "-o", "out"], names=("f.json",), files={"f.json": sparse(100 << 20, b'{"document": ')})
    c.add("import", "figma-deep-nesting", ["import", "f.json", "-o", "out"], names=("f.json",), files={"f.json": b"[" * 200000})
    c.add("import", "figma-wrong-types", ["import", "f.json", "-o", "out"], names=("f.json",),
          files={"f.json": '{"document": [1, 2], "schemaVersion": "x"}'})
    odd = {"document": {"children": [{"type": "CANVAS", "name": "P", "children": [
        {"type": "FRAME", "name": "F", "absoluteBoundingBox": {"x": 1e308, "y": "x", "width": -5, "height": None}, "children": [
            {"type": "TEXT", "characters": 5, "style": "bold", "characterStyleOverrides": [1e300, -1, "a"], "styleOverrideTable": [],
             "absoluteBoundingBox": {"x": 1.7e308, "y": 0, "width": 10, "height": 10}},
            {"type": "TEXT", "characters": "ok", "style": {"fontSize": -3, "lineHeightUnit": "PIXELS", "lineHeightPx": 1e12},
             "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 10}}]},
        {"type": "FRAME", "name": "G", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 50}, "children": [
            {"type": "TEXT", "characters": "x" * 10, "style": {"fontSize": 1e9, "fontWeight": 1e300, "letterSpacing": -1e9, "paragraphSpacing": 1e9},
             "absoluteBoundingBox": {"x": 5, "y": 5, "width": 50, "height": 20}}]}]}]}}
    c.add("import", "figma-odd-values", ["import", "f.json", "-o", "out"], expect=(0,), files={"f.json": _json.dumps(odd)},
          outputs=("out", "out/p", "out/p/g.yaml", "out/styles.yaml", "out/styles.tokens.json", "out/import-report.json"))
    master = {"_class": "symbolMaster", "do_objectID": "M", "symbolID": "S", "name": "Loop", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
              "layers": [{"_class": "symbolInstance", "do_objectID": "I", "symbolID": "S", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]}
    cyclic = sketch_doc({"P1": [artboard([{"_class": "symbolInstance", "do_objectID": "I0", "symbolID": "S", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}]), master]})
    c.add("import", "symbol-contains-itself", ["import", "d.sketch", "-o", "out"], names=("d.sketch",), files={"d.sketch": sketch_zip(cyclic)})
    fan = [artboard([{"_class": "symbolInstance", "do_objectID": "R", "symbolID": "L0", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}])]
    for level in range(8):
        child = {"_class": "symbolInstance", "do_objectID": f"C{level}", "symbolID": f"L{level + 1}", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}
        fan.append({"_class": "symbolMaster", "do_objectID": f"M{level}", "symbolID": f"L{level}", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
                    "layers": [child] * 12})
    fan.append({"_class": "symbolMaster", "do_objectID": "M8", "symbolID": "L8", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
                "layers": [sketch_text("leaf")]})
    c.add("import", "symbol-fan-out", ["import", "d.sketch", "-o", "out"], names=("d.sketch",), files={"d.sketch": sketch_zip(sketch_doc({"P1": fan}))})
    huge_run = sketch_doc({"P1": [artboard([sketch_text("Hi", attributedString={"string": "Hi", "attributes": [
        {"location": 9223372036854775807, "length": 9223372036854775807, "attributes": {}}, {"location": -4, "length": 3}]})])]})
    c.add("import", "sketch-run-overflow", ["import", "d.sketch", "-o", "out"], expect=(0,), files={"d.sketch": sketch_zip(huge_run)},
          outputs=("out", "out/p1", "out/p1/screen.yaml", "out/styles.yaml", "out/styles.tokens.json", "out/import-report.json"))
    c.add("import", "output-is-a-file", ["import", "d.sketch", "-o", "out"], names=("out",), files={"d.sketch": sketch_zip(good), "out": b"file"})
    c.add("import", "missing-document", ["import", "nope.sketch", "-o", "out"], names=("nope.sketch",))
    # lint reads the same documents: the same refusals, and its report never replaces the document
    c.add("import", "lint-minimal", ["lint", "d.sketch", "--report", "r.json"], expect=(0, 1), files={"d.sketch": sketch_zip(good)},
          outputs=("r.json",))
    c.add("import", "lint-zip-bomb", ["lint", "d.sketch"], names=("d.sketch",), files={"d.sketch": sketch_zip(bomb)})
    c.add("import", "lint-symbol-fan-out", ["lint", "d.sketch"], names=("d.sketch",), files={"d.sketch": sketch_zip(sketch_doc({"P1": fan}))})
    c.add("import", "lint-report-onto-document", ["lint", "d.sketch", "--report", "d.sketch"], names=("d.sketch",),
          files={"d.sketch": sketch_zip(good)})
    c.add("import", "lint-empty-folder", ["lint", "docs"], names=("docs",), files={"docs": DIRECTORY})
    c.add("import", "lint-odd-values", ["lint", "f.json"], expect=(0, 1), files={"f.json": _json.dumps(odd)})


def build(assets, fonts, big):
    c = Catalogue()
    A = lambda name: os.path.join(assets, name)
    card = A("card.yaml")
    ref = A("card@3x.png")          # the demo card rendered at @3x
    card_json = A("card.json")       # its layout JSON
    render_two = ["-o", "out.png", "--layout", "out.json"]
    sheet_outputs = lambda stem: (f"{stem}.png",) + tuple(f"{stem}-{k}.json" for k in
                                                          ("xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"))
    two_outputs = ("out.png", "out.json")

    # --- scenes: every one rendered with two outputs, so all-or-nothing is checked on each -------------------------
    def bad_scene(name, text, names=("s.yaml",), expect=(2,), **options):
        data = text.encode("utf-8") if isinstance(text, str) else text
        c.add("scene", name, ["render", "s.yaml", *render_two], expect=expect, names=names, outputs=two_outputs,
              files={"s.yaml": data}, **options)

    def good_scene(name, text, expect=(0,), **options):
        bad_scene(name, text, expect=expect, **options)

    # stack: absolute — placements out of range, deep nesting, many children, a label running far past the canvas
    placed = lambda children, canvas="{ width: 300, height: 200, scale: 1 }": (
        f"canvas: {canvas}\nstyles: {{ s: {{ font: Inter, size: 12 }} }}\nroot:\n  stack: absolute\n  children:\n" + children)
    bad_scene("absolute-x-out-of-range", placed("    - label: { text: a, style: s, x: 1e12, y: 0 }\n"))
    bad_scene("absolute-y-nan", placed("    - label: { text: a, style: s, x: 0, y: .nan }\n"))
    bad_scene("absolute-placement-outside", "canvas: { width: 100 }\nstyles: { s: { font: Inter, size: 12 } }\nroot:\n  children:\n"
              "    - label: { text: a, style: s, x: 4 }\n")
    deep = "canvas: { width: 100, height: 100, scale: 1 }\nstyles: { s: { font: Inter, size: 9 } }\nroot: " \
           + "{ stack: absolute, children: [ " * 70 + "{ label: { text: a, style: s } }" + " ] }" * 70 + "\n"
    bad_scene("absolute-nested-70-deep", deep)
    many = "".join(f"    - label: {{ text: \"{i}\", style: s, x: {i % 290}, y: {(i * 7) % 190} }}\n" for i in range(9_000))
    good_scene("absolute-9000-labels", placed(many))
    good_scene("absolute-label-past-the-canvas", placed("    - label: { text: " + yaml_quoted("w " * 4000) + ", style: s, x: 290, y: 10 }\n"))
    bad_scene("absolute-auto-height-too-tall", placed("    - box: { x: 0, y: 9999, width: 10, height: 10 }\n",
                                                      canvas="{ width: 300, height: auto, scale: 3 }"))

    # YAML bombs and aliases
    laughs = "".join(f"  x{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9))
    bomb_styles = "styles:\n  x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + laughs
    bad_scene("billion-laughs-in-styles", "canvas: { width: 100 }\n" + bomb_styles + "root: { stack: vertical, children: [] }\n")
    element_bomb = ("canvas: { width: 100 }\nstyles: {}\nx: &e0 { label: { text: lol, style: { font: Inter, size: 9 } } }\n")
    bomb_children = "".join(f"y{i}: &e{i} [{', '.join([f'*e{i - 1}'] * 10)}]\n" for i in range(1, 9))
    bad_scene("billion-laughs-unknown-keys", element_bomb + bomb_children + "root: { stack: vertical, children: *e8 }\n")
    nested = ("canvas: { width: 100, scale: 1 }\nroot:\n  stack: vertical\n  children:\n"
              "    - &l0 { label: { text: lol, style: { font: Inter, size: 9 } } }\n")
    levels = "".join(f"    - &l{i} {{ stack: vertical, children: [{', '.join([f'*l{i - 1}'] * 10)}] }}\n" for i in range(1, 7))
    bad_scene("aliases-over-element-limit", nested + levels)
    few = nested + "".join(f"    - &l{i} {{ stack: vertical, children: [{', '.join([f'*l{i - 1}'] * 3)}] }}\n" for i in range(1, 5))
    good_scene("aliases-under-element-limit", few)
    bad_scene("self-alias", "canvas: &c { width: 100, x: *c }\nroot: { stack: vertical, children: [] }\n")
    bad_scene("undefined-alias", "canvas: *nope\nroot: { stack: vertical, children: [] }\n")
    bad_scene("merge-key", "canvas: { width: 100 }\nstyles:\n  base: &b { font: Inter, size: 12 }\n  t: { <<: *b, size: 14 }\n"
              "root: { stack: vertical, children: [ { label: { text: x, style: t } } ] }\n", expect=(0, 2))
    bad_scene("anchor-on-every-node", scene("[ &x { box: &y { width: &z 10, height: &w 10 } } ]"), expect=(0,))
    bad_scene("yaml-tags", "canvas: !!map { width: !!float 100 }\nroot: !!python/object:os.system { stack: vertical }\n")
    bad_scene("binary-tag", "canvas: { width: !!binary aGVsbG8= }\nroot: { stack: vertical, children: [] }\n")
    bad_scene("multiple-documents", scene() + "---\n" + scene())
    bad_scene("directive", "%YAML 1.1\n%TAG ! tag:x,2000:\n---\n" + scene(), expect=(0, 2))

    # nesting
    bad_scene("brackets-100k", "canvas: { width: 100 }\nroot: " + "[" * 100_000 + "\n")
    bad_scene("braces-100k", "canvas: { width: 100 }\nroot: " + "{a: " * 50_000 + "\n")
    bad_scene("brackets-1m", "x: " + "[" * 1_000_000)
    bad_scene("indentation-100k", "canvas: { width: 100 }\nroot:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 2000)))
    block = lambda depth: "canvas: { width: 300, scale: 1 }\nroot:\n" + "".join(
        "  " * (2 * i) + "  stack: vertical\n" + "  " * (2 * i) + "  children:\n" + "  " * (2 * i) + "    -\n"
        for i in range(depth)) + "  " * (2 * depth) + "  box: { width: 10, height: 10 }\n"
    good_scene("stacks-64-deep", block(63))
    bad_scene("stacks-65-deep", block(66))
    flow = lambda depth: scene("[ " + "{ stack: vertical, children: [ " * depth + "{ box: { width: 5, height: 5 } }" + " ] }" * depth + " ]")
    good_scene("flow-stacks-30-deep", flow(30))
    bad_scene("flow-stacks-70-deep", flow(70))
    good_scene("brackets-inside-quotes", label_scene(yaml_quoted("[" * 5000 + "{" * 5000)))

    # shapes, colours and devices (issue 21): deep overlays, huge radii and borders, colour names in circles
    overlays = lambda depth: scene("[ " + "{ overlay: { children: [ " * depth + "{ box: { width: 5, height: 5 } }" + " ] } }" * depth + " ]")
    good_scene("overlays-18-deep", overlays(18))
    bad_scene("overlays-70-deep", overlays(70))
    mixed = lambda depth: scene("[ " + "{ overlay: { children: [ { stack: vertical, children: [ " * depth
                                + "{ box: { width: 5, height: 5 } }" + " ] } ] } }" * depth + " ]")
    bad_scene("overlays-and-stacks-70-deep", mixed(35))
    huge = "{ color: systemBlue, cornerRadius: 5000, border: { width: 1000, color: systemRed } }"
    good_scene("huge-radius-and-border", scene(f"[ {{ box: {{ height: 1000, color: clear, background: {huge} }} }} ]",
                                               canvas="{ width: 2000, height: auto, scale: 3 }"))
    bad_scene("huge-padding-over-canvas-limit", label_scene('"x"', extra="").replace(
        "style: { font: Inter, size: 17 } }", "style: { font: Inter, size: 17 }, padding: 10000, background: " + huge + " }"))
    bad_scene("border-width-over-limit", scene("[ { box: { height: 5, background: { color: black, border: { width: 1e9, color: red } } } } ]"))
    bad_scene("radius-negative", scene("[ { box: { height: 5, background: { color: black, cornerRadius: -1 } } } ]"))
    bad_scene("padding-over-limit", label_scene('"x"').replace("style: { font: Inter, size: 17 } }",
                                                                  "style: { font: Inter, size: 17 }, padding: 1e12 }"))
    bad_scene("colour-cycle", scene("[ { box: { height: 5, color: a } } ]", extra="colors: { a: b, b: c, c: a }\n"))
    bad_scene("colour-self-cycle", scene("[ { box: { height: 5, color: a } } ]", extra="colors: { a: a }\n"))
    bad_scene("colour-unknown-name", scene("[ { box: { height: 5, color: notAColour } } ]"))
    bad_scene("colours-over-limit", scene("[ { box: { height: 5 } } ]",
                                          extra="colors: { " + ", ".join(f"c{i}: \"#000000\"" for i in range(1500)) + " }\n"))
    chain = "colors: { " + ", ".join(f"c{i}: c{i + 1}" for i in range(999)) + ", c999: systemBlue }\n"
    good_scene("colour-chain-1000", scene("[ { box: { height: 5, color: c0 } } ]", extra=chain))
    bad_scene("colour-half-scheme", scene("[ { box: { height: 5, color: { light: \"#FFFFFF\" } } } ]"))
    bad_scene("device-unknown", scene("[ { box: { height: 5 } } ]", canvas="{ device: iPhone 99 }"))
    bad_scene("device-not-text", scene("[ { box: { height: 5 } } ]", canvas="{ device: [1, 2] }"))
    bad_scene("colour-scheme-unknown", scene("[ { box: { height: 5 } } ]", canvas="{ width: 100, colorScheme: sepia }"))
    bad_scene("overlay-with-spacer", scene("[ { overlay: { children: [ { spacer: {} } ] } } ]"))

    # numbers
    for key, value in [("canvas.width", "1e308"), ("canvas.width", "1e309"), ("canvas.width", "-1e308"),
                       ("canvas.width", "10000.0000001"), ("canvas.width", "0x7fffffffffffffff"),
                       ("canvas.height", "1e300"), ("canvas.scale", "3.5"), ("canvas.scale", "99999999999999999999"),
                       ("canvas.scale", "-9223372036854775808"), ("canvas.grid", "1e-300")]:
        section, k = key.split(".")
        canvas = {"width": "100", "height": "auto", "scale": "1"}
        canvas[k] = value
        body = "{ " + ", ".join(f"{a}: {b}" for a, b in canvas.items()) + " }"
        bad_scene(f"number-{k}-{value}", scene("[ { box: { width: 5, height: 5 } } ]", canvas=body))
    for key, value in [("size", "1e30"), ("size", "1e-30"), ("size", "0"), ("letterSpacing", "1e300"),
                       ("letterSpacing", "-1e300"), ("lineHeight", "1e300"), ("lineSpacing", "1e308"),
                       ("baselineOffset", "1e308"), ("lineHeightMultiple", "1e10"), ("hyphenationFactor", "2"),
                       ("paragraphSpacing", "-1e9"), ("minimumLineHeight", "1e308"), ("maximumLineHeight", "-5"),
                       ("weight", "100000"), ("weight", "-400"), ("weight", "1e3")]:
        bad_scene(f"number-style-{key}-{value}", label_scene('"Hello"', style=f"{{ font: Inter, size: 17, {key}: {value} }}"
                                                              if key != "size" else f"{{ font: Inter, size: {value} }}"))
    for element, key, value in [("box", "width", "1e308"), ("box", "height", "-1"), ("box", "cornerRadius", "1e300"),
                                ("box", "minWidth", "1e20"), ("box", "maxHeight", "-10"), ("label", "numberOfLines", "1e20"),
                                ("label", "numberOfLines", "-1"), ("label", "numberOfLines", "99999999999999999999"),
                                ("label", "hugging", "1e9"), ("label", "compressionResistance", "-1"),
                                ("image", "width", "-24"), ("image", "height", "1e308")]:
        base = {"box": "width: 5, height: 5", "label": 'text: "x", style: { font: Inter, size: 9 }',
                "image": f"file: {A('icon.png')}, width: 8, height: 8"}[element]
        bad_scene(f"number-{element}-{key}-{value}", scene(f"[ {{ {element}: {{ {base}, {key}: {value} }} }} ]"))
    bad_scene("number-padding-1e308", scene("[]", extra="").replace("stack: vertical", "stack: vertical\n  padding: 1e308"))
    bad_scene("number-spacing--1e308", scene("[]").replace("stack: vertical", "stack: vertical\n  spacing: -1e308"))
    bad_scene("number-gap-1e308", scene("[ { box: { width: 5, height: 5 } }, { gap: 1e308 }, { box: { width: 5, height: 5 } } ]"))

    # negative and zero sizes
    for name, canvas in [("width-0", "{ width: 0 }"), ("width-negative", "{ width: -375 }"), ("height-0", "{ width: 10, height: 0 }"),
                         ("height-negative", "{ width: 10, height: -1 }"), ("width-tiny", "{ width: 0.0001 }"),
                         ("scale-0", "{ width: 10, scale: 0 }"), ("grid-negative", "{ width: 10, grid: -4 }")]:
        bad_scene(f"canvas-{name}", scene("[ { box: { width: 5, height: 5 } } ]", canvas=canvas))
    bad_scene("canvas-auto-height-empty", scene("[]", canvas="{ width: 100, height: auto, scale: 1 }"))
    good_scene("canvas-one-pixel", scene("[]", canvas="{ width: 1, height: 1, scale: 1 }"))
    good_scene("canvas-1x16384", scene("[]", canvas="{ width: 1, height: 16384, scale: 1 }"))
    bad_scene("canvas-1x16385", scene("[]", canvas="{ width: 1, height: 16385, scale: 1 }"))
    bad_scene("canvas-10000x10000-at-3x", scene("[]", canvas="{ width: 10000, height: 10000, scale: 3 }"))
    good_scene("canvas-16384-square-at-2x", scene("[ { label: { text: corner, style: { font: Inter, size: 17 } } } ]",
                                                  canvas="{ width: 8192, height: 8192, scale: 2 }"), heavy=True)
    good_scene("canvas-16383-square-at-3x", scene("[ { box: { width: 5, height: 5 } } ]",
                                                  canvas="{ width: 5461, height: 5461, scale: 3 }"), heavy=True)
    bad_scene("canvas-16386-at-3x", scene("[]", canvas="{ width: 5462, height: 10, scale: 3 }"))
    bad_scene("canvas-auto-height-over-limit", scene("[ { box: { width: 5, height: 10000 } }, { box: { width: 5, height: 10000 } } ]",
                                                     canvas="{ width: 10, height: auto, scale: 1 }"))

    # NaN and infinity as YAML spells them
    for spelling in [".nan", ".NaN", ".NAN", ".inf", "-.inf", "+.Inf", '"NaN"', "nan", "infinity", "-Infinity", "1e999", "0x1p1024"]:
        bad_scene(f"nan-inf-width-{spelling.strip(chr(34))}", scene("[]", canvas=f"{{ width: {spelling} }}"))
    for key in ("size", "letterSpacing", "lineHeight", "baselineOffset"):
        for spelling in (".nan", ".inf"):
            style = f"{{ font: Inter, size: 17, {key}: {spelling} }}" if key != "size" else f"{{ font: Inter, size: {spelling} }}"
            bad_scene(f"nan-inf-{key}-{spelling}", label_scene('"x"', style=style))
    bad_scene("nan-ignore-box", scene("[]", extra="ignore: [ { x: .nan, y: 0, width: 10, height: 10 } ]\n"))

    # unknown keys and wrong types
    for name, text in [
        ("unknown-top-level", scene() + "colour: red\n"),
        ("unknown-canvas-key", scene(canvas="{ width: 100, widht: 100 }")),
        ("unknown-style-key", label_scene('"x"', style="{ font: Inter, size: 9, colour: red }")),
        ("misspelt-label-key", scene("[ { label: { txt: x } } ]")),
        ("unknown-element", scene("[ { button: { text: x } } ]")),
        ("key-10k-chars", scene() + "k" * 10_000 + ": 1\n"),
        ("duplicate-keys", "canvas: { width: 100 }\ncanvas: { width: 200 }\nroot: { stack: vertical, children: [] }\n"),
        ("null-key", scene() + "~: 1\n"),
        ("integer-key", scene() + "1: x\n"),
        ("complex-key", scene() + "? [a, b]\n: c\n"),
        ("empty-key", scene() + '"": 1\n'),
        ("canvas-is-a-list", "canvas: [100, 200]\nroot: { stack: vertical, children: [] }\n"),
        ("width-is-text", scene(canvas='{ width: "wide" }')),
        ("width-is-bool", scene(canvas="{ width: true }")),
        ("width-is-null", scene(canvas="{ width: ~ }")),
        ("text-is-a-list", scene("[ { label: { text: [a, b], style: { font: Inter, size: 9 } } } ]")),
        ("text-is-a-map", scene("[ { label: { text: { a: b }, style: { font: Inter, size: 9 } } } ]")),
        ("children-is-a-map", scene("{ a: b }")),
        ("styles-is-a-list", scene(extra="styles: [a, b]\n")),
        ("color-is-a-number", label_scene('"x"', style="{ font: Inter, size: 9, color: 123456 }")),
        ("color-bad-hex", label_scene('"x"', style='{ font: Inter, size: 9, color: "#GGGGGG" }')),
        ("color-too-long", label_scene('"x"', style='{ font: Inter, size: 9, color: "#' + "F" * 10_000 + '" }')),
        ("root-is-text", "canvas: { width: 100 }\nroot: hello\n"),
        ("scene-is-a-scalar", "hello\n"),
        ("scene-is-a-list", "- a\n- b\n"),
        ("scene-is-null", "~\n"),
        ("scene-is-json-array", "[1, 2, 3]\n"),
        ("scene-only-comments", "# nothing\n# here\n"),
        ("missing-canvas", "root: { stack: vertical, children: [] }\n"),
        ("missing-root", "canvas: { width: 100 }\n"),
        ("unknown-style-name", label_scene('"x"', style="nosuchstyle")),
        ("unknown-font", label_scene('"x"', style="{ font: NoSuchFontFamily123, size: 9 }")),
        ("stack-axis-bad", "canvas: { width: 100 }\nroot: { stack: diagonal, children: [] }\n"),
        ("enum-bad", label_scene('"x"', style="{ font: Inter, size: 9, alignment: sideways }")),
        ("duplicate-ids", scene("[ { box: { id: a, width: 5, height: 5 } }, { box: { id: a, width: 5, height: 5 } } ]")),
        ("gap-at-start", scene("[ { gap: 5 }, { box: { width: 5, height: 5 } } ]")),
        ("runs-and-text", scene("[ { label: { text: a, runs: [ { text: b } ], style: { font: Inter, size: 9 } } } ]")),
        ("run-paragraph-key", scene("[ { label: { runs: [ { text: b, style: { alignment: center } } ], style: { font: Inter, size: 9 } } } ]")),
        ("css-key-in-uikit", label_scene('"x"', style="{ font: Inter, size: 9, whiteSpace: nowrap }")),
        ("textstyle-and-scaleswith", label_scene('"x"', style="{ font: Inter, textStyle: body, size: 9, scalesWith: body }")),
    ]:
        bad_scene(name, text)

    # many styles, many elements, enormous text
    many_styles = "canvas: { width: 100, scale: 1 }\nstyles:\n" + "".join(f"  s{i}: {{ size: {1 + i % 50} }}\n" for i in range(200_000))
    good_scene("styles-200k", many_styles + "root: { stack: vertical, children: [ { box: { width: 5, height: 5 } } ] }\n", expect=(0, 2))
    boxes = lambda n: scene("[ " + ", ".join("{ box: { width: 1, height: 1 } }" for _ in range(n)) + " ]",
                            canvas="{ width: 10, height: auto, scale: 1 }")
    good_scene("elements-10000", boxes(9_999))
    bad_scene("elements-10001", boxes(10_001))
    # 9,900 labels in 99 rows of 100 (with the rows and the root, 10,000 elements): one tall column would overflow the canvas
    rows = ", ".join("{ stack: horizontal, children: [ " + ", ".join(f'{{ label: {{ text: "w{r * 100 + i}", style: {{ font: Inter, size: 1 }} }} }}'
                                                                   for i in range(100)) + " ] }" for r in range(99))
    good_scene("labels-9900", scene(f"[ {rows} ]", canvas="{ width: 2000, height: auto, scale: 1 }"), heavy=True)
    # The same 9,900 labels checked against a design with every output: each is linear in labels (the report was
    # quadratic: 4,000 labels took 14.6 s). The blank design fails the check (exit 1), with a finding per label.
    blank = png_bytes(2000, 150, lambda y: b"\xff" * (2000 * 4))
    c.add("scene", "check-labels-9900-every-output",
          ["check", "s.yaml", "--design", "d.png", "--ghost", "g.png", "--diff", "x.png", "--report", "r.json", "--html", "r.html"],
          expect=(1,), outputs=("g.png", "x.png", "r.json", "r.html"),
          files={"s.yaml": scene(f"[ {rows} ]", canvas="{ width: 2000, height: auto, scale: 1 }").encode(), "d.png": blank},
          heavy=True)
    words = " ".join(("lorem", "ipsum", "dolor", "sit", "amet", "consectetur")[i % 6] for i in range(2_600_000))
    bad_scene("text-16-mib-one-label", label_scene(f'"{words[:16_700_000 - 200]}"', style="{ font: Inter, size: 1 }",
                                                  canvas="{ width: 10000, height: 100, scale: 1 }").replace("text:", "numberOfLines: 1, text:"),
              heavy=True)
    # the text limit (README "Limits"): 200,000 characters of label text in a scene, every alias copy counted
    good_scene("text-199990-chars-one-label", label_scene(f'"{words[:199_990]}"', style="{ font: Inter, textStyle: body }",
                                                          canvas="{ width: 400, height: auto, scale: 1 }").replace("text:", "numberOfLines: 3, text:"))
    bad_scene("text-200001-chars-two-labels", scene(f'[ {{ label: {{ text: "{words[:100_000]}", style: {{ font: Inter, size: 1 }}, numberOfLines: 1 }} }}, '
                                                    f'{{ label: {{ text: "{words[:100_001]}", style: {{ font: Inter, size: 1 }}, numberOfLines: 1 }} }} ]'))
    bad_scene("text-alias-repeated-200-times", scene("[ " + ", ".join([f'{{ label: {{ text: &t "{words[:150_000]}", style: {{ font: Inter, size: 1 }}, numberOfLines: 1 }} }}']
                                                                     + ["{ label: { text: *t, style: { font: Inter, size: 1 }, numberOfLines: 1 } }"] * 200) + " ]"))
    # a long text in a frame far too short: the lines that fit are found by halving, not one count at a time, and an
    # autoshrinking label searches its scale in a bounded number of layouts however small its factor
    short = label_scene(f'"{words[:199_990]}"', canvas="{ width: 400, height: auto, scale: 1 }").replace(
        "text:", "numberOfLines: 0, width: 300, height: 40, text:")
    good_scene("text-199990-chars-40pt-frame", short)
    good_scene("text-199990-chars-40pt-frame-autoshrink",
               short.replace("text:", "adjustsFontSizeToFitWidth: true, minimumScaleFactor: 0.000001, text:"))
    good_scene("autoshrink-one-line-half-point-wide", label_scene('"Tiny tiny tiny"').replace(
        "text:", "numberOfLines: 1, width: 0.5, lineBreakMode: truncateTail, adjustsFontSizeToFitWidth: true, "
                 "minimumScaleFactor: 0.000001, allowsDefaultTighteningForTruncation: true, text:"))
    good_scene("word-199990-chars-no-breaks", label_scene('"' + "x" * 199_990 + '"', style="{ font: Inter, size: 1 }",
                                                          canvas="{ width: 400, height: auto, scale: 1 }"))
    good_scene("cluster-199990-marks", label_scene('"e' + "\\u0301" * 199_990 + '"', style="{ font: Inter, size: 10 }"))
    c.add("matrix", "text-199990-chars", ["matrix", "s.yaml", "-o", "sheet.png"], expect=(0,), outputs=sheet_outputs("sheet"), heavy=True,
          files={"s.yaml": label_scene(f'"{words[:199_990]}"', style="{ font: Inter, textStyle: body }", canvas="{ width: 400, height: auto, scale: 1 }")
                 .replace("text:", "numberOfLines: 3, text:")})
    bad_scene("text-100k-chars-one-label", label_scene(f'"{words[:100_000]}"', style="{ font: Inter, size: 2 }",
                                                       canvas="{ width: 2000, height: auto, scale: 1 }"), expect=(0, 2))
    good_scene("word-100k-chars-no-breaks", label_scene('"' + "x" * 100_000 + '"', style="{ font: Inter, size: 1 }",
                                                       canvas="{ width: 1000, height: auto, scale: 1 }").replace("text:", "numberOfLines: 3, text:"))
    bad_scene("scene-over-16-mib", sparse(17 << 20, b"canvas: { width: 100 }\n# "))
    bad_scene("scene-empty", b"")

    # text content: bidi, BOM, tabs, NUL, invalid UTF-8, huge clusters
    for name, text in [
        ("rtl-override", "abc \u202Edef\u202C ghi"),
        ("bidi-isolates-unbalanced", "\u2067\u2067\u2067abc\u2069 \u2066x"),
        ("bidi-embedding-1000-deep", "\u202B" * 1000 + "abc" + "\u202C" * 10),
        ("bidi-marks-only", "\u200F\u200E" * 5000),
        ("arabic-and-controls", "مرحبا \u202Dworld\u202C بالعالم \u2068שלום\u2069"),
        ("bom-mid-text", "Hello\uFEFFworld\uFEFF"),
        ("tabs", "a\tb\t\tc\t" * 100),
        ("nul-in-text", "before\x00after"),
        ("controls-in-text", "".join(chr(i) for i in range(1, 32)) + "\x7f\x85"),
        ("lone-combining-marks", "\u0301" * 10_000),
        ("cluster-10k-marks", "e" + "\u0301" * 10_000),
        ("zwj-chain-5000", "👩" + "\u200D👩" * 5000),
        ("flags-and-tags", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F" * 200 + "🇯🇵" * 200),
        ("variation-selectors", "a\uFE0F" * 1000 + "\U000E0100" * 1000),
        ("private-use", "\uE000\uF8FF\U000F0000" * 100),
        ("line-separators", "a\u2028b\u2029c\r\nd\re\x0bf\x0cg"),
        ("newlines-500", "\n" * 500),
        ("soft-hyphens-only", "\u00AD" * 5000),
        ("mixed-scripts", "Ελληνικά Кириллица हिन्दी ไทย 日本語 한국어 ✓"),
    ]:
        good_scene(f"text-{name}", label_scene(yaml_quoted(text), canvas="{ width: 300, height: auto, scale: 1 }"), expect=(0,))
    bad_scene("text-noncharacters", label_scene(yaml_quoted("\uFFFF\uFFFE\U0010FFFF\uFDD0")), expect=(0, 2))
    bad_scene("text-truncate-1-line-rtl", label_scene(yaml_quoted("שלום " * 3000), canvas="{ width: 100, height: auto, scale: 2 }")
              .replace("text:", "numberOfLines: 1, lineBreakMode: truncateMiddle, text:"), expect=(0,))
    bad_scene("bom-at-file-start", "\ufeff" + scene("[ { box: { width: 5, height: 5 } } ]"), expect=(0, 2))
    bad_scene("tab-indentation", "canvas:\n\twidth: 100\nroot: { stack: vertical, children: [] }\n")
    bad_scene("nul-byte-in-file", scene().encode() + b"\x00\x00")
    bad_scene("nul-in-key", b"canv\x00as: { width: 100 }\n")
    bad_scene("invalid-utf8", b"canvas: { width: 100 }\nroot: { stack: vertical, children: [ { label: { text: \"\xff\xfe\xc3\x28\" } } ] }\n")
    bad_scene("overlong-utf8", b"canvas: { width: 100 }\n# \xc0\xaf \xe0\x80\xaf\n")
    bad_scene("utf8-surrogate-bytes", b"canvas: { width: 100 }\n# \xed\xa0\x80\n")
    bad_scene("utf16-with-bom", "\ufeffcanvas: { width: 100 }\nroot: { stack: vertical, children: [] }\n".encode("utf-16"))
    bad_scene("escaped-lone-surrogate", label_scene('"a\\uD800b"'))
    bad_scene("escaped-nul", label_scene('"a\\0b\\x00c"'), expect=(0,))
    bad_scene("binary-garbage", bytes((i * 97 + 13) % 256 for i in range(8192)))

    # 400 distinct CJK glyphs at 1000 pt, drawn on top of each other (negative spacing keeps the canvas in limits)
    cjk = [chr(0x4E00 + (i * 53) % 20000) for i in range(400)]
    stacked = "[ " + ", ".join(f'{{ label: {{ text: "{ch}", style: {{ font: Noto Sans CJK JP, size: 1000 }} }} }}' for ch in cjk) + " ]"
    good_scene("cjk-400-glyphs-1000pt-at-3x", scene(stacked, canvas="{ width: 1100, height: 1500, scale: 3 }")
               .replace("stack: vertical", "stack: horizontal\n  spacing: -1000"), heavy=True)
    cjk_text = "".join(cjk)
    good_scene("cjk-400-glyphs-1000pt-clipped", label_scene(f'"{cjk_text}"', style="{ font: Noto Sans CJK JP, size: 1000 }",
                                                            canvas="{ width: 5000, height: 5000, scale: 3 }"), heavy=True)
    good_scene("emoji-60-at-1000pt", scene("[ " + ", ".join(f'{{ label: {{ text: "{chr(0x1F600 + i)}", style: {{ font: Inter, size: 1000 }} }} }}'
                                                             for i in range(60)) + " ]", canvas="{ width: 1100, height: 1500, scale: 2 }")
               .replace("stack: vertical", "stack: horizontal\n  spacing: -1000"), heavy=True)

    # fonts and images a scene names
    for font_name in ("upem-16.ttf", "upem-1.ttf", "upem-0.ttf", "upem-65535.ttf", "zero-glyphs.ttf", "extreme-hhea.ttf",
                      "trak-extreme.ttf", "trak-broken.ttf"):
        bad_scene(f"font-file-{font_name}", label_scene('"Hello"', style="{ font: T, size: 1000 }",
                                                        canvas="{ width: 2000, height: auto, scale: 3 }",
                                                        extra=f"fonts: {{ T: {{ file: {fonts[font_name]} }} }}\n"),
                  expect=(0, 2), names=("s.yaml", font_name))
    bad_scene("font-metrics-upem-1", label_scene('"Hello"', style="{ font: T, size: 1000 }", canvas="{ width: 3000, height: auto, scale: 3 }",
                                                 extra=f"fonts: {{ T: {{ file: {fonts['small.ttf']}, metrics: {{ unitsPerEm: 1, ascender: 1, descender: 0 }} }} }}\n"),
              expect=(0, 2))
    bad_scene("font-metrics-upem-0", label_scene('"Hello"', style="{ font: T, size: 10 }",
                                                 extra=f"fonts: {{ T: {{ file: {fonts['small.ttf']}, metrics: {{ unitsPerEm: 0 }} }} }}\n"))
    bad_scene("font-metrics-huge", label_scene('"Hello"', style="{ font: T, size: 10 }",
                                               extra=f"fonts: {{ T: {{ file: {fonts['small.ttf']}, metrics: {{ unitsPerEm: 16, ascender: 2147483647, descender: -2147483648 }} }} }}\n"))
    bad_scene("font-face-index-255", label_scene('"Hello"', style="{ font: T, size: 10 }",
                                                 extra=f"fonts: {{ T: {{ file: {fonts['small.ttf']}, index: 255 }} }}\n"), names=("s.yaml", "small.ttf"))
    bad_scene("fallback-10k-missing-fonts", label_scene('"日本"', extra="fallback: [" + ", ".join(f"NoFont{i}" for i in range(10_000)) + "]\n"),
              expect=(0, 2))
    bad_scene("include-missing", "include: [nope.yaml]\n" + scene())
    bad_scene("include-itself", "include: [s.yaml]\n" + scene())
    c.add("scene", "include-directory", ["render", "s.yaml", *render_two], outputs=two_outputs, names=("s.yaml", "d"),
          files={"s.yaml": "include: [d]\n" + scene(), "d": DIRECTORY})
    c.add("scene", "include-fifo", ["render", "s.yaml", *render_two], outputs=two_outputs, names=("s.yaml", "f.yaml"),
          files={"s.yaml": "include: [f.yaml]\n" + scene(), "f.yaml": FIFO})
    c.add("scene", "include-dev-zero", ["render", "s.yaml", *render_two], outputs=two_outputs, names=("s.yaml", "/dev/zero"),
          files={"s.yaml": "include: [/dev/zero]\n" + scene()})
    c.add("scene", "include-cycle", ["render", "s.yaml", *render_two], outputs=two_outputs, names=("s.yaml", "a.yaml", "b.yaml"),
          files={"s.yaml": "include: [a.yaml]\n" + scene(), "a.yaml": "include: [b.yaml]\nstyles: {}\n", "b.yaml": "include: [a.yaml]\nstyles: {}\n"})
    c.add("scene", "include-5-mib", ["render", "s.yaml", *render_two], outputs=two_outputs, names=("s.yaml", "big.yaml"),
          files={"s.yaml": "include: [big.yaml]\n" + scene(), "big.yaml": sparse(5 << 20, b"styles: {}\n# ")})
    for image_name, spec in [("missing.png", None), ("dir.png", DIRECTORY), ("fifo.png", FIFO), ("zero.png", b""),
                             ("garbage.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 100), ("s.yaml", None)]:
        files = {"s.yaml": scene(f"[ {{ image: {{ file: {image_name}, width: 10, height: 10 }} }} ]")}
        if spec is not None:
            files[image_name] = spec
        c.add("scene", f"image-{image_name}", ["render", "s.yaml", *render_two], outputs=two_outputs, names=(image_name,), files=files)
    c.add("scene", "image-dev-zero", ["render", "s.yaml", *render_two], outputs=two_outputs, names=("/dev/zero",),
          files={"s.yaml": scene("[ { image: { file: /dev/zero, width: 10, height: 10 } } ]")})
    good_scene("image-frame-10000pt", scene(f"[ {{ image: {{ file: {A('icon.png')}, width: 10000, height: 10000 }} }} ]",
                                            canvas="{ width: 10000, height: auto, scale: 1 }"), heavy=True)
    good_scene("image-frame-10000pt-wide-at-3x", scene(f"[ {{ image: {{ file: {A('icon.png')}, width: 5461, height: 10 }} }} ]",
                                                       canvas="{ width: 5461, height: auto, scale: 3 }"))
    good_scene("image-16384-intrinsic", scene(f"[ {{ image: {{ file: {big['wide']} }} }} ]", canvas="{ width: 10000, height: auto, scale: 2 }"),
               expect=(0, 2), heavy=True)

    # the scene path itself
    for name, path, files in [("dev-zero", "/dev/zero", {}), ("dev-urandom", "/dev/urandom", {}), ("fifo", "s.yaml", {"s.yaml": FIFO}),
                              ("directory", "s.yaml", {"s.yaml": DIRECTORY}), ("missing", "nope.yaml", {}), ("empty-path", "", {}),
                              ("symlink-loop", "s.yaml", {"s.yaml": symlink("t.yaml"), "t.yaml": symlink("s.yaml")}),
                              ("dangling-symlink", "s.yaml", {"s.yaml": symlink("gone.yaml")}),
                              ("newline-in-name", "s\nx.yaml", {"s\nx.yaml": "canvas: { width: 0 }\n"}),
                              ("dev-stdin-path", "/dev/stdin", {})]:
        names = (path,) if path else ("scene", "path", "''", '""')
        if "\n" in path:
            names = ('"s\\nx.yaml"', "s x.yaml")
        c.add("scene-path", name, ["render", path, *render_two], outputs=two_outputs, names=names, files=files)
    for command in (["layout", "/dev/zero"], ["matrix", "/dev/zero", "-o", "out.png"], ["check", "/dev/zero", "--design", ref],
                    ["layout", "/proc/self/mem"], ["layout", "/proc/self/status"]):
        c.add("scene-path", f"{command[0]}-{command[1].replace('/', '_')}", command, names=(command[1],),
              outputs=("out.png",) if "-o" in command else ())

    # --- the font name cache (GHOSTLINE_FONT_CACHE): never an error, never followed to a non-font, never replacing --
    # anything but a regular file. The card names Inter by family, so every run reads the cache and, on a miss,
    # writes it. The lying file passes every check but its answers: the font files it names are not fonts.
    fontconfig_version = subprocess.run(["fc-match", "--version"], capture_output=True, text=True).stderr
    version = re.search(r"(\d+)\.(\d+)\.(\d+)", fontconfig_version)
    cache_env = {"GHOSTLINE_FONT_CACHE": "c"}
    if version:
        number = int(version.group(1)) * 10000 + int(version.group(2)) * 100 + int(version.group(3))
        context_env = {**os.environ, **cache_env}
        keys = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                "XDG_CACHE_HOME", "FC_LANG", "LC_ALL", "LC_CTYPE", "LANG"]
        context = f"fontconfig {number}" + "".join(f"\x1f{k}=" + ("\x1e" + context_env[k] if k in context_env else "") for k in keys)
        root = os.stat("/")
        stamp = f"dir {root.st_ino} {root.st_size} {root.st_mtime_ns // 10**9}.{root.st_mtime_ns % 10**9}"
        lying = (f"ghostline font names 1\ncontext\t{context}\nstamp\t/\t{stamp}\n"
                 "font\tInter\t400\t0\t/dev/zero\t0\nfont\tInter-SemiBold\t400\t0\t/etc/passwd\t0\n")
        c.add("font-cache", "lying", ["render", card, "-o", "out.png"], expect=(0,), outputs=("out.png", "c"), env=cache_env,
              files={"c": lying})
    for name, spec, outputs in [("random-bytes", bytes(random.Random(7).getrandbits(8) for _ in range(65536)), ("c",)),
                                ("over-1-mib", sparse(2 << 20, b"ghostline font names 1\n"), ("c",)),
                                ("fifo", FIFO, ()), ("directory", DIRECTORY, ()), ("missing", None, ("c",))]:
        files = {} if spec is None else {"c": spec}
        c.add("font-cache", name, ["render", card, "-o", "out.png"], expect=(0,), outputs=("out.png",) + outputs,
              env=cache_env, files=files)
    c.add("font-cache", "dev-null", ["render", card, "-o", "out.png"], expect=(0,), outputs=("out.png",),
          env={"GHOSTLINE_FONT_CACHE": "/dev/null"})
    c.add("font-cache", "symlink", ["render", card, "-o", "out.png"], expect=(0,), outputs=("out.png",), env=cache_env,
          files={"c": symlink("kept"), "kept": b"not a cache"})

    # standard input
    c.add("stdin", "invalid-utf8", ["render", "-", *render_two], outputs=two_outputs, names=("<stdin>",), stdin=b"canvas: \xff\xfe\n")
    c.add("stdin", "empty", ["render", "-", *render_two], outputs=two_outputs, names=("<stdin>",), stdin=b"")
    c.add("stdin", "dev-zero", ["render", "-", *render_two], outputs=two_outputs, names=("<stdin>",), stdin=("file", "/dev/zero"))
    c.add("stdin", "17-mib", ["layout", "-"], names=("<stdin>",), stdin=b"# " + b"x" * (17 << 20) + b"\n")
    c.add("stdin", "nan", ["layout", "-"], names=("<stdin>",), stdin=b"canvas: { width: .nan }\n")
    c.add("stdin", "good-to-stdout", ["render", "-", "-o", "-"], expect=(0,), stdin=open(card, "rb").read())
    c.add("stdin", "closed", ["layout", "-"], names=("<stdin>",), stdin=("file", "/dev/null"))

    # --- fonts -------------------------------------------------------------------------------------------------------
    inter = find_font("Inter", "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
    inter_bytes = open(inter, "rb").read()
    png_small = png_bytes(4, 4, lambda y: b"\xff\x00\x00\xff" * 4)
    font_inputs = [
        ("truncated-100", inter_bytes[:100], (2,)),
        ("truncated-4k", inter_bytes[:4096], (2,)),
        ("truncated-half", inter_bytes[:len(inter_bytes) // 2], (0, 2)),
        ("zero-bytes", b"", (2,)),
        ("png-renamed", png_small, (2,)),
        ("random", bytes((i * 7919 + 17) % 256 for i in range(65536)), (2,)),
        ("ttc-header-only", b"ttcf\x00\x01\x00\x00\x00\x00\x00\x10" + b"\x00" * 64, (2,)),
        ("woff-header-only", b"wOFF" + b"\x00" * 40, (2,)),
        ("sfnt-1000-tables", b"\x00\x01\x00\x00" + struct.pack(">HHHH", 1000, 0, 0, 0) + b"\x00" * 16 * 1000, (2,)),
        ("huge-sparse", sparse(129 << 20, inter_bytes[:4096]), (2,)),
        ("just-under-limit-sparse", sparse((128 << 20) - 1, inter_bytes[:4096]), (2,)),
        ("fifo", FIFO, (2,)),
        ("directory", DIRECTORY, (2,)),
    ]
    font_inputs += [(name.replace(".ttf", ""), copy_of(path), (0, 2)) for name, path in fonts.items() if name != "small.ttf"]
    for name, spec, expect in font_inputs:
        file = f"{name}.ttf"
        c.add("font", f"metrics-{name}", ["metrics", file, "--size", "17"], expect=expect, names=(file,), files={file: spec})
        # A font that loads but makes the label too tall for a canvas is refused by the canvas check, which names the
        # flag (--text) or the scene rather than the font.
        c.add("font", f"text-{name}", ["render", "--text", "Hello", "--font", f"./{file}", "--size", "1000", "-o", "out.png"],
              expect=expect, names=(file, "--text"), files={file: spec}, outputs=("out.png",))
        c.add("font", f"scene-{name}", ["render", "s.yaml", *render_two], expect=expect, names=(file, "s.yaml:"), outputs=two_outputs,
              files={file: spec, "s.yaml": label_scene('"Hello"', style="{ font: T, size: 50 }", extra=f"fonts: {{ T: {{ file: {file} }} }}\n")})
    for name, path in [("dev-zero", "/dev/zero"), ("dev-urandom", "/dev/urandom"), ("proc-self-mem", "/proc/self/mem")]:
        c.add("font", f"metrics-{name}", ["metrics", path], names=(path,))
        c.add("font", f"text-{name}", ["render", "--text", "Hi", "--font", path, "-o", "out.png"], names=(path,), outputs=("out.png",))
    for args, names in [(["--size", "0"], ("--size",)), (["--size", "-17"], ("--size",)), (["--size", "1e308"], ("--size",)),
                        (["--size", "nan"], ("--size",)), (["--size", "inf"], ("--size",)), (["--scale", "0"], ("--scale",)),
                        (["--face-index", "99999"], ("--face-index", "Inter")), (["--face-index", "-1"], ("--face-index", "face index")),
                        (["--source", "os2"], ("--source",)), (["--override", "unitsPerEm=0"], ("--override", "unitsPerEm")),
                        (["--override", "unitsPerEm=-1"], ("--override", "unitsPerEm")), (["--override", "ascender=1e30"], ("--override", "ascender")),
                        (["--override", "foo=1"], ("--override", "foo")), (["--override", "unitsPerEm="], ("--override", "unitsPerEm")),
                        (["--override", ",,,"], ("--override",)), (["--override", "unitsPerEm=nan"], ("--override", "unitsPerEm"))]:
        c.add("font", "metrics-flag" + "".join(args).replace("/", "_"), ["metrics", "Inter", *args], names=names)
    c.add("font", "metrics-name-missing", ["metrics", "NoSuchFamily123"], names=("NoSuchFamily123",))
    c.add("font", "metrics-name-10k", ["metrics", "F" * 10_000], names=("FFFF",))
    c.add("font", "metrics-name-newline", ["metrics", "Inter\nBold"], names=('"Inter\\nBold"', "Inter Bold"))
    c.add("font", "metrics-upem-16-1000pt", ["metrics", fonts["upem-16.ttf"], "--size", "1000"], expect=(0, 2), names=("upem-16.ttf",))

    # --- images -------------------------------------------------------------------------------------------------------
    white_row = lambda w: (lambda y: b"\xff" * (w * 4))
    good_png = png_bytes(64, 48, lambda y: bytes((x * 4 + y) % 256 for x in range(64 * 4)))
    valid_ish = {
        "png-interlaced": png_adam7(64, 48),
        "png-16-bit": png_bytes(8, 8, lambda y: b"\x12\x34" * 4 * 8, depth=16),
        "png-palette": pillow_bytes(sample_image().convert("P"), "PNG"),
        "png-gray-1-bit": png_bytes(64, 8, lambda y: b"\xaa" * 8, color_type=0, depth=1),
        "png-gray-alpha": pillow_bytes(sample_image(mode="LA"), "PNG"),
        "png-trailing-garbage": good_png + b"\x00" * 100_000,
        "png-no-iend": good_png[:-12],
        "png-1x1": png_bytes(1, 1, lambda y: b"\x00\x00\x00\x00"),
        "png-16384x1": png_bytes(16384, 1, lambda y: b"\x80" * 16384 * 4),
        "png-1x16384": png_bytes(1, 16384, lambda y: b"\x80\x80\x80\xff"),
        "png-unknown-chunks": png_bytes(8, 8, lambda y: b"\x10" * 32, before_idat=b"".join(png_chunk(b"abCd", b"x" * 1000) for _ in range(1000))),
        "png-ztxt-bomb": png_bytes(8, 8, lambda y: b"\x10" * 32, before_idat=png_chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"a" * (64 << 20), 9))),
        "png-exif-orientation-8": None,
        "jpeg-progressive": pillow_bytes(sample_image(), "JPEG", progressive=True, quality=80),
        "jpeg-gray": pillow_bytes(sample_image(mode="L"), "JPEG"),
        "jpeg-named-png": None,
        "jpeg-exif-orientation-6": None,
        "webp-lossless-alpha": pillow_bytes(sample_image(mode="RGBA"), "WEBP", lossless=True),
        "webp-lossy": pillow_bytes(sample_image(), "WEBP", quality=70),
    }
    exif = Image.Exif()
    exif[0x0112] = 8
    valid_ish["png-exif-orientation-8"] = pillow_bytes(sample_image(), "PNG", exif=exif.tobytes())
    exif[0x0112] = 6
    valid_ish["jpeg-exif-orientation-6"] = pillow_bytes(sample_image(), "JPEG", exif=exif.tobytes())
    exif[0x0112] = 99
    valid_ish["jpeg-exif-orientation-99"] = pillow_bytes(sample_image(), "JPEG", exif=exif.tobytes())
    valid_ish["jpeg-exif-loop"] = jpeg_exif_loop(pillow_bytes(sample_image(), "JPEG"))
    good_jpeg = pillow_bytes(sample_image(), "JPEG", quality=90)
    valid_ish["jpeg-named-png"] = good_jpeg
    good_webp = pillow_bytes(sample_image(), "WEBP", lossless=True)
    zeros_idat = zlib.compress(b"\x00" * (10 * 401), 9)   # ten rows of a hundred
    bad_images = {
        # An iCCP that inflates to 64 MiB: refused once 4 MiB are inflated (the colour profile limit), one line, exit 2.
        "png-iccp-bomb": png_bytes(8, 8, lambda y: b"\x10" * 32, before_idat=png_chunk(b"iCCP", b"p\x00\x00" + zlib.compress(b"\x00" * (64 << 20), 9))),
        "png-truncated-signature": good_png[:5],
        "png-truncated-ihdr": good_png[:20],
        "png-truncated-idat": good_png[:60],
        "png-bad-crc": png_bytes(64, 48, lambda y: b"\x20" * 256, bad_crc=True),
        "png-bad-ihdr-crc": PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 6, 0, 0, 0), False) + good_png[33:],
        "png-over-limit-16385x1": png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(16385, 1)),
        "png-over-limit-100000-square": png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(100_000, 100_000)),
        "png-over-limit-2-31": png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(2**31 - 1, 2**31 - 1)),
        "png-zero-width": png_bytes(1, 1, lambda y: b"\x00" * 4, ihdr_size=(0, 10)),
        "png-bad-color-type": png_bytes(1, 1, lambda y: b"\x00" * 4, color_type=7),
        "png-bad-depth": png_bytes(1, 1, lambda y: b"\x00" * 4, depth=3),
        "png-palette-missing-plte": png_bytes(8, 8, lambda y: b"\x00" * 8, color_type=3),
        "png-idat-too-short": png_bytes(100, 100, lambda y: b"", idat=zeros_idat),
        "png-idat-not-zlib": png_bytes(8, 8, lambda y: b"", idat=b"\x12\x34" * 100),
        "png-chunk-length-2gb": PNG_SIGNATURE + good_png[8:33] + struct.pack(">I", 0x7FFFFFFF) + b"IDAT" + b"\x00" * 64,
        "png-only-signature": PNG_SIGNATURE,
        "png-zero-size": b"",
        "png-text-file": b"this is not an image\n" * 10,
        "jpeg-cmyk": pillow_bytes(sample_image(mode="CMYK"), "JPEG"),
        "jpeg-truncated-header": good_jpeg[:30],
        "jpeg-truncated-scan": good_jpeg[:len(good_jpeg) // 2],
        "jpeg-over-limit-65500": jpeg_with_size(good_jpeg, 65500, 65500),
        "jpeg-over-limit-16385": jpeg_with_size(good_jpeg, 16385, 8),
        "jpeg-zero-height": jpeg_with_size(good_jpeg, 8, 0),
        "jpeg-soi-only": b"\xff\xd8",
        "webp-truncated": good_webp[:len(good_webp) // 2],
        "webp-riff-only": b"RIFF\x00\x00\x00\x00WEBP",
        "webp-riff-size-huge": b"RIFF\xff\xff\xff\xffWEBP" + good_webp[12:],
        "webp-bad-chunk": b"RIFF" + struct.pack("<I", 20) + b"WEBPVP8X" + b"\xff" * 12,
    }
    claims_16384 = {
        "jpeg-16384-square-truncated": jpeg_with_size(good_jpeg, 16384, 16384),
        "webp-16384-square-truncated": webp_lossless_with_size(good_webp, 16384, 16384),
    }
    image_inputs = [(name, data, (0, 1)) for name, data in valid_ish.items()]
    image_inputs += [(name, data, (2,)) for name, data in bad_images.items()]
    image_inputs += [(name, data, (0, 1, 2)) for name, data in claims_16384.items()]
    image_inputs += [("png-huge-sparse", sparse(257 << 20, good_png[:33]), (2,)), ("png-fifo", FIFO, (2,)), ("png-directory", DIRECTORY, (2,))]
    extension = {"png": ".png", "jpeg": ".jpg", "webp": ".webp"}
    for name, data, expect in image_inputs:
        file = name + extension[name.split("-")[0]]
        if name == "jpeg-named-png":
            file = "jpeg-named.png"
        heavy = name in claims_16384
        review_expect = tuple(sorted(set(expect) | ({1} if 0 in expect else set())))
        c.add("image", f"diff-stream-{name}", ["diff", file, ref], expect=review_expect, names=(file,), files={file: data}, heavy=heavy)
        c.add("image", f"diff-outputs-{name}", ["diff", ref, file, "--diff", "d.png", "--report", "r.json"], expect=review_expect,
              names=(file,), files={file: data}, outputs=("d.png", "r.json"), heavy=heavy)
        c.add("image", f"check-{name}", ["check", card, "--design", file, "--report", "r.json", "--render", "out.png"],
              expect=review_expect, names=(file,), files={file: data}, outputs=("r.json", "out.png"), heavy=heavy)
        scene_expect = tuple(x for x in expect if x != 1)
        c.add("image", f"scene-{name}", ["render", "s.yaml", *render_two], expect=scene_expect, names=(file,), outputs=two_outputs,
              files={file: data, "s.yaml": scene(f"[ {{ image: {{ file: {file}, width: 20, height: 20 }} }} ]")}, heavy=heavy)
    for path in ("/dev/zero", "/dev/urandom", "/dev/null", "/proc/self/mem"):
        c.add("image", f"diff-{path.replace('/', '_')}", ["diff", path, ref], names=(path,))
        c.add("image", f"diff-outputs-{path.replace('/', '_')}", ["diff", ref, path, "--ghost", "g.png"], names=(path,), outputs=("g.png",))
        c.add("image", f"check-{path.replace('/', '_')}", ["check", card, "--design", path, "--html", "r.html"], names=(path,), outputs=("r.html",))

    # two 16384² PNGs: streamed without outputs, whole with them
    bigs = [big["a"], big["b"]]
    c.add("big-diff", "stream", ["diff", *bigs], expect=(0, 1), heavy=True)
    c.add("big-diff", "stream-report", ["diff", *bigs, "--report", "r.json"], expect=(0, 1), outputs=("r.json",), heavy=True)
    c.add("big-diff", "diff-image", ["diff", *bigs, "--diff", "d.png"], expect=(0, 1), outputs=("d.png",), heavy=True)
    c.add("big-diff", "ghost-and-diff", ["diff", *bigs, "--diff", "d.png", "--ghost", "g.png"], expect=(0, 1), outputs=("d.png", "g.png"),
          heavy=True)
    # A review page, a layout or a scene makes a check hold its images whole: past 8192² px that is refused at once.
    c.add("big-diff", "html", ["diff", *bigs, "--html", "r.html"], names=(bigs[0],), outputs=("r.html",), heavy=True)
    c.add("big-diff", "outputs-refused", ["diff", *bigs, "--diff", bigs[0]], names=(bigs[0],), heavy=True)
    c.add("big-diff", "vs-small", ["diff", bigs[0], ref], names=(bigs[0],), heavy=True)   # two sizes: compared whole
    c.add("big-diff", "check-16384-design", ["check", big["scene"], "--design", bigs[0]], names=(bigs[0],), heavy=True)
    every_output = ["--ghost", "g.png", "--diff", "d.png", "--report", "r.json", "--html", "r.html"]
    c.add("big-diff", "check-at-whole-limit", ["check", big["whole-scene"], "--design", big["whole"], *every_output, "--render", "x.png"],
          expect=(0, 1), outputs=("g.png", "d.png", "r.json", "r.html", "x.png"), heavy=True)
    c.add("big-diff", "diff-at-whole-limit", ["diff", big["whole"], big["whole"], *every_output],
          expect=(0, 1), outputs=("g.png", "d.png", "r.json", "r.html"), heavy=True)

    # --- layout JSON (diff --layout) -----------------------------------------------------------------------------------
    good = open(card_json, encoding="utf-8").read()
    layouts = {
        "huge-number": good.replace('"baseline": 37.0', '"baseline": 1e300', 1),
        "overflow-number": good.replace('"baseline": 37.0', '"baseline": 1e400', 1),
        "nan-string": good.replace('"baseline": 37.0', '"baseline": "NaN"', 1),
        "nan-bare": good.replace('"baseline": 37.0', '"baseline": NaN', 1),
        "infinity-bare": good.replace('"baseline": 37.0', '"baseline": Infinity', 1),
        "negative-width": good.replace('"width": 359.0', '"width": -359.0', 1),
        "wrong-type-lines": good.replace('"lines": [', '"lines": 5, "x": [', 1),
        "wrong-type-frame": good.replace('"frame": {', '"frame": "big", "f": {', 1),
        "elements-not-list": '{ "canvas": { "width": 375.0, "height": 158.0, "scale": 3 }, "elements": {} }',
        "missing-elements": '{ "canvas": { "width": 375.0, "height": 158.0, "scale": 3 } }',
        "missing-canvas": '{ "elements": [] }',
        "empty-object": "{}",
        "empty-file": "",
        "top-level-array": "[]",
        "deep-nesting": "[" * 100_000 + "]" * 100_000,
        "deep-objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
        "not-json": "canvas: yaml\n",
        "invalid-utf8": b"{ \"elements\": [ \"\xff\xfe\" ] }",
        "bom": "\ufeff" + good,
        "duplicate-keys": good.replace('"model":', '"model": "css", "model":', 1),
        "integer-2-64": good.replace('"scale": 3', '"scale": 18446744073709551616', 1),
        "scale-0": good.replace('"scale": 3', '"scale": 0', 1),
        "start-after-end": good.replace('"start": 0, "end": 25', '"start": 25, "end": 0', 1),
        "million-lines": '{ "canvas": { "width": 375.0, "height": 158.0, "scale": 3 }, "model": "uikit", "elements": [ { "id": "t", "kind": "label", '
                         '"frame": { "x": 0.0, "y": 0.0, "width": 375.0, "height": 158.0 }, "lines": ['
                         + ", ".join('{ "start": 0, "end": 1, "x": 0.0, "width": 10.0, "baseline": 20.0, "runs": [] }' for _ in range(200_000)) + "] } ] }",
        "nul-bytes": b"\x00" * 4096,
    }
    for name, data in layouts.items():
        data = data.encode("utf-8") if isinstance(data, str) else data
        # Keys the baseline measurement does not use may be missing or odd; it must still end cleanly.
        lenient = ("bom", "duplicate-keys", "start-after-end", "million-lines", "negative-width", "scale-0", "wrong-type-frame",
                   "missing-canvas", "integer-2-64")
        expect = (0, 1, 2) if name in lenient else (2,)
        c.add("layout-json", name, ["diff", ref, ref, "--layout", "l.json", "--report", "r.json"], expect=expect, names=("l.json",),
              files={"l.json": data}, outputs=("r.json",))
    for name, spec in [("dev-zero", "/dev/zero"), ("fifo", FIFO), ("directory", DIRECTORY), ("sparse-65-mib", sparse(65 << 20, b"{"))]:
        path = spec if isinstance(spec, str) else "l.json"
        c.add("layout-json", name, ["diff", ref, ref, "--layout", path, "--report", "r.json"], names=(path,),
              files={} if isinstance(spec, str) else {"l.json": spec}, outputs=("r.json",))

    # --- command line ----------------------------------------------------------------------------------------------------
    cli = [
        ("no-command", [], ("ghostline --help", "command")),
        ("unknown-command", ["rendr", "x"], ("rendr",)),
        ("unknown-flag", ["render", card, "-o", "out.png", "--bogus"], ("--bogus",)),
        ("unknown-global-flag", ["--bogus"], ("--bogus",)),
        ("missing-output", ["render", card], ("--output", "-o")),
        ("missing-value", ["render", card, "-o"], ("-o", "--output")),
        ("missing-scale-value", ["render", card, "-o", "out.png", "--scale"], ("--scale",)),
        ("negative-scale", ["render", card, "-o", "out.png", "--scale", "-1"], ("--scale",)),
        ("scale-not-a-number", ["render", card, "-o", "out.png", "--scale", "three"], ("--scale",)),
        ("scale-huge", ["render", card, "-o", "out.png", "--scale", "99999999999999999999"], ("--scale",)),
        ("model-bad", ["render", card, "-o", "out.png", "--model", "flexbox"], ("--model",)),
        ("content-size-bad", ["render", card, "-o", "out.png", "--content-size", "huge"], ("--content-size",)),
        ("debug-bad", ["render", card, "-o", "out.png", "--debug", "everything"], ("--debug",)),
        ("text-and-scene", ["render", card, "--text", "x", "-o", "out.png"], ("--text", card)),
        ("font-without-text", ["render", card, "--font", "Inter", "-o", "out.png"], ("--font",)),
        ("text-100001-chars", ["render", "--text", "x" * 100_001, "-o", "out.png"], ("--text",)),
        ("text-size-0", ["render", "--text", "x", "--size", "0", "-o", "out.png"], ("--size",)),
        ("text-size-1001", ["render", "--text", "x", "--size", "1001", "-o", "out.png"], ("--size",)),
        ("text-width-nan", ["render", "--text", "x", "--width", "nan", "-o", "out.png"], ("--width",)),
        ("text-width-inf", ["render", "--text", "x", "--width", "inf", "-o", "out.png"], ("--width",)),
        ("text-padding-negative", ["render", "--text", "x", "--padding", "-5", "-o", "out.png"], ("--padding",)),
        ("text-padding-huge", ["render", "--text", "x", "--padding", "10001", "-o", "out.png"], ("--padding",)),
        ("text-line-height-0", ["render", "--text", "x", "--line-height", "0", "-o", "out.png"], ("--line-height",)),
        ("text-color-bad", ["render", "--text", "x", "--color", "red", "-o", "out.png"], ("--color",)),
        ("text-weight-bad", ["render", "--text", "x", "--weight", "heavyish", "-o", "out.png"], ("--weight",)),
        ("text-font-missing", ["render", "--text", "x", "--font", "NoSuchFont999", "-o", "out.png"], ("NoSuchFont999",)),
        ("matrix-columns-0", ["matrix", card, "-o", "out.png", "--columns", "0"], ("--columns",)),
        ("matrix-columns-13", ["matrix", card, "-o", "out.png", "--columns", "13"], ("--columns",)),
        ("matrix-columns-negative", ["matrix", card, "-o", "out.png", "--columns", "-4"], ("--columns",)),
        ("matrix-content-size", ["matrix", card, "-o", "out.png", "--content-size", "AX1"], ("--content-size",)),
        ("diff-threshold-2", ["diff", ref, ref, "--threshold", "2"], ("--threshold",)),
        ("diff-tolerance-nan", ["diff", ref, ref, "--tolerance", "nan"], ("--tolerance",)),
        ("diff-opacity-negative", ["diff", ref, ref, "--opacity", "-0.5"], ("--opacity",)),
        ("diff-baseline-tolerance-huge", ["diff", ref, ref, "--baseline-tolerance", "1e308"], ("--baseline-tolerance",)),
        ("diff-ignore-nan", ["diff", ref, ref, "--ignore", "nan,0,1,1"], ("--ignore",)),
        ("diff-ignore-huge", ["diff", ref, ref, "--ignore", "0,0,1e300,1"], ("--ignore",)),
        ("diff-ignore-negative-size", ["diff", ref, ref, "--ignore", "-4,0,-10,10"], ("--ignore",)),
        ("diff-ignore-three-numbers", ["diff", ref, ref, "--ignore", "1,2,3"], ("--ignore",)),
        ("diff-anchor-bad", ["diff", ref, ref, "--anchor", "center"], ("--anchor",)),
        ("diff-compat-bad", ["diff", ref, ref, "--compat", "imagemagick"], ("--compat",)),
        ("diff-color-bad", ["diff", ref, ref, "--diff-color", "#12"], ("--diff-color",)),
        ("diff-background-bad", ["diff", ref, ref, "--background", "white"], ("--background",)),
        ("diff-scales-disagree", ["diff", ref, "x@2x.png"], ("--scale", "x@2x.png")),
        ("diff-scale-4", ["diff", ref, ref, "--scale", "4"], ("--scale",)),
        ("diff-missing-second", ["diff", ref], ("design", "DESIGN", "<design>")),
        ("check-missing-design", ["check", card], ("--design",)),
        ("check-design-missing-file", ["check", card, "--design", "nope.png"], ("nope.png",)),
        ("metrics-missing-font", ["metrics"], ("font", "FONT", "<font>")),
        ("tokens-missing-subcommand", ["tokens"], ("tokens", "import")),
        ("tokens-missing-output", ["tokens", "import", "t.json"], ("--output", "-o")),
        ("help-unknown-command", ["help", "nosuch"], ("nosuch",)),
        ("double-dash", ["render", "--", "-o", "out.png"], ("-o", "--output")),
    ]
    for name, args, names in cli:
        outputs = tuple(a for a in args if a.endswith(".png") and not a.startswith("/") and a != "x@2x.png" and a != "nope.png")
        c.add("cli", name, args, names=names, outputs=outputs)
    c.add("cli", "name-over-255-bytes", ["render", card, "-o", "x" * 5000 + ".png"], names=("xxxx",))
    c.add("cli", "flag-repeated-last-wins", ["render", card, "-o", "out.png", "-o", "out2.png"], expect=(0,), outputs=("out2.png",))
    c.add("cli", "scale-repeated-last-wins", ["render", card, "-o", "out.png", "--scale", "1", "--scale", "2"], expect=(0,),
          outputs=("out.png",))
    c.add("cli", "help", ["render", "--help"], expect=(0,))
    c.add("cli", "version", ["--version"], expect=(0,))

    # output paths
    outputs = [
        ("render-onto-scene", ["render", "s.yaml", "-o", "s.yaml"], {"s.yaml": copy_of(card)}, ("s.yaml",)),
        ("render-layout-onto-scene", ["render", "s.yaml", "-o", "out.png", "--layout", "s.yaml"], {"s.yaml": copy_of(card)}, ("s.yaml",)),
        ("render-onto-scene-other-path", ["render", "s.yaml", "-o", "./sub/../s.yaml"], {"s.yaml": copy_of(card), "sub": DIRECTORY}, ("s.yaml",)),
        ("render-onto-hard-link", ["render", "s.yaml", "-o", "t.yaml"], {"s.yaml": copy_of(card), "t.yaml": hard_link("s.yaml")}, ("t.yaml",)),
        ("render-onto-symlink-to-scene", ["render", "s.yaml", "-o", "l.png"], {"s.yaml": copy_of(card), "l.png": symlink("s.yaml")}, ("l.png", "s.yaml")),
        ("render-onto-font", ["render", "s.yaml", "-o", "f.ttf"],
         {"f.ttf": copy_of(fonts["small.ttf"]), "s.yaml": label_scene('"Hello"', style="{ font: T, size: 20 }", extra="fonts: { T: { file: f.ttf } }\n")}, ("f.ttf",)),
        ("render-onto-image", ["render", "s.yaml", "-o", "i.png"],
         {"i.png": copy_of(A("icon.png")), "s.yaml": scene("[ { image: { file: i.png, width: 10, height: 10 } } ]")}, ("i.png",)),
        ("render-onto-include", ["render", "s.yaml", "-o", "g.yaml"],
         {"g.yaml": "styles: { t: { font: Inter, size: 12 } }\n", "s.yaml": "include: [g.yaml]\n" + label_scene('"x"', style="t")}, ("g.yaml",)),
        ("render-two-outputs-one-path", ["render", card, "-o", "x", "--layout", "x"], {}, ("x",)),
        ("render-two-outputs-via-symlink", ["render", card, "-o", "x.png", "--layout", "l"], {"l": symlink("x.png")}, ("x.png", "l")),
        ("render-onto-directory", ["render", card, "-o", "d"], {"d": DIRECTORY}, ("d",)),
        ("render-onto-symlink-to-directory", ["render", card, "-o", "l"], {"d": DIRECTORY, "l": symlink("d")}, ("l", "d")),
        ("render-into-missing-directory", ["render", card, "-o", "missing/out.png"], {}, ("missing",)),
        ("render-layout-into-missing-directory", ["render", card, "-o", "out.png", "--layout", "missing/out.json"], {}, ("missing",)),
        ("render-onto-symlink-loop", ["render", card, "-o", "a.png"], {"a.png": symlink("b.png"), "b.png": symlink("a.png")}, ("a.png",)),
        ("render-through-file-as-directory", ["render", card, "-o", "f/out.png"], {"f": b"plain file"}, ("f",)),
        ("render-to-stdout-twice", ["render", card, "-o", "-", "--layout", "-"], {}, ("-", "standard output")),
        ("diff-output-onto-input", ["diff", "a.png", "b.png", "--diff", "b.png"], {"a.png": copy_of(ref), "b.png": copy_of(ref)}, ("b.png",)),
        ("diff-report-onto-layout", ["diff", ref, ref, "--layout", "l.json", "--report", "l.json"], {"l.json": copy_of(card_json)}, ("l.json",)),
        ("diff-two-outputs-one-path", ["diff", ref, ref, "--diff", "x.png", "--ghost", "x.png"], {}, ("x.png",)),
        ("check-ghost-onto-design", ["check", card, "--design", "d.png", "--ghost", "d.png"], {"d.png": copy_of(ref)}, ("d.png",)),
        ("check-render-onto-scene", ["check", "s.yaml", "--design", ref, "--render", "s.yaml"], {"s.yaml": copy_of(card)}, ("s.yaml",)),
        ("check-html-onto-design-symlink", ["check", card, "--design", "d.png", "--html", "l.html"], {"d.png": copy_of(ref), "l.html": symlink("d.png")}, ("l.html", "d.png")),
        ("matrix-onto-scene", ["matrix", "s.yaml", "-o", "s.yaml"], {"s.yaml": copy_of(A("dynamic.yaml"))}, ("s.yaml",)),
        ("matrix-layout-onto-scene", ["matrix", "sheet-AX1.json", "-o", "sheet.png"], {"sheet-AX1.json": copy_of(A("dynamic.yaml"))}, ("sheet-AX1.json",)),
        ("matrix-layout-dir-is-file", ["matrix", A("dynamic.yaml"), "-o", "sheet.png", "--layout-dir", "f"], {"f": b"file"}, ("f",)),
        ("matrix-layout-dir-missing", ["matrix", A("dynamic.yaml"), "-o", "sheet.png", "--layout-dir", "nope"], {}, ("nope",)),
        ("tokens-onto-input", ["tokens", "import", "t.json", "-o", "t.json"], {"t.json": copy_of(os.path.join(ROOT, "Fixtures/scenes/design-tokens.json"))}, ("t.json",)),
    ]
    for name, args, files, names in outputs:
        declared = tuple(a for a in args[1:] if a.endswith((".png", ".json", ".html")) and not a.startswith("/") and a not in files
                         and a not in ("a.png", "b.png", "d.png", "t.json", "l.json") and "missing" not in a and "/" not in a)
        if name == "matrix-layout-onto-scene":
            declared = ("sheet.png",)
        c.add("cli-output", name, args, names=names, files=files, outputs=declared)
    c.add("cli-output", "render-onto-symlink-writes-through", ["render", card, "-o", "l.png"], expect=(0,), files={"l.png": symlink("t.png")},
          outputs=("t.png",))
    c.add("cli-output", "render-newline-in-output-name", ["render", card, "-o", "o\nut.png"], expect=(0,), outputs=("o\nut.png",))
    c.add("cli-output", "render-quotes-spaces-in-names", ["render", "s c\"e'ne.yaml", "-o", "o u\"t'.png"], expect=(0,),
          files={"s c\"e'ne.yaml": copy_of(card)}, outputs=("o u\"t'.png",))
    c.add("cli-output", "render-newline-in-missing-dir", ["render", card, "-o", "mi\nssing/out.png"], names=('"mi\\nssing', "mi ssing"))
    c.add("cli-output", "render-to-stdout", ["render", card, "-o", "-"], expect=(0,))
    c.add("cli-output", "render-layout-to-stdout", ["render", card, "-o", "out.png", "--layout", "-"], expect=(0,), outputs=("out.png",))
    c.add("cli-output", "check-report-to-stdout", ["check", card, "--design", ref, "--report", "-"], expect=(0, 1), summary_on_stderr=True)
    c.add("cli-output", "render-onto-char-device", ["render", card, "-o", "null"], expect=(0,), files={"null": CHAR_NULL},
          fifo_reader="null")
    c.add("cli-output", "render-onto-fifo-with-reader", ["render", card, "-o", "p.png"], expect=(0,), files={"p.png": FIFO}, fifo_reader="p.png")
    c.add("cli-output", "render-onto-fifo-without-reader", ["render", card, "-o", "p.png", "--layout", "out.json"], files={"p.png": FIFO},
          names=("p.png",), outputs=("out.json",))
    c.add("cli-output", "render-into-read-only-directory", ["render", card, "-o", "ro/out.png", "--layout", "out.json"],
          files={"ro": READ_ONLY_DIRECTORY}, names=("ro/out.png", "ro"), outputs=("out.json",), as_nobody=True)
    c.add("cli-output", "render-layout-into-read-only-directory", ["render", card, "-o", "out.png", "--layout", "ro/out.json"],
          files={"ro": READ_ONLY_DIRECTORY}, names=("ro/out.json", "ro"), outputs=("out.png",), as_nobody=True)

    # a run that would warn (a character no font has) and then fails to write must print only its error line
    missing_glyph = label_scene(yaml_quoted("x\U0010FFFD"))
    c.add("cli-output", "render-warning-then-output-onto-directory", ["render", "s.yaml", "-o", "d"], names=("d",),
          files={"s.yaml": missing_glyph, "d": DIRECTORY})
    c.add("cli-output", "check-warning-then-output-onto-directory", ["check", "s.yaml", "--design", ref, "--report", "d"], names=("d",),
          files={"s.yaml": missing_glyph, "d": DIRECTORY})
    c.add("cli-output", "render-warning-on-success", ["render", "s.yaml", "-o", "out.png"], expect=(0,), outputs=("out.png",),
          files={"s.yaml": missing_glyph})

    # --- matrix --------------------------------------------------------------------------------------------------------
    tall = scene("[ { label: { text: Hello, style: { font: Inter, textStyle: body } } }, { box: { width: 10, height: 2000 } } ]",
                 canvas="{ width: 1000, height: auto, scale: 3 }")
    wide_plain = scene("[ { box: { width: 10, height: 10 } } ]", canvas="{ width: 5000, height: auto, scale: 1 }")
    c.add("matrix", "sheet-too-tall", ["matrix", "s.yaml", "-o", "sheet.png"], names=("s.yaml",), files={"s.yaml": tall}, outputs=sheet_outputs("sheet"))
    c.add("matrix", "sheet-too-wide-no-text-style", ["matrix", "s.yaml", "-o", "sheet.png"], names=("s.yaml",), files={"s.yaml": wide_plain},
          outputs=sheet_outputs("sheet"))
    c.add("matrix", "sheet-too-wide-one-column", ["matrix", "s.yaml", "-o", "sheet.png", "--columns", "1", "--scale", "3"], names=("s.yaml",),
          files={"s.yaml": scene("[ { box: { width: 10, height: 500 } } ]", canvas="{ width: 6000, height: auto, scale: 1 }")},
          outputs=sheet_outputs("sheet"))
    near = scene("[ { label: { text: Hello, style: { font: Inter, textStyle: body } } }, { box: { width: 10, height: 1240 } } ]",
                 canvas="{ width: 3300, height: auto, scale: 1 }")
    c.add("matrix", "sheet-near-limit", ["matrix", "s.yaml", "-o", "sheet.png", "--columns", "4"], expect=(0,), files={"s.yaml": near},
          outputs=sheet_outputs("sheet"), heavy=True)
    c.add("matrix", "to-stdout", ["matrix", A("dynamic.yaml"), "-o", "-", "--scale", "1"], expect=(0,))
    c.add("matrix", "bad-scene-after-warning", ["matrix", "s.yaml", "-o", "sheet.png"], names=("s.yaml",), outputs=sheet_outputs("sheet"),
          files={"s.yaml": scene("[ { box: { width: 10, height: 10 } }, { image: { file: nope.png, width: 5, height: 5 } } ]")})
    import_cases(c)
    suite_cache_cases(c, card, ref)
    return c


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


def jpeg_exif_loop(data):
    """A JPEG whose EXIF IFD0 points its next-IFD offset back at itself (a loop a naive reader follows forever)."""
    tiff = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">H", 1) + struct.pack(">HHII", 0x0112, 3, 1, 6 << 16) + struct.pack(">I", 8)
    segment = b"Exif\x00\x00" + tiff
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(segment) + 2) + segment + data[2:]


# ---------------------------------------------------------------------------------------------------------------
# Running

@dataclass
class Run:
    case: Case
    variant: str
    status: int = None
    signal: int = None
    stdout_size: int = 0
    stderr: str = ""
    seconds: float = 0.0
    rss: int = 0
    problems: list = field(default_factory=list)
    timed_out: float = 0.0       # the wall-clock limit it was killed at, if it was


def execute(binary, case, directory, variant):
    """Runs one input. The binary is started as GNU time's child, under prlimit: ru_maxrss survives exec, so a process
    forked from this (large) Python process would report Python's memory as its own; time forks from a small one."""
    run = Run(case, variant)
    statistics = os.path.join(directory, "..", f".{os.path.basename(directory)}.time")
    command = [TIME, "-f", "%M", "-o", statistics, "prlimit", f"--as={HARD_ADDRESS_SPACE}", "--core=0", "--"]
    if case.as_nobody and os.geteuid() == 0:
        command += ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    command += [binary] + case.args

    stdin = subprocess.DEVNULL
    stdin_file = None
    if isinstance(case.stdin, tuple):
        stdin_file = open(case.stdin[1], "rb")
        stdin = stdin_file
    elif case.stdin is not None:
        stdin = subprocess.PIPE
    reader_stop = threading.Event()
    reader = None
    if case.fifo_reader:
        reader = threading.Thread(target=drain_fifo, args=(os.path.join(directory, case.fifo_reader), reader_stop), daemon=True)
        reader.start()
        time.sleep(0.05)
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=directory, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env={**os.environ, **case.env} if case.env else None,
                               start_new_session=True)
    collected = {"out": 0, "err": bytearray()}

    def pump_out():
        for block in iter(lambda: process.stdout.read(1 << 16), b""):
            collected["out"] += len(block)

    def pump_err():
        for block in iter(lambda: process.stderr.read(1 << 16), b""):
            if len(collected["err"]) < 1 << 20:
                collected["err"] += block

    def feed():
        try:
            process.stdin.write(case.stdin)
        except (BrokenPipeError, OSError):
            pass
        finally:
            try:
                process.stdin.close()
            except OSError:
                pass

    threads = [threading.Thread(target=pump_out, daemon=True), threading.Thread(target=pump_err, daemon=True)]
    if stdin == subprocess.PIPE:
        threads.append(threading.Thread(target=feed, daemon=True))
    for thread in threads:
        thread.start()
    # A known issue has failed once it passes the time limit: it is stopped there instead of run to the end.
    wall = TIME_LIMIT + 1 if case.known else HARD_WALL
    killer = threading.Timer(wall, lambda: kill_group(process.pid, run, wall))
    killer.start()
    _, wait_status, _ = os.wait4(process.pid, 0)
    run.seconds = time.monotonic() - start
    killer.cancel()
    process.returncode = 0   # reaped above; keep Popen from waiting again
    for thread in threads:
        thread.join(timeout=10)
    if stdin_file:
        stdin_file.close()
    reader_stop.set()
    if reader:
        reader.join(timeout=5)
    report_lines = []
    if os.path.exists(statistics):
        with open(statistics, encoding="utf-8", errors="replace") as f:
            report_lines = f.read().splitlines()
        os.unlink(statistics)
    if report_lines and report_lines[-1].strip().isdigit():
        run.rss = int(report_lines[-1]) * 1024
    terminated = [line for line in report_lines if "terminated by signal" in line]
    if os.WIFSIGNALED(wait_status):
        run.signal = os.WTERMSIG(wait_status)
    elif terminated:
        run.signal = int(terminated[0].split()[-1])
    else:
        run.status = os.WEXITSTATUS(wait_status)
    run.stdout_size = collected["out"]
    run.stderr = collected["err"].decode("utf-8", "replace")
    return run


def kill_group(pid, run, wall):
    run.timed_out = wall
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def drain_fifo(path, stop):
    """Opens the FIFO for reading (without blocking) and reads until the writer closes or `stop` is set."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return
    try:
        while not stop.is_set():
            try:
                block = os.read(fd, 1 << 16)
            except BlockingIOError:
                time.sleep(0.01)
                continue
            if not block:
                time.sleep(0.01)
    finally:
        os.close(fd)


def check(run, before, after):
    case = run.case
    problems = run.problems
    if run.timed_out:
        problems.append(f"still running after {run.timed_out:.0f} s: killed")
    if run.signal is not None:
        problems.append(f"killed by signal {run.signal} ({signal.Signals(run.signal).name if run.signal in signal.Signals._value2member_map_ else '?'})")
    elif run.status not in case.expect:
        said = f": {run.stderr.strip().splitlines()[0][:240]!r}" if run.stderr.strip() else ""
        problems.append(f"exit status {run.status}, expected {' or '.join(map(str, case.expect))}{said}")
    lines = run.stderr.splitlines()
    first = lines[0][:300] if lines else ""
    if run.status == 2:
        if len(lines) != 1:
            problems.append(f"{len(lines)} stderr lines on exit 2, expected 1: {run.stderr[:400]!r}")
        if not run.stderr.endswith("\n"):
            problems.append("the stderr line does not end with a newline")
        if lines and not lines[-1].startswith("ghostline: "):
            problems.append(f"the stderr line does not start with 'ghostline: ': {first!r}")
        if case.names and not any(name in run.stderr for name in case.names):
            problems.append(f"the stderr line names none of {list(case.names)}: {first!r}")
        if run.stdout_size:
            problems.append(f"{run.stdout_size} bytes on stdout from a failed run")
    elif run.status in (0, 1):
        for line in lines:
            if not line.startswith("ghostline: warning: ") and not case.summary_on_stderr:
                problems.append(f"a stderr line on success that is not a warning: {line[:200]!r}")
                break
    if run.signal is not None or run.status not in (0, 1):
        if after != before:
            problems.append("failed run changed its directory: " + describe_change(before, after))
    else:
        changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
        allowed = set(case.outputs)
        unexpected = sorted(k for k in changed if k not in allowed and not any(k.startswith(f + "/") for f in case.changes_under))
        if unexpected:
            problems.append("changed or left besides its outputs: " + ", ".join(repr(k) for k in unexpected[:5]))
        for output in case.outputs:
            if output not in after and output != "-":
                problems.append(f"declared output {output!r} was not written")
    if run.seconds >= TIME_LIMIT:
        problems.append(f"took {run.seconds:.1f} s (limit {TIME_LIMIT:.0f} s)")
    if run.rss >= RSS_LIMIT:
        problems.append(f"peak memory {run.rss / 1e9:.2f} GB (limit {RSS_LIMIT / 1e9:.1f} GB)")


def run_case(binary, case, work, variant):
    try:
        return run_case_unguarded(binary, case, work, variant)
    except Exception as error:   # a problem of the catalogue's own: report it as this input's failure, and go on
        run = Run(case, variant)
        run.problems.append(f"the catalogue could not run it: {type(error).__name__}: {error}")
        return run


def run_case_unguarded(binary, case, work, variant):
    directory = os.path.join(work, "cases", f"{case.group}", safe_name(case.name) + ("-" + variant if variant != "fresh" else ""))
    os.makedirs(directory)
    os.chmod(directory, 0o777)
    materialize(directory, case.files)
    if variant == "kept":
        for output in case.outputs:
            path = os.path.join(directory, output)
            with open(path, "wb") as f:
                f.write(f"pre-existing {output}, must survive a failed run\n".encode())
    if case.as_nobody:
        for base, dirs, files in os.walk(directory):
            for name in files:
                os.chmod(os.path.join(base, name), 0o666)
    before = snapshot(directory)
    run = execute(binary, case, directory, variant)
    after = snapshot(directory)
    check(run, before, after)
    shutil.rmtree(directory, ignore_errors=True) if not run.problems else None
    return run


def safe_name(name):
    return "".join(ch if ch.isalnum() or ch in "-_.+" else "_" for ch in name)[:80]


def prepare_assets(binary, assets):
    os.makedirs(assets)
    shutil.copyfile(os.path.join(ROOT, "Fixtures/demo/card.yaml"), os.path.join(assets, "card.yaml"))
    shutil.copyfile(os.path.join(ROOT, "Fixtures/scenes/dynamic-type.yaml"), os.path.join(assets, "dynamic.yaml"))
    with open(os.path.join(assets, "icon.png"), "wb") as f:
        f.write(png_bytes(24, 24, lambda y: bytes(((x // 4 + y // 4) % 2) * 200 for x in range(24 * 4))))
    made = subprocess.run([binary, "render", "card.yaml", "-o", "card@3x.png", "--layout", "card.json"], cwd=assets,
                          capture_output=True, text=True, timeout=120)
    if made.returncode != 0:
        fail_setup(f"{binary} could not render the demo card: {made.stderr.strip()}")
    fonts = make_fonts(assets)
    big = {"a": os.path.join(assets, "big-a.png"), "b": os.path.join(assets, "big-b.png"), "wide": os.path.join(assets, "wide.png"),
           "scene": os.path.join(assets, "big.yaml"), "whole": os.path.join(assets, "whole@2x.png"),
           "whole-scene": os.path.join(assets, "whole.yaml")}
    side = LIMIT_SIDE
    white = b"\xff" * side
    marked = b"\xff" * 1000 + b"\x20" * 2000 + b"\xff" * (side - 3000)
    shifted = b"\xff" * 1002 + b"\x20" * 2000 + b"\xff" * (side - 3002)
    write_big_png(big["a"], side, side, lambda y: marked if 1000 <= y < 1100 or 9000 <= y < 9050 else white)
    write_big_png(big["b"], side, side, lambda y: shifted if 1000 <= y < 1100 or 9000 <= y < 9050 else white)
    write_big_png(big["wide"], side, 8, lambda y: marked)
    with open(big["scene"], "w") as f:
        f.write(scene("[ { box: { width: 1000, height: 33, color: \"#202020\" } } ]", canvas="{ width: 16384, height: 16384, scale: 1 }")
                .replace("16384, height: 16384, scale: 1", "8192, height: 8192, scale: 2"))
    # A scene and a design exactly at the pixels a check holds whole (8192² px: 4096 pt at @2x).
    whole = 8192
    write_big_png(big["whole"], whole, whole, lambda y: (b"\xff" * 2000 + b"\x20" * 2000 + b"\xff" * (whole - 4000))
                  if 1000 <= y < 1066 else b"\xff" * whole)
    with open(big["whole-scene"], "w") as f:
        f.write(scene("[ { box: { width: 1000, height: 33, color: \"#202020\" } } ]", canvas="{ width: 4096, height: 4096, scale: 2 }"))
    return fonts, big


def determinism(binary, work):
    """The demo card and the world-text scene render byte-identical PNGs twice in turn and eight times at once."""
    problems = []
    directory = os.path.join(work, "determinism")
    os.makedirs(directory)
    worst = (0.0, 0, "")
    for name, scene_path in [("card", os.path.join(ROOT, "Fixtures/demo/card.yaml")),
                             ("world-text", os.path.join(ROOT, "Fixtures/scenes/world-text.yaml"))]:
        outputs = []
        for i in range(2):
            out = os.path.join(directory, f"{name}-seq{i}.png")
            started = time.monotonic()
            done = subprocess.run([binary, "render", scene_path, "-o", out], capture_output=True, timeout=120)
            if done.returncode != 0:
                problems.append(f"determinism/{name}: render exited {done.returncode}: {done.stderr.decode(errors='replace').strip()[:200]}")
            worst = max(worst, (time.monotonic() - started, 0, f"{name} in turn"))
            outputs.append(out)
        parallel = [os.path.join(directory, f"{name}-par{i}.png") for i in range(8)]
        processes = [subprocess.Popen([binary, "render", scene_path, "-o", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                     for out in parallel]
        for process in processes:
            _, err = process.communicate(timeout=120)
            if process.returncode != 0:
                problems.append(f"determinism/{name}: a parallel render exited {process.returncode}: {err.decode(errors='replace').strip()[:200]}")
        outputs += parallel
        digests = {}
        for out in outputs:
            if os.path.exists(out):
                digests.setdefault(hashlib.sha256(open(out, "rb").read()).hexdigest(), []).append(os.path.basename(out))
        if len(digests) != 1:
            problems.append(f"determinism/{name}: {len(digests)} different PNGs from 10 renders: "
                            + "; ".join(f"{d[:12]}: {', '.join(files)}" for d, files in digests.items()))
    shutil.rmtree(directory, ignore_errors=True) if not problems else None
    return problems, 20


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/ghostline"), help="the ghostline executable to run")
    parser.add_argument("--jobs", type=int, default=2, help="light inputs run this many at a time (heavy ones alone)")
    parser.add_argument("--only", action="append", default=[], help="run only inputs whose group/name contains this text")
    parser.add_argument("--list", action="store_true", help="list the inputs and exit")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--no-determinism", action="store_true", help="skip the determinism check")
    parser.add_argument("--no-review", action="store_true", help="skip the review app's hostile requests (hostile-review.py)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    for tool, package in ((TIME, "time"), (shutil.which("prlimit"), "util-linux"), (shutil.which("setpriv"), "util-linux")):
        if not tool or not os.access(tool, os.X_OK):
            fail_setup(f"{tool or package}: not found; install Debian's {package} package (scripts/setup.sh --tests does)")
    if not os.access(binary, os.X_OK):
        fail_setup(f"{options.binary}: no such executable; build it first (swift build -c release --product ghostline)")

    work = tempfile.mkdtemp(prefix="ghostline-hostile-")
    os.chmod(work, 0o755)
    started = time.monotonic()
    try:
        assets = os.path.join(work, "assets")
        fonts, big = prepare_assets(binary, assets)
        catalogue = build(assets, fonts, big)
        cases = catalogue.cases
        if options.only:
            cases = [case for case in cases if any(text in case.title for text in options.only)]
        if options.list:
            for case in cases:
                print(f"{case.title}\t{' '.join(case.args)[:160]!r}")
            print(f"{len(cases)} inputs")
            return 0
        os.chmod(assets, 0o755)
        for base, dirs, files in os.walk(assets):
            for name in files:
                os.chmod(os.path.join(base, name), 0o644)
        assets_before = snapshot(assets)
        generated = time.monotonic() - started
        runs = []
        jobs = []
        for case in cases:
            jobs.append((case, "fresh"))
            if case.expect == (2,) and any(o != "-" for o in case.outputs) and not any(o in case.files for o in case.outputs):
                jobs.append((case, "kept"))
        light = [job for job in jobs if not job[0].heavy]
        heavy = [job for job in jobs if job[0].heavy]
        with concurrent.futures.ThreadPoolExecutor(max(1, options.jobs)) as pool:
            for run in pool.map(lambda job: run_case(binary, job[0], work, job[1]), light):
                runs.append(run)
                report(run)
        light_done = time.monotonic()
        for case, variant in heavy:
            run = run_case(binary, case, work, variant)
            runs.append(run)
            report(run)
        heavy_done = time.monotonic()
        extra = []
        if snapshot(assets) != assets_before:
            extra.append("assets: a run changed a shared input: " + describe_change(assets_before, snapshot(assets)))
        checked_determinism = 0
        if not options.no_determinism and not options.only:
            problems, checked_determinism = determinism(binary, work)
            extra += problems
        for line in extra:
            print(f"FAIL {line}")
        phases = (f"generated in {generated:.0f} s, {len(light)} light runs in {light_done - started - generated:.0f} s, "
                  f"{len(heavy)} heavy in {heavy_done - light_done:.0f} s, determinism in {time.monotonic() - heavy_done:.0f} s")
        status = summarize(runs, extra, len(cases), phases, time.monotonic() - started, checked_determinism)
        if options.no_review or options.only:
            return status
        print(flush=True)
        review = subprocess.run([sys.executable, os.path.join(ROOT, "scripts/hostile-review.py"), "--binary", binary]).returncode
        # A failure anywhere is 1; the review's own problem (2) shows only when nothing failed.
        return 1 if 1 in (status, review) else max(status, review)
    finally:
        if options.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def report(run):
    if not run.problems:
        if run.case.known and not run.case.intermittent:
            print(f"FAIL {run.case.title} [{run.variant}]: passes now, but is marked known ({run.case.known}); drop the mark")
        return
    tag = "KNOWN" if run.case.known else "FAIL"
    reason = f" (known: {run.case.known})" if run.case.known else ""
    print(f"{tag} {run.case.title} [{run.variant}]: {'; '.join(run.problems)}{reason}", flush=True)


def summarize(runs, extra, inputs, phases, elapsed, determinism_renders):
    groups = {}
    for run in runs:
        g = groups.setdefault(run.case.group, {"inputs": set(), "runs": 0, "failed": 0, "known": 0, "time": (0, ""), "rss": (0, "")})
        g["inputs"].add(run.case.name)
        g["runs"] += 1
        if run.problems and run.case.known:
            g["known"] += 1
        elif run.problems or (run.case.known and not run.case.intermittent):
            g["failed"] += 1
        g["time"] = max(g["time"], (run.seconds, run.case.name))
        g["rss"] = max(g["rss"], (run.rss, run.case.name))
    print()
    print(f"{'group':<12} {'inputs':>6} {'runs':>5} {'failed':>6} {'known':>5}  {'worst time':<48} {'worst memory'}")
    for name, g in groups.items():
        print(f"{name:<12} {len(g['inputs']):>6} {g['runs']:>5} {g['failed']:>6} {g['known']:>5}  "
              f"{g['time'][0]:5.2f} s {g['time'][1][:38]:<40} {g['rss'][0] / 1e6:7.0f} MB {g['rss'][1][:40]}")
    failed = sum(g["failed"] for g in groups.values()) + len(extra)
    known = sum(g["known"] for g in groups.values())
    determinism_note = f"; determinism: {determinism_renders} renders compared" if determinism_renders else ""
    print(f"\n{inputs} inputs, {len(runs)} runs: {failed} failed, {known} known{determinism_note} "
          f"({phases}; {elapsed:.0f} s in all)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

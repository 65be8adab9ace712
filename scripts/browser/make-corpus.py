#!/usr/bin/env python3
"""Regenerates the design exports of the check corpus (Fixtures/corpus, issue 30's "Done means") from the HTML
twins, with headless Chromium, the same Inter files the scenes use (pinned by @font-face in html/screens.css)
and the scenes' scale (@3x).

Every case of Fixtures/corpus/corpus.json names its twin (`html`), its export (`design`) and its `format`:

- `png`: Chromium's screenshot as it is (sRGB, no profile);
- `jpeg`: that screenshot saved by Pillow as a baseline JPEG, quality 90, 4:2:0 chroma (Pillow's default);
- `display-p3`: converted from sRGB to Display P3 by Little CMS (Pillow's ImageCms, relative colorimetric) with
  the Display P3 profile embedded (iCCP), as a colour-managed design tool exports a P3 document;
- `adobe-rgb`: the same with Adobe RGB (1998) (icc-profiles-free's compatibleWithAdobeRGB1998.icc).

A planted case adds its `plant` CSS to the twin (a <style> after the twin's own) before the screenshot: the
scene is unchanged, so the export differs from the render only by the planted change.

Each page is opened twice: once with --dump-dom, to check that document.fonts is ready, that every @font-face
the page uses loaded, and that every label's weight is one the page pins (so no face was synthesized or taken
from fontconfig), and once with --screenshot in a window of at least 600 × 600 pt, cropped to the canvas's
size in points × 3.

Run (Debian: apt-get install chromium fonts-inter icc-profiles-free; pip install Pillow):

    python3 scripts/browser/make-corpus.py            # every case
    python3 scripts/browser/make-corpus.py login chat # only these cases
    python3 scripts/browser/make-corpus.py --verify-layout .build/release/ghostline   # check the twins, write nothing

--verify-layout measures every correct twin in Chromium the way scripts/browser/browser-screens.py measures the screens
(every element's frame, every label's first and last baseline) and compares it with `ghostline layout` of the
scene: it fails when a frame differs by more than one device pixel or a baseline by more than 0.2 pt. That proves
a twin is a twin without trusting the review's ink measurement, which the corpus exists to test.

It rewrites corpus.json's `chromium` key with the browser's version. The output is deterministic for one
Chromium build and one set of font files: running it twice writes the same bytes (PNG and JPEG encoders with
fixed settings, profiles from files in Fixtures/corpus/icc).
"""
import ctypes
import ctypes.util
import html
import io
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

from PIL import Image, ImageCms

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CORPUS = os.path.join(ROOT, "Fixtures", "corpus")
MANIFEST = os.path.join(CORPUS, "corpus.json")
ICC = os.path.join(CORPUS, "icc")
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
SRGB_ICC = os.path.join(ICC, "sRGB.icc")                      # icc-profiles-free: sRGB.icc
ADOBE_ICC = os.path.join(ICC, "compatibleWithAdobeRGB1998.icc")  # icc-profiles-free
P3_ICC = os.path.join(ICC, "DisplayP3.icc")                   # made by display_p3_profile() below

FONT_CHECK = r"""
<script>
document.fonts.ready.then(() => {
  const declared = {};
  for (const f of document.fonts) declared[f.family.replace(/"/g, "") + " " + f.weight] = f.status;
  const used = new Set();
  for (const el of document.querySelectorAll(".t")) {
    const cs = getComputedStyle(el);
    used.add(cs.fontFamily.split(",")[0].trim().replace(/"/g, "") + " " + cs.fontWeight);
  }
  const out = { declared, used: [...used], check: {} };
  for (const u of used) {
    const [family, weight] = [u.slice(0, u.lastIndexOf(" ")), u.slice(u.lastIndexOf(" ") + 1)];
    out.check[u] = document.fonts.check(weight + ' 16px "' + family + '"', "Hag");
  }
  const pre = document.createElement("pre"); pre.id = "ghostline-fonts"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def chromium(args, work, name):
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--force-device-scale-factor=3", "--allow-file-access-from-files",
                           f"--user-data-dir={work}/profile-{name}", "--virtual-time-budget=3000",
                           "--force-color-profile=srgb", *args],
                          capture_output=True, text=True, timeout=120)


def page_for(case):
    """The twin's HTML with the case's planted CSS laid over it."""
    with open(os.path.join(CORPUS, case["html"]), encoding="utf-8") as f:
        page = f.read()
    if case.get("plant"):
        if "</head>" not in page:
            sys.exit(f"{case['name']}: {case['html']} has no </head> to plant CSS before")
        page = page.replace("</head>", f'<style id="planted">{case["plant"]}</style></head>', 1)
    return page


def canvas_size(scene_path):
    """The scene's canvas width and height in points (the corpus's scenes give both, as numbers)."""
    with open(scene_path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^canvas:\s*\{([^}]*)\}", text, re.M)
    if not m:
        sys.exit(f"{scene_path}: no one-line canvas: {{ width, height, … }}")
    keys = dict(re.findall(r"(\w+):\s*([^,]+)", m.group(1)))
    return float(keys["width"]), float(keys["height"]), int(keys.get("scale", "3"))


def check_fonts(case, path, work):
    page = open(path, encoding="utf-8").read().replace("</body>", FONT_CHECK + "</body>")
    probe = path.replace(".html", ".fonts.html")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(page)
    try:
        p = chromium(["--window-size=1200,1600", "--dump-dom", "file://" + probe], work, case["name"] + "-fonts")
    finally:
        os.remove(probe)
    m = re.search(r'<pre id="ghostline-fonts">(.*?)</pre>', p.stdout, re.S)
    if not m:
        sys.exit(f"{case['name']}: chromium produced no font report (exit {p.returncode}):\n{p.stderr[-2000:]}")
    fonts = json.loads(html.unescape(m.group(1)))
    for used in fonts["used"]:
        if fonts["declared"].get(used) != "loaded" or not fonts["check"].get(used):
            sys.exit(f"{case['name']}: the face {used!r} is used but not loaded from its @font-face file "
                     f"(declared: {fonts['declared']})")


def screenshot(case, path, work, width, height, scale):
    shot = os.path.join(work, case["name"] + ".png")
    # A window as small as a component is not drawn whole by headless Chromium (rows below ~30 pt come out
    # blank), so the window is larger and the screenshot cropped to the canvas: the twins fix their body's width
    # and height, so the window's size does not change their layout.
    p = chromium([f"--window-size={max(int(width), 600)},{max(int(height), 600)}", f"--screenshot={shot}",
                  "file://" + path], work, case["name"])
    if not os.path.exists(shot):
        sys.exit(f"{case['name']}: no screenshot (exit {p.returncode}):\n{p.stderr[-2000:]}")
    image = Image.open(shot).convert("RGB")
    want = (round(width * scale), round(height * scale))
    if image.width >= want[0] and image.height >= want[1]:
        image = image.crop((0, 0, want[0], want[1]))
    if image.size != want:
        sys.exit(f"{case['name']}: the screenshot is {image.size[0]}×{image.size[1]} px, the scene's canvas {want[0]}×{want[1]}")
    return image


def display_p3_profile():
    """Writes icc/DisplayP3.icc once: a matrix/TRC profile with Display P3's published parameters (DCI-P3
    primaries, D65 white, the sRGB transfer curve), built by the system's Little CMS (liblcms2) and given a fixed
    creation date so the bytes do not depend on when it was made. Debian ships no Display P3 profile (colord-data
    and icc-profiles-free have none)."""
    if os.path.exists(P3_ICC):
        return
    lcms = ctypes.CDLL(ctypes.util.find_library("lcms2") or "liblcms2.so.2")

    class XyY(ctypes.Structure):
        _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]

    class Triple(ctypes.Structure):
        _fields_ = [("Red", XyY), ("Green", XyY), ("Blue", XyY)]

    lcms.cmsBuildParametricToneCurve.restype = ctypes.c_void_p
    lcms.cmsBuildParametricToneCurve.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)]
    lcms.cmsCreateRGBProfile.restype = ctypes.c_void_p
    lcms.cmsCreateRGBProfile.argtypes = [ctypes.POINTER(XyY), ctypes.POINTER(Triple), ctypes.c_void_p * 3]
    lcms.cmsMLUalloc.restype = ctypes.c_void_p
    lcms.cmsMLUalloc.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
    lcms.cmsMLUsetASCII.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]
    lcms.cmsWriteTag.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p]
    lcms.cmsSaveProfileToMem.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
    lcms.cmsSetProfileVersion.argtypes = [ctypes.c_void_p, ctypes.c_double]
    lcms.cmsCloseProfile.argtypes = [ctypes.c_void_p]

    srgb_curve = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    curve = lcms.cmsBuildParametricToneCurve(None, 4, srgb_curve)
    white = XyY(0.3127, 0.3290, 1.0)
    primaries = Triple(XyY(0.680, 0.320, 1.0), XyY(0.265, 0.690, 1.0), XyY(0.150, 0.060, 1.0))
    curves = (ctypes.c_void_p * 3)(curve, curve, curve)
    profile = lcms.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries), curves)
    lcms.cmsSetProfileVersion(profile, 4.3)
    for tag, text in ((0x64657363, b"Display P3"), (0x63707274, b"No copyright, use freely")):  # 'desc', 'cprt'
        mlu = lcms.cmsMLUalloc(None, 1)
        lcms.cmsMLUsetASCII(mlu, b"en", b"US", text)
        lcms.cmsWriteTag(profile, tag, mlu)
    size = ctypes.c_uint32(0)
    lcms.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    buffer = ctypes.create_string_buffer(size.value)
    lcms.cmsSaveProfileToMem(profile, buffer, ctypes.byref(size))
    lcms.cmsCloseProfile(profile)
    data = bytearray(buffer.raw[:size.value])
    data[24:36] = struct.pack(">6H", 2026, 1, 1, 0, 0, 0)  # dateTimeNumber: fixed, so the file is reproducible
    with open(P3_ICC, "wb") as f:
        f.write(bytes(data))


def convert(image, profile_path):
    """sRGB → the profile's space, relative colorimetric, as Photoshop's and Figma's 'convert to profile' do."""
    source = ImageCms.getOpenProfile(SRGB_ICC)
    target = ImageCms.getOpenProfile(profile_path)
    converted = ImageCms.profileToProfile(image, source, target, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                          outputMode="RGB")
    with open(profile_path, "rb") as f:
        return converted, f.read()


def save(case, image):
    out = os.path.join(CORPUS, case["design"])
    os.makedirs(os.path.dirname(out), exist_ok=True)
    fmt = case.get("format", "png")
    buffer = io.BytesIO()
    if fmt == "png":
        image.save(buffer, "PNG", optimize=True)
    elif fmt == "jpeg":
        image.save(buffer, "JPEG", quality=90, subsampling="4:2:0", optimize=False, progressive=False)
    elif fmt in ("display-p3", "adobe-rgb"):
        converted, icc = convert(image, P3_ICC if fmt == "display-p3" else ADOBE_ICC)
        converted.save(buffer, "PNG", optimize=True, icc_profile=icc)
    else:
        sys.exit(f"{case['name']}: unknown format {fmt!r}")
    with open(out, "wb") as f:
        f.write(buffer.getvalue())
    return out


def verify_layout(manifest, binary):
    """Chromium's frames and baselines of every correct twin against `ghostline layout` of its scene."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("browser_screens", os.path.join(ROOT, "scripts", "browser", "browser-screens.py"))
    screens = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(screens)
    twins = {}
    for case in manifest["cases"]:
        if case["kind"] == "correct":
            twins[case["html"]] = case["scene"]
    worst, bad = 0.0, []
    with tempfile.TemporaryDirectory(prefix="ghostline-corpus-") as work:
        for page, scene in twins.items():
            screens.PAGES = os.path.join(CORPUS, os.path.dirname(page))
            name = os.path.splitext(os.path.basename(page))[0]
            measured = screens.measure(name, work)
            p = subprocess.run([binary, "layout", os.path.join(CORPUS, scene)], capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit(f"{scene}: ghostline layout exited {p.returncode}: {p.stderr.strip()}")
            for element in json.loads(p.stdout)["elements"]:
                browser = measured.get(element["id"])
                if browser is None:
                    continue
                frame = element["frame"]
                if max(abs(frame[k] - browser[k]) for k in ("x", "y", "width", "height")) > 0.34:
                    bad.append(f"{name}: {element['id']} frame {frame}, Chromium {browser}")
                if element.get("lines"):
                    first, last = element["lines"][0]["baseline"], element["lines"][-1]["baseline"]
                    off = max(abs(first - browser["firstBaseline"]), abs(last - browser["lastBaseline"]))
                    worst = max(worst, off)
                    if off > 0.2:
                        bad.append(f"{name}: {element['id']} baselines {first}, {last}; Chromium "
                                   f"{browser['firstBaseline']}, {browser['lastBaseline']}")
    for line in bad:
        print(line, file=sys.stderr)
    print(f"{len(twins)} twins: largest baseline difference {worst:.4f} pt; "
          + ("every frame within one device pixel" if not bad else f"{len(bad)} differences"), file=sys.stderr)
    sys.exit(1 if bad else 0)


def main():
    with open(MANIFEST, encoding="utf-8") as f:
        manifest = json.load(f)
    if sys.argv[1:2] == ["--verify-layout"]:
        if len(sys.argv) != 3:
            sys.exit("usage: make-corpus.py --verify-layout GHOSTLINE")
        verify_layout(manifest, os.path.abspath(sys.argv[2]))
    wanted = set(sys.argv[1:])
    cases = [c for c in manifest["cases"] if not wanted or c["name"] in wanted]
    if wanted - {c["name"] for c in cases}:
        sys.exit(f"no such case: {', '.join(sorted(wanted - {c['name'] for c in cases}))}")
    for path in (SRGB_ICC, ADOBE_ICC):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing (copy it from icc-profiles-free, see Fixtures/corpus/README.md)")
    display_p3_profile()
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="ghostline-corpus-") as work:
        for case in cases:
            width, height, scale = canvas_size(os.path.join(CORPUS, case["scene"]))
            # The page sits in the twins' folder so that screens.css and its relative links resolve.
            path = os.path.join(CORPUS, os.path.dirname(case["html"]), f".corpus-{case['name']}.html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(page_for(case))
            try:
                check_fonts(case, path, work)
                image = screenshot(case, path, work, width, height, scale)
            finally:
                os.remove(path)
            out = save(case, image)
            print(f"{case['name']}: {os.path.relpath(out, ROOT)} ({image.size[0]}×{image.size[1]}, {case.get('format', 'png')})",
                  file=sys.stderr)
    manifest["chromium"] = version
    with open(MANIFEST, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()

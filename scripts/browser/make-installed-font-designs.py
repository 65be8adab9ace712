#!/usr/bin/env python3
"""Design exports that headless Chromium drew from *installed* fonts (issue 30, item 6), and Chromium's baselines
for them: Fixtures/corpus/installed/.

The check corpus's twins pin Inter with @font-face (Fixtures/corpus/html/screens.css). Here the same twins name
the family alone, `font-family: "Inter"`, so Chromium asks fontconfig for it, as a page on a designer's Linux
machine does. Chromium then draws the font with the render settings fontconfig and gfx::GetFontRenderParams give
an installed font; above a device scale of 1 that means sub-pixel positioning, and with it Blink's Linux rule that a
descent rounded down borrows a device pixel from the ascent. `ghostline check --chromium-fonts installed` renders
that way (docs/engineering.md, "Chromium's hinting for installed fonts").

Before anything is drawn the script checks that the page measures what it claims to:

- fontconfig resolves `Inter` at each weight the twins use (400, 600, 700) to the very files the scenes name
  (/usr/share/fonts/opentype/inter/Inter-{Regular,SemiBold,Bold}.otf, Debian's fonts-inter), and its settings for
  Inter are Debian's defaults (antialias, hintstyle 1 = hintslight, no autohint), which Chromium reads;
- the page declares no @font-face (document.fonts is empty) and every label's computed family is Inter.

It writes (deterministic for one Chromium build, one fontconfig configuration and one set of font files):

- `NAME@Sx.png` for the cases in CASES: a twin's screenshot at device scale S, cropped to the canvas;
- `installed.json`: the cases, the Chromium version, what fontconfig answered, and every correct twin's first and
  last label baselines at @2x and @3x, measured as scripts/browser/browser-screens.py measures them (a zero-size
  inline-block on the baseline), the independent figures `ChromiumInstalledFontsTests` compares layouts with.

Run (Debian: apt-get install chromium fonts-inter; pip install Pillow):

    python3 scripts/browser/make-installed-font-designs.py
"""
import html
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CORPUS = os.path.join(ROOT, "Fixtures", "corpus")
OUT = os.path.join(CORPUS, "installed")
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
INTER = "/usr/share/fonts/opentype/inter"
FACES = {400: "Inter-Regular.otf", 600: "Inter-SemiBold.otf", 700: "Inter-Bold.otf"}
# fontconfig's weights for CSS 400, 600 and 700 (FcWeightFromOpenType): regular, semibold, bold.
FC_WEIGHTS = {400: 80, 600: 180, 700: 200}
# Small exports, committed: (corpus case, device scale).
CASES = [("navbar", 3), ("search", 3), ("chips", 2)]
BASELINE_SCALES = [2, 3]


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corpus = load("make_corpus", os.path.join(ROOT, "scripts", "browser", "make-corpus.py"))
screens = load("browser_screens", os.path.join(ROOT, "scripts", "browser", "browser-screens.py"))

CHECK = r"""
<script>
document.fonts.ready.then(() => {
  const families = new Set();
  for (const el of document.querySelectorAll(".t")) families.add(getComputedStyle(el).fontFamily);
  const pre = document.createElement("pre"); pre.id = "ghostline-fonts";
  pre.textContent = JSON.stringify({ declared: document.fonts.size, families: [...families] });
  document.body.appendChild(pre);
});
</script>
"""


def fontconfig():
    """What fontconfig answers for Inter at each weight, refused unless it is the scenes' files and Debian's
    default render settings."""
    answers = {}
    for weight, face in FACES.items():
        file = subprocess.run(["fc-match", "-f", "%{file}", f"Inter:weight={FC_WEIGHTS[weight]}"], capture_output=True,
                              text=True, check=True).stdout.strip()
        if file != os.path.join(INTER, face):
            sys.exit(f"fontconfig resolves Inter {weight} to {file!r}, not {INTER}/{face}: install fonts-inter, or "
                     "remove the other font that claims the family")
        answers[str(weight)] = file
    verbose = subprocess.run(["fc-match", "-v", "Inter"], capture_output=True, text=True, check=True).stdout
    settings = {key: (re.search(rf"^\s*{key}: (\S+)", verbose, re.M) or [None, None])[1]
                for key in ("antialias", "hinting", "hintstyle", "autohint")}
    if settings != {"antialias": "True(w)", "hinting": "True(s)", "hintstyle": "1(i)(w)", "autohint": "False(s)"}:
        sys.exit(f"fontconfig's settings for Inter are not Debian's defaults (hintslight): {settings}")
    answers["settings"] = {k: v.split("(")[0] for k, v in settings.items()}
    return answers


def installed_css():
    """html/screens.css without its @font-face rules, naming the installed family instead."""
    with open(os.path.join(CORPUS, "html", "screens.css"), encoding="utf-8") as f:
        css = f.read()
    css = re.sub(r"^@font-face[^\n]*\n", "", css, flags=re.M)
    before = css
    css = css.replace('font-family: "GInter", "GEmoji"', 'font-family: "Inter"')
    if css == before or "GInter" in css:
        sys.exit("html/screens.css changed: its body font-family is no longer \"GInter\", \"GEmoji\"")
    return css


def page(case, css):
    """The twin with the installed-font stylesheet inlined (the page is written to a scratch directory)."""
    text = corpus.page_for(case)
    link = '<link rel="stylesheet" href="screens.css">'
    if link not in text:
        sys.exit(f"{case['html']}: no {link}")
    return text.replace(link, "<style>" + css + "</style>")


def chromium(args, work, name, scale):
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           f"--force-device-scale-factor={scale}", "--allow-file-access-from-files",
                           f"--user-data-dir={work}/profile-{name}", "--virtual-time-budget=3000",
                           "--force-color-profile=srgb", *args], capture_output=True, text=True, timeout=120)


def check_fonts(name, text, work):
    probe = os.path.join(work, name + ".fonts.html")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", CHECK + "</body>"))
    p = chromium(["--window-size=1200,1600", "--dump-dom", "file://" + probe], work, name + "-fonts", 3)
    m = re.search(r'<pre id="ghostline-fonts">(.*?)</pre>', p.stdout, re.S)
    if not m:
        sys.exit(f"{name}: chromium produced no font report (exit {p.returncode}):\n{p.stderr[-2000:]}")
    fonts = json.loads(html.unescape(m.group(1)))
    if fonts["declared"] != 0 or fonts["families"] not in (['"Inter"'], ["Inter"]):
        sys.exit(f"{name}: the page is not drawn from the installed Inter alone: {fonts}")


def baselines(name, text, work, scale):
    """Every label's first and last baseline in pt (CSS px), as browser-screens.py measures them."""
    path = os.path.join(work, f"{name}-{scale}.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("</body>", screens.MEASURE % {"scale": scale} + "</body>"))
    p = chromium(["--window-size=1200,1600", "--virtual-time-budget=10000", "--dump-dom", "file://" + path], work,
                 f"{name}-measure-{scale}", scale)
    m = re.search(r'<pre id="ghostline-out">(.*?)</pre>', p.stdout, re.S)
    if not m:
        sys.exit(f"{name}: chromium produced no measurement (exit {p.returncode}):\n{p.stderr[-2000:]}")
    measured = json.loads(html.unescape(m.group(1)))
    return {key: {"firstBaseline": value["firstBaseline"], "lastBaseline": value.get("lastBaseline")}
            for key, value in sorted(measured.items()) if "firstBaseline" in value}


def main():
    with open(corpus.MANIFEST, encoding="utf-8") as f:
        manifest = json.load(f)
    twins = [c for c in manifest["cases"] if c["kind"] == "correct" and c.get("format", "png") == "png"]
    by_name = {c["name"]: c for c in twins}
    answers = fontconfig()
    css = installed_css()
    os.makedirs(OUT, exist_ok=True)
    doc = {"about": "Design exports Chromium drew from installed fonts (font-family: Inter through fontconfig, no "
                    "@font-face) and every correct corpus twin's label baselines drawn that way, in pt from the page's "
                    "top. Made by scripts/browser/make-installed-font-designs.py.",
           "chromium": subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip(),
           "fontconfig": answers, "designs": [], "baselines": {}}
    with tempfile.TemporaryDirectory(prefix="ghostline-installed-") as work:
        for case in twins:
            text = page(case, css)
            check_fonts(case["name"], text, work)
            doc["baselines"][case["name"]] = {"scene": case["scene"], **{
                f"@{scale}x": baselines(case["name"], text, work, scale) for scale in BASELINE_SCALES}}
        for name, scale in CASES:
            case = by_name[name]
            width, height, _ = corpus.canvas_size(os.path.join(CORPUS, case["scene"]))
            path = os.path.join(work, name + ".html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(page(case, css))
            corpus_chromium = corpus.chromium
            corpus.chromium = lambda args, w, n: chromium(args, w, n, scale)
            try:
                image = corpus.screenshot(case, path, work, width, height, scale)
            finally:
                corpus.chromium = corpus_chromium
            design = f"{name}@{scale}x.png"
            image.save(os.path.join(OUT, design), "PNG", optimize=True)
            doc["designs"].append({"name": name, "scene": case["scene"], "design": design, "scale": scale})
            print(f"{name}: installed/{design} ({image.size[0]}×{image.size[1]})", file=sys.stderr)
    with open(os.path.join(OUT, "installed.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()

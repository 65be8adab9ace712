#!/usr/bin/env python3
"""Browser ground truth for the face system fallback draws: which font Chromium on Linux takes for characters the
text's own font lacks, at a regular, a bold and an italic weight — read from the width of one unbroken line.

Run (Debian; needs chromium and the font packages scripts/setup.sh installs):

    python3 scripts/browser/browser-fallback-faces.py   # writes Tests/GhostlineLayoutTests/Fixtures/chromium-fallback-faces.json

Why widths: Blink's system fallback ignores weight and slant (it takes the first font of fontconfig's list for the
language) and draws a missing bold or italic synthetically, which changes ink but not advances. So a bold line that
falls back is exactly as wide as the regular one when Chromium synthesized it, and wider when a real bold face was
taken; the width tells the face apart without reading pixels.

How: Chromium runs with FONTCONFIG_FILE naming a configuration of the recording machine's font directories only
(those of TestFonts.recordingMachine, no system rules or aliases but Debian's slight hinting), as a Ghostline
FontSet with systemFonts: false sees them. The text's font is the Inter face of the case's weight and slant, pinned with @font-face over the
whole range so Inter itself is never synthesized; each case is one `white-space: pre` span at 20px, measured with getBoundingClientRect at @1x and
snapped to Chromium's 1/64 px LayoutUnit.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "Tests", "GhostlineLayoutTests", "Fixtures", "chromium-fallback-faces.json")
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
DIRECTORIES = ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/dejavu",
               "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"]
INTER = "/usr/share/fonts/opentype/inter/Inter-%s.otf"
SIZE = 20
TEXTS = {
    "arabic": "مرحبا بالعالم",
    "hindi": "नमस्ते दुनिया",
    "thai": "สวัสดีชาวโลก",
    "hebrew": "שלום עולם",
    "japanese": "日本語の文章",
    "symbols": "★ ⅓ ∑ ≠ ☂",
}
STYLES = {"regular": (400, "normal", "Regular"), "bold": (700, "normal", "Bold"), "italic": (400, "italic", "Italic"),
          "bolditalic": (700, "italic", "BoldItalic"), "600": (600, "normal", "SemiBold")}
# The content language (`lang` on the span's block): with a language written in the character's script Chromium
# draws the fallback family's real face nearest the weight (Devanagari with hi or mr: Noto Sans Devanagari Bold),
# with any other (en) the first face and synthetic bold; Hebrew with he keeps the first face (issue 34).
LANG_CASES = [("hindi", "bold", "hi"), ("hindi", "bold", "en"), ("hindi", "regular", "hi"), ("hindi", "600", "hi"),
              ("hindi", "bolditalic", "hi"), ("hindi", "bold", "mr"), ("hebrew", "bold", "he")]

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
%(faces)s
html, body { margin: 0; padding: 0; }
span { font-size: %(size)spx; white-space: pre; font-kerning: normal; }
</style></head><body>
%(spans)s
<pre id="out"></pre>
<script>
const out = [];
document.fonts.ready.then(() => {
  for (const s of document.querySelectorAll("span[data-id]")) {
    out.push([s.dataset.id, Math.round(s.getBoundingClientRect().width * 64)]);
  }
  document.getElementById("out").textContent = JSON.stringify(out);
});
</script></body></html>
"""


def lang_attribute(case):
    return f' lang="{case["lang"]}"' if "lang" in case else ""


def main():
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    cases = [{"id": f"{name}-{style}", "text": text, "font": INTER % face, "weight": w, "italic": s == "italic"}
             for name, text in TEXTS.items() for style, (w, s, face) in STYLES.items() if style != "600"]
    cases += [{"id": f"{name}-{style}-lang-{lang}", "text": TEXTS[name], "font": INTER % STYLES[style][2],
               "weight": STYLES[style][0], "italic": STYLES[style][1] == "italic", "lang": lang}
              for name, style, lang in LANG_CASES]
    # Each Inter face is its own family, declared over every weight and slant, so Inter is never synthesized and
    # the text's own characters always draw with the face the case names.
    faces = "\n".join(f'@font-face {{ font-family: "GL{face}"; src: url("file://{INTER % face}"); font-weight: 1 1000; '
                       f'font-style: normal; }}' for (_, _, face) in STYLES.values())
    spans = "\n".join(f'<div{lang_attribute(c)}><span data-id="{c["id"]}" style="font-family:GL{STYLES[c["id"].split("-")[1]][2]};'
                      f'font-weight:{c["weight"]};font-style:{"italic" if c["italic"] else "normal"}">{c["text"]}</span></div>'
                      for c in cases)
    with tempfile.TemporaryDirectory(prefix="ghostline-fallback-") as work:
        conf = os.path.join(work, "fonts.conf")
        with open(conf, "w") as f:
            f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n')
            for d in DIRECTORIES:
                f.write(f"  <dir>{d}</dir>\n")
            # Debian's slight hinting changes no choice of font; without it Chromium rounds advances to whole pixels.
            f.write('  <include ignore_missing="no">/etc/fonts/conf.d/10-hinting-slight.conf</include>\n')
            f.write(f"  <cachedir>{work}/cache</cachedir>\n</fontconfig>\n")
        page = os.path.join(work, "page.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(PAGE % {"faces": faces, "size": SIZE, "spans": spans})
        env = dict(os.environ, FONTCONFIG_FILE=conf)
        p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
                            "--allow-file-access-from-files", "--virtual-time-budget=5000", "--dump-dom",
                            "file://" + page], capture_output=True, text=True, env=env, timeout=120)
    dom = p.stdout
    start = dom.find('<pre id="out">')
    if start < 0:
        sys.exit(f"chromium produced no result (exit {p.returncode}):\n{p.stderr[-2000:]}")
    measured = dict(json.loads(dom[start + len('<pre id="out">'):dom.index("</pre>", start)]))
    for c in cases:
        c["width"] = measured[c["id"]] / 64
    doc = {"chromium": version, "generator": "scripts/browser/browser-fallback-faces.py", "size": SIZE,
           "directories": DIRECTORIES,
           "units": "CSS px (= pt) at @1x, snapped to 1/64 px: the advance width of one unbroken line",
           "cases": cases}
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {OUT}: {len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()

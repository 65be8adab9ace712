#!/usr/bin/env python3
"""Browser ground truth for a variable font Chromium finds by family name (`--chromium-fonts installed`): one-line widths
of Debian's variable Inter (fonts-inter-variable, /usr/share/fonts/truetype/inter-vf) set with `font-weight` and with
`font-variation-settings: "wght"`, no `@font-face`, in headless Chromium at device scale factors 1, 2 and 3.

Run (Debian 12; needs chromium and fonts-inter-variable):

    python3 scripts/browser/browser-installed-variable.py   # writes Fixtures/browser/chromium-installed-variable.json

Chromium sees only the variable font's directory (FONTCONFIG_FILE names it, with Debian's slight-hinting rule, as the
other browser scripts do), so `font-family: Inter` can only be that font. Each width is a Range's, in LayoutUnits
(1/64 device px). What the numbers show: the weight picks the named instance nearest it (650 draws SemiBold, 660
Bold), and `font-variation-settings` changes nothing.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "Fixtures", "browser", "chromium-installed-variable.json")
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
DIRECTORY = "/usr/share/fonts/truetype/inter-vf"
SIZE = 17
TEXTS = {"t1": "Variable fonts at the weight a designer.", "t2": "Heavy headline that wraps twice or more,",
         "t3": "The quick brown fox jumps over a lazy dog"}
WEIGHTS = [400, 450, 600, 650, 660, 700, 750, 800]
SCALES = [1, 2, 3]


def cases():
    for tid, text in TEXTS.items():
        for weight in WEIGHTS:
            yield {"id": f"{tid}-weight{weight}", "text": text, "size": SIZE, "scene": {"weight": weight},
                   "css": f"font-weight: {weight}"}
            yield {"id": f"{tid}-wght{weight}", "text": text, "size": SIZE, "scene": {"variations": {"wght": weight}},
                   "css": f"font-variation-settings: 'wght' {weight}"}


def measure(scale, work):
    conf = os.path.join(work, "fonts.conf")
    with open(conf, "w") as f:
        f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                f"  <dir>{DIRECTORY}</dir>\n"
                '  <include ignore_missing="no">/etc/fonts/conf.d/10-hinting-slight.conf</include>\n'
                f"  <cachedir>{work}/cache</cachedir>\n</fontconfig>\n")
    rows = "\n".join(f'<div><span data-id="{c["id"]}" style="font-family: Inter; font-size: {c["size"]}px; {c["css"]}">'
                     f'{html.escape(c["text"])}</span></div>' for c in cases())
    page = f"""<!DOCTYPE html><html><head><meta charset="utf-8"><style>
html, body {{ margin: 0; }} span {{ white-space: pre; font-kerning: normal; }}</style></head><body>{rows}
<pre id="out"></pre><script>document.fonts.ready.then(() => {{ const out = {{}};
for (const s of document.querySelectorAll("[data-id]")) {{ const r = document.createRange(); r.selectNodeContents(s);
  out[s.dataset.id] = Math.round(r.getBoundingClientRect().width * devicePixelRatio * 64); }}
document.getElementById("out").textContent = JSON.stringify(out); }});</script></body></html>"""
    path = os.path.join(work, f"page-{scale}.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--force-device-scale-factor={scale}",
                        "--allow-file-access-from-files", "--hide-scrollbars", f"--user-data-dir={work}/profile-{scale}",
                        "--window-size=1400,1200", "--virtual-time-budget=20000", "--dump-dom", "file://" + path],
                       capture_output=True, text=True, timeout=300, env=dict(os.environ, FONTCONFIG_FILE=conf))
    m = re.search(r'<pre id="out">(.*?)</pre>', p.stdout, re.S)
    if not m or not m.group(1).strip():
        sys.exit(f"chromium produced no result at scale {scale}:\n{p.stderr[-2000:]}")
    return json.loads(html.unescape(m.group(1)))


def main():
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    work = tempfile.mkdtemp(prefix="ghostline-installed-vf-")
    try:
        widths = {str(scale): measure(scale, work) for scale in SCALES}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    doc = {"chromium": version, "generator": "scripts/browser/browser-installed-variable.py", "fontDirectory": DIRECTORY,
           "units": "widthLU: a line's width in LayoutUnits (1/64 device px) at each scale",
           "cases": [{k: v for k, v in c.items() if k != "css"} | {"widthLU": {s: widths[s][c["id"]] for s in widths}}
                     for c in cases()]}
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    print(f"wrote {OUT}: {len(doc['cases'])} cases", file=sys.stderr)


if __name__ == "__main__":
    main()

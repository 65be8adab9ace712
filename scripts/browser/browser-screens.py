#!/usr/bin/env python3
"""Browser ground truth for whole screens: every element's frame and every label's first and last baseline, measured
in headless Chromium from HTML twins of Ghostline's css-model screens (Fixtures/screens/NAME.yaml ↔
Fixtures/screens/html/NAME.html, written by hand to the conventions in html/screens.css).

Run (Debian; needs chromium and the font packages scripts/setup.sh installs):

    python3 scripts/browser/browser-screens.py     # writes Fixtures/screens/chromium-screens.json

Each page is laid out at device scale factors 1, 2 and 3, so every value is a multiple of Chromium's LayoutUnit,
1/64 of a device pixel (1/192 px at @3x). Baselines: a zero-size inline-block put first (and last) in a label
sits on its first (last) line's baseline; its bottom is read, and the marker removed again before the next
label is measured. A label clamped to a number of lines gets the first marker only.
"""
import html
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PAGES = os.path.join(ROOT, "Fixtures", "screens", "html")
OUT = os.path.join(ROOT, "Fixtures", "screens", "chromium-screens.json")
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
SCREENS = ["settings", "product", "onboarding", "chat", "login", "profile", "inbox", "banner", "paywall", "flexbox", "bubbles"]
SCALES = [1, 2, 3]

MEASURE = r"""
<script>
document.fonts.ready.then(() => {
  const unit = v => Math.round(v * 64 * %(scale)d) / (64 * %(scale)d);
  const out = {};
  for (const el of document.querySelectorAll("[id]")) {
    const r = el.getBoundingClientRect();
    out[el.id] = { x: unit(r.left), y: unit(r.top), width: unit(r.width), height: unit(r.height) };
  }
  for (const el of document.querySelectorAll(".t[id]")) {
    const marker = () => { const m = document.createElement("span");
      m.style.cssText = "display:inline-block;width:0;height:0;vertical-align:baseline;margin:0;padding:0;border:0"; return m; };
    const first = marker();
    el.insertBefore(first, el.firstChild);
    out[el.id].firstBaseline = unit(first.getBoundingClientRect().bottom);
    first.remove();
    if (!el.classList.contains("clamp2") && !el.classList.contains("clamp1")) {
      const last = marker();
      el.appendChild(last);
      out[el.id].lastBaseline = unit(last.getBoundingClientRect().bottom);
      last.remove();
    }
  }
  const pre = document.createElement("pre"); pre.id = "ghostline-out"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
"""


def measure(name, work, scale):
    with open(os.path.join(PAGES, name + ".html"), encoding="utf-8") as f:
        page = f.read().replace("</body>", MEASURE % {"scale": scale} + "</body>")
    path = os.path.join(PAGES, f".measure-{name}-{scale}.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    try:
        p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--force-device-scale-factor={scale}",
                            "--allow-file-access-from-files", "--hide-scrollbars", f"--user-data-dir={work}/profile-{name}-{scale}",
                            "--window-size=1200,1600", "--virtual-time-budget=10000", "--dump-dom", "file://" + path],
                           capture_output=True, text=True, timeout=120)
    finally:
        os.remove(path)
    m = re.search(r'<pre id="ghostline-out">(.*?)</pre>', p.stdout, re.S)
    if not m:
        sys.exit(f"{name}: chromium produced no result (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return json.loads(html.unescape(m.group(1)))


def main():
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="ghostline-screens-") as work:
        scales = {str(scale): {name: measure(name, work, scale) for name in SCREENS} for scale in SCALES}
    doc = {"chromium": version, "generator": "scripts/browser/browser-screens.py",
           "units": "CSS px (= pt) from the page's top-left, multiples of 1/(64 × scale) (a LayoutUnit)",
           "scales": scales}
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    screens = scales["3"]
    print(f"wrote {OUT}: " + ", ".join(f"{n} ({len(e)} elements)" for n, e in screens.items()), file=sys.stderr)


if __name__ == "__main__":
    main()

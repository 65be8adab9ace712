#!/usr/bin/env python3
"""Browser ground truth for two rules of Ghostline's css model (issue 34): where Chromium draws an underline and a
line-through and how thick (`decoration-cases.json`), and how its line truncator ends a line with "…"
(`ellipsis-cases.json`). Both are read from screenshots, since the DOM reports neither.

Run (Debian 12; needs chromium, fonts-inter, fonts-dejavu-core and Pillow, e.g. Debian's /usr/bin/python3):

    /usr/bin/python3 scripts/browser/browser-decorations.py   # writes Fixtures/browser/chromium-decoration-layout.json
                                                              # and Fixtures/browser/chromium-ellipsis-layout.json

Cases are in the typography cases' format (id, width, lineHeight or null for `normal`, style with the block's font
file and size, text) plus `scene`, the Ghostline keys under test as a scene writes them:
  strikethrough: true -> text-decoration-line: line-through; underline: true -> underline;
  whiteSpace -> white-space (pre-wrap, Ghostline's css default, when absent);
  numberOfLines N with lineBreakMode truncateTail -> display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: N; overflow: hidden (when the text wraps), or text-overflow: ellipsis; overflow: hidden (when
  whiteSpace is nowrap or pre).
Every font is pinned with @font-face to its file; every block is absolutely placed at a whole CSS px, so its top is a
whole device px at every scale; `overflow-wrap: break-word` as in the css model's default. One Chromium launch per
device scale factor (1, 2, 3) for the DOM and one for the screenshot.

Decorations: the text is drawn transparent and the line black (`text-decoration-skip-ink: none`), so every inked
row of the screenshot is a decoration row. Recorded per line: the baseline (a zero-size inline-block at the line's
start; its bottom edge is the baseline), in device px from the block's top, and each inked band's `top` and `height`
in device px from the block's top.

Ellipsis: each case is laid out twice, truncated and in full (same width, `white-space: pre` for a line that does not
wrap), and a lone "…" in the block's font is drawn once per font. Recorded per shown line: its start (where the full
copy's line starts, from DOM Ranges around every scalar), its baseline (the line's text top plus the font's ascent,
measured on the lone "…" with a marker), its right edge, and for the truncated line where the "…" starts
(`ellipsisX`: the truncated line's rightmost ink minus the lone "…"'s ink offset), how many scalars it keeps
(`keptEnd`, the scalar whose right edge in the full copy is nearest `ellipsisX`) and what it shows.
"""
import html
import json
import os
import re
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BROWSER = os.path.join(ROOT, "Fixtures", "browser")
CHROMIUM = os.environ.get("CHROMIUM", "chromium")
SCALES = (1, 2, 3)
ROW = 160          # CSS px between two blocks
PAGE_WIDTH = 520


def number(v):
    return str(int(v)) if float(v) == int(v) else repr(float(v))


def chromium(args, page, scale, height):
    with tempfile.TemporaryDirectory(prefix="ghostline-decor-") as profile:
        p = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--force-device-scale-factor={scale}", "--allow-file-access-from-files",
                            f"--user-data-dir={profile}", f"--window-size={PAGE_WIDTH},{height}",
                            "--virtual-time-budget=5000"] + args + ["file://" + page],
                           capture_output=True, text=True, timeout=180)
    return p


def measure(page, scale, height, png):
    """The page's JSON report (a hidden <pre id=out>) and its screenshot as greyscale."""
    p = chromium(["--dump-dom"], page, scale, height)
    m = re.search(r'<pre id="out"[^>]*>(.*?)</pre>', p.stdout, re.S)
    if not m:
        sys.exit(f"{page} @{scale}x: no report\n{p.stderr[-2000:]}")
    chromium([f"--screenshot={png}"], page, scale, height)
    if not os.path.exists(png):
        sys.exit(f"{page} @{scale}x: no screenshot")
    return json.loads(html.unescape(m.group(1))), Image.open(png).convert("L")


def measure_page(workdir, stem, css, blocks, height):
    """Writes the page `stem`.html and measures it at every scale: {scale: (report, screenshot)}. Stops if a font
    did not load."""
    page = os.path.join(workdir, stem + ".html")
    open(page, "w", encoding="utf-8").write(PAGE.format(faces=css, blocks="\n".join(blocks)))
    per_scale = {}
    for scale in SCALES:
        report, img = measure(page, scale, height, os.path.join(workdir, f"{stem}@{scale}.png"))
        if any(s != "loaded" for s in report["fonts"]):
            sys.exit(f"@{scale}x: a font did not load: {report['fonts']}")
        per_scale[scale] = (report, img)
    return per_scale


def faces(cases):
    fonts = sorted({c["style"]["font"] for c in cases})
    families = {path: f"G{i}" for i, path in enumerate(fonts)}
    css = "\n".join(f'@font-face {{ font-family: "{fam}"; src: url("file://{path}"); font-display: block; }}'
                    for path, fam in families.items())
    return families, css


def block_css(c, families):
    s = c["scene"]
    lh = "normal" if c["lineHeight"] is None else number(c["lineHeight"]) + "px"
    ws = {"nowrap": "nowrap", "pre": "pre", "normal": "normal", "preWrap": "pre-wrap", "preLine": "pre-line",
          "breakSpaces": "break-spaces"}[s.get("whiteSpace", "preWrap")]
    css = [f"font-family: '{families[c['style']['font']]}'", f'font-size: {number(c["style"]["size"])}px',
           f"line-height: {lh}", f"width: {number(c['width'])}px", f"white-space: {ws}", "overflow-wrap: break-word"]
    if s.get("strikethrough"):
        css.append("text-decoration-line: line-through")
    if s.get("underline"):
        css.append("text-decoration-line: underline")
    if s.get("lineBreakMode") == "truncateTail":
        if ws in ("nowrap", "pre"):
            css += ["text-overflow: ellipsis", "overflow: hidden"]
        if s.get("numberOfLines", 0) > 0 and ws not in ("nowrap", "pre"):
            css += ["display: -webkit-box", "-webkit-box-orient: vertical",
                    f"-webkit-line-clamp: {s['numberOfLines']}", "overflow: hidden"]
    return "; ".join(css)


PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
{faces}
* {{ margin: 0; padding: 0; }} body {{ background: #fff; color: #000; font-kerning: normal; font-synthesis: none; }}
.b {{ position: absolute; left: 10px; }}
.decor {{ color: transparent; text-decoration-color: #000; text-decoration-skip-ink: none; }}
</style></head><body>
{blocks}
<script>
// Per-scalar boxes of a block's text node: the last client rect of a Range around each scalar (a scalar's own box
// when a line break splits it off), and the block's left/top.
function scalarBoxes(el) {{
  const t = el.firstChild, r = document.createRange(), boxes = [];
  const chars = Array.from(t.data); let offset = 0;
  for (const ch of chars) {{
    r.setStart(t, offset); r.setEnd(t, offset + ch.length); offset += ch.length;
    const rects = r.getClientRects(); const b = rects[rects.length - 1] || r.getBoundingClientRect();
    boxes.push({{top: b.top, left: b.left, right: b.right, width: b.width}});
  }}
  return boxes;
}}
// The baseline of every line start listed, from a zero-size inline-block put before that scalar.
function markerBaselines(el, starts) {{
  const copy = el.cloneNode(true); copy.id = ""; el.parentNode.appendChild(copy);
  const text = copy.firstChild.data, units = Array.from(text); const out = [];
  copy.textContent = "";
  let at = 0; const marks = [];
  for (let k = 0; k <= units.length; k++) {{
    if (starts.includes(k)) {{
      if (k > at) copy.appendChild(document.createTextNode(units.slice(at, k).join(""))); at = k;
      const m = document.createElement("span"); m.style.cssText = "display:inline-block;width:0;height:0;vertical-align:baseline";
      copy.appendChild(m); marks.push(m);
    }}
  }}
  if (at < units.length) copy.appendChild(document.createTextNode(units.slice(at).join("")));
  for (const m of marks) out.push(m.getBoundingClientRect().bottom);
  copy.remove();
  return out;
}}
Promise.all(Array.from(document.fonts).map(f => f.load())).then(() => document.fonts.ready).then(() => {{
  const out = {{}};
  for (const el of document.querySelectorAll(".b")) {{
    const box = el.getBoundingClientRect();
    out[el.id] = {{top: box.top, left: box.left, height: box.height, boxes: el.firstChild ? scalarBoxes(el) : []}};
    if (el.dataset.markers) {{
      const starts = JSON.parse(el.dataset.markers);
      out[el.id].markers = markerBaselines(el, starts);
    }}
  }}
  out.fonts = Array.from(document.fonts).map(f => f.status);
  const p = document.createElement("pre"); p.id = "out"; p.style.display = "none";
  p.textContent = JSON.stringify(out); document.body.appendChild(p);
}});
</script></body></html>"""


def line_starts(boxes, text):
    """Scalar offsets where a line starts: a box whose top is below the previous line's (newlines belong to the line
    they end)."""
    starts, top = [0], None
    scalars = list(text)
    for k, b in enumerate(boxes):
        if top is None:
            top = b["top"]
        elif b["top"] > top + 1 and scalars[k - 1] == "\n" or (b["top"] > top + 1 and b["width"] > 0):
            starts.append(k); top = b["top"]
    return starts


def inked_bands(img, x0, x1, y0, y1, scale):
    """Runs of rows with ink (a pixel darker than 250) between columns x0..x1, rows y0..y1 (device px)."""
    px = img.load()
    rows = [y for y in range(max(0, y0), min(img.size[1], y1))
            if min(px[x, y] for x in range(x0, x1)) < 250]
    bands = []
    for y in rows:
        if bands and bands[-1][1] == y:
            bands[-1][1] = y + 1
        else:
            bands.append([y, y + 1])
    return bands


def decorations(version, workdir):
    cases = json.load(open(os.path.join(BROWSER, "decoration-cases.json"), encoding="utf-8"))
    families, css = faces(cases)
    blocks = []
    for i, c in enumerate(cases):
        # Markers at line starts come from the text's own newlines: these cases never wrap.
        starts = [0] + [k + 1 for k, ch in enumerate(c["text"]) if ch == "\n"]
        blocks.append(f'<div class="b decor" id="{c["id"]}" data-markers="{json.dumps(starts)}" '
                      f'style="top: {20 + ROW * i}px; {block_css(c, families)}">{html.escape(c["text"])}</div>')
    per_scale = measure_page(workdir, "decorations", css, blocks, 40 + ROW * len(cases))
    out = []
    for c in cases:
        entry = {k: c[k] for k in ("id", "width", "lineHeight", "style", "scene", "text")}
        entry["scales"] = {}
        for scale, (report, img) in per_scale.items():
            r = report[c["id"]]
            top = round(r["top"] * scale)
            baselines = [(b - r["top"]) * scale for b in r["markers"]]
            lines = []
            starts = [0] + [k + 1 for k, ch in enumerate(c["text"]) if ch == "\n"]
            ends = starts[1:] + [len(c["text"]) + 1]
            for n, (s, e) in enumerate(zip(starts, ends)):
                drawn = [b for b in r["boxes"][s:e - 1] if b["width"] > 0]
                # The middle of the line's text, away from its ends (a band covers the whole run).
                x0 = round(drawn[0]["left"] * scale) + 2 * scale
                x1 = round(drawn[-1]["right"] * scale) - 2 * scale
                # A line-through is above the baseline, an underline below it: looking only there keeps the
                # neighbouring lines' decorations out when lines are tighter than the text.
                size = c["style"]["size"] * scale
                b = top + round(baselines[n])
                lo, hi = (b - round(size), b) if c["scene"].get("strikethrough") else (b, b + round(size * 0.5))
                bands = inked_bands(img, x0, x1, lo, hi, scale)
                lines.append({"start": s, "baselineDevice": round(baselines[n] * 64) / 64,
                              "bands": [{"top": a - top, "height": b - a} for a, b in bands]})
            entry["scales"][str(scale)] = {"lines": lines}
        out.append(entry)
    write("chromium-decoration-layout.json", version, out,
          "device px from the block's top (a whole device px): baselineDevice from a marker, rounded to 1/64; each "
          "band a run of inked rows (top, height)")


def ellipsis(version, workdir):
    cases = json.load(open(os.path.join(BROWSER, "ellipsis-cases.json"), encoding="utf-8"))
    families, css = faces(cases)
    blocks = []
    row = 0
    def place(block_id, style, text, markers=None):
        nonlocal row
        data = f' data-markers="{json.dumps(markers)}"' if markers is not None else ""
        blocks.append(f'<div class="b" id="{block_id}"{data} style="top: {20 + ROW * row}px; {style}">{html.escape(text)}</div>')
        row += 1
    for path, fam in families.items():
        size = next(c["style"]["size"] for c in cases if c["style"]["font"] == path)
        place(f"ref-{fam}", f"font-family: '{fam}'; " f'font-size: {number(size)}px; line-height: 22px; white-space: pre', "\u2026", [0])
    for c in cases:
        place(c["id"], block_css(c, families), c["text"])
        full = dict(c, scene={k: v for k, v in c["scene"].items() if k == "whiteSpace"})
        if full["scene"].get("whiteSpace") == "nowrap":
            full["scene"]["whiteSpace"] = "pre"
        place(c["id"] + "-full", block_css(full, families), c["text"])
    per_scale = measure_page(workdir, "ellipsis", css, blocks, 40 + ROW * row)
    out = []

    def ink_right(img, y0, y1):
        px = img.load()
        for x in range(img.size[0] - 1, -1, -1):
            if any(px[x, y] < 160 for y in range(y0, y1)):
                return x + 1
        return None

    for c in cases:
        entry = {k: c[k] for k in ("id", "width", "lineHeight", "style", "scene", "text")}
        entry["scales"] = {}
        fam = families[c["style"]["font"]]
        text = list(c["text"])
        for scale, (report, img) in per_scale.items():
            ref = report[f"ref-{fam}"]
            ref_top = round(ref["top"] * scale)
            ell_offset = ink_right(img, ref_top, ref_top + 22 * scale) - ref["left"] * scale   # device px
            ell_width = ref["boxes"][0]["width"]
            ascent = ref["markers"][0] - ref["boxes"][0]["top"]                                   # CSS px
            r, f = report[c["id"]], report[c["id"] + "-full"]
            starts = line_starts(f["boxes"], c["text"])
            shown = min(len(starts), c["scene"].get("numberOfLines", 0) or len(starts))
            lines = []
            for n in range(shown):
                s = starts[n]
                e = starts[n + 1] if n + 1 < len(starts) else len(text)
                line_top = f["boxes"][s]["top"]
                drawn = [k for k in range(s, e) if not text[k].isspace()]
                line = {"start": s, "baseline": round((line_top - f["top"] + ascent) * scale * 64) / (64 * scale),
                        "right": round((f["boxes"][drawn[-1]]["right"] - f["left"]) * scale * 64) / (64 * scale)}
                truncated = n == shown - 1 and (shown < len(starts) or f["boxes"][drawn[-1]]["right"] - f["left"] > c["width"] + 0.01)
                if truncated:
                    y0 = round((r["top"] + 22 * n) * scale)
                    x = (ink_right(img, y0, y0 + 22 * scale) - ell_offset) / scale - r["left"]
                    kept = min(range(s, e + 1), key=lambda k: abs((f["boxes"][k - 1]["right"] - f["left"] if k > s else 0) - x))
                    line.update({"ellipsisX": round(x, 3), "keptEnd": kept, "shown": "".join(text[s:kept]) + "\u2026",
                                 "right": round(x + ell_width, 3)})
                lines.append(line)
            entry["scales"][str(scale)] = {"lines": lines, "ellipsisWidth": round(ell_width, 4)}
        out.append(entry)
    write("chromium-ellipsis-layout.json", version, out,
          "CSS px (= pt) from the block's top-left; start and keptEnd are Unicode scalar offsets; ellipsisX where the "
          "'…' starts (from the screenshot, to about 1/scale px), right the line's right edge ('…' included)")


def write(name, version, cases, units):
    path = os.path.join(BROWSER, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"chromium": version, "generator": "scripts/browser/browser-decorations.py", "units": units,
                   "cases": cases}, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")
    print(f"wrote {path}: {len(cases)} cases x {len(SCALES)} scales", file=sys.stderr)


def main():
    version = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True).stdout.strip()
    if not version:
        sys.exit(f"cannot run {CHROMIUM} --version: install Chromium (apt-get install -y chromium)")
    with tempfile.TemporaryDirectory(prefix="ghostline-decor-") as workdir:
        decorations(version, workdir)
        ellipsis(version, workdir)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Browser ground truth for Ghostline's "css" layout model: line breaks and baselines measured in headless Chromium.

Run (Debian 12, needs the `chromium`, `fonts-inter` and `fonts-dejavu-core` packages and fontTools):

    apt-get install -y chromium fonts-inter fonts-dejavu-core && pip install fonttools
    python3 scripts/browser/browser-baselines.py                 # writes Tests/GhostlineLayoutTests/Fixtures/chromium-css-layout.json
    python3 scripts/browser/browser-baselines.py --check-model   # compares the fixture with the rounding model below (no browser)
    python3 scripts/browser/browser-baselines.py --check-separate  # also lays out every case alone on its own page (~3 min)
    python3 scripts/browser/browser-baselines.py --probe-metrics   # which vertical metrics / line gap (modified font copies)
    python3 scripts/browser/browser-baselines.py --probe-fit       # how much a line may overflow; how the width is rounded

Input: Fixtures/browser/css-cases.json (one entry per case: id, font file, size, lineHeight or null for `normal`,
width, letterSpacing, text). Fixtures/browser/README.md explains the measurement and the rounding rules found.

How it measures (one Chromium launch per device scale factor 1, 2, 3; every case in its own block on that page):
  * each font file is loaded with @font-face from its file:// URL under a unique family name (font-display: block);
    the page waits for document.fonts.load + document.fonts.ready, checks document.fonts.check, and this script
    compares the width of "H" at 100px with the advance fontTools reads from the same file, so a fallback font
    cannot slip through;
  * the block is `div { width: W; margin: 0; padding: 0; white-space: pre-wrap; overflow-wrap: break-word;
    hyphens: manual; font-kerning/ligatures: defaults }`; its wrapper sits at the page origin so that all
    coordinates stay small (DOMRects are single precision);
  * line breaks: a DOM Range around every Unicode scalar; scalars are grouped into lines by the top of their
    rect (a newline or hanging trailing spaces belong to the line they end); offsets are converted from UTF-16 to
    scalars;
  * baselines, two independent routes that must agree:
      (a) copies of the block with a zero-size inline-block marker (vertical-align: baseline) in front of each
          line's first scalar, and (second copy) right after each line's last non-white-space scalar; an empty
          inline-block's bottom margin edge sits on the baseline. A copy is used only if it keeps the line
          breaks, text tops and block height of the original (a marker may enlarge a very tight line box), and
          a marker only if it sits on its own line where it was put (a start marker may slip to the end of the
          previous line after hanging spaces);
      (b) top of the line's text rect + the font's ascent as Chromium uses it, measured once per font, size and
          scale in a probe block with `line-height: normal` and a marker;
    the fixture stores (a) when available and otherwise (b); the script stops if (a) and (b) ever disagree.
All lengths come back as floats in CSS px; Chromium computes them in LayoutUnits of 1/64 *device* px (zoom for
device scale factor), so every value is snapped to that grid (round(v * scale * 64)) and written both in device
LayoutUnits (exact integers) and in CSS px. The output is sorted and deterministic; running twice gives the
same file.
"""
import argparse
import html
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CASES = os.path.join(ROOT, "Fixtures", "browser", "css-cases.json")
OUT = os.path.join(ROOT, "Tests", "GhostlineLayoutTests", "Fixtures", "chromium-css-layout.json")
SCALES = (1, 2, 3)
CHROMIUM = os.environ.get("CHROMIUM", "chromium")

PAGE = r"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>ghostline browser baselines</title>
<style>
__FONTFACES__
html, body { margin: 0; padding: 0; }
.wrap { position: absolute; left: 0; top: 0; width: 4000px; }
.case { display: block; margin: 0; padding: 0; border: 0; white-space: pre-wrap; overflow-wrap: break-word;
        word-break: normal; hyphens: manual; text-align: left; direction: ltr; text-indent: 0;
        text-rendering: auto; font-style: normal; font-weight: normal; font-synthesis: none; tab-size: 8;
        word-spacing: 0; text-transform: none; }
.m { display: inline-block; width: 0; height: 0; margin: 0; padding: 0; border: 0; vertical-align: baseline; }
</style></head><body>
<script type="application/json" id="data">__DATA__</script>
<pre id="out"></pre>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const S = DATA.scale;
const lu = v => Math.round(v * S * 64);            // CSS px (float) -> device LayoutUnits (1/64 device px)
const exactness = [];                              // how far the DOM floats were from the LayoutUnit grid
function LU(v) { const r = lu(v); exactness.push(Math.abs(v * S * 64 - r)); return r; }

function block(c, nodes) {
  const w = document.createElement("div"); w.className = "wrap";
  if (DATA.inflow) w.style.position = "static";       // --check-separate: ordinary block in normal flow
  const d = document.createElement("div"); d.className = "case";
  d.style.fontFamily = '"' + c.family + '"';
  d.style.fontSize = c.size + "px";
  d.style.lineHeight = c.lineHeight === null ? "normal" : c.lineHeight + "px";
  d.style.width = c.width + "px";
  d.style.letterSpacing = (c.letterSpacing || 0) + "px";
  for (const n of nodes) d.appendChild(n);
  w.appendChild(d); document.body.appendChild(w);
  return d;
}
function marker() { const m = document.createElement("span"); m.className = "m"; return m; }
function bounds(s) { const b = [0]; let i = 0; for (const ch of s) { i += ch.length; b.push(i); } return b; }

// where[k] = [textNode, utf16Start, utf16End] of scalar k
function measureLines(d, where) {
  const top0 = LU(d.getBoundingClientRect().top), left0 = LU(d.getBoundingClientRect().left);
  const r = document.createRange();
  const chars = [];
  for (let k = 0; k < where.length; k++) {
    const [n, a, b] = where[k];
    r.setStart(n, a); r.setEnd(n, b);
    const rs = r.getClientRects();
    if (rs.length === 0) {
      if (k === 0) throw new Error("first scalar has no rect");
      chars.push(Object.assign({}, chars[k - 1], {inherited: true}));
    } else {
      const q = rs[0];
      chars.push({top: LU(q.top) - top0, bottom: LU(q.bottom) - top0, left: LU(q.left) - left0, right: LU(q.right) - left0});
    }
  }
  const lines = [];
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k];
    const cur = lines[lines.length - 1];
    if (cur && ch.top === cur.textTop) { cur.end = k + 1; continue; }
    if (cur && ch.top < cur.textTop) throw new Error("scalar " + k + " is above the previous line");
    lines.push({start: k, end: k + 1, textTop: ch.top, textBottom: ch.bottom, firstLeft: ch.left});
  }
  return {lines, chars, top0, left0, height: LU(d.getBoundingClientRect().bottom) - top0};
}

function runCase(c) {
  const text = c.text, b = bounds(text), n = b.length - 1;
  const scal = Array.from(text);
  // pass 1: plain text
  const t = document.createTextNode(text);
  const d1 = block(c, [t]);
  const where1 = []; for (let k = 0; k < n; k++) where1.push([t, b[k], b[k + 1]]);
  const m1 = measureLines(d1, where1);
  const r = document.createRange();
  for (const L of m1.lines) {
    let e = L.end;
    while (e > L.start && (scal[e - 1] === " " || scal[e - 1] === "\n" || scal[e - 1] === "\t")) e--;
    L.contentEnd = e;
    if (e > L.start) {
      r.setStart(t, b[L.start]); r.setEnd(t, b[e]);
      const q = r.getBoundingClientRect();
      L.x = LU(q.left) - m1.left0; L.width = LU(q.right) - LU(q.left);
    } else { L.x = m1.chars[L.start].left; L.width = 0; }
  }
  // passes 2 and 3: copies with a zero-size baseline marker in front of every line (pass 2) or right after every
  // line's last non-white-space scalar (pass 3). A copy counts only if it keeps the breaks, the text tops and the
  // block height; a marker counts only if it sits on its own line where it was put.
  function markerPass(atEnd) {
    const nodes = [], where = [], markers = [];
    let pending = "", pendingStart = 0;
    const flush = () => {
      if (pending === "") return;
      const tn = document.createTextNode(pending); nodes.push(tn);
      for (let k = pendingStart, u = 0; u < pending.length; k++) { where.push([tn, u, u + scal[k].length]); u += scal[k].length; }
      pending = "";
    };
    const add = k => { if (pending === "") pendingStart = k; pending += scal[k]; };
    for (const L of m1.lines) {
      const at = atEnd && L.contentEnd > L.start ? L.contentEnd : L.start;
      for (let k = L.start; k < L.end; k++) {
        if (k === at) { flush(); const m = marker(); markers.push(m); nodes.push(m); }
        add(k);
      }
      if (at === L.end) { flush(); const m = marker(); markers.push(m); nodes.push(m); }
    }
    flush();
    const d = block(c, nodes);
    const m = measureLines(d, where);
    const problems = [];
    if (m.height !== m1.height) problems.push("height " + m.height + " != " + m1.height);
    if (m.lines.length !== m1.lines.length) problems.push("line count " + m.lines.length + " != " + m1.lines.length);
    m1.lines.forEach((L, i) => {
      const L2 = m.lines[i];
      if (L2 && (L2.start !== L.start || L2.end !== L.end)) problems.push("line " + i + " breaks differ");
      if (L2 && L2.textTop !== L.textTop) problems.push("line " + i + " text top differs");
    });
    const baselines = m1.lines.map((L, i) => {
      if (problems.length) return null;
      const q = markers[i].getBoundingClientRect();
      const mb = LU(q.bottom) - m.top0, ml = LU(q.left) - m.left0;
      if (mb < L.textTop || mb > L.textBottom) return null;
      if (!atEnd || L.contentEnd === L.start) { if (ml !== m.lines[i].firstLeft) return null; }
      else {
        const last = m.chars[L.contentEnd - 1];
        if (last.top !== L.textTop || Math.abs(ml - last.right) > 64 || ml <= m.lines[i].firstLeft) return null;
      }
      return mb;
    });
    d.parentNode.remove();
    return {problems, baselines};
  }
  const startPass = markerPass(false), endPass = markerPass(true);
  const markerBaselines = m1.lines.map((L, i) => {
    const a = startPass.baselines[i], e = endPass.baselines[i];
    if (a !== null && e !== null && a !== e) throw new Error(c.id + " line " + i + ": start and end markers disagree");
    return a !== null ? a : e;
  });
  const problems = startPass.problems.concat(endPass.problems);
  // probe: the font's ascent/descent as used for text boxes, and the `normal` line height
  const probeText = document.createTextNode("H");
  const pm = marker();
  const dp = block(Object.assign({}, c, {lineHeight: null, letterSpacing: 0, width: 4000}), [probeText, pm]);
  const p0 = LU(dp.getBoundingClientRect().top);
  r.setStart(probeText, 0); r.setEnd(probeText, 1);
  const pq = r.getClientRects()[0];
  const probe = {
    textTop: LU(pq.top) - p0, textBottom: LU(pq.bottom) - p0,
    baseline: LU(pm.getBoundingClientRect().bottom) - p0,
    normalLineHeight: LU(dp.getBoundingClientRect().bottom) - p0,
  };
  const ascent = probe.baseline - probe.textTop, descent = probe.textBottom - probe.baseline;
  const lines = m1.lines.map((L, i) => ({
    start: L.start, end: L.end, x: L.x, width: L.width, textTop: L.textTop, textBottom: L.textBottom,
    baselineMarker: markerBaselines[i],
    baselineAscent: L.textTop + ascent,
  }));
  for (const el of [d1, dp]) el.parentNode.remove();
  return {id: c.id, height: m1.height, ascent, descent, normalLineHeight: probe.normalLineHeight,
          markerProblems: problems, lines};
}

function widthOfH(family) {
  const t = document.createTextNode("H");
  const d = block({family, size: 100, lineHeight: null, width: 4000, letterSpacing: 0}, [t]);
  const r = document.createRange(); r.selectNodeContents(t);
  const q = r.getBoundingClientRect();
  const w = LU(q.right) - LU(q.left);
  d.parentNode.remove();
  return w;
}

async function main() {
  const out = {scale: S, devicePixelRatio: window.devicePixelRatio, userAgent: navigator.userAgent, fonts: {}, cases: []};
  try {
    await Promise.all(DATA.fonts.map(f => document.fonts.load('16px "' + f.family + '"', "H")));
    await document.fonts.ready;
    for (const f of DATA.fonts) {
      const faces = [...document.fonts].filter(x => x.family.replace(/"/g, "") === f.family);
      out.fonts[f.family] = {path: f.path, check: document.fonts.check('16px "' + f.family + '"', "H"),
                             status: faces.map(x => x.status), widthOfH100: widthOfH(f.family)};
    }
    for (const c of DATA.cases) out.cases.push(runCase(c));
    out.maxGridError = Math.max(0, ...exactness);
  } catch (e) {
    out.error = String(e && e.stack || e);
  }
  document.getElementById("out").textContent = JSON.stringify(out);
}
main();
</script></body></html>
"""


def chromium_version():
    p = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True)
    if p.returncode != 0 or not p.stdout.strip():
        sys.exit(f"cannot run {CHROMIUM} --version: install Chromium (apt-get install -y chromium)")
    return p.stdout.strip()


def load_cases():
    from fontTools.ttLib import TTFont
    with open(CASES, encoding="utf-8") as f:
        cases = json.load(f)
    seen, fonts = set(), {}
    for c in cases:
        for key in ("id", "font", "size", "lineHeight", "width", "text"):
            if key not in c:
                sys.exit(f"case {c.get('id')}: missing {key}")
        c.setdefault("letterSpacing", 0)
        if c["id"] in seen:
            sys.exit(f"duplicate case id {c['id']}")
        seen.add(c["id"])
        if not os.path.exists(c["font"]):
            sys.exit(f"case {c['id']}: font {c['font']} is not installed")
        if c["font"] not in fonts:
            fonts[c["font"]] = TTFont(c["font"])
        cmap = fonts[c["font"]].getBestCmap()
        missing = sorted({ch for ch in c["text"] if ch not in "\n" and ord(ch) not in cmap})
        if missing:
            sys.exit(f"case {c['id']}: {c['font']} has no glyph for {missing!r} (no font fallback in Ghostline)")
    return cases, fonts


def family_names(cases):
    paths = sorted({c["font"] for c in cases})
    return {p: f"GL{i}-" + re.sub(r"[^A-Za-z0-9]", "", os.path.splitext(os.path.basename(p))[0]) for i, p in enumerate(paths)}


def css_number(v):
    return repr(float(v)).rstrip("0").rstrip(".") if v != int(v) else str(int(v))


def page_for(cases, families, scale, inflow=False):
    faces = "\n".join(
        f'@font-face {{ font-family: "{fam}"; src: url("file://{path}"); font-display: block; }}'
        for path, fam in sorted(families.items()))
    data = {
        "scale": scale,
        "inflow": inflow,
        "fonts": [{"family": fam, "path": path} for path, fam in sorted(families.items())],
        "cases": [{"id": c["id"], "family": families[c["font"]], "size": css_number(c["size"]),
                   "lineHeight": None if c["lineHeight"] is None else css_number(c["lineHeight"]),
                   "width": css_number(c["width"]), "letterSpacing": css_number(c["letterSpacing"]),
                   "text": c["text"]} for c in cases],
    }
    blob = json.dumps(data, ensure_ascii=True).replace("</", "<\\/")
    return PAGE.replace("__FONTFACES__", faces).replace("__DATA__", blob)


def run_page(page, scale, workdir):
    path = os.path.join(workdir, f"page-{scale}.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    profile = tempfile.mkdtemp(prefix="profile-", dir=workdir)
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", f"--force-device-scale-factor={scale}",
           "--allow-file-access-from-files", "--hide-scrollbars", "--no-first-run", "--disable-extensions",
           f"--user-data-dir={profile}", "--window-size=1400,1000", "--virtual-time-budget=60000",
           "--dump-dom", "file://" + path]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    shutil.rmtree(profile, ignore_errors=True)
    m = re.search(r'<pre id="out">(.*?)</pre>', p.stdout, re.S)
    if not m or not m.group(1).strip():
        sys.exit(f"chromium produced no result at scale {scale} (exit {p.returncode}):\n{p.stderr[-2000:]}")
    res = json.loads(html.unescape(m.group(1)))
    if "error" in res:
        sys.exit(f"page error at scale {scale}: {res['error']}")
    if res["devicePixelRatio"] != scale:
        sys.exit(f"asked for device scale factor {scale}, page reports devicePixelRatio {res['devicePixelRatio']}")
    return res


def check_fonts(res, families, fonts, scale):
    for path, fam in families.items():
        info = res["fonts"][fam]
        if not info["check"] or info["status"] != ["loaded"]:
            sys.exit(f"scale {scale}: font {fam} ({path}) not loaded: {info}")
        f = fonts[path]
        gid = f.getBestCmap()[ord("H")]
        expected = f["hmtx"][gid][0] * 100 / f["head"].unitsPerEm       # CSS px at 100px
        measured = info["widthOfH100"] / (64 * scale)
        if abs(measured - expected) > 0.05:
            sys.exit(f"scale {scale}: 'H' in {fam} is {measured:.4f}px wide, {path} says {expected:.4f}px: fallback font?")


def css(lu_value, scale):
    """device LayoutUnits -> CSS px, rounded so that the JSON text is stable (the value is exact to 1e-6)."""
    v = round(lu_value / (64 * scale), 6)
    return int(v) if v == int(v) else v


def measure(cases, fonts, scales, per_case=False):
    families = family_names(cases)
    results = {}
    with tempfile.TemporaryDirectory(prefix="ghostline-browser-") as workdir:
        for scale in scales:
            groups = [[c] for c in cases] if per_case else [cases]
            merged = []
            for g in groups:
                t0 = time.time()
                res = run_page(page_for(g, families, scale, inflow=per_case), scale, workdir)
                check_fonts(res, {p: families[p] for p in {c["font"] for c in g}}, fonts, scale)
                if res["maxGridError"] > 0.2:
                    sys.exit(f"scale {scale}: a DOM value is {res['maxGridError']:.3f} LayoutUnits off the 1/64 grid")
                merged.extend(res["cases"])
                if not per_case:
                    print(f"scale {scale}: {len(g)} cases in {time.time() - t0:.1f}s", file=sys.stderr)
            results[scale] = {r["id"]: r for r in merged}
    return results


def assemble(cases, results, version):
    out_cases, marker_fallbacks = [], []
    for c in sorted(cases, key=lambda c: c["id"]):
        entry = {k: c[k] for k in ("id", "font", "size", "lineHeight", "width", "letterSpacing", "text")}
        scales = {}
        for scale, by_id in sorted(results.items()):
            r = by_id[c["id"]]
            lines = []
            prev_end = 0
            for L in r["lines"]:
                if L["start"] != prev_end:
                    sys.exit(f"{c['id']} @{scale}x: lines do not tile the text")
                prev_end = L["end"]
                if L["baselineMarker"] is not None and L["baselineMarker"] != L["baselineAscent"]:
                    sys.exit(f"{c['id']} @{scale}x: marker baseline {L['baselineMarker']} != text top + ascent "
                             f"{L['baselineAscent']} (LayoutUnits)")
                base = L["baselineMarker"] if L["baselineMarker"] is not None else L["baselineAscent"]
                lines.append({"start": L["start"], "end": L["end"], "x": css(L["x"], scale),
                              "width": css(L["width"], scale), "baseline": css(base, scale),
                              "baselineDeviceLU": base})
            if prev_end != len(c["text"]):
                sys.exit(f"{c['id']} @{scale}x: lines end at {prev_end}, text has {len(c['text'])} scalars")
            confirmed = sum(L["baselineMarker"] is not None for L in r["lines"])
            if confirmed < len(r["lines"]):
                marker_fallbacks.append(f"{c['id']} @{scale}x: {len(r['lines']) - confirmed} of {len(r['lines'])} "
                                        f"lines without a usable marker ({'; '.join(r['markerProblems']) or 'marker moved'})")
            scales[str(scale)] = {
                "height": css(r["height"], scale), "heightDeviceLU": r["height"],
                "ascent": css(r["ascent"], scale), "descent": css(r["descent"], scale),
                "normalLineHeight": css(r["normalLineHeight"], scale),
                "baselinesConfirmedByMarker": confirmed,
                "lines": lines,
            }
        entry["scales"] = scales
        out_cases.append(entry)
    doc = {
        "chromium": version,
        "generator": "scripts/browser/browser-baselines.py",
        "units": "CSS px (= pt) relative to the block's top-left; *DeviceLU fields are 1/64 device px "
                 "(device px = CSS px x scale); start/end are Unicode scalar offsets, end exclusive; width "
                 "excludes trailing spaces/newline; ascent/descent are the text box's extent around the baseline",
        "cases": out_cases,
    }
    return doc, marker_fallbacks


# ---------------------------------------------------------------------------------------------------------------
# The rounding model (see Fixtures/browser/README.md). Everything in device LayoutUnits (1/64 device px).

def font_metrics(path, source=None, _cache={}):
    """(unitsPerEm, ascender, -descender, lineGap) in font units from the table Chromium reads: OS/2 sTypo* when
    fsSelection bit 7 (USE_TYPO_METRICS) is set, else hhea (see --probe-metrics). `source` forces a table."""
    if path not in _cache:
        from fontTools.ttLib import TTFont
        f = TTFont(path)
        h, o = f["hhea"], f["OS/2"]
        _cache[path] = {"upem": f["head"].unitsPerEm, "useTypo": bool(o.fsSelection & 0x80),
                        "hhea": (h.ascent, -h.descent, h.lineGap),
                        "typo": (o.sTypoAscender, -o.sTypoDescender, o.sTypoLineGap)}
    m = _cache[path]
    return (m["upem"],) + m[source or ("typo" if m["useTypo"] else "hhea")]


def round_half_away(x):
    """Round to nearest, ties away from zero (Swift's .rounded(), C's lround)."""
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


def model(case, scale, variant="chromium"):
    """(ascent px, descent px, line height LU, half-leading above LU) in device units. Variants other than
    "chromium" are the alternatives the fixture rules out; --check-model scores them all."""
    upem, asc_u, desc_u, gap_u = font_metrics(case["font"], "typo" if variant == "typo-always" else
                                              "hhea" if variant == "hhea-always" else None)
    px = case["size"] * scale                                     # font size in device px
    if variant == "round-in-css-px":
        ascent = round_half_away(asc_u * case["size"] / upem) * scale
        descent = round_half_away(desc_u * case["size"] / upem) * scale
    elif variant in ("unrounded-metrics", "ideal-css-formula"):
        ascent, descent = asc_u * px / upem, desc_u * px / upem
    elif variant == "ties-to-even":
        ascent, descent = round(asc_u * px / upem), round(desc_u * px / upem)
    else:
        ascent = round_half_away(asc_u * px / upem)               # whole device px
        descent = round_half_away(desc_u * px / upem)
    if variant == "descent-borrows-from-ascent" and descent < desc_u * px / upem and ascent >= 1:
        ascent, descent = ascent - 1, descent + 1
    if case["lineHeight"] is None:
        line_height = (ascent + descent + round_half_away(gap_u * px / upem)) * 64
    elif variant == "ideal-css-formula":
        line_height = case["lineHeight"] * scale * 64
    elif variant == "line-height-floor-lu":
        line_height = math.floor(case["lineHeight"] * scale * 64)
    elif variant == "line-height-whole-px":
        line_height = round_half_away(case["lineHeight"] * scale) * 64
    elif variant == "line-height-lu-in-css-px":
        line_height = round_half_away(case["lineHeight"] * 64) * scale
    else:
        line_height = round_half_away(case["lineHeight"] * scale * 64)    # nearest 1/64 device px
    content = (ascent + descent) * 64
    if variant == "half-leading-floor-lu":
        above = math.floor((line_height - content) / 2)
    elif variant == "half-leading-round-px":
        above = round_half_away((line_height - content) / 128) * 64
    elif variant == "half-leading-ceil-px":
        above = math.ceil((line_height - content) / 128) * 64
    elif variant in ("half-leading-exact", "ideal-css-formula"):
        above = (line_height - content) / 2
    else:
        above = math.floor((line_height - content) / 128) * 64    # half-leading above: floored to a whole px
    return ascent, descent, line_height, above


VARIANTS = ["chromium", "hhea-always", "typo-always", "round-in-css-px", "unrounded-metrics", "ties-to-even",
            "descent-borrows-from-ascent", "line-height-floor-lu", "line-height-whole-px",
            "line-height-lu-in-css-px", "half-leading-floor-lu", "half-leading-round-px", "half-leading-ceil-px",
            "half-leading-exact", "ideal-css-formula"]


def score(doc, variant, misses=None):
    total = exact = 0
    worst = 0.0
    for c in doc["cases"]:
        for s, r in sorted(c["scales"].items()):
            scale = int(s)
            ascent, descent, lh, above = model(c, scale, variant)
            measured = [(f"line {i}", L["baselineDeviceLU"], i * lh + above + ascent * 64)
                        for i, L in enumerate(r["lines"])]
            measured.append(("height", r["heightDeviceLU"], len(r["lines"]) * lh))
            for what, got, predicted in measured:
                total += 1
                err = abs(predicted - got) / 64
                worst = max(worst, err)
                if err == 0:
                    exact += 1
                elif misses is not None:
                    misses.append(f"{c['id']} @{scale}x {what}: model {predicted / 64:.4f} chromium "
                                  f"{got / 64:.4f} device px")
    return exact, total, worst


def check_model(doc, alternatives=True):
    misses = []
    exact, total, worst = score(doc, "chromium", misses)
    for m in misses[:40]:
        print(m)
    print(f"model reproduces {exact}/{total} baselines+heights exactly; max error {worst:.4f} device px")
    if alternatives:
        for v in VARIANTS[1:]:
            e, t, w = score(doc, v)
            print(f"  alternative {v:28s} {e:4d}/{t} exact, max error {w:.3f} device px")
    return exact == total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check-model", action="store_true", help="compare the existing fixture with the model only")
    ap.add_argument("--check-separate", action="store_true",
                    help="after writing, lay out every case alone on its own page, in normal flow, and compare")
    ap.add_argument("--probe-metrics", action="store_true",
                    help="measure modified copies of Inter to see which vertical metrics and line gap Chromium uses")
    ap.add_argument("--probe-fit", action="store_true",
                    help="find how much a line may exceed the block width and how the width is rounded")
    args = ap.parse_args()
    if args.probe_fit:
        probe_fit()
        return
    if args.probe_metrics:
        rows = list(probe_metrics())
        gap_sep = gap_sum = 0
        n_gap = gap_base = 0
        for name, scale, size, r, (a, d, g) in rows:
            px = size * scale
            A, D = round_half_away(a * px / 2816), round_half_away(d * px / 2816)
            if g:
                n_gap += 1
                gap_sep += r["normalLineHeight"] == (A + D + round_half_away(g * px / 2816)) * 64
                gap_sum += r["normalLineHeight"] == round_half_away((A + D + g * px / 2816) * 64)
                G = round_half_away(g * px / 2816)
                gap_base += r["lines"][0]["baselineMarker"] == (G // 2 + A) * 64
        print(f"{n_gap} measurements with a non-zero line gap in the table used: normal = A + D + round(gap) "
              f"matches {gap_sep}, A + D + unrounded gap matches {gap_sum}; first baseline = floor(gap / 2) + A "
              f"matches {gap_base}")
        return
    if args.check_model:
        with open(OUT, encoding="utf-8") as f:
            sys.exit(0 if check_model(json.load(f)) else 1)

    cases, fonts = load_cases()
    version = chromium_version()
    results = measure(cases, fonts, SCALES)
    doc, fallbacks = assemble(cases, results, version)
    for f in fallbacks:
        print("baseline from text top + ascent only:", f, file=sys.stderr)
    n_conf = sum(r["baselinesConfirmedByMarker"] for c in doc["cases"] for r in c["scales"].values())
    n_all = sum(len(r["lines"]) for c in doc["cases"] for r in c["scales"].values())
    print(f"{n_conf} of {n_all} baselines measured by both routes (marker, text top + ascent), all equal")
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    text = json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    n_lines = sum(len(r["lines"]) for c in doc["cases"] for r in c["scales"].values())
    print(f"wrote {os.path.relpath(OUT, ROOT)}: {len(cases)} cases x {len(SCALES)} scales, {n_lines} lines; {version}")
    varying = [c["id"] for c in doc["cases"]
               if len({tuple((L["start"], L["end"]) for L in r["lines"]) for r in c["scales"].values()}) > 1]
    print(f"line breaks differ between scales in {len(varying)} case(s): {', '.join(varying) or '-'}")
    check_model(doc, alternatives=False)

    if args.check_separate:
        alone = measure(cases, fonts, SCALES, per_case=True)
        doc2, _ = assemble(cases, alone, version)
        same = json.dumps(doc2, sort_keys=True) == json.dumps(doc, sort_keys=True)
        print("separate pages give " + ("the same result" if same else "A DIFFERENT result"))
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Browser ground truth for real-world text in Ghostline's css model: attributed runs with mixed fonts, sizes
and baseline offsets, font fallback, colour emoji, right-to-left and mixed paragraphs, CJK, Thai, Devanagari,
soft hyphens, tabs — line breaks, baselines and line extents measured in headless Chromium.

Run (Debian 12; needs chromium, fonts-inter, fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk,
fonts-noto-color-emoji and fontTools):

    python3 scripts/browser/browser-world-text.py      # writes Tests/GhostlineLayoutTests/Fixtures/chromium-world-layout.json

Input: Fixtures/browser/world-cases.json. Each case: id, width, lineHeight (px or null for `normal`), style
(the block's font file, size, letterSpacing, and optionally weight — the block's CSS font-weight, which the
font file's own weight must equal; it decides which face a system fallback draws), optional direction (ltr | rtl | auto), lang, lineBreak, fallback
(font files tried after the block's font), and either text or runs ([{text, style}] where a run's style may set
font, size, baselineOffset, letterSpacing; a run without style is plain text in the block).

How it measures (one Chromium launch per device scale factor, every case in its own block):
  * every font file is pinned with @font-face under its own family name; the block's font-family is the
    block font, then the case's fallback files, then `sans-serif` — so characters none of them has go to
    fontconfig exactly as Ghostline's last fallback step asks it (charset + language, no family);
  * the block is `white-space: pre-wrap; overflow-wrap: break-word` (Ghostline's css defaults) unless the case
    sets whiteSpace, overflowWrap or wordBreak (CSS's values in Ghostline's camelCase), with its direction, lang
    and line-break; runs with a style are spans, vertical-align: <baselineOffset>px;
  * lines: a DOM Range around every Unicode scalar; a scalar starts a new line when its box's vertical centre
    lies below every box of the current line (cases keep line heights at or above the content height so lines
    never overlap); the extent of a line is the union of its scalars' boxes;
  * baselines: a copy of the block with a zero-size inline-block (vertical-align: baseline) before each line's
    first scalar, at the block's own level (a styled run is split around it); an empty inline-block's bottom
    sits on the line's baseline. The copy counts only if it keeps every line break and the block height.
All values are snapped to Chromium's 1/64 device px grid, as in scripts/browser/browser-baselines.py.
"""
import importlib.util
import json
import os
import re
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CASES = os.path.join(ROOT, "Fixtures", "browser", "world-cases.json")
OUT = os.path.join(ROOT, "Tests", "GhostlineLayoutTests", "Fixtures", "chromium-world-layout.json")
SCALES = (1, 2, 3)

_spec = importlib.util.spec_from_file_location("baselines", os.path.join(ROOT, "scripts", "browser", "browser-baselines.py"))
baselines = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(baselines)

PAGE = r"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>ghostline world text</title>
<style>
__FONTFACES__
html, body { margin: 0; padding: 0; }
.wrap { position: absolute; left: 0; top: 0; width: 4000px; }
.case { display: block; margin: 0; padding: 0; border: 0; white-space: pre-wrap; overflow-wrap: break-word;
        word-break: normal; hyphens: manual; text-align: start; text-indent: 0; text-rendering: auto;
        font-style: normal; font-weight: normal; font-synthesis: none; tab-size: 8; word-spacing: 0;
        text-transform: none; }
.m { display: inline-block; width: 0; height: 0; margin: 0; padding: 0; border: 0; vertical-align: baseline; }
</style></head><body>
<script type="application/json" id="data">__DATA__</script>
<pre id="out"></pre>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const S = DATA.scale;
const lu = v => Math.round(v * S * 64);
const exactness = [];
function LU(v) { const r = lu(v); exactness.push(Math.abs(v * S * 64 - r)); return r; }
function styleRun(el, st) {
  if (st.family) el.style.fontFamily = st.family;
  if (st.size !== undefined) el.style.fontSize = st.size + "px";
  if (st.letterSpacing !== undefined) el.style.letterSpacing = st.letterSpacing + "px";
  if (st.baselineOffset !== undefined) el.style.verticalAlign = st.baselineOffset + "px";
}
function marker() { const m = document.createElement("span"); m.className = "m"; return m; }

// Builds the case's block; `markersAt` lists scalar offsets that get a baseline marker in front of them.
function build(c, markersAt) {
  const w = document.createElement("div"); w.className = "wrap";
  const d = document.createElement("div"); d.className = "case";
  d.style.fontFamily = c.families;
  d.style.fontSize = c.size + "px";
  d.style.lineHeight = c.lineHeight === null ? "normal" : c.lineHeight + "px";
  d.style.width = c.width + "px";
  d.style.letterSpacing = c.letterSpacing + "px";
  if (c.weight !== null) d.style.fontWeight = String(c.weight);
  d.setAttribute("dir", c.direction || "ltr");
  if (c.lang) d.setAttribute("lang", c.lang);
  if (c.lineBreak) d.style.lineBreak = c.lineBreak;
  if (c.whiteSpace) d.style.whiteSpace = c.whiteSpace;
  if (c.overflowWrap) d.style.overflowWrap = c.overflowWrap;
  if (c.wordBreak) d.style.wordBreak = c.wordBreak;
  const where = [], markers = [];
  const want = new Set(markersAt);
  let k = 0;
  for (const run of c.runs) {
    let seg = "", segStart = k;
    const flush = () => {
      if (seg === "") return;
      const t = document.createTextNode(seg);
      if (run.style) { const s = document.createElement("span"); styleRun(s, run.style); s.appendChild(t); d.appendChild(s); }
      else d.appendChild(t);
      let u = 0;
      for (const ch of Array.from(seg)) { where.push([t, u, u + ch.length]); u += ch.length; }
      seg = "";
    };
    for (const ch of Array.from(run.text)) {
      if (want.has(k)) { flush(); const m = marker(); markers.push(m); d.appendChild(m); }
      seg += ch; k++;
    }
    flush();
  }
  if (want.has(k)) { const m = marker(); markers.push(m); d.appendChild(m); }
  w.appendChild(d); document.body.appendChild(w);
  return {d, where, markers};
}

function measureLines(d, where, scal) {
  const box = d.getBoundingClientRect();
  const top0 = LU(box.top), left0 = LU(box.left);
  const r = document.createRange();
  const chars = [];
  for (let k = 0; k < where.length; k++) {
    const [n, a, b] = where[k];
    r.setStart(n, a); r.setEnd(n, b);
    // Boxes without ink width (a collapsed space, a joiner) say nothing about the line (placed below).
    const rs = [...r.getClientRects()].filter(q => q.height > 0 && q.width > 0);
    if (rs.length === 0) {
      chars.push(null);
    } else {
      // Chromium maps the hyphen a soft hyphen shows at a line's end to the scalar after it, whose own box then
      // comes second (on the next line): the last box is the scalar's own.
      const q = rs[rs.length - 1];
      chars.push({top: LU(q.top) - top0, bottom: LU(q.bottom) - top0, left: LU(q.left) - left0, right: LU(q.right) - left0,
                  empty: q.width === 0});
    }
  }
  // Scalars before the first one with ink (collapsed leading spaces) belong to its line.
  const firstInked = chars.findIndex(ch => ch !== null && !ch.empty);
  if (firstInked < 0) throw new Error("no scalar has a box");
  for (let k = 0; k < firstInked; k++) chars[k] = Object.assign({}, chars[firstInked], {empty: true});
  // Others belong to the line of the scalar before them, unless that one ends a line with a newline: then to the
  // line that follows (collapsed spaces after a newline start the next line).
  for (let k = firstInked + 1; k < chars.length; k++) {
    if (chars[k] !== null) continue;
    if (scal[k - 1] === "\n") {
      let next = k + 1;
      while (next < chars.length && (chars[next] === null || chars[next].empty)) next++;
      for (let j = k; j < Math.min(next, chars.length); j++) chars[j] = Object.assign({}, chars[next] || chars[k - 1], {empty: true});
      k = next - 1;
    } else {
      chars[k] = Object.assign({}, chars[k - 1], {empty: true});
    }
  }
  const lines = [];
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k], centre = (ch.top + ch.bottom) / 2;
    const cur = lines[lines.length - 1];
    if (cur && centre <= cur.bottom) {
      cur.end = k + 1;
      if (!ch.empty) { cur.bottom = Math.max(cur.bottom, ch.bottom); cur.top = Math.min(cur.top, ch.top); }
      continue;
    }
    lines.push({start: k, end: k + 1, top: ch.top, bottom: ch.bottom});
  }
  return {lines, chars, height: LU(box.bottom) - top0};
}

function runCase(c) {
  const base = build(c, []);
  const scal = c.runs.flatMap(run => Array.from(run.text));
  const m1 = measureLines(base.d, base.where, scal);
  // Spaces at a line's end hang and are not drawn, except with break-spaces, where they take room.
  const white = s => (s === " " && c.whiteSpace !== "break-spaces") || s === "\n" || s === "\t";
  for (const L of m1.lines) {
    let e = L.end;
    while (e > L.start && white(scal[e - 1])) e--;
    L.contentEnd = e;
    let left = Infinity, right = -Infinity;
    for (let k = L.start; k < e; k++) {
      const ch = m1.chars[k];
      if (ch.empty) continue;
      left = Math.min(left, ch.left); right = Math.max(right, ch.right);
    }
    L.left = left === Infinity ? null : left; L.right = right === -Infinity ? null : right;
  }
  base.d.parentNode.remove();
  // A marker at a line's start can slip to the end of the line before (a zero-width atomic inline fits
  // there), and one after a line's last letter can slip to the start of the next line. So a start marker counts
  // only where it sits on the line's start edge (left in a left-to-right paragraph, right in a right-to-left
  // one), and an end marker only where it does not.
  function markerPass(positions, atStart) {
    const marked = build(c, positions.filter(p => p !== null));
    const m2 = measureLines(marked.d, marked.where, scal);
    const problems = [];
    if (m2.height !== m1.height) problems.push("height " + m2.height + " != " + m1.height);
    if (m2.lines.length !== m1.lines.length) problems.push("line count " + m2.lines.length + " != " + m1.lines.length);
    m1.lines.forEach((L, i) => {
      const L2 = m2.lines[i];
      if (L2 && (L2.start !== L.start || L2.end !== L.end)) problems.push("line " + i + " breaks differ");
    });
    const box = marked.d.getBoundingClientRect();
    const top0 = LU(box.top), left0 = LU(box.left);
    const rtl = getComputedStyle(marked.d).direction === "rtl";
    const startEdge = rtl ? LU(box.right) - left0 : 0;
    let next = 0;
    const result = positions.map((p, i) => {
      if (p === null) return null;
      const q = marked.markers[next++].getBoundingClientRect();
      if (problems.length) return null;
      const onStartEdge = Math.abs(LU(q.left) - left0 - startEdge) <= 1;
      return onStartEdge === atStart ? LU(q.bottom) - top0 : null;
    });
    marked.d.parentNode.remove();
    return {problems, baselines: result};
  }
  const starts = markerPass(m1.lines.map(L => L.start), true);
  const ends = markerPass(m1.lines.map(L => L.contentEnd > L.start ? L.contentEnd : null), false);
  const problems = starts.problems.length && ends.problems.length ? starts.problems.concat(ends.problems) : [];
  const lines = m1.lines.map((L, i) => {
    const a = starts.baselines[i], e = ends.baselines[i];
    if (a !== null && e !== null && a !== e) throw new Error(c.id + " line " + i + ": start and end markers disagree");
    return {start: L.start, end: L.end, left: L.left, right: L.right, baseline: a !== null ? a : e};
  });
  return {id: c.id, height: m1.height, problems, lines};
}

async function main() {
  const out = {scale: S, devicePixelRatio: window.devicePixelRatio, fonts: {}, cases: []};
  try {
    await Promise.all(DATA.fonts.map(f => document.fonts.load('16px "' + f.family + '"', "H")));
    await document.fonts.ready;
    for (const f of DATA.fonts) out.fonts[f.family] = document.fonts.check('16px "' + f.family + '"', "H");
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


def load_cases():
    with open(CASES, encoding="utf-8") as f:
        cases = json.load(f)
    seen = set()
    for c in cases:
        for key in ("id", "width", "lineHeight", "style"):
            if key not in c:
                sys.exit(f"case {c.get('id')}: missing {key}")
        if ("text" in c) == ("runs" in c):
            sys.exit(f"case {c['id']}: give text or runs")
        if c["id"] in seen:
            sys.exit(f"duplicate case id {c['id']}")
        seen.add(c["id"])
        for path in font_paths(c):
            if not os.path.exists(path):
                sys.exit(f"case {c['id']}: font {path} is not installed")
    return cases


def runs_of(c):
    return c["runs"] if "runs" in c else [{"text": c["text"]}]


def font_paths(c):
    paths = [c["style"]["font"]] + c.get("fallback", [])
    paths += [r["style"]["font"] for r in runs_of(c) if r.get("style", {}).get("font")]
    return paths


def css_value(name):
    """Ghostline's camelCase key value (`preWrap`, `breakWord`) as CSS spells it (`pre-wrap`, `break-word`)."""
    return None if name is None else re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), name)


def page_for(cases, scale):
    paths = sorted({p for c in cases for p in font_paths(c)})
    families = {p: f"GW{i}-" + re.sub(r"[^A-Za-z0-9]", "", os.path.splitext(os.path.basename(p))[0]) for i, p in enumerate(paths)}
    faces = "\n".join(f'@font-face {{ font-family: "{fam}"; src: url("file://{path}"); font-display: block; }}'
                      for path, fam in sorted(families.items()))
    num = baselines.css_number

    def family_list(first, c):
        chain = [first] + [p for p in c.get("fallback", []) if p != first]
        return ", ".join(f'"{families[p]}"' for p in chain)

    data_cases = []
    for c in cases:
        runs = []
        for r in runs_of(c):
            st = r.get("style")
            if st is None:
                runs.append({"text": r["text"], "style": None})
                continue
            js = {}
            if "font" in st: js["family"] = family_list(st["font"], c)
            if "size" in st: js["size"] = num(st["size"])
            if "letterSpacing" in st: js["letterSpacing"] = num(st["letterSpacing"])
            if "baselineOffset" in st: js["baselineOffset"] = num(st["baselineOffset"])
            runs.append({"text": r["text"], "style": js})
        data_cases.append({"id": c["id"], "families": family_list(c["style"]["font"], c), "size": num(c["style"]["size"]),
                           "lineHeight": None if c["lineHeight"] is None else num(c["lineHeight"]),
                           "width": num(c["width"]), "letterSpacing": num(c["style"].get("letterSpacing", 0)),
                           "weight": c["style"].get("weight"),
                           "direction": c.get("direction"), "lang": c.get("lang"), "lineBreak": c.get("lineBreak"),
                           "whiteSpace": css_value(c.get("whiteSpace")), "overflowWrap": css_value(c.get("overflowWrap")),
                           "wordBreak": css_value(c.get("wordBreak")),
                           "runs": runs})
    data = {"scale": scale, "fonts": [{"family": fam, "path": p} for p, fam in sorted(families.items())],
            "cases": data_cases}
    blob = json.dumps(data, ensure_ascii=True).replace("</", "<\\/")
    return PAGE.replace("__FONTFACES__", faces).replace("__DATA__", blob)


# The font directories of the recording machine (TestFonts.recordingMachine in the tests): Chromium sees these and
# no others, without the system's matching rules or aliases, as a Ghostline FontSet with `systemFonts: false` does.
# Only Debian's slight-hinting rule is kept: it changes no choice of font, but without it Chromium rounds advances
# to whole pixels, as no Debian desktop does.
RECORDING_DIRECTORIES = ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/dejavu",
                         "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"]


def recording_machine_config(workdir):
    path = os.path.join(workdir, "fonts.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n')
        for d in RECORDING_DIRECTORIES:
            f.write(f"  <dir>{d}</dir>\n")
        f.write('  <include ignore_missing="no">/etc/fonts/conf.d/10-hinting-slight.conf</include>\n')
        f.write(f"  <cachedir>{workdir}/fontconfig-cache</cachedir>\n</fontconfig>\n")
    return path


def main():
    cases = load_cases()
    version = baselines.chromium_version()
    results = {}
    with tempfile.TemporaryDirectory(prefix="ghostline-world-") as workdir:
        os.environ["FONTCONFIG_FILE"] = recording_machine_config(workdir)
        for scale in SCALES:
            t0 = time.time()
            res = baselines.run_page(page_for(cases, scale), scale, workdir)
            bad = [f for f, ok in res["fonts"].items() if not ok]
            if bad:
                sys.exit(f"scale {scale}: fonts not loaded: {bad}")
            if res["maxGridError"] > 0.2:
                sys.exit(f"scale {scale}: a DOM value is {res['maxGridError']:.3f} LayoutUnits off the 1/64 grid")
            results[scale] = {r["id"]: r for r in res["cases"]}
            print(f"scale {scale}: {len(cases)} cases in {time.time() - t0:.1f}s", file=sys.stderr)
    out_cases, unconfirmed = [], []
    for c in sorted(cases, key=lambda c: c["id"]):
        entry = {k: c[k] for k in ("id", "width", "lineHeight", "style") if k in c}
        for k in ("direction", "lang", "lineBreak", "whiteSpace", "overflowWrap", "wordBreak", "fallback", "text", "runs"):
            if k in c:
                entry[k] = c[k]
        count = sum(len(list(r["text"])) for r in runs_of(c))
        scales = {}
        for scale, by_id in sorted(results.items()):
            r = by_id[c["id"]]
            prev = 0
            for L in r["lines"]:
                if L["start"] != prev:
                    sys.exit(f"{c['id']} @{scale}x: lines do not tile the text")
                prev = L["end"]
            if prev != count:
                sys.exit(f"{c['id']} @{scale}x: lines end at {prev}, text has {count} scalars")
            missing = sum(L["baseline"] is None for L in r["lines"])
            if missing:
                unconfirmed.append(f"{c['id']} @{scale}x: {missing} of {len(r['lines'])} lines "
                                   f"({'; '.join(r['problems']) or 'markers left their lines'})")
            scales[str(scale)] = {
                "height": baselines.css(r["height"], scale),
                "lines": [{"start": L["start"], "end": L["end"],
                           "left": None if L["left"] is None else baselines.css(L["left"], scale),
                           "right": None if L["right"] is None else baselines.css(L["right"], scale),
                           "baseline": None if L["baseline"] is None else baselines.css(L["baseline"], scale)}
                          for L in r["lines"]],
            }
        entry["scales"] = scales
        out_cases.append(entry)
    doc = {"chromium": version, "generator": "scripts/browser/browser-world-text.py",
           "units": "CSS px (= pt) from the block's top-left; start/end are Unicode scalar offsets (end exclusive); "
                    "left/right bound the line's drawn scalars; baseline null where the marker copy changed the layout",
           "cases": out_cases}
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")
    print(f"wrote {OUT}: {len(out_cases)} cases x {len(SCALES)} scales", file=sys.stderr)
    for line in unconfirmed:
        print("  no marker baselines: " + line, file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Browser ground truth for Chromium's own line-breaking rules (issue 23, item 8) in Ghostline's css model: where
Blink's breaker differs from plain UAX #14 (its table for pairs of printable ASCII characters, the hyphen before a
digit, URLs), and `text-spacing-trim` (`normal`, Chromium's default, against `space-all`) for CJK punctuation.

Run (Debian 12; needs chromium, fonts-inter, fonts-noto-cjk and fontTools):

    python3 scripts/browser/browser-breaking.py      # writes the two fixtures below

1. Fixtures/browser/chromium-break-pairs.json — whether Chromium allows a line break between X and Y, for every
   ordered pair of a character set (the 94 printable ASCII characters and a sample of non-ASCII ones: no-break
   and soft hyphens, dashes, quotes, CJK punctuation and letters, small kana, emoji, joiners, odd spaces), each
   in the text `<prefix> X Y a` for a few prefixes (a letter, a digit, an opening parenthesis, nothing: the
   hyphen before a digit depends on the character before the hyphen). How: every text is a block of width 0 with
   `white-space: normal; overflow-wrap: normal`, so each line ends at the first opportunity it meets (a word
   wider than the block overflows instead of being split); a DOM Range around X and around Y gives their line
   boxes, and Y starting a lower line than X means a break between them. The fonts do not matter (no width fits).
   Also `hyphenDigit`: the text `Z-7a` for every character Z of the set, whether a break follows the hyphen.

2. Fixtures/browser/chromium-breaking-layout.json — the cases of Fixtures/browser/breaking-cases.json (the
   typography cases' format: id, width, lineHeight, style, scene, text) laid out with
   scripts/browser/browser-typography.py's page and measuring at @1x/@2x/@3x; its `scene` keys map to CSS as there, plus
   `textSpacingTrim: normal | spaceAll` -> `text-spacing-trim: normal | space-all`.
"""
import html
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PAIRS_OUT = os.path.join(ROOT, "Fixtures", "browser", "chromium-break-pairs.json")
CASES = os.path.join(ROOT, "Fixtures", "browser", "breaking-cases.json")
LAYOUT_OUT = os.path.join(ROOT, "Fixtures", "browser", "chromium-breaking-layout.json")

_spec = importlib.util.spec_from_file_location("typography", os.path.join(ROOT, "scripts", "browser", "browser-typography.py"))
typography = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(typography)
baselines = typography.baselines

ASCII = [chr(c) for c in range(0x21, 0x7F)]
# Characters whose breaking Blink's source treats specially, or that UAX #14 classes near the ASCII ones:
# no-break space and soft hyphen, the hyphens and dashes, quotation marks, Latin-1 and currency symbols, letters
# of other scripts, CJK punctuation, ideographs, kana with the small and prolonged-sound marks, Hangul, emoji,
# the zero-width space and joiners, and the other spaces.
SAMPLE = list("\u00a0\u00ad\u2010\u2011\u2012\u2013\u2014\u2212\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e\u2026"
              "\u00b7\u2022\u00bf\u00a7\u00b0\u00b1\u00d7\u20ac\u00a3\u2030\u00e9\u00df\u0416\u00bd\u4e2d\u3042"
              "\u30a2\u30fc\u30c3\u3002\u3001\u300c\u300d\uff08\uff09\uff01\uff1f\u30fb\uff1a\uff0c\u301c\ud55c"
              "\u2764\u200d\u200b\u2060\u3000\u2009\u202f") + ["\U0001F600", "\U0001F44D"]
CHARS = ASCII + SAMPLE
PREFIXES = ["a", "1", "(", ""]

PAIRS_PAGE = r"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>ghostline break pairs</title><style>
body { margin: 0; }
.c { width: 0; font: 16px/20px sans-serif; white-space: normal; overflow-wrap: normal; word-break: normal;
     line-break: auto; hyphens: manual; text-spacing-trim: normal; }
</style></head><body><div id="w"></div><pre id="out"></pre><script>
const DATA = __DATA__;
const w = document.getElementById('w');
// The top of the line box holding text[a, b) (its last box, should the range wrap).
function lineTop(node, a, b) {
  const r = document.createRange(); r.setStart(node, a); r.setEnd(node, b);
  const rects = r.getClientRects();
  return (rects.length ? rects[rects.length - 1] : r.getBoundingClientRect()).top;
}
// For each text, whether text[b, c) starts a lower line than text[a, b) (offsets in UTF-16 units).
function breaks(items) {
  const divs = items.map(([text]) => { const d = document.createElement('div'); d.className = 'c';
                                       d.textContent = text; w.appendChild(d); return d; });
  const bits = items.map(([, a, b, c], i) => lineTop(divs[i].firstChild, b, c) > lineTop(divs[i].firstChild, a, b) + 1 ? '1' : '0');
  w.textContent = '';
  return bits.join('');
}
const out = {contexts: [], hyphenDigit: ''};
try {
  for (const prefix of DATA.prefixes) {
    const rows = [];
    for (const x of DATA.chars)
      rows.push(breaks(DATA.chars.map(y => [prefix + x + y + 'a', prefix.length, prefix.length + x.length,
                                            prefix.length + x.length + y.length])));
    out.contexts.push({prefix, rows});
  }
  out.hyphenDigit = breaks(DATA.chars.map(z => [z + '-7a', z.length, z.length + 1, z.length + 2]));
} catch (e) { out.error = String(e); }
document.getElementById('out').textContent = JSON.stringify(out);
</script></body></html>"""


def measure_pairs(workdir):
    page = PAIRS_PAGE.replace("__DATA__", json.dumps({"chars": CHARS, "prefixes": PREFIXES}).replace("</", "<\\/"))
    path = os.path.join(workdir, "pairs.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    profile = tempfile.mkdtemp(prefix="profile-", dir=workdir)
    p = subprocess.run([baselines.CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-extensions", f"--user-data-dir={profile}", "--virtual-time-budget=60000",
                        "--dump-dom", "file://" + path], capture_output=True, text=True, timeout=900)
    shutil.rmtree(profile, ignore_errors=True)
    m = re.search(r'<pre id="out">(.*?)</pre>', p.stdout, re.S)
    if not m or not m.group(1).strip():
        sys.exit(f"chromium produced no pair table (exit {p.returncode}):\n{p.stderr[-2000:]}")
    res = json.loads(html.unescape(m.group(1)))
    if "error" in res:
        sys.exit(f"pair page error: {res['error']}")
    return res


def css_for(scene, width):
    """The typography keys' CSS, plus `text-spacing-trim` for the key under test here."""
    rest = {k: v for k, v in scene.items() if k != "textSpacingTrim"}
    css = typography.css_for_keys(rest, width)
    if "textSpacingTrim" in scene:
        value = {"normal": "normal", "spaceAll": "space-all"}[scene["textSpacingTrim"]]
        css = (css + "; " if css else "") + f"text-spacing-trim: {value}"
    return css


def main():
    version = baselines.chromium_version()
    with tempfile.TemporaryDirectory(prefix="ghostline-breaking-") as workdir:
        res = measure_pairs(workdir)
    for context in res["contexts"]:
        if len(context["rows"]) != len(CHARS) or any(len(r) != len(CHARS) for r in context["rows"]):
            sys.exit("pair table has the wrong shape")
    doc = {"chromium": version, "generator": "scripts/browser/browser-breaking.py",
           "meaning": "contexts[k].rows[i][j] is '1' when Chromium allows a line break between chars[i] and chars[j] "
                      "in the text prefix + chars[i] + chars[j] + 'a'; hyphenDigit[i] is '1' when it allows one "
                      "between '-' and '7' in chars[i] + '-7a'",
           "chars": CHARS, "contexts": res["contexts"], "hyphenDigit": res["hyphenDigit"]}
    with open(PAIRS_OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=True, sort_keys=True)
        f.write("\n")
    pairs = len(CHARS) ** 2 * len(PREFIXES) + len(CHARS)
    print(f"wrote {PAIRS_OUT}: {pairs} pairs in context", file=sys.stderr)

    # The layout cases: browser-typography.py's whole pipeline with this file's cases, output and CSS mapping.
    typography.css_for_keys = typography.css_for
    typography.css_for = css_for
    typography.CASES, typography.OUT = CASES, LAYOUT_OUT
    typography.main()
    with open(LAYOUT_OUT, encoding="utf-8") as f:
        layout = json.load(f)
    layout["generator"] = "scripts/browser/browser-breaking.py"
    with open(LAYOUT_OUT, "w", encoding="utf-8") as f:
        json.dump(layout, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()

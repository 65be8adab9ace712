#!/usr/bin/env python3
"""Browser ground truth for fonts with an AAT tracking table (`trak`, issue 23 item 7) in Ghostline's css model:
line breaks, baselines and line extents of text in the fonts scripts/fixtures/make-trak-font.py makes, measured in
headless Chromium at several sizes and @1x, @2x, @3x.

Run (Debian 12; needs chromium, fonts-inter and fontTools; run scripts/fixtures/make-trak-font.py first if
Fixtures/fonts/trak is empty):

    python3 scripts/browser/browser-trak.py        # writes Fixtures/browser/chromium-trak-layout.json

Input: Fixtures/browser/trak-cases.json, in the format of typography-cases.json. The page, the CSS and the
measuring are scripts/browser/browser-typography.py's (and through it scripts/browser/browser-world-text.py's); only the
cases and the output differ, so that these cases can be regenerated on their own.

What it showed (Chromium 156.0.8078.108, Debian 12, which links the system HarfBuzz 6.0.0): no tracking at all.
The flat probe font (+100/1000 em at every size, with STAT) is exactly as wide as its advances without the table
at 8 to 40 px; the HIG font likewise. Ghostline's css model therefore ignores `trak` (FontTracking.ignored).
"""
import importlib.util
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

_spec = importlib.util.spec_from_file_location("typography", os.path.join(ROOT, "scripts", "browser", "browser-typography.py"))
typography = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(typography)

typography.CASES = os.path.join(ROOT, "Fixtures", "browser", "trak-cases.json")
typography.OUT = os.path.join(ROOT, "Fixtures", "browser", "chromium-trak-layout.json")

if __name__ == "__main__":
    typography.main()

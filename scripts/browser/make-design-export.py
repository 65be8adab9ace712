#!/usr/bin/env python3
"""Makes a "design export" of the demo card with another renderer: headless Chromium, the same Inter font files
pinned by @font-face, laid out the way design tools do (CSS line-height, half-leading).

It stands in for a Sketch/Figma export in the ghost/diff tests: Ghostline's css model should land on it, and
its uikit model without line-height handling should not.

Run:  apt-get install -y chromium fonts-inter && python3 scripts/browser/make-design-export.py
Writes Fixtures/design/demo-card@3x.png (1125 × 474 px: 375 × 158 pt at @3x).
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Fixtures", "design", "demo-card@3x.png")
INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
INTER_SEMIBOLD = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"

# The texts and styles of Fixtures/demo/card.yaml.
TITLE = "Pixel-perfect line height"
BODY = ("Designs set a line height; UIKit sets line spacing. Ghostline lays text out the way UIKit does, "
        "so you can see where every baseline lands before the app ships.")

PAGE = f"""<!doctype html>
<html><head><meta charset="utf-8"><style>
@font-face {{ font-family: "Card Regular"; src: url("file://{INTER}"); font-display: block; }}
@font-face {{ font-family: "Card SemiBold"; src: url("file://{INTER_SEMIBOLD}"); font-display: block; }}
html, body {{ margin: 0; padding: 0; background: #FFFFFF; }}
.card {{ width: 359px; padding: 8px; }}
.title {{ font: 28px/38px "Card SemiBold"; color: #111111; margin: 0 0 8px 0; }}
.body {{ font: 17px/24px "Card Regular"; color: #3C3C43; margin: 0; }}
</style></head><body><div class="card">
<p class="title">{TITLE}</p>
<p class="body">{BODY}</p>
</div></body></html>
"""


def main():
    for path in (INTER, INTER_SEMIBOLD):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: apt-get install fonts-inter")
    with tempfile.TemporaryDirectory() as scratch:
        page = os.path.join(scratch, "card.html")
        with open(page, "w") as handle:
            handle.write(PAGE)
        shot = os.path.join(scratch, "card.png")
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--force-device-scale-factor=3", "--window-size=375,158", "--virtual-time-budget=2000",
                        f"--screenshot={shot}", "file://" + page], check=True, capture_output=True)
        os.makedirs(os.path.dirname(OUT), exist_ok=True)
        os.replace(shot, OUT)
    print(f"wrote {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Draws the small images the fixture scenes use (Fixtures/scenes/assets/), with Pillow.

Run:  pip install pillow && python3 scripts/make-scene-assets.py
"""
import os

from PIL import Image, ImageDraw

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "Fixtures", "scenes", "assets")
os.makedirs(out, exist_ok=True)

# icon@3x.png: a 24 pt (72 px at @3x) blue rounded badge with a white dot, like a list-row icon.
icon = Image.new("RGBA", (72, 72), (0, 0, 0, 0))
draw = ImageDraw.Draw(icon)
draw.rounded_rectangle([0, 0, 71, 71], radius=16, fill=(0, 122, 255, 255))
draw.ellipse([22, 22, 49, 49], fill=(255, 255, 255, 255))
icon.save(os.path.join(out, "icon@3x.png"))
print(f"wrote {os.path.normpath(out)}/icon@3x.png")

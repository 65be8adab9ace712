#!/usr/bin/env python3
"""Lossy design exports for the review tests (issue 30, item 3): a text field and a button drawn by Ghostline from
Fixtures/design/lossy/field-button.yaml, re-encoded the way a design tool's "export as JPEG / WebP" does, by an
encoder that is not ours (Pillow's libjpeg-turbo and libwebp, 4:2:0 chroma, Pillow's defaults otherwise).

    pip install Pillow && python3 scripts/make-lossy-fixtures.py [path/to/ghostline]

Writes, beside the scene:
    field-button@3x.jpg         quality 80: a correct screen, must pass
    field-button@3x.webp        lossy WebP, quality 80: must pass
    field-button-moved@3x.jpg   quality 80, both texts 1 pt lower inside their unmoved shapes: must fail, 1.0 pt
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
HERE = os.path.join(ROOT, "Fixtures", "design", "lossy")
GHOSTLINE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "ghostline")


def render(scene_text, work, name):
    scene = os.path.join(work, name + ".yaml")
    with open(scene, "w") as f:
        f.write(scene_text)
    png = os.path.join(work, name + "@3x.png")
    subprocess.run([GHOSTLINE, "render", scene, "-o", png], check=True)
    return Image.open(png).convert("RGB")


def main():
    with open(os.path.join(HERE, "field-button.yaml")) as f:
        scene = f.read()
    # The texts 1 pt lower: each label's top padding one more, its bottom padding one less (sizes unchanged).
    moved = scene.replace("top: 11, leading: 12, bottom: 11", "top: 12, leading: 12, bottom: 10") \
                 .replace("top: 7, bottom: 7", "top: 8, bottom: 6")
    assert moved != scene and moved.count("top: 12") == 1 and "top: 8, bottom: 6" in moved
    with tempfile.TemporaryDirectory() as work:
        same = render(scene, work, "same")
        shifted = render(moved, work, "moved")
    same.save(os.path.join(HERE, "field-button@3x.jpg"), quality=80)
    same.save(os.path.join(HERE, "field-button@3x.webp"), quality=80)
    shifted.save(os.path.join(HERE, "field-button-moved@3x.jpg"), quality=80)


if __name__ == "__main__":
    main()

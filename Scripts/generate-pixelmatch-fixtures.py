#!/usr/bin/env python3
"""Writes the pixelmatch fixtures of Tests/TransitRenderTests.

Each pair of PNGs is an anti-aliased shape and the same shape moved or
resized by a fraction of a pixel (drawn at 8x and box-filtered down, so every
edge is anti-aliased). The expected counts come from pixelmatch itself: the
PyPI package `pixelmatch` (a port of mapbox/pixelmatch), threshold 0.1,
anti-aliasing detection on. They are written to PixelmatchFixtures.swift.

    pip install pixelmatch pillow
    python3 Scripts/generate-pixelmatch-fixtures.py
"""

import os
from PIL import Image, ImageDraw
from pixelmatch import pixelmatch
import pixelmatch.core as core
import pixelmatch.utils as utils

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, "..", "Tests", "TransitRenderTests")
OUT = os.path.join(TESTS, "Fixtures", "pixelmatch")
SCALE = 8


def draw(size, background, shapes):
    big = Image.new("RGBA", (size[0] * SCALE, size[1] * SCALE), background)
    pen = ImageDraw.Draw(big)
    for kind, box, colour in shapes:
        box = [v * SCALE for v in box]
        if kind == "ellipse":
            pen.ellipse(box, fill=colour)
        elif kind == "rect":
            pen.rectangle(box, fill=colour)
        elif kind == "line":
            pen.line(box, fill=colour, width=2 * SCALE)
    return big.resize(size, Image.BOX)


PAIRS = {
    "circle-shifted": ((64, 64), (255, 255, 255, 255),
                       [("ellipse", (12, 12, 52, 52), (20, 60, 200, 255))],
                       [("ellipse", (12.3, 12.2, 52.3, 52.2), (20, 60, 200, 255))]),
    "circle-grown": ((64, 64), (255, 255, 255, 255),
                     [("ellipse", (10, 14, 50, 54), (200, 40, 40, 255))],
                     [("ellipse", (9.6, 13.6, 50.4, 54.4), (200, 40, 40, 255))]),
    "dark-disc": ((48, 48), (30, 30, 35, 255),
                  [("ellipse", (8, 8, 40, 40), (240, 200, 60, 255))],
                  [("ellipse", (8.45, 7.7, 40.45, 39.7), (240, 200, 60, 255))]),
    "two-discs": ((80, 48), (255, 255, 255, 255),
                  [("ellipse", (4, 4, 40, 40), (0, 0, 0, 255)),
                   ("ellipse", (36, 8, 76, 44), (90, 180, 90, 255))],
                  [("ellipse", (4.25, 4.5, 40.25, 40.5), (0, 0, 0, 255)),
                   ("ellipse", (35.6, 8.3, 75.6, 44.3), (90, 180, 90, 255))]),
    "slanted-lines": ((64, 64), (250, 250, 250, 255),
                      [("line", (4, 6, 60, 40), (40, 40, 40, 255)),
                       ("line", (6, 60, 58, 10), (200, 30, 120, 255))],
                      [("line", (4.4, 6.3, 60.4, 40.3), (40, 40, 40, 255)),
                       ("line", (6.2, 60.5, 58.2, 10.5), (200, 30, 120, 255))]),
    "rounded-card": ((72, 56), (235, 235, 240, 255),
                     [("rect", (10, 10, 62, 46), (60, 90, 160, 255)),
                      ("ellipse", (20, 16, 44, 40), (255, 255, 255, 255))],
                     [("rect", (10.5, 10.25, 62.5, 46.25), (60, 90, 160, 255)),
                      ("ellipse", (20.35, 16.6, 44.35, 40.6), (255, 255, 255, 255))]),
}


def tie_pair():
    """A pixel whose two darkest neighbours are equally dark: (6, 4), alone,
    and (4, 6), the corner of a dark block. pixelmatch visits neighbours
    column by column (x outer), so it meets (4, 6) first and, with its strict
    comparison, keeps it: the block's corner has many identical siblings, so
    the changed pixel counts as anti-aliasing. Visiting row by row would keep
    (6, 4) and count the pixel as a difference."""
    size = (12, 12)
    a = Image.new("RGBA", size)
    for y in range(12):
        for x in range(12):
            # No two neighbours alike: the only siblings are the block's.
            v = 150 + (x * 37 + y * 91) % 97
            a.putpixel((x, y), (v, v, v, 255))
    for y in range(6, 12):
        for x in range(0, 5):
            a.putpixel((x, y), (0, 0, 0, 255))
    a.putpixel((6, 4), (0, 0, 0, 255))
    a.putpixel((5, 5), (128, 128, 128, 255))
    b = a.copy()
    b.putpixel((5, 5), (200, 200, 200, 255))
    return a, b


def rows_first_antialiased(img, x1, y1, width, height, img2):
    """pixelmatch's test with the neighbours visited row by row: the
    tie-breaking pixelmatch does not have (printed for comparison only)."""
    x0, y0 = max(x1 - 1, 0), max(y1 - 1, 0)
    x2, y2 = min(x1 + 1, width - 1), min(y1 + 1, height - 1)
    pos = (y1 * width + x1) * 4
    zeroes = int(x1 == x0 or x1 == x2 or y1 == y0 or y1 == y2)
    lo = hi = 0.0
    lx = ly = hx = hy = 0
    for y in range(y0, y2 + 1):
        for x in range(x0, x2 + 1):
            if x == x1 and y == y1:
                continue
            d = utils.color_delta(img, img, pos, (y * width + x) * 4, True)
            if d == 0:
                zeroes += 1
                if zeroes > 2:
                    return False
            elif d < lo:
                lo, lx, ly = d, x, y
            elif d > hi:
                hi, hx, hy = d, x, y
    if lo == 0 or hi == 0:
        return False
    sib = utils.has_many_siblings
    return (sib(img, lx, ly, width, height) and sib(img2, lx, ly, width, height)) or (
        sib(img, hx, hy, width, height) and sib(img2, hx, hy, width, height))


def main():
    os.makedirs(OUT, exist_ok=True)
    rows = []
    pairs = [(name, draw(size, bg, first), draw(size, bg, second))
             for name, (size, bg, first, second) in PAIRS.items()]
    pairs.append(("tie-on-an-edge", *tie_pair()))
    for name, a, b in pairs:
        size = a.size
        a.save(os.path.join(OUT, f"{name}-a.png"))
        b.save(os.path.join(OUT, f"{name}-b.png"))
        pa, pb = list(a.tobytes()), list(b.tobytes())
        count = pixelmatch(pa, pb, size[0], size[1], threshold=0.1)
        everything = pixelmatch(pa, pb, size[0], size[1], threshold=0.1, includeAA=True)
        original = core.antialiased
        core.antialiased = rows_first_antialiased
        rows_first = pixelmatch(pa, pb, size[0], size[1], threshold=0.1)
        core.antialiased = original
        print(f"{name}: pixelmatch {count} (of {everything} over the threshold); "
              f"row-by-row tie-breaking would count {rows_first}")
        rows.append(f'    ("{name}", {count}, {everything}),')
    with open(os.path.join(TESTS, "Comparison", "PixelmatchFixtures.swift"), "w") as f:
        f.write("\n".join([
            "// Generated by Scripts/generate-pixelmatch-fixtures.py. Do not edit.",
            "",
            "/// (pair name, pixels pixelmatch counts as differing, pixels over the",
            "/// threshold before its anti-aliasing test), threshold 0.1.",
            "enum PixelmatchFixtures {",
            "  static let pairs: [(String, Int, Int)] = [",
            *rows,
            "  ]",
            "}",
            "",
        ]))


main()

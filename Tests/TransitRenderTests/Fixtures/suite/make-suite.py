#!/usr/bin/env python3
"""Writes the PNG suite the decoder is checked against: every colour type and
bit depth PNG allows, with and without tRNS transparency, plain and Adam7
interlaced, at sizes that leave some interlace passes empty (1x1, 3x2) and
that fill them unevenly (11x7).

Each NAME.png comes with NAME.rgba: the expected pixels as straight (not
premultiplied) 8-bit RGBA rows. The PNGs are written by pypng; the expected
pixels come from pypng *reading* the file back (raw samples, de-interlaced by
pypng) and the conversion rules below, and are cross-checked against Pillow's
decoder (exact for 8 bits and below; 16-bit samples Pillow truncates to the
high byte, so there it must agree within 1).

The 16-bit files with alpha named `*16-ref-*` take their expected pixels
from an outside decoder instead: ImageMagick (`convert NAME.png PNG32:-`,
read back by pypng) converts each 16-bit sample to 8 bits rounding to
nearest, as the PNG specification recommends and as Transit does. They
are gradients that put every low byte next to every rounding boundary, over
alpha ramps from 0 to 65535, plain and interlaced. Pillow truncates 16-bit
samples to their high byte instead, so it is only checked to agree within 1
(and to disagree somewhere, which shows the files tell the two apart).
ImageMagick's raw `-depth 8 rgba:` export truncates too (6.9.11), so it is
not used. ImageMagick applies a gAMA chunk, which Transit ignores by
design; pypng writes none.

Needs `pip install pypng pillow` and, for the reference files, ImageMagick
(`apt-get install imagemagick`). Run from this folder: python3 make-suite.py
"""
import random
import subprocess

import png
from PIL import Image

SIZES = [(1, 1), (3, 2), (11, 7)]


def scale(value, depth):
    """A sample of `depth` bits as 0...255: exact below 8 bits, rounded from 16."""
    if depth == 16:
        return (value * 255 + 32767) // 65535
    return value * 255 // ((1 << depth) - 1)


def cases():
    for depth in (1, 2, 4, 8, 16):
        yield ("g", depth, False)
        yield ("g", depth, True)
    for depth in (8, 16):
        yield ("ga", depth, False)
        yield ("rgb", depth, False)
        yield ("rgb", depth, True)
        yield ("rgba", depth, False)
    for depth in (1, 2, 4, 8):
        yield ("p", depth, False)
        yield ("p", depth, True)


def make(kind, depth, trns, interlace, width, height, rng):
    top = (1 << depth) - 1
    planes = {"g": 1, "ga": 2, "rgb": 3, "rgba": 4, "p": 1}[kind]
    rows = [[rng.randint(0, top) for _ in range(width * planes)] for _ in range(height)]
    options = dict(width=width, height=height, bitdepth=depth, interlace=interlace)
    key = None
    if kind == "p":
        palette = []
        for i in range(1 << depth):
            entry = (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255))
            if trns:
                entry += (rng.choice([0, 128, 255, rng.randint(0, 255)]),)
            palette.append(entry)
        options["palette"] = palette
    else:
        options["greyscale"] = kind in ("g", "ga")
        options["alpha"] = kind in ("ga", "rgba")
        if trns:
            # Make the transparent colour actually occur: the first pixel.
            key = tuple(rows[0][0:planes])
            options["transparent"] = key[0] if planes == 1 else key
    name = f"{kind}{depth:02d}{'-trns' if trns else ''}{'-i' if interlace else ''}-{width}x{height}"
    with open(name + ".png", "wb") as f:
        png.Writer(**options).write(f, rows)
    return name, key


def expected(name, kind, depth, key):
    reader = png.Reader(filename=name + ".png")
    width, height, rows, info = reader.read()
    out = bytearray()
    palette = reader.palette(alpha="force") if kind == "p" else None
    planes = info["planes"]
    for row in rows:
        row = list(row)
        for x in range(width):
            s = row[x * planes:(x + 1) * planes]
            if kind == "p":
                r, g, b, a = palette[s[0]]
            else:
                if kind in ("g", "ga"):
                    v = scale(s[0], depth)
                    r = g = b = v
                else:
                    r, g, b = (scale(c, depth) for c in s[0:3])
                a = scale(s[-1], depth) if kind in ("ga", "rgba") else 255
                if key is not None and tuple(s[0:len(key)]) == key:
                    a = 0
            out += bytes((r, g, b, a))
    return width, height, bytes(out)


def cross_check(name, kind, depth, width, height, pixels):
    image = Image.open(name + ".png")
    tolerance = 1 if depth == 16 else 0
    if kind == "g" and depth == 16:
        values = [v >> 8 for v in image.getdata()]
        for i, v in enumerate(values):
            assert abs(v - pixels[4 * i]) <= 1, (name, i)
        return
    rgba = image.convert("RGBA").tobytes()
    for i in range(width * height):
        for c in range(4):
            actual, wanted = rgba[4 * i + c], pixels[4 * i + c]
            if c == 3 and wanted == 0 and (depth == 16 or (kind == "g" and depth < 8)):
                continue  # Pillow ignores 16-bit tRNS and misreads low-depth grey tRNS
            assert abs(actual - wanted) <= tolerance, (name, i, c, actual, wanted)


def main():
    rng = random.Random(11)
    count = 0
    for kind, depth, trns in cases():
        for interlace in (False, True):
            for width, height in SIZES:
                name, key = make(kind, depth, trns, interlace, width, height, rng)
                w, h, pixels = expected(name, kind, depth, key)
                cross_check(name, kind, depth, w, h, pixels)
                with open(name + ".rgba", "wb") as f:
                    f.write(pixels)
                count += 1
    count += reference_files(random.Random(16))
    print(f"{count} images")


def gradient(x, y, width, height, channel):
    """A 16-bit sample that sweeps the range and, with the channel, every low
    byte: 257·h + k with k from −128 to 127 lands on both sides of each
    rounding boundary of v·255/65535."""
    h = (x * 255 // max(1, width - 1) + 37 * channel) % 256
    k = ((x + 3 * y + 11 * channel) * 97) % 256 - 128
    return min(65535, max(0, 257 * h + k))


def alpha_ramp(y, height, x):
    """Alpha by row from 0 to 65535, with low bytes that round either way."""
    if y == 0:
        return 0
    if y == height - 1:
        return 65535
    return min(65535, 257 * (y * 255 // (height - 1)) + ((x * 53 + y * 29) % 256) - 128)


def reference_files(rng):
    count = 0
    for kind in ("ga", "rgba"):
        for interlace in (False, True):
            for width, height in ((32, 32), (11, 7)):
                planes = 2 if kind == "ga" else 4
                rows = []
                for y in range(height):
                    row = []
                    for x in range(width):
                        if width == 32:
                            colour = [gradient(x, y, width, height, c) for c in range(planes - 1)]
                            row += colour + [alpha_ramp(y, height, x)]
                        else:
                            row += [rng.randint(0, 65535) for _ in range(planes)]
                    rows.append(row)
                name = f"{kind}16-ref{'-i' if interlace else ''}-{width}x{height}"
                with open(name + ".png", "wb") as f:
                    png.Writer(width=width, height=height, bitdepth=16, greyscale=kind == "ga",
                               alpha=True, interlace=interlace).write(f, rows)
                converted = subprocess.run(["/usr/bin/convert", name + ".png", "PNG32:-"],
                                           check=True, capture_output=True).stdout
                w, h, pixels, _ = png.Reader(bytes=converted).asRGBA8()
                pixels = b"".join(bytes(row) for row in pixels)
                assert (w, h) == (width, height)
                ours = expected(name, kind, 16, None)[2]
                assert pixels == ours, f"{name}: ImageMagick and the rounding rule disagree"
                pillow = Image.open(name + ".png").convert("RGBA").tobytes()
                differ = sum(a != b for a, b in zip(pillow, pixels))
                assert all(abs(a - b) <= 1 for a, b in zip(pillow, pixels)), name
                assert differ > 0, f"{name}: Pillow's truncation and rounding agree everywhere"
                with open(name + ".rgba", "wb") as f:
                    f.write(pixels)
                count += 1
    return count


main()

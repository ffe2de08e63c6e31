#!/usr/bin/env python3
"""Writes Tests/TransitTests/Timing/TimingReferenceTables.swift.

The tables are computed here, outside Transit, from the reference definitions:

- Robert Penner's easing equations exactly as https://easings.net writes them
  (the formulas below are transcribed from that page), evaluated with mpmath
  at 40 significant digits at the double nearest each listed time;
- the CSS / Core Animation cubic Bézier presets, with x(s) = t solved to 40
  digits by bisection on s;
- CSS Easing Level 1's step easing algorithm (https://www.w3.org/TR/css-easing-1/
  #step-easing-algorithm), evaluated in IEEE double arithmetic, as a browser
  does: floor(t * steps), "t * steps mod 1 == 0", current step / jumps.

Run it again after changing the lists of times: python3 Scripts/generate-timing-references.py
"""

import math
import os
from mpmath import mp, mpf, sin, cos, sqrt, pi

mp.dps = 40

# --- Penner, as easings.net writes the 30 functions -------------------------

c1 = mpf("1.70158")
c2 = c1 * mpf("1.525")
c3 = c1 + 1
c4 = (2 * pi) / 3
c5 = (2 * pi) / mpf("4.5")


def bounce_out(x):
    n1 = mpf("7.5625")
    d1 = mpf("2.75")
    if x < 1 / d1:
        return n1 * x * x
    elif x < 2 / d1:
        x = x - mpf("1.5") / d1
        return n1 * x * x + mpf("0.75")
    elif x < mpf("2.5") / d1:
        x = x - mpf("2.25") / d1
        return n1 * x * x + mpf("0.9375")
    else:
        x = x - mpf("2.625") / d1
        return n1 * x * x + mpf("0.984375")


PENNER = {
    "ease-in-sine": lambda x: 1 - cos((x * pi) / 2),
    "ease-out-sine": lambda x: sin((x * pi) / 2),
    "ease-in-out-sine": lambda x: -(cos(pi * x) - 1) / 2,
    "ease-in-quad": lambda x: x * x,
    "ease-out-quad": lambda x: 1 - (1 - x) * (1 - x),
    "ease-in-out-quad": lambda x: 2 * x * x if x < 0.5 else 1 - (-2 * x + 2) ** 2 / 2,
    "ease-in-cubic": lambda x: x**3,
    "ease-out-cubic": lambda x: 1 - (1 - x) ** 3,
    "ease-in-out-cubic": lambda x: 4 * x**3 if x < 0.5 else 1 - (-2 * x + 2) ** 3 / 2,
    "ease-in-quart": lambda x: x**4,
    "ease-out-quart": lambda x: 1 - (1 - x) ** 4,
    "ease-in-out-quart": lambda x: 8 * x**4 if x < 0.5 else 1 - (-2 * x + 2) ** 4 / 2,
    "ease-in-quint": lambda x: x**5,
    "ease-out-quint": lambda x: 1 - (1 - x) ** 5,
    "ease-in-out-quint": lambda x: 16 * x**5 if x < 0.5 else 1 - (-2 * x + 2) ** 5 / 2,
    "ease-in-expo": lambda x: mpf(0) if x == 0 else mpf(2) ** (10 * x - 10),
    "ease-out-expo": lambda x: mpf(1) if x == 1 else 1 - mpf(2) ** (-10 * x),
    "ease-in-out-expo": lambda x: mpf(0) if x == 0 else mpf(1) if x == 1 else (
        mpf(2) ** (20 * x - 10) / 2 if x < 0.5 else (2 - mpf(2) ** (-20 * x + 10)) / 2),
    "ease-in-circ": lambda x: 1 - sqrt(1 - x**2),
    "ease-out-circ": lambda x: sqrt(1 - (x - 1) ** 2),
    "ease-in-out-circ": lambda x: (1 - sqrt(1 - (2 * x) ** 2)) / 2 if x < 0.5
    else (sqrt(1 - (-2 * x + 2) ** 2) + 1) / 2,
    "ease-in-back": lambda x: c3 * x**3 - c1 * x**2,
    "ease-out-back": lambda x: 1 + c3 * (x - 1) ** 3 + c1 * (x - 1) ** 2,
    "ease-in-out-back": lambda x: ((2 * x) ** 2 * ((c2 + 1) * 2 * x - c2)) / 2 if x < 0.5
    else ((2 * x - 2) ** 2 * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2,
    "ease-in-elastic": lambda x: mpf(0) if x == 0 else mpf(1) if x == 1
    else -(mpf(2) ** (10 * x - 10)) * sin((x * 10 - mpf("10.75")) * c4),
    "ease-out-elastic": lambda x: mpf(0) if x == 0 else mpf(1) if x == 1
    else mpf(2) ** (-10 * x) * sin((x * 10 - mpf("0.75")) * c4) + 1,
    "ease-in-out-elastic": lambda x: mpf(0) if x == 0 else mpf(1) if x == 1 else (
        -(mpf(2) ** (20 * x - 10) * sin((20 * x - mpf("11.125")) * c5)) / 2 if x < 0.5
        else (mpf(2) ** (-20 * x + 10) * sin((20 * x - mpf("11.125")) * c5)) / 2 + 1),
    "ease-in-bounce": lambda x: 1 - bounce_out(1 - x),
    "ease-out-bounce": bounce_out,
    "ease-in-out-bounce": lambda x: (1 - bounce_out(1 - 2 * x)) / 2 if x < 0.5
    else (1 + bounce_out(2 * x - 1)) / 2,
}

# Every 40th, the halves and quarters, and times either side of the in-out
# seam and of the bounce arcs' joins.
TIMES = sorted(set(
    [k / 40 for k in range(41)]
    + [0.001, 0.01, 0.05, 0.123, 0.3, 0.55, 0.7, 0.95, 0.99, 0.999,
       math.nextafter(0.5, 0), math.nextafter(0.5, 1), 1 / 2.75, 2 / 2.75, 2.5 / 2.75, 1 / 3, 2 / 3]
))

# --- cubic Bézier presets, 40 digits ----------------------------------------

BEZIERS = {
    "ease": (0.25, 0.1, 0.25, 1.0),
    "ease-in": (0.42, 0.0, 1.0, 1.0),
    "ease-out": (0.0, 0.0, 0.58, 1.0),
    "ease-in-out": (0.42, 0.0, 0.58, 1.0),
}


def bezier(points, t):
    x1, y1, x2, y2 = (mpf(p) for p in points)

    def coordinate(a, b, s):
        return 3 * a * s * (1 - s) ** 2 + 3 * b * s * s * (1 - s) + s**3

    target = mpf(t)
    low, high = mpf(0), mpf(1)
    for _ in range(200):  # 2^-200, far below 40 digits
        mid = (low + high) / 2
        if coordinate(x1, x2, mid) < target:
            low = mid
        else:
            high = mid
    return coordinate(y1, y2, (low + high) / 2)


# --- CSS steps(), in doubles as a browser computes it ------------------------

def css_steps(t, steps, position, before):
    current = math.floor(t * steps)
    if before and math.fmod(t * steps, 1) == 0:
        current -= 1
    if position in ("jump-start", "jump-both"):
        current += 1
    if t >= 0 and current < 0:
        current = 0
    jumps = {"jump-start": steps, "jump-end": steps, "jump-none": steps - 1,
             "jump-both": steps + 1}[position]
    if t <= 1 and current > jumps:
        current = jumps
    return current / jumps


def step_times(steps):
    times = set([0.0, 1.0])
    for k in range(steps + 1):  # every boundary k / steps and its neighbours
        b = k / steps
        times.update([b, math.nextafter(b, 0), math.nextafter(b, 1)])
    for frames in (2, 5, 6, 11, 24, 60):  # timeline frames i / (N - 1)
        times.update(i / (frames - 1) for i in range(frames))
    # (No subnormal times: Swift warns about their decimal literals.)
    return sorted(t for t in times if t == 0 or 1e-300 < t <= 1)


STEP_COUNTS = [1, 2, 3, 4, 5, 6, 7, 10, 12]
POSITIONS = ["jump-start", "jump-end", "jump-none", "jump-both"]


def d(x):
    return repr(float(x))


def main():
    lines = [
        "// Generated by Scripts/generate-timing-references.py. Do not edit.",
        "//",
        "// Reference values computed outside Transit: Penner's equations as easings.net",
        "// writes them and the CSS cubic Bézier presets (mpmath, 40 digits, rounded to",
        "// the nearest double), and CSS Easing Level 1's step easing algorithm in",
        "// double arithmetic, as browsers compute it.",
        "//",
        "// The rows are text, parsed when first used: an array literal of thousands",
        "// of tuples costs the Swift type checker gigabytes of memory.",
        "",
        "enum TimingReferenceTables {",
        "  /// (curve name, t, value)",
        "  static let penner: [(String, Double, Double)] = rows(pennerText) {",
        "    ($0[0], number($0[1]), number($0[2]))",
        "  }",
        "",
        "  /// (curve name, t, value)",
        "  static let bezier: [(String, Double, Double)] = rows(bezierText) {",
        "    ($0[0], number($0[1]), number($0[2]))",
        "  }",
        "",
        "  /// (count, position, t, value with the before flag unset, value with it set)",
        "  static let steps: [(Int, String, Double, Double, Double)] = rows(stepsText) {",
        "    (Int(number($0[0])), $0[1], number($0[2]), number($0[3]), number($0[4]))",
        "  }",
        "",
        "  /// Splits `text` into lines of space-separated fields and makes a row of each.",
        "  private static func rows<Row>(_ text: String, _ row: ([String]) -> Row) -> [Row] {",
        "    text.split(separator: \"\\n\").map { row($0.split(separator: \" \").map(String.init)) }",
        "  }",
        "",
        "  /// A field as a `Double`; a malformed table stops the tests at once.",
        "  private static func number(_ field: String) -> Double {",
        "    guard let value = Double(field) else { preconditionFailure(\"bad number \\(field)\") }",
        "    return value",
        "  }",
        "",
        "  private static let pennerText = \"\"\"",
    ]
    for name, f in PENNER.items():
        for t in TIMES:
            lines.append(f'    {name} {d(t)} {d(f(mpf(t)))}')
    lines += ['    """', "", '  private static let bezierText = """']
    for name, points in BEZIERS.items():
        for t in TIMES:
            lines.append(f'    {name} {d(t)} {d(bezier(points, t))}')
    lines += ['    """', "", '  private static let stepsText = """']
    for n in STEP_COUNTS:
        for position in POSITIONS:
            if position == "jump-none" and n < 2:
                continue
            for t in step_times(n):
                lines.append(
                    f'    {n} {position} {d(t)} {d(css_steps(t, n, position, False))} '
                    f'{d(css_steps(t, n, position, True))}')
    lines += ['    """', "}", ""]
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "Tests", "TransitTests", "Timing", "TimingReferenceTables.swift")
    with open(out, "w") as f:
        f.write("\n".join(lines))


main()

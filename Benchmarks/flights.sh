#!/usr/bin/env bash
# What four flights cost in the frames layout, as a user of animrender meets
# it: `animrender play` of a 60-frame push at 1280×720 whose two screens
# carry four matched cards (rounded and shadowed in the grid, large and
# square in the detail; the screens of FlightBenchmarks), written as one PNG
# per frame, against the same file with `"match": false` on the push (the
# same push, nothing flying). The two commands alternate, run by run, so
# that a machine shared with other work slows both alike; prints the
# medians of the wall and CPU (user + system) times and their ratios.
#
#   Benchmarks/flights.sh            (RUNS=15 by default)
#
# FlightBenchmarks times the drawing alone, in process: the stricter figure.
set -euo pipefail
source "$(dirname "$0")/common.sh"
python3 - "$work" "$animrender" "${RUNS:-15}" <<'PY'
import json, os, resource, statistics, subprocess, sys, time

work, animrender, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])

def screen(name, detail):
    cards = []
    for i in range(4):
        frame = ([40 + (i % 2) * 620, 40 + (i // 2) * 340, 580, 300] if detail
                 else [32 + i * 308, 24, 284, 114])
        card = {"id": f"{name}-card-{i}", "frame": frame,
                "color": "#1a1a1a" if detail else "#ffffff",
                "cornerRadius": 0 if detail else 14, "clipsToBounds": True,
                "match": f"card-{i}",
                "children": [{"id": f"{name}-title-{i}", "frame": [16, 16, 180, 18],
                              "color": "#334de6", "cornerRadius": 4}]}
        if not detail:
            card["shadow"] = {"opacity": 0.25, "radius": 8, "offset": [0, 4]}
        cards.append(card)
    return {"id": name, "color": "#f2f2f7", "children": cards}

for variant, match in [("flights", True), ("plain", False)]:
    push = {"push": "detail", "style": "push-from-right"}
    if not match:
        push["match"] = False
    scene = {"container": {"width": 1280, "height": 720}, "frames": 60,
             "views": [screen("grid", False), screen("detail", True)],
             "script": [{"show": "grid", "frames": 0}, push]}
    with open(f"{work}/{variant}.json", "w") as f:
        json.dump(scene, f)
    os.makedirs(f"{work}/{variant}", exist_ok=True)

def run(variant):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([animrender, "play", f"{work}/{variant}.json", "--layout", "frames",
                    "-o", f"{work}/{variant}/frame-%03d.png", "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu

times = {"plain": [], "flights": []}
run("plain"); run("flights")  # warm-up: page cache, the files each run replaces
for _ in range(runs):
    for variant in ("plain", "flights"):
        times[variant].append(run(variant))
frames = len(os.listdir(f"{work}/flights"))
# The flights variant must fly: its states list the four overlays.
subprocess.run([animrender, "play", f"{work}/flights.json", "--layout", "frames",
                "-o", f"{work}/flights/frame-%03d.png", "--quiet",
                "--states", f"{work}/states.json"], check=True, stdout=subprocess.DEVNULL)
with open(f"{work}/states.json") as f:
    text = f.read()
flying = sum(f'"match:card-{i}"' in text for i in range(4))
assert flying == 4, f"{flying} of the four cards fly"
for index, kind in [(0, "wall"), (1, "CPU")]:
    a = statistics.median(t[index] for t in times["plain"]) * 1000
    b = statistics.median(t[index] for t in times["flights"]) * 1000
    print(f"{frames} frames 1280×720, --layout frames, {kind}: no matching {a:.1f} ms, "
          f"four flights {b:.1f} ms (medians of {runs}); flights / no matching = {b / a:.2f} (goal <= 1.3)")
PY

#!/usr/bin/env bash
# The live preview, measured from the browser (headless Chromium driven by
# Selenium; `make test-deps` installs both) against the release animrender:
#
# - drag: a pop of Examples/interactive-pop.json at 390×844 dragged with
#   synthetic pointer events, one move every 16 ms; for each picture
#   painted, the time from its pointer event (event.timeStamp) to the end
#   of drawImage (performance.now(), the same clock). The page keeps one
#   request under way and asks for the latest position next, so a slow
#   frame skips moves rather than queueing them; the figures count the
#   moves painted.
# - frames: every frame of the story fetched one after another, decoded
#   (createImageBitmap) and drawn, as scrubbing does: frames a second.
#
# - server: the same drag's pictures asked for without a browser (60
#   requests one after another over one connection), with the server's
#   own split of each (its Server-Timing: drawing with Cairo, PNG encoding).
#
#   Benchmarks/preview.sh            (MOVES=120 ROUNDS=5 by default)
set -euo pipefail
source "$(dirname "$0")/common.sh"

python3 - "$work" "$root/Examples/interactive-pop.json" <<'PY'
import json, sys
work, example = sys.argv[1], sys.argv[2]
scene = json.load(open(example))
scene["container"]["width"], scene["container"]["height"] = 390, 844
json.dump(scene, open(f"{work}/pop.json", "w"))
PY

swift build -c release --product animrender-preview >/dev/null
"$animrender" preview "$work/pop.json" >"$work/address" 2>"$work/errors" &
server=$!
trap 'kill -INT $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/address" ] && break; sleep 0.1; done
address=$(head -1 "$work/address")

python3 - "$address" "${MOVES:-120}" "${ROUNDS:-5}" <<'PY'
import json, shutil, statistics, sys, time
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains

address, moves, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
options = Options()
options.binary_location = shutil.which("chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=900,1300"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
try:
    driver.get(address)
    driver.execute_async_script("const done = arguments[0]; transitPlayer.ready.then(() => done(true))")
    latencies, phases, painted = [], [], 0
    for _ in range(rounds):
        driver.execute_async_script("const done = arguments[0]; transitPlayer.show(2).then(() => done(true))")
        driver.execute_script("transitPreview.latencies = []; transitPreview.phases = []")
        canvas = driver.find_element("id", "screen")
        width = canvas.size["width"]
        chain = ActionChains(driver, duration=16)
        chain.move_to_element_with_offset(canvas, -width // 2 + 2, 0).click_and_hold()
        for step in range(moves):
            chain.move_by_offset(1 if step % 2 == 0 else 2, 0)
        chain.release()
        chain.perform()
        driver.execute_async_script("const done = arguments[0]; transitPreview.idle.then(() => done(true), () => done(false))")
        round_latencies = driver.execute_script("return transitPreview.latencies")
        phases += driver.execute_script("return transitPreview.phases")
        latencies += round_latencies
        painted += len(round_latencies)
    frames = driver.execute_async_script("""
        const done = arguments[0];
        (async () => {
          const story = transitPlayer.story, context = transitPlayer.context;
          const count = story.frames.length * 5;
          const start = performance.now();
          for (let k = 0; k < count; k++) {
            const frame = story.frames[k % story.frames.length];
            const response = await fetch(frame.image, { cache: "no-store" });
            const bitmap = await createImageBitmap(await response.blob());
            context.drawImage(bitmap, 0, 0);
          }
          return { count, seconds: (performance.now() - start) / 1000 };
        })().then(done);
    """)
    latencies.sort()
    print(f"drag at 390x844: {painted} pictures painted for {moves * rounds} moves")
    print(f"  pointer event to painted: median {statistics.median(latencies):.1f} ms, "
          f"p90 {latencies[int(len(latencies) * 0.9)]:.1f} ms, max {latencies[-1]:.1f} ms")
    print("  medians: " + ", ".join(
        f"{name} {statistics.median(p[name] for p in phases):.1f} ms"
        for name in ["waiting", "fetching", "decoding", "painting"]))
    print(f"frames one after another: {frames['count']} in {frames['seconds']:.2f} s, "
          f"{frames['count'] / frames['seconds']:.1f} frames a second")
finally:
    driver.quit()
PY

python3 - "$address" <<'PY'
import http.client, re, statistics, sys, time, urllib.parse
parts = urllib.parse.urlsplit(sys.argv[1])
connection = http.client.HTTPConnection(parts.hostname, parts.port)
def post(path):
    connection.request("POST", parts.path + path, headers={"Host": parts.netloc})
    response = connection.getresponse()
    response.read()
    return response
post("drag/begin?operation=2&x=0&y=400&t=0")
totals, draws, encodes = [], [], []
for k in range(60):
    start = time.perf_counter()
    response = post("drag/update?x=%r&y=400&t=%d" % (390 * k / 60, 16 * (k + 1)))
    totals.append((time.perf_counter() - start) * 1000)
    timing = dict(re.findall(r"(\w+);dur=([\d.]+)", response.getheader("Server-Timing")))
    draws.append(float(timing["draw"]))
    encodes.append(float(timing["encode"]))
print(f"server alone, 60 drag pictures: request median {statistics.median(totals):.1f} ms "
      f"(drawing {statistics.median(draws):.1f} ms, PNG encoding {statistics.median(encodes):.1f} ms)")
PY

#!/usr/bin/env bash
# Docs/screenshots/player.png: the player page of Examples/interactive-pop.json
# (`play … -o story.html`) in headless Chromium, on the cancelled swipe back
# at 45 %. A browser's screenshot, not animrender's drawing, so it lives
# apart from the pictures `make pictures` draws and the tests compare.
#
#   Scripts/screenshot-player.sh     (needs `make test-deps`: chromium, selenium)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product animrender >/dev/null
"$(swift build --show-bin-path)/animrender" play "$root/Examples/interactive-pop.json" \
  --scale 2 -o "$work/story.html" --quiet >/dev/null
python3 - "$work/story.html" "$root/Docs/screenshots/player.png" <<'PY'
import pathlib, shutil, sys
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
options = Options()
options.binary_location = shutil.which("chromium")
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-color-profile=srgb",
                 "--hide-scrollbars", "--window-size=760,700"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
try:
    driver.get(pathlib.Path(sys.argv[1]).resolve().as_uri())
    driver.execute_async_script("const done = arguments[0]; transitPlayer.ready.then(() => done(true))")
    driver.execute_async_script("const done = arguments[0]; transitPlayer.show(3).then(() => done(true))")
    driver.save_screenshot(sys.argv[2])
finally:
    driver.quit()
PY
echo "$root/Docs/screenshots/player.png"

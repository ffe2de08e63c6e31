/// The player: one HTML page, its style and its script inline, that plays a
/// ``PlayerStory`` on a canvas. It loads nothing from anywhere: its
/// Content-Security-Policy allows no network at all, only the page's own
/// inline script and style and `data:` pictures (the live preview lets it
/// fetch from its own origin).
///
/// The controls are GSAP's GSDevTools' and a browser's animation
/// inspector's: play and pause, a scrubber over the story's time, a step
/// back and forward, speed from 0.1× to 2×, loop, play in reverse, and a
/// list of the story's operations with when each starts. The keys:
/// Space plays or pauses, ← and → step, Home and End go to either end,
/// `[` and `]` change the speed, `L` loops, `R` reverses.
///
/// The page's script exposes `window.transitPlayer` (`ready`, `count`,
/// `show(k)`, `seek(seconds)`, `load(story)`), which the tests and the
/// live preview drive.
enum PlayerPage {
  /// The whole page around `story` (JSON from ``PlayerStory/json()``),
  /// with `extraScript` run after the player's own (the preview's), and
  /// `images` and `connect` the sources the page may show pictures from
  /// and fetch from (`data:` pictures only and nothing, for a file).
  static func html(
    story: [UInt8], extraScript: String = "", images: String = "data: blob:",
    connect: String = "'none'"
  ) -> [UInt8] {
    let policy =
      "default-src 'none'; img-src \(images); style-src 'unsafe-inline'; "
      + "script-src 'unsafe-inline'; connect-src \(connect); base-uri 'none'; form-action 'none'"
    var page = Array(
      """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Transit player</title>
      <style>\(style)</style>
      </head>
      <body>
      \(markup)
      <script type="application/json" id="player-data">
      """.utf8)
    page += story
    page += Array(
      """
      </script>
      <script>\(script)</script>
      <script>\(extraScript)</script>
      </body>
      </html>

      """.utf8)
    return page
  }

  static let markup = #"""
    <main>
      <div id="stage"><canvas id="screen" aria-label="The story's picture"></canvas></div>
      <p id="label" aria-live="polite"></p>
      <p id="problem" role="alert" hidden></p>
      <div class="row">
        <button id="back" title="Step back (←)">‹ Step</button>
        <button id="play" title="Play or pause (Space)">Play</button>
        <button id="forward" title="Step forward (→)">Step ›</button>
        <input id="scrubber" type="range" min="0" max="0" step="1" value="0" aria-label="Time">
        <output id="clock">0.000s</output>
      </div>
      <div class="row">
        <label>Speed <input id="speed" type="range" min="0.1" max="2" step="0.05" value="1">
          <output id="speedText">1×</output></label>
        <label><input id="loop" type="checkbox" checked> Loop</label>
        <label><input id="reverse" type="checkbox"> Reverse</label>
      </div>
      <ol id="operations"></ol>
      <details><summary>Views at this frame</summary><pre id="states"></pre></details>
      <p class="keys">Space play/pause · ← → step · Home End · [ ] speed · L loop · R reverse</p>
    </main>
    """#

  static let style = #"""
    :root { color-scheme: dark; font: 14px system-ui, sans-serif; }
    body { margin: 0; background: #161618; color: #e8e8e8; }
    main { max-width: 56rem; margin: 0 auto; padding: 1rem; }
    #stage { display: flex; justify-content: center; padding: 1rem;
      background: repeating-conic-gradient(#2a2a2e 0 25%, #222226 0 50%) 0 0 / 16px 16px; }
    canvas { touch-action: none; box-shadow: 0 0 0 1px #444; }
    #label { font: 600 1rem ui-monospace, monospace; text-align: center; min-height: 1.3em; }
    #problem { background: #5c1a1a; color: #ffd7d7; padding: .5rem; white-space: pre-wrap;
      font-family: ui-monospace, monospace; }
    .row { display: flex; gap: .5rem; align-items: center; margin: .5rem 0; flex-wrap: wrap; }
    #scrubber { flex: 1; min-width: 10rem; }
    button { font-size: 1rem; min-width: 4.5rem; }
    #clock, #speedText { font-family: ui-monospace, monospace; min-width: 4rem; }
    #operations { display: flex; flex-wrap: wrap; gap: .25rem; padding: 0; list-style: none; }
    #operations button { font-size: .8rem; min-width: 0; }
    #operations button.current { outline: 2px solid #3478f6; }
    pre { max-height: 16rem; overflow: auto; font-size: .75rem; }
    .keys { color: #999; font-size: .8rem; }
    """#

  static let script = #"""
    "use strict";
    (() => {
      const $ = (id) => document.getElementById(id);
      const canvas = $("screen"), context = canvas.getContext("2d");
      const scrubber = $("scrubber"), speed = $("speed"), loop = $("loop"), reverse = $("reverse");
      let story = null, pictures = [], views = [];
      let index = 0, position = 0, playing = false, lastTick = null;

      // Every view's state at each frame, from the first frame's and the
      // changes each later frame lists.
      function unfold(states) {
        const now = new Map(), frames = [];
        for (const change of states || []) {
          for (const id of change.removed || []) now.delete(id);
          for (const view of change.views) now.set(view.id, view);
          frames.push({ index: change.index, time: change.time, views: [...now.values()] });
        }
        return frames;
      }

      // A frame's picture, decoded once; the page asks for it when it shows.
      function picture(k) {
        if (!pictures[k]) {
          const image = new Image();
          image.src = story.frames[k].image;
          pictures[k] = image.decode().then(() => image);
        }
        return pictures[k];
      }

      // The frame showing at `seconds`: the last that starts at or before it.
      function frameAt(seconds) {
        let low = 0, high = story.frames.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if (story.frames[middle].start <= seconds + 1e-9) low = middle; else high = middle - 1;
        }
        return low;
      }

      const seconds = (s) => s.toFixed(3) + "s";

      function paint(k) {
        index = k;
        const frame = story.frames[k];
        $("label").textContent = (frame.operation ? frame.operation + " · " : "") + frame.label;
        $("clock").textContent = seconds(position) + " / " + seconds(story.end);
        scrubber.value = Math.round(position * 1000);
        for (const item of $("operations").querySelectorAll("button")) {
          item.classList.toggle("current", Number(item.dataset.first) <= k
            && k <= Number(item.dataset.last));
        }
        if (views[k]) $("states").textContent = JSON.stringify(views[k].views, null, 1);
        return picture(k).then((image) => {
          if (index !== k) return;
          context.clearRect(0, 0, canvas.width, canvas.height);
          context.drawImage(image, 0, 0);
        });
      }

      function seek(s) {
        if (!story.frames.length) return Promise.resolve();
        position = Math.min(Math.max(s, 0), story.end);
        return paint(frameAt(position));
      }

      function show(k) {
        if (!story.frames.length) return Promise.resolve();
        k = Math.min(Math.max(k, 0), story.frames.length - 1);
        position = story.frames[k].start;
        return paint(k);
      }

      function setPlaying(on) {
        playing = on;
        lastTick = null;
        $("play").textContent = on ? "Pause" : "Play";
        if (on) requestAnimationFrame(tick);
      }

      function tick(now) {
        if (!playing) return;
        if (lastTick !== null) {
          const step = (now - lastTick) / 1000 * Number(speed.value);
          let next = position + (reverse.checked ? -step : step);
          if (next >= story.end || next < 0) {
            if (loop.checked) {
              next = reverse.checked ? next + story.end : next - story.end;
            } else {
              next = Math.min(Math.max(next, 0), story.end);
              setPlaying(false);
            }
          }
          if (position !== next || !playing) seek(next);
        }
        lastTick = now;
        if (playing) requestAnimationFrame(tick);
      }

      function setSpeed(value) {
        speed.value = Math.min(Math.max(value, 0.1), 2);
        $("speedText").textContent = Number(speed.value).toFixed(2).replace(/\.?0+$/, "") + "×";
      }

      // Replaces the story (a file's, or the preview's after an edit),
      // keeping the time position.
      function load(next) {
        story = next;
        pictures = [];
        views = unfold(story.states);
        document.title = story.title + " · Transit player";
        canvas.width = story.width;
        canvas.height = story.height;
        canvas.style.width = story.width / story.scale + "px";
        canvas.style.height = story.height / story.scale + "px";
        scrubber.max = Math.round(story.end * 1000);
        const list = $("operations");
        list.replaceChildren();
        story.frames.forEach((frame, k) => {
          const previous = list.lastElementChild;
          if (previous && previous.firstChild.dataset.name === frame.operation) {
            previous.firstChild.dataset.last = k;
            return;
          }
          const button = document.createElement("button");
          button.dataset.name = frame.operation;
          button.dataset.first = button.dataset.last = k;
          button.textContent = (frame.operation || "frame " + k) + " @ " + seconds(frame.start);
          button.addEventListener("click", () => show(Number(button.dataset.first)));
          const item = document.createElement("li");
          item.append(button);
          list.append(item);
        });
        // Frames that take no time (a drag's) show when stepped to; the
        // start shows the first frame, not the last of those at 0 s.
        if (!story.frames.length) return Promise.resolve();
        return position > 0 ? seek(position) : show(Math.min(index, story.frames.length - 1));
      }

      $("play").addEventListener("click", () => setPlaying(!playing));
      $("back").addEventListener("click", () => { setPlaying(false); show(index - 1); });
      $("forward").addEventListener("click", () => { setPlaying(false); show(index + 1); });
      scrubber.addEventListener("input", () => seek(Number(scrubber.value) / 1000));
      speed.addEventListener("input", () => setSpeed(Number(speed.value)));
      document.addEventListener("keydown", (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const actions = {
          " ": () => setPlaying(!playing),
          "ArrowLeft": () => { setPlaying(false); show(index - 1); },
          "ArrowRight": () => { setPlaying(false); show(index + 1); },
          "Home": () => { setPlaying(false); show(0); },
          "End": () => { setPlaying(false); seek(story.end); },
          "[": () => setSpeed(Number(speed.value) - 0.1),
          "]": () => setSpeed(Number(speed.value) + 0.1),
          "l": () => { loop.checked = !loop.checked; },
          "r": () => { reverse.checked = !reverse.checked; },
        };
        const action = actions[event.key.length === 1 ? event.key.toLowerCase() : event.key];
        if (!action) return;
        event.preventDefault();
        action();
      });

      // A file's pictures are all decoded before it is ready; a server's
      // are asked for as they show.
      const ready = load(JSON.parse($("player-data").textContent)).then(() =>
        Promise.all(story.frames.map((frame, k) =>
          frame.image.startsWith("data:") ? picture(k) : null)));
      window.transitPlayer = {
        ready, show, seek, load, paint,
        pause: () => setPlaying(false),
        get count() { return story.frames.length; },
        get index() { return index; },
        get position() { return position; },
        get story() { return story; },
        canvas, context,
      };
    })();
    """#
}

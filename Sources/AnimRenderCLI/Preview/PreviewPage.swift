import Foundation

/// The preview's part of the player page: it follows the scene file's
/// changes and turns a drag on the canvas into the interactive API's calls.
///
/// - Changes: the page waits on `events?since=VERSION` (the server answers
///   when the file changed, or after 10 s) and loads the new story, which
///   keeps the time position; a file with a problem shows `play`'s
///   message over the last good picture.
/// - Drags: pressing on a frame whose operation a drag can drive begins it
///   (`drag/begin`), each move asks for the picture with the finger there
///   (`drag/update`, at most one request at a time, always the latest
///   position; the page sends positions, the server reads them as the
///   operation's gesture, ``PreviewDrag``), and letting go asks the server
///   to finish or cancel (`drag/release`), then plays the completion's
///   frames on their clock.
///
/// `window.transitPreview` reports what happened, for the tests and the
/// benchmark: the version shown, the last progress painted, and for each
/// painted drag frame the milliseconds from its pointer event (and how
/// they split: waiting for the request before, fetching, decoding, painting).
enum PreviewPage {
  /// `text` as a JavaScript string literal that cannot end a `<script>`.
  static func escapedForScript(_ text: String) -> String {
    let json = (try? JSONEncoder().encode([text])) ?? Data("[\"\"]".utf8)
    let literal = String(decoding: json.dropFirst().dropLast(), as: UTF8.self)
    return literal.replacingOccurrences(of: "<", with: "\\u003c")
  }

  static let script = #"""
    "use strict";
    (() => {
      const player = window.transitPlayer;
      const canvas = player.canvas, context = player.context;
      const problem = document.getElementById("problem");
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const post = (url) => fetch(url, { method: "POST", cache: "no-store" }).then((response) => {
        if (!response.ok) return response.text().then((text) => { throw new Error(text); });
        return response;
      });
      const preview = window.transitPreview = {
        version: transitPreviewStart.version, progress: null, latencies: [], phases: [], releases: 0,
        dragging: false, idle: Promise.resolve(),
      };

      function report(text) {
        problem.textContent = text || "";
        problem.hidden = !text;
      }
      report(transitPreviewStart.problem);

      async function listen() {
        for (;;) {
          try {
            const response = await fetch("events?since=" + preview.version, { cache: "no-store" });
            if (!response.ok) { await sleep(500); continue; }
            const update = await response.json();
            if (update.version <= preview.version) continue;
            report(update.problem);
            if (!update.problem && update.story) await player.load(update.story);
            preview.version = update.version;
          } catch (error) {
            await sleep(500);
          }
        }
      }

      let drag = null;

      // The pointer in the canvas's points, and when, on the page's clock.
      function sample(event) {
        const box = canvas.getBoundingClientRect();
        const story = player.story;
        const x = (event.clientX - box.left) * story.width / story.scale / box.width;
        const y = (event.clientY - box.top) * story.height / story.scale / box.height;
        return "x=" + x.toFixed(2) + "&y=" + y.toFixed(2) + "&t=" + event.timeStamp.toFixed(2);
      }

      function paintPicture(bitmap) {
        context.clearRect(0, 0, canvas.width, canvas.height);
        context.drawImage(bitmap, 0, 0);
      }

      // Asks for the latest position once the request before has painted.
      function schedule(current) {
        if (current.scheduled) return;
        current.scheduled = true;
        current.chain = current.chain.then(async () => {
          current.scheduled = false;
          const wanted = current.wanted;
          current.wanted = null;
          if (!wanted) return;
          const asked = performance.now();
          const response = await post("drag/update?" + wanted.sample);
          const blob = await response.blob();
          const fetched = performance.now();
          const bitmap = await createImageBitmap(blob);
          const decoded = performance.now();
          paintPicture(bitmap);
          const painted = performance.now();
          preview.progress = Number(response.headers.get("Transit-Progress"));
          preview.latencies.push(painted - wanted.stamp);
          preview.phases.push({ waiting: asked - wanted.stamp, fetching: fetched - asked,
            decoding: decoded - fetched, painting: painted - decoded });
        }).catch((error) => report(String(error.message || error)));
        preview.idle = current.chain;
      }

      canvas.addEventListener("pointerdown", (event) => {
        const frame = player.story.frames[player.index];
        if (drag || !frame || !frame.drag) return;
        event.preventDefault();
        canvas.setPointerCapture(event.pointerId);
        player.pause();
        drag = {
          wanted: null, scheduled: false,
          chain: post("drag/begin?operation=" + frame.drag.operation + "&" + sample(event)),
        };
        preview.dragging = true;
        preview.idle = drag.chain;
      });

      // Chrome holds pointermove back to the next animation frame (up to
      // 16 ms); pointerrawupdate comes as the pointer moves.
      const moves = "onpointerrawupdate" in window ? "pointerrawupdate" : "pointermove";
      canvas.addEventListener(moves, (event) => {
        if (!drag) return;
        drag.wanted = { sample: sample(event), stamp: event.timeStamp };
        schedule(drag);
      });

      // Letting go: the last position, then the release, which the server
      // finishes or cancels from the drag's travel and velocity; the
      // completion's pictures then play on their clock.
      async function release(event) {
        if (!drag) return;
        const current = drag;
        current.wanted = { sample: sample(event), stamp: event.timeStamp };
        schedule(current);
        await current.chain;
        const done = (async () => {
          const response = await post("drag/release");
          const completion = await response.json();
          const pictures = await Promise.all(completion.frames.map((frame) =>
            fetch(frame.image, { cache: "no-store" }).then((r) => r.blob()).then(createImageBitmap)));
          const start = performance.now();
          for (let k = 0; k < pictures.length; k++) {
            const wait = completion.frames[k].start * 1000 - (performance.now() - start);
            if (wait > 0) await sleep(wait);
            paintPicture(pictures[k]);
          }
          preview.releases += 1;
          preview.lastRelease = { finish: completion.finish, frames: pictures.length };
        })().catch((error) => report(String(error.message || error)));
        preview.idle = done;
        await done;
        drag = null;
        preview.dragging = false;
      }

      canvas.addEventListener("pointerup", release);
      canvas.addEventListener("pointercancel", release);
      listen();
    })();
    """#
}

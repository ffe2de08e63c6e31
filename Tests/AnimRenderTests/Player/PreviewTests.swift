import Foundation
import Testing
import TransitTestSupport

/// `animrender preview`: in a real browser, scrubbing shows the engine's
/// frames, a synthetic pointer drag shows the engine's picture at the
/// drag's progress and lets go to its settled picture, and an edit of the
/// file reloads the page at the same place (a broken file shows `play`'s
/// own message). Without a browser: requests without the token or outside
/// the page's addresses are refused, SIGINT stops it at once leaving
/// nothing, and `animrender` without its preview program says so.
@Suite("The live preview", .serialized)
struct PreviewTests {
  /// A running `animrender preview`, stopped by SIGINT at the end.
  final class Running {
    let process: Process
    let address: String
    let output: Pipe

    init(_ arguments: [String], in folder: URL, shell: String? = nil) throws {
      process = animrender.make(["preview"] + arguments, in: folder, shell: shell)
      output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      var line: [UInt8] = []
      let handle = output.fileHandleForReading
      while line.last != UInt8(ascii: "\n") {
        let byte = handle.readData(ofLength: 1)
        if byte.isEmpty { break }
        line += byte
      }
      address = String(decoding: line, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
    }

    /// Sends SIGINT and waits; returns whether the process ended by it
    /// within 5 s (after which it is killed).
    func interrupt() -> Bool {
      kill(process.processIdentifier, SIGINT)
      let deadline = ContinuousClock.now + .seconds(5)
      while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
    }
  }

  struct Checked: Decodable {
    var scrubbedIndex: Int
    var expectedIndex: Int
    var scrubbedDiffering: Int
    var dragProgress: Double
    var dragDiffering: Int
    var released: Bool
    var settledDiffering: Int
    var reloadMilliseconds: Double
    var indexKept: Bool
    var edited: [Int]
    var problem: String
    var problemKeptPicture: Bool
  }

  @Test func scrubDragAndEditInABrowser() throws {
    let folder = TemporaryDirectory.make()
    let scene = folder.appendingPathComponent("pop.json")
    try FileManager.default.copyItem(
      at: PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json"), to: scene)
    // The engine's frames, the message `play` prints for a broken file.
    let frames = try animrender.run(
      ["play", "pop.json", "--layout", "frames", "-o", "f-%02d.png"], in: folder)
    #expect(frames.status == 0, "\(frames.stderr)")
    try Data("{\"container\": ".utf8).write(to: folder.appendingPathComponent("broken.json"))
    let broken = try animrender.run(["play", "broken.json", "-o", "x.png"], in: folder)
    #expect(broken.status == 65)
    let expected = broken.stderr.replacingOccurrences(of: "broken.json", with: "pop.json")
    try expected.trimmingCharacters(in: .newlines).write(
      to: folder.appendingPathComponent("expected.txt"), atomically: true, encoding: .utf8)

    let running = try Running(["pop.json"], in: folder)
    #expect(running.address.hasPrefix("http://127.0.0.1:"), "\(running.address)")
    let outcome: Browser.Outcome<Checked>
    do {
      outcome = try Browser.run(
        Self.check, [running.address, animrender.url.path], in: folder, timeout: 180)
    } catch {
      _ = running.interrupt()
      throw error
    }
    // Ctrl-C stops it at once, its port closed.
    #expect(running.interrupt())
    guard case .ran(let checked) = outcome else {
      if case .skipped(let reason) = outcome {
        print("skipped the preview in a browser: \(reason)")
      }
      return
    }
    #expect(checked.scrubbedIndex == checked.expectedIndex)
    #expect(checked.scrubbedIndex > 5)
    #expect(checked.scrubbedDiffering == 0)
    #expect(checked.dragProgress > 0.3 && checked.dragProgress < 0.5, "\(checked.dragProgress)")
    #expect(checked.dragDiffering == 0)
    #expect(checked.released)
    #expect(checked.settledDiffering == 0)
    #expect(checked.reloadMilliseconds < 500, "\(checked.reloadMilliseconds) ms")
    #expect(checked.indexKept)
    #expect(checked.edited == [255, 0, 0, 255])
    #expect(checked.problem == expected.trimmingCharacters(in: .newlines))
    #expect(checked.problemKeptPicture)
  }

  static let check = #"""
    import pathlib, subprocess, time
    from PIL import Image
    address, tool = sys.argv[1], sys.argv[2]

    def wait_for(script, seconds=10):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            value = driver.execute_script("return " + script)
            if value:
                return value
            time.sleep(0.01)
        raise AssertionError("timed out waiting for " + script)

    def settle():
        driver.execute_async_script("const done = arguments[0]; transitPreview.idle.then(() => done(true), () => done(false))")

    driver = browser()
    from selenium.webdriver.common.action_chains import ActionChains
    try:
        driver.get(address)
        driver.execute_async_script("const done = arguments[0]; transitPlayer.ready.then(() => done(true))")
        # Scrub to 0.35 s: the frame showing then is the engine's frame.
        driver.execute_script("const s = document.getElementById('scrubber'); s.value = 350;"
                              "s.dispatchEvent(new Event('input'))")
        driver.execute_async_script("const done = arguments[0]; transitPlayer.paint(transitPlayer.index).then(() => done(true))")
        scrubbed_index = driver.execute_script("return transitPlayer.index")
        starts = driver.execute_script("return transitPlayer.story.frames.map(f => f.start)")
        expected_index = max(k for k, start in enumerate(starts) if start <= 0.35)
        scrubbed = differing_pixels(canvas_png(driver), Image.open("f-%02d.png" % scrubbed_index))

        # Drag the cancelled pop (frame 2) right by about 40% of the canvas.
        driver.execute_async_script("const done = arguments[0]; transitPlayer.show(2).then(() => done(true))")
        canvas = driver.find_element("id", "screen")
        width = canvas.size["width"]
        chain = ActionChains(driver, duration=20)
        chain.move_to_element_with_offset(canvas, -width // 2 + 5, 0).click_and_hold()
        for step in range(8):
            chain.move_by_offset(width * 0.05, 0)
        chain.perform()
        time.sleep(0.3)
        settle()
        progress = driver.execute_script("return transitPreview.progress")
        dragged = canvas_png(driver)
        scene = json.loads(pathlib.Path("pop.json").read_text())
        reference = dict(scene)
        reference["script"] = scene["script"][:2] + [{"pop": True, "duration": 0.35, "frames": 1,
            "interactive": {"progress": [progress], "release": "cancel"}}]
        pathlib.Path("reference.json").write_text(json.dumps(reference))
        subprocess.run([tool, "play", "reference.json", "--layout", "frames", "-o", "r-%02d.png"],
                       check=True, capture_output=True)
        drag_differing = differing_pixels(dragged, Image.open("r-02.png"))
        # Let go slowly: cancelled, the message back on top (frame 1's picture).
        ActionChains(driver).pause(0.2).release().perform()
        wait_for("transitPreview.releases === 1")
        settle()
        released = driver.execute_script("return transitPreview.lastRelease.finish === false")
        settled = differing_pixels(canvas_png(driver), Image.open("f-01.png"))

        # Edit the file: the message's header turns red, at the same frame.
        driver.execute_async_script("const done = arguments[0]; transitPlayer.show(3).then(() => done(true))")
        version = driver.execute_script("return transitPreview.version")
        text = pathlib.Path("pop.json").read_text()
        started = time.monotonic()
        pathlib.Path("pop.json").write_text(text.replace("#34c759", "#ff0000"))
        wait_for("transitPreview.version > %d" % version)
        driver.execute_async_script("const done = arguments[0]; transitPlayer.paint(transitPlayer.index).then(() => done(true))")
        reload_ms = (time.monotonic() - started) * 1000
        index_kept = driver.execute_script("return transitPlayer.index") == 3
        edited = list(canvas_png(driver).getpixel((175, 10)))

        # Break it: play's message shows, the last picture stays.
        before = canvas_png(driver)
        version = driver.execute_script("return transitPreview.version")
        pathlib.Path("pop.json").write_text('{"container": ')
        wait_for("transitPreview.version > %d" % version)
        problem = driver.find_element("id", "problem").text
        kept = differing_pixels(canvas_png(driver), before) == 0
        print(json.dumps({
            "scrubbedIndex": scrubbed_index, "expectedIndex": expected_index,
            "scrubbedDiffering": scrubbed,
            "dragProgress": progress, "dragDiffering": drag_differing,
            "released": released, "settledDiffering": settled,
            "reloadMilliseconds": reload_ms, "indexKept": index_kept, "edited": edited,
            "problem": problem, "problemKeptPicture": kept}))
    finally:
        driver.quit()
    """#

  /// What the server answers, asked over HTTP (Python's http.client) with
  /// the Host header chosen.
  static let statuses = #"""
    import http.client, json, sys, urllib.parse
    parts = urllib.parse.urlsplit(sys.argv[1])
    token = parts.path.strip("/")

    def ask(path, host=None, method="GET"):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host or parts.netloc)
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        assert b"root:" not in body
        return response

    page = ask("/%s/" % token)
    print(json.dumps({
        "no token": ask("/").status,
        "wrong token": ask("/" + "0" * 32 + "/").status,
        "token prefix": ask("/%s/" % token[:-1]).status,
        "dot dot": ask("/../../../../etc/passwd").status,
        "dot dot after token": ask("/%s/../../etc/passwd" % token).status,
        "escaped dot dot": ask("/%s/%%2e%%2e/%%2e%%2e/etc/passwd" % token).status,
        "listing": ask("/%s/frame/" % token).status,
        "a file's name": ask("/%s/pop.json" % token).status,
        "other host": ask("/%s/" % token, host="evil.example:%d" % parts.port).status,
        "drag by GET": ask("/%s/drag/release" % token).status,
        "with token": page.status,
        "localhost": ask("/%s/" % token, host="localhost:%d" % parts.port).status,
        "policy": page.getheader("Content-Security-Policy"),
        "frame": ask("/%s/frame/1/0" % token).getheader("Content-Type"),
    }))
    """#

  @Test func refusesRequestsWithoutTheTokenOrOutsideItsAddresses() throws {
    let folder = TemporaryDirectory.make()
    try FileManager.default.copyItem(
      at: PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json"),
      to: folder.appendingPathComponent("pop.json"))
    let running = try Running(["pop.json"], in: folder)
    defer { _ = running.interrupt() }
    #expect(running.address.hasPrefix("http://127.0.0.1:"), "\(running.address)")
    // 128 random bits, different on each start.
    let token = running.address.split(separator: "/").last.map(String.init) ?? ""
    #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(token)")
    let script = folder.appendingPathComponent("statuses.py")
    try Self.statuses.write(to: script, atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run(
      program: "python3", [script.path, running.address], in: folder)
    try #require(result.status == 0, "\(result.stderr)")
    let answers = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    for name in ["no token", "wrong token", "token prefix", "dot dot"] {
      #expect(answers[name] as? Int == 403, "\(name): \(answers[name] ?? "")")
    }
    for name in [
      "dot dot after token", "escaped dot dot", "listing", "a file's name", "drag by GET",
    ] {
      let status = answers[name] as? Int
      #expect(status == 403 || status == 404, "\(name): \(answers[name] ?? "")")
    }
    #expect(answers["other host"] as? Int == 421)
    #expect(answers["with token"] as? Int == 200)
    #expect(answers["localhost"] as? Int == 200)
    let policy = answers["policy"] as? String ?? ""
    #expect(policy.hasPrefix("default-src 'none'"), "\(policy)")
    #expect(policy.contains("connect-src 'self'") && policy.contains("frame-ancestors 'none'"))
    #expect(answers["frame"] as? String == "image/png")
    let other = try Running(["pop.json"], in: folder)
    #expect(other.address.split(separator: "/").last.map(String.init) != token)
    #expect(other.interrupt())
  }

  @Test func stopsAtOnceOnSIGINTLeavingNothingBehind() throws {
    let folder = TemporaryDirectory.make()
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      at: PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json"),
      to: folder.appendingPathComponent("pop.json"))
    let running = try Running(
      ["pop.json"], in: folder,
      // Started with SIGINT ignored, as a script's background job is.
      shell: "TMPDIR='\(tmp.path)'; export TMPDIR; trap '' INT")
    let port = try #require(URL(string: running.address)?.port)
    // A frame drawn, a drag begun: the server has work under way.
    let script = folder.appendingPathComponent("touch.py")
    try #"""
    import http.client, sys, urllib.parse
    parts = urllib.parse.urlsplit(sys.argv[1])
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path + "frame/1/0")
    assert connection.getresponse().read()[:4] == b"\x89PNG"
    connection.request("POST", parts.path + "drag/begin?operation=2&x=5&y=100&t=0")
    assert connection.getresponse().status == 204
    """#.write(to: script, atomically: true, encoding: .utf8)
    let touched = try ProcessRunner.run(
      program: "python3", [script.path, running.address], in: folder)
    #expect(touched.status == 0, "\(touched.stderr)")
    let start = ContinuousClock.now
    #expect(running.interrupt())
    #expect(ContinuousClock.now - start < .seconds(2))
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == ["pop.json", "tmp", "touch.py"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [])
    // Nothing listens there any more.
    let probe = try ProcessRunner.run(
      program: "python3",
      [
        "-c",
        "import socket,sys; s=socket.socket(); s.settimeout(2); sys.exit(s.connect_ex(('127.0.0.1', \(port))) == 0)",
      ])
    #expect(probe.status == 0, "port \(port) still answers")
  }

  @Test func animrenderWithoutItsPreviewProgramSaysWhatIsMissing() throws {
    let folder = TemporaryDirectory.make()
    let alone = folder.appendingPathComponent("animrender")
    try FileManager.default.copyItem(at: animrender.url, to: alone)
    try FileManager.default.copyItem(
      at: PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json"),
      to: folder.appendingPathComponent("pop.json"))
    let result = try ProcessRunner.run(alone, ["preview", "pop.json"], in: folder)
    #expect(result.status == 69)
    #expect(
      result.stderr.contains("preview needs the program animrender-preview beside animrender"),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func refusesBadOptionsBeforeServing() throws {
    for (arguments, text) in [
      (["--port", "0"], "--port must be in 1…65535"),
      (["--port", "70000"], "--port must be in 1…65535"),
      (["--host", "example.com"], "--host: expected an IPv4 address"),
      (["--scale", "nan"], "--scale must be in (0, 4]"),
    ] {
      let result = try animrender.run(["preview", "x.json"] + arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(text), "\(arguments): \(result.stderr)")
    }
    let folder = TemporaryDirectory.make()
    let missing = try animrender.run(["preview", "missing.json"], in: folder)
    #expect(missing.status == 66, "\(missing.stderr)")
    #expect(missing.stderr.contains("missing.json: no readable scene file there"))
  }
}

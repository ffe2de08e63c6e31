import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// `-o story.html`: one page that plays the frames offline, with the
/// story's timing, names and states, small enough to send to someone.
@Suite("The player file", .serialized)
struct PlayerFileTests {
  static let example = PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json")
    .path

  /// The story the page carries, read back from its `<script>` element.
  static func story(in page: String) throws -> PlayerStory {
    let opening = #"<script type="application/json" id="player-data">"#
    let start = try #require(page.range(of: opening)).upperBound
    let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
    return try JSONDecoder().decode(PlayerStory.self, from: Data(page[start..<end].utf8))
  }

  @Test func sixtyFramesAtPhoneSizeFitInTwoMegabytes() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      [
        "render", "--style", "push-from-right", "--frames", "60", "--size", "390x844", "-o",
        "p.html",
      ],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "p.html\n")
    let bytes = try Data(contentsOf: folder.appendingPathComponent("p.html"))
    #expect(bytes.count <= 2_000_000, "\(bytes.count) bytes")
    let story = try Self.story(in: String(decoding: bytes, as: UTF8.self))
    #expect(story.frames.count == 60)
    #expect(story.width == 390 && story.height == 844)
    #expect(story.states?.count == 60)
    #expect(story.frames.allSatisfy { $0.image.hasPrefix("data:image/") })
    #expect(story.frames.allSatisfy { $0.operation == "push-from-right" })
  }

  @Test func thePageLoadsNothingAndTellsTheStorysTime() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      ["play", Self.example, "-o", "story.html", "--states", "s.json"],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let page = try String(contentsOf: folder.appendingPathComponent("story.html"), encoding: .utf8)
    // No network: the policy forbids it, and nothing outside names a host.
    #expect(page.contains("default-src 'none'"))
    #expect(page.contains("connect-src 'none'"))
    #expect(!page.contains("http:") && !page.contains("https:") && !page.contains("//cdn"))
    let story = try Self.story(in: page)
    // The animated formats' clock: the frames a sheet repeats are left
    // out, and each shows from its story time.
    let apng = try animrender.run(
      ["play", Self.example, "-o", "a.apng"], in: folder)
    #expect(apng.status == 0)
    let states = try JSONDecoder().decode(
      StatesFile.File.self, from: Data(contentsOf: folder.appendingPathComponent("s.json")))
    #expect(story.states?.count == story.frames.count)
    let first = try #require(story.states?.first?.time)
    for (frame, state) in zip(story.frames, story.states ?? []) {
      #expect(abs(frame.start - (state.time - first)) < 1e-9)
    }
    #expect(states.frames.map(\.time) == story.states?.map(\.time))
    // Every operation is named, a dragged frame shows its progress.
    #expect(
      story.frames.contains { $0.operation == "pop (dragged, cancel)" && $0.label == "p 0.45" })
    #expect(story.frames.contains { $0.operation == "pop (dragged, finish)" })
    #expect(story.frames.first?.operation == "show inbox")
    #expect(story.end > story.frames.last?.start ?? .infinity)
  }

  @Test func scriptTextCannotEndThePagesScript() throws {
    let hostile = PlayerStory(
      title: "</script><script>alert(1)</script><!--", width: 1, height: 1, scale: 1, end: 1,
      frames: [.init(start: 0, label: "0s", operation: "</SCRIPT>", image: "data:,")])
    let json = try hostile.json()
    #expect(!json.contains(UInt8(ascii: "<")))
    #expect(try JSONDecoder().decode(PlayerStory.self, from: Data(json)) == hostile)
  }

  @Test func otherLayoutsAreRefused() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      ["render", "--frames", "2", "--size", "20x20", "--layout", "strip", "-o", "p.html"],
      in: folder)
    #expect(result.status == 64)
    #expect(result.stderr.contains("html holds apng/animation"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("p.html").path))
  }

  /// Frame k on the page's canvas is PNG frame k, pixel for pixel; the
  /// keys step and jump; a story's labels show.
  @Test func theCanvasShowsEachFrameExactly() throws {
    let folder = TemporaryDirectory.make()
    let arguments = ["render", "--style", "flip-horizontally", "--frames", "6", "--size", "80x120"]
    for extra in [["-o", "p.html"], ["--layout", "frames", "-o", "f-%02d.png"]] {
      let result = try animrender.run(arguments + extra, in: folder)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let outcome: Browser.Outcome<Checked> = try Browser.run(
      Self.check, ["p.html", "f-%02d.png"], in: folder)
    guard case .ran(let checked) = outcome else {
      if case .skipped(let reason) = outcome { print("skipped the player in a browser: \(reason)") }
      return
    }
    #expect(checked.frames == 6)
    #expect(checked.differing == [0, 0, 0, 0, 0, 0])
    #expect(checked.requests == [])
    #expect(checked.afterKeys == [1, 2, 1, 5, 0])
    #expect(checked.label == "flip-horizontally · 0.000s")
  }

  struct Checked: Decodable {
    var frames: Int
    /// Pixels that differ from the PNG frame, per frame.
    var differing: [Int]
    /// Resources the page fetched besides its own `data:` pictures.
    var requests: [String]
    /// The frame shown after →, →, ←, End, Home.
    var afterKeys: [Int]
    var label: String
  }

  static let check = #"""
    import pathlib
    from PIL import Image
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    page, pattern = sys.argv[1], sys.argv[2]
    driver = browser()
    try:
        driver.get(pathlib.Path(page).resolve().as_uri())
        driver.execute_async_script("const done = arguments[0]; transitPlayer.ready.then(() => done(true))")
        count = driver.execute_script("return transitPlayer.count")
        differing = []
        for k in range(count):
            driver.execute_async_script("transitPlayer.show(%d).then(arguments[0])" % k)
            differing.append(differing_pixels(canvas_png(driver), Image.open(pattern % k)))
        requests = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(n => !n.startsWith('data:'))")
        driver.execute_async_script("transitPlayer.show(0).then(arguments[0])")
        label = driver.find_element("id", "label").text
        after = []
        for key in [Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_LEFT, Keys.END, Keys.HOME]:
            ActionChains(driver).send_keys(key).perform()
            after.append(driver.execute_script("return transitPlayer.index"))
        print(json.dumps({"frames": count, "differing": differing, "requests": requests,
                          "afterKeys": after, "label": label}))
    finally:
        driver.quit()
    """#
}

import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport
import TransitTesting

/// End-to-end: the built binary, run as a user would, outputs decoded and
/// checked.
@Suite("animrender end to end", .serialized)
struct EndToEndTests {
  @Test func versionAndHelpForEverySubcommand() throws {
    let version = try animrender.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.contains("0.1.0"))
    for command in ["demo", "render", "play", "styles", "curve", "diff"] {
      let help = try animrender.run([command, "--help"])
      #expect(help.status == 0, "\(command) --help")
      #expect(help.stdout.contains("USAGE"), "\(command) --help")
    }
    let root = try animrender.run(["help"])
    #expect(root.stdout.contains("render"))
  }

  @Test func stylesListsEveryStyleWithItsDuration() throws {
    let text = try animrender.run(["styles"])
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count >= 48)
    #expect(lines.contains { $0.hasPrefix("push-from-right") && $0.hasSuffix("0.4 s") })
    #expect(lines.contains { $0.hasPrefix("flip-horizontally") && $0.hasSuffix("0.6 s") })
    let json = try animrender.run(["styles", "--json"])
    struct Entry: Decodable {
      var name: String
      var duration: Double
    }
    let entries = try JSONDecoder().decode([Entry].self, from: Data(json.stdout.utf8))
    #expect(entries.count == lines.count)
    #expect(entries.first { $0.name == "none" }?.duration == 0)
  }

  @Test func curvePrintsCSVAndPlots() throws {
    let csv = try animrender.run(["curve", "ease-in-out", "--samples", "3"])
    #expect(csv.status == 0)
    #expect(csv.stdout == "t,value\n0.0,0.0\n0.5,0.5\n1.0,1.0\n")
    let bezier = try animrender.run(["curve", "cubic-bezier(0,0,1,1)", "--samples", "5"])
    #expect(bezier.stdout.split(separator: "\n").count == 6)
    let steps = try animrender.run(["curve", "steps(2,jump-end)", "--samples", "3"])
    #expect(steps.stdout == "t,value\n0.0,0.0\n0.5,0.5\n1.0,1.0\n")
    let folder = TemporaryDirectory.make()
    let plot = folder.appendingPathComponent("spring.png").path
    let drawn = try animrender.run(["curve", "spring(1,100,10,0)", "--plot", plot])
    #expect(drawn.status == 0)
    let image = try PNGDecoder.decode(contentsOf: plot)
    #expect(image.width == 400 && image.height == 400)
    // The standard values (easings.net's Penner, CSS steps() in doubles).
    let back = try animrender.run(["curve", "ease-in-out-back", "--samples", "5"])
    #expect(back.stdout.split(separator: "\n")[2] == "0.25,-0.09968184375")
    let elastic = try animrender.run(["curve", "ease-in-out-elastic", "--samples", "21"])
    let row = try #require(elastic.stdout.split(separator: "\n").first { $0.hasPrefix("0.55,") })
    let value = try #require(Double(row.dropFirst(5)))
    #expect(abs(value - 0.9565879555832677) < 1e-12)
    let stairs = try animrender.run(["curve", "steps(5,jump-none)", "--samples", "6"])
    #expect(
      stairs.stdout == "t,value\n0.0,0.0\n0.2,0.25\n0.4,0.5\n0.6,0.75\n0.8,1.0\n1.0,1.0\n")
    let bad = try animrender.run(["curve", "ease-in-quadd"])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("ease-in-quad"))
  }

  @Test func renderDrawsAStripOfTheStyle() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      [
        "render", "--style", "cover-from-bottom", "--size", "60x100", "--frames", "5", "-o",
        "strip.png",
      ],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "strip.png\n")
    #expect(result.stderr.isEmpty)
    let strip = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("strip.png").path)
    #expect(strip.width == 300 && strip.height == 100)
    // Frame 0 shows the red inbox alone, the last frame the blue settings
    // (title bars at the top left, clear of the centred titles).
    let red = Color(red: 0.9, green: 0.2, blue: 0.2).premultipliedARGB32
    let blue = Color(red: 0.2, green: 0.3, blue: 0.9).premultipliedARGB32
    #expect(Pixels.close(strip[2, 2], red))
    #expect(Pixels.close(strip[242, 2], blue))
    #expect(!Pixels.close(strip[242, 2], red))
  }

  @Test func renderWritesFramesAndAnimatedPNGs() throws {
    let folder = TemporaryDirectory.make()
    let frames = try animrender.run(
      ["render", "--size", "40x60", "--frames", "4", "--layout", "frames", "-o", "f-%02d.png"],
      in: folder)
    #expect(frames.status == 0, "\(frames.stderr)")
    for i in 0..<4 {
      let image = try PNGDecoder.decode(
        contentsOf: folder.appendingPathComponent("f-0\(i).png").path)
      #expect(image.width == 40 && image.height == 60)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f-04.png").path))
    let apng = try animrender.run(
      [
        "render", "--size", "40x60", "--frames", "6", "--layout", "apng", "--loops", "2", "-o",
        "a.png",
      ], in: folder)
    #expect(apng.status == 0, "\(apng.stderr)")
    let bytes = try Array(Data(contentsOf: folder.appendingPathComponent("a.png")))
    let chunks = try PNGChunks.parse(bytes)
    #expect(chunks.filter { $0.type == "fcTL" }.count == 6)
    #expect(chunks.filter { $0.type == "fdAT" }.count >= 5)
    let control = try #require(chunks.first { $0.type == "acTL" })
    #expect(control.data == [0, 0, 0, 6, 0, 0, 0, 2])
    // The default image decodes as an ordinary PNG: frame 0.
    #expect(try PNGDecoder.decode(bytes).width == 40)
  }

  @Test func statesMatchTheLibrarysOwnSampling() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      [
        "render", "--style", "flip-vertically", "--size", "90x160", "--frames", "7", "--reverse",
        "--states", "states.json", "-o", "flip.png",
      ], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    struct View: Decodable {
      var id: String
      var frame: [Double]
      var alpha: Double
      var transform: [Double]
      var hidden: Bool
    }
    struct Frame: Decodable {
      var index: Int
      var views: [View]
    }
    struct File: Decodable { var frames: [Frame] }
    let file = try JSONDecoder().decode(
      File.self, from: Data(contentsOf: folder.appendingPathComponent("states.json")))
    #expect(file.frames.count == 7)
    let bounds = Rect(x: 0, y: 0, width: 90, height: 160)
    let scene = Scene(
      size: bounds.size, backgroundColor: .black,
      views: [
        PlaceholderScreen.red.view(id: "from", bounds: bounds),
        PlaceholderScreen.blue.view(id: "to", bounds: bounds),
      ])
    let style = try TransitionStyles.builtIn.style(named: "flip-vertically")
    let context = TransitionContext(
      bounds: bounds, appearingViewID: "to", disappearingViewID: "from")
    let pop = try style.animation(for: context).timeline(from: scene).reversed()
    for frame in file.frames {
      let expected = pop.sample(frame: frame.index, of: 7)
      for view in frame.views {
        let state = try #require(expected.state(of: view.id))
        #expect(view.transform == state.transform.entries, "\(view.id) at frame \(frame.index)")
        #expect(view.alpha == state.alpha)
        #expect(view.hidden == state.isHidden)
        #expect(
          view.frame == [state.frame.minX, state.frame.minY, state.frame.width, state.frame.height])
      }
    }
  }

  @Test func badInputExitsWithSysexitsAndOneLine() throws {
    let folder = TemporaryDirectory.make()
    let style = try animrender.run(["render", "--style", "push-from-rigth"], in: folder)
    #expect(style.status == 65)
    #expect(style.stderr.contains("push-from-right"))
    #expect(style.stderr.split(separator: "\n").count == 1)
    let missing = try animrender.run(["render", "--from", "nope.png"], in: folder)
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("nope.png"))
    try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
    let broken = try animrender.run(["render", "--from", "broken.png"], in: folder)
    #expect(broken.status == 65)
    #expect(broken.stderr.contains("broken.png"))
    let usage = try animrender.run(["render", "--frames", "0"], in: folder)
    #expect(usage.status == 64)
    let size = try animrender.run(["render", "--size", "20000x10"], in: folder)
    #expect(size.status == 64)
    #expect(size.stderr.contains("16384"))
    let unwritable = try animrender.run(["render", "-o", "no/such/folder/x.png"], in: folder)
    #expect(unwritable.status == 73)
    let negative = try animrender.run(["render", "--duration", "-1"], in: folder)
    #expect(negative.status == 65 || negative.status == 64)
    let tooTall = try animrender.run(
      ["render", "--size", "4000x4000", "--frames", "200"], in: folder)
    #expect(tooTall.status == 64)
    #expect(tooTall.stderr.contains("taller than 32767"))
    // Nothing was written by any of these.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(left == ["broken.png"])
  }

  @Test("--scale is one output option: render and play refuse the same values alike")
  func scaleIsCheckedOnceForRenderAndPlay() throws {
    let folder = TemporaryDirectory.make()
    let scene =
      #"{"container": {"width": 8, "height": 8}, "views": [{"id": "a"}], "script": [{"show": "a"}]}"#
    try Data(scene.utf8).write(to: folder.appendingPathComponent("s.json"))
    for (scale, shown) in [("0", "0.0"), ("16.5", "16.5"), ("nan", "nan"), ("-1", "-1.0")] {
      for command in [["render", "--size", "8x8"], ["play", "s.json"]] {
        let run = try animrender.run(command + ["--scale=\(scale)", "-o", "x.png"], in: folder)
        #expect(run.status == 64, "\(command) --scale \(scale): \(run.stderr)")
        #expect(
          run.stderr.contains("--scale must be in (0, 16], got \(shown)"),
          "\(command) --scale \(scale): \(run.stderr)")
      }
    }
    for command in [["render", "--size", "8x8", "--frames", "2"], ["play", "s.json"]] {
      let run = try animrender.run(command + ["--scale", "2", "-o", "x.png"], in: folder)
      #expect(run.status == 0, "\(command): \(run.stderr)")
      let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("x.png").path)
      #expect(image.height == 16, "\(command): drawn at 2 pixels per point")
    }
  }

  @Test func aFailingRunLeavesThePreviousOutputByteIdentical() throws {
    let folder = TemporaryDirectory.make()
    let good = try animrender.run(
      ["render", "--size", "30x50", "--frames", "3", "-o", "out.png"], in: folder)
    #expect(good.status == 0)
    let before = try Data(contentsOf: folder.appendingPathComponent("out.png"))
    let bad = try animrender.run(
      ["render", "--size", "30x50", "--frames", "3", "--curve", "nonsense", "-o", "out.png"],
      in: folder)
    #expect(bad.status == 65)
    // A run that fails after drawing: the states file cannot be placed.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("states.json"), withIntermediateDirectories: false)
    let late = try animrender.run(
      [
        "render", "--size", "30x50", "--frames", "3", "--style", "fade-in", "--states",
        "states.json", "-o", "out.png",
      ],
      in: folder)
    #expect(late.status == 73)
    #expect(try Data(contentsOf: folder.appendingPathComponent("out.png")) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["out.png", "states.json"])
  }

  @Test func diffCountsPixelsAndSetsTheExitStatus() throws {
    let folder = TemporaryDirectory.make()
    let a = folder.appendingPathComponent("a.png").path
    let b = folder.appendingPathComponent("b.png").path
    var image = try Image(width: 10, height: 10, fill: .white)
    try image.writePNG(to: a)
    let same = try animrender.run(["diff", a, a])
    #expect(same.status == 0)
    #expect(same.stdout.hasPrefix("0 pixels differ (0.0%), 0 anti-aliased ignored"))
    for (x, y) in [(2, 2), (7, 3), (4, 8)] { image[x, y] = Color.black.premultipliedARGB32 }
    try image.writePNG(to: b)
    let different = try animrender.run([
      "diff", a, b, "--output", folder.appendingPathComponent("d.png").path,
    ])
    #expect(different.status == 1)
    #expect(different.stdout.hasPrefix("3 pixels differ (3.0%)"))
    #expect(
      try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("d.png").path).width == 10)
    let allowed = try animrender.run(["diff", a, b, "--max-diff-pixels", "3"])
    #expect(allowed.status == 0)
    let missing = try animrender.run(["diff", a, folder.appendingPathComponent("zzz.png").path])
    #expect(missing.status == 66)
  }

  @Test func playDrawsEveryExample() throws {
    let folder = TemporaryDirectory.make()
    for name in [
      "push-rotate-pop", "flip-cards", "card-expand", "photo-grid", "swipe-back", "tabs-and-sheet",
    ] {
      let path = PackageFiles.root.appendingPathComponent("Examples/\(name).json").path
      let result = try animrender.run(
        ["play", path, "--layout", "grid", "--columns", "6", "-o", "\(name).png"], in: folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let image = try PNGDecoder.decode(
        contentsOf: folder.appendingPathComponent("\(name).png").path)
      #expect(image.width > 0)
    }
  }

  @Test func theDemoMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run([], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "animrender-demo.png\n")
    let image = try PNGDecoder.decode(
      contentsOf: folder.appendingPathComponent("animrender-demo.png").path)
    try assertGolden(image, named: "demo", suite: "cli")
  }

  @Test func quietRunsAndPipesPrintNothingOnStandardError() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      ["render", "--size", "20x20", "--frames", "40", "--layout", "grid"], in: folder)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}

enum Pixels {
  /// Whether two ARGB32 pixels differ by at most one step in every channel
  /// (Cairo and the colour conversion may round 76.5 either way).
  static func close(_ a: UInt32, _ b: UInt32) -> Bool {
    (0..<4).allSatisfy { channel in
      let x = Int((a >> (8 * UInt32(channel))) & 0xFF)
      let y = Int((b >> (8 * UInt32(channel))) & 0xFF)
      return abs(x - y) <= 1
    }
  }
}

/// The progress bar appears when standard error is a terminal (here a
/// pseudo-terminal made by util-linux's `script`), and `--quiet` removes it.
@Suite("Progress bar")
struct ProgressBarTests {
  static let script = "/usr/bin/script"

  static func underTerminal(_ arguments: [String], in folder: URL) throws -> String {
    let command = ([animrender.url.path] + arguments).joined(separator: " ")
    // The terminal's output, animrender's standard error included, comes
    // out on script's standard output.
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: script), ["-qec", command, "/dev/null"], in: folder)
    return result.stdout + result.stderr
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script)))
  func drawnOnATerminalOnly() throws {
    let folder = TemporaryDirectory.make()
    let shown = try Self.underTerminal(
      ["render", "--size", "30x50", "--frames", "12", "-o", "a.png"], in: folder)
    #expect(shown.contains("drawing ["))
    #expect(shown.contains("12/12"))
    let quiet = try Self.underTerminal(
      ["render", "--size", "30x50", "--frames", "12", "--quiet", "-o", "b.png"], in: folder)
    #expect(!quiet.contains("drawing"))
    let few = try Self.underTerminal(
      ["render", "--size", "30x50", "--frames", "3", "-o", "c.png"], in: folder)
    #expect(!few.contains("drawing"))
  }

  @Test func builtInScreensDrawAtTheExtremeSizes() throws {
    // The screens' text stops growing at the largest text size, so a
    // screen over 10,000 points on its shorter side is drawn, not refused.
    let folder = TemporaryDirectory.make()
    for (size, scale) in [
      ("10010x10010", "0.01"), ("16384x16384", "0.01"), ("1x1", "16"), ("16384x1", "1"),
      ("1x16384", "1"),
    ] {
      let result = try animrender.run(
        ["render", "--size", size, "--scale", scale, "--frames", "2", "-o", "s.png", "--quiet"],
        in: folder)
      #expect(result.status == 0, "\(size) at \(scale): \(result.stderr)")
    }
  }
}

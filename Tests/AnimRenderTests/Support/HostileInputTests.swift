import Foundation
import Testing
import TransitRender
import TransitTestSupport

/// Every case that once broke animrender — traps, memory spent before a
/// limit, outputs that were not all or nothing, wrong pixels, exit statuses
/// outside the contract — run against the built binary as a user would.
///
/// Runs that could once allocate gigabytes are run under `ulimit -v` (a
/// 2.9 GiB address-space cap, above the 2 GiB memory budget): a limit
/// checked too late then shows as a crash instead of the promised status.
/// `MemoryBudgetTests` measures peak memory against the budget itself.
@Suite("animrender on hostile input", .serialized)
struct HostileInputTests {
  static let memoryCap = "ulimit -v 3000000"

  /// A scene file with two screens and `script`, written into `folder`.
  static func scene(
    _ folder: URL, _ script: String, name: String = "scene.json", extra: String = ""
  ) throws -> String {
    let text = """
      {"container": {"width": 20, "height": 30}, "frames": 2\(extra),
       "views": [{"id": "a", "color": "#ff0000"}, {"id": "b", "color": "#0000ff"}],
       "script": \(script)}
      """
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    return name
  }

  static func files(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  // MARK: traps

  @Test func hugeNumbersOnTheCommandLineAreUsageErrors() throws {
    let folder = TemporaryDirectory.make()
    let size = try animrender.run(["render", "--size", "9223372036854775807x1"], in: folder)
    #expect(size.status == 64, "\(size.stderr)")
    let loops = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "--layout", "apng", "--loops", "4294967296"],
      in: folder)
    #expect(loops.status == 64)
    let loops31 = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "--layout", "apng", "--loops", "2147483648"],
      in: folder)
    #expect(loops31.status == 64)
    #expect(loops31.stderr.contains("2147483647"))
    let pattern = try animrender.run(
      ["render", "--layout", "frames", "-o", "f-%99999999999999999999d.png"], in: folder)
    #expect(pattern.status == 64)
    #expect(try Self.files(folder).isEmpty)
  }

  @Test func hugeColumnsDrawOneRow() throws {
    let folder = TemporaryDirectory.make()
    let grid = try animrender.run(
      [
        "render", "--size", "20x20", "--frames", "3", "--layout", "grid", "--columns",
        "9223372036854775807", "-o", "g.png",
      ], in: folder)
    #expect(grid.status == 0, "\(grid.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("g.png").path)
    #expect(image.width == 60 && image.height == 20)
    // The vector sheets too (their rows were once counted with an overflow).
    for name in ["g.svg", "g.pdf"] {
      let vector = try animrender.run(
        [
          "render", "--size", "20x20", "--frames", "3", "--layout", "grid", "--columns",
          "9223372036854775807", "-o", name,
        ], in: folder)
      #expect(vector.status == 0, "\(name): \(vector.stderr)")
    }
    let svg = try String(
      contentsOf: folder.appendingPathComponent("g.svg"), encoding: .utf8)
    #expect(svg.contains(#"width="60"#) && svg.contains(#"height="20"#), "\(svg.prefix(300))")
  }

  @Test func longWaitsAndDurationsAreRefusedOrDrawn() throws {
    let folder = TemporaryDirectory.make()
    for (script, flags) in [
      (#"[{"show": "a"}, {"wait": 1e16}]"#, ["--labels"]),
      (#"[{"show": "a"}, {"wait": 1e17, "frames": 2}]"#, ["--layout", "apng"]),
      (#"[{"show": "a"}, {"push": "b", "duration": 1e300}]"#, ["--layout", "apng"]),
    ] {
      let name = try Self.scene(folder, script)
      let result = try animrender.run(["play", name, "-o", "x.png"] + flags, in: folder)
      #expect(result.status == 65, "\(script): \(result.stderr)")
      #expect(result.stderr.contains("3600"))
    }
    // The longest allowed wait, labelled and as an APNG, draws.
    let name = try Self.scene(folder, #"[{"show": "a"}, {"wait": 3600, "frames": 2}]"#)
    let labels = try animrender.run(["play", name, "-o", "l.png", "--labels"], in: folder)
    #expect(labels.status == 0, "\(labels.stderr)")
    let apng = try animrender.run(["play", name, "-o", "a.png", "--layout", "apng"], in: folder)
    #expect(apng.status == 0, "\(apng.stderr)")
  }

  @Test func deeplyNestedCurvesAndFilesAreDataErrors() throws {
    let folder = TemporaryDirectory.make()
    let deep =
      String(repeating: "mirrored(", count: 5_476) + "ease"
      + String(
        repeating: ")", count: 5_476)
    let curve = try animrender.run(["curve", deep], in: folder, timeout: 30)
    #expect(curve.status == 65)
    let nested =
      String(repeating: "mirrored(", count: 40) + "ease"
      + String(
        repeating: ")", count: 40)
    let tooDeep = try animrender.run(["curve", nested], in: folder)
    #expect(tooDeep.status == 65)
    #expect(tooDeep.stderr.contains("nested"))
    // A 1 MB nested curve in a scene file.
    let million =
      String(repeating: "mirrored(", count: 110_000) + "ease"
      + String(repeating: ")", count: 110_000)
    let name = try Self.scene(folder, #"[{"show": "a"}, {"push": "b", "curve": "\#(million)"}]"#)
    let file = try animrender.run(["play", name, "-o", "x.png"], in: folder, timeout: 30)
    #expect(file.status == 65, "\(file.stderr.prefix(200))")
    #expect(file.stderr.split(separator: "\n").count == 1)
    // JSON nested 100,000 deep.
    let brackets = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let json = try Self.scene(folder, #"[{"show": "a"}, \#(brackets)]"#, name: "deep.json")
    let deepFile = try animrender.run(["play", json, "-o", "x.png"], in: folder, timeout: 30)
    #expect(deepFile.status == 65)
    #expect(deepFile.stderr.contains("nested more than 64"))
    // Views nested 40 deep (80 levels of JSON).
    var view = #"{"id": "leaf", "frame": [0, 0, 1, 1]}"#
    for i in 0..<40 { view = #"{"id": "n\#(i)", "frame": [0, 0, 1, 1], "children": [\#(view)]}"# }
    let views = """
      {"container": {"width": 20, "height": 30},
       "views": [{"id": "a", "children": [\(view)]}], "script": [{"show": "a"}]}
      """
    try Data(views.utf8).write(to: folder.appendingPathComponent("views.json"))
    let deepViews = try animrender.run(["play", "views.json", "-o", "x.png"], in: folder)
    #expect(deepViews.status == 65)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
  }

  // MARK: limits before allocation

  @Test func aScriptOverTheFrameLimitIsRefusedBeforeAnyFrameIsBuilt() throws {
    let folder = TemporaryDirectory.make()
    // 2,000 push-pop pairs of 10,000 frames each: 40 million frames, which
    // once took gigabytes before the limit was checked.
    let pair = #"{"push": "b", "frames": 10000}, {"pop": true, "frames": 10000}"#
    let script =
      "[{\"show\": \"a\"}, " + Array(repeating: pair, count: 2_000).joined(separator: ", ")
      + "]"
    let name = try Self.scene(folder, script)
    let result = try animrender.run(
      ["play", name, "-o", "x.png"], in: folder, shell: Self.memoryCap)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("40000001 frames"))
    // One frame over the limit is refused too, and exactly at it passes the
    // count (then fails the pixel budget for a strip: still 64, not drawn).
    let over = try Self.scene(folder, #"[{"show": "a", "frames": 10000}, {"wait": 1}]"#)
    let one = try animrender.run(["play", over, "-o", "x.png"], in: folder)
    #expect(one.status == 64)
    #expect(one.stderr.contains("10001 frames"))
  }

  @Test func imageHeadersAreCheckedBeforeDecoding() throws {
    let folder = TemporaryDirectory.make()
    // A 69-byte PNG claiming 32,767 × 32,767 pixels.
    let huge = PNGChunks.claiming(width: 32_767, height: 32_767)
    #expect(huge.count < 70)
    try Data(huge).write(to: folder.appendingPathComponent("huge.png"))
    let from = try animrender.run(
      ["render", "--from", "huge.png", "-o", "x.png"], in: folder, shell: Self.memoryCap)
    #expect(from.status == 65, "\(from.stderr)")
    #expect(from.stderr.contains("32767×32767"))
    let diff = try animrender.run(
      ["diff", "huge.png", "huge.png"], in: folder, shell: Self.memoryCap)
    #expect(diff.status == 65, "\(diff.stderr)")
    let name = try Self.scene(
      folder, #"[{"show": "a"}]"#, extra: "")
    _ = name
    let scene = """
      {"container": {"width": 20, "height": 30},
       "views": [{"id": "a", "image": "huge.png"}], "script": [{"show": "a"}]}
      """
    try Data(scene.utf8).write(to: folder.appendingPathComponent("image.json"))
    let play = try animrender.run(
      ["play", "image.json", "-o", "x.png"], in: folder, shell: Self.memoryCap)
    #expect(play.status == 65, "\(play.stderr)")
    #expect(play.stderr.contains("views[0].image"))
  }

  @Test func paddingCountsInTheBudgetAndTheSheetSize() throws {
    let folder = TemporaryDirectory.make()
    let padded = try animrender.run(
      // A strip is drawn a row of cells at a time: this row alone is too much.
      ["render", "--size", "8000x8000", "--frames", "2", "--padding", "4096", "-o", "p.png"],
      in: folder, shell: Self.memoryCap)
    #expect(padded.status == 64, "\(padded.stderr)")
    #expect(padded.stderr.contains("MiB of memory: more than the 2048 MiB one run may use"))
    let grid = try animrender.run(
      [
        "render", "--size", "3000x3000", "--frames", "12", "--layout", "grid", "--columns", "1",
        "-o", "g.png",
      ], in: folder, shell: Self.memoryCap)
    #expect(grid.status == 64, "\(grid.stderr)")
    #expect(grid.stderr.contains("32767"))
    #expect(try Self.files(folder).isEmpty)
  }

  @Test func devicesFIFOsAndFoldersAreRefusedAtOnce() throws {
    let folder = TemporaryDirectory.make()
    mkfifo(folder.appendingPathComponent("fifo.png").path, 0o644)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir.png"), withIntermediateDirectories: false)
    for input in ["/dev/zero", "fifo.png", "dir.png"] {
      let from = try animrender.run(
        ["render", "--from", input, "-o", "x.png"], in: folder, timeout: 20)
      #expect(from.status == 66, "\(input): \(from.stderr)")
      #expect(from.stderr.contains("not a regular file"))
      let diff = try animrender.run(["diff", input, input], in: folder, timeout: 20)
      #expect(diff.status == 66, "\(input): \(diff.stderr)")
      let scene = """
        {"container": {"width": 20, "height": 30},
         "views": [{"id": "a", "image": "\(input)"}], "script": [{"show": "a"}]}
        """
      try Data(scene.utf8).write(to: folder.appendingPathComponent("image.json"))
      let play = try animrender.run(["play", "image.json", "-o", "x.png"], in: folder, timeout: 20)
      #expect(play.status == 66, "\(input): \(play.stderr)")
      let sceneItself = try animrender.run(["play", input, "-o", "x.png"], in: folder, timeout: 20)
      #expect(sceneItself.status == 66, "\(input): \(sceneItself.stderr)")
    }
    let missing = try animrender.run(["play", "nope.json"], in: folder)
    #expect(missing.status == 66)
  }

  /// A file that exists but cannot be read is 66, like a missing one, not
  /// 65 (bad data). Root reads everything, so the run drops to `nobody`.
  @Test(.enabled(if: getuid() == 0 && FileManager.default.fileExists(atPath: "/usr/bin/setpriv")))
  func anUnreadableInputIsNoInput() throws {
    let folder = TemporaryDirectory.make()
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o777], ofItemAtPath: folder.path)
    let secret = folder.appendingPathComponent("secret.png")
    try Data(PNGChunks.claiming(width: 1, height: 1)).write(to: secret)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: secret.path)
    let asNobody = "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\" \"$@\""
    let result = try animrender.run(
      ["render", "--from", secret.path, "-o", folder.appendingPathComponent("x.png").path],
      in: folder, shell: asNobody)
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stderr.contains("Permission denied"))
  }

  @Test func tooManyDemoStylesAreRefusedBeforeBuildingThem() throws {
    let folder = TemporaryDirectory.make()
    let demo = try animrender.run(
      ["demo", "--styles", Array(repeating: "none", count: 1_001).joined(separator: ",")],
      in: folder)
    #expect(demo.status == 64)
    #expect(demo.stderr.contains("10010 frames"))
  }

  @Test func oversizedInputFilesAreRefused() throws {
    let folder = TemporaryDirectory.make()
    // A scene file over 4 MiB: spaces, so it would otherwise be valid JSON.
    let big = "{" + String(repeating: " ", count: 5 << 20) + "}"
    try Data(big.utf8).write(to: folder.appendingPathComponent("big.json"))
    let result = try animrender.run(["play", "big.json"], in: folder)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(result.stderr.contains("4194304"))
  }

  // MARK: all-or-nothing outputs

  @Test func anOutputPathUsedTwiceIsRefused() throws {
    let folder = TemporaryDirectory.make()
    let same = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "-o", "x.png", "--states", "./x.png"],
      in: folder)
    #expect(same.status == 64, "\(same.stderr)")
    let frames = try animrender.run(
      [
        "render", "--size", "20x20", "--frames", "3", "--layout", "frames", "-o", "f-%d.png",
        "--states", "f-2.png",
      ], in: folder)
    #expect(frames.status == 64)
    #expect(try Self.files(folder).isEmpty)
  }

  @Test func namesOfTheLongestLegalLengthAreWritten() throws {
    // 255 bytes is the longest name a Linux file system takes (NAME_MAX):
    // the temporary files beside the outputs must not be longer.
    let folder = TemporaryDirectory.make()
    let strip = String(repeating: "s", count: 251) + ".png"
    let states = String(repeating: "j", count: 250) + ".json"
    // `%03d` expands to three digits: the frames' names are 255 bytes too.
    let pattern = String(repeating: "f", count: 248) + "%03d.png"
    #expect(strip.utf8.count == 255 && states.utf8.count == 255)
    let made = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "-o", strip, "--states", states], in: folder)
    #expect(made.status == 0, "\(made.stderr)")
    let frames = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "--layout", "frames", "-o", pattern],
      in: folder)
    #expect(frames.status == 0, "\(frames.stderr)")
    let first = String(repeating: "f", count: 248) + "000.png"
    #expect(first.utf8.count == 255)
    #expect(
      try Self.files(folder)
        == [first, String(repeating: "f", count: 248) + "001.png", states, strip].sorted())
    // Replacing the strip keeps a backup of it under a short name too.
    let again = try animrender.run(
      ["render", "--size", "20x20", "--frames", "3", "-o", strip], in: folder)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Self.files(folder).count == 4)
  }

  @Test func newFilesFollowTheUmaskAndReplacedFilesKeepTheirMode() throws {
    let folder = TemporaryDirectory.make()
    let made = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "-o", "x.png", "--states", "s.json"],
      in: folder, shell: "umask 027")
    #expect(made.status == 0, "\(made.stderr)")
    func mode(_ name: String) throws -> Int {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(name).path)
      return (attributes[.posixPermissions] as? Int) ?? -1
    }
    #expect(try mode("x.png") == 0o640)
    #expect(try mode("s.json") == 0o640)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: folder.appendingPathComponent("x.png").path)
    let again = try animrender.run(
      ["render", "--size", "20x20", "--frames", "3", "-o", "x.png"], in: folder, shell: "umask 0")
    #expect(again.status == 0)
    #expect(try mode("x.png") == 0o600)
    let open = try animrender.run(
      ["render", "--size", "20x20", "--frames", "2", "-o", "y.png"], in: folder, shell: "umask 0")
    #expect(open.status == 0)
    #expect(try mode("y.png") == 0o666)
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalLeavesNoTemporaryFilesAndTheOldSet(_ signal: Int32) throws {
    let folder = TemporaryDirectory.make()
    // An old set of 3 frames, to be kept byte for byte.
    let old = try animrender.run(
      ["render", "--size", "20x20", "--frames", "3", "--layout", "frames", "-o", "f-%04d.png"],
      in: folder)
    #expect(old.status == 0)
    let before = try Self.files(folder).map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    let process = animrender.make(
      [
        "render", "--size", "200x300", "--frames", "10000", "--layout", "frames", "-o",
        "f-%04d.png",
      ], in: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until temporary files are being written, then interrupt.
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline,
      try Self.files(folder).filter({ $0.contains(".ar-tmp-") }).count < 20
    {
      usleep(5_000)
    }
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    let after = try Self.files(folder)
    #expect(after == ["f-0000.png", "f-0001.png", "f-0002.png"], "\(after.prefix(5))")
    #expect(
      try after.map { try Data(contentsOf: folder.appendingPathComponent($0)) } == before)
  }

  // MARK: exit statuses and errors before drawing

  @Test func userErrorsAreNeverSeventy() throws {
    let folder = TemporaryDirectory.make()
    let help = try animrender.run(["help", "frobnicate"], in: folder)
    #expect(help.status == 64)
    #expect(help.stderr.contains("frobnicate"))
    #expect(try animrender.run(["help", "render"], in: folder).status == 0)
    let background = try animrender.run(["render", "--background", "#+f+f+f"], in: folder)
    #expect(background.status == 64)
    let plot = try animrender.run(
      ["curve", "cubic-bezier(0,1e308,1,-1e308)", "--plot", "p.png"], in: folder)
    #expect(plot.status == 65, "\(plot.stderr)")
    let relative = """
      {"container": {"width": 20, "height": 30},
       "views": [{"id": "a", "children": [{"id": "c", "relative": true, "frame": [0, 0, 1e308, 1]}]}],
       "script": [{"show": "a"}]}
      """
    try Data(relative.utf8).write(to: folder.appendingPathComponent("r.json"))
    let inf = try animrender.run(["play", "r.json", "-o", "x.png"], in: folder)
    #expect(inf.status == 65, "\(inf.stderr)")
    #expect(inf.stderr.contains("views[0].children[0].frame"))
    #expect(try Self.files(folder) == ["r.json"])
  }

  @Test func popFalseAndMisspelledKeysAreErrorsNamingTheKey() throws {
    let folder = TemporaryDirectory.make()
    let pop = try Self.scene(folder, #"[{"show": "a"}, {"push": "b"}, {"pop": false}]"#)
    let popped = try animrender.run(["play", pop, "-o", "x.png"], in: folder)
    #expect(popped.status == 65)
    #expect(popped.stderr.contains("script[2].pop: expected true"))
    let root = try Self.scene(folder, #"[{"show": "a"}, {"push": "b"}, {"popToRoot": false}]"#)
    #expect(try animrender.run(["play", root, "-o", "x.png"], in: folder).status == 65)
    let duration = try Self.scene(folder, #"[{"show": "a"}, {"push": "b", "duraton": 0.3}]"#)
    let typo = try animrender.run(["play", duration, "-o", "x.png"], in: folder)
    #expect(typo.status == 65)
    #expect(
      typo.stderr.contains("script[1].duraton: unknown key \"duraton\"; did you mean \"duration\"?")
    )
    let colour = """
      {"container": {"width": 20, "height": 30},
       "views": [{"id": "a", "colour": "#ff0000"}], "script": [{"show": "a"}]}
      """
    try Data(colour.utf8).write(to: folder.appendingPathComponent("c.json"))
    let british = try animrender.run(["play", "c.json", "-o", "x.png"], in: folder)
    #expect(british.status == 65)
    #expect(
      british.stderr.contains("views[0].colour: unknown key \"colour\"; did you mean \"color\"?"))
    #expect(british.stderr.split(separator: "\n").count == 1)
  }

  /// Found by the scene-file fuzzer: a view id with a newline in it made a
  /// two-line error.
  @Test func errorsStayOneLineWhateverTheInputHolds() throws {
    let folder = TemporaryDirectory.make()
    let name = try Self.scene(folder, #"[{"show": "a\nb\u0007"}]"#)
    let result = try animrender.run(["play", name, "-o", "x.png"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(#"no screen "a\nb\u{7}""#))
  }

  // MARK: right pixels

  @Test func sixteenBitInterlacedImagesCompareEqualToTheirEightBitCopies() throws {
    let folder = TemporaryDirectory.make()
    let suite = PackageFiles.root.appendingPathComponent("Tests/TransitRenderTests/Fixtures/suite")
    for name in ["rgb16-i-11x7", "rgba16-i-11x7", "ga16-i-11x7", "g16-trns-i-11x7"] {
      let expected = try Data(contentsOf: suite.appendingPathComponent("\(name).rgba"))
      var pixels: [UInt32] = []
      for i in stride(from: 0, to: expected.count, by: 4) {
        let (r, g, b, a) = (
          UInt32(expected[i]), UInt32(expected[i + 1]), UInt32(expected[i + 2]),
          UInt32(expected[i + 3])
        )
        func mul(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
        pixels.append(a << 24 | mul(r) << 16 | mul(g) << 8 | mul(b))
      }
      let copy = try Image(width: 11, height: 7, pixels: pixels)
      try BinaryFile.write(
        try PNGEncoder.encode(copy), to: folder.appendingPathComponent("copy.png").path)
      let diff = try animrender.run(
        ["diff", suite.appendingPathComponent("\(name).png").path, "copy.png"], in: folder)
      #expect(diff.status == 0, "\(name): \(diff.stdout)")
      #expect(diff.stdout.hasPrefix("0 pixels differ"), "\(name): \(diff.stdout)")
    }
  }
}

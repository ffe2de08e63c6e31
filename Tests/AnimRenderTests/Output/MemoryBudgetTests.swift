import Foundation
import Testing
import Transit
import TransitTestSupport

@testable import AnimRenderCLI
@testable import TransitRender

/// The one memory budget: its accounting, and the built animrender's peak
/// memory measured against it.
///
/// The end-to-end tests lower the budget with `ANIMRENDER_MEMORY_BUDGET`
/// (MiB), so that small inputs show what large ones would, and hold the
/// run to it: its peak resident memory may pass a trivial run's (the
/// program itself) by at most the budget and a little slack. Each case
/// once held many times its budget.
@Suite("memory budget", .serialized)
struct MemoryBudgetTests {
  // MARK: accounting

  @Test func theVariableOnlyLowersTheBudget() {
    #expect(MemoryBudget.limit(fromEnvironment: nil) == 2 << 30)
    #expect(MemoryBudget.limit(fromEnvironment: "64") == 64 << 20)
    #expect(MemoryBudget.limit(fromEnvironment: "2048") == 2 << 30)
    for text in ["4096", "0", "-1", "1e3", "", "lots", "99999999999999999999"] {
      #expect(MemoryBudget.limit(fromEnvironment: text) == 2 << 30, "\(text)")
    }
  }

  @Test func aRefusalNamesWhatTakesTheMemory() throws {
    var memory = MemoryBudget(limit: 100 << 20)
    for i in 0..<7 {
      try memory.charge(10 << 20, for: "the image i\(i).png", group: "images", kind: .dataError)
    }
    #expect(memory.total == 70 << 20)
    var refusal: CLIError?
    do { try memory.charge(40 << 20, for: "3 frames of 40×40") } catch { refusal = error }
    let error = try #require(refusal)
    #expect(error.kind == .usage)
    #expect(
      error.message
        == "3 frames of 40×40: 40 MiB of memory on top of 7 images (70 MiB), 110 MiB in all: more than the 100 MiB one run may use"
    )
    // Nothing was charged for the refusal; what fits still does.
    #expect(memory.total == 70 << 20)
    try memory.charge(30 << 20, for: "the rest")
    #expect(memory.remaining == 0)
    #expect(throws: CLIError.self) { try memory.charge(1, for: "a byte") }
    // A need too large to count is refused, never wrapped around.
    #expect(throws: CLIError.self) { try memory.charge(-1, for: "an overflow") }
  }

  @Test func theDepthOf3DViewsCountsOnlyTheirNesting() {
    var turned = Transform3D.identity
    turned.m34 = -1.0 / 500
    func view(_ id: String, _ transform: Transform3D, _ children: [View] = []) -> View {
      var view = View(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10), children: children)
      view.transform = transform
      return view
    }
    #expect(FramePipeline.perspectiveDepth(in: [view("a", .identity)]) == 0)
    // A flat view between two 3-D ones does not count; siblings do not add.
    let nested = view("a", turned, [view("b", .identity, [view("c", turned)]), view("d", turned)])
    #expect(FramePipeline.perspectiveDepth(in: [nested, view("e", turned)]) == 2)
  }

  @Test func sharedViewsAreCountedOnce() {
    let children = (0..<1_000).map {
      View(id: "c\($0)", frame: Rect(x: 0, y: 0, width: 1, height: 1))
    }
    let screen = View(id: "a", frame: Rect(x: 0, y: 0, width: 20, height: 30), children: children)
    // The counter's contract: every scene counted stays alive.
    var kept: [Scene] = []
    var memory = SceneMemory()
    func add(_ views: [View]) -> Int {
      kept.append(Scene(size: Size(width: 20, height: 30), views: views))
      return memory.add(kept[kept.count - 1])
    }
    let first = add([screen])
    #expect(first >= 1_000 * MemoryLayout<View>.stride)
    // The same children under a moved screen: only the new top level.
    var moved = screen
    moved.frame.origin.x = 5
    let second = add([moved])
    #expect(second < 1_000)
    // A copy of the children is counted again.
    var copied = screen
    copied.children = children.map {
      var child = $0
      child.alpha = 0.5
      return child
    }
    let third = add([copied])
    #expect(third >= 1_000 * MemoryLayout<View>.stride)
  }

  /// A story's frames are charged as they are kept: over the budget, the
  /// script is refused (65) at the frame that does not fit, not after.
  @Test func aStoryIsRefusedAtTheFrameThatDoesNotFit() throws {
    let json = """
      {"container": {"width": 20, "height": 30}, "frames": 1000,
       "views": [{"id": "a"}, {"id": "b"}], "script": [{"show": "a"}, {"push": "b"}]}
      """
    let file = try SceneFile.decode(Data(json.utf8), name: "s.json")
    let story = try Story.play(file, name: "s.json", memory: MemoryBudget(limit: 1 << 30))
    #expect(story.frames.count == 1_001)
    let perFrame = story.memory.total / story.frames.count
    #expect(perFrame > 0 && perFrame < 4_096, "\(perFrame) bytes a frame")
    var refusal: CLIError?
    do {
      _ = try Story.play(file, name: "s.json", memory: MemoryBudget(limit: 100 * perFrame))
    } catch { refusal = error }
    let error = try #require(refusal)
    #expect(error.kind == .dataError)
    #expect(error.message.hasPrefix("s.json: frame "), "\(error.message)")
    #expect(error.message.contains("frames of the script"), "\(error.message)")
  }

  @Test func chunksTheDecoderDoesNotReadAreCutOut() throws {
    let header = PNGChunks.bigEndian(2) + PNGChunks.bigEndian(1) + [8, 3, 0, 0, 0]
    // One row, filter 0, palette entries 0 and 1, in a stored zlib block.
    let data: [UInt8] = [0x78, 0x01, 0x01, 0x03, 0x00, 0xFC, 0xFF, 0, 0, 1, 0x00, 0x04, 0x00, 0x02]
    func png(_ extra: [UInt8]) -> [UInt8] {
      PNGChunks.signature + PNGChunks.chunk("IHDR", header) + extra
        + PNGChunks.chunk("PLTE", [255, 0, 0, 0, 0, 255]) + PNGChunks.chunk("tRNS", [128])
        + PNGChunks.chunk("IDAT", data) + PNGChunks.chunk("IEND", [])
    }
    let plain = png([])
    #expect(PNGAncillaryChunks.stripped(plain) == nil)
    // A zTXt whose text (bad data, too) libspng would inflate, and an iCCP.
    let noisy = png(
      PNGChunks.chunk("zTXt", Array("k\0\0".utf8) + [0x78, 0x9C, 1, 2, 3])
        + PNGChunks.chunk("iCCP", Array("p\0\0".utf8) + [0x78, 0x9C]))
    #expect(PNGAncillaryChunks.stripped(noisy) == plain)
    // tRNS is kept: the second palette entry stays translucent.
    let decoded = try PNGDecoder.decode(noisy)
    #expect(decoded.pixels == (try PNGDecoder.decode(plain)).pixels)
    // A chunk running past the end is left for libspng to refuse.
    #expect(PNGAncillaryChunks.stripped(Array(noisy.dropLast(20))) == nil)
  }

  @Test func theStatesFileIsTheWholeFileEncodedAFrameAtATime() throws {
    let timeline = try TransitionPair(
      style: try StyleLookup.style(named: "flip-horizontally"), size: Size(width: 20, height: 30),
      duration: nil, curve: nil, fromImage: nil, toImage: nil
    ).timeline(reversed: false)
    let frames = FrameSpec.frames(of: timeline, count: 5)
    let whole = StatesFile.File(
      frames: frames.enumerated().map {
        StatesFile.entry(index: $0, time: $1.time, scene: $1.scene())
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    #expect(try StatesFile.encode(frames) == Array(try encoder.encode(whole)))
  }

  // MARK: the built animrender, measured

  /// The peak of a trivial run: what the program itself holds.
  static func programPeak(in folder: URL) throws -> Int {
    let scene = """
      {"container": {"width": 20, "height": 30}, "views": [{"id": "a", "color": "#ff0000"}],
       "script": [{"show": "a"}]}
      """
    try Data(scene.utf8).write(to: folder.appendingPathComponent("trivial.json"))
    let play = try animrender.measure(["play", "trivial.json", "-o", "trivial.png"], in: folder)
    let render = try animrender.measure(
      ["render", "--size", "20x30", "--frames", "2", "-o", "trivial.png"], in: folder)
    try #require(play.status == 0 && render.status == 0, "\(play.stderr)\(render.stderr)")
    return max(play.peakBytes, render.peakBytes)
  }

  /// Runs animrender under a budget of `mebibytes` and checks its peak
  /// stays within the program's own peak, the budget and 16 MiB of slack.
  static func run(
    _ arguments: [String], budget mebibytes: Int, in folder: URL, program: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> MeasuredRun {
    let run = try animrender.measure(
      arguments, in: folder, environment: [MemoryBudget.limitVariable: "\(mebibytes)"])
    let allowed = program + (mebibytes + 16) << 20
    #expect(
      run.peakBytes <= allowed,
      "\(arguments.joined(separator: " ")): peak \(run.peakBytes >> 20) MiB, allowed \(allowed >> 20) MiB (the program \(program >> 20) MiB)",
      sourceLocation: sourceLocation)
    return run
  }

  /// Writes `many.json` into `folder`: a push from a screen of `count`
  /// one-point children to an empty one, 100 frames at 20×30, the story
  /// the budget's view-count tests draw.
  static func writeManyViews(_ count: Int, in folder: URL) throws {
    let children = (0..<count).map {
      ##"{"id": "c\##($0)", "frame": [\##($0 % 20), \##($0 % 30), 1, 1], "color": "#00ff00"}"##
    }
    let scene = """
      {"container": {"width": 20, "height": 30}, "frames": 100,
       "views": [{"id": "a", "color": "#ff0000", "children": [\(children.joined(separator: ","))]},
                 {"id": "b", "color": "#0000ff"}],
       "script": [{"show": "a"}, {"push": "b"}]}
      """
    try Data(scene.utf8).write(to: folder.appendingPathComponent("many.json"))
  }

  /// Every frame of a story once kept its own copy of the screens'
  /// children (and their id index): 2,500 views over 101 frames took about
  /// 120 MB. The frames now share one.
  @Test func aStoryOfManyViewsKeepsOneCopyOfThem() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    try Self.writeManyViews(2_500, in: folder)
    let run = try Self.run(
      ["play", "many.json", "--layout", "frames", "-o", "f-%03d.png"], budget: 32, in: folder,
      program: program)
    #expect(run.status == 0, "\(run.stderr)")
    // Their states, 252,500 entries (25 MB of JSON), are written a frame
    // at a time; made whole in memory first, they took about 500 MB.
    let states = try Self.run(
      ["play", "many.json", "--layout", "frames", "-o", "g-%03d.png", "--states", "s.json"],
      budget: 32, in: folder, program: program)
    #expect(states.status == 0, "\(states.stderr)")
  }

  /// Each worker once drew the scene's images from a copy of its own, and
  /// the budget counted one; now the images are charged from their headers
  /// before any is decoded, and a refusal names them.
  @Test func sceneImagesAreChargedFromTheirHeadersAndDrawnFromOneCopy() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    // 2,048² pixels, 16 MiB decoded; a few KB on disk.
    let image = try Image(width: 2_048, height: 2_048, fill: Color(red: 0.2, green: 0.4, blue: 0.6))
    let png = try PNGEncoder.encode(image)
    for i in 0..<4 { try Data(png).write(to: folder.appendingPathComponent("i\(i).png")) }
    let children = (0..<4).map {
      #"{"id": "i\#($0)", "frame": [\#($0 * 10), 0, 10, 10], "image": "i\#($0).png"}"#
    }
    let scene = """
      {"container": {"width": 40, "height": 40}, "frames": 3,
       "views": [{"id": "a", "color": "#ff0000", "children": [\(children.joined(separator: ","))]},
                 {"id": "b", "color": "#0000ff"}],
       "script": [{"show": "a"}, {"push": "b"}]}
      """
    try Data(scene.utf8).write(to: folder.appendingPathComponent("images.json"))
    let drawn = try Self.run(
      ["play", "images.json", "-o", "drawn.png"], budget: 80, in: folder, program: program)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    // Three fit in 56 MiB, the fourth does not: refused before decoding.
    let refused = try Self.run(
      ["play", "images.json", "-o", "refused.png"], budget: 56, in: folder, program: program)
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "the image views[0].children[3].image ./i3.png (2048×2048): 16 MiB of memory on top of 3 images (48 MiB)"
      ), "\(refused.stderr)")
    #expect(
      refused.peakBytes < program + (32 << 20), "nothing decoded: \(refused.peakBytes >> 20) MiB")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused.png").path))
  }

  /// A small PNG with a compressed text chunk of 256 MiB: libspng inflated
  /// it whole; the decoder now skips it.
  @Test func aCompressedTextChunkIsNeverInflated() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    let script = """
      import struct, sys, zlib
      def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
      co = zlib.compressobj(9)
      text = b"".join(co.compress(bytes(1 << 20)) for _ in range(256)) + co.flush()
      rows = b"".join(b"\\0" + b"\\x80" * 60 for _ in range(20))
      open(sys.argv[1], "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 20, 20, 8, 2, 0, 0, 0))
        + chunk(b"zTXt", b"k\\0\\0" + text) + chunk(b"iCCP", b"p\\0\\0" + text)
        + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
      """
    let made = try ProcessRunner.run(
      program: "python3", ["-c", script, folder.appendingPathComponent("text.png").path])
    try #require(made.status == 0, "\(made.stderr)")
    let run = try Self.run(
      ["render", "--from", "text.png", "--frames", "2", "-o", "out.png"], budget: 32, in: folder,
      program: program)
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// The encoders' working memory is charged: a WebP frame libwebp would
  /// need about eight times over is refused before drawing, a smaller one
  /// stays within; a labelled PDF keeps only its label bands.
  @Test func encodersAndVectorSheetsStayWithinTheBudget() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    let webp = try Self.run(
      ["render", "--size", "900x900", "--frames", "1", "-o", "a.webp"], budget: 48, in: folder,
      program: program)
    #expect(webp.status == 0, "\(webp.stderr)")
    let large = try Self.run(
      ["render", "--size", "1200x1200", "--frames", "1", "-o", "b.webp"], budget: 48, in: folder,
      program: program)
    #expect(large.status == 64, "\(large.stderr)")
    #expect(large.stderr.contains("1 frame of 1200×1200: 61 MiB of memory"), "\(large.stderr)")
    let pdf = try Self.run(
      ["render", "--size", "390x844", "--frames", "60", "--labels", "-o", "c.pdf"], budget: 32,
      in: folder, program: program)
    #expect(pdf.status == 0, "\(pdf.stderr)")
  }

  /// A 3-D view is drawn into an offscreen picture, and the workers share
  /// a cache of up to 64 MiB of them: a job with any 3-D view (raster, or
  /// vector, which draws them with one renderer) is charged for them
  /// before drawing. A flip is refused under a budget its frames alone
  /// fit, and drawn under one that holds its pictures too; a push of the
  /// same size, with no 3-D view, is charged nothing for them.
  @Test func offscreenPicturesOf3DViewsAreChargedBeforeDrawing() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    func render(_ style: String, _ pattern: String, budget: Int?) throws -> MeasuredRun {
      let arguments = [
        "render", "--style", style, "--size", "1000x1000", "--frames", "3", "--layout", "frames",
        "-o", pattern,
      ]
      guard let budget else { return try animrender.measure(arguments, in: folder) }
      return try Self.run(arguments, budget: budget, in: folder, program: program)
    }
    let refused = try render("flip-horizontally", "a-%d.png", budget: 48)
    #expect(refused.status == 64, "\(refused.stderr)")
    #expect(
      refused.stderr.contains("the offscreen pictures of 3-D views nested 1 deep"),
      "\(refused.stderr)")
    // Frames cannot be SVG or PDF: the advice is a smaller frame only.
    #expect(refused.stderr.contains("use a smaller --scale or --size"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("SVG or PDF"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a-0.png").path))
    #expect(refused.peakBytes < program + (16 << 20), "drawn: \(refused.peakBytes >> 20) MiB")
    let pushed = try render("push-from-right", "b-%d.png", budget: 48)
    #expect(pushed.status == 0, "\(pushed.stderr)")
    let drawn = try render("flip-horizontally", "c-%d.png", budget: 192)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    let unlimited = try render("flip-horizontally", "d-%d.png", budget: nil)
    #expect(unlimited.status == 0, "\(unlimited.stderr)")
    // A vector output draws the pictures too, with one renderer.
    let vector = try Self.run(
      [
        "render", "--style", "flip-horizontally", "--size", "1000x1000", "--frames", "3", "-o",
        "e.pdf",
      ],
      budget: 48, in: folder, program: program)
    #expect(vector.status == 64, "\(vector.stderr)")
    #expect(
      vector.stderr.contains("the offscreen pictures of 3-D views nested 1 deep, for 1 worker"),
      "\(vector.stderr)")
    #expect(!vector.stderr.contains("SVG or PDF"), "\(vector.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("e.pdf").path))
  }

  /// Ten times the documented limits' worth of frames and views is
  /// refused before the memory is spent: frames are counted before any is
  /// built, or charged as they are sampled; a scene file is charged before
  /// it is parsed.
  @Test func tenTimesTheLimitsAreRefusedInTime() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    let frames = try Self.run(
      ["render", "--frames", "100000", "-o", "a.png"], budget: 32, in: folder, program: program)
    #expect(frames.status == 64, "\(frames.stderr)")
    let pushes = (0..<11).map { #"{"push": "b\#($0)", "frames": 10000}"# }
    let views = (0..<11).map { #"{"id": "b\#($0)"}"# }
    let script = """
      {"container": {"width": 20, "height": 30}, "views": [{"id": "a"}, \(views.joined(separator: ","))],
       "script": [{"show": "a"}, \(pushes.joined(separator: ","))]}
      """
    try Data(script.utf8).write(to: folder.appendingPathComponent("long.json"))
    let long = try Self.run(
      ["play", "long.json", "-o", "b.png"], budget: 32, in: folder, program: program)
    #expect(long.status == 64, "\(long.stderr)")
    #expect(long.stderr.contains("110001 frames"), "\(long.stderr)")
    // Sampled at 1,000 frames a second, an hour's wait is 3,600,000
    // frames: the sample past 10,000 stops the story.
    let wait = """
      {"container": {"width": 20, "height": 30}, "views": [{"id": "a"}],
       "script": [{"show": "a"}, {"wait": 3600}]}
      """
    try Data(wait.utf8).write(to: folder.appendingPathComponent("wait.json"))
    let sampled = try Self.run(
      ["play", "wait.json", "--fps", "1000", "-o", "c.png"], budget: 32, in: folder,
      program: program)
    #expect(sampled.status == 64, "\(sampled.stderr)")
    // 50,000 views in a 2.6 MB file: reading it would take about 160 MiB.
    let children = (0..<50_000).map { #"{"id": "c\#($0)", "frame": [0, 0, 1, 1]}"# }
    let many = """
      {"container": {"width": 20, "height": 30},
       "views": [{"id": "a", "children": [\(children.joined(separator: ","))]}],
       "script": [{"show": "a"}]}
      """
    try Data(many.utf8).write(to: folder.appendingPathComponent("many.json"))
    let viewsRun = try Self.run(
      ["play", "many.json", "-o", "d.png"], budget: 32, in: folder, program: program)
    #expect(viewsRun.status == 65, "\(viewsRun.stderr)")
    #expect(viewsRun.stderr.contains("reading many.json"), "\(viewsRun.stderr)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy {
        !["a.png", "b.png", "c.png", "d.png"].contains($0)
      })
  }

  /// `diff` charges both images and the difference image before decoding.
  @Test func diffIsChargedBeforeDecoding() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    let png = try PNGEncoder.encode(try Image(width: 2_048, height: 2_048, fill: .white))
    for name in ["a.png", "b.png"] { try Data(png).write(to: folder.appendingPathComponent(name)) }
    let compared = try Self.run(
      ["diff", "a.png", "b.png", "-o", "d.png"], budget: 80, in: folder, program: program)
    #expect(compared.status == 0, "\(compared.stderr)")
    let refused = try Self.run(
      ["diff", "a.png", "b.png", "-o", "e.png"], budget: 40, in: folder, program: program)
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(
      refused.stderr.contains(
        "the difference image (2048×2048): 32 MiB of memory on top of 2 images (32 MiB)"),
      "\(refused.stderr)")
  }

  /// A PNG animation keeps each frame compressed, charged in advance at an
  /// eighth of its pixels; frames of noise hardly compress, and what they
  /// keep beyond the estimate is charged as each is made, so the run is
  /// refused at the frame that does not fit instead of holding eight times
  /// its estimate.
  @Test func compressedFramesAreChargedAsTheyAreMade() throws {
    let folder = TemporaryDirectory.make()
    let program = try Self.programPeak(in: folder)
    var random = SplitMix64(seed: 26)
    let pixels = (0..<(512 * 512)).map { _ in
      UInt32(truncatingIfNeeded: random.next()) | 0xFF00_0000
    }
    let noise = try Image(width: 512, height: 512, pixels: pixels)
    try Data(try PNGEncoder.encode(noise)).write(to: folder.appendingPathComponent("noise.png"))
    let run = try Self.run(
      ["render", "--from", "noise.png", "--to", "noise.png", "--frames", "60", "-o", "n.apng"],
      budget: 24, in: folder, program: program)
    #expect(run.status == 64, "\(run.stderr)")
    #expect(run.stderr.contains(" compressed ("), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("n.apng").path))
  }
}

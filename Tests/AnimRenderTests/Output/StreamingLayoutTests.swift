import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

/// Strips, grids and APNGs are drawn and compressed in pieces on every core
/// (see FramePipeline); these tests hold them to the simple model: the same
/// frames as `--layout frames`, laid out by `FrameSheet` or played by an
/// outside APNG reader (Pillow).
@Suite(.serialized) struct StreamingLayoutTests {
  /// Frames of a run, decoded from `--layout frames`.
  static func frames(_ arguments: [String], in folder: URL) throws -> [Image] {
    let run = try animrender.run(
      arguments + ["--layout", "frames", "-o", "f-%02d.png"], in: folder)
    try #require(run.status == 0, "\(run.stderr)")
    var images: [Image] = []
    while case let path = folder.appendingPathComponent(String(format: "f-%02d.png", images.count))
      .path, FileManager.default.fileExists(atPath: path)
    {
      images.append(try PNGDecoder.decode(contentsOf: path))
    }
    return images
  }

  static func output(_ arguments: [String], in folder: URL) throws -> [UInt8] {
    let run = try animrender.run(arguments + ["-o", "out.png"], in: folder)
    try #require(run.status == 0, "\(run.stderr)")
    return try Array(Data(contentsOf: folder.appendingPathComponent("out.png")))
  }

  static let render = [
    "render", "--style", "flip-horizontally", "--size", "48x30", "--frames", "11",
  ]

  /// Three bands, the last with one empty cell: with the default transparent
  /// background the empty cell takes the scene's (black) and the sheet stays RGB.
  @Test(arguments: ["fast", "smaller", "smallest"])
  func gridEqualsTheFramesLaidOut(_ compression: String) throws {
    let folder = TemporaryDirectory.make()
    let frames = try Self.frames(Self.render, in: folder)
    #expect(frames.count == 11)
    let png = try Self.output(
      Self.render + ["--layout", "grid", "--columns", "4", "--compression", compression],
      in: folder)
    #expect(png[25] == 2, "colour type: RGB")
    var expected = try FrameSheet.grid(frames, columns: 4).pixels
    let layout = try FrameSheet.Layout(
      cellWidth: 48, cellHeight: 30, count: 11, columns: 4, padding: 0)
    expected.withUnsafeMutableBufferPointer {
      layout.fillCell(11, with: Color.black.premultipliedARGB32, in: $0.baseAddress!)
    }
    #expect(try PNGDecoder.decode(png).pixels == expected)
  }

  /// A strip too wide for one row wraps into even rows: 20 frames 4,000
  /// pixels wide (8 fit in a row) make bands of 7, 7 and 6 cells, each frame
  /// filtered into its cell on its own and joined to its neighbours, each
  /// band deflated in two pieces (about 4 MiB of scanlines each); the strip
  /// decodes to the frames drawn alone, placed in their cells (the empty one
  /// in the scene's black), and stays RGB.
  @Test func wrappedStripEqualsTheFramesInTheirCells() throws {
    let folder = TemporaryDirectory.make()
    let render = ["render", "--style", "cover-from-bottom", "--size", "4000x90", "--frames", "20"]
    let frames = try Self.frames(render, in: folder)
    #expect(frames.count == 20)
    let png = try Self.output(render + ["--layout", "strip"], in: folder)
    #expect(png[25] == 2, "colour type: RGB")
    let layout = try FrameSheet.Layout(
      cellWidth: 4000, cellHeight: 90, count: 20, columns: nil, padding: 0)
    // 8 fit in a row: three rows of 7, the last with one empty cell.
    #expect(layout.columns == 7 && layout.rows == 3)
    var expected = try FrameSheet.grid(frames, columns: 7).pixels
    expected.withUnsafeMutableBufferPointer {
      for index in 20..<21 {
        layout.fillCell(index, with: Color.black.premultipliedARGB32, in: $0.baseAddress!)
      }
    }
    let decoded = try PNGDecoder.decode(png)
    #expect(decoded.width == 28_000 && decoded.height == 270)
    // A Bool, not the arrays: Swift Testing would diff 9.6 million pixels.
    let first = zip(decoded.pixels, expected).enumerated().first { $1.0 != $1.1 }?.offset
    #expect(
      decoded.pixels.count == expected.count && first == nil, "first difference at \(first ?? -1)")
  }

  /// A scene that turns its container, with transparent padding: the strip
  /// is RGBA and equals `FrameSheet.strip` of the frames drawn alone; with
  /// labels, every cell holds its frame with its time under it.
  @Test(arguments: [false, true])
  func stripWithPaddingEqualsTheFrames(labels: Bool) throws {
    let folder = TemporaryDirectory.make()
    let source = PackageFiles.root.appendingPathComponent("Examples/push-rotate-pop.json").path
    let play = ["play", source, "--scale", "0.2"] + (labels ? ["--labels"] : [])
    let frames = try Self.frames(play, in: folder)
    let png = try Self.output(play + ["--layout", "strip", "--padding", "1"], in: folder)
    #expect(png[25] == 6, "colour type: RGBA")
    #expect(try PNGDecoder.decode(png) == FrameSheet.strip(frames, padding: 1))
  }

  /// The same command gives the same bytes, every time and in every layout.
  @Test func sameCommandSameBytes() throws {
    let folder = TemporaryDirectory.make()
    let render = ["render", "--style", "flip-vertically", "--size", "300x200", "--frames", "24"]
    for layout in ["strip", "grid", "apng"] {
      let first = try Self.output(render + ["--layout", layout], in: folder)
      let second = try Self.output(render + ["--layout", layout], in: folder)
      #expect(first == second, "\(layout)")
    }
  }

  /// Padding takes the background, in every band (the band's memory is
  /// reused, so a band that skipped it would show the one before).
  @Test func paddingTakesTheBackground() throws {
    let folder = TemporaryDirectory.make()
    let frames = try Self.frames(Self.render, in: folder)
    let clear = try Self.output(Self.render + ["--padding", "3"], in: folder)
    #expect(clear[25] == 6, "colour type: RGBA")
    #expect(try PNGDecoder.decode(clear) == FrameSheet.strip(frames, padding: 3))
    let grey = try Self.output(
      Self.render + [
        "--layout", "grid", "--columns", "4", "--padding", "2", "--background", "#203040",
      ],
      in: folder)
    #expect(grey[25] == 2, "colour type: RGB")
    let background = Color(red: 0x20 / 255, green: 0x30 / 255, blue: 0x40 / 255)
    #expect(
      try PNGDecoder.decode(grey)
        == FrameSheet.grid(frames, columns: 4, padding: 2, background: background))
  }

  /// A scene on a transparent container: its first frame is opaque, later
  /// ones are not, so the pipeline starts as RGB and must start again.
  static func translucentScene(in folder: URL) throws -> [String] {
    let source = PackageFiles.root.appendingPathComponent("Examples/flip-cards.json")
    let text = try String(contentsOf: source, encoding: .utf8)
      .replacingOccurrences(of: "\"#101014\"", with: "\"transparent\"")
    try text.write(
      to: folder.appendingPathComponent("clear.json"), atomically: true, encoding: .utf8)
    return ["play", "clear.json", "--scale", "0.2"]
  }

  @Test func translucentFramesFoundLateStillGiveTheRightSheet() throws {
    let folder = TemporaryDirectory.make()
    let play = try Self.translucentScene(in: folder)
    let frames = try Self.frames(play, in: folder)
    #expect(frames.first?.isOpaque == true && frames.contains { !$0.isOpaque })
    let png = try Self.output(play + ["--layout", "grid", "--columns", "3"], in: folder)
    #expect(png[25] == 6)
    #expect(try PNGDecoder.decode(png) == FrameSheet.grid(frames, columns: 3))
  }

  /// As a strip (no padding, no empty cells) nothing marks the sheet
  /// translucent before a translucent frame is drawn, so it is started as
  /// RGB and must be made again as RGBA. (The grid above has empty cells in
  /// the scene's transparent background: RGBA from the start.)
  @Test func translucentFramesFoundLateStillGiveTheRightStrip() throws {
    let folder = TemporaryDirectory.make()
    let play = try Self.translucentScene(in: folder)
    let frames = try Self.frames(play, in: folder)
    #expect(frames.first?.isOpaque == true && frames.contains { !$0.isOpaque })
    let png = try Self.output(play + ["--layout", "strip"], in: folder)
    #expect(png[25] == 6, "colour type: RGBA")
    #expect(try PNGDecoder.decode(png) == FrameSheet.strip(frames))
  }

  /// Every APNG frame, read by Pillow, equals the frame drawn alone; a
  /// story's animation leaves out the frames that repeat the picture before
  /// them where an operation begins (the one before shows longer instead).
  @Test(arguments: [false, true])
  func apngFramesEqualTheFrames(translucent: Bool) throws {
    let folder = TemporaryDirectory.make()
    let arguments = translucent ? try Self.translucentScene(in: folder) : Self.render
    let drawn = try Self.frames(arguments, in: folder)
    let frames = drawn.indices.filter { $0 == 0 || drawn[$0] != drawn[$0 - 1] }.map { drawn[$0] }
    // flip-cards: each of its three flips begins on the picture before.
    #expect(drawn.count - frames.count == (translucent ? 3 : 0))
    let png = try Self.output(arguments + ["--layout", "apng"], in: folder)
    #expect(png[25] == (translucent ? 6 : 2))
    #expect(try PNGDecoder.decode(png) == frames[0])
    let script = """
      import sys
      from PIL import Image
      im = Image.open(sys.argv[1])
      for i in range(im.n_frames):
          im.seek(i)
          print(im.convert("RGBA").tobytes().hex())
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, folder.appendingPathComponent("out.png").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python3 with Pillow (apt python3-pil) is needed")
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == frames.count)
    for (index, (line, frame)) in zip(lines, frames).enumerated() {
      let straight = frame.pixels.map { pixel -> String in
        let a = pixel >> 24
        let rgb = [(pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF].map {
          a == 0 ? 0 : min(($0 * 255 + a / 2) / a, 255)
        }
        return (rgb + [a]).map { String(format: "%02x", $0) }.joined()
      }.joined()
      #expect(line == straight, "frame \(index)")
    }
  }
}

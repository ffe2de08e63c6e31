import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

/// Every output format read back by someone else's decoder: Pillow for GIF
/// and WebP, ffprobe for video, rsvg-convert and pdftoppm for SVG and PDF,
/// each compared with the PNG frames animrender draws for the same run.
@Suite("Output formats, read back by outside decoders", .serialized)
struct OutputFormatTests {
  /// The example: 12 frames of cross-dissolve at 80×120.
  static let example = [
    "render", "--style", "cross-dissolve", "--frames", "12", "--size", "80x120",
  ]
  /// 0.4 s over 11 intervals: 2/55 s a frame, 27.5 fps.
  static let frameSeconds = 0.4 / 11

  /// A folder with the example's PNG frames `f-00.png` … `f-11.png`.
  static func framesFolder(_ arguments: [String] = example) throws -> URL {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      arguments + ["--layout", "frames", "-o", "f-%02d.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    return folder
  }

  /// Frame k starts at round(k × delay) in the file's unit (`unit` ms).
  static func expectExactOnAverage(_ durations: [Int], unitMilliseconds: Int) {
    var start = 0
    for (k, duration) in durations.enumerated() {
      start += duration
      let ideal = Double(k + 1) * frameSeconds * 1000
      #expect(
        abs(Double(start) - ideal) <= Double(unitMilliseconds) / 2 + 1e-9,
        "frame \(k) ends at \(start) ms, ideally \(ideal) ms (durations \(durations))")
    }
  }

  @Test func gifHasEveryFrameTheDelaysAndThePixels() throws {
    let folder = try Self.framesFolder()
    let result = try animrender.run(Self.example + ["-o", "a.gif"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "a.gif\n")
    let gif: OutsideDecoders.Animation = try OutsideDecoders.python(
      OutsideDecoders.pillowAnimation, ["a.gif", "f-%02d.png"], in: folder)
    #expect(gif.frames == 12)
    #expect(gif.loop == 0)
    #expect(gif.durations.allSatisfy { $0 % 10 == 0 })
    Self.expectExactOnAverage(gif.durations, unitMilliseconds: 10)
    // Antialiased text and the dissolve make more than 256 colours: close
    // per pixel, and after a blur (which averages dithering) very close.
    for k in 0..<12 {
      #expect(gif.meanDifference[k] < 0.5, "frame \(k): mean \(gif.meanDifference[k])")
      #expect(gif.blurredDifference[k] < 0.2, "frame \(k): blurred \(gif.blurredDifference[k])")
      #expect(gif.maxDifference[k] <= 16, "frame \(k): max \(gif.maxDifference[k])")
    }
    // The inbox alone has few enough colours to be stored exactly.
    #expect(gif.maxDifference[0] == 0, "\(gif.maxDifference)")
  }

  @Test func gifDithersScreensWithMoreColoursThanItsPalette() throws {
    // Smooth gradients have thousands of colours: the median-cut palette
    // and Floyd–Steinberg keep each frame close, on average and blurred.
    let folder = TemporaryDirectory.make()
    var pixels: [UInt32] = []
    for y in 0..<120 {
      for x in 0..<80 {
        let r = UInt32(x * 255 / 79)
        let g = UInt32(y * 255 / 119)
        let b = UInt32((x + y) * 255 / 198)
        pixels.append(0xFF00_0000 | r << 16 | g << 8 | b)
      }
    }
    let gradient = try Image(width: 80, height: 120, pixels: pixels)
    try gradient.writePNG(to: folder.appendingPathComponent("gradient.png").path)
    let arguments = [
      "render", "--style", "cross-dissolve", "--frames", "5", "--from", "gradient.png", "--to",
      "gradient.png",
    ]
    for (extra, name) in [
      (["--layout", "frames", "-o", "g-%02d.png"], ""), (["-o", "g.gif"], ""),
    ] {
      let result = try animrender.run(arguments + extra, in: folder)
      #expect(result.status == 0, "\(result.stderr) \(name)")
    }
    let gif: OutsideDecoders.Animation = try OutsideDecoders.python(
      OutsideDecoders.pillowAnimation, ["g.gif", "g-%02d.png"], in: folder)
    #expect(gif.frames == 5)
    for k in 0..<5 {
      #expect(gif.meanDifference[k] < 4, "frame \(k): mean \(gif.meanDifference[k])")
      #expect(gif.blurredDifference[k] < 1.0, "frame \(k): blurred \(gif.blurredDifference[k])")
      #expect(gif.maxDifference[k] <= 40, "frame \(k): max \(gif.maxDifference[k])")
    }
  }

  @Test func webpIsLosslessWithMillisecondDelays() throws {
    let folder = try Self.framesFolder(
      ["render", "--style", "flip-horizontally", "--frames", "12", "--size", "80x120"])
    let result = try animrender.run(
      ["render", "--style", "flip-horizontally", "--frames", "12", "--size", "80x120"]
        + ["--loops", "3", "-o", "a.webp"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let webp: OutsideDecoders.Animation = try OutsideDecoders.python(
      OutsideDecoders.pillowAnimation, ["a.webp", "f-%02d.png"], in: folder)
    #expect(webp.frames == 12)
    #expect(webp.loop == 3)
    // flip-horizontally lasts 0.6 s: 11 intervals of 600/11 ms.
    var start = 0
    for (k, duration) in webp.durations.enumerated() {
      start += duration
      #expect(abs(Double(start) - Double(k + 1) * 600 / 11) <= 0.5 + 1e-9, "\(webp.durations)")
    }
    #expect(webp.maxDifference.allSatisfy { $0 == 0 }, "\(webp.maxDifference)")
  }

  @Test(arguments: ["mp4", "webm"])
  func videoHasEveryFrameAndTheDuration(format: String) throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(Self.example + ["-o", "a.\(format)"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try OutsideDecoders.probeVideo(folder.appendingPathComponent("a.\(format)").path)
    #expect(probe.frames == 12)
    #expect(probe.rate == "55/2")
    #expect(abs(probe.duration - 12 * Self.frameSeconds) < 0.002, "\(probe.duration)")
  }

  @Test func videoWithoutFFmpegExits69WithAnInstallHint() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      Self.example + ["-o", "a.mp4"], in: folder, shell: "PATH='\(folder.path)'; export PATH")
    #expect(result.status == 69)
    #expect(result.stderr.contains("install"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.mp4").path))
  }

  @Test(arguments: ["svg", "pdf"])
  func vectorStripsLookLikeThePNGStrip(format: String) throws {
    let folder = TemporaryDirectory.make()
    for style in ["cover-from-bottom", "flip-vertically"] {
      let arguments = [
        "render", "--style", style, "--frames", "4", "--size", "80x120", "--padding", "4",
        "--background", "#303030", "--labels",
      ]
      for name in ["\(style).png", "\(style).\(format)"] {
        let result = try animrender.run(arguments + ["-o", name], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
      }
      let drawn = "\(style)-\(format).png"
      if format == "svg" {
        _ = try OutsideDecoders.run(
          "rsvg-convert", ["\(style).svg", "-o", drawn], in: folder)
      } else {
        _ = try OutsideDecoders.run(
          "pdftoppm", ["-r", "72", "-png", "-singlefile", "\(style).pdf", "\(style)-pdf"],
          in: folder)
      }
      let still: OutsideDecoders.Still = try OutsideDecoders.python(
        OutsideDecoders.pillowStill, [drawn, "\(style).png"], in: folder)
      #expect(still.width == still.referenceWidth && still.height == still.referenceHeight)
      // Rasterisers differ at antialiased edges and in glyphs (poppler
      // hints text, which moves glyphs by a pixel); shapes, colours and
      // places must agree.
      let limit = format == "svg" ? 1.5 : 3.5
      #expect(
        still.blurredDifference < limit, "\(style).\(format): blurred \(still.blurredDifference)")
      #expect(
        still.badBlocksPerMille < (format == "svg" ? 10 : 40),
        "\(style).\(format): \(still.badBlocksPerMille)‰ of blocks differ a lot")
    }
    if format == "svg" {
      // Flat views are vectors; a 3-D turn is an embedded picture.
      let flat = try String(
        contentsOf: folder.appendingPathComponent("cover-from-bottom.svg"), encoding: .utf8)
      let turned = try String(
        contentsOf: folder.appendingPathComponent("flip-vertically.svg"), encoding: .utf8)
      #expect(flat.contains("<path"))
      // The --labels bands are the only pictures of the flat strip.
      #expect(flat.components(separatedBy: "<image").count - 1 == 4)
      #expect(turned.components(separatedBy: "<image").count - 1 > 4)
    }
  }

  @Test func standardOutputGetsTheSameBytesAndNothingElse() throws {
    let folder = TemporaryDirectory.make()
    for (format, file) in [
      ("png", "s.png"), ("gif", "s.gif"), ("webp", "s.webp"), ("svg", "s.svg"),
    ] {
      let arguments = ["render", "--style", "push-from-left", "--frames", "3", "--size", "30x40"]
      let toFile = try animrender.run(arguments + ["-o", file], in: folder)
      #expect(toFile.status == 0, "\(toFile.stderr)")
      let piped = try animrender.runCapturingBytes(
        arguments + ["--format", format, "-o", "-"], in: folder)
      #expect(piped.status == 0)
      let written = try Array(Data(contentsOf: folder.appendingPathComponent(file)))
      let same = piped.stdout == written
      #expect(same, "\(format): \(piped.stdout.count) bytes piped, \(written.count) written")
    }
    let frames = try animrender.run(["render", "--layout", "frames", "-o", "-"], in: folder)
    #expect(frames.status == 64)
  }

  @Test func namesNeverLieAboutTheirBytes() throws {
    let folder = TemporaryDirectory.make()
    let base = ["render", "--frames", "3", "--size", "30x40"]
    let refused: [([String], String)] = [
      (["--layout", "strip", "-o", "a.gif"], "a.gif"),
      (["--layout", "grid", "-o", "a.mp4"], "a.mp4"),
      (["-o", "a.jpg"], "a.jpg"),
      (["--format", "webp", "-o", "a.gif"], "a.gif"),
      (["--format", "png", "-o", "a.webp"], "a.webp"),
      (["--layout", "apng", "-o", "a.svg"], "a.svg"),
      (["--layout", "frames", "-o", "f-%02d.pdf"], "f-00.pdf"),
    ]
    for (extra, file) in refused {
      let result = try animrender.run(base + extra, in: folder)
      #expect(result.status == 64, "\(extra): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(extra): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path))
    }
    // The extension picks the format; --format names an extensionless file.
    let magic: [(String, [String], [UInt8])] = [
      ("a.png", [], [0x89, 0x50, 0x4E, 0x47]),
      ("a.GIF", [], Array("GIF8".utf8)),
      ("a.webp", [], Array("RIFF".utf8)),
      ("a.pdf", [], Array("%PDF".utf8)),
      ("a.svg", [], Array("<?xm".utf8)),
      ("plain", ["--format", "gif"], Array("GIF8".utf8)),
      ("b.png", ["--layout", "animation"], [0x89, 0x50, 0x4E, 0x47]),
    ]
    for (file, extra, prefix) in magic {
      let result = try animrender.run(base + extra + ["-o", file], in: folder)
      #expect(result.status == 0, "\(file): \(result.stderr)")
      let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(file)))
      #expect(Array(bytes.prefix(4)) == prefix, "\(file)")
    }
    let animated = try Array(Data(contentsOf: folder.appendingPathComponent("b.png")))
    #expect(try PNGChunks.parse(animated).contains { $0.type == "acTL" })
  }

  @Test func theDefaultNameFollowsTheFormat() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      ["render", "--style", "fade-in", "--frames", "2", "--size", "20x20", "--format", "webp"],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "fade-in.webp\n")
  }
}

/// The encoders on their own, against Pillow, over random seeded images.
@Suite("Encoders against Pillow")
struct EncoderPillowTests {
  /// Noise in up to `colours` colours, some pixels transparent when asked.
  static func noise(
    width: Int, height: Int, colours: Int, transparent: Bool, random: inout SplitMix64
  ) throws -> Image {
    let palette = (0..<colours).map { _ in 0xFF00_0000 | UInt32(random.below(0x100_0000)) }
    let pixels = (0..<width * height).map { _ -> UInt32 in
      if transparent, random.below(7) == 0 { return 0 }
      return palette[Int(random.below(UInt64(colours)))]
    }
    return try Image(width: width, height: height, pixels: pixels)
  }

  @Test func gifsOfFewColoursDecodeExactlyAndLZWSurvivesFullTables() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0001)
    var random = SplitMix64(seed: seed)
    let folder = TemporaryDirectory.make()
    // 1 colour (the smallest code size) to 256 (the largest); noise fills
    // LZW's 4,096-entry table many times, forcing clear codes.
    for (n, colours) in [1, 2, 3, 17, 200, 255, 256].enumerated() {
      let frames = try (0..<2).map { _ in
        try Self.noise(
          width: 150, height: 110, colours: colours, transparent: colours < 256 && n % 2 == 1,
          random: &random)
      }
      for (k, frame) in frames.enumerated() {
        try frame.writePNG(to: folder.appendingPathComponent("n\(n)-\(k).png").path)
      }
      let bytes = try GIFEncoder.encode(frames, delay: FrameDelay(numerator: 1, denominator: 20))
      try Data(bytes).write(to: folder.appendingPathComponent("n\(n).gif"))
      let gif: OutsideDecoders.Animation = try OutsideDecoders.python(
        OutsideDecoders.pillowAnimation, ["n\(n).gif", "n\(n)-%d.png"], in: folder)
      #expect(gif.frames == 2, "seed \(seed), \(colours) colours")
      #expect(gif.durations == [50, 50], "seed \(seed)")
      #expect(
        gif.maxDifference == [0, 0], "seed \(seed), \(colours) colours: \(gif.maxDifference)")
    }
  }

  @Test func webpKeepsHalfTransparentPixelsExactly() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0002)
    var random = SplitMix64(seed: seed)
    let folder = TemporaryDirectory.make()
    let frames = try (0..<3).map { _ in
      try Image(
        width: 64, height: 48,
        pixels: (0..<64 * 48).map { _ in
          // Premultiplied: each channel at most alpha.
          let a = UInt32(random.below(256))
          let channel = { UInt32(random.below(UInt64(a) + 1)) }
          return a << 24 | channel() << 16 | channel() << 8 | channel()
        })
    }
    for (k, frame) in frames.enumerated() {
      try frame.writePNG(to: folder.appendingPathComponent("w-\(k).png").path)
    }
    let bytes = try WebPEncoder.encode(frames, delay: FrameDelay(numerator: 1, denominator: 60))
    try Data(bytes).write(to: folder.appendingPathComponent("w.webp"))
    let webp: OutsideDecoders.Animation = try OutsideDecoders.python(
      OutsideDecoders.pillowAnimation, ["w.webp", "w-%d.png"], in: folder)
    #expect(webp.frames == 3, "seed \(seed)")
    #expect(webp.durations.reduce(0, +) == 50, "seed \(seed): \(webp.durations)")
    #expect(webp.maxDifference == [0, 0, 0], "seed \(seed): \(webp.maxDifference)")
  }
}

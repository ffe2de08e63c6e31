import Foundation
import Testing
import TransitTestSupport

@testable import TransitRender

/// The C filter against a small Swift model of PNG's SUB filter, and images
/// cut into randomly sized segments against the decoders: the project's
/// (libpng) and an outside one (Pillow), for every level.
@Suite struct DeflateSegmentTests {
  /// The model: un-premultiply, then each byte minus the byte one pixel left.
  static func modelRow(_ pixels: [UInt32], hasAlpha: Bool) -> [UInt8] {
    var samples: [UInt8] = []
    for pixel in pixels {
      let a = pixel >> 24
      var rgb = [(pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF]
      if hasAlpha {
        rgb = rgb.map { a == 0 ? 0 : min(($0 * 255 + a / 2) / a, 255) }
        samples += rgb.map { UInt8($0) } + [UInt8(a)]
      } else {
        samples += rgb.map { UInt8($0) }
      }
    }
    let step = hasAlpha ? 4 : 3
    var row: [UInt8] = [1]
    for i in samples.indices {
      row.append(samples[i] &- (i >= step ? samples[i - step] : 0))
    }
    return row
  }

  /// Random premultiplied pixels: opaque ones, or any alpha with channels ≤ alpha.
  static func randomPixels(_ count: Int, opaque: Bool, _ rng: inout SplitMix64) -> [UInt32] {
    (0..<count).map { _ in
      let a: UInt32 =
        opaque
        ? 255 : [0, 255, UInt32.random(in: 1...254, using: &rng)].randomElement(using: &rng)!
      let channel = { (rng: inout SplitMix64) in UInt32.random(in: 0...a, using: &rng) }
      return a << 24 | channel(&rng) << 16 | channel(&rng) << 8 | channel(&rng)
    }
  }

  @Test func filterMatchesTheModel() {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0005)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let width = Int.random(in: 1...70, using: &rng)
      let hasAlpha = Bool.random(using: &rng)
      let pixels = Self.randomPixels(width, opaque: !hasAlpha || Bool.random(using: &rng), &rng)
      let got = ScanlineFilter.filter(pixels, hasAlpha: hasAlpha)
      let want = Self.modelRow(pixels, hasAlpha: hasAlpha)
      #expect(got == want, "seed \(seed), width \(width), alpha \(hasAlpha)")
      if got != want { return }
    }
  }

  /// An image compressed in random bands, each its own segment, decodes to
  /// the image at every level.
  @Test(arguments: PNGCompression.allCases)
  func segmentsMakeOneStream(_ compression: PNGCompression) throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0006)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<12 {
      let width = Int.random(in: 1...90, using: &rng)
      let height = Int.random(in: 1...60, using: &rng)
      let opaque = Bool.random(using: &rng)
      // Runs of one colour, as rendered frames have, and noise.
      var pixels = Self.randomPixels(width * height, opaque: opaque, &rng)
      for i in pixels.indices where i % 5 != 0 { pixels[i] = pixels[i - i % 5] }
      let image = try Image(width: width, height: height, pixels: pixels)
      var cuts = [0, height]
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        cuts.append(Int.random(in: 0...height, using: &rng))
      }
      cuts.sort()
      var stream = ZlibStream(compression: compression)
      try pixels.withUnsafeBufferPointer { buffer in
        for k in 0..<(cuts.count - 1) {
          stream.append(
            try DeflateSegment(
              rows: buffer.baseAddress! + cuts[k] * width, width: width, stride: width,
              rowCount: cuts[k + 1] - cuts[k], hasAlpha: !opaque, compression: compression,
              isLast: k == cuts.count - 2))
        }
      }
      let png = PNGEncoder.assemble(
        width: width, height: height, hasAlpha: !opaque, imageData: stream.finish())
      let decoded = try PNGDecoder.decode(png)
      #expect(decoded == image, "seed \(seed), \(width)×\(height), cuts \(cuts)")
      if decoded != image { return }
    }
  }

  /// Opaque pixels whose one SUB-filtered RGB row is `samples` (a multiple
  /// of 3 bytes): each raw sample is its filtered value plus the one left.
  static func pixels(filteredAs samples: [UInt8]) -> [UInt32] {
    var raw = samples
    for i in 3..<raw.count { raw[i] = raw[i] &+ raw[i - 3] }
    return stride(from: 0, to: raw.count, by: 3).map {
      0xFF00_0000 | UInt32(raw[$0]) << 16 | UInt32(raw[$0 + 1]) << 8 | UInt32(raw[$0 + 2])
    }
  }

  /// The engine compresses a stream's first bytes as igzip means to, so
  /// that its output depends on the input alone. ISA-L 2.30's x86 level-1
  /// code files stream position 2 under a hash of the engine's address
  /// (see transit_deflate.c, "Where an igzip engine lives"); placed
  /// anywhere, the engine misses the 8 bytes at position 40 that repeat
  /// those at 2 (it matches them from 41 on, or elsewhere), which made
  /// about one frame in 150 differ between runs.
  @Test func streamPositionTwoIsFoundWhereverTheEngineIs() throws {
    var rng = SplitMix64(seed: 7)
    // Stream byte 0 is the filter type, so samples[k] is stream byte k + 1;
    // a run of zeros after the noise makes a Huffman block (not a stored one).
    var samples =
      (0..<60).map { _ in UInt8.random(in: 0...255, using: &rng) }
      + [UInt8](repeating: 0, count: 3_000)
    let repeated: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88]
    samples.replaceSubrange(1..<9, with: repeated)
    samples.replaceSubrange(39..<47, with: repeated)
    let pixels = Self.pixels(filteredAs: samples)
    #expect(ScanlineFilter.filter(pixels, hasAlpha: false) == [1] + samples)
    // Six calls one after another: each takes its engine from the slot the
    // one before gave back (placed again, or already where it must be), and
    // every stream must still match position 40 against position 2.
    let streams = try (0..<6).map { _ in
      try pixels.withUnsafeBufferPointer { buffer in
        try DeflateSegment(
          rows: buffer.baseAddress!, width: pixels.count, stride: pixels.count, rowCount: 1,
          hasAlpha: false, compression: .fast, isLast: true)
      }
    }
    for segment in streams {
      let (output, matches) = try DeflateTokens.read(segment.bytes)
      #expect(output == [1] + samples)
      #expect(
        matches.first { $0.position == 40 }.map { $0.distance == 38 && $0.length >= 8 } == true,
        "matches: \(matches)")
    }
  }

  /// Pillow (Python's imaging library, its own PNG reader on zlib) reads
  /// every level's files to the straight-alpha pixels the model expects.
  @Test(arguments: PNGCompression.allCases)
  func pillowReadsWhatWeWrite(_ compression: PNGCompression) throws {
    var rng = SplitMix64(seed: 42)
    let directory = TemporaryDirectory.make().path
    var expected: [String] = []
    var paths: [String] = []
    for (k, opaque) in [true, false, true].enumerated() {
      let (width, height) = (k == 2 ? 300 : 33, k == 2 ? 260 : 17)
      let pixels = Self.randomPixels(width * height, opaque: opaque, &rng)
      let image = try Image(width: width, height: height, pixels: pixels)
      let path = "\(directory)/\(k).png"
      try image.writePNG(to: path, compression: compression)
      paths.append(path)
      // Straight RGBA bytes, as Pillow's tobytes() gives them, in hex.
      expected.append(
        pixels.map { pixel -> String in
          let a = pixel >> 24
          let straight = [(pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF].map {
            a == 0 ? 0 : min(($0 * 255 + a / 2) / a, 255)
          }
          return (straight + [a]).map { String(format: "%02x", $0) }.joined()
        }.joined())
    }
    let script = """
      import sys
      from PIL import Image
      for path in sys.argv[1:]:
          print(Image.open(path).convert("RGBA").tobytes().hex())
      """
    let python = try ProcessRunner.run(program: "python3", ["-c", script] + paths)
    #expect(python.status == 0, "python3 with Pillow (apt python3-pil) is needed")
    let lines = python.stdout.split(separator: "\n").map(String.init)
    #expect(lines == expected)
  }
}

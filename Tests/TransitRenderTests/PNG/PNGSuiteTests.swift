import Foundation
import Testing
import TransitRender

/// Every colour type, bit depth (1 to 16), tRNS transparency and interlace,
/// at sizes that leave Adam7 passes empty or uneven, decoded to the same
/// pixels as a reference decoder.
///
/// `Fixtures/suite/make-suite.py` wrote each `NAME.png` with pypng and its
/// expected straight RGBA8 pixels `NAME.rgba` from pypng's own reading,
/// cross-checked against Pillow; those of the 16-bit files with alpha named
/// `*16-ref-*` come from ImageMagick's 8-bit conversion. The 16-bit
/// interlaced files are the ones libpng 1.6.39's simplified API decoded
/// wrongly.
@Suite struct PNGSuiteTests {
  static let folder = PNGFixtures.path("suite")

  static let names: [String] = {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name.hasSuffix(".png") { names.append(String(name.dropLast(4))) }
    }
    return names.sorted()
  }()

  /// Premultiplied ARGB32 from straight RGBA, rounding to nearest.
  static func premultiplied(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
    func mul(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
    return a << 24 | mul(r) << 16 | mul(g) << 8 | mul(b)
  }

  @Test func theSuiteIsComplete() {
    // 5 grey depths and 4 palette depths with and without tRNS, grey + alpha,
    // RGB (also with tRNS) and RGBA at 8 and 16 bits; plain and interlaced;
    // three sizes each; and 8 files of 16-bit grey + alpha and RGBA checked
    // against ImageMagick.
    #expect(Self.names.count == 164)
    #expect(Self.names.contains("rgb16-i-11x7"))
    #expect(Self.names.contains("ga16-i-11x7"))
  }

  /// 16-bit grey + alpha and RGBA, plain and interlaced: gradients that
  /// put every low byte next to every rounding boundary over alpha ramps,
  /// and random samples. ImageMagick rounds each sample to the nearest 8-bit
  /// value, and the decoder must then premultiply those: truncating to the
  /// high byte (as Pillow does) or premultiplying the 16-bit samples first
  /// changes hundreds of these pixels.
  static let sixteenBitAlpha = ["ga16", "rgba16"].flatMap { kind in
    ["", "-i"].flatMap { interlace in
      ["32x32", "11x7"].map { size in "\(kind)-ref\(interlace)-\(size)" }
    }
  }

  @Test(arguments: sixteenBitAlpha)
  func sixteenBitAlphaDecodesLikeImageMagick(_ name: String) throws {
    #expect(Self.names.contains(name))
    try decodesLikeTheReference(name)
  }

  @Test(arguments: names)
  func decodesLikeTheReference(_ name: String) throws {
    let image = try PNGDecoder.decode(contentsOf: "\(Self.folder)/\(name).png")
    let expected = try BinaryFile.read("\(Self.folder)/\(name).rgba")
    #expect(expected.count == image.width * image.height * 4)
    var wrong = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let i = 4 * (y * image.width + x)
        let want = Self.premultiplied(
          UInt32(expected[i]), UInt32(expected[i + 1]), UInt32(expected[i + 2]),
          UInt32(expected[i + 3]))
        if image[x, y] != want {
          wrong += 1
          if wrong <= 3 {
            Issue.record(
              "\(name) (\(x), \(y)): expected \(String(want, radix: 16)), got \(String(image[x, y], radix: 16))"
            )
          }
        }
      }
    }
    #expect(wrong == 0, "\(name): \(wrong) pixels differ")
  }
}

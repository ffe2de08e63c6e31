/// Compares two images the way pixelmatch does: perceptually, and forgiving
/// of anti-aliasing.
///
/// Two pixels differ when their distance in the YIQ colour space (with
/// pixelmatch's weights 0.5053, 0.299, 0.1957 for Y, I, Q, after blending
/// translucent pixels onto white) exceeds `35215 × threshold²`, where 35215
/// is the largest possible distance; threshold 0 counts any change, 1
/// counts none. A differing pixel is counted as anti-aliasing, not as a
/// difference, when in either image it has neighbours both darker and
/// brighter, at most two neighbours identical to it, and its darkest or
/// brightest neighbour has three or more identical neighbours of its own in
/// both images: the mark of an edge drawn slightly differently, not of a
/// changed picture. Ties between equally dark (or bright) neighbours go to
/// the first met visiting column by column, as in pixelmatch, so the counts
/// are pixelmatch's exactly (checked against its own counts on fixtures).
///
/// ```swift
/// let result = try ImageComparison.compare(golden, actual)
/// if result.differing > 0 { try result.diffImage.writePNG(to: "diff.png") }
/// ```
///
/// - Complexity: O(*n*) in the number of pixels (each looks at its eight
///   neighbours only when it differs).
public enum ImageComparison {
  /// What a comparison found.
  public struct Result: Sendable, Equatable {
    /// Pixels that differ beyond the threshold and are not anti-aliasing.
    public var differing: Int
    /// Pixels that differ beyond the threshold but look like anti-aliasing.
    public var antiAliased: Int
    /// An opaque picture of the comparison: differing pixels red,
    /// anti-aliasing yellow, everything else the first image as faded grey.
    public var diffImage: Image
  }

  /// Compares `a` (usually the golden) with `b` (usually the actual image).
  ///
  /// - Throws: `TransitRender.RenderError` naming both sizes when they
  ///   differ, or when `threshold` is outside 0…1.
  public static func compare(_ a: Image, _ b: Image, threshold: Double = 0.1) throws(RenderError)
    -> Result
  {
    guard a.width == b.width, a.height == b.height else {
      throw RenderError(
        "image sizes differ: \(a.width)×\(a.height) and \(b.width)×\(b.height)")
    }
    guard threshold.isFinite, threshold >= 0, threshold <= 1 else {
      throw RenderError("threshold \(threshold) is outside 0…1")
    }
    let maxDelta = 35215 * threshold * threshold
    let (width, height) = (a.width, a.height)
    var diff = [UInt32](repeating: 0, count: width * height)
    var differing = 0
    var antiAliased = 0
    a.pixels.withUnsafeBufferPointer { first in
      b.pixels.withUnsafeBufferPointer { second in
        for y in 0..<height {
          for x in 0..<width {
            let index = y * width + x
            let delta = colorDelta(first[index], second[index])
            if abs(delta) > maxDelta {
              if isAntiAliased(first, x, y, width, height, other: second)
                || isAntiAliased(second, x, y, width, height, other: first)
              {
                antiAliased += 1
                diff[index] = 0xFFFF_FF00
              } else {
                differing += 1
                diff[index] = 0xFFFF_0000
              }
            } else {
              diff[index] = fadedGrey(first[index])
            }
          }
        }
      }
    }
    // The sizes were validated when `a` was made, so this cannot throw.
    let diffImage = try Image(width: width, height: height, pixels: diff)
    return Result(differing: differing, antiAliased: antiAliased, diffImage: diffImage)
  }

  /// A premultiplied pixel blended onto white, as straight 0…255 floats:
  /// `255 + (c − 255)·α` is `premultiplied c + 255 − alpha`.
  @inline(__always)
  private static func onWhite(_ pixel: UInt32) -> (Double, Double, Double) {
    let white = Double(255 - pixel >> 24)
    return (
      Double((pixel >> 16) & 0xFF) + white, Double((pixel >> 8) & 0xFF) + white,
      Double(pixel & 0xFF) + white
    )
  }

  @inline(__always)
  private static func luma(_ c: (Double, Double, Double)) -> Double {
    c.0 * 0.298_895_31 + c.1 * 0.586_622_47 + c.2 * 0.114_482_23
  }

  /// pixelmatch's squared YIQ distance, negative when `q` is brighter than
  /// `p`.
  @inline(__always)
  private static func colorDelta(_ p: UInt32, _ q: UInt32) -> Double {
    if p == q { return 0 }
    let c1 = onWhite(p)
    let c2 = onWhite(q)
    let y1 = luma(c1)
    let y2 = luma(c2)
    let y = y1 - y2
    let i =
      (c1.0 * 0.595_977_99 - c1.1 * 0.274_176_10 - c1.2 * 0.321_801_89)
      - (c2.0 * 0.595_977_99 - c2.1 * 0.274_176_10 - c2.2 * 0.321_801_89)
    let q =
      (c1.0 * 0.211_470_17 - c1.1 * 0.522_617_11 + c1.2 * 0.311_146_94)
      - (c2.0 * 0.211_470_17 - c2.1 * 0.522_617_11 + c2.2 * 0.311_146_94)
    let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    return y1 > y2 ? -delta : delta
  }

  /// The brightness difference alone, for the anti-aliasing test.
  @inline(__always)
  private static func brightnessDelta(_ p: UInt32, _ q: UInt32) -> Double {
    if p == q { return 0 }
    return luma(onWhite(p)) - luma(onWhite(q))
  }

  /// pixelmatch's anti-aliasing test for the pixel at (x, y) of `image`.
  private static func isAntiAliased(
    _ image: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int,
    other: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let (x0, y0) = (max(x - 1, 0), max(y - 1, 0))
    let (x2, y2) = (min(x + 1, width - 1), min(y + 1, height - 1))
    let centre = image[y * width + x]
    // A pixel on the image's edge has one identical neighbour for free.
    var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var darkest = (delta: 0.0, x: 0, y: 0)
    var brightest = (delta: 0.0, x: 0, y: 0)
    // Column by column (x outer), as pixelmatch visits them: with the strict
    // comparisons below, the first of two equally dark (or bright)
    // neighbours is the one checked for siblings, so the order decides.
    for nx in x0...x2 {
      for ny in y0...y2 where nx != x || ny != y {
        let delta = brightnessDelta(centre, image[ny * width + nx])
        if delta == 0 {
          zeroes += 1
          if zeroes > 2 { return false }
        } else if delta < darkest.delta {
          darkest = (delta, nx, ny)
        } else if delta > brightest.delta {
          brightest = (delta, nx, ny)
        }
      }
    }
    guard darkest.delta != 0, brightest.delta != 0 else { return false }
    return
      (hasManySiblings(image, darkest.x, darkest.y, width, height)
      && hasManySiblings(other, darkest.x, darkest.y, width, height))
      || (hasManySiblings(image, brightest.x, brightest.y, width, height)
        && hasManySiblings(other, brightest.x, brightest.y, width, height))
  }

  /// Whether the pixel at (x, y) has three or more identical neighbours.
  private static func hasManySiblings(
    _ image: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int
  ) -> Bool {
    let (x0, y0) = (max(x - 1, 0), max(y - 1, 0))
    let (x2, y2) = (min(x + 1, width - 1), min(y + 1, height - 1))
    let centre = image[y * width + x]
    var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        if image[ny * width + nx] == centre {
          zeroes += 1
          if zeroes > 2 { return true }
        }
      }
    }
    return false
  }

  /// The pixel's brightness faded 90 % towards white, opaque.
  private static func fadedGrey(_ pixel: UInt32) -> UInt32 {
    let value = 255 + (luma(onWhite(pixel)) - 255) * 0.1
    let grey = UInt32(min(max(value.rounded(), 0), 255))
    return 0xFF00_0000 | grey << 16 | grey << 8 | grey
  }
}

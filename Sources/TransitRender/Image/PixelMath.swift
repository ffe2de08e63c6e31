/// Exact 8-bit arithmetic shared by the decoder, the encoder and the
/// compositing code, so that a round trip through PNG gives back the same
/// premultiplied pixels.
enum PixelMath {
  /// `value × alpha / 255`, rounded to nearest, the way pixman multiplies.
  @inline(__always)
  static func multiply(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
    let t = value &* alpha &+ 128
    return ((t >> 8) &+ t) >> 8
  }

  /// Premultiplies a straight-alpha ARGB32 pixel.
  @inline(__always)
  static func premultiply(_ pixel: UInt32) -> UInt32 {
    let a = pixel >> 24
    if a == 255 { return pixel }
    if a == 0 { return 0 }
    let r = multiply((pixel >> 16) & 0xFF, a)
    let g = multiply((pixel >> 8) & 0xFF, a)
    let b = multiply(pixel & 0xFF, a)
    return a << 24 | r << 16 | g << 8 | b
  }

  /// Un-premultiplies one channel: `value × 255 / alpha`, rounded, at most 255.
  ///
  /// Premultiplying the result again gives `value` back whenever
  /// `value ≤ alpha`, which is what makes encode → decode exact.
  @inline(__always)
  static func unpremultiply(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
    min((value &* 255 &+ alpha / 2) / alpha, 255)
  }
}

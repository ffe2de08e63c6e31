/// The arithmetic every animated number shares.
enum Interpolation {
  /// `a + (b − a) · p`: the form frames and alphas have always used, so
  /// that every property's in-between values round alike. Callers answer
  /// progress 0 and 1 themselves, with the ends' own bits.
  @inline(__always)
  static func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
}

extension Color {
  /// The colour `progress` of the way to `other`, mixed in premultiplied
  /// sRGB as CSS Color 4 (§12.3) mixes legacy colours.
  ///
  /// With `p` the progress, each end is premultiplied, the products and
  /// the alphas are interpolated linearly, and the result is divided by its
  /// alpha again:
  ///
  /// ```
  /// α = α₀ + (α₁ − α₀) · p
  /// c = (c₀α₀ + (c₁α₁ − c₀α₀) · p) / α        for c in r, g, b
  /// ```
  ///
  /// Premultiplying is what keeps a fade honest: going from opaque red to
  /// transparent blue, a straight mix turns purple as it fades, because the
  /// invisible blue's components count as much as the red's; premultiplied,
  /// a transparent end contributes no colour at all, and the red just
  /// fades. When the mixed alpha is 0 (both ends transparent) there is no
  /// colour to recover; the components are then mixed straight, so that
  /// they still move continuously from one end's to the other's.
  ///
  /// Progress 0 returns `self` and 1 returns `other`, bit for bit, whatever
  /// rounding the formula would do. Progress outside 0…1 (overshooting
  /// curves) extrapolates; a timeline bounds what it draws into 0…1.
  @inline(__always)
  public func interpolated(to other: Color, progress p: Double) -> Color {
    if p == 0 { return self }
    if p == 1 { return other }
    let a = Interpolation.lerp(alpha, other.alpha, p)
    guard a != 0 else {
      return Color(
        red: Interpolation.lerp(red, other.red, p),
        green: Interpolation.lerp(green, other.green, p),
        blue: Interpolation.lerp(blue, other.blue, p), alpha: a)
    }
    func mix(_ c0: Double, _ c1: Double) -> Double {
      Interpolation.lerp(c0 * alpha, c1 * other.alpha, p) / a
    }
    return Color(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
      alpha: a)
  }

  /// Every component brought into 0…1 (an overshooting curve's sample).
  @inline(__always)
  var bounded: Color {
    func unit(_ x: Double) -> Double { min(1, max(0, x)) }
    return Color(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
  }
}

import Transit

extension Color {
  /// The colour as one premultiplied ARGB32 pixel, each channel rounded.
  ///
  /// Components outside 0…1 are clamped here because a pixel cannot hold
  /// them; scenes are validated before rendering, so this only matters for
  /// colours built by hand.
  package var premultipliedARGB32: UInt32 {
    func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    let a = clamp(alpha)
    let channel = { (value: Double) -> UInt32 in UInt32((clamp(value) * a * 255).rounded()) }
    return UInt32((a * 255).rounded()) << 24 | channel(red) << 16 | channel(green) << 8
      | channel(blue)
  }
}

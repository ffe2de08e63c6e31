/// A `WxH` size in points, as given to `--size`.
struct PixelSize: Hashable {
  var width: Int
  var height: Int

  /// The largest side animrender draws, in pixels after scaling: half of
  /// Cairo's own limit, so that strips of two frames still fit in one row.
  static let maximumSide = 16_384

  /// Parses `390x844` (also `390×844` and `390X844`).
  static func parse(_ text: String) -> PixelSize? {
    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
      return nil
    }
    return PixelSize(width: w, height: h)
  }
}

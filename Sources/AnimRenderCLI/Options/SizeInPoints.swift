/// A `WxH` size in points, as given to `--size` (a scene file's container
/// size too), and the largest side, in pixels, the tool draws.
struct SizeInPoints: Hashable {
  var width: Int
  var height: Int

  /// The largest side animrender draws, in pixels after scaling: half of
  /// Cairo's own limit, so that strips of two frames still fit in one row.
  static let maximumSide = 16_384

  /// Parses `390x844` (also `390×844` and `390X844`) with whole sides in
  /// 1…``maximumSide``; anything else, however large, is `nil`.
  static func parse(_ text: String) -> SizeInPoints? {
    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
      (1...maximumSide).contains(w), (1...maximumSide).contains(h)
    else {
      return nil
    }
    return SizeInPoints(width: w, height: h)
  }

  /// `points × scale` rounded to whole pixels, or `nil` when it is not a
  /// finite number in 0…``maximumSide`` (so it never traps converting).
  static func pixels(_ points: Double, scale: Double) -> Int? {
    let value = (points * scale).rounded()
    guard value.isFinite, value >= 0, value <= Double(maximumSide) else { return nil }
    return Int(value)
  }
}

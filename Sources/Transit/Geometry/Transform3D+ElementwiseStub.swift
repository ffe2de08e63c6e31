// TEMPORARY until the decomposed interpolation lands.
extension Transform3D {
  static func interpolate(from a: Transform3D, to b: Transform3D, progress p: Double)
    -> Transform3D
  {
    if p == 0 { return a }
    if p == 1 { return b }
    let x = a.entries
    let y = b.entries
    return Transform3D(entries: (0..<16).map { x[$0] + (y[$0] - x[$0]) * p })!
  }
}

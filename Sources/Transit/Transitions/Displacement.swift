/// A translation in the container's plane, as styles compute it from the
/// context's bounds.
struct Displacement: Hashable, Sendable {
  var x: Double
  var y: Double

  /// The opposite translation.
  static prefix func - (d: Displacement) -> Displacement {
    Displacement(x: -d.x, y: -d.y)
  }
}

extension Change {
  /// Translates the view by a displacement.
  static func translate(_ id: String, by d: Displacement) -> Change {
    .translate(id, x: d.x, y: d.y)
  }
}

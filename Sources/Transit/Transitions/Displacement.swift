/// A translation in the container's plane, as a style computes it from the
/// context's bounds: how far a view is moved from its base layout.
///
/// A displacement is a difference, not a place: ``TransitionEdge/offset(in:)``
/// says how far a view must move to sit just beyond an edge, and its
/// opposite brings it back. It exists so that a style can name that amount
/// once and use it both ways:
///
/// ```swift
/// let offset = TransitionEdge.right.offset(in: context.bounds)  // (w, 0)
/// let slideIn = Animation([
///   .instant(context.appearing { [.translate($0, by: offset)] }),
///   AnimationStep(duration: 0.4, changes: context.appearing { [.translate($0, by: -offset)] }),
/// ])
/// ```
public struct Displacement: Hashable, Sendable {
  /// The horizontal amount, positive to the right.
  public var x: Double
  /// The vertical amount, positive downwards.
  public var y: Double

  /// Creates a displacement by (x, y).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The opposite translation: (−x, −y), exactly.
  public static prefix func - (d: Displacement) -> Displacement {
    Displacement(x: -d.x, y: -d.y)
  }
}

extension Change {
  /// Translates the view by a displacement: ``translate(_:x:y:z:)`` by
  /// (`d.x`, `d.y`, 0).
  public static func translate(_ id: String, by d: Displacement) -> Change {
    .translate(id, x: d.x, y: d.y)
  }
}

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
///
/// Displacements are vectors: they add up (two moves one after the other
/// are their sum), subtract, scale by a factor, and ``zero`` is no move at
/// all. Each operation works on `x` and `y` separately, with one rounding
/// each, so `offset - offset * factor` is exactly the pair of numbers
/// written out by hand.
public struct Displacement: AdditiveArithmetic, Hashable, Sendable {
  /// The horizontal amount, positive to the right.
  public var x: Double
  /// The vertical amount, positive downwards.
  public var y: Double

  /// Creates a displacement by (x, y).
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// No move: (0, 0).
  public static var zero: Displacement { Displacement(x: 0, y: 0) }

  /// The opposite translation: (−x, −y), exactly.
  public static prefix func - (d: Displacement) -> Displacement {
    Displacement(x: -d.x, y: -d.y)
  }

  /// Both moves, one after the other: (a.x + b.x, a.y + b.y).
  public static func + (a: Displacement, b: Displacement) -> Displacement {
    Displacement(x: a.x + b.x, y: a.y + b.y)
  }

  /// The move from `b` to `a`: (a.x − b.x, a.y − b.y).
  public static func - (a: Displacement, b: Displacement) -> Displacement {
    Displacement(x: a.x - b.x, y: a.y - b.y)
  }

  /// The same move scaled: (d.x · factor, d.y · factor).
  public static func * (d: Displacement, factor: Double) -> Displacement {
    Displacement(x: d.x * factor, y: d.y * factor)
  }
}

extension Change {
  /// Translates the view by a displacement: ``translate(_:x:y:z:)`` by
  /// (`d.x`, `d.y`, 0).
  public static func translate(_ id: String, by d: Displacement) -> Change {
    .translate(id, x: d.x, y: d.y)
  }
}

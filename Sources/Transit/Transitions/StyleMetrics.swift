/// The numbers CoconutKit's styles share, and the arithmetic that lets a
/// style scale a view and scale it back exactly.
///
/// Use them in a style of your own to match the built-in ones: a view
/// "pushed to the back" by your style then shrinks as much as it does in
/// ``CoverStyle`` or ``FlowStyle``.
///
/// Scaling is the one relative change whose way back is not exact in
/// floating point: `0.95 * (1 / 0.95)` is `0.9999999999999999`, so a view
/// shrunk and grown back with the obvious factors would end a hair away
/// from its base layout, and later transitions would start from there.
/// ``exactInverse(of:)`` chooses the factor that lands on 1 bit for bit, and
/// ``scaleInPlace(_:by:translatedBy:)`` keeps a translated view where it is
/// while it scales.
public enum StyleMetrics {
  /// How much a view "pushed to the back" shrinks (the `-push-to-back`
  /// styles and ``FlowStyle``): 0.95.
  public static let pushToBackScale = 0.95
  /// How much the disappearing view of ``PushToBackStyle`` shrinks as it is
  /// pushed out: 0.5.
  public static let pushToBackPushScale = 0.5
  /// How small the appearing view of ``EmergeStyle`` starts: 0.8.
  public static let emergeScale = 0.8

  /// A factor `g` such that `factor * g == 1` exactly, when one exists next
  /// to `1 / factor`; otherwise `1 / factor`.
  ///
  /// Scaling by `factor` and then by this lands on the identity bit for
  /// bit, so a view that shrinks and grows back ends exactly at its base
  /// layout:
  ///
  /// ```swift
  /// 0.95 * (1 / 0.95)                              // 0.9999999999999999
  /// 0.95 * StyleMetrics.exactInverse(of: 0.95)     // 1.0
  /// 0.8 * StyleMetrics.exactInverse(of: 0.8)       // 1.0 (it is 1.25)
  /// ```
  ///
  /// - Parameter factor: a finite, non-zero scale factor.
  /// - Returns: the factor to scale back by.
  /// - Complexity: O(1): `1 / factor` and its two neighbours are tried.
  public static func exactInverse(of factor: Double) -> Double {
    let g = 1 / factor
    for candidate in [g, g.nextUp, g.nextDown] where factor * candidate == 1 {
      return candidate
    }
    return g
  }

  /// Scales view `id` by `factor` about its own centre although it has
  /// been translated by `offset`.
  ///
  /// A ``Change/scale(_:by:)`` follows the view's transform, so it scales
  /// the translation too: a view moved beyond an edge would drift towards
  /// the container's centre as it shrinks. The translation added in the
  /// same step cancels that drift at every progress, and is computed so
  /// that the translation after the step is `offset` again, bit for bit
  /// (Sterbenz's lemma: `offset − offset·factor` is exact for factors in
  /// ½…2).
  ///
  /// ```swift
  /// let offset = TransitionEdge.right.offset(in: context.bounds)
  /// let shrink = context.appearing {
  ///   StyleMetrics.scaleInPlace($0, by: 0.95, translatedBy: offset)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: the view to scale.
  ///   - factor: the scale factor, in ½…2 for the exactness above.
  ///   - offset: how far the view is translated when the step starts.
  /// - Returns: the scale, followed by the compensating translation unless
  ///   it is zero.
  public static func scaleInPlace(
    _ id: String, by factor: Double, translatedBy offset: Displacement
  )
    -> [Change]
  {
    let drift = offset - offset * factor
    var result: [Change] = [.scale(id, by: factor)]
    if drift != .zero { result.append(.translate(id, by: drift)) }
    return result
  }
}

// Small helpers shared by the built-in styles.

/// The changes `make` gives for the view `id`, or none when the view is
/// absent: a style leaves out the half of a transition whose view is `nil`.
func changes(for id: String?, _ make: (String) -> [Change]) -> [Change] {
  guard let id else { return [] }
  return make(id)
}

/// The numbers of CoconutKit's styles, kept in one place.
enum StyleMetrics {
  /// How much a view "pushed to the back" shrinks (PTB styles, flow).
  static let pushToBackScale = 0.95
  /// How much the disappearing view of push-to-back-from-… shrinks.
  static let pushToBackPushScale = 0.5
  /// How small the appearing view of emerge-from-center starts.
  static let emergeScale = 0.8

  /// A factor `g` with `factor * g == 1` exactly when one exists next to
  /// `1 / factor`, so that scaling by `factor` and then by `g` lands on the
  /// identity bit for bit (`0.95 * (1 / 0.95)` is `0.9999999999999999`).
  static func exactInverse(of factor: Double) -> Double {
    let g = 1 / factor
    for candidate in [g, g.nextUp, g.nextDown] where factor * candidate == 1 {
      return candidate
    }
    return g
  }

  /// Scales a view about its own centre although it has been translated by
  /// `offset`: Transit's scale follows the view's transform, so it also
  /// scales the translation (the view would drift towards the container's
  /// centre). The translation added in the same step cancels the drift at
  /// every progress, and is computed so that the translation after the step
  /// is `offset` again, bit for bit (Sterbenz: `offset − offset·factor` is
  /// exact for factors in ½…2).
  static func scaleInPlace(_ id: String, by factor: Double, translatedBy offset: Displacement)
    -> [Change]
  {
    let drift = Displacement(x: offset.x - offset.x * factor, y: offset.y - offset.y * factor)
    var result: [Change] = [.scale(id, by: factor)]
    if drift.x != 0 || drift.y != 0 { result.append(.translate(id, by: drift)) }
    return result
  }
}

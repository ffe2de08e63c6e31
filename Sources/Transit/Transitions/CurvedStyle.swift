/// A style played along another timing curve: every timed step of its
/// animations (and of its own reverse, if it has one) follows ``curve``;
/// instant steps, durations and changes are the base style's.
///
/// Make one with ``TransitionStyle/withCurve(_:)``:
///
/// ```swift
/// let push = PushStyle(from: .right)
/// let springy = push.withCurve(.penner(.back, .easeOut))
/// springy.name  // "push-from-right+ease-out-back"
/// ```
///
/// ## Names and equality
/// A style's name is its identity: ``AnyTransitionStyle`` and
/// ``TransitionStyles`` compare and find styles by name. A curved style is
/// therefore named after both of its parts, `<base name>+<curve>`, the
/// curve written as ``TimingCurve/description`` writes it (the text
/// `--curve` and ``TimingCurve/init(parsing:)`` read). That text reads back
/// to an equal curve, so different curves always give different names: a
/// curved style never equals its base, two styles curved alike from equal
/// bases are equal, and two curved differently are not. Curving a curved
/// style again replaces its curve (``TransitionStyle/withCurve(_:)`` says
/// why), so `push.withCurve(a).withCurve(b)` is `push.withCurve(b)`, name
/// and all.
public struct CurvedStyle: TransitionStyle, Hashable {
  /// The style whose steps are played along ``curve``; never itself curved.
  public let base: any TransitionStyle
  /// The curve every timed step follows.
  public let curve: TimingCurve

  fileprivate init(base: any TransitionStyle, curve: TimingCurve) {
    self.base = base
    self.curve = curve
  }

  /// `<base name>+<curve>`, e.g. `push-from-right+ease-in`.
  public var name: String { "\(base.name)+\(curve)" }
  /// The base style's intrinsic duration: a curve changes pace, not length.
  public var intrinsicDuration: Double { base.intrinsicDuration }

  /// The base style's forward animation, its timed steps along ``curve``.
  ///
  /// - Throws: ``TransitError`` when the base style does.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    recurved(try base.intrinsicAnimation(in: context))
  }

  /// The base style's own reverse, its timed steps along ``curve``, or
  /// `nil` when the base has none (then the exact reverse of the curved
  /// forward plays, along the curve mirrored).
  ///
  /// - Throws: ``TransitError`` when the base style does.
  public func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
    -> Animation?
  {
    try base.intrinsicReverseAnimation(in: context).map(recurved)
  }

  private func recurved(_ animation: Animation) -> Animation {
    var result = animation
    for i in result.steps.indices where result.steps[i].duration > 0 {
      result.steps[i].curve = curve
    }
    return result
  }

  /// Whether both are the same base style (by name, as styles compare)
  /// along equal curves: exactly when their names are equal.
  public static func == (lhs: CurvedStyle, rhs: CurvedStyle) -> Bool {
    lhs.base.name == rhs.base.name && lhs.curve == rhs.curve
  }

  /// Hashes the base's name and the curve, consistently with ``==(_:_:)``.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(base.name)
    hasher.combine(curve)
  }
}

extension TransitionStyle {
  /// This style with every timed step played along `curve`: the same
  /// moves at another pace, under a name of its own.
  ///
  /// The curve replaces each timed step's own: a flip's ease-in then
  /// ease-out halves both become `curve`. Instant steps are untouched, as
  /// is the duration (``TransitionContext/duration`` still rescales it).
  /// Curving a ``CurvedStyle`` again curves its base instead, since the
  /// second curve would replace the first on every step anyway; the result
  /// is the same animation under the shorter name.
  ///
  /// ```swift
  /// let style = try TransitionStyles.builtIn.style(named: "flip-vertically")
  /// let linear = style.withCurve(.linear)
  /// linear.name  // "flip-vertically+linear"
  /// AnyTransitionStyle(linear) == AnyTransitionStyle(style)  // false
  /// ```
  ///
  /// - Parameter curve: the timing curve for every timed step.
  /// - Returns: the curved style, named `<name>+<curve>`.
  public func withCurve(_ curve: TimingCurve) -> CurvedStyle {
    let style = AnyTransitionStyle(self).base
    return CurvedStyle(base: (style as? CurvedStyle)?.base ?? style, curve: curve)
  }
}

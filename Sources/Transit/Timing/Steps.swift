extension TimingCurve {
  /// Where a staircase from ``steps(_:_:)`` takes its jumps, as in CSS.
  public enum StepPosition: String, CaseIterable, Hashable, Sendable {
    /// The first jump happens at time 0: n jumps of 1/n, the value at 0 is
    /// already 1/n. CSS `jump-start`, alias `start`.
    case jumpStart = "jump-start"
    /// The last jump happens at time 1: n jumps of 1/n, the value at 0 is 0.
    /// CSS `jump-end`, alias `end`, and the default.
    case jumpEnd = "jump-end"
    /// No jump at either end: n − 1 jumps of 1/(n − 1), so n ≥ 2.
    case jumpNone = "jump-none"
    /// Jumps at both ends: n + 1 jumps of 1/(n + 1), the value at 0 is
    /// 1/(n + 1).
    case jumpBoth = "jump-both"

    /// The position of the mirrored staircase: a jump at the start becomes a
    /// jump at the end and the other way round.
    var mirrored: StepPosition {
      switch self {
      case .jumpStart: return .jumpEnd
      case .jumpEnd: return .jumpStart
      case .jumpNone, .jumpBoth: return self
      }
    }
  }

  /// A staircase of `count` equal intervals, CSS `steps(count, position)`.
  ///
  /// The value is constant on each interval and jumps at the interval
  /// boundaries that `position` selects. At a jump the value is the one after
  /// it (CSS's "before flag" unset) for ``value(at:)``;
  /// ``value(at:before:)`` gives either side.
  ///
  /// - Range: 0…1, taking only multiples of 1/jumps (to within 2⁻⁵⁴, see
  ///   below), where jumps is `count` for jump-start and jump-end,
  ///   `count − 1` for jump-none and `count + 1` for jump-both.
  /// - Monotonic: non-decreasing; not continuous.
  /// - Endpoints: exactly 1 at 1. Exactly 0 at 0 for jump-end and jump-none;
  ///   1/jumps at 0 for jump-start and jump-both (with the before flag unset).
  /// - Mirror: jump-start ↔ jump-end, jump-none and jump-both to themselves,
  ///   with the before flag flipped. The identity
  ///   `mirrored.value(at: t, before: b) == 1 − value(at: 1 − t, before: !b)`
  ///   holds bit for bit at every t: time is first rounded to a multiple of
  ///   2⁻⁵³, where `1 − t` is exact, jumps are located exactly with a fused
  ///   multiply-add, and values k/jumps are rounded to multiples of 2⁻⁵³ from
  ///   the nearer end, so that `1 − value` is exact too.
  ///
  /// ```swift
  /// let clock = try TimingCurve.steps(4, .jumpEnd)
  /// clock.value(at: 0.5)                // 0.5
  /// clock.value(at: 0.5, before: true)  // 0.25
  /// ```
  ///
  /// - Throws: ``TransitError`` with code ``TransitError/Code/invalidCurve``
  ///   when `count` is less than 1 (less than 2 for jump-none) or greater
  ///   than 2³¹ − 1.
  public static func steps(
    _ count: Int, _ position: StepPosition = .jumpEnd
  ) throws(TransitError) -> TimingCurve {
    let minimum = position == .jumpNone ? 2 : 1
    guard count >= minimum else {
      throw TransitError(
        .invalidCurve,
        "steps count = \(count) must be at least \(minimum) with \(position.rawValue)")
    }
    guard count <= Int(Int32.max) else {
      throw TransitError(.invalidCurve, "steps count = \(count) is larger than 2147483647")
    }
    return TimingCurve(storage: .steps(Steps(count: count, position: position)))
  }
}

/// A CSS staircase: a number of intervals and where the jumps are.
struct Steps: Hashable, Sendable {
  var count: Int
  var position: TimingCurve.StepPosition

  var mirrored: Steps { Steps(count: count, position: position.mirrored) }

  /// The number of jumps, the denominator of every value.
  private var jumps: Int {
    switch position {
    case .jumpStart, .jumpEnd: return count
    case .jumpNone: return count - 1
    case .jumpBoth: return count + 1
    }
  }

  /// The CSS step easing algorithm, at a time already clamped into 0…1.
  func value(at t: Double, before: Bool) -> Double {
    let time = Self.onGrid(t)
    let n = Double(count)
    // floor(time · n) and whether time · n is an integer, both exactly: the
    // fused multiply-add rounds time · n − step once, so its sign is exact.
    var step = (time * n).rounded(.down)
    var remainder = (-step).addingProduct(time, n)
    if remainder < 0 {
      step -= 1
      remainder = (-step).addingProduct(time, n)
    }
    var current = Int(step)
    if position == .jumpStart || position == .jumpBoth { current += 1 }
    if before && remainder == 0 { current -= 1 }
    current = min(max(current, 0), jumps)
    return Self.fraction(current, of: jumps)
  }

  /// `x` rounded to the nearest multiple of 2⁻⁵³, on which `1 − x` is exact
  /// for x in 0…1 and equals the rounded `1 − x` of the unrounded x.
  private static func onGrid(_ x: Double) -> Double {
    (x * 0x1p53).rounded(.toNearestOrEven) / 0x1p53
  }

  /// k / jumps on the 2⁻⁵³ grid, computed from the nearer end so that
  /// `fraction(jumps − k) == 1 − fraction(k)` exactly.
  private static func fraction(_ k: Int, of jumps: Int) -> Double {
    if k <= jumps - k { return onGrid(Double(k) / Double(jumps)) }
    return 1 - onGrid(Double(jumps - k) / Double(jumps))
  }
}

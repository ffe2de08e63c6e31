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
  /// - Range: 0…1, taking only the values k/jumps (rounded), where jumps is `count` for jump-start and jump-end,
  ///   `count − 1` for jump-none and `count + 1` for jump-both.
  /// - Monotonic: non-decreasing; not continuous.
  /// - Endpoints: exactly 1 at 1. Exactly 0 at 0 for jump-end and jump-none;
  ///   1/jumps at 0 for jump-start and jump-both (with the before flag unset).
  /// - Mirror: jump-start ↔ jump-end, jump-none and jump-both to themselves,
  ///   with the before flag flipped.
  ///
  /// The value is CSS Easing Level 1's step easing algorithm evaluated in
  /// double arithmetic, as browsers compute it: the step is
  /// `floor(t · count)` of the *rounded* product, a jump is where that
  /// product is a whole number, and the value is the rounded quotient
  /// `step / jumps`. So `steps(5, jump-none)` at t = 0.2 is 0.25 and at
  /// t = 0.6 is 0.75: `0.6 · 5` rounds to exactly 3, a boundary, although
  /// the double nearest 0.6 lies just below 3/5.
  ///
  /// The mirror identity
  /// `mirrored.value(at: t, before: b) == 1 − value(at: 1 − t, before: !b)`
  /// holds bit for bit whenever `t · count` is exact — t a multiple of 2⁻ᵐ
  /// with `count · 2ᵐ ≤ 2⁵³`, which makes `1 − t` and `(1 − t) · count`
  /// exact too — and jumps is a power of two (1, 2, 4, …), so that every
  /// value `k / jumps` is exact. With other jump counts those times still
  /// take mirrored steps, and the two sides differ only by the rounding of
  /// `k / jumps`, less than 2⁻⁵². At other times, within a few units in the
  /// last place of a jump, rounding `t · count` decides the step, as it does
  /// in a browser, and the two sides may lie on different sides of the jump.
  ///
  /// ```swift
  /// let clock = try TimingCurve.steps(4, .jumpEnd)
  /// clock.value(at: 0.5)                // 0.5
  /// clock.value(at: 0.5, before: true)  // 0.25
  /// ```
  ///
  /// - Throws: ``TransitError`` of kind `.invalidCurve`
  ///   when `count` is less than 1 (less than 2 for jump-none) or greater
  ///   than 2³¹ − 1.
  public static func steps(
    _ count: Int, _ position: StepPosition = .jumpEnd
  ) throws(TransitError) -> TimingCurve {
    let minimum = position == .jumpNone ? 2 : 1
    guard count >= minimum else {
      throw TransitError.invalidCurveParameter(
        curve: "steps", name: "count", value: "\(count)",
        problem: "must be at least \(minimum) with \(position.rawValue)")
    }
    guard count <= Int(Int32.max) else {
      throw TransitError.invalidCurveParameter(
        curve: "steps", name: "count", value: "\(count)", problem: "is larger than 2147483647")
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

  /// The CSS step easing algorithm, in double arithmetic as a browser runs
  /// it, at a time already clamped into 0…1.
  func value(at t: Double, before: Bool) -> Double {
    // count ≤ 2³¹ − 1, so the product's floor always fits an Int.
    let product = t * Double(count)
    let floor = product.rounded(.down)
    var current = Int(floor)
    if before && product == floor { current -= 1 }
    if position == .jumpStart || position == .jumpBoth { current += 1 }
    current = min(max(current, 0), jumps)
    return Double(current) / Double(jumps)
  }
}

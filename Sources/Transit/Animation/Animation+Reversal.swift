extension Animation {
  /// The animation that undoes this one without a scene: steps in the
  /// opposite order and mirrored in time, each step's relative changes
  /// inverted in the opposite order, curves mirrored.
  ///
  /// Only relative changes (translate, scale, rotate, fade) can be undone
  /// without knowing the state they started from. What the result
  /// guarantees, bound to the state this animation ends on:
  ///
  /// - the same ``duration``, bit for bit, and every step's span mirrored
  ///   in time to within rounding (step `k` of `n` becomes step `n − 1 − k`);
  ///   when the forward starts after a delay, or when rounding leaves the
  ///   reverse's last step ending short of the end (0.25 + 0.1 + 0.1 is
  ///   0.44999999999999996, not 0.45), one empty step from 0 to the end
  ///   follows them and holds the duration;
  /// - frames, alphas and transforms return to where they started exactly
  ///   when the inverse arithmetic is exact (translations by representable
  ///   amounts, scales by powers of two, fades), and otherwise to within
  ///   rounding of the inverse operations: floating point cannot undo
  ///   `x · 0.1` bit for bit;
  /// - in between, each step follows its mirrored curve, so states match
  ///   the forward's at mirrored times to within that rounding and within
  ///   the curves' mirror identity (see ``TimingCurve/mirrored``).
  ///
  /// A visibility change is an absolute value too: `.hidden("v", false)`
  /// leaves a visible view visible, and only the scene can tell whether
  /// undoing it means hiding the view. So it throws rather than guess.
  ///
  /// ``Timeline/reversed()`` guarantees more, for every kind of change,
  /// visibility included: it never inverts anything, so its frame i of n
  /// (for n ≥ 2) *is* the forward's frame n − 1 − i, bit for bit (R2), and
  /// it ends bit for bit on the forward's start (R3). When you have the
  /// scene, prefer it; transitions use it.
  ///
  /// - Throws: ``TransitError`` with code `.invalidState` when a step sets an
  ///   absolute frame, alpha, transform or visibility (the value it replaced
  ///   is unknown without a scene), or scales by zero (no inverse exists).
  public func reversed() throws(TransitError) -> Animation {
    let (starts, total) = schedule
    let earliest = starts.min() ?? 0
    var result: [AnimationStep] = []
    result.reserveCapacity(steps.count + 1)
    var previousEnd = 0.0
    var latest = 0.0
    for k in steps.indices.reversed() {
      let step = steps[k]
      let place = Animation.describe(step: k, tag: step.tag)
      var changes: [Change] = []
      for change in step.changes.reversed() {
        changes.append(try change.inverse(at: place))
      }
      // The mirror of [start, end] is [total − end, total − start]; the
      // overlap that puts the step there is worked out against the same
      // arithmetic ``schedule`` will do on the result.
      let start = total - (starts[k] + step.duration)
      let overlap = Animation.fittedOverlap(
        previousEnd - start, after: previousEnd, duration: step.duration, endingBy: total)
      result.append(
        AnimationStep(
          duration: step.duration, curve: step.curve.mirrored, tag: step.tag,
          overlap: overlap, changes: changes))
      previousEnd = (previousEnd - overlap) + step.duration
      latest = max(latest, previousEnd)
    }
    // A delay before the forward's first step becomes idle time after the
    // reverse's last one, and rounding may leave the step that should end
    // the reverse a unit in the last place short of it (no double x makes
    // x + 0.1 exactly 0.45: the sums round to either side): either way an
    // empty step from 0 to the end keeps the two durations equal, bit for
    // bit. It starts at `previousEnd − previousEnd`, exactly 0, and ends at
    // `0 + total`, exactly `total`.
    if latest != total, total.isFinite, earliest >= 0 {
      result.append(
        AnimationStep(duration: total, curve: .linear, overlap: previousEnd, changes: []))
    }
    return Animation(result)
  }

  /// `overlap`, unless with it a step of `duration` after `previousEnd`
  /// would end after `limit` as ``schedule`` computes it: then the smallest
  /// overlap that ends the step by `limit`.
  ///
  /// `(previousEnd − o) + duration` never increases as `o` grows, so a
  /// binary search over the doubles, in their order, finds that overlap in
  /// at most 64 halvings; it is within a few units in the last place of
  /// `overlap`, which misses only by rounding.
  static func fittedOverlap(
    _ overlap: Double, after previousEnd: Double, duration: Double, endingBy limit: Double
  ) -> Double {
    func end(_ o: Double) -> Double { (previousEnd - o) + duration }
    // Starting at 0 (an overlap of `previousEnd`) ends the step by `limit`
    // in any valid animation; otherwise there is nothing to fit.
    guard overlap.isFinite, previousEnd.isFinite, end(overlap) > limit, end(previousEnd) <= limit
    else { return overlap }
    var low = overlap
    var high = previousEnd
    while let middle = Double.between(low, high) {
      if end(middle) <= limit { high = middle } else { low = middle }
    }
    return high
  }
}

extension Double {
  /// The double halfway between `low` and `high` in the order of all
  /// doubles (not in value), or `nil` when they are adjacent or equal.
  fileprivate static func between(_ low: Double, _ high: Double) -> Double? {
    func key(_ x: Double) -> Int64 {
      let bits = Int64(bitPattern: x.bitPattern)
      return bits >= 0 ? bits : -(bits & Int64.max)
    }
    let a = key(low)
    let b = key(high)
    guard a < b, a + 1 < b else { return nil }
    let m = (a >> 1) + (b >> 1) + (a & b & 1)  // the halfway point without overflow
    return m >= 0 ? Double(bitPattern: UInt64(m)) : -Double(bitPattern: UInt64(-m))
  }
}

extension Change {
  /// The change that undoes this one when it follows it: relative changes
  /// with the opposite amount (the reciprocal for a scale), worked out on
  /// the change itself, so that reversing an animation needs nothing from
  /// the timeline layer above it. `place` names the step in errors.
  func inverse(at place: String) throws(TransitError) -> Change {
    func absolute(_ what: String) -> TransitError {
      TransitError(
        .invalidState,
        "\(place) sets view '\(viewID)' \(what) to an absolute value, which cannot be undone "
          + "without a scene: bind the animation and reverse its timeline instead")
    }
    switch operation {
    case .frame: throw absolute("frame")
    case .alpha: throw absolute("alpha")
    case .transform: throw absolute("transform")
    case .translate(let x, let y, let z): return Change(viewID, .translate(x: -x, y: -y, z: -z))
    case .scale(let x, let y, let z):
      guard x != 0, y != 0, z != 0 else {
        throw TransitError(
          .invalidState, "\(place) scales view '\(viewID)' by zero, which has no inverse")
      }
      return Change(viewID, .scale(x: 1 / x, y: 1 / y, z: 1 / z))
    case .fade(let delta): return Change(viewID, .fade(by: -delta))
    case .rotate(let angle, let x, let y, let z):
      return Change(viewID, .rotate(angle: -angle, x: x, y: y, z: z))
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      return Change(
        viewID,
        .rotateInPerspective(angle: -angle, axis: axis, pivot: pivot, cameraDistance: distance))
    case .translateInPerspective(let offset, let distance):
      return Change(
        viewID,
        .translateInPerspective(
          offset: Vector3(x: -offset.x, y: -offset.y, z: -offset.z), cameraDistance: distance))
    case .hidden: throw absolute("visibility")
    case .backgroundColor: throw absolute("background colour")
    case .cornerRadii: throw absolute("corner radii")
    case .borderWidth: throw absolute("border width")
    case .borderColor: throw absolute("border colour")
    case .shadow: throw absolute("shadow")
    case .contentMode: throw absolute("content mode")
    case .textColor: throw absolute("text colour")
    case .adjustCornerRadii(let d):
      return Change(
        viewID,
        .adjustCornerRadii(
          by: CornerRadii(
            topLeft: -d.topLeft, topRight: -d.topRight, bottomRight: -d.bottomRight,
            bottomLeft: -d.bottomLeft)))
    case .adjustBorderWidth(let delta): return Change(viewID, .adjustBorderWidth(by: -delta))
    }
  }
}

extension Animation {
  /// The animation that undoes this one without a scene: steps in the
  /// opposite order and mirrored in time, each step's relative changes
  /// inverted in the opposite order, curves mirrored.
  ///
  /// Only relative changes (translate, scale, rotate, fade) can be undone
  /// without knowing the state they started from. What the result
  /// guarantees, bound to the state this animation ends on:
  ///
  /// - the same duration, and every step's span mirrored in time;
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
    let ends = zip(starts, steps).map { $0 + $1.duration }
    var result: [AnimationStep] = []
    result.reserveCapacity(steps.count)
    var previousEnd = 0.0
    for k in steps.indices.reversed() {
      let step = steps[k]
      let place = Animation.describe(step: k, tag: step.tag)
      let start = total - ends[k]
      var changes: [Change] = []
      for change in step.changes.reversed() {
        changes.append(try change.inverse(at: place))
      }
      result.append(
        AnimationStep(
          duration: step.duration, curve: step.curve.mirrored, tag: step.tag,
          overlap: previousEnd - start, changes: changes))
      previousEnd = start + step.duration
    }
    // A delay before the forward's first step becomes idle time after the
    // reverse's last one: an empty step keeps the two durations equal.
    if let earliest = starts.min(), earliest > 0 {
      let start = total - earliest
      result.append(
        AnimationStep(duration: earliest, curve: .linear, overlap: previousEnd - start, changes: [])
      )
    }
    return Animation(result)
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
    }
  }
}

extension Timeline {
  /// How sampling turns each step's elapsed time into its progress: along
  /// the steps' own curves, as played, or the ways a gesture paces them.
  ///
  /// A gesture moves a transition by its *time*, and each step turns that
  /// time into progress. Along ``curves`` the picture follows the style's
  /// easing, so a finger at 10 % of the way moves an ease-in-out push by
  /// 2 %. ``linear`` replaces every curve by linear — the picture at
  /// progress `p` is the transition played with linear curves at `p·D` —
  /// so the picture follows the finger one to one, as UIKit's
  /// `scrubsLinearly`. ``continuing(from:toEnd:)`` is how a linearly
  /// scrubbed transition completes once the finger lifts.
  ///
  /// ## The continuation
  /// Say a step had run the fraction `u₀` of its own time when the finger
  /// lifted (the scrubbed picture shows it at progress `u₀`), and runs
  /// toward its end. With `c` the step's curve, `s = (u − u₀) / (1 − u₀)`
  /// the fraction of the rest played and `r = (c(u) − c(u₀)) / (1 − c(u₀))`
  /// the curve's own remainder re-timed to `0…1`, the step shows
  ///
  ///     g(u) = u₀ + (1 − u₀) · ((1 − s) · s + s · r)
  ///
  /// a blend of the linear motion the finger had and the curve's
  /// remainder, whose weight on the curve grows from 0 to 1. So
  /// `g(u₀) = u₀` (no jump in position), `g′(u₀) = 1` (the same rate of
  /// progress per second of transition time as the scrub, so a completion
  /// that starts at the release velocity has no jump in velocity either)
  /// and `g(1) = 1` (the step lands exactly on its end). Toward the start
  /// the same holds mirrored: `s = (u₀ − u) / u₀`,
  /// `r = (c(u₀) − c(u)) / c(u₀)` and `g(u) = u₀ − u₀ · ((1 − s) · s + s · r)`.
  /// A step that had not started, or had finished, when the finger lifted
  /// shows no motion then: it plays its own curve. A step taken back past
  /// `u₀` (a spring released against its target) moves linearly.
  enum Pacing: Hashable, Sendable {
    /// Each step follows its own curve: the transition as played.
    case curves
    /// Every curve replaced by linear.
    case linear
    /// A linearly scrubbed transition completing from forward time `from`
    /// toward its forward end (`toEnd`) or start.
    case continuing(from: Double, toEnd: Bool)
  }

  /// Writes the state at `time` (this timeline's own time) paced by `pacing` into `scene`.
  func sample(at time: Double, pacing: Pacing, into scene: inout Scene) {
    write(forward(.time(time)), pacing: pacing, into: &scene)
  }

  /// Where this timeline's own `time` falls on the forward segments.
  func forwardTime(_ time: Double) -> Double { forward(.time(time)).time }
}

extension StepTiming {
  /// The fraction of its own time the step has run at forward `time`: NaN
  /// before it starts, 1 from its end (and for an instant step).
  @inline(__always)
  func elapsedFraction(at time: Double) -> Double {
    if time < start { return .nan }
    if duration == 0 || time >= start + duration { return 1 }
    return min(1, (time - start) / duration)
  }

  /// The step's progress at forward `time` under `pacing`; see ``Timeline/Pacing``.
  /// Exactly 0 at the step's start and 1 from its end in every pacing.
  func progress(at time: Double, rerun: TimingCurve?, pacing: Timeline.Pacing) -> Double {
    switch pacing {
    case .curves:
      return progress(at: time, rerun: rerun)
    case .linear:
      return elapsedFraction(at: time)
    case .continuing(let from, let toEnd):
      let u = elapsedFraction(at: time)
      let u0 = elapsedFraction(at: from)
      guard u > 0, u < 1 else { return u }
      // Not moving at the release: its own curve.
      guard u0 > 0, u0 < 1 else { return progress(at: time, rerun: rerun) }
      let curve = progress(at: time, rerun: rerun)
      let curve0 = progress(at: from, rerun: rerun)
      if toEnd {
        guard u > u0 else { return u }
        let s = (u - u0) / (1 - u0)
        let rest = 1 - curve0
        let r = abs(rest) > 1e-12 ? (curve - curve0) / rest : s
        return u0 + (1 - u0) * ((1 - s) * s + s * r)
      } else {
        guard u < u0 else { return u }
        let s = (u0 - u) / u0
        let r = abs(curve0) > 1e-12 ? (curve0 - curve) / curve0 : s
        return u0 - u0 * ((1 - s) * s + s * r)
      }
    }
  }
}

import RealModule

extension TimingCurve {
  /// A damped spring that pulls progress from 0 to 1: the motion of a mass
  /// on a spring with a damper, `m·x″ + c·x′ + k·(x − 1) = 0`, starting at
  /// rest position x = 0 with velocity `initialVelocity`.
  ///
  /// Time is normalised so that t = 1 is the spring's *settling time* T: the
  /// moment after which the mass stays within ``springSettlingTolerance`` of
  /// its target for good. A step's duration is therefore the spring's
  /// settling time; the physical parameters only choose the shape.
  /// `initialVelocity` is in distances (the whole way from 0 to 1) per
  /// second of physical time, as in Core Animation's `CASpringAnimation`.
  ///
  /// To end exactly at 1 without a jump, Transit subtracts the residual
  /// displacement linearly: `value(at: t) = 1 + y(t·T) − t·y(T)`, where
  /// `y = x − 1`. This differs from the free spring by at most
  /// ``springSettlingTolerance``.
  ///
  /// - Range: overshoots above 1 when underdamped (damping below
  ///   2·√(k·m)) or pushed by a large initial velocity; goes below 0 at the
  ///   start when `initialVelocity` is negative.
  /// - Monotonic: only when critically or over-damped with a non-negative
  ///   initial velocity that does not overshoot.
  /// - Endpoints: exactly 0 at 0 and exactly 1 at 1.
  /// - Mirror: the same spring played backwards, `1 − value(at: 1 − t)`,
  ///   written `mirrored(spring(…))`.
  ///
  /// ```swift
  /// let wobble = try TimingCurve.spring(mass: 1, stiffness: 100, damping: 10)
  /// ```
  ///
  /// - Throws: ``TransitError`` of kind `.invalidCurve`,
  ///   naming the parameter, when mass or stiffness is not positive, when
  ///   damping is not positive (an undamped spring never settles), or when
  ///   any parameter is NaN or infinite.
  public static func spring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) throws(TransitError) -> TimingCurve {
    let parameters = [
      ("mass", mass), ("stiffness", stiffness), ("damping", damping),
      ("initialVelocity", initialVelocity),
    ]
    for (name, value) in parameters where !value.isFinite {
      throw TransitError.invalidCurveParameter(
        curve: "spring", name: name, value: "\(value)", problem: "is not a finite number")
    }
    for (name, value) in parameters.prefix(3) where value <= 0 {
      let why = name == "damping" ? " (an undamped spring never settles)" : ""
      throw TransitError.invalidCurveParameter(
        curve: "spring", name: name, value: "\(value)", problem: "must be positive\(why)")
    }
    let spring = Spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    guard spring.settlingTime.isFinite, spring.settlingTime > 0 else {
      throw TransitError(
        .invalidCurve,
        "spring(\(mass),\(stiffness),\(damping),\(initialVelocity)) has no finite settling time")
    }
    return TimingCurve(storage: .spring(spring))
  }

  /// A spring described as SwiftUI describes one: by a perceptual duration
  /// and a bounce.
  ///
  /// `bounce` 0 is critically damped (the fastest approach without
  /// overshoot), 0 < bounce < 1 is underdamped (it overshoots and oscillates,
  /// more as bounce approaches 1), and −1 < bounce < 0 is overdamped (slower,
  /// no overshoot). As in SwiftUI, this is the spring with mass 1, stiffness
  /// (2π / duration)² and damping 4π·(1 − bounce) / duration, or
  /// 4π / (duration·(1 + bounce)) for a negative bounce.
  ///
  /// Because Transit normalises a spring's time to its settling time (see
  /// ``spring(mass:stiffness:damping:initialVelocity:)``), `duration` scales
  /// the stored parameters but not the shape of the curve: only `bounce`
  /// changes the shape. The text form is the resulting
  /// `spring(mass,stiffness,damping,velocity)`.
  ///
  /// - Throws: ``TransitError`` of kind `.invalidCurve`
  ///   when `duration` is not positive and finite, or `bounce` is not in
  ///   −1 < bounce < 1 (at 1 the spring would never settle).
  public static func spring(duration: Double, bounce: Double = 0) throws(TransitError)
    -> TimingCurve
  {
    guard duration.isFinite, duration > 0 else {
      throw TransitError.invalidCurveParameter(
        curve: "spring", name: "duration", value: "\(duration)", problem: "must be positive")
    }
    guard bounce.isFinite, bounce > -1, bounce < 1 else {
      throw TransitError.invalidCurveParameter(
        curve: "spring", name: "bounce", value: "\(bounce)", problem: "is outside −1 < bounce < 1")
    }
    let stiffness = (2 * .pi / duration) * (2 * .pi / duration)
    let damping =
      bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce))
    return try spring(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: 0)
  }

  /// How close to its target a spring must stay after its settling time,
  /// which Transit maps to t = 1: 0.001 of the distance travelled.
  public static let springSettlingTolerance = 0.001
}

/// A damped harmonic oscillator from 0 to 1, normalised to its settling time.
///
/// Everything the curve needs is solved once, when the spring is made: the
/// oscillator's closed form (``Motion``), its settling time and the residual
/// left there. A sample only evaluates the closed form, and mirroring flips
/// ``isMirrored`` on the same solution.
struct Spring: Hashable, Sendable {
  /// The oscillator, with the parameters the spring was given.
  let motion: Motion
  /// Whether this is the spring played backwards, `1 − spring(1 − t)`.
  private(set) var isMirrored = false

  /// The physical time that maps to t = 1 (derived from the parameters).
  let settlingTime: Double
  /// The displacement left at the settling time, removed linearly so that
  /// the curve ends exactly at 1 without a jump (derived).
  private let residual: Double

  init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
    motion = Motion(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    settlingTime = motion.settlingTime(tolerance: TimingCurve.springSettlingTolerance)
    residual = motion.displacement(at: settlingTime)
  }

  /// The same spring played backwards (or forwards again).
  var mirrored: Spring {
    var spring = self
    spring.isMirrored.toggle()
    return spring
  }

  /// Progress at a time strictly inside 0…1.
  func value(at t: Double) -> Double {
    if isMirrored { return 1 - unmirroredValue(at: 1 - t) }
    return unmirroredValue(at: t)
  }

  private func unmirroredValue(at t: Double) -> Double {
    1 + (motion.displacement(at: t * settlingTime) - t * residual)
  }
}

/// The closed-form solution of `m·y″ + c·y′ + k·y = 0` with y(0) = −1 and
/// y′(0) = v₀, where y is the distance still to go (negated).
struct Motion: Hashable, Sendable {
  /// The three regimes of a damped oscillator, with their constants.
  enum Regime: Hashable, Sendable {
    /// e^(−ζω₀τ)·(−cos ωτ + b·sin ωτ)
    case underdamped(decay: Double, frequency: Double, b: Double)
    /// e^(−ω₀τ)·(−1 + b·τ)
    case critical(decay: Double, b: Double)
    /// c₁·e^(r₁τ) + c₂·e^(r₂τ)
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
  }

  /// The parameters as given (`m`, `k`, `c`, `v₀`): they name the spring,
  /// `spring(mass,stiffness,damping,velocity)`.
  let mass: Double
  let stiffness: Double
  let damping: Double
  let initialVelocity: Double
  let regime: Regime

  init(mass: Double, stiffness: Double, damping: Double, initialVelocity v0: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    initialVelocity = v0
    let omega0 = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (stiffness * mass).squareRoot())
    // Treat a damping ratio within 1e-9 of 1 as critical: the other formulas
    // divide by a vanishing difference there.
    if abs(zeta - 1) < 1e-9 {
      regime = .critical(decay: omega0, b: v0 - omega0)
    } else if zeta < 1 {
      let frequency = omega0 * (1 - zeta * zeta).squareRoot()
      regime = .underdamped(
        decay: zeta * omega0, frequency: frequency, b: (v0 - zeta * omega0) / frequency)
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -omega0 * (zeta - root)
      let r2 = -omega0 * (zeta + root)
      let c2 = (v0 + r1) / (r2 - r1)
      regime = .overdamped(r1: r1, r2: r2, c1: -1 - c2, c2: c2)
    }
  }

  /// y at physical time τ: exactly −1 at τ = 0.
  func displacement(at tau: Double) -> Double {
    switch regime {
    case .underdamped(let decay, let frequency, let b):
      return Double.exp(-decay * tau)
        * (-Double.cos(frequency * tau) + b * Double.sin(frequency * tau))
    case .critical(let decay, let b):
      return Double.exp(-decay * tau) * (-1 + b * tau)
    case .overdamped(let r1, let r2, let c1, let c2):
      return c1 * Double.exp(r1 * tau) + c2 * Double.exp(r2 * tau)
    }
  }

  /// An upper bound of |y| from τ on, decreasing once past its maximum.
  private func envelope(at tau: Double) -> Double {
    switch regime {
    case .underdamped(let decay, _, let b):
      return Double.exp(-decay * tau) * (1 + b * b).squareRoot()
    case .critical(let decay, let b):
      return Double.exp(-decay * tau) * (1 + abs(b) * tau)
    case .overdamped(let r1, let r2, let c1, let c2):
      return abs(c1) * Double.exp(r1 * tau) + abs(c2) * Double.exp(r2 * tau)
    }
  }

  /// The last time |y| exceeds `tolerance`: found by scanning back from a
  /// time where the envelope is below it, then bisecting the crossing.
  func settlingTime(tolerance: Double) -> Double {
    var end: Double
    var step: Double
    switch regime {
    case .underdamped(let decay, let frequency, let b):
      // The envelope crosses the tolerance here; the last peak above the
      // tolerance lies at most half a period before.
      end = Double.log((1 + b * b).squareRoot() / tolerance) / decay
      step = min(end, 2 * .pi / frequency) / 64
    case .critical(let decay, _), .overdamped(_, let decay, _, _):
      // The envelope is unimodal with its peak before 1/decay (in magnitude).
      end = 1 / abs(decay)
      for _ in 0..<2_000 where envelope(at: end) > tolerance { end *= 2 }
      step = end / 4_096
    }
    guard end.isFinite, end > 0, step > 0 else { return .nan }
    var high = end
    var low = max(high - step, 0)
    var iterations = 0
    while abs(displacement(at: low)) <= tolerance {
      high = low
      low = max(low - step, 0)
      iterations += 1
      if iterations > 1_000_000 { return .nan }
    }
    for _ in 0..<80 {
      let middle = low + (high - low) / 2
      if middle <= low || middle >= high { break }
      if abs(displacement(at: middle)) > tolerance { low = middle } else { high = middle }
    }
    return high
  }
}

/// A transition animation as data: ordered steps of changes to views.
///
/// An animation names views by id but holds no view state; bind it to a
/// ``Scene`` with ``timeline(from:)`` to resolve every change into absolute
/// from → to values. The resulting ``Timeline`` can be sampled at any time,
/// played, and reversed exactly.
///
/// ```swift
/// let push = Animation([
///   .instant([.translate("new", x: 390, y: 0)]),
///   AnimationStep(duration: 0.4, changes: [
///     .translate("new", x: -390, y: 0),
///     .translate("old", x: -390, y: 0),
///   ]),
///   .instant([.hidden("old")]),
/// ])
/// let timeline = try push.timeline(from: scene)
/// let middle = timeline.sample(at: 0.2)
/// let pop = timeline.reversed()  // ends bit for bit where `push` started
/// ```
///
/// ## Scheduling
/// The first step starts at `−steps[0].overlap` (so a negative overlap there
/// is an initial delay); every later step starts `overlap` seconds before the
/// previous step's end (a negative overlap leaves a gap). No step may start
/// before time 0. The animation's ``duration`` is the latest end of any step.
public struct Animation: Hashable, Sendable, Codable {
  /// The steps, in order.
  public var steps: [AnimationStep]

  /// Creates an animation from its steps.
  public init(_ steps: [AnimationStep] = []) {
    self.steps = steps
  }

  /// An animation that changes nothing and takes no time.
  public static let empty = Animation()

  /// The start time of every step, in order, and the total duration.
  ///
  /// Pure arithmetic on the given numbers; ``validate()`` checks them.
  public var schedule: (starts: [Double], duration: Double) {
    var starts: [Double] = []
    starts.reserveCapacity(steps.count)
    var previousEnd = 0.0
    var total = 0.0
    for step in steps {
      let start = previousEnd - step.overlap
      starts.append(start)
      previousEnd = start + step.duration
      total = max(total, previousEnd)
    }
    return (starts, total)
  }

  /// The time from the start of the first step to the latest end of any step.
  public var duration: Double { schedule.duration }

  /// Checks every number: durations finite and not negative, overlaps finite,
  /// no step starting before time 0, changes with finite values, alpha
  /// targets in 0…1, frames with non-negative sizes, rotation axes not zero.
  ///
  /// - Throws: ``TransitError`` naming the step (counted from 1), its tag if
  ///   any, the view and the field.
  public func validate() throws(TransitError) {
    let starts = schedule.starts
    for (index, step) in steps.enumerated() {
      let place = Animation.describe(step: index, tag: step.tag)
      guard step.duration.isFinite else {
        throw TransitError.invalidStep(
          step: place, problem: "duration must be finite, got \(step.duration)")
      }
      guard step.duration >= 0 else {
        throw TransitError.negativeStepDuration(step: place, duration: step.duration)
      }
      guard step.overlap.isFinite else {
        throw TransitError.invalidStep(
          step: place, problem: "overlap must be finite, got \(step.overlap)")
      }
      guard starts[index] >= 0 else {
        throw TransitError.invalidStep(
          step: place,
          problem: "overlap \(step.overlap) makes the step start at \(starts[index]), before 0")
      }
      for change in step.changes {
        try change.validate(at: place)
      }
    }
  }

  /// The same animation played `factor` times slower (2 doubles every
  /// duration and overlap; 0 makes every step instant).
  ///
  /// - Throws: ``TransitError`` when `factor` is negative or not finite.
  public func scaled(by factor: Double) throws(TransitError) -> Animation {
    guard factor.isFinite, factor >= 0 else {
      throw TransitError.notFiniteOrNegative("a time scale", got: "\(factor)")
    }
    var copy = self
    for i in copy.steps.indices {
      copy.steps[i].duration *= factor
      copy.steps[i].overlap *= factor
    }
    return copy
  }

  /// The same animation rescaled uniformly to last `duration` seconds.
  ///
  /// Every step and overlap keeps its share of the whole. An animation of
  /// duration zero stays as it is (there is nothing to stretch), and a target
  /// of zero makes every step instant: no division by zero either way.
  ///
  /// - Throws: ``TransitError`` when `duration` is negative or not finite.
  public func withDuration(_ duration: Double) throws(TransitError) -> Animation {
    guard duration.isFinite, duration >= 0 else {
      throw TransitError.notFiniteOrNegative("a duration", got: "\(duration)")
    }
    let current = self.duration
    guard current > 0 else { return self }
    if duration == 0 { return try scaled(by: 0) }
    return try scaled(by: duration / current)
  }

  static func describe(step index: Int, tag: String?) -> String {
    if let tag { return "step \(index + 1) ('\(tag)')" }
    return "step \(index + 1)"
  }
}

extension Change {
  func validate(at place: String) throws(TransitError) {
    func fail(_ detail: String) -> TransitError {
      .invalidChange(step: place, view: viewID, problem: detail)
    }
    switch operation {
    case .frame(let rect):
      guard rect.isFinite else { throw fail("frame must be finite, got \(rect)") }
      guard rect.width >= 0, rect.height >= 0 else {
        throw fail("frame size \(rect.width)×\(rect.height) is negative")
      }
    case .alpha(let value):
      guard value.isFinite, value >= 0, value <= 1 else {
        throw fail("alpha must be in 0…1, got \(value)")
      }
    case .transform(let transform):
      guard transform.isFinite else { throw fail("transform must be finite") }
    case .translate(let x, let y, let z):
      guard x.isFinite, y.isFinite, z.isFinite else {
        throw fail("translation must be finite, got (\(x), \(y), \(z))")
      }
    case .scale(let x, let y, let z):
      guard x.isFinite, y.isFinite, z.isFinite else {
        throw fail("scale must be finite, got (\(x), \(y), \(z))")
      }
    case .fade(let delta):
      guard delta.isFinite, delta >= -1, delta <= 1 else {
        throw fail("fade must be in −1…1, got \(delta)")
      }
    case .rotate(let angle, let x, let y, let z):
      guard angle.isFinite, x.isFinite, y.isFinite, z.isFinite else {
        throw fail("rotation must be finite, got \(angle) about (\(x), \(y), \(z))")
      }
      guard x != 0 || y != 0 || z != 0 else { throw fail("rotation axis must not be zero") }
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      guard angle.isFinite, axis.isFinite, pivot.isFinite else {
        throw fail("rotation must be finite, got \(angle) about \(axis) through \(pivot)")
      }
      guard axis != .zero else { throw fail("rotation axis must not be zero") }
      if let distance, !(distance.isFinite && distance > 0) {
        throw fail("camera distance must be finite and above 0, got \(distance)")
      }
    case .translateInPerspective(let offset, let distance):
      guard offset.isFinite else { throw fail("translation must be finite, got \(offset)") }
      if let distance, !(distance.isFinite && distance > 0) {
        throw fail("camera distance must be finite and above 0, got \(distance)")
      }
    case .hidden, .contentMode:
      break
    case .backgroundColor(let color), .borderColor(let color), .textColor(let color):
      guard color.isValid else { throw fail("colour components must be in 0…1, got \(color)") }
    case .cornerRadii(let radii):
      guard radii.isValid else {
        throw fail("corner radii must be finite and not negative, got \(radii)")
      }
    case .adjustCornerRadii(let delta):
      guard
        [delta.topLeft, delta.topRight, delta.bottomRight, delta.bottomLeft].allSatisfy(\.isFinite)
      else { throw fail("corner radius changes must be finite, got \(delta)") }
    case .borderWidth(let width):
      guard width.isFinite, width >= 0 else {
        throw fail("border width must be finite and not negative, got \(width)")
      }
    case .adjustBorderWidth(let delta):
      guard delta.isFinite else { throw fail("border width change must be finite, got \(delta)") }
    case .shadow(let shadow):
      guard shadow.isValid else {
        throw fail(
          "shadow must have a valid colour, opacity in 0…1, a finite radius not negative and a "
            + "finite offset, got \(shadow)")
      }
    }
  }
}

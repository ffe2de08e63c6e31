/// How a rotation moves the picture once the ``RotationGate`` applies it:
/// over `duration` seconds along `curve`, or at once when the duration is 0.
///
/// Each container keeps the motion of the rotation it was last asked for
/// and reads it when the gate applies the new size (which may be later,
/// after a running transition). Building it is where a duration is checked,
/// so every container refuses the same durations with the same message.
struct RotationMotion {
  /// The instant rotation, ``StackContainer/rotate(to:)``'s.
  static let instant = RotationMotion(checked: 0, curve: .easeInOut)

  /// Seconds the layout change takes; 0 is instant.
  let duration: Double
  /// The curve every view moves along.
  let curve: TimingCurve

  /// A motion over `duration` seconds along `curve`.
  ///
  /// - Throws: `.invalidValue` for a duration that is not finite or is negative.
  init(duration: Double, curve: TimingCurve) throws(TransitError) {
    guard duration.isFinite, duration >= 0 else {
      throw TransitError.notFiniteOrNegative("a rotation's duration", got: "\(duration)")
    }
    self.init(checked: duration, curve: curve)
  }

  private init(checked duration: Double, curve: TimingCurve) {
    self.duration = duration
    self.curve = curve
  }
}

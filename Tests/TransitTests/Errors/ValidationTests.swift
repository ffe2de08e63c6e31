import Testing
import Transit

/// Bad input is rejected with an error that says what and where; nothing is
/// clamped silently and nothing traps.
@Suite("Validation")
struct ValidationTests {
  let scene = Scene(
    size: Size(width: 100, height: 100),
    views: [View(id: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))])

  func message(_ animation: Animation) -> TransitError? {
    #expect(throws: TransitError.self) { try animation.timeline(from: scene) }
  }

  @Test func nanAndInfinityAreRejectedWithTheirPlace() {
    let nan = message(
      Animation([
        AnimationStep(duration: 1, tag: "slide", changes: [.translate("a", x: .nan, y: 0)])
      ]))
    #expect(nan?.kind == .invalidValue)
    if case .invalidChange(step: "step 1 ('slide')", view: "a", _)? = nan {
    } else {
      Issue.record("\(String(describing: nan)) does not name step 1 and view 'a'")
    }
    let infinite = message(Animation([AnimationStep(duration: .infinity, changes: [])]))
    #expect(infinite == .invalidStep(step: "step 1", problem: "duration must be finite, got inf"))
    #expect(
      message(Animation([AnimationStep(duration: 1, changes: [.alpha("a", to: .nan)])])) != nil)
    #expect(
      message(
        Animation([
          AnimationStep(
            duration: 1, changes: [.frame("a", to: Rect(x: 0, y: 0, width: -1, height: 1))])
        ])) != nil)
    #expect(
      message(
        Animation([AnimationStep(duration: 1, changes: [.rotate("a", by: 1, x: 0, y: 0, z: 0)])]))
        != nil)
  }

  @Test func negativeDurationsAreRejected() {
    let error = message(
      Animation([
        AnimationStep(duration: 1, changes: []), AnimationStep(duration: -0.5, changes: []),
      ]))
    #expect(error == .negativeStepDuration(step: "step 2", duration: -0.5))
    #expect(error?.kind == .negativeDuration)
    #expect(throws: TransitError.self) { try Animation.empty.withDuration(-1) }
    #expect(throws: TransitError.self) { try Animation.empty.scaled(by: .nan) }
  }

  @Test func aStepMayNotStartBeforeZero() {
    let error = message(Animation([AnimationStep(duration: 1, overlap: 0.5, changes: [])]))
    if case .invalidStep(step: "step 1", _)? = error {
    } else {
      Issue.record("\(String(describing: error)) is not about step 1")
    }
    #expect(error?.message == "step 1: overlap 0.5 makes the step start at -0.5, before 0")
  }

  @Test func unknownViewsAreNamed() {
    let error = message(Animation([AnimationStep(duration: 1, changes: [.fade("ghost", by: -1)])]))
    #expect(error?.kind == .unknownView)
    #expect(error?.message.contains("'ghost'") == true)
  }

  @Test func scenesAreValidatedAtBinding() {
    let duplicate = Scene(
      size: Size(width: 10, height: 10),
      views: [
        View(id: "x", frame: .zero),
        View(id: "y", frame: .zero, children: [View(id: "x", frame: .zero)]),
      ])
    let error = #expect(throws: TransitError.self) { try Animation.empty.timeline(from: duplicate) }
    #expect(error?.kind == .duplicateView)
    let badAlpha = Scene(
      size: Size(width: 10, height: 10), views: [View(id: "x", frame: .zero, alpha: 2)])
    #expect(throws: TransitError.self) { try Animation.empty.timeline(from: badAlpha) }
  }

  @Test func durationsRescaleWithoutDividingByZero() throws {
    let animation = Animation([
      AnimationStep(duration: 0.2, changes: []),
      AnimationStep(duration: 0.6, overlap: 0.1, changes: []),
    ])
    let longer = try animation.withDuration(1.4)
    #expect(abs(longer.duration - 1.4) < 1e-12)
    #expect(try animation.withDuration(0).duration == 0)
    #expect(try Animation.empty.withDuration(3).duration == 0)
  }
}

import Testing
import Transit
import TransitTestSupport

/// Every container refuses a rotation whose duration is negative or not
/// finite, with the same error, and asks nothing then: the bounds stay.
@Suite("Rotation durations")
struct RotationDurationTests {
  let clock = ManualClock()
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  static let refused: [Double] = [-1, -.ulpOfOne, .nan, .infinity, -.infinity]

  @Test("stack, presentation and tab containers refuse the same durations", arguments: refused)
  func refusedDurations(_ duration: Double) {
    let stack = StackContainer(size: portrait, clock: clock)
    let presentation = PresentationContainer(
      size: portrait, base: View(id: "base", frame: .zero), clock: clock)
    let tabs = TabBarContainer(size: portrait, tabs: [card("t0")], clock: clock)
    let rotations: [() throws -> RotationOutcome] = [
      { try stack.rotate(to: landscape, duration: duration) },
      { try presentation.rotate(to: landscape, duration: duration) },
      { try tabs.rotate(to: landscape, duration: duration) },
    ]
    for rotate in rotations {
      let error = #expect(throws: TransitError.self) { try rotate() }
      #expect(error?.kind == .invalidValue)
      guard case .notFiniteOrNegative(let what, _) = error else {
        Issue.record("\(String(describing: error)) is not notFiniteOrNegative")
        continue
      }
      #expect(what == "a rotation's duration")
    }
    #expect(stack.bounds.size == portrait)
    #expect(presentation.bounds.size == portrait)
    #expect(tabs.bounds.size == portrait)
  }

  @Test("a duration of 0 rotates at once in every container")
  func zeroIsInstant() throws {
    let stack = StackContainer(size: portrait, clock: clock)
    let tabs = TabBarContainer(size: portrait, tabs: [card("t0")], clock: clock)
    try stack.rotate(to: landscape, duration: 0)
    try tabs.rotate(to: landscape, duration: 0)
    #expect(stack.bounds.size == landscape)
    #expect(tabs.bounds.size == landscape)
    #expect(!stack.isAnimating)
  }
}

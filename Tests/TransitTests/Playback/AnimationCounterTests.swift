import Testing
import Transit

/// The counter players report to: one activity per running animation, each
/// ending exactly once.
@Suite("Animation counter")
struct AnimationCounterTests {
  @Test("An activity ends once, explicitly or when deallocated")
  func activityEndsOnce() {
    let counter = AnimationCounter()
    let first = counter.begin()
    var second: AnimationCounter.Activity? = counter.begin()
    #expect(counter.count == 2)
    first.end()
    first.end()
    #expect(counter.count == 1)
    second = nil
    #expect(second == nil)
    #expect(counter.count == 0)
  }
}

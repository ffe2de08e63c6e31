import Testing
import Transit

/// A frame in motion never has a negative size, whatever the curve: an
/// overshooting curve shrinking a view to nothing stops at 0 instead of
/// turning it inside out, as every other size-like property does.
@Suite("Timeline: frame sizes in motion")
struct FrameBoundsTests {
  static func timeline(curve: String) throws -> Timeline {
    let scene = Scene(
      size: Size(width: 100, height: 100),
      views: [View(id: "card", frame: Rect(x: 10, y: 10, width: 40, height: 20))])
    let animation = Animation([
      AnimationStep(
        duration: 1, curve: try TimingCurve(parsing: curve),
        changes: [.frame("card", to: Rect(x: 30, y: 40, width: 0, height: 0))])
    ])
    return try animation.timeline(from: scene)
  }

  @Test(
    "sizes stay at 0 or more under overshooting curves, the ends stay exact and the reverse mirrors",
    arguments: ["ease-out-back", "ease-in-out-elastic", "spring(1,100,5,0)"])
  func overshoot(curve: String) throws {
    let timeline = try Self.timeline(curve: curve)
    let reverse = timeline.reversed()
    let count = 61
    var overshot = false
    for i in 0..<count {
      let frame = try #require(timeline.state(of: "card", frame: i, of: count)?.frame)
      #expect(frame.width >= 0 && frame.height >= 0, "\(curve) frame \(i): \(frame)")
      // The origin overshoots freely: only the size is kept in range.
      if frame.minX > 30 || frame.minY > 40 { overshot = true }
      #expect(
        reverse.sample(frame: count - 1 - i, of: count) == timeline.sample(frame: i, of: count))
    }
    #expect(overshot, "\(curve) does not overshoot: the test shows nothing")
    #expect(timeline.endScene.view("card")?.frame == Rect(x: 30, y: 40, width: 0, height: 0))
    #expect(reverse.endScene == timeline.initialScene)
  }
}

import Testing
import Transit

/// A rerun goes back along its own curve in its own time, as GSAP's
/// yoyoEase does: s of the way into the rerun, the view has gone c(s) of
/// the way back, so its forward progress is 1 − c(s) (the timeline
/// evaluates 1 − c(1 − u) with u the forward step's own progress).
@Suite("Rerun against its definition")
struct RerunReferenceTests {
  @Test(
    "s into a rerun along c, a translation has gone back c(s) of the way",
    arguments: [
      TimingCurve.easeIn, .easeOut, .linear, try! TimingCurve.cubicBezier(0.1, 0.7, 0.3, 0.95),
    ])
  func goesBackAlongTheCurve(curve: TimingCurve) throws {
    let scene = Scene(
      size: Size(width: 200, height: 100),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))])
    let animation = Animation([
      AnimationStep(duration: 2, curve: .easeInOut, changes: [.translate("v", x: 100, y: 0)])
    ])
    let rerun = try animation.timeline(from: scene).reversed(along: curve)
    for s in [0.1, 0.25, 0.5, 0.8, 0.95] {
      let x = try #require(rerun.state(of: "v", at: 2 * s)?.transform.m41)
      let expected = 100 * (1 - curve.value(at: s))
      #expect(abs(x - expected) < 1e-9, "s = \(s): \(x), expected \(expected)")
    }
    #expect(rerun.endScene.state(of: "v") == scene.state(of: "v"))
  }
}

import Testing
import Transit
import TransitTestSupport

@Suite("Transition styles reverse exactly")
struct TransitionStyleReversalTests {
  typealias F = TransitionFixtures

  @Test("forward then reverse ends bit for bit on the forward's frame 0", arguments: F.styleNames)
  func forwardThenReverse(name: String) throws {
    let style = try F.style(name)
    for bounds in F.allBounds {
      let transition = F.transition(style)
      let scene = F.scene(bounds)
      let forward = try transition.forwardTimeline(from: scene, bounds: bounds)
      let reverse = try transition.reverseTimeline(from: scene, bounds: bounds)
      #expect(bitIdentical(reverse.endScene, forward.sample(frame: 0, of: 2)))
      #expect(bitIdentical(reverse.startScene, forward.endScene))
      let n = 9
      for i in 0..<n {
        #expect(
          bitIdentical(reverse.sample(frame: i, of: n), forward.sample(frame: n - 1 - i, of: n)))
      }
      // The view that stays is exactly at its base layout again.
      let base = try transition.baseLayout(of: scene, at: bounds)
      #expect(
        bitIdentical(
          reverse.endScene.state(of: F.disappearing)!, base.state(of: F.disappearing)!))
    }
  }

  @Test("pop shows what the exact reverse of push-from-right shows, roles swapped")
  func popMirrorsPush() throws {
    let scene = F.scene(F.portrait)
    let push = Transition(
      style: PushStyle(from: .right), appearingViewID: F.appearing,
      disappearingViewID: F.disappearing)
    let pop = Transition(
      style: PopStyle(), appearingViewID: F.disappearing, disappearingViewID: F.appearing)
    let reversedPush = try push.reverseTimeline(from: scene, bounds: F.portrait)
    let forwardPop = try pop.forwardTimeline(from: scene, bounds: F.portrait)
    #expect(reversedPush.duration == forwardPop.duration)
    let n = 11
    for i in 1..<(n - 1) {
      let a = reversedPush.sample(frame: i, of: n)
      let b = forwardPop.sample(frame: i, of: n)
      for id in [F.appearing, F.disappearing] {
        #expect(F.isClose(a.state(of: id)!.transform, b.state(of: id)!.transform, tolerance: 1e-9))
      }
    }
    // The view popped back ends at its base layout; the pushed one leaves
    // through the right edge.
    let end = forwardPop.endScene
    #expect(end.state(of: F.disappearing) == ViewState(frame: F.portrait))
    #expect(end.state(of: F.appearing)?.transform == .translation(x: 390, y: 0))
    #expect(end.state(of: F.appearing)?.isHidden == true)
  }

  @Test("a style's own reverse is bound to the forward's end state")
  func customReverse() throws {
    struct Blink: TransitionStyle {
      let name = "blink"
      let intrinsicDuration = 0.2
      func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
        Animation([
          AnimationStep(duration: 0.2, changes: [.fade(context.disappearingViewID!, by: -1)])
        ])
      }
      func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
        -> Animation?
      {
        Animation([
          AnimationStep(duration: 0.1, changes: [.fade(context.disappearingViewID!, by: 1)])
        ])
      }
    }
    let transition = Transition(
      style: Blink(), appearingViewID: F.appearing, disappearingViewID: F.disappearing,
      duration: 0.4)
    let reverse = try transition.reverseTimeline(from: F.scene(F.portrait), bounds: F.portrait)
    #expect(reverse.duration == 0.4)
    #expect(reverse.startScene.state(of: F.disappearing)?.alpha == 0)
    #expect(reverse.endScene.state(of: F.disappearing)?.alpha == 1)
  }
}

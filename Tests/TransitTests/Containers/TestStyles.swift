import Transit
import TransitTestSupport

/// A push-like slide: the appearing view comes in from the right while the
/// disappearing one moves a third of the way left, then hides.
struct TestSlide: TransitionStyle {
  let name = "test-slide"
  let intrinsicDuration = 0.5

  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let w = context.bounds.width
    var setup: [Change] = []
    var move: [Change] = []
    var cleanup: [Change] = []
    if let new = context.appearingViewID {
      setup.append(.translate(new, x: w, y: 0))
      move.append(.translate(new, x: -w, y: 0))
    }
    if let old = context.disappearingViewID {
      move.append(.translate(old, x: -w / 3, y: 0))
      cleanup.append(.hidden(old))
    }
    return Animation([
      .instant(tag: "setup", setup),
      AnimationStep(duration: 0.5, tag: "move", changes: move),
      .instant(tag: "cleanup", cleanup),
    ])
  }
}

/// A fade: the appearing view goes from alpha 0 to 1 over a scaled-down
/// disappearing view (which stays visible: a cover-like style).
struct TestFade: TransitionStyle {
  let name = "test-fade"
  let intrinsicDuration = 0.25

  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    var setup: [Change] = []
    var fade: [Change] = []
    if let new = context.appearingViewID {
      setup.append(.alpha(new, to: 0))
      fade.append(.alpha(new, to: 1))
    }
    if let old = context.disappearingViewID { fade.append(.scale(old, by: 0.95)) }
    return Animation([.instant(setup), AnimationStep(duration: 0.25, changes: fade)])
  }
}

/// Runs a container's clock in steps of `step` seconds until its
/// transitions and queue are done, for `maxSeconds` at the most.
func settle(
  _ container: some DrivenContainer, _ clock: ManualClock, step: Double = 0.0625,
  maxSeconds: Double = 20
) {
  let most = Int((maxSeconds / step).rounded(.up))
  var steps = 0
  while (container.isAnimating || container.pendingOperationCount > 0) && steps < most {
    clock.advance(by: step)
    container.tick()
    steps += 1
  }
}

/// Plays `container` a few random steps on (0 to 3 of them, each up to
/// 0.3 s of `clock`), running `check` after each: how the property tests
/// let transitions run part way between operations.
func tickRandomly(
  _ container: some DrivenContainer, _ clock: ManualClock, _ random: inout RandomCases,
  checking check: () -> Void = {}
) {
  for _ in 0..<random.int(0...3) {
    clock.advance(by: random.double(0...0.3))
    container.tick()
    check()
  }
}

/// Records container events as compact strings.
final class ContainerLog {
  var events: [ContainerEvent] = []

  /// The errors of the operations that failed, in order.
  var failures: [TransitError] {
    events.compactMap { event in
      if case .operationFailed(let error) = event { return error }
      return nil
    }
  }

  var lifecycle: [String] {
    events.compactMap { event in
      func flag(_ animated: Bool) -> String { animated ? "" : " (instant)" }
      switch event {
      case .viewWillAppear(let id, let a, let moving):
        return "\(id) willAppear\(moving ? " moving" : "")\(flag(a))"
      case .viewDidAppear(let id, let a, let moving):
        return "\(id) didAppear\(moving ? " moving" : "")\(flag(a))"
      case .viewWillDisappear(let id, let a, let moving):
        return "\(id) willDisappear\(moving ? " moving" : "")\(flag(a))"
      case .viewDidDisappear(let id, let a, let moving):
        return "\(id) didDisappear\(moving ? " moving" : "")\(flag(a))"
      case .willShow(let id, let a): return "willShow \(id)\(flag(a))"
      case .didShow(let id, let a): return "didShow \(id)\(flag(a))"
      case .didCancelShow(let id, let a): return "didCancelShow \(id)\(flag(a))"
      case .didCancelHide(let id, let a): return "didCancelHide \(id)\(flag(a))"
      case .willHide(let id, let a): return "willHide \(id)\(flag(a))"
      case .didHide(let id, let a): return "didHide \(id)\(flag(a))"
      default: return nil
      }
    }
  }
}

func card(_ id: String) -> View {
  View(
    id: id, frame: .zero, backgroundColor: .white,
    children: [View(id: "\(id)-label", frame: Rect(x: 10, y: 10, width: 100, height: 20))])
}

import Testing
import Transit
import TransitTestSupport

@Suite("Stack container")
struct StackContainerTests {
  let clock = ManualClock()
  let log = ContainerLog()
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  func stack(capacity: Int = 2, policy: RotationPolicy = .defer) -> StackContainer {
    let stack = StackContainer(
      size: portrait, clock: clock, capacity: capacity, rotationPolicy: policy)
    stack.observer = { [log] in log.events.append($0) }
    return stack
  }

  /// A stack of children pushed without animation at `size`: the reference layout.
  func reference(_ ids: [String], size: Size, style: any TransitionStyle = TestSlide())
    -> Scene
  {
    let fresh = StackContainer(size: size, clock: ManualClock())
    for id in ids { fresh.push(card(id), style: style, animated: false) }
    return fresh.scene
  }

  @Test("Push: lifecycle in UIKit's order, animated and not")
  func pushLifecycle() {
    let stack = stack()
    stack.push(card("a"), style: TestSlide(), animated: false)
    #expect(
      log.lifecycle == [
        "willShow a (instant)", "a willAppear moving (instant)", "a didAppear moving (instant)",
        "didShow a (instant)",
      ])
    log.events = []
    stack.push(card("b"), style: TestSlide())
    #expect(
      log.lifecycle == ["willHide a", "a willDisappear", "willShow b", "b willAppear moving"])
    #expect(stack.isAnimating)
    settle(stack, clock)
    #expect(
      log.lifecycle == [
        "willHide a", "a willDisappear", "willShow b", "b willAppear moving",
        "a didDisappear", "didHide a", "b didAppear moving", "didShow b",
      ])
    #expect(stack.childIDs == ["a", "b"])
    #expect(stack.scene.state(of: "a")?.isHidden == true)
    #expect(stack.scene.state(of: "b") == ViewState(frame: Rect(size: portrait)))
  }

  @Test("Pop: lifecycle in UIKit's order, and the revealed view lands on the base layout")
  func popLifecycle() {
    let stack = stack()
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide(), animated: false)
    log.events = []
    stack.pop()
    settle(stack, clock)
    #expect(
      log.lifecycle == [
        "willHide b", "b willDisappear moving", "willShow a", "a willAppear",
        "b didDisappear moving", "didHide b", "a didAppear", "didShow a",
      ])
    #expect(bitIdentical(stack.scene, reference(["a"], size: portrait)))
    log.events = []
    stack.push(card("c"), style: TestFade(), animated: false)
    stack.pop(animated: false)
    #expect(
      Array(log.lifecycle.suffix(8)) == [
        "willHide c (instant)", "c willDisappear moving (instant)", "willShow a (instant)",
        "a willAppear (instant)",
        "c didDisappear moving (instant)", "didHide c (instant)", "a didAppear (instant)",
        "didShow a (instant)",
      ])
    #expect(bitIdentical(stack.scene, reference(["a"], size: portrait)))
  }

  @Test("Insert and remove below the top: no transition, no appearance events")
  func insertAndRemoveBelowTop() {
    let stack = stack(capacity: 5)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("c"), style: TestSlide(), animated: false)
    log.events = []
    stack.insert(card("b"), at: 1, style: TestSlide())
    #expect(!stack.isAnimating)
    #expect(stack.childIDs == ["a", "b", "c"])
    #expect(log.lifecycle.isEmpty)
    #expect(bitIdentical(stack.scene, reference(["a", "b", "c"], size: portrait)))
    stack.remove(at: 1)
    #expect(stack.childIDs == ["a", "c"])
    #expect(log.lifecycle.isEmpty)
    #expect(bitIdentical(stack.scene, reference(["a", "c"], size: portrait)))
    stack.insert(card("d"), at: 2, style: TestFade())
    #expect(
      log.lifecycle == ["willHide c", "c willDisappear", "willShow d", "d willAppear moving"])
    settle(stack, clock)
    log.events = []
    stack.remove(at: 2)
    settle(stack, clock)
    #expect(
      log.lifecycle == [
        "willHide d", "d willDisappear moving", "willShow c", "c willAppear",
        "d didDisappear moving", "didHide d", "c didAppear", "didShow c",
      ])
  }

  @Test("Operations issued during a transition queue: three animated removals remove three")
  func queue() {
    let stack = stack(capacity: 10)
    for id in ["a", "b", "c", "d", "e"] { stack.push(card(id), style: TestSlide()) }
    #expect(stack.pendingOperationCount == 4)
    settle(stack, clock)
    #expect(stack.childIDs == ["a", "b", "c", "d", "e"])
    stack.remove(at: 4)
    stack.remove(at: 3)
    stack.pop()
    #expect(stack.isAnimating)
    settle(stack, clock)
    #expect(stack.childIDs == ["a", "b"])
    #expect(
      log.lifecycle.filter { $0.hasPrefix("didShow") }.suffix(3) == [
        "didShow d", "didShow c", "didShow b",
      ])
    #expect(bitIdentical(stack.scene, reference(["a", "b"], size: portrait)))
  }

  @Test("pop(to:) and popToRoot run one transition; the children between leave silently")
  func popToTarget() {
    let stack = stack(capacity: 10)
    for id in ["a", "b", "c", "d"] { stack.push(card(id), style: TestSlide(), animated: false) }
    log.events = []
    stack.pop(to: "b")
    settle(stack, clock)
    #expect(stack.childIDs == ["a", "b"])
    #expect(
      log.lifecycle == [
        "willHide d", "d willDisappear moving", "willShow b", "b willAppear",
        "d didDisappear moving", "didHide d", "b didAppear", "didShow b",
      ])
    stack.push(card("e"), style: TestFade(), animated: false)
    stack.popToRoot(animated: false)
    #expect(stack.childIDs == ["a"])
    #expect(bitIdentical(stack.scene, reference(["a"], size: portrait)))
  }

  @Test("Children deeper than the capacity are unloaded and reloaded when revealed")
  func capacity() {
    let stack = stack(capacity: 1)
    for id in ["a", "b", "c", "d"] { stack.push(card(id), style: TestSlide(), animated: false) }
    #expect(stack.scene.views.map(\.id) == ["c", "d"])
    #expect(stack.children.map(\.isLoaded) == [false, false, true, true])
    #expect(log.events.filter { if case .unloaded = $0 { true } else { false } }.count == 2)
    stack.pop()
    #expect(stack.scene.views.map(\.id) == ["b", "c", "d"])
    #expect(log.events.contains(.reloaded("b")))
    settle(stack, clock)
    #expect(stack.scene.views.map(\.id) == ["b", "c"])
    #expect(bitIdentical(stack.scene, reference(["b", "c"], size: portrait)))
    stack.popToRoot()
    settle(stack, clock)
    #expect(bitIdentical(stack.scene, reference(["a"], size: portrait)))
  }

  @Test("A rotation during a transition is deferred to its end with .defer")
  func rotationDeferred() {
    let stack = stack()
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide())
    stack.pop()
    #expect(stack.rotate(to: landscape) == .deferred)
    #expect(stack.scene.size == portrait)
    clock.advance(by: 0.25)
    stack.tick()
    #expect(stack.scene.size == portrait)
    clock.advance(by: 0.3)
    stack.tick()
    // The push ended: the rotation went through before the queued pop started.
    #expect(stack.scene.size == landscape)
    #expect(log.events.filter { $0 == .boundsChanged(landscape) }.count == 1)
    #expect(stack.isAnimating)
    settle(stack, clock)
    #expect(bitIdentical(stack.scene, reference(["a"], size: landscape)))
  }

  @Test("A rotation during a transition is refused with .refuse, applied between transitions")
  func rotationRefused() {
    let stack = stack(policy: .refuse)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide())
    #expect(stack.rotate(to: landscape) == .refused)
    settle(stack, clock)
    #expect(stack.scene.size == portrait)
    #expect(stack.rotate(to: landscape) == .applied)
    #expect(stack.scene.size == landscape)
    #expect(bitIdentical(stack.scene, reference(["a", "b"], size: landscape)))
  }

  @Test("Push at 390×844, rotate to 844×390, pop: every remaining view lands bit for bit")
  func popAfterRotation() {
    for style in [TestSlide(), TestFade()] as [any TransitionStyle] {
      let stack = stack()
      stack.push(card("root"), style: style, animated: false)
      stack.push(card("detail"), style: style)
      settle(stack, clock)
      #expect(stack.rotate(to: landscape) == .applied)
      #expect(
        bitIdentical(stack.scene, reference(["root", "detail"], size: landscape, style: style)))
      stack.pop()
      settle(stack, clock)
      let fresh = Scene(
        size: landscape,
        views: [TransitionBindingProbe.base(card("root"), landscape)])
      #expect(bitIdentical(stack.scene, fresh))
      #expect(stack.scene.state(of: "root") == ViewState(frame: Rect(size: landscape)))
    }
  }

  @Test("Deeper stacks after a rotation pop onto the layout a fresh stack has at the new size")
  func deepPopAfterRotation() {
    let stack = stack(capacity: 1)
    for id in ["a", "b", "c", "d"] { stack.push(card(id), style: TestSlide()) }
    settle(stack, clock)
    stack.rotate(to: landscape)
    stack.pop()
    stack.pop()
    settle(stack, clock)
    #expect(bitIdentical(stack.scene, reference(["a", "b"], size: landscape)))
    #expect(stack.children.map(\.view.frame.size) == [landscape, landscape])
  }

  @Test("Failed operations are reported and the queue goes on")
  func failures() {
    let stack = stack()
    stack.pop()
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.remove(at: 5)
    stack.pop(to: "zzz")
    let failures = log.events.filter { if case .operationFailed = $0 { true } else { false } }
    #expect(failures.count == 4)
    #expect(stack.childIDs == ["a"])
  }

  @Test("The container's transitions count in its counter")
  func counting() {
    let stack = stack()
    stack.push(card("a"), style: TestSlide())
    #expect(stack.counter.count == 1)
    settle(stack, clock)
    #expect(stack.counter.count == 0)
  }
}

/// The base layout, spelled out independently of the container's code.
enum TransitionBindingProbe {
  static func base(_ view: View, _ size: Size) -> View {
    var view = view
    view.frame = Rect(size: size)
    view.alpha = 1
    view.transform = .identity
    view.isHidden = false
    return view
  }
}

import Testing
import Transit

/// Alongside animations on the containers: a title fading with a push,
/// chrome outside the screens, the errors, and durations.
@Suite("Alongside animations")
struct AlongsideTests {
  static let size = Size(width: 390, height: 844)
  let slide = try! TransitionStyles.builtIn.style(named: "push-from-right")

  func stack(_ clock: ManualClock) -> StackContainer {
    let stack = StackContainer(size: Self.size, clock: clock)
    stack.push(titled("list"), style: slide, animated: false)
    return stack
  }

  /// ``stack(_:)`` with its events recorded, for tests of refusals.
  func observedStack(_ clock: ManualClock) -> (StackContainer, ContainerLog) {
    let stack = stack(clock)
    let log = ContainerLog()
    stack.observer = { log.events.append($0) }
    return (stack, log)
  }

  func fade(_ id: String, to alpha: Double, over duration: Double = 0.4) -> Animation {
    Animation([AnimationStep(duration: duration, curve: .linear, changes: [.alpha(id, to: alpha)])])
  }

  @Test("a title fades in with a push, on the push's clock, and lands on its end")
  func fadesWithPush() {
    let clock = ManualClock()
    let stack = stack(clock)
    stack.push(
      titled("detail"), style: slide,
      alongside: [
        Animation([.instant([.alpha("detail-title", to: 0)])]),
        fade("list-title", to: 0),
      ])
    #expect(stack.scene.state(of: "list-title")?.alpha == 1)
    clock.advance(by: 0.2)
    stack.tick()
    #expect(stack.scene.state(of: "list-title")?.alpha == 0.5)
    #expect(stack.scene.state(of: "detail-title")?.alpha == 0)
    settle(stack, clock)
    #expect(stack.childIDs == ["list", "detail"])
    #expect(stack.scene.state(of: "detail-title")?.alpha == 0)
    // The list is unloaded from view but kept loaded below the top: its title stayed faded.
    #expect(stack.scene.state(of: "list-title")?.alpha == 0)
  }

  @Test("a pop plays its alongside animation forward in the pop's time")
  func popForward() {
    let clock = ManualClock()
    let stack = stack(clock)
    stack.push(titled("detail"), style: slide, animated: false)
    stack.pop(alongside: [fade("list-title", to: 0.2)])
    clock.advance(by: 0.1)
    stack.tick()
    let alpha = stack.scene.state(of: "list-title")?.alpha ?? .nan
    #expect(abs(alpha - 0.8) < 1e-12)
    settle(stack, clock)
    #expect(stack.scene.state(of: "list-title")?.alpha == 0.2)
  }

  @Test("chrome outside the transition (another slot) moves with a placeholder swap")
  func chromeInPlaceholder() throws {
    let clock = ManualClock()
    let container = PlaceholderContainer(
      size: Self.size,
      slots: [
        View(id: "content", frame: Rect(x: 0, y: 0, width: 390, height: 744)),
        View(id: "bar", frame: Rect(x: 0, y: 744, width: 390, height: 100)),
      ], clock: clock)
    container.setChild(titled("tabs"), inSlot: 1, style: slide, animated: false)
    container.setChild(titled("a"), inSlot: 0, style: slide, animated: false)
    container.setChild(
      titled("b"), inSlot: 0, style: slide,
      alongside: [fade("tabs-title", to: 0, over: 0.2), fade("a-title", to: 0.5)])
    clock.advance(by: 0.1)
    container.tick()
    let bar = try #require(container.scene.state(of: "tabs-title")?.alpha)
    #expect(abs(bar - 0.5) < 1e-12)
    settle(container, clock)
    #expect(container.scene.state(of: "tabs-title")?.alpha == 0)
    #expect(container.scene.state(of: "tabs")?.alpha == 1)
    #expect(container.scene.state(of: "b-title")?.alpha == 1)
  }

  @Test("an alongside animation naming an unknown view fails the operation and changes nothing")
  func unknownView() {
    let clock = ManualClock()
    let (stack, log) = observedStack(clock)
    let before = stack.scene
    stack.push(titled("detail"), style: slide, alongside: [fade("nowhere", to: 0)])
    settle(stack, clock)
    let failures = log.failures
    #expect(failures.map(\.kind) == [.unknownView])
    #expect(
      failures.first?.message.contains("alongside animation 1 names the view 'nowhere'") == true)
    #expect(stack.scene == before)
    #expect(stack.childIDs == ["list"])
  }

  @Test("an alongside animation of a property the transition animates is an error naming both")
  func conflict() {
    let clock = ManualClock()
    let (stack, log) = observedStack(clock)
    // The slide moves both screens' transforms.
    stack.push(
      titled("detail"), style: slide,
      alongside: [
        Animation([AnimationStep(duration: 0.1, changes: [.translate("list", x: 5, y: 0)])])
      ])
    settle(stack, clock)
    let failures = log.failures
    #expect(failures.map(\.kind) == [.invalidValue])
    #expect(
      failures.first?.message
        == "alongside animation 1 changes the transform of 'list', which the transition changes too;"
        + " animate another property, or a view around it")
    #expect(stack.childIDs == ["list"])
    // Another property of the same view is fine.
    stack.push(titled("detail"), style: slide, alongside: [fade("list", to: 0.5)])
    settle(stack, clock)
    #expect(stack.childIDs == ["list", "detail"])
  }

  @Test("an alongside animation of a view's appearance is refused: the driver writes states")
  func appearanceRefused() {
    let clock = ManualClock()
    let (stack, log) = observedStack(clock)
    stack.push(
      titled("detail"), style: slide,
      alongside: [
        Animation([
          AnimationStep(duration: 0.2, changes: [.backgroundColor("list-title", to: .black)])
        ])
      ])
    settle(stack, clock)
    let messages = log.failures.map(\.message)
    #expect(
      messages == [
        "alongside animation 1 changes the background colour of 'list-title': alongside a"
          + " transition, animate frames, alphas, transforms and visibility"
      ])
    #expect(stack.childIDs == ["list"])
  }

  @Test("two alongside animations of one property of one view are an error")
  func conflictBetweenAlongside() {
    let clock = ManualClock()
    let (stack, log) = observedStack(clock)
    stack.push(
      titled("detail"), style: slide,
      alongside: [fade("list-title", to: 0), fade("list-title", to: 0.5)])
    settle(stack, clock)
    let messages = log.failures.map(\.message)
    #expect(
      messages == [
        "alongside animation 2 changes the alpha of 'list-title', which alongside animation 1"
          + " changes too; animate another property, or a view around it"
      ])
  }

  @Test("an alongside animation longer than the transition is compressed to end with it")
  func compressed() throws {
    let clock = ManualClock()
    let stack = stack(clock)
    // 1.2 s over a 0.4 s push: compressed three times.
    stack.push(titled("detail"), style: slide, alongside: [fade("list-title", to: 0, over: 1.2)])
    clock.advance(by: 0.1)
    stack.tick()
    let alpha = try #require(stack.scene.state(of: "list-title")?.alpha)
    #expect(abs(alpha - 0.75) < 1e-12)
    clock.advance(by: 0.3)
    stack.tick()
    #expect(stack.scene.state(of: "list-title")?.alpha == 0)
    #expect(!stack.isAnimating)
  }

  @Test("a non-animated operation lands its alongside animations on their ends")
  func instant() {
    let clock = ManualClock()
    let stack = stack(clock)
    stack.push(
      titled("detail"), style: slide, animated: false, alongside: [fade("list-title", to: 0.3)])
    #expect(stack.scene.state(of: "list-title")?.alpha == 0.3)
  }
}

/// The tab and presentation containers forward `alongside:` to the same
/// driver: a tab's push, a full-screen presentation and its dismissal, and
/// a sheet (a layout change rather than a transition between children).
@Suite("Alongside animations in tabs and presentations")
struct AlongsideContainerTests {
  static let size = Size(width: 390, height: 844)
  let slide = try! TransitionStyles.builtIn.style(named: "push-from-right")

  @Test("a tab's push plays its alongside fade")
  func tabPush() throws {
    let clock = ManualClock()
    let tabs = TabBarContainer(
      size: Self.size, tabs: [titled("inbox"), titled("search")], clock: clock)
    tabs.push(titled("message"), style: slide, alongside: [fade("inbox-title", to: 0)])
    clock.advance(by: 0.1)
    tabs.tick()
    let mid = try #require(tabs.scene.state(of: "inbox-title")?.alpha)
    #expect(abs(mid - 0.5) < 1e-12)
    settle(tabs, clock)
    #expect(tabs.scene.state(of: "inbox-title")?.alpha == 0)
  }

  @Test("a presentation and its dismissal play their alongside fades; a sheet's too")
  func presentations() throws {
    let clock = ManualClock()
    let modal = PresentationContainer(size: Self.size, base: titled("home"), clock: clock)
    modal.present(titled("full"), style: slide, alongside: [fade("home-title", to: 0)])
    clock.advance(by: 0.1)
    modal.tick()
    let mid = try #require(modal.scene.state(of: "home-title")?.alpha)
    #expect(abs(mid - 0.5) < 1e-12)
    settle(modal, clock)
    #expect(modal.scene.state(of: "home-title")?.alpha == 0)
    modal.dismiss(alongside: [fade("home-title", to: 1)])
    settle(modal, clock)
    #expect(modal.scene.state(of: "home-title")?.alpha == 1)
    // A sheet slides up as a layout change of the whole container.
    modal.present(
      titled("sheet"), sheet: SheetConfiguration(), alongside: [fade("home-title", to: 0.4)])
    clock.advance(by: 0.1)
    modal.tick()
    let sliding = try #require(modal.scene.state(of: "home-title")?.alpha)
    #expect(abs(sliding - 0.7) < 1e-12)
    settle(modal, clock)
    #expect(modal.scene.state(of: "home-title")?.alpha == 0.4)
  }
}

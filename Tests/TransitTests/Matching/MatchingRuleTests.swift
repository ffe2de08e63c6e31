import Foundation
import Testing
import Transit
import TransitTestSupport

/// Which elements fly and which do not, and what a request or a
/// container may say about it.
@Suite("Matched elements: which keys fly")
struct MatchingRuleTests {
  typealias F = MatchFixtures

  /// The keys flying at the middle of a cross-dissolve push of `detail` over `grid`.
  func flyingKeys(grid: View = F.grid(), detail: View = F.detail(), matching: Matching = .enabled)
    -> [String]
  {
    let clock = ManualClock()
    let stack = F.stack(grid, clock: clock)
    stack.matching = matching
    stack.push(detail, style: F.style("cross-dissolve"))
    stack.showTransitionFrame(1, of: 3)
    let keys = F.overlays(stack.scene).map { String($0.id.dropFirst("match:".count)) }
    F.run(stack, clock)
    return keys
  }

  @Test("a key on both screens flies; a key on one side only does not")
  func bothSides() {
    // "other" is only on the grid, "title" only on the detail.
    #expect(flyingKeys() == ["photo"])
  }

  @Test("a hidden element, or one in a hidden parent, does not fly")
  func hidden() {
    var grid = F.grid()
    grid.children[0].isHidden = true
    #expect(flyingKeys(grid: grid) == [])
    var detail = F.detail()
    detail.children[0] = View(
      id: "box", frame: Rect(x: 0, y: 0, width: 390, height: 600), isHidden: true,
      children: [detail.children[0]])
    #expect(flyingKeys(detail: detail) == [])
  }

  @Test("an element at alpha 0, or in a parent at alpha 0, does not fly")
  func transparent() {
    var grid = F.grid()
    grid.children[0].alpha = 0
    #expect(flyingKeys(grid: grid) == [])
    var detail = F.detail()
    detail.children[0] = View(
      id: "box", frame: Rect(x: 0, y: 0, width: 390, height: 600), alpha: 0,
      children: [detail.children[0]])
    #expect(flyingKeys(detail: detail) == [])
  }

  @Test("an element outside the container's bounds does not fly")
  func offScreen() {
    #expect(
      flyingKeys(grid: F.grid(thumbnail: Rect(x: 400, y: 120, width: 110, height: 110))) == [])
    #expect(
      flyingKeys(grid: F.grid(thumbnail: Rect(x: 20, y: -200, width: 110, height: 110))) == [])
    // Touching the bounds by one point is on screen.
    #expect(
      flyingKeys(grid: F.grid(thumbnail: Rect(x: 389, y: 120, width: 110, height: 110)))
        == ["photo"])
  }

  @Test("an element turned in 3-D, rotated or mirrored does not fly; scaled and moved does")
  func transformed() {
    func grid(_ transform: Transform3D) -> View {
      var grid = F.grid()
      grid.children[0].transform = transform
      return grid
    }
    let turn = Transform3D.perspective(distance: 1000).concatenating(
      .rotation(angle: 0.3, x: 0, y: 1, z: 0))
    #expect(flyingKeys(grid: grid(turn)) == [])
    #expect(flyingKeys(grid: grid(.rotation(angle: 0.1, x: 0, y: 0, z: 1))) == [])
    #expect(flyingKeys(grid: grid(.scale(x: -1, y: 1))) == [])
    #expect(flyingKeys(grid: grid(.scale(x: 1, y: 2))) == [])
    #expect(flyingKeys(grid: grid(.scale(x: 0.5, y: 0.5).translated(x: 10, y: 4))) == ["photo"])
    // A camera alone leaves the plane as it is.
    #expect(flyingKeys(grid: grid(.perspective(distance: 800))) == ["photo"])
  }

  @Test("match disabled flies nothing; the style plays alone")
  func disabled() {
    #expect(flyingKeys(matching: .disabled) == [])
  }

  @Test("two views of one screen with the same key fail the operation, changing nothing")
  func duplicateKey() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    let log = ContainerLog()
    stack.observer = { [log] in log.events.append($0) }
    let before = stack.scene
    var detail = F.detail()
    detail.children[1].matchKey = "photo"
    stack.push(detail, style: F.style("cross-dissolve"))
    #expect(!stack.isAnimating)
    #expect(stack.childIDs == ["grid"])
    #expect(stack.scene == before)
    let failures = log.events.compactMap { event -> TransitError? in
      if case .operationFailed(let error) = event { return error }
      return nil
    }
    #expect(failures.map(\.kind) == [.duplicateMatchKey])
    #expect(failures.first?.message.contains("'photo'") == true)
  }

  @Test("an empty match key is refused by validation")
  func emptyKey() {
    let scene = Scene(
      size: F.portrait, views: [View(id: "a", frame: .zero, matchKey: "")])
    #expect(throws: TransitError.self) { try scene.validate() }
  }

  @Test("a view whose id is an overlay's fails the operation")
  func reservedID() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    let log = ContainerLog()
    stack.observer = { [log] in log.events.append($0) }
    var detail = F.detail()
    detail.children[1].id = "match:photo"
    stack.push(detail, style: F.style("cross-dissolve"))
    let codes = log.events.compactMap { event -> TransitError.Kind? in
      if case .operationFailed(let error) = event { return error.kind }
      return nil
    }
    #expect(codes == [.duplicateView])
    #expect(stack.childIDs == ["grid"])
  }

  @Test("matchKey round-trips through Codable; a view encoded without one decodes with none")
  func codable() throws {
    let view = F.grid().children[0]
    let data = try JSONEncoder().encode(view)
    #expect(try JSONDecoder().decode(View.self, from: data) == view)
    var old = view
    old.matchKey = nil
    let oldData = try JSONEncoder().encode(old)
    #expect(String(decoding: oldData, as: UTF8.self).contains("matchKey") == false)
    #expect(try JSONDecoder().decode(View.self, from: oldData).matchKey == nil)
  }

  @Test("a driver without a flight writer flies nothing and never hides the originals")
  func driverWithoutFlights() throws {
    var scene = Scene(size: F.portrait, views: [F.grid(), F.detail()])
    let clock = ManualClock()
    let driver = TransitionDriver(clock: clock) { state, id in scene.apply(state, to: id) }
    let bounds = Rect(size: F.portrait)
    try driver.run(
      TransitionRequest(
        transition: Transition(
          style: F.style("cross-dissolve"), appearingViewID: "detail", disappearingViewID: "grid"),
        isReversed: false, bounds: bounds, views: scene.views, animated: true,
        shownIsMovingToParent: true, hiddenIsMovingFromParent: false))
    driver.showFrame(1, of: 3)
    #expect(scene.view("thumb")?.isHidden == false)
    #expect(scene.view("photo")?.isHidden == false)
  }

  @Test("every operation flies: push, pop, pop-to, insert at the top, remove of the top")
  func everyOperation() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    func flies(_ operation: () -> Void) -> Bool {
      operation()
      stack.showTransitionFrame(1, of: 3)
      let flying = F.overlay("photo", in: stack.scene) != nil
      F.run(stack, clock)
      return flying
    }
    let fade = F.style("cross-dissolve")
    #expect(flies { stack.push(F.detail(), style: fade) })
    #expect(flies { stack.pop() })
    #expect(flies { stack.insert(F.detail(), at: 1, style: fade) })
    #expect(flies { stack.remove(at: 1) })
    #expect(flies { stack.push(F.detail(), style: fade) })
    stack.insert(View(id: "more", frame: .zero), at: 1, style: fade)
    #expect(stack.childIDs == ["grid", "more", "detail"])
    #expect(flies { stack.pop(to: "grid") })
    #expect(stack.childIDs == ["grid"])
  }

  @Test("a placeholder swap flies inside its slot, in the slot's coordinates")
  func placeholderSwap() {
    let clock = ManualClock()
    let slot = View(id: "slot", frame: Rect(x: 0, y: 50, width: 390, height: 700))
    let container = PlaceholderContainer(size: F.portrait, slots: [slot], clock: clock)
    container.setChild(F.grid(), inSlot: 0, style: F.style("none"), animated: false)
    container.setChild(F.detail(), inSlot: 0, style: F.style("cross-dissolve"))
    container.showTransitionFrame(0, of: 3)
    #expect(container.scene.view("slot")?.children.map(\.id) == ["grid", "detail"])
    container.showTransitionFrame(1, of: 3)
    let children = container.scene.view("slot")?.children ?? []
    #expect(children.map(\.id) == ["grid", "detail", "match:photo"])
    // Half way, on the straight line between the thumbnail and the photo.
    let a = Rect(x: 20, y: 120, width: 110, height: 110)
    let b = Rect(x: 0, y: 100, width: 390, height: 390)
    let r = children.last?.frame ?? .zero
    let p = (r.width - a.width) / (b.width - a.width)
    #expect(p > 0 && p < 1)
    #expect(abs(r.minX - (a.minX + (b.minX - a.minX) * p)) < 1e-9)
    #expect(abs(r.minY - (a.minY + (b.minY - a.minY) * p)) < 1e-9)
    while container.isAnimating {
      clock.advance(by: 0.05)
      container.tick()
    }
    #expect(container.scene.view("slot")?.children.map(\.id) == ["detail"])
  }

  @Test("a pop whose partner is gone fades the element out over the pop, in place")
  func popFallback() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.push(F.detail(), style: F.style("cover-from-bottom"), animated: false)
    // The grid's thumbnail has left while the detail was shown.
    stack.updateContent(ofChild: "grid") { $0.removeFirst() }
    stack.pop()
    let frames = F.frames(of: stack, clock, count: 9)
    let photo = Rect(x: 0, y: 100, width: 390, height: 390)
    var alphas: [Double] = []
    for scene in frames.dropFirst().dropLast() {
      guard let overlay = F.overlay("photo", in: scene) else {
        Issue.record("no fading overlay")
        return
      }
      #expect(overlay.frame == photo)
      #expect(scene.view("photo")?.isHidden == true)
      alphas.append(overlay.alpha)
    }
    #expect(alphas == alphas.sorted(by: >))
    #expect(alphas.first! < 1 && alphas.last! > 0)
    // The title has no partner either, and fades too.
    #expect(F.overlay("title", in: frames[4]) != nil)
    #expect(F.overlays(frames.last!).isEmpty)
    #expect(stack.childIDs == ["grid"])
  }
}

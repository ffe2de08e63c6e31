import Testing
import Transit
import TransitTestSupport

/// Keys inside keyed elements, single-view states, and text colours.
@Suite("Matched elements: nesting and states")
struct NestedFlightTests {
  typealias F = MatchFixtures

  /// A card keyed "card" holding a badge keyed "badge", on two screens.
  func screens() -> (View, View) {
    func card(_ id: String, _ frame: Rect, badge: Rect) -> View {
      View(
        id: id, frame: .zero,
        children: [
          View(
            id: "\(id).card", frame: frame, backgroundColor: .white, cornerRadius: 12,
            children: [
              View(
                id: "\(id).badge", frame: badge, backgroundColor: .black, cornerRadius: 8,
                matchKey: "badge")
            ], matchKey: "card")
        ])
    }
    return (
      card(
        "list", Rect(x: 20, y: 100, width: 350, height: 120),
        badge: Rect(x: 8, y: 8, width: 30, height: 30)),
      card(
        "page", Rect(x: 0, y: 0, width: 390, height: 600),
        badge: Rect(x: 340, y: 20, width: 40, height: 40))
    )
  }

  @Test(
    "a keyed element inside a flying element flies on its own, above it, and is hidden in its copy")
  func nested() {
    let (list, page) = screens()
    let clock = ManualClock()
    let stack = F.stack(list, clock: clock)
    stack.push(page, style: F.style("cross-dissolve"))
    stack.showTransitionFrame(1, of: 3)
    let scene = stack.scene
    #expect(F.overlays(scene).map(\.id) == ["match:card", "match:badge"])
    let card = F.overlay("card", in: scene)!
    // Two layers (the card holds a child), each with the badge's copy hidden.
    #expect(card.children.map(\.id) == ["match:card/from", "match:card/to"])
    #expect(card.children[0].children.map(\.id) == ["match:card/from/list.badge"])
    #expect(card.children.allSatisfy { $0.children.allSatisfy(\.isHidden) })
    #expect(card.children.allSatisfy { $0.children.allSatisfy { $0.matchKey == nil } })
    // The badge's own flight goes from (28, 108) to (340, 20) in the container.
    let badge = F.overlay("badge", in: scene)!.frame
    #expect(badge.minX > 28 && badge.minX < 340)
    F.run(stack, clock)
    #expect(F.overlays(stack.scene).isEmpty)
  }

  @Test("Timeline.state(of:) agrees with the sampled scene while flights fly")
  func singleStates() throws {
    let request = TransitionRequest(
      transition: Transition(
        style: F.style("push-from-right"), appearingViewID: "detail", disappearingViewID: "grid"),
      isReversed: false, bounds: Rect(size: F.portrait),
      views: [F.grid(), F.detail()].map {
        var view = $0
        view.frame = Rect(size: F.portrait)
        return view
      }, animated: true, shownIsMovingToParent: true, hiddenIsMovingFromParent: false)
    let timeline = try request.timeline()
    for t in [0, 0.1, 0.2, 0.4] {
      let scene = timeline.sample(at: t)
      for id in ["thumb", "photo", "match:photo", "match:photo/content", "grid"] {
        #expect(bitIdentical(timeline.state(of: id, at: t), scene.state(of: id)), "\(id) at \(t)")
      }
    }
    #expect(timeline.state(of: "thumb", at: 0.2)?.isHidden == true)
    #expect(timeline.state(of: "thumb", at: 0.4)?.isHidden == false)
  }

  @Test("the same text in two colours flies as one layer whose colour moves between them")
  func textColour() {
    var grid = F.grid()
    grid.children.append(
      View(
        id: "caption", frame: Rect(x: 20, y: 240, width: 110, height: 30),
        text: TextContent(string: "A beach at dawn", size: 24, color: .black), matchKey: "title"))
    let clock = ManualClock()
    let stack = F.stack(grid, clock: clock)
    stack.push(F.detail(), style: F.style("cross-dissolve"))
    stack.showTransitionFrame(1, of: 3)
    let title = F.overlay("title", in: stack.scene)!
    #expect(title.children.map(\.id) == ["match:title/content"])
    let color = title.children[0].text!.color
    #expect(color.red > 0 && color.red < 1 && color.red == color.green)
    F.run(stack, clock)
  }
}

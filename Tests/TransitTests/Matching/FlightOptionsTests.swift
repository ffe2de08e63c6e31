import Testing
import Transit
import TransitTestSupport

/// Paths, per-key timing, and the article's example.
@Suite("Matched elements: paths, timing, the article")
struct FlightOptionsTests {
  typealias F = MatchFixtures

  /// The photo overlay's frames over a push, and the duration it played at.
  func photoFrames(_ matching: Matching, count: Int = 21) -> (rects: [Rect?], duration: Double) {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.matching = matching
    stack.push(F.detail(), style: F.style("cross-dissolve"))
    let duration = stack.runningTransitionDuration!
    let frames = F.frames(of: stack, clock, count: count)
    return (frames.map { F.overlay("photo", in: $0)?.frame }, duration)
  }

  let a = Rect(x: 20, y: 120, width: 110, height: 110)
  let b = Rect(x: 0, y: 100, width: 390, height: 390)

  @Test("an arc leaves sideways and lands vertically; its pop retraces the same points")
  func arc() {
    let matching = Matching(defaults: FlightOptions(path: .arc))
    let rects = photoFrames(matching).rects.compactMap { $0 }
    #expect(rects.count == 19)
    let (ca, cb) = (a.center, b.center)
    for r in rects {
      // On the quadratic Bézier a → (b.x, a.y) → b: t from the size.
      let t = (r.width - a.width) / (b.width - a.width)
      let q = 1 - t
      let x = q * q * ca.x + 2 * t * q * cb.x + t * t * cb.x
      let y = q * q * ca.y + 2 * t * q * ca.y + t * t * cb.y
      #expect(abs(r.midX - x) < 1e-9 && abs(r.midY - y) < 1e-9)
    }
    // Not the straight line.
    let straight = photoFrames(.enabled).rects[10]!
    #expect(rects[9] != straight)
    // The pop, played backwards, shows the same rects in the other order.
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.matching = matching
    stack.push(F.detail(), style: F.style("cross-dissolve"), animated: false)
    stack.pop()
    let back = F.frames(of: stack, clock, count: 21).compactMap {
      F.overlay("photo", in: $0)?.frame
    }
    #expect(back.count == rects.count)
    for (r, s) in zip(back, rects.reversed()) {
      // On the same curve, at the push's points (its curve mirrored twice).
      let t = (r.width - a.width) / (b.width - a.width)
      let q = 1 - t
      #expect(abs(r.midX - (q * q * ca.x + 2 * t * q * cb.x + t * t * cb.x)) < 1e-9)
      #expect(abs(r.midY - (q * q * ca.y + 2 * t * q * ca.y + t * t * cb.y)) < 1e-9)
      #expect(abs(r.midX - s.midX) < 1e-6 && abs(r.width - s.width) < 1e-6)
    }
  }

  @Test(
    "a key's own duration and curve: it lands early and stays hidden after, the others fly the whole transition"
  )
  func perKey() {
    let matching = Matching(
      overrides: ["photo": FlightOptions(duration: 0.2, curve: .linear)])
    let (rects, duration) = photoFrames(matching, count: 21)
    #expect(duration == 0.4)
    // 0.2 s of 0.4 s: frames 1…9 of 21 fly, frame 10 (0.2 s) is its end.
    #expect(rects[1...9].allSatisfy { $0 != nil })
    #expect(rects[10...].allSatisfy { $0 == nil })
    // Linear: the width grows by equal steps.
    let widths = rects[1...9].map { $0!.width }
    let steps = zip(widths, widths.dropFirst()).map { $1 - $0 }
    #expect(steps.allSatisfy { abs($0 - steps[0]) < 1e-9 })
  }

  @Test(
    "flights of different timings one after the other: each plays its own, the later one's not taken from the earlier"
  )
  func mixedTimings() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.matching = Matching(overrides: ["other": FlightOptions(duration: 0.2, curve: .linear)])
    var detail = F.detail()
    // After the photo in the destination's order, so its flight follows the photo's.
    detail.children.append(
      View(
        id: "detail-other", frame: Rect(x: 200, y: 600, width: 150, height: 150),
        backgroundColor: .black, matchKey: "other"))
    stack.push(detail, style: F.style("cross-dissolve"))
    let frames = F.frames(of: stack, clock, count: 21)
    let photo = frames.map { F.overlay("photo", in: $0)?.frame }
    let other = frames.map { F.overlay("other", in: $0)?.frame }
    // The photo flies the whole 0.4 s; the other key lands at 0.2 s (frame 10).
    #expect(photo[1...19].allSatisfy { $0 != nil })
    #expect(other[1...9].allSatisfy { $0 != nil })
    #expect(other[10...].allSatisfy { $0 == nil })
    // Linear: the other key's width grows by equal steps.
    let widths = other[1...9].map { $0?.width ?? 0 }
    let steps = zip(widths, widths.dropFirst()).map { $1 - $0 }
    #expect(steps.allSatisfy { abs($0 - steps[0]) < 1e-9 })
  }

  @Test("a flight longer than its transition, or of a negative duration, fails the operation")
  func badDuration() {
    for length in [0.5, -0.1, .nan, .infinity] {
      let clock = ManualClock()
      let stack = F.stack(clock: clock)
      let log = ContainerLog()
      stack.observer = { [log] in log.events.append($0) }
      stack.matching = Matching(overrides: ["photo": FlightOptions(duration: length)])
      stack.push(F.detail(), style: F.style("cross-dissolve"))
      let codes = log.events.compactMap { event -> TransitError.Kind? in
        if case .operationFailed(let error) = event { return error.kind }
        return nil
      }
      #expect(codes == [.invalidValue], "\(length)")
      #expect(stack.childIDs == ["grid"])
    }
  }

  @Test("the matched style: the screens cross-dissolve beneath the flights")
  func matchedStyle() throws {
    let matched = try TransitionStyles.builtIn.style(named: "matched")
    #expect(matched.name == "matched")
    #expect(!TransitionStyles.builtIn.names.contains("matched"))
    let context = TransitionContext(
      bounds: Rect(size: F.portrait), appearingViewID: "b", disappearingViewID: "a")
    #expect(
      try matched.animation(for: context)
        == FadeStyle(.crossDissolve).animation(for: context))
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.push(F.detail(), style: matched)
    stack.showTransitionFrame(1, of: 3)
    #expect(F.overlay("photo", in: stack.scene) != nil)
    #expect(stack.scene.view("detail")?.alpha == stack.scene.view("grid").map { 1 - $0.alpha })
    F.run(stack, clock)
  }

  @Test("MatchedElements.md: the grid's thumbnail flies to the detail's photo and back")
  func article() {
    let grid = View(
      id: "grid", frame: .zero, backgroundColor: .white,
      children: [
        View(
          id: "thumb", frame: Rect(x: 20, y: 120, width: 110, height: 110),
          cornerRadius: 16, clipsToBounds: true, content: .named("beach"),
          shadow: Shadow(opacity: 0.4, radius: 8, offset: Size(width: 0, height: 4)),
          contentMode: .scaleAspectFill, matchKey: "photo")
      ])
    let detail = View(
      id: "detail", frame: .zero, backgroundColor: .black,
      children: [
        View(
          id: "photo", frame: Rect(x: 0, y: 100, width: 390, height: 390),
          content: .named("beach"), contentMode: .scaleAspectFit, matchKey: "photo")
      ])
    let clock = ManualClock()
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock)
    stack.push(grid, style: NoneStyle(), animated: false)
    stack.push(detail, style: FadeStyle(.crossDissolve))
    stack.showTransitionFrame(1, of: 3)
    #expect(F.overlay("photo", in: stack.scene) != nil)
    F.run(stack, clock)
    stack.pop()
    stack.showTransitionFrame(1, of: 3)
    #expect(F.overlay("photo", in: stack.scene) != nil)
    F.run(stack, clock)
    #expect(stack.childIDs == ["grid"])
    // The options example.
    stack.matching = Matching(
      defaults: FlightOptions(path: .arc),
      overrides: ["title": FlightOptions(duration: 0.2, curve: .easeOut)])
    #expect(stack.matching.overrides["title"]?.duration == 0.2)
  }
}

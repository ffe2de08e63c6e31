import Testing
import Transit
import TransitTestSupport

/// One test for each bug peers' users report about shared-element
/// transitions, at the model level: what the container shows frame by
/// frame.
@Suite("Matched elements: peers' bugs")
struct MatchedComplaintTests {
  typealias F = MatchFixtures

  /// The frames of a push of `detail` over `grid` with `style`.
  func pushFrames(
    grid: View = F.grid(), detail: View = F.detail(), style: String = "push-from-right",
    count: Int = 13, matching: Matching = .enabled
  ) -> (before: Scene, frames: [Scene], after: Scene) {
    let clock = ManualClock()
    let stack = F.stack(grid, clock: clock)
    stack.matching = matching
    let before = stack.scene
    stack.push(detail, style: F.style(style))
    let frames = F.frames(of: stack, clock, count: count)
    return (before, frames, stack.scene)
  }

  /// The grid and the detail sharing "photo" and "title".
  func titledGrid() -> View {
    var grid = F.grid()
    grid.children.append(
      View(
        id: "caption", frame: Rect(x: 20, y: 240, width: 110, height: 20),
        text: TextContent(string: "A beach at dawn", size: 12, color: .black), matchKey: "title"))
    return grid
  }

  @Test(
    "z-order (Hero #31, #187, #477; Flutter #656): no flash, above both screens in the destination's order, no jump at the end"
  )
  func zOrder() {
    let (_, frames, after) = pushFrames(grid: titledGrid())
    for scene in frames {
      let overlays = F.overlays(scene)
      // Overlays are the last top-level views: above both screens.
      #expect(Array(scene.views.suffix(overlays.count).map(\.id)) == overlays.map(\.id))
      // Every element is drawn exactly once: by its overlay, or in place.
      for (key, ids) in ["photo": ["thumb", "photo"], "title": ["caption", "title"]] {
        let flying = F.overlay(key, in: scene) != nil
        for id in ids { #expect(scene.view(id)?.isHidden == flying) }
      }
    }
    let middle = F.overlays(frames[6]).map(\.id)
    // The detail holds the photo before the title: that order.
    #expect(middle == ["match:photo", "match:title"])
    #expect(F.overlays(after).isEmpty)
    #expect(after.view("photo")?.isHidden == false)
  }

  @Test(
    "corner radius squared during the flight (Hero #40, #699): radii go from the thumbnail's to the photo's"
  )
  func radiusSquared() {
    var detail = F.detail()
    detail.children[0].cornerRadius = 4
    let (_, frames, _) = pushFrames(detail: detail)
    let radii = frames.compactMap { F.overlay("photo", in: $0)?.cornerRadii.topLeft }
    #expect(radii.count == frames.count - 2)
    #expect(radii == radii.sorted(by: >))
    #expect(radii.allSatisfy { $0 > 4 && $0 < 16 })
    // The content layer clips with the same corners.
    for scene in frames {
      guard let overlay = F.overlay("photo", in: scene) else { continue }
      #expect(overlay.children.allSatisfy { $0.cornerRadii == overlay.cornerRadii })
    }
  }

  @Test("shadows gone during the flight (Hero #346): the shadow interpolates between the two ends")
  func shadowsKept() {
    var detail = F.detail()
    detail.children[0].shadow = Shadow(opacity: 0.2, radius: 20, offset: Size(width: 0, height: 10))
    let (_, frames, _) = pushFrames(detail: detail)
    let shadows = frames.compactMap { F.overlay("photo", in: $0)?.shadow }
    #expect(shadows.count == frames.count - 2)
    for s in shadows {
      #expect(s.opacity > 0.2 && s.opacity < 0.4)
      #expect(s.radius > 8 && s.radius < 20)
      #expect(s.offset.height > 4 && s.offset.height < 10)
    }
    #expect(shadows.map(\.radius) == shadows.map(\.radius).sorted())
  }

  @Test(
    "text stretched (Hero #409, #116): text is laid out again at each frame's width, never scaled unevenly"
  )
  func textNotStretched() {
    let (_, frames, _) = pushFrames(grid: titledGrid())
    var widths: [Double] = []
    for scene in frames {
      guard let overlay = F.overlay("title", in: scene) else { continue }
      for layer in overlay.children where layer.text != nil {
        // No transform: the renderer wraps the text at the layer's width.
        #expect(layer.transform == .identity)
        #expect(layer.frame == Rect(size: overlay.frame.size))
        #expect(layer.text?.size == 12 || layer.text?.size == 24)
      }
      widths.append(overlay.frame.width)
    }
    #expect(widths.first! > 110 && widths.last! < 350)
    // A scaled element keeps its text at its own size, scaled uniformly.
    var grid = titledGrid()
    grid.children[2].transform = .scale(x: 0.5, y: 0.5)
    let scaled = pushFrames(grid: grid).frames
    for scene in scaled {
      guard let overlay = F.overlay("title", in: scene) else { continue }
      for layer in overlay.children {
        #expect(layer.transform.m11 == layer.transform.m22)
        #expect(layer.transform.m11 > 0.5 && layer.transform.m11 < 1)
        #expect(abs(layer.frame.width * layer.transform.m11 - overlay.frame.width) < 1e-9)
      }
    }
  }

  @Test(
    "aspect-fill to aspect-fit jumps (Hero #566, #363; Flutter #20510): the placed image moves continuously"
  )
  func aspectNoJump() {
    let image = Size(width: 300, height: 200)
    let (_, frames, _) = pushFrames(count: 61)
    var rects: [Rect] = []
    for scene in frames {
      guard let overlay = F.overlay("photo", in: scene), let layer = overlay.children.first else {
        continue
      }
      #expect(overlay.children.count == 1)  // the same image: one layer, no cross-fade
      rects.append(layer.imagePlacement.rect(forImageOf: image, in: Rect(size: layer.frame.size)))
    }
    let fill = ContentMode.scaleAspectFill.rect(
      forImageOf: image, in: Rect(x: 0, y: 0, width: 110, height: 110))
    let fit = ContentMode.scaleAspectFit.rect(
      forImageOf: image, in: Rect(x: 0, y: 0, width: 390, height: 390))
    func distance(_ a: Rect, _ b: Rect) -> Double {
      max(
        abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height)
      )
    }
    // From the thumbnail's placement to the photo's, in small steps.
    #expect(distance(rects.first!, fill) < 2)
    #expect(distance(rects.last!, fit) < 2)
    for (a, b) in zip(rects, rects.dropFirst()) { #expect(distance(a, b) < 20) }
  }

  @Test(
    "an image escaping its rounded clip (Flutter #100903): every layer drawing the image has the shell's corners"
  )
  func imageClipped() {
    var detail = F.detail()
    detail.children[0].content = .named("sunset")  // different images: two layers
    detail.children[0].cornerRadius = 30
    let (_, frames, _) = pushFrames(detail: detail)
    for scene in frames {
      guard let overlay = F.overlay("photo", in: scene) else { continue }
      #expect(overlay.children.map(\.content) == [.named("beach"), .named("sunset")])
      for layer in overlay.children {
        #expect(layer.cornerRadii == overlay.cornerRadii)
        #expect(layer.frame == Rect(size: overlay.frame.size))
      }
    }
  }

  @Test(
    "an interactive cancel that jumps (Hero #176, #303): the drag shows the sampled flight, the cancel retraces it onto the picture before"
  )
  func interactiveCancel() throws {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.scrubbing = .curve
    let before = stack.scene
    let detail = F.detail()
    // The same push played without a gesture: the frame at p·D.
    let played = F.stack(clock: ManualClock())
    played.push(detail, style: F.style("push-from-right"))
    try stack.beginInteractivePush(detail, style: F.style("push-from-right"))
    #expect(F.overlays(stack.scene).isEmpty)
    played.showTransitionFrame(0, of: 5)
    var same = bitIdentical(stack.scene, played.scene)
    #expect(same)
    for i in [1, 2, 3] {
      // Frame i of 5 is at i·D/4, the time progress i/4 shows, to the bit.
      stack.updateInteraction(progress: Double(i) / 4)
      played.showTransitionFrame(i, of: 5)
      same = bitIdentical(stack.scene, played.scene)
      #expect(same)
      #expect(F.overlay("photo", in: stack.scene) != nil)
    }
    try stack.cancelInteraction()
    var previous = F.overlay("photo", in: stack.scene)!.frame.width
    while stack.isAnimating {
      clock.advance(by: 1.0 / 60)
      stack.tick()
      if let overlay = F.overlay("photo", in: stack.scene) {
        // Back towards the thumbnail, never past it.
        #expect(overlay.frame.width <= previous)
        #expect(overlay.frame.width >= 110)
        previous = overlay.frame.width
      }
    }
    let landed = stack.scene == before && bitIdentical(stack.scene, before)
    #expect(landed)
  }

  @Test(
    "a pop after a rotation landing wrong (Hero #60, #358, #500): it flies to the thumbnail's new place, exactly"
  )
  func popAfterRotation() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    // The app lays its screens out again when the size changes.
    stack.observer = { [unowned stack] event in
      guard case .boundsChanged(let size) = event, size == F.landscape else { return }
      stack.updateContent(ofChild: "grid") {
        $0[0].frame = Rect(x: 600, y: 40, width: 200, height: 150)
      }
      stack.updateContent(ofChild: "detail") {
        $0[0].frame = Rect(x: 200, y: 0, width: 444, height: 390)
      }
    }
    stack.push(F.detail(), style: F.style("push-from-right"))
    F.run(stack, clock)
    stack.rotate(to: F.landscape)
    stack.pop()
    let frames = F.frames(of: stack, clock, count: 13)
    let a = Rect(x: 200, y: 0, width: 444, height: 390)  // the photo, at the new size
    let b = Rect(x: 600, y: 40, width: 200, height: 150)  // the thumbnail's new place
    var gone = 0.0
    for scene in frames.dropFirst().dropLast() {
      guard let r = F.overlay("photo", in: scene)?.frame else {
        Issue.record("the photo does not fly")
        continue
      }
      let p = (r.width - a.width) / (b.width - a.width)
      #expect(p > 0 && p < 1)
      // From the photo towards the thumbnail.
      #expect(p > gone)
      gone = p
      for (x, u, v) in [
        (r.minX, a.minX, b.minX), (r.minY, a.minY, b.minY), (r.height, a.height, b.height),
      ] {
        #expect(abs(x - (u + (v - u) * p)) < 1e-9)
      }
    }
    #expect(F.containerRect(of: "thumb", in: stack.scene) == b)
    #expect(stack.scene.size == F.landscape)
    #expect(stack.scene.view("grid")?.frame == Rect(size: F.landscape))
    #expect(F.overlays(stack.scene).isEmpty)
    #expect(stack.scene.view("thumb")?.isHidden == false)
  }

  @Test(
    "an interrupted push/pop ending abruptly (Flutter #144890, #72947): the flight turns back along its path, ends on the picture before, and flies again"
  )
  func interrupted() {
    let clock = ManualClock()
    let stack = F.stack(clock: clock)
    stack.interruptions = .reverse
    let before = stack.scene
    stack.push(F.detail(), style: F.style("push-from-right"))
    var forward: [Rect] = []
    for _ in 0..<10 {
      clock.advance(by: 0.02)
      stack.tick()
      forward.append(F.overlay("photo", in: stack.scene)!.frame)
    }
    stack.pop()
    let a = Rect(x: 20, y: 120, width: 110, height: 110)
    let b = Rect(x: 0, y: 100, width: 390, height: 390)
    var back: [Rect] = []
    while stack.isAnimating {
      clock.advance(by: 0.01)
      stack.tick()
      if let r = F.overlay("photo", in: stack.scene)?.frame { back.append(r) }
    }
    #expect(!back.isEmpty)
    for r in back {
      let p = (r.width - a.width) / (b.width - a.width)
      #expect(abs(r.minX - (a.minX + (b.minX - a.minX) * p)) < 1e-9)
      #expect(r.width <= forward.last!.width)
    }
    #expect(back.map(\.width) == back.map(\.width).sorted(by: >))
    #expect(bitIdentical(stack.scene, before))
    #expect(stack.scene == before)
    // The flight can be played again.
    stack.push(F.detail(), style: F.style("push-from-right"))
    clock.advance(by: 0.1)
    stack.tick()
    #expect(F.overlay("photo", in: stack.scene) != nil)
    F.run(stack, clock)
    #expect(stack.childIDs == ["grid", "detail"])
  }

  @Test(
    "two half-transparent images composited to 0.75 (Hero #122): two opaque contents stay opaque at every frame"
  )
  func opaqueCrossFade() {
    var detail = F.detail()
    detail.children[0].content = .named("sunset")
    let (_, frames, _) = pushFrames(detail: detail, count: 31)
    var seen = 0
    for scene in frames {
      guard let overlay = F.overlay("photo", in: scene) else { continue }
      let (from, to) = (overlay.children[0], overlay.children[1])
      #expect(from.id == "match:photo/from" && to.id == "match:photo/to")
      // Destination over source: coverage a_to + a_from (1 − a_to).
      #expect(to.alpha + from.alpha * (1 - to.alpha) == 1)
      #expect(overlay.alpha == 1)
      seen += 1
    }
    #expect(seen == 29)
  }

  @Test("an alpha-0.8 element drawn at 1.0 (Hero #393): the flight keeps the element's own opacity")
  func ownAlphaKept() {
    var grid = F.grid()
    grid.children[0].alpha = 0.8
    var detail = F.detail()
    detail.children[0] = View(
      id: "dim", frame: Rect(x: 0, y: 0, width: 390, height: 844), alpha: 0.5,
      children: [detail.children[0]])
    detail.children[0].children[0].alpha = 0.8
    let (_, frames, _) = pushFrames(grid: grid, detail: detail)
    let alphas = frames.compactMap { F.overlay("photo", in: $0)?.alpha }
    #expect(alphas.count == frames.count - 2)
    // From 0.8 to 0.5 × 0.8 = 0.4, never drawn opaque.
    #expect(alphas.allSatisfy { $0 < 0.8 && $0 > 0.4 })
    #expect(alphas == alphas.sorted(by: >))
  }

  @Test(
    "flicker on the first or last frame (Hero #423, #72): the first frame is the picture before, the last the settled picture, bit for bit"
  )
  func firstAndLastFrames() {
    for style in ["push-from-right", "cross-dissolve", "flip-horizontally", "emerge-from-center"] {
      // The picture before and after: the same push with nothing flying.
      let plain = pushFrames(style: style, matching: .disabled)
      let (before, frames, after) = pushFrames(style: style)
      #expect(before == plain.before)
      #expect(F.overlay("photo", in: frames[1]) != nil)
      #expect(bitIdentical(frames.first!, plain.frames.first!), "\(style)")
      #expect(bitIdentical(frames.last!, plain.frames.last!), "\(style)")
      #expect(bitIdentical(frames.last!, after), "\(style)")
      #expect(frames.last! == after)
      #expect(after == plain.after)
    }
  }
}

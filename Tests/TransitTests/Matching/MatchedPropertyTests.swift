import Testing
import Transit
import TransitTestSupport

/// Random screens with random matched pairs — nested, scaled, rounded,
/// shadowed, with images in every content mode and text — under all 48
/// built-in styles, pushed and popped.
@Suite("Matched elements, random scenes")
struct MatchedPropertyTests {
  typealias F = MatchFixtures
  static let styles = TransitionStyles.builtIn.names.map {
    try! TransitionStyles.builtIn.style(named: $0)
  }

  /// Two screens, "a" and "b", sharing some keys ("k0"…) and each holding
  /// one of its own.
  static func screens(_ r: inout RandomCases, size: Size) -> (View, View) {
    func screen(_ id: String) -> View {
      var n = 0
      func make(_ depth: Int) -> [View] {
        (0..<r.int(depth == 0 ? 1...5 : 0...2)).map { _ in
          n += 1
          let transform: Transform3D
          switch r.int(0...9) {
          case 0...6: transform = .identity
          case 7, 8:
            let s = r.double(0.3...2)
            transform = .scale(x: s, y: s).translated(x: r.double(-40...40), y: r.double(-40...40))
          default:
            transform =
              r.chance(0.5)
              ? .rotation(angle: r.double(-1...1), x: 0, y: 0, z: 1)
              : .perspective(distance: 900).concatenating(.rotation(angle: 0.4, x: 0, y: 1, z: 0))
          }
          var view = View(
            id: "\(id)\(n)",
            frame: Rect(
              x: r.double(-60...size.width), y: r.double(-60...size.height),
              width: r.double(0...300), height: r.double(0...300)),
            alpha: r.chance(0.08) ? 0 : r.double(0.3...1), transform: transform,
            backgroundColor: r.color(), border: Border(width: r.double(0...6), color: r.color()),
            clipsToBounds: r.chance(0.5), isHidden: r.chance(0.08), shadow: r.shadow())
          view.cornerRadii = r.cornerRadii()
          view.imagePlacement = ImagePlacement(r.contentMode())
          if r.chance(0.4) { view.content = .named(r.chance(0.5) ? "a" : "b") }
          if r.chance(0.3) {
            view.text = TextContent(string: "t\(n)", size: r.double(8...30), color: r.color())
          }
          if depth < 3 && r.chance(0.4) { view.children = make(depth + 1) }
          return view
        }
      }
      return View(id: id, frame: .zero, backgroundColor: r.color(), children: make(0))
    }
    func paths(_ view: View, _ prefix: [Int] = []) -> [[Int]] {
      view.children.indices.flatMap { i in [prefix + [i]] + paths(view.children[i], prefix + [i]) }
    }
    func setKey(_ key: String, at path: [Int], in view: inout View) {
      if path.count == 1 {
        view.children[path[0]].matchKey = key
      } else {
        setKey(key, at: Array(path.dropFirst()), in: &view.children[path[0]])
      }
    }
    var a = screen("a")
    var b = screen("b")
    var pa = paths(a)
    var pb = paths(b)
    pa.shuffle(using: &r.rng)
    pb.shuffle(using: &r.rng)
    let shared = r.int(0...min(4, pa.count, pb.count))
    for k in 0..<shared {
      setKey("k\(k)", at: pa[k], in: &a)
      setKey("k\(k)", at: pb[k], in: &b)
    }
    if pa.count > shared { setKey("a-only", at: pa[shared], in: &a) }
    if pb.count > shared { setKey("b-only", at: pb[shared], in: &b) }
    return (a, b)
  }

  /// The push of "b" over "a" (or its pop) in `size`, with matching as given.
  static func request(
    _ style: any TransitionStyle, _ a: View, _ b: View, size: Size, pop: Bool,
    matching: Matching = .enabled
  ) -> TransitionRequest {
    TransitionRequest(
      transition: Transition(style: style, appearingViewID: "b", disappearingViewID: "a"),
      isReversed: pop, bounds: Rect(size: size), views: [a, b], animated: true,
      shownIsMovingToParent: !pop, hiddenIsMovingFromParent: pop, matching: matching)
  }

  /// The rects a flight of `key` goes between: the source's at the
  /// transition's start, the destination's at its end (the source's again
  /// when it fades out), computed by the test's own composition.
  static func ends(of key: String, played: Timeline, pop: Bool) -> (Rect, Rect)? {
    let start = played.startScene
    let end = played.endScene
    func id(of key: String, under screen: String, in scene: Scene) -> String? {
      scene.allViews().first { entry in
        entry.view.matchKey == key
          && scene.path(of: entry.view.id)?.first
            == scene.views.firstIndex { $0.id == screen }
      }?.view.id
    }
    let (source, destination) = pop ? ("b", "a") : ("a", "b")
    guard let s = id(of: key, under: source, in: start),
      let a = F.containerRect(of: s, in: start)
    else { return nil }
    guard let d = id(of: key, under: destination, in: end),
      let b = F.containerRect(of: d, in: end)
    else { return (a, a) }
    return (a, b)
  }

  /// Whether `r` is `a + (b − a)·q` for one q, entry by entry.
  static func isOnSegment(_ r: Rect, _ a: Rect, _ b: Rect) -> Bool {
    position(of: r, from: a, to: b) != nil
  }

  /// The q for which `r` is `a + (b − a)·q`, entry by entry (0 when `a`
  /// and `b` agree), or `nil` when `r` is off that segment.
  static func position(of r: Rect, from a: Rect, to b: Rect) -> Double? {
    let entries = [
      (r.minX, a.minX, b.minX), (r.minY, a.minY, b.minY), (r.width, a.width, b.width),
      (r.height, a.height, b.height),
    ]
    // The test composes frames in its own order: agreement to rounding.
    let scale = entries.map { max(abs($0.1), abs($0.2)) }.max()! + 1
    let tolerance = 1e-9 * scale
    let widest = entries.max { abs($0.2 - $0.1) < abs($1.2 - $1.1) }!
    guard abs(widest.2 - widest.1) > tolerance else {
      return entries.allSatisfy { abs($0.0 - $0.1) <= tolerance } ? 0 : nil
    }
    let q = (widest.0 - widest.1) / (widest.2 - widest.1)
    return entries.allSatisfy { abs($0.0 - ($0.1 + ($0.2 - $0.1) * q)) <= tolerance } ? q : nil
  }

  @Test(
    "first and last frames are the style's own, flights change nothing but the originals' visibility, reversal R2 holds, every flight frame is on its segment"
  )
  func timelines() async {
    await seededPropertyCheck(count: 6, base: 0x6d61_7463_6800) { seed in
      var r = RandomCases(seed: seed)
      let size = Size(width: r.double(200...1000), height: r.double(200...1000))
      let (a, b) = Self.screens(&r, size: size)
      let n = 7
      for style in Self.styles {
        for pop in [false, true] {
          let request = Self.request(style, a, b, size: size, pop: pop)
          let plainRequest = Self.request(style, a, b, size: size, pop: pop, matching: .disabled)
          let timeline: Timeline
          let plain: Timeline
          do {
            timeline = try request.timeline()
            plain = try plainRequest.timeline()
          } catch {
            Issue.record("\(style.name) did not bind: \(error)")
            continue
          }
          let reverse = timeline.reversed()
          // How far each flight has gone: never back, along ease-in-out.
          var gone: [String: Double] = [:]
          for i in 0..<n {
            let frame = timeline.sample(frame: i, of: n)
            let expected = plain.sample(frame: i, of: n)
            let overlays = F.overlays(frame)
            let flying = overlays.filter { !$0.isHidden }
            if i == 0 || i == n - 1 {
              // No overlay shows and the originals are as the style leaves them.
              let same = flying.isEmpty && bitIdentical(F.withoutOverlays(frame), expected)
              #expect(same, "\(style.name) pop \(pop) frame \(i)")
            } else {
              for entry in expected.allViews() {
                guard var got = frame.view(entry.view.id) else { continue }
                if got.isHidden != entry.view.isHidden {
                  #expect(got.isHidden && !flying.isEmpty)
                  got.isHidden = entry.view.isHidden
                }
                #expect(bitIdentical(got.state, entry.view.state))
              }
            }
            // R2: the reverse's frame i is the forward's frame n − 1 − i.
            let mirrored = bitIdentical(
              reverse.sample(frame: i, of: n), timeline.sample(frame: n - 1 - i, of: n))
            #expect(mirrored, "\(style.name) pop \(pop) frame \(i)")
            for overlay in flying {
              let key = String(overlay.id.dropFirst("match:".count))
              guard let (from, to) = Self.ends(of: key, played: plain, pop: pop) else {
                Issue.record("\(key) flies without a visible source")
                continue
              }
              let q = Self.position(of: overlay.frame, from: from, to: to)
              #expect(
                q != nil,
                "\(style.name) pop \(pop) \(key): \(overlay.frame) not between \(from) and \(to)")
              if let q {
                #expect(q >= (gone[key] ?? 0) - 1e-9, "\(style.name) pop \(pop) \(key) goes back")
                gone[key] = q
              }
            }
          }
        }
      }
    }
  }

  @Test(
    "a cancelled drag lands bit for bit on the picture before it began; a finished one on the played push's end"
  )
  func cancelExact() async {
    await seededPropertyCheck(count: 24, base: 0x6d61_7463_6801) { seed in
      var r = RandomCases(seed: seed)
      let size = Size(width: r.double(200...1000), height: r.double(200...1000))
      let (a, b) = Self.screens(&r, size: size)
      let style = Self.styles[r.int(0...(Self.styles.count - 1))]
      let clock = ManualClock()
      let stack = F.stack(a, clock: clock, size: size)
      let before = stack.scene
      let finishes = r.chance(0.5)
      let played = F.stack(a, clock: ManualClock(), size: size)
      played.push(b, style: style, animated: false)
      var dragged = false
      do {
        try stack.beginInteractivePush(b, style: style)
        // A style of duration 0 runs at once: nothing to drag, the push lands.
        dragged = stack.isInteracting
        if dragged {
          for _ in 0..<r.int(1...6) { stack.updateInteraction(progress: r.double(0...1)) }
          if finishes {
            try stack.finishInteraction(velocity: r.chance(0.5) ? r.double(-3...3) : nil)
          } else {
            try stack.cancelInteraction(velocity: r.chance(0.5) ? r.double(-3...3) : nil)
          }
        }
      } catch {
        Issue.record("\(style.name): \(error)")
      }
      F.run(stack, clock)
      let landed = bitIdentical(stack.scene, finishes || !dragged ? played.scene : before)
      #expect(landed, "\(style.name) finishes \(finishes)")
      #expect(F.overlays(stack.scene).isEmpty)
    }
  }

  @Test(
    "push, rotate, pop: the pop lands on the layout at the new bounds, every flight frame between the ends derived again there"
  )
  func pushRotatePop() async {
    await seededPropertyCheck(count: 24, base: 0x6d61_7463_6802) { seed in
      var r = RandomCases(seed: seed)
      let size = Size(width: r.double(200...1000), height: r.double(200...1000))
      let rotated = Size(width: size.height, height: size.width)
      let (a, b) = Self.screens(&r, size: size)
      let style = Self.styles[r.int(0...(Self.styles.count - 1))]
      let clock = ManualClock()
      let stack = F.stack(a, clock: clock, size: size)
      stack.push(b, style: style)
      F.run(stack, clock)
      stack.rotate(to: rotated)
      // The app lays both screens out again at the new size.
      let (a2, b2) = (Self.relaid(a, &r, size: rotated), Self.relaid(b, &r, size: rotated))
      stack.updateContent(ofChild: "a") { $0 = a2.children }
      stack.updateContent(ofChild: "b") { $0 = b2.children }
      // The pop the driver will play, built here from the same live views.
      let reference = Self.request(
        style, stack.scene.view("a")!, stack.scene.view("b")!, size: rotated, pop: true,
        matching: .disabled)
      guard let plain = try? reference.timeline() else {
        Issue.record("\(style.name) did not bind")
        return
      }
      stack.pop()
      let frames = F.frames(of: stack, clock, count: 9)
      var gone: [String: Double] = [:]
      for scene in frames {
        for overlay in F.overlays(scene) {
          let key = String(overlay.id.dropFirst("match:".count))
          guard let (from, to) = Self.ends(of: key, played: plain, pop: true) else {
            Issue.record("\(key) flies without a visible source")
            continue
          }
          let q = Self.position(of: overlay.frame, from: from, to: to)
          #expect(q != nil, "\(style.name) \(key)")
          if let q {
            #expect(q >= (gone[key] ?? 0) - 1e-9, "\(style.name) \(key) goes back")
            gone[key] = q
          }
        }
      }
      #expect(stack.childIDs == ["a"])
      #expect(stack.scene.views.map(\.id) == ["a"])
      #expect(stack.scene.view("a")?.state == ViewState(frame: Rect(size: rotated)))
      #expect(stack.scene.view("a")?.children == a2.children)
    }
  }

  /// `screen` with its top-level children moved somewhere else in `size`.
  static func relaid(_ screen: View, _ r: inout RandomCases, size: Size) -> View {
    var screen = screen
    for i in screen.children.indices {
      screen.children[i].frame.origin = Point(
        x: r.double(-60...size.width), y: r.double(-60...size.height))
    }
    return screen
  }
}

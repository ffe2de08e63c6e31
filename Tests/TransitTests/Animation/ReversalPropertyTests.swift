import Testing
import Transit
import TransitTestSupport

/// R1–R4 of the design, over random scenes (up to 50 nested views) and random
/// animations (up to 12 steps of every change kind, every curve kind,
/// overlaps, gaps and zero durations), 1,000 cases each.
@Suite("Exact reversal")
struct ReversalPropertyTests {
  static let cases = 1_000

  @Test("R1: reversing twice gives the original timeline")
  func doubleReversal() async {
    await seededPropertyCheck(count: Self.cases, base: 0x5EED_0001) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene()
      let animation = random.animation(for: scene)
      guard let timeline = bind(animation, scene) else { return }
      #expect(timeline.reversed().reversed() == timeline)
      let rerun = timeline.reversed(along: .easeIn)
      #expect(rerun.reversed() == timeline)
      let n = random.int(1...12)
      for i in 0..<n {
        #expect(
          bitIdentical(
            timeline.reversed().reversed().sample(frame: i, of: n),
            timeline.sample(frame: i, of: n)))
      }
    }
  }

  @Test("R2: reverse frame i of N is forward frame N−1−i, bit for bit")
  func mirroredFrames() async {
    await seededPropertyCheck(count: Self.cases, base: 0x5EED_0002) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene()
      let animation = random.animation(for: scene)
      guard let forward = bind(animation, scene) else { return }
      let reverse = forward.reversed()
      // From 2: a single frame is each timeline's own start, not a mirror
      // (TimelineEdgeTests.aSingleFrameIsTheStartInEveryDirection).
      let n = random.int(2...24)
      var a = forward.initialScene
      var b = forward.initialScene
      for i in 0..<n {
        forward.sample(frame: n - 1 - i, of: n, into: &a)
        reverse.sample(frame: i, of: n, into: &b)
        #expect(bitIdentical(a, b), "frame \(i) of \(n)")
      }
      // Single views agree with whole scenes.
      for (view, _) in scene.allViews().prefix(5) {
        let i = random.int(0...(n - 1))
        let state = reverse.state(of: view.id, frame: i, of: n)
        let whole = forward.sample(frame: n - 1 - i, of: n).state(of: view.id)
        #expect(state.map { s in whole.map { bitIdentical(s, $0) } ?? false } ?? false)
      }
    }
  }

  @Test("R3: the reverse ends bit for bit where the forward started, in both modes")
  func reverseEndsOnStart() async {
    await seededPropertyCheck(count: Self.cases, base: 0x5EED_0003) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene()
      let animation = random.animation(for: scene)
      guard let forward = bind(animation, scene) else { return }
      let start = forward.sample(frame: 0, of: 2)
      #expect(bitIdentical(forward.reversed().sample(at: forward.duration), start))
      #expect(bitIdentical(forward.reversed().endScene, start))
      let rerun = forward.reversed(along: random.curve())
      #expect(bitIdentical(rerun.sample(at: rerun.duration), start))
      #expect(bitIdentical(rerun.sample(frame: 6, of: 7), start))
      // And the reverse starts where the forward ended.
      #expect(bitIdentical(forward.reversed().startScene, forward.endScene))
      #expect(bitIdentical(rerun.startScene, forward.endScene))
    }
  }

  @Test("R3 without a scene: Animation.reversed() undoes relative changes")
  func unboundReversal() async {
    await seededPropertyCheck(count: Self.cases, base: 0x5EED_0004) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene()
      let animation = random.animation(for: scene, relativeOnly: true)
      guard let forward = bind(animation, scene),
        let reversed = record({ try animation.reversed() }),
        let back = bind(reversed, forward.endScene)
      else { return }
      #expect(back.duration.bitPattern == forward.duration.bitPattern)
      let expected = forward.initialScene.allViews()
      let actual = back.endScene.allViews()
      for (e, a) in zip(expected, actual) {
        #expect(e.view.isHidden == a.view.isHidden)
        #expect(abs(e.view.alpha - a.view.alpha) <= 1e-9)
        #expect(
          zip(e.view.transform.entries, a.view.transform.entries).allSatisfy {
            abs($0 - $1) <= 1e-6 * max(1, abs($0))
          }, "view \(e.view.id)")
      }
    }
  }
  @Test("Without a scene, visibility is refused, never guessed")
  func unboundReversalOfVisibility() async {
    await seededPropertyCheck(count: 200, base: 0x5EED_0005) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene(maxViews: 12)
      let ids = scene.allViews().map(\.view.id)
      // Relative steps plus one visibility change, often a no-op such as
      // `.hidden(v, false)` on a visible view.
      var steps = random.animation(for: scene, maxSteps: 6, relativeOnly: true).steps
      let id = ids[random.int(0...(ids.count - 1))]
      let value = random.chance(0.5) ? scene.state(of: id)!.isHidden : random.chance(0.5)
      steps.insert(
        AnimationStep(duration: random.double(0...1), changes: [.hidden(id, value)]),
        at: random.int(0...steps.count))
      let animation = Animation(steps)
      guard let forward = bind(animation, scene) else { return }
      do {
        // Whatever comes back must undo the forward; only a refusal is safe.
        let back = try animation.reversed().timeline(from: forward.endScene)
        #expect(
          back.endScene.state(of: id)!.isHidden == scene.state(of: id)!.isHidden,
          "view \(id) set to \(value), seed \(seed)")
        Issue.record("a visibility change was reversed without a scene, seed \(seed)")
      } catch let error as TransitError {
        #expect(error.kind == .invalidState)
        #expect(error.message.contains("view '\(id)' visibility"))
      } catch {
        Issue.record("unexpected error \(error)")
      }
    }
  }

  @Test("The issue's example: showing a visible view is not undone by hiding it")
  func showingAVisibleView() throws {
    let scene = Scene(
      size: Size(width: 10, height: 10), views: [View(id: "v", frame: .zero, isHidden: false)])
    let show = Animation([AnimationStep(duration: 1, changes: [.hidden("v", false)])])
    #expect(throws: TransitError.self) { try show.reversed() }
    // The timeline, which has the scene, reverses it exactly.
    let forward = try show.timeline(from: scene)
    #expect(forward.reversed().endScene.state(of: "v")!.isHidden == false)
  }

  /// Curves whose rerun shape gives them away: none is point-symmetric, so
  /// `c(u)` and `1 − c(1 − u)` differ.
  static let asymmetricCurves: [TimingCurve] = [
    .easeIn, .easeOut, .ease, .penner(.quad, .easeIn), .penner(.expo, .easeOut),
    .penner(.back, .easeIn), .penner(.bounce, .easeOut), .penner(.elastic, .easeOut),
    try! .cubicBezier(0.1, -0.6, 0.7, 1.6), try! .spring(mass: 1, stiffness: 170, damping: 26),
  ]

  @Test("Rerun: each step goes back along 1 − c(1 − u), for asymmetric curves too")
  func rerunShape() async {
    await seededPropertyCheck(count: 300, base: 0x5EED_0006) { seed in
      var random = RandomCases(seed: seed)
      // Sequential frame steps of one view: a small model gives every value.
      let start = random.rect()
      var targets: [Rect] = []
      var durations: [Double] = []
      var steps: [AnimationStep] = []
      for _ in 0..<random.int(1...4) {
        let target = random.rect()
        let duration = random.double(0.1...2)
        targets.append(target)
        durations.append(duration)
        steps.append(
          AnimationStep(
            duration: duration, curve: random.curve(), changes: [.frame("v", to: target)])
        )
      }
      let scene = Scene(
        size: Size(width: 100, height: 100), views: [View(id: "v", frame: start)])
      guard let forward = bind(Animation(steps), scene) else { return }
      let curve = Self.asymmetricCurves[random.int(0...(Self.asymmetricCurves.count - 1))]
      let rerun = forward.reversed(along: curve)
      let total = forward.duration
      for _ in 0..<8 {
        let time = random.double(0...total)
        // Model: at rerun time τ the forward clock reads D − τ; the step
        // running then has gone back a fraction 1 − u of its way along
        // `curve`, so it is 1 − curve(1 − u) of the way from its start.
        var clock = total - time
        var from = start
        var expected = start
        for (target, duration) in zip(targets, durations) {
          if clock >= duration {
            expected = target
          } else {
            let progress = 1 - curve.value(at: 1 - clock / duration)
            expected = Rect(
              x: from.origin.x + (target.origin.x - from.origin.x) * progress,
              y: from.origin.y + (target.origin.y - from.origin.y) * progress,
              width: from.size.width + (target.size.width - from.size.width) * progress,
              height: from.size.height + (target.size.height - from.size.height) * progress)
            // A size an overshooting curve takes below 0 is drawn as 0.
            if expected.size.width < 0 || expected.size.height < 0 {
              expected.size.width = max(0, expected.size.width)
              expected.size.height = max(0, expected.size.height)
            }
            break
          }
          clock -= duration
          from = target
        }
        let actual = rerun.state(of: "v", at: time)!.frame
        let sampled = rerun.sample(at: time).state(of: "v")!.frame
        for (a, e) in [
          (actual.origin.x, expected.origin.x), (actual.origin.y, expected.origin.y),
          (actual.size.width, expected.size.width), (sampled.origin.x, expected.origin.x),
        ] {
          #expect(abs(a - e) <= 1e-6, "\(curve) at \(time) of \(total), seed \(seed)")
        }
      }
    }
  }
}

/// Binds, recording a test issue (not returning silently) when it throws.
func bind(_ animation: Animation, _ scene: Scene) -> Timeline? {
  record { try animation.timeline(from: scene) }
}

/// Runs `body`, recording a test issue when it throws.
func record<T>(_ body: () throws -> T) -> T? {
  do { return try body() } catch {
    Issue.record("unexpected error: \(error)")
    return nil
  }
}

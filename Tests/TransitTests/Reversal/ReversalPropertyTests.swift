import PropertyBased
import Testing
import Transit

/// R1–R4 of the design, over random scenes (up to 50 nested views) and random
/// animations (up to 12 steps of every change kind, every curve kind,
/// overlaps, gaps and zero durations), 1,000 cases each.
@Suite("Exact reversal")
struct ReversalPropertyTests {
  static let cases = 1_000

  @Test("R1: reversing twice gives the original timeline")
  func doubleReversal() async {
    await propertyCheck(count: Self.cases, input: Gen.uint64()) { seed in
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
    await propertyCheck(count: Self.cases, input: Gen.uint64()) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene()
      let animation = random.animation(for: scene)
      guard let forward = bind(animation, scene) else { return }
      let reverse = forward.reversed()
      let n = random.int(1...24)
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
    await propertyCheck(count: Self.cases, input: Gen.uint64()) { seed in
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
    await propertyCheck(count: Self.cases, input: Gen.uint64()) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene()
      let animation = random.animation(for: scene, relativeOnly: true)
      guard let forward = bind(animation, scene),
        let reversed = record({ try animation.reversed() }),
        let back = bind(reversed, forward.endScene)
      else { return }
      #expect(abs(back.duration - forward.duration) <= 1e-9 * max(1, forward.duration))
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

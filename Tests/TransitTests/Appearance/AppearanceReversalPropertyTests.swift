import Testing
import Transit
import TransitTestSupport

/// R1–R3 and overlap continuity for what views look like: random scenes
/// whose views have every appearance property, and random animations that
/// change them all (absolute and relative) mixed with frames, alphas,
/// transforms and visibility.
@Suite("Exact reversal of every visible property")
struct AppearanceReversalPropertyTests {
  static let cases = 300

  static func timeline(_ random: inout RandomCases) -> Timeline? {
    let scene = random.scene(maxViews: 20, appearance: true)
    return bind(random.animation(for: scene, appearance: true), scene)
  }

  @Test("R1: reversing twice gives the original, every property")
  func doubleReversal() async {
    await seededPropertyCheck(count: Self.cases, base: 0xA9_0001) { seed in
      var random = RandomCases(seed: seed)
      guard let timeline = Self.timeline(&random) else { return }
      #expect(timeline.reversed().reversed() == timeline)
      let n = random.int(2...12)
      for i in 0..<n {
        #expect(
          bitIdentical(
            timeline.reversed().reversed().sample(frame: i, of: n),
            timeline.sample(frame: i, of: n)), "seed \(seed)")
      }
    }
  }

  @Test("R2: reverse frame i of N is forward frame N−1−i, every property, bit for bit")
  func mirroredFrames() async {
    await seededPropertyCheck(count: Self.cases, base: 0xA9_0002) { seed in
      var random = RandomCases(seed: seed)
      guard let forward = Self.timeline(&random) else { return }
      let reverse = forward.reversed()
      let n = random.int(2...24)
      var a = forward.initialScene
      var b = forward.initialScene
      for i in 0..<n {
        forward.sample(frame: n - 1 - i, of: n, into: &a)
        reverse.sample(frame: i, of: n, into: &b)
        #expect(bitIdentical(a, b), "frame \(i) of \(n), seed \(seed)")
        // One view's state agrees with the whole scene's.
        if let id = a.allViews().first?.view.id {
          #expect(bitIdentical(reverse.state(of: id, frame: i, of: n), a.state(of: id)))
          #expect(
            bitIdentical(
              reverse.sample(frame: i, of: n).view(id)!.appearance, a.view(id)!.appearance))
        }
      }
    }
  }

  @Test("R3: the reverse ends bit for bit on the forward's start, every property")
  func reverseEndsOnStart() async {
    await seededPropertyCheck(count: Self.cases, base: 0xA9_0003) { seed in
      var random = RandomCases(seed: seed)
      guard let forward = Self.timeline(&random) else { return }
      let start = forward.sample(frame: 0, of: 2)
      #expect(bitIdentical(forward.reversed().endScene, start), "seed \(seed)")
      let rerun = forward.reversed(along: random.curve())
      #expect(bitIdentical(rerun.endScene, start), "seed \(seed)")
      #expect(bitIdentical(forward.reversed().startScene, forward.endScene))
    }
  }

  @Test("a timeline starts on the scene as given and ends on its targets, bit for bit")
  func exactEnds() async {
    await seededPropertyCheck(count: Self.cases, base: 0xA9_0007) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene(maxViews: 8, appearance: true)
      // One step from time 0, along a curve that starts at 0, setting every
      // property of some views to new values.
      var changes: [Change] = []
      var expected: [String: ViewAppearance] = [:]
      for (view, _) in scene.allViews() where random.chance(0.7) {
        var look = view.appearance
        look.backgroundColor = random.color()
        look.cornerRadii = random.cornerRadii()
        look.border = Border(width: random.double(0...10), color: random.color())
        look.shadow = random.shadow()
        let mode = random.contentMode()
        look.imagePlacement = ImagePlacement(mode)
        changes += [
          .backgroundColor(view.id, to: look.backgroundColor),
          .cornerRadii(view.id, to: look.cornerRadii),
          .borderWidth(view.id, to: look.border.width),
          .borderColor(view.id, to: look.border.color), .shadow(view.id, to: look.shadow),
          .contentMode(view.id, to: mode),
        ]
        if view.text != nil {
          look.textColor = random.color()
          changes.append(.textColor(view.id, to: look.textColor!))
        }
        expected[view.id] = look
      }
      let curve: TimingCurve = [.linear, .easeInOut, .penner(.back, .easeIn)][random.int(0...2)]
      let animation = Animation([
        AnimationStep(duration: random.double(0.1...2), curve: curve, changes: changes)
      ])
      guard let forward = bind(animation, scene) else { return }
      #expect(bitIdentical(forward.sample(at: 0), scene), "seed \(seed)")
      #expect(bitIdentical(forward.reversed().endScene, scene), "seed \(seed)")
      let end = forward.endScene
      for (id, look) in expected {
        #expect(bitIdentical(end.view(id)!.appearance, look), "view \(id), seed \(seed)")
      }
    }
  }

  @Test("R3 without a scene: relative radii and border widths are undone")
  func unboundReversal() async {
    await seededPropertyCheck(count: Self.cases, base: 0xA9_0004) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene(maxViews: 12, appearance: true)
      let animation = random.animation(for: scene, relativeOnly: true, appearance: true)
      guard let forward = bind(animation, scene),
        let reversed = record({ try animation.reversed() })
      else { return }
      // Undoing may round a radius a hair below 0: that is refused, not drawn.
      guard let back = try? reversed.timeline(from: forward.endScene) else { return }
      for (e, a) in zip(forward.initialScene.allViews(), back.endScene.allViews()) {
        let (x, y) = (e.view.cornerRadii, a.view.cornerRadii)
        for (u, v) in [
          (x.topLeft, y.topLeft), (x.topRight, y.topRight), (x.bottomRight, y.bottomRight),
          (x.bottomLeft, y.bottomLeft), (e.view.border.width, a.view.border.width),
        ] {
          #expect(abs(u - v) <= 1e-9 * max(1, abs(u)), "view \(e.view.id), seed \(seed)")
        }
      }
    }
  }

  @Test("no visible property jumps where a step starts or ends, whatever overlaps")
  func continuity() async {
    await seededPropertyCheck(count: Self.cases, base: 0xA9_0005) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene(maxViews: 4, appearance: true)
      var animation = random.animation(for: scene, maxSteps: 6, appearance: true)
      // Continuous steps only: some time, a curve without jumps, no
      // visibility (which has no in-between).
      let curves = OverlapContinuityTests.continuousCurves
      for i in animation.steps.indices {
        animation.steps[i].duration = max(animation.steps[i].duration, 0.2)
        animation.steps[i].overlap = min(
          max(animation.steps[i].overlap, 0), i == 0 ? 0 : animation.steps[i - 1].duration)
        animation.steps[i].curve = curves[random.int(0...(curves.count - 1))]
        animation.steps[i].changes.removeAll {
          if case .hidden = $0.operation { return true } else { return false }
        }
      }
      guard let timeline = bind(animation, scene) else { return }
      for moment in animation.stepBoundaries where moment > 0 {
        let before = timeline.sample(at: moment - 1e-12)
        let at = timeline.sample(at: moment)
        let after = timeline.sample(at: min(moment + 1e-12, timeline.duration))
        for (view, _) in scene.allViews() {
          // Colours premultiplied: as alpha reaches 0, the components of
          // a premultiplied mix stay on the colour it leaves, and may
          // jump where nothing is drawn.
          let numbers = [before, at, after].map {
            appearanceNumbers($0.view(view.id)!.appearance, premultiplied: true)
          }
          let jump = zip(numbers[0], numbers[1]).map { abs($0 - $1) / max(1, abs($0)) }.max() ?? 0
          let jump2 = zip(numbers[1], numbers[2]).map { abs($0 - $1) / max(1, abs($0)) }.max() ?? 0
          #expect(max(jump, jump2) < 1e-4, "view \(view.id) at \(moment), seed \(seed)")
        }
      }
    }
  }

  @Test("Codable: scenes with every appearance property, and mid-way states, round-trip")
  func codable() async throws {
    await seededPropertyCheck(count: 100, base: 0xA9_0006) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene(maxViews: 12, appearance: true)
      guard let timeline = bind(random.animation(for: scene, appearance: true), scene) else {
        return
      }
      let middle = timeline.sample(at: random.double(0...timeline.duration))
      do {
        let decoded = try JSONRoundTrip.decode(Scene.self, JSONRoundTrip.encode(middle))
        #expect(decoded == middle, "seed \(seed)")
        #expect(bitIdentical(decoded, middle), "seed \(seed)")
        for (view, _) in middle.allViews() {
          let look = view.appearance
          let back = try JSONRoundTrip.decode(ViewAppearance.self, JSONRoundTrip.encode(look))
          #expect(back == look && bitIdentical(back, look))
        }
      } catch {
        Issue.record("\(error), seed \(seed)")
      }
    }
  }
}

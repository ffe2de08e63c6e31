import Testing
import Transit
import TransitTestSupport

/// Overlapping changes never jump: a change that starts while another on the
/// same property is still running starts from the value the property has
/// then (absolute targets take over from it) or adds its motion on top
/// (relative changes). See `Animation.timeline(from:)`.
@Suite("Overlapping changes are continuous")
struct OverlapContinuityTests {
  /// Curves without a jump anywhere in 0…1 and with a finite slope, so that
  /// a jump test with a small time step can tell: no steps, not expo or
  /// elastic (Penner defines them about 2⁻¹⁰ away from 0 just after t = 0),
  /// not circ (its tangent is vertical at one end).
  static let continuousCurves = RandomCurves.all.filter { curve in
    !["steps", "expo", "elastic", "circ"].contains { curve.description.contains($0) }
  }

  /// Steps of positive duration, overlapping their predecessor often, with
  /// every change kind (absolute and relative) on a few views.
  static func overlapping(_ random: inout RandomCases, _ scene: Scene) -> Animation {
    let ids = scene.allViews().map(\.view.id)
    var alpha = Dictionary(
      uniqueKeysWithValues: scene.allViews().map { ($0.view.id, $0.view.alpha) })
    var steps: [AnimationStep] = []
    var previousEnd = 0.0
    for k in 0..<random.int(2...6) {
      let duration = random.double(0.2...2)
      // Overlap up to the whole of the previous step, sometimes more (a
      // later step starting before an earlier one), never before time 0.
      let overlap =
        k == 0 ? 0 : random.double(0...min(previousEnd, (steps.last?.duration ?? 0) * 1.5))
      let start = previousEnd - overlap
      var changes: [Change] = []
      for _ in 0..<random.int(1...4) {
        let id = ids[random.int(0...(ids.count - 1))]
        switch random.int(0...9) {
        case 0: changes.append(.frame(id, to: random.rect()))
        case 1:
          let value = random.double(0...1)
          changes.append(.alpha(id, to: value))
          alpha[id] = value
        case 2: changes.append(.transform(id, to: random.transform()))
        case 3:
          changes.append(.translate(id, x: random.double(-300...300), y: random.double(-300...300)))
        case 4: changes.append(.scale(id, x: random.double(0.2...3), y: random.double(0.2...3)))
        case 5:
          let current = alpha[id]!
          let delta = random.double(-current...(1 - current))
          changes.append(.fade(id, by: delta))
          alpha[id] = current + delta
        case 6: changes.append(.rotate(id, by: random.double(-4...4), z: 1))
        case 7:
          changes.append(
            .rotate(
              id, by: random.double(-3...3), axis: Vector3(x: random.double(-1...1), y: 1, z: 0),
              pivot: Vector3(x: random.double(-100...100), y: 0, z: random.double(-50...0)),
              cameraDistance: random.double(800...3000)))
        case 8:
          changes.append(
            .translate(
              id, by: Vector3(x: 0, y: random.double(-50...50), z: random.double(-600...0)),
              cameraDistance: random.double(2000...4000)))
        default: changes.append(.hidden(id, random.chance(0.5)))
        }
      }
      steps.append(
        AnimationStep(
          duration: duration, curve: continuousCurves[random.int(0...(continuousCurves.count - 1))],
          overlap: overlap, changes: changes))
      previousEnd = start + duration
    }
    return Animation(steps)
  }

  /// The largest jump of any animated number between two states, relative
  /// to the numbers' size. Transforms are compared as the projective maps
  /// they are, scaled to m44 = 1: interpolating a perspective by
  /// decomposition normalises it, which draws the same.
  static func jump(_ a: ViewState, _ b: ViewState) -> Double {
    func normalised(_ t: Transform3D) -> [Double] {
      abs(t.m44) > 1e-6 ? t.entries.map { $0 / t.m44 } : t.entries
    }
    let x =
      [a.frame.origin.x, a.frame.origin.y, a.frame.size.width, a.frame.size.height, a.alpha]
      + normalised(a.transform)
    let y =
      [b.frame.origin.x, b.frame.origin.y, b.frame.size.width, b.frame.size.height, b.alpha]
      + normalised(b.transform)
    return zip(x, y).map { abs($0 - $1) / max(1, abs($0)) }.max() ?? 0
  }

  /// Checks one seeded case: every view's state just before, at and just
  /// after each step's start and end agree within 1e-4 (relative).
  static func checkContinuity(seed: UInt64) {
    var random = RandomCases(seed: seed)
    let scene = random.scene(maxViews: 4)
    let animation = Self.overlapping(&random, scene)
    guard let timeline = bind(animation, scene) else { return }
    for moment in animation.stepBoundaries where moment > 0 {
      // Both limits: a change may read its start exactly (progress 0)
      // and go wrong only just after.
      let before = timeline.sample(at: moment - 1e-12)
      let at = timeline.sample(at: moment)
      let after = timeline.sample(at: min(moment + 1e-12, timeline.duration))
      for (view, _) in scene.allViews() {
        let state = at.state(of: view.id)!
        let jump = max(
          Self.jump(before.state(of: view.id)!, state),
          Self.jump(state, after.state(of: view.id)!))
        #expect(jump < 1e-4, "view \(view.id) jumps by \(jump) at \(moment), seed \(seed)")
      }
    }
  }

  @Test("no property jumps where a step starts or ends, whatever overlaps")
  func continuity() async {
    await seededPropertyCheck(count: 400, base: 0x5EED_000D) { seed in
      Self.checkContinuity(seed: seed)
    }
  }

  /// The seed that found the bound applied to part of an alpha: an
  /// ease-in-back fade overshoots below 0 when an absolute alpha takes
  /// over, while a later step's fade, started earlier, keeps adding.
  @Test("an alpha taken over below 0 while another fade adds does not jump (seed replay)")
  func alphaTakeoverSeed() {
    Self.checkContinuity(seed: 4_074_926_310_899_891_119)
  }

  @Test("an alpha taken over from an overshooting fade, another fade adding, does not jump")
  func alphaTakeoverOvershoot() throws {
    let scene = Scene(
      size: Size(width: 100, height: 100),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0.05)])
    // Step 0 fades by 0.9 along ease-in-back, which dips below its start:
    // at 0.4 s it stands at 0.05 − 0.0894 < 0. Step 1 takes alpha over at
    // 0.4 s. Step 2 starts at 0.3 s, before step 1, and its fade adds
    // 0.02 at 0.4 s: the sum is still below 0, so the view stays at 0.
    let animation = Animation([
      AnimationStep(duration: 1, curve: .penner(.back, .easeIn), changes: [.fade("v", by: 0.9)]),
      AnimationStep(duration: 0.2, curve: .linear, overlap: 0.6, changes: [.alpha("v", to: 0.5)]),
      AnimationStep(duration: 1, curve: .linear, overlap: 0.3, changes: [.fade("v", by: 0.2)]),
    ])
    let timeline = try animation.timeline(from: scene)
    let (starts, _) = animation.schedule
    #expect(abs(starts[1] - 0.4) < 1e-12 && abs(starts[2] - 0.3) < 1e-12)
    let takeover = starts[1]
    func alpha(_ t: Double) -> Double { timeline.state(of: "v", at: t)!.alpha }
    #expect(alpha(takeover.nextDown) == 0)
    #expect(abs(alpha(takeover) - alpha(takeover.nextDown)) < 1e-9)
    #expect(abs(alpha(takeover.nextUp) - alpha(takeover)) < 1e-9)
    // The takeover still ends where it aims, plus the fade on top.
    #expect(abs(timeline.endScene.state(of: "v")!.alpha - 0.7) < 1e-12)
  }

  @Test("overlaps never change where an animation ends, bit for bit")
  func sameEnd() async {
    await seededPropertyCheck(count: 400, base: 0x5EED_000E) { seed in
      var random = RandomCases(seed: seed)
      let scene = random.scene(maxViews: 4)
      let animation = Self.overlapping(&random, scene)
      var chained = animation
      for i in chained.steps.indices { chained.steps[i].overlap = 0 }
      guard let overlapped = bind(animation, scene), let chain = bind(chained, scene) else {
        return
      }
      #expect(bitIdentical(overlapped.endScene, chain.endScene), "seed \(seed)")
    }
  }

  @Test("the issue's example: two overlapping translations add up, without a jump")
  func translationsAdd() throws {
    let scene = Scene(
      size: Size(width: 400, height: 100),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))])
    let animation = Animation([
      AnimationStep(duration: 1, curve: .linear, changes: [.translate("v", x: 100, y: 0)]),
      AnimationStep(
        duration: 1, curve: .linear, overlap: 0.5, changes: [.translate("v", x: 100, y: 0)]),
    ])
    let timeline = try animation.timeline(from: scene)
    func x(_ t: Double) -> Double { timeline.state(of: "v", at: t)!.transform.m41 }
    #expect(abs(x(0.5.nextDown) - 50) < 1e-9)
    #expect(x(0.5) == 50)
    #expect(abs(x(0.75) - (75 + 25)) < 1e-9)  // both move: 100 / s each
    #expect(abs(x(1) - 150) < 1e-9)
    #expect(x(1.5) == 200)
  }

  @Test("an absolute target that overlaps takes over from the current value")
  func absoluteTakesOver() throws {
    let scene = Scene(
      size: Size(width: 400, height: 100),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 1)])
    let animation = Animation([
      AnimationStep(
        duration: 1, curve: .linear,
        changes: [.frame("v", to: Rect(x: 100, y: 0, width: 10, height: 10)), .alpha("v", to: 0)]
      ),
      AnimationStep(
        duration: 1, curve: .linear, overlap: 0.5,
        changes: [.frame("v", to: Rect(x: 0, y: 0, width: 10, height: 10)), .alpha("v", to: 1)]),
    ])
    let timeline = try animation.timeline(from: scene)
    let mid = timeline.state(of: "v", at: 0.5)!
    #expect(mid.frame.origin.x == 50 && mid.alpha == 0.5)
    let later = timeline.state(of: "v", at: 1)!
    #expect(abs(later.frame.origin.x - 25) < 1e-12 && abs(later.alpha - 0.75) < 1e-12)
    #expect(timeline.endScene.state(of: "v")!.frame.origin.x == 0)
  }
}

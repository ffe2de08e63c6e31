import Testing
import Transit
import TransitTestSupport

/// Sampling must give the very numbers it gave before its fast paths: a
/// digest of every sampled value of many seeded random timelines — turns
/// in perspective about the principal axes and others, pivots on and off
/// the axes, with and without a camera, several views turning by the same
/// angle in one step and one view turning twice, absolute 3-D targets
/// (decomposable and singular), every other kind of change, overlaps —
/// sampled forward, reversed, rerun along another curve, by frame, by time
/// and one view at a time.
///
/// The expected digests were computed by the sampling code before it was
/// made faster (per-step shared sines and cosines, turns sharing one kept
/// camera, absolute targets read in place), with each frame's width and
/// height kept at 0 or more when either was negative (sizes an
/// overshooting curve drove below 0 are bounded, as every size-like
/// property is; checked by digesting that code's samples bounded so). A digest changes when any
/// bit of any sampled number changes; the second one counts −0 as +0, the
/// only difference the fast paths are allowed (see `TurnFrame`).
///
/// The cases are drawn here from `SplitMix64` directly, not from
/// `RandomCases`, so that changing the shared generators cannot change
/// the digests.
@Suite struct SamplingDigestTests {
  /// FNV-1a over 64-bit words: small, fixed and order-sensitive.
  struct Digest {
    var exact: UInt64 = 0xCBF2_9CE4_8422_2325
    var signlessZero: UInt64 = 0xCBF2_9CE4_8422_2325

    static func mix(_ hash: inout UInt64, _ word: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) {
        hash = (hash ^ ((word >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01B3
      }
    }

    mutating func add(_ x: Double) {
      Self.mix(&exact, x.bitPattern)
      Self.mix(&signlessZero, (x + 0).bitPattern)
    }

    mutating func add(_ state: ViewState) {
      let frame = state.frame
      for x in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height, state.alpha] {
        add(x)
      }
      for x in state.transform.entries { add(x) }
      add(state.isHidden ? 1 : 0)
    }

    mutating func add(_ scene: Scene) {
      for (view, _) in scene.allViews() { add(view.state) }
    }
  }

  struct Cases {
    var rng: SplitMix64

    mutating func double(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &rng)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    mutating func rect() -> Rect {
      Rect(
        x: double(-300...300), y: double(-300...300), width: double(1...400),
        height: double(1...400))
    }

    mutating func scene() -> Scene {
      var views: [View] = []
      for i in 0..<int(1...5) {
        var view = View(id: "v\(i)", frame: rect())
        view.alpha = double(0.2...0.8)
        if chance(0.3) { view.transform = transform() }
        for j in 0..<(chance(0.3) ? int(1...3) : 0) {
          view.children.append(View(id: "v\(i).\(j)", frame: rect()))
        }
        views.append(view)
      }
      return Scene(size: Size(width: 800, height: 600), views: views)
    }

    mutating func axis() -> Vector3 {
      switch int(0...4) {
      case 0: return Vector3(x: 1, y: 0, z: 0)
      case 1: return Vector3(x: 0, y: 1, z: 0)
      case 2: return Vector3(x: 0, y: 0, z: 1)
      case 3: return Vector3(x: 0, y: double(-2...2), z: 0)
      default: return Vector3(x: double(-1...1), y: double(-1...1), z: double(-1...1))
      }
    }

    mutating func pivot() -> Vector3 {
      switch int(0...3) {
      case 0: return .zero
      case 1: return Vector3(x: 0, y: 0, z: double(-200...0))
      case 2: return Vector3(x: double(-100...100), y: 0, z: double(-200...0))
      default:
        return Vector3(x: double(-100...100), y: double(-100...100), z: double(-200...200))
      }
    }

    mutating func distance() -> Double? { chance(0.2) ? nil : double(300...3000) }

    /// A target for an absolute transform change: turns in perspective,
    /// scales, skews, translations, sometimes singular (a scale to 0,
    /// sampled entry by entry) or the identity.
    mutating func transform() -> Transform3D {
      switch int(0...5) {
      case 0: return .identity
      case 1: return .scale(x: 0, y: double(0.5...2))
      case 2:
        return .translation(x: double(-50...50), y: double(-50...50))
          .concatenating(.scale(x: double(0.3...2), y: double(0.3...2)))
      default:
        var t = Transform3D.rotation(
          angle: double(-4...4), x: double(-1...1), y: double(-1...1), z: double(-1...1))
        if chance(0.5) { t = t.concatenating(.perspective(distance: double(200...2000))) }
        if chance(0.3) { t.m21 += double(-0.5...0.5) }
        return t.scaled(x: double(0.5...2), y: double(0.5...2))
          .translated(x: double(-80...80), y: double(-80...80), z: double(-20...20))
      }
    }

    static let curves: [TimingCurve] = [
      .linear, .ease, .easeIn, .easeOut, .easeInOut, .penner(.back, .easeInOut),
    ]

    mutating func animation(for scene: Scene) -> Animation {
      let ids = scene.allViews().map(\.view.id)
      var steps: [AnimationStep] = []
      for k in 0..<int(1...6) {
        // One angle and one turn that several views share in this step.
        let shared = (angle: double(-4...4), axis: axis(), pivot: pivot(), distance: distance())
        var changes: [Change] = []
        for _ in 0..<int(1...8) {
          let id = pick(ids)
          switch int(0...11) {
          case 0, 1, 2:
            changes.append(
              .rotate(
                id, by: shared.angle, axis: shared.axis, pivot: shared.pivot,
                cameraDistance: shared.distance))
          case 3, 4:
            changes.append(
              .rotate(
                id, by: double(-4...4), axis: axis(), pivot: pivot(), cameraDistance: distance()))
          case 5, 6: changes.append(.transform(id, to: transform()))
          case 7: changes.append(.translate(id, x: double(-90...90), y: double(-90...90)))
          case 8: changes.append(.scale(id, x: double(0.5...2), y: double(0.5...2)))
          case 9: changes.append(.rotate(id, by: double(-3...3), z: 1))
          case 10:
            changes.append(
              .translate(
                id, by: Vector3(x: double(-9...9), y: 0, z: double(-300...0)),
                cameraDistance: distance()))
          default: changes.append(.frame(id, to: rect()))
          }
        }
        let duration = chance(0.1) ? 0 : double(0.1...1)
        let overlap = k == 0 || chance(0.4) ? 0 : double(0...(steps.last!.duration))
        steps.append(
          AnimationStep(
            duration: duration, curve: pick(Self.curves), overlap: overlap, changes: changes))
      }
      return Animation(steps)
    }
  }

  /// The digest of `count` random timelines drawn from `seed`.
  static func digest(seed: UInt64, count: Int) throws -> Digest {
    var cases = Cases(rng: SplitMix64(seed: seed))
    var digest = Digest()
    for _ in 0..<count {
      let scene = cases.scene()
      let timeline = try cases.animation(for: scene).timeline(from: scene)
      let frames = cases.int(2...24)
      for direction in [timeline, timeline.reversed(), timeline.reversed(along: .easeIn)] {
        var buffer = direction.initialScene
        for i in 0..<frames {
          direction.sample(frame: i, of: frames, into: &buffer)
          digest.add(buffer)
        }
        for _ in 0..<4 {
          let time = cases.double(-0.1...(direction.duration + 0.1))
          digest.add(direction.sample(at: time))
          let id = cases.pick(scene.allViews().map(\.view.id))
          if let state = direction.state(of: id, at: time) { digest.add(state) }
        }
      }
    }
    return digest
  }

  @Test func samplesMatchTheDigestsOfTheReferenceSampling() throws {
    let seed: UInt64 = 0xD16E_57ED
    let digest = try Self.digest(seed: seed, count: 400)
    #expect(digest.exact == 0xF4A9_D84D_4E6F_B9F5, "seed \(seed)")
    #expect(digest.signlessZero == 0xF0FB_AA85_9510_6EF5, "seed \(seed)")
  }
}

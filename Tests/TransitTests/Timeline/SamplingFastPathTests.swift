import RealModule
import Testing
import TransitTestSupport

@testable import Transit

/// The per-segment work kept at binding (turn cameras, decompositions and
/// slerp arcs) must sample the very numbers that the plain computation,
/// kept here as the reference model, gives.
@Suite struct SamplingFastPathTests {
  /// Bits of `x`, with −0 counted as +0 (see ``TurnFrame``).
  static func bits(_ t: Transform3D) -> [UInt64] { t.entries.map { ($0 + 0).bitPattern } }

  static func random(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &rng)
  }

  /// `m` followed by a turn by `angle` as sampling composes it: the sine
  /// and cosine from a fresh cache, the product in place.
  static func turn(_ m: Transform3D, _ frame: TurnFrame, _ angle: Double) -> Transform3D {
    StepSines.with { sines in
      let (s, c) = sines.sincos(angle, step: 0)
      var m = m
      withUnsafePointer(to: frame) { TurnFrame.apply($0, to: &m, sine: s, cosine: c) }
      return m
    }
  }

  /// The cache of sines is asked, sample after sample, for runs of equal
  /// angles per step, steps sharing an entry (k and k + 8), −0 after +0,
  /// angles one bit apart: every answer must be the sine and cosine of the
  /// angle asked for, never of the one before.
  @Test func stepSinesAnswerForTheAngleAskedForBitForBit() {
    let seed: UInt64 = 0x51_4E5C
    var rng = SplitMix64(seed: seed)
    for trial in 0..<300 {
      StepSines.with { sines in
        var previous = 0.0
        for ask in 0..<40 {
          let step = Int(rng.next() % 20)
          let angle: Double
          switch rng.next() % 6 {
          case 0: angle = previous
          case 1: angle = previous.nextUp
          case 2: angle = -previous
          case 3: angle = rng.next() % 2 == 0 ? 0 : -0.0
          default: angle = Self.random(&rng, -7...7)
          }
          previous = angle
          let (s, c) = sines.sincos(angle, step: step)
          #expect(
            s.bitPattern == Double.sin(angle).bitPattern
              && c.bitPattern == Double.cos(angle).bitPattern,
            "angle \(angle) at step \(step) (seed \(seed), trial \(trial), ask \(ask))")
        }
      }
    }
  }

  /// Views turned alike share one kept frame; frames that differ in any
  /// bit, even only in the sign of a zero, do not. Each view samples the
  /// very bits it samples when its turn is bound alone.
  @Test func viewsTurnedAlikeShareAFrameAndSampleAsAlone() throws {
    let pivots = [Vector3(x: 0, y: 0, z: -20), Vector3(x: -0.0, y: 0, z: -20)]
    let axes = [Vector3(x: 0, y: 1, z: 0), Vector3(x: 0, y: 1, z: -0.0)]
    let ids = (0..<12).map { "v\($0)" }
    let scene = Scene(
      size: Size(width: 400, height: 300),
      views: ids.map { View(id: $0, frame: Rect(x: 0, y: 0, width: 40, height: 30)) })
    func turn(_ i: Int) -> Change {
      .rotate(
        ids[i], by: 0.9, axis: axes[i % 2], pivot: pivots[i / 2 % 2],
        cameraDistance: i < 8 ? 500 : nil)
    }
    let together = try Animation([AnimationStep(duration: 1, changes: ids.indices.map(turn))])
      .timeline(from: scene)
    // Without a camera, two pivots (±0) by two axes (±0); with one, the
    // camera's product turns −0 into +0, so only the axes tell frames apart.
    #expect(together.tracks.turnFrames.count == 6)
    for i in ids.indices {
      let alone = try Animation([AnimationStep(duration: 1, changes: [turn(i)])])
        .timeline(from: scene)
      for frame in 0..<5 {
        #expect(
          bitIdentical(
            together.state(of: ids[i], frame: frame, of: 5),
            alone.state(of: ids[i], frame: frame, of: 5)),
          "view \(i), frame \(frame)")
      }
    }
  }

  @Test func turnsMatchTheConjugatedRotationBitForBit() {
    let seed: UInt64 = 0x7E57_7124
    var rng = SplitMix64(seed: seed)
    for trial in 0..<5_000 {
      let axes = [
        Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 0, z: 1),
        Vector3(
          x: Self.random(&rng, -1...1), y: Self.random(&rng, -1...1), z: Self.random(&rng, -1...1)),
      ]
      let axis = axes[Int(rng.next() % 4)]
      let pivot = Vector3(
        x: Self.random(&rng, -50...50),
        y: trial.isMultiple(of: 3) ? 0 : Self.random(&rng, -50...50),
        z: Self.random(&rng, -80...0))
      let distance: Double? = trial.isMultiple(of: 5) ? nil : Self.random(&rng, 100...2000)
      let angle = Self.random(&rng, -7...7)
      let p = trial.isMultiple(of: 7) ? 1 : Self.random(&rng, -0.2...1.2)
      let operation = TransformOperation.rotateInPerspective(angle, axis, pivot, distance)
      let m =
        trial.isMultiple(of: 2)
        ? Transform3D.identity
        : Transform3D.rotation(angle: Self.random(&rng, -3...3), x: 1, y: 1, z: 0)
          .translated(x: Self.random(&rng, -9...9), y: 3)
      guard let frame = TurnFrame(operation) else {
        Issue.record("no turn frame kept for \(operation) (seed \(seed), trial \(trial))")
        return
      }
      let reference = m.concatenating(operation.at(p))
      let fast = Self.turn(m, frame, p == 1 ? angle : angle * p)
      #expect(
        Self.bits(fast) == Self.bits(reference),
        "turn \(operation) at \(p) from \(m) (seed \(seed), trial \(trial))")
    }
  }

  /// A turn's sine and cosine come from one `sincos` call, which must give
  /// the bits `Double.sin` and `Double.cos` give at every magnitude: glibc
  /// reduces tiny, ordinary, large and huge arguments by different code.
  @Test func turnsMatchAtEveryMagnitudeOfAngleBitForBit() {
    let seed: UInt64 = 0x51_4C05
    var rng = SplitMix64(seed: seed)
    let fixed: [Double] = [
      0, 1e-300, 1e-8, 0.5, .pi / 4, .pi / 2, .pi, 3 * .pi / 2, 2 * .pi, 105_414_350, 1e6, 1e15,
      1e22, 1e300, .greatestFiniteMagnitude,
    ]
    let drawn = (0..<4_000).map { _ in
      // Exponents from 2⁻³⁰ to 2⁴⁰, uniformly, and both signs.
      let magnitude = Double.pow(2, Self.random(&rng, -30...40))
      return Self.random(&rng, 0...1) < 0.5 ? -magnitude : magnitude
    }
    let operation = TransformOperation.rotateInPerspective(
      1, Vector3(x: 0.3, y: 1, z: -0.2), Vector3(x: 5, y: -3, z: -20), 700)
    guard let frame = TurnFrame(operation) else {
      Issue.record("no turn frame kept for \(operation)")
      return
    }
    for angle in fixed + fixed.map(-) + drawn {
      let turn = TransformOperation.rotateInPerspective(
        angle, Vector3(x: 0.3, y: 1, z: -0.2), Vector3(x: 5, y: -3, z: -20), 700)
      #expect(
        Self.bits(Self.turn(.identity, frame, angle)) == Self.bits(turn.at(1)),
        "angle \(angle) (seed \(seed))")
    }
  }

  /// Today's slerp, worked out in full at every sample.
  static func referenceSlerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ p: Double) -> SIMD4<Double> {
    func dot(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
      0 + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
    }
    var b = b
    var cosine = dot(a, b)
    if cosine < 0 {
      b = -b
      cosine = -cosine
    }
    if cosine > 0.9995 {
      let mixed = a + (b - a) * p
      return mixed / dot(mixed, mixed).squareRoot()
    }
    let angle = Double.acos(min(cosine, 1))
    let sine = Double.sin(angle)
    return Double.sin((1 - p) * angle) / sine * a + Double.sin(p * angle) / sine * b
  }

  /// An absolute target that takes over from another one still running
  /// starts from that one's sampled value, which may differ from the start
  /// it was bound with only in the sign of a zero (holding a rotation about
  /// an axis recomposes some of its zeros as −0): its interpolation must
  /// then be made again from the sampled start, bit for bit, not kept
  /// because the two compare `==`.
  @Test func absoluteTargetsInterpolateFromTheirResolvedStartBitForBit() throws {
    let seed: UInt64 = 0x5EED_2E57
    var rng = SplitMix64(seed: seed)
    let scene = Scene(
      size: Size(width: 400, height: 300),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 40, height: 30))])
    let axes = [Vector3(x: 0, y: 1, z: 0), Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 0, z: 1)]
    var onlyZeroSigns = 0
    for trial in 0..<200 {
      let axis = axes[trial % 3]
      let held = Transform3D.rotation(
        angle: Self.random(&rng, -4...4), x: axis.x, y: axis.y, z: axis.z
      ).scaled(x: trial.isMultiple(of: 2) ? 1 : 2, y: 1)
      let timeline = try Animation([
        AnimationStep(duration: 1, changes: [.transform("v", to: held)]),
        AnimationStep(duration: 1, changes: [.transform("v", to: held)]),
        AnimationStep(
          duration: 1, overlap: Self.random(&rng, 0.1...0.9),
          changes: [.transform("v", to: .identity.translated(x: 10, y: 0))]),
      ]).timeline(from: scene)
      let tracks = timeline.tracks
      for j in tracks.transforms.segments.indices where tracks.interpolationSlots[j] >= 0 {
        let made = tracks.interpolations[tracks.interpolationSlots[j]].from
        let start = tracks.transforms.segments[j].from
        if start == held && start.entries.map(\.bitPattern) != held.entries.map(\.bitPattern) {
          onlyZeroSigns += 1
        }
        #expect(
          made.entries.map(\.bitPattern) == start.entries.map(\.bitPattern),
          "segment \(j) (seed \(seed), trial \(trial))")
      }
    }
    // The cases must include starts that differ from the bound one only in
    // the sign of a zero, or this test could not fail.
    #expect(onlyZeroSigns > 0, "seed \(seed)")
  }

  @Test func absoluteTargetsMatchDecomposingAtEverySampleBitForBit() {
    let seed: UInt64 = 0xAB50_1077
    var rng = SplitMix64(seed: seed)
    for trial in 0..<3_000 {
      func randomTransform() -> Transform3D {
        Transform3D.rotation(
          angle: Self.random(&rng, -4...4), x: Self.random(&rng, -1...1),
          y: Self.random(&rng, -1...1), z: Self.random(&rng, -1...1)
        )
        .concatenating(.perspective(distance: Self.random(&rng, 200...900)))
        .scaled(x: Self.random(&rng, 0.5...2), y: Self.random(&rng, 0.5...2))
        .translated(x: Self.random(&rng, -40...40), y: Self.random(&rng, -40...40))
      }
      let a = randomTransform()
      // Sometimes nearly the same rotation, for the linear branch.
      let b = trial.isMultiple(of: 4) ? a.translated(x: 1, y: 0) : randomTransform()
      let p = Self.random(&rng, -0.2...1.2)
      let fast = TransformInterpolation(from: a, to: b).at(p)
      guard var start = DecomposedTransform3D(a), let end = DecomposedTransform3D(b) else {
        Issue.record("not decomposable (seed \(seed), trial \(trial))")
        return
      }
      start.translation += (end.translation - start.translation) * p
      start.scale += (end.scale - start.scale) * p
      start.skew += (end.skew - start.skew) * p
      start.perspective += (end.perspective - start.perspective) * p
      start.quaternion = Self.referenceSlerp(start.quaternion, end.quaternion, p)
      #expect(
        fast.entries.map(\.bitPattern) == start.recomposed.entries.map(\.bitPattern),
        "\(a) → \(b) at \(p) (seed \(seed), trial \(trial))")
    }
  }
}

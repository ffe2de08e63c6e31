import PropertyBased
import RealModule
import Testing

@testable import Transit

@Suite("Transform3D interpolation")
struct Transform3DInterpolationTests {
  static func interpolate(_ a: Transform3D, _ b: Transform3D, _ p: Double) -> Transform3D {
    Transform3D.interpolate(from: a, to: b, progress: p)
  }

  /// translate · rotate · scale, applied scale first, with random parameters.
  static let decomposable = zip(
    zip(Gen.double(in: 0.2...3), Gen.double(in: 0.2...3), Gen.double(in: 0.2...3)),
    zip(
      Gen.double(in: -3...3), Gen.double(in: -1...1), Gen.double(in: -1...1),
      Gen.double(in: -1...1)),
    zip(Gen.double(in: -500...500), Gen.double(in: -500...500), Gen.double(in: -500...500))
  ).map { scale, rotation, translation in
    Transform3D.scale(x: scale.0, y: scale.1, z: scale.2)
      .rotated(by: rotation.0, x: rotation.1, y: rotation.2, z: rotation.3 + 1.5)
      .translated(x: translation.0, y: translation.1, z: translation.2)
  }

  /// The SIMD decomposition against the array-based reference model: the
  /// same numbers to the bit, for turns in perspective, reflections and
  /// skews as well as translate · rotate · scale.
  @Test("decomposed interpolation equals the reference model bit for bit")
  func matchesTheReferenceModel() async {
    let perspective = zip(Gen.double(in: -3...3), Gen.double(in: 200...2_000)).map {
      angle, distance in
      Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0)
        .concatenating(.perspective(distance: distance)).translated(x: 3, y: -2)
    }
    let skewed = zip(Gen.double(in: -1...1), Gen.double(in: -1...1)).map { a, b in
      Transform3D(
        m11: -1, m12: 0, m13: 0, m14: 0, m21: a, m22: 1, m23: 0, m24: 0,
        m31: b, m32: -0.3, m33: 2, m34: 0, m41: 5, m42: 0, m43: 1, m44: 1)
    }
    func check(_ a: Transform3D, _ b: Transform3D, _ p: Double) {
      let reference = ReferenceDecomposition(a)!.interpolated(
        to: ReferenceDecomposition(b)!, progress: p
      ).recomposed
      #expect(Self.interpolate(a, b, p) == reference)
    }
    let progress = Gen.double(in: -0.5...1.5)
    await propertyCheck(count: 300, input: Self.decomposable, Self.decomposable, progress) {
      check($0, $1, $2)
    }
    await propertyCheck(count: 300, input: perspective, skewed, progress) { check($0, $1, $2) }
  }

  @Test("progress 0 and 1 return the endpoints exactly")
  func exactEndpoints() async {
    await propertyCheck(count: 300, input: Self.decomposable, Self.decomposable) { a, b in
      #expect(Self.interpolate(a, b, 0) == a)
      #expect(Self.interpolate(a, b, 1) == b)
    }
    let singular = Transform3D.scale(x: 0, y: 1)
    #expect(Self.interpolate(singular, .identity, 0) == singular)
    #expect(Self.interpolate(singular, .identity, 1) == .identity)
  }

  @Test("halfway to a quarter turn about z is an eighth turn")
  func rotationHalfway() {
    let quarter = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
    let eighth = Transform3D.rotation(angle: .pi / 4, x: 0, y: 0, z: 1)
    #expect(maxDifference(Self.interpolate(.identity, quarter, 0.5), eighth) < 1e-9)
    let third = Transform3D.rotation(angle: .pi / 6, x: 0, y: 0, z: 1)
    #expect(maxDifference(Self.interpolate(.identity, quarter, 1.0 / 3), third) < 1e-9)
  }

  @Test("scale and translation interpolate linearly")
  func scaleAndTranslation() {
    let half = Self.interpolate(.identity, .scale(x: 2, y: 2, z: 2), 0.5)
    #expect(maxDifference(half, .scale(x: 1.5, y: 1.5, z: 1.5)) < 1e-12)
    let moved = Self.interpolate(.identity, .translation(x: 100, y: -40, z: 8), 0.5)
    #expect(maxDifference(moved, .translation(x: 50, y: -20, z: 4)) < 1e-12)
    let mixed = Self.interpolate(
      .translation(x: 10, y: 0), Transform3D.scale(x: 3, y: 1).translated(x: 30, y: 20), 0.25)
    #expect(maxDifference(mixed, Transform3D.scale(x: 1.5, y: 1).translated(x: 15, y: 5)) < 1e-12)
  }

  @Test("perspective is interpolated: m34 of a flip with a camera")
  func perspective() {
    let camera = Transform3D.perspective(distance: 1_000)
    let half = Self.interpolate(.identity, camera, 0.5)
    #expect(abs(half.m34 - (-0.5 / 1_000)) < 1e-15)
    // A rotation about y seen through a fixed camera: rotate first, then project.
    func flip(_ angle: Double) -> Transform3D {
      Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0).concatenating(camera)
    }
    let middle = Self.interpolate(flip(0), flip(.pi / 2), 0.5)
    #expect(maxDifference(middle, flip(.pi / 4)) < 1e-9)
    #expect(abs(middle.m34 - (-Double.cos(.pi / 4) / 1_000)) < 1e-12)
  }

  @Test("decomposing translate · rotate · scale and recomposing gives it back")
  func recomposition() async {
    await propertyCheck(count: 1000, input: Self.decomposable) { m in
      let decomposed = DecomposedTransform3D(m)!
      #expect(maxDifference(decomposed.recomposed, m) < 1e-9)
      #expect(maxDifference(Self.interpolate(m, m, 0.5), m) < 1e-9)
    }
  }

  @Test("reflections, skews and perspective survive the round trip too")
  func recompositionGeneral() {
    let skewed = Transform3D(
      m11: 1, m12: 0, m13: 0, m14: 0,
      m21: 0.4, m22: 1, m23: 0, m24: 0,
      m31: 0.1, m32: -0.3, m33: 1, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
    let samples = [
      Transform3D.scale(x: -1, y: 1),
      Transform3D.scale(x: -2, y: -3, z: -1).rotated(by: 2, x: 1, y: 1, z: 0),
      skewed.rotated(by: 0.5, x: 0, y: 0, z: 1).translated(x: 3, y: 4),
      Transform3D.rotation(angle: 0.8, x: 1, y: 0, z: 0)
        .concatenating(.perspective(distance: 400)).translated(x: 7, y: 1),
      Transform3D.rotation(angle: .pi, x: 0, y: 1, z: 0),
    ]
    for m in samples {
      let recomposed = DecomposedTransform3D(m)!.recomposed
      #expect(maxDifference(recomposed, m) < 1e-9, "\(m)")
    }
  }

  @Test("a singular end falls back to element-wise interpolation")
  func singularFallback() {
    let collapsed = Transform3D.scale(x: 0, y: 0)
    #expect(DecomposedTransform3D(collapsed) == nil)
    let half = Self.interpolate(.identity, collapsed, 0.5)
    #expect(half == Transform3D.scale(x: 0.5, y: 0.5))
    let rotated = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1)
    let mixed = Self.interpolate(rotated, collapsed, 0.5)
    let expected = zip(rotated.entries, collapsed.entries).map { $0 + ($1 - $0) * 0.5 }
    #expect(mixed.entries == expected)
  }

  /// A scale to 0 in x and y turned by a rotation: singular, but rounding
  /// leaves its determinant at about 1e-19 instead of 0. Decomposing it
  /// once divided by a zero length and filled the transform with NaN in
  /// the middle of an animation (an alongside animation found it).
  @Test("a matrix singular up to rounding falls back too, never to NaN")
  func singularUpToRounding() {
    let turned = Transform3D(
      m11: -0.06841949297825756, m12: 0.003192085662959107, m13: -0.020683997695639497,
      m14: 0, m21: 0.017606453916633128, m22: -0.0008214224729887222,
      m23: 0.005322633015648766, m24: 0, m31: 0.9536487436379912, m32: -0.04449212277900341,
      m33: 0.2882989562948973, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    #expect(DecomposedTransform3D(turned) == nil)
    let target = Transform3D.rotation(angle: 0.5, x: 0, y: 1, z: 0).scaled(x: 2, y: 0.8)
    for p in stride(from: 0.125, through: 0.875, by: 0.125) {
      let mixed = Self.interpolate(turned, target, p)
      #expect(mixed.entries.allSatisfy { $0.isFinite }, "at \(p): \(mixed)")
      let expected = zip(turned.entries, target.entries).map { $0 + ($1 - $0) * p }
      #expect(mixed.entries == expected, "at \(p)")
    }
  }
}

import Testing
import TransitTestSupport

@testable import Transit

@Suite("Transform3D")
struct Transform3DTests {
  @Test("concatenation applies self first, like CATransform3DConcat")
  func concatenationOrder() {
    let translateThenScale = Transform3D.translation(x: 10, y: 0).concatenating(
      .scale(x: 2, y: 2))
    #expect(translateThenScale.projecting(Point(x: 1, y: 0)) == Point(x: 22, y: 0))
    let scaleThenTranslate = Transform3D.scale(x: 2, y: 2).concatenating(
      .translation(x: 10, y: 0))
    #expect(scaleThenTranslate.projecting(Point(x: 1, y: 0)) == Point(x: 12, y: 0))
    #expect(Transform3D.identity.concatenating(translateThenScale) == translateThenScale)
  }

  @Test("a rotation by π/2 about z maps (1, 0) to (0, 1): clockwise with y down")
  func rotationAboutZ() {
    let p = Transform3D.rotation(angle: .pi / 2, x: 0, y: 0, z: 1).projecting(Point(x: 1, y: 0))!
    #expect(abs(p.x) < 1e-15)
    #expect(abs(p.y - 1) < 1e-15)
    #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
  }

  @Test("inverting and concatenating gives the identity")
  func inversionRoundTrip() {
    let transform = Transform3D.scale(x: 2, y: 0.5, z: 3)
      .rotated(by: 0.7, x: 1, y: 2, z: 3)
      .translated(x: 5, y: -7, z: 2)
      .concatenating(.perspective(distance: 500))
    let inverse = transform.inverted!
    #expect(maxDifference(transform.concatenating(inverse), .identity) < 1e-12)
    #expect(maxDifference(inverse.concatenating(transform), .identity) < 1e-12)
  }

  @Test("random products of turns, scales, moves and cameras invert to the identity (seeded)")
  func randomInversion() {
    var random = RandomCases(seed: 0x7A15_3D1F)
    for i in 0..<500 {
      var transform = Transform3D.identity
      for _ in 0..<random.int(1...4) { transform = transform.concatenating(random.transform()) }
      transform = transform.translated(
        x: random.double(-100...100), y: random.double(-100...100), z: random.double(-100...100))
      guard let inverse = transform.inverted else {
        Issue.record("case \(i) (seed 0x7A153D1F): \(transform) has no inverse")
        continue
      }
      let scale = max(1, transform.entries.map(abs).max()!, inverse.entries.map(abs).max()!)
      #expect(
        maxDifference(transform.concatenating(inverse), .identity) < 1e-9 * scale, "case \(i)")
      #expect(
        maxDifference(inverse.concatenating(transform), .identity) < 1e-9 * scale, "case \(i)")
    }
  }

  @Test("a singular transform has no inverse")
  func singular() {
    #expect(Transform3D.scale(x: 0, y: 1).inverted == nil)
    #expect(Transform3D(entries: [Double](repeating: 1, count: 16))!.inverted == nil)
  }

  @Test("with perspective, the side turned towards the camera is drawn larger")
  func perspectiveEnlargesNearPoints() {
    // Rotating about y by π/4 brings x < 0 towards the camera (z > 0).
    let transform = Transform3D.rotation(angle: .pi / 4, x: 0, y: 1, z: 0)
      .concatenating(.perspective(distance: 1_000))
    let nearTop = transform.projecting(Point(x: -100, y: 50))!
    let farTop = transform.projecting(Point(x: 100, y: 50))!
    #expect(abs(nearTop.x) > abs(farTop.x))
    #expect(nearTop.y > farTop.y)
    #expect(nearTop.y > 50)
    #expect(farTop.y < 50)
    #expect(transform.homogeneous(Point(x: -100, y: 0)).z > 0)
  }
}

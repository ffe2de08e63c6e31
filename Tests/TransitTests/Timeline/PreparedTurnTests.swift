import PropertyBased
import RealModule
import Testing

@testable import Transit

/// The prepared turn (camera matrices worked out once when bound) against
/// the model it replaces: `C⁻¹ · rotation(angle, axis) · C` built from scratch.
@Suite struct PreparedTurnTests {
  @Test func matchesTheConjugatedRotation() async {
    let vector = zip(Gen.double(in: -2...2), Gen.double(in: -2...2), Gen.double(in: -2...2))
    await propertyCheck(
      count: 500, input: Gen.double(in: -7...7), vector, vector, Gen.double(in: 100...3_000)
    ) { angle, axis, pivot, distance in
      let axis = Vector3(x: axis.0, y: axis.1, z: axis.2 + 0.1)
      let pivot = Vector3(x: pivot.0 * 100, y: pivot.1 * 100, z: pivot.2 * 100)
      for distance in [distance, nil] {
        let (camera, inverse) = TransformOperation.camera(pivot: pivot, distance: distance)
        let model = inverse.concatenating(
          .rotation(angle: angle, x: axis.x, y: axis.y, z: axis.z)
        ).concatenating(camera)
        let turn = PerspectiveTurn(angle: angle, axis: axis, pivot: pivot, distance: distance)
        let got = turn.at(angle: angle)
        let worst = zip(got.entries, model.entries).map { abs($0 - $1) / max(1, abs($1)) }.max()!
        #expect(
          worst < 1e-12, "angle \(angle), axis \(axis), pivot \(pivot), distance \(distance as Any)"
        )
      }
    }
    let still = PerspectiveTurn(
      angle: 1, axis: Vector3(x: 0, y: 0, z: 0), pivot: .zero, distance: 500)
    #expect(still.at(angle: 1) == .identity)
  }
}

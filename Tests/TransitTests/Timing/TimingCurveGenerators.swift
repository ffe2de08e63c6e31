import PropertyBased
import Testing

@testable import Transit

/// Random curves of every family, for property tests.
enum CurveGen {
  static let bezier = zip(
    Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.double(in: 0...1), Gen.double(in: -1...2)
  ).map { x1, y1, x2, y2 in try! TimingCurve.cubicBezier(x1, y1, x2, y2) }

  static let steps = zip(Gen.int(in: 2...12), Gen<TimingCurve.StepPosition>.case).map {
    count, position in try! TimingCurve.steps(count, position)
  }

  static let spring = zip(
    Gen.double(in: 0.1...5), Gen.double(in: 10...500), Gen.double(in: 0.5...60),
    Gen.double(in: -20...20)
  ).map { mass, stiffness, damping, velocity in
    try! TimingCurve.spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
  }

  static let named = Gen.element(of: TimingCurve.namedCurves.map(\.curve)).map { $0! }

  /// Any curve, mirrored or not.
  static let any = zip(Gen.oneOf(bezier, steps, spring, named), Gen.bool).map { curve, mirror in
    mirror ? curve.mirrored : curve
  }
}

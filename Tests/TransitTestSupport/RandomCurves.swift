import PropertyBased
import Transit

/// Timing curves of every kind for random tests, in the two shapes the
/// tests draw them: a fixed sample for scene-and-animation cases driven by
/// ``SplitMix64``, and property-based generators for curve properties.
public enum RandomCurves {
  /// A fixed sample of every kind: linear, the CSS presets, every Penner
  /// curve, a few custom Béziers, steps in all four positions, springs, and
  /// mirrors of some of them.
  public static let all: [TimingCurve] = {
    var curves = TimingCurve.namedCurves.map(\.curve)
    curves.append(try! .cubicBezier(0.1, -0.6, 0.7, 1.6))
    curves.append(try! .cubicBezier(0.9, 0.1, 0.2, 0.95))
    for position in TimingCurve.StepPosition.allCases {
      curves.append(try! .steps(position == .jumpNone ? 3 : 4, position))
    }
    curves.append(try! .spring(mass: 1, stiffness: 170, damping: 26))
    curves.append(try! .spring(mass: 1, stiffness: 300, damping: 8, initialVelocity: 2))
    curves.append(try! .spring(duration: 0.5, bounce: 0.3))
    curves += curves.prefix(12).map(\.mirrored)
    curves.append(try! TimingCurve.spring(duration: 0.4, bounce: 0.2).mirrored)
    return curves
  }()

  /// Cubic Béziers with control points anywhere CSS allows, overshooting
  /// in y.
  public static let bezier = zip(
    Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.double(in: 0...1), Gen.double(in: -1...2)
  ).map { x1, y1, x2, y2 in try! TimingCurve.cubicBezier(x1, y1, x2, y2) }

  /// Steps of 2 to 12 in every position.
  public static let steps = zip(Gen.int(in: 2...12), Gen<TimingCurve.StepPosition>.case).map {
    count, position in try! TimingCurve.steps(count, position)
  }

  /// Springs from stiff to loose, with an initial velocity either way.
  public static let spring = zip(
    Gen.double(in: 0.1...5), Gen.double(in: 10...500), Gen.double(in: 0.5...60),
    Gen.double(in: -20...20)
  ).map { mass, stiffness, damping, velocity in
    try! TimingCurve.spring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
  }

  /// The named curves.
  public static let named = Gen.element(of: TimingCurve.namedCurves.map(\.curve)).map { $0! }

  /// Any curve, mirrored or not.
  public static let any = zip(Gen.oneOf(bezier, steps, spring, named), Gen.bool).map {
    curve, mirror in mirror ? curve.mirrored : curve
  }
}

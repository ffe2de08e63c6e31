import Transit

/// Curves of every kind for the random animations: linear, the CSS presets,
/// every Penner curve, a few custom Béziers, steps in all four positions,
/// springs, and mirrors of some of them.
enum RandomCurves {
  static let all: [TimingCurve] = {
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
}

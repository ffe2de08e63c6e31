import Transit

/// Random scenes (up to `maxViews` views, nested) and random animations over
/// them (up to `maxSteps` steps mixing absolute and relative changes, every
/// curve kind, overlaps and gaps, zero durations).
///
/// With `appearance`, views also get random corners, borders, shadows,
/// content modes and text, and animations change those too (colours,
/// radii absolute and relative, border widths absolute and relative,
/// shadows, content modes, text colours), mixed with everything else.
/// Without it, the draws are the ones earlier tests were written against.
public struct RandomCases {
  /// The generator every draw comes from.
  public var rng: SplitMix64

  /// Cases that replay for the same `seed`.
  public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  public mutating func double(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &rng)
  }
  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  public mutating func chance(_ p: Double) -> Bool { double(0...1) < p }

  public mutating func rect() -> Rect {
    Rect(
      x: double(-400...400), y: double(-400...400), width: double(0...500),
      height: double(0...500))
  }

  public mutating func transform() -> Transform3D {
    switch int(0...3) {
    case 0: return .identity
    case 1: return .translation(x: double(-100...100), y: double(-100...100))
    case 2:
      return .rotation(angle: double(-4...4), x: double(-1...1), y: double(-1...1), z: 1)
        .concatenating(.scale(x: double(0.1...2), y: double(0.1...2)))
    default:
      return .perspective(distance: double(200...3000))
        .concatenating(.rotation(angle: double(-3...3), x: 0, y: 1, z: 0))
    }
  }

  /// A colour with every component, alpha included, anywhere in 0…1 —
  /// transparent now and then, so that premultiplying meets alpha 0.
  public mutating func color() -> Color {
    Color(
      red: double(0...1), green: double(0...1), blue: double(0...1),
      alpha: chance(0.15) ? 0 : double(0...1))
  }

  public mutating func cornerRadii() -> CornerRadii {
    if chance(0.3) { return CornerRadii(uniform: double(0...80)) }
    return CornerRadii(
      topLeft: double(0...80), topRight: double(0...80), bottomRight: double(0...80),
      bottomLeft: double(0...80))
  }

  public mutating func shadow() -> Shadow {
    chance(0.2)
      ? .none
      : Shadow(
        color: color(), opacity: double(0...1), radius: double(0...30),
        offset: Size(width: double(-20...20), height: double(-20...20)))
  }

  public mutating func contentMode() -> ContentMode {
    ContentMode.allCases[int(0...(ContentMode.allCases.count - 1))]
  }

  public mutating func curve() -> TimingCurve {
    RandomCurves.all[int(0...(RandomCurves.all.count - 1))]
  }

  public mutating func scene(maxViews: Int = 50, appearance: Bool = false) -> Scene {
    let count = int(1...maxViews)
    var made = 0
    func makeViews(_ depth: Int, _ budget: Int) -> [View] {
      var views: [View] = []
      var remaining = budget
      while remaining > 0 && made < count {
        made += 1
        remaining -= 1
        let childBudget = depth < 4 && chance(0.3) ? int(0...min(remaining, 6)) : 0
        remaining -= childBudget
        let id = "v\(made)"
        var view = View(
          id: id, frame: rect(), alpha: double(0...1),
          transform: chance(0.3) ? transform() : .identity,
          backgroundColor: Color(red: double(0...1), green: double(0...1), blue: double(0...1)),
          isHidden: chance(0.1))
        if appearance {
          view.backgroundColor = color()
          view.cornerRadii = cornerRadii()
          view.border = Border(width: double(0...10), color: color())
          view.shadow = shadow()
          view.imagePlacement = ImagePlacement(contentMode())
          if chance(0.5) { view.text = TextContent(string: id, color: color()) }
        }
        view.children = makeViews(depth + 1, childBudget)
        views.append(view)
      }
      return views
    }
    return Scene(
      size: Size(width: double(0...1000), height: double(0...1000)), views: makeViews(0, count))
  }

  /// An animation over the views of `scene` that binds without error: fades
  /// are chosen from the alpha each view will have when they run.
  public mutating func animation(
    for scene: Scene, maxSteps: Int = 12, relativeOnly: Bool = false, appearance: Bool = false
  ) -> Animation {
    let ids = scene.allViews().map(\.view.id)
    var alpha = Dictionary(
      uniqueKeysWithValues: scene.allViews().map { ($0.view.id, $0.view.alpha) })
    var radii = Dictionary(
      uniqueKeysWithValues: scene.allViews().map { ($0.view.id, $0.view.cornerRadii) })
    var borderWidth = Dictionary(
      uniqueKeysWithValues: scene.allViews().map { ($0.view.id, $0.view.border.width) })
    let hasText = Set(scene.allViews().filter { $0.view.text != nil }.map(\.view.id))
    var steps: [AnimationStep] = []
    for k in 0..<int(0...maxSteps) {
      let duration = chance(0.25) ? 0 : double(0.001...2)
      let previous = steps.last?.duration ?? 0
      let overlap: Double
      if k == 0 {
        overlap = chance(0.2) ? -double(0...0.5) : 0
      } else {
        overlap = chance(0.4) ? double(0...previous) : (chance(0.2) ? -double(0...0.5) : 0)
      }
      var changes: [Change] = []
      for _ in 0..<int(0...6) {
        let id = ids[int(0...(ids.count - 1))]
        let kind =
          appearance
          ? (relativeOnly ? [3, 4, 5, 6, 9, 11][int(0...5)] : int(0...15))
          : (relativeOnly ? int(3...6) : int(0...7))
        switch kind {
        case 0: changes.append(.frame(id, to: rect()))
        case 1:
          let value = double(0...1)
          changes.append(.alpha(id, to: value))
          alpha[id] = value
        case 2: changes.append(.transform(id, to: transform()))
        case 3: changes.append(.translate(id, x: double(-500...500), y: double(-500...500)))
        case 4:
          let zero = !relativeOnly && chance(0.1)
          changes.append(
            .scale(id, x: zero ? 0 : double(0.05...3), y: zero ? 0 : double(0.05...3)))
        case 5:
          let current = alpha[id]!
          let delta = double(-current...(1 - current))
          changes.append(.fade(id, by: delta))
          alpha[id] = current + delta
        case 6:
          if chance(0.4) {
            changes.append(
              .rotate(id, by: double(-7...7), x: double(-1...1), y: double(-1...1), z: 1))
          } else if chance(0.3) {
            changes.append(
              .translate(
                id, by: Vector3(x: double(-50...50), y: double(-50...50), z: double(-800...100)),
                cameraDistance: chance(0.2) ? nil : double(1000...4000)))
          } else {
            changes.append(
              .rotate(
                id, by: double(-4...4), axis: Vector3(x: double(-1...1), y: 1, z: 0),
                pivot: Vector3(x: double(-200...200), y: double(-200...200), z: double(-100...0)),
                cameraDistance: chance(0.2) ? nil : double(100...4000)))
          }
        case 7: changes.append(.hidden(id, chance(0.5)))
        case 8:
          let value = cornerRadii()
          changes.append(.cornerRadii(id, to: value))
          radii[id] = value
        case 9:
          // Each corner by an amount that keeps it at 0 or more.
          let r = radii[id]!
          let delta = CornerRadii(
            topLeft: double(-r.topLeft...40), topRight: double(-r.topRight...40),
            bottomRight: double(-r.bottomRight...40), bottomLeft: double(-r.bottomLeft...40))
          // What binding will compute, so that the next draw starts there.
          let sum = CornerRadii(
            topLeft: r.topLeft + delta.topLeft, topRight: r.topRight + delta.topRight,
            bottomRight: r.bottomRight + delta.bottomRight,
            bottomLeft: r.bottomLeft + delta.bottomLeft)
          guard sum.isValid else { continue }
          changes.append(.cornerRadii(id, by: delta))
          radii[id] = sum
        case 10:
          let value = double(0...10)
          changes.append(.borderWidth(id, to: value))
          borderWidth[id] = value
        case 11:
          let current = borderWidth[id]!
          let delta = double(-current...5)
          guard current + delta >= 0 else { continue }
          changes.append(.borderWidth(id, by: delta))
          borderWidth[id] = current + delta
        case 12:
          changes.append(
            chance(0.5) ? .backgroundColor(id, to: color()) : .borderColor(id, to: color()))
        case 13: changes.append(.shadow(id, to: shadow()))
        case 14: changes.append(.contentMode(id, to: contentMode()))
        default:
          if hasText.contains(id) {
            changes.append(.textColor(id, to: color()))
          } else {
            changes.append(.backgroundColor(id, to: color()))
          }
        }
      }
      steps.append(
        AnimationStep(
          duration: duration, curve: curve(), tag: chance(0.5) ? "s\(k)" : nil,
          overlap: overlap, changes: changes))
    }
    return Animation(steps)
  }
}

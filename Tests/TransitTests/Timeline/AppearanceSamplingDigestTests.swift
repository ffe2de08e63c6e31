import Testing
import TransitTestSupport

@testable import Transit

/// Sampling what views look like must give the very numbers the reference
/// sampling gave: a digest of every appearance property (background,
/// corners, border, shadow, image placement, text colour) and every state
/// of many seeded random timelines — absolute targets and relative
/// adjustments, properties changed in different steps and in the same
/// steps, overlapping steps, overshooting curves, instant steps — sampled
/// forward, reversed, rerun along another curve, by frame and by time.
///
/// The expected digests were computed by the sampling code that folded each
/// appearance property on its own track, before a view's appearance was
/// stored and looked up together. A digest changes when any bit of any
/// sampled number changes.
///
/// The cases are drawn here from `SplitMix64` directly, not from
/// `RandomCases`, so that changing the shared generators cannot change
/// the digests.
@Suite struct AppearanceSamplingDigestTests {
  /// FNV-1a over 64-bit words: small, fixed and order-sensitive.
  struct Digest {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ x: Double) {
      for shift in stride(from: 0, to: 64, by: 8) {
        value = (value ^ ((x.bitPattern >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01B3
      }
    }

    mutating func add(_ color: Color) {
      for x in [color.red, color.green, color.blue, color.alpha] { add(x) }
    }

    mutating func add(_ view: View) {
      let frame = view.frame
      for x in [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height, view.alpha] {
        add(x)
      }
      for x in view.transform.entries { add(x) }
      add(view.isHidden ? 1 : 0)
      add(view.backgroundColor)
      let radii = view.cornerRadii
      for x in [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft] { add(x) }
      add(view.border.width)
      add(view.border.color)
      add(view.shadow.color)
      for x in [
        view.shadow.opacity, view.shadow.radius, view.shadow.offset.width,
        view.shadow.offset.height,
      ] {
        add(x)
      }
      let placement = view.imagePlacement
      for x in [
        placement.stretched, placement.fitted, placement.filled, placement.natural,
        placement.anchorX, placement.anchorY,
      ] {
        add(x)
      }
      add(view.text?.color ?? Color(red: -1, green: -1, blue: -1, alpha: -1))
    }

    mutating func add(_ scene: Scene) {
      for (view, _) in scene.allViews() { add(view) }
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

    /// Colours opaque, translucent and now and then fully transparent (the
    /// mix's other branch).
    mutating func color() -> Color {
      Color(
        red: double(0...1), green: double(0...1), blue: double(0...1),
        alpha: chance(0.15) ? 0 : double(0...1))
    }

    mutating func radii() -> CornerRadii {
      chance(0.3)
        ? CornerRadii(uniform: double(0...40))
        : CornerRadii(
          topLeft: double(0...40), topRight: double(0...40), bottomRight: double(0...40),
          bottomLeft: double(0...40))
    }

    mutating func shadow() -> Shadow {
      Shadow(
        color: color(), opacity: double(0...1), radius: double(0...20),
        offset: Size(width: double(-10...10), height: double(-10...10)))
    }

    mutating func scene() -> Scene {
      var views: [View] = []
      for i in 0..<int(1...5) {
        var view = View(
          id: "v\(i)", frame: rect(), backgroundColor: color(),
          text: chance(0.6) ? TextContent(string: "Aa", color: color()) : nil,
          shadow: chance(0.5) ? shadow() : .none, contentMode: pick(ContentMode.allCases))
        view.cornerRadii = radii()
        view.border = Border(width: double(0...6), color: color())
        for j in 0..<(chance(0.3) ? int(1...3) : 0) {
          view.children.append(
            View(
              id: "v\(i).\(j)", frame: rect(),
              text: chance(0.5) ? TextContent(string: "b") : nil))
        }
        views.append(view)
      }
      return Scene(size: Size(width: 800, height: 600), views: views)
    }

    static let curves: [TimingCurve] = [
      .linear, .ease, .easeIn, .easeOut, .easeInOut, .penner(.back, .easeInOut),
      .penner(.elastic, .easeOut),
    ]

    /// A change of `view`'s appearance, or of its frame, alpha or
    /// transform; `nil` for a text colour of a view without text.
    mutating func change(of view: View) -> Change? {
      let id = view.id
      switch int(0...13) {
      case 0: return .backgroundColor(id, to: color())
      case 1: return .borderColor(id, to: color())
      case 2: return view.text == nil ? nil : .textColor(id, to: color())
      case 3: return .cornerRadii(id, to: radii())
      case 4: return .cornerRadii(id, by: CornerRadii(uniform: double(0...5)))
      case 5: return .borderWidth(id, to: double(0...8))
      case 6: return .borderWidth(id, by: double(0...2))
      case 7: return .shadow(id, to: shadow())
      case 8: return .contentMode(id, to: pick(ContentMode.allCases))
      case 9: return .frame(id, to: rect())
      case 10: return .fade(id, by: double(-0.1...0.1))
      case 11: return .translate(id, x: double(-90...90), y: double(-90...90))
      default: return nil
      }
    }

    /// Every appearance property of `view` at once, as a transition that
    /// restyles a card does: the case the shared lookup is built for.
    mutating func restyle(_ view: View) -> [Change] {
      let id = view.id
      var changes: [Change] = [
        .backgroundColor(id, to: color()), .borderColor(id, to: color()),
        chance(0.5)
          ? .cornerRadii(id, to: radii()) : .cornerRadii(id, by: CornerRadii(uniform: 1)),
        .borderWidth(id, to: double(0...8)), .shadow(id, to: shadow()),
        .contentMode(id, to: pick(ContentMode.allCases)),
      ]
      if view.text != nil { changes.append(.textColor(id, to: color())) }
      return changes
    }

    mutating func animation(for scene: Scene) -> Animation {
      let views = scene.allViews().map(\.view)
      var steps: [AnimationStep] = []
      for k in 0..<int(1...6) {
        var changes: [Change] = []
        for _ in 0..<int(1...8) {
          let view = pick(views)
          if chance(0.3) {
            changes += restyle(view)
          } else if let change = change(of: view) {
            changes.append(change)
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

  /// The digest of `count` random timelines drawn from `seed`; animations
  /// the binder refuses (a fade out of 0…1) are skipped, drawn all the same.
  static func digest(seed: UInt64, count: Int) -> (digest: Digest, bound: Int) {
    var cases = Cases(rng: SplitMix64(seed: seed))
    var digest = Digest()
    var bound = 0
    for _ in 0..<count {
      let scene = cases.scene()
      let animation = cases.animation(for: scene)
      let frames = cases.int(2...24)
      let times = (0..<4).map { _ in cases.double(-0.1...1.1) }
      guard let timeline = try? animation.timeline(from: scene) else { continue }
      bound += 1
      for direction in [timeline, timeline.reversed(), timeline.reversed(along: .easeIn)] {
        var buffer = direction.initialScene
        for i in 0..<frames {
          direction.sample(frame: i, of: frames, into: &buffer)
          digest.add(buffer)
        }
        for fraction in times {
          digest.add(direction.sample(at: fraction * direction.duration))
        }
      }
    }
    return (digest, bound)
  }

  @Test func samplesMatchTheDigestOfTheReferenceSampling() {
    let seed: UInt64 = 0xA99E_A4A7
    let (digest, bound) = Self.digest(seed: seed, count: 400)
    #expect(bound == 268, "seed \(seed)")
    #expect(digest.value == 0x70EE_08F9_3935_EDF4, "seed \(seed)")
  }
}

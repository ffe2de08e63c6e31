import PropertyBased
import Testing
import Transit
import TransitTestSupport

/// `withCurve(_:)`: the curved style plays its base's animation with every
/// timed step along the curve, under a name of its own, and compares equal
/// exactly when base and curve are equal.
@Suite("Curved styles")
struct CurvedStyleTests {
  static let context = TransitionContext(
    bounds: Rect(x: 0, y: 0, width: 390, height: 844), appearingViewID: "new",
    disappearingViewID: "old")

  /// The reference: the base's animation with each timed step's curve
  /// replaced, everything else as it was.
  static func expected(_ base: any TransitionStyle, _ curve: TimingCurve) throws -> Animation {
    let animation = try base.intrinsicAnimation(in: context)
    return Animation(
      animation.steps.map { step in
        var copy = step
        if copy.duration > 0 { copy.curve = curve }
        return copy
      })
  }

  @Test("Every built-in style along every named curve: the same steps, the curve on each timed one")
  func playsTheBaseAlongTheCurve() throws {
    for base in TransitionStyles.builtInStyles {
      for (_, curve) in TimingCurve.namedCurves {
        let curved = base.withCurve(curve)
        #expect(curved.intrinsicDuration == base.intrinsicDuration)
        #expect(try curved.intrinsicAnimation(in: Self.context) == Self.expected(base, curve))
        #expect(try curved.intrinsicReverseAnimation(in: Self.context) == nil)
      }
    }
  }

  @Test("A style's own reverse is curved too; the context's duration still rescales")
  func ownReverseAndDuration() throws {
    let curved = DropInStyle().withCurve(.linear)
    let reverse = try #require(try curved.intrinsicReverseAnimation(in: Self.context))
    let own = try #require(try DropInStyle().intrinsicReverseAnimation(in: Self.context))
    #expect(reverse.steps.map(\.changes) == own.steps.map(\.changes))
    for (step, ownStep) in zip(reverse.steps, own.steps) {
      let curve: TimingCurve = ownStep.duration > 0 ? .linear : ownStep.curve
      #expect(step.curve == curve)
    }
    var slow = Self.context
    slow.duration = 1
    #expect(try curved.animation(for: slow).duration == 1)
  }

  @Test("Names: <base>+<curve>, never the base's; curving again replaces the curve")
  func names() throws {
    let push = PushStyle(from: .right)
    #expect(push.withCurve(.easeIn).name == "push-from-right+ease-in")
    #expect(
      try push.withCurve(.cubicBezier(0.2, 0.9, 0.1, 1)).name
        == "push-from-right+cubic-bezier(0.2,0.9,0.1,1)")
    #expect(push.withCurve(.easeIn).withCurve(.linear) == push.withCurve(.linear))
    #expect(push.withCurve(.easeIn).withCurve(.linear).name == "push-from-right+linear")
    #expect(AnyTransitionStyle(push).withCurve(.linear).base is PushStyle)
    #expect(AnyTransitionStyle(push.withCurve(.easeIn)).withCurve(.linear).base is PushStyle)

    // Every built-in style along every curve: all names distinct, none a base's.
    let bases = TransitionStyles.builtInStyles
    let curves = Set(RandomCurves.all)
    var names: Set<String> = []
    for base in bases {
      for curve in curves { names.insert(base.withCurve(curve).name) }
    }
    #expect(names.count == bases.count * curves.count)
    #expect(names.isDisjoint(with: bases.map(\.name)))
  }

  @Test("A curved style never equals its base; equal decorations are equal, hash alike")
  func equality() {
    let push = AnyTransitionStyle(PushStyle(from: .right))
    let eased = AnyTransitionStyle(push.withCurve(.easeIn))
    #expect(eased != push)
    #expect(eased == AnyTransitionStyle(PushStyle(from: .right).withCurve(.easeIn)))
    #expect(eased != AnyTransitionStyle(push.withCurve(.easeOut)))
    #expect(Set([push, eased, AnyTransitionStyle(push.withCurve(.easeIn))]).count == 2)
  }

  @Test("Equal exactly when base names and curves are equal, as their names say (random pairs)")
  func equalityMatchesTheModel() async {
    let bases = TransitionStyles.builtInStyles
    await propertyCheck(count: 500, input: Gen.uint64()) { seed in
      var random = RandomCases(seed: seed)
      func pick() throws -> (any TransitionStyle, TimingCurve) {
        let base = bases[random.int(0...(bases.count - 1))]
        if random.chance(0.5) { return (base, random.curve()) }
        let (x1, y1) = (random.double(0...1), random.double(-1...2))
        let (x2, y2) = (random.double(0...1), random.double(-1...2))
        return (base, try TimingCurve.cubicBezier(x1, y1, x2, y2))
      }
      guard let (a, x) = try? pick(), var (b, y) = try? pick() else { return }
      if random.chance(0.3) { b = a }
      if random.chance(0.3) { y = x }
      let model = a.name == b.name && x == y
      let (u, v) = (a.withCurve(x), b.withCurve(y))
      #expect((u == v) == model, "seed \(seed): \(u.name) vs \(v.name)")
      #expect((u.name == v.name) == model, "seed \(seed): \(u.name) vs \(v.name)")
      #expect((AnyTransitionStyle(u) == AnyTransitionStyle(v)) == model, "seed \(seed)")
      if model { #expect(u.hashValue == v.hashValue, "seed \(seed)") }
      #expect(AnyTransitionStyle(u) != AnyTransitionStyle(a), "seed \(seed)")
    }
  }
}

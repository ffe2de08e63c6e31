import Testing
import Transit
import TransitTestSupport

/// The interpolation rules of what views look like, against their
/// references: CSS Color 4's premultiplied mix, CSS Backgrounds 3's corner
/// fitting, UIKit's content modes.
@Suite("Interpolation rules")
struct InterpolationRuleTests {
  @Test("colours mix premultiplied, as CSS Color 4 does: red fading to clear blue stays red")
  func premultipliedExample() {
    let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    let clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
    let middle = red.interpolated(to: clearBlue, progress: 0.5)
    // Straight, it would be (0.5, 0, 0.5, 0.5): purple.
    #expect(middle == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    // Two translucent colours, the formula written out.
    let a = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.25)
    let b = Color(red: 0.8, green: 0.2, blue: 0.0, alpha: 0.75)
    let m = a.interpolated(to: b, progress: 0.25)
    let alpha = 0.25 + (0.75 - 0.25) * 0.25
    #expect(abs(m.alpha - alpha) < 1e-15)
    #expect(abs(m.red - (0.2 * 0.25 * 0.75 + 0.8 * 0.75 * 0.25) / alpha) < 1e-15)
    #expect(abs(m.green - (0.4 * 0.25 * 0.75 + 0.2 * 0.75 * 0.25) / alpha) < 1e-15)
    #expect(abs(m.blue - (0.6 * 0.25 * 0.75) / alpha) < 1e-15)
  }

  @Test("colour endpoints are exact and mixes follow the premultiplied formula")
  func colourProperty() async {
    await seededPropertyCheck(count: 500, base: 0xA9_0101) { seed in
      var random = RandomCases(seed: seed)
      let (a, b) = (random.color(), random.color())
      #expect(a.interpolated(to: b, progress: 0) == a)
      #expect(a.interpolated(to: b, progress: 1) == b)
      let bits = { (c: Color) in [c.red, c.green, c.blue, c.alpha].map(\.bitPattern) }
      #expect(bits(a.interpolated(to: b, progress: 0)) == bits(a))
      #expect(bits(a.interpolated(to: b, progress: 1)) == bits(b))
      let p = random.double(0...1)
      let m = a.interpolated(to: b, progress: p)
      let alpha = a.alpha + (b.alpha - a.alpha) * p
      #expect(abs(m.alpha - alpha) < 1e-12)
      if alpha > 1e-6 {
        for (x, y, r) in [
          (a.red, b.red, m.red), (a.green, b.green, m.green), (a.blue, b.blue, m.blue),
        ] {
          let expected = (x * a.alpha * (1 - p) + y * b.alpha * p) / alpha
          #expect(abs(r - expected) < 1e-9, "seed \(seed)")
        }
      } else if alpha == 0 {
        // Nothing to un-premultiply: the components still move straight.
        #expect(abs(m.red - (a.red + (b.red - a.red) * p)) < 1e-12)
      }
      #expect([m.red, m.green, m.blue, m.alpha].allSatisfy { $0.isFinite })
    }
  }

  @Test("fitted radii follow CSS Backgrounds 3 §5.5: f = min(Lᵢ/Sᵢ) scales all four")
  func fittedRadii() async {
    await seededPropertyCheck(count: 500, base: 0xA9_0102) { seed in
      var random = RandomCases(seed: seed)
      let r = random.cornerRadii()
      let size = Size(width: random.double(0...200), height: random.double(0...200))
      let sums = [
        (size.width, r.topLeft + r.topRight), (size.width, r.bottomLeft + r.bottomRight),
        (size.height, r.topLeft + r.bottomLeft), (size.height, r.topRight + r.bottomRight),
      ]
      let f = sums.filter { $0.1 > 0 }.map { $0.0 / $0.1 }.min() ?? 1
      let fitted = r.fitted(to: size)
      if f >= 1 {
        #expect(fitted == r)
      } else {
        #expect(fitted.topLeft == r.topLeft * f && fitted.topRight == r.topRight * f)
        #expect(fitted.bottomRight == r.bottomRight * f && fitted.bottomLeft == r.bottomLeft * f)
        // No two adjacent corners overlap any more.
        #expect(fitted.topLeft + fitted.topRight <= size.width * (1 + 1e-12))
        #expect(fitted.topRight + fitted.bottomRight <= size.height * (1 + 1e-12))
      }
    }
    // CSS's own example shape: a 100×50 box with 50-point corners is a pill.
    #expect(CornerRadii(uniform: 50).fitted(to: Size(width: 100, height: 50)) == .init(uniform: 25))
  }

  @Test("content modes place an image as UIKit does")
  func contentModes() {
    let image = Size(width: 40, height: 20)
    let bounds = Rect(x: 10, y: 10, width: 100, height: 100)
    func place(_ mode: ContentMode) -> Rect { mode.rect(forImageOf: image, in: bounds) }
    #expect(place(.scaleToFill) == bounds)
    #expect(place(.scaleAspectFit) == Rect(x: 10, y: 35, width: 100, height: 50))
    #expect(place(.scaleAspectFill) == Rect(x: -40, y: 10, width: 200, height: 100))
    #expect(place(.center) == Rect(x: 40, y: 50, width: 40, height: 20))
    #expect(place(.topLeft) == Rect(x: 10, y: 10, width: 40, height: 20))
    #expect(place(.bottomRight) == Rect(x: 70, y: 90, width: 40, height: 20))
    #expect(place(.top) == Rect(x: 40, y: 10, width: 40, height: 20))
    #expect(place(.right) == Rect(x: 70, y: 50, width: 40, height: 20))
  }

  @Test("a placement mid-way is the interpolated placed rect, and settles on the mode exactly")
  func placements() async {
    await seededPropertyCheck(count: 300, base: 0xA9_0103) { seed in
      var random = RandomCases(seed: seed)
      let (m0, m1) = (random.contentMode(), random.contentMode())
      let image = Size(width: random.double(1...300), height: random.double(1...300))
      let bounds = random.rect()
      let (a, b) = (ImagePlacement(m0), ImagePlacement(m1))
      #expect(a.mode == m0 && b.mode == m1)
      #expect(a.rect(forImageOf: image, in: bounds) == m0.rect(forImageOf: image, in: bounds))
      #expect(a.interpolated(to: b, progress: 1) == b)
      #expect(a.interpolated(to: b, progress: 0) == a)
      let p = random.double(0...1)
      let r = a.interpolated(to: b, progress: p).rect(forImageOf: image, in: bounds)
      let (r0, r1) = (
        m0.rect(forImageOf: image, in: bounds), m1.rect(forImageOf: image, in: bounds)
      )
      for (x, u, v) in [
        (r.minX, r0.minX, r1.minX), (r.minY, r0.minY, r1.minY), (r.width, r0.width, r1.width),
        (r.height, r0.height, r1.height),
      ] {
        #expect(abs(x - (u + (v - u) * p)) <= 1e-9 * max(1, abs(u), abs(v)), "seed \(seed)")
      }
    }
  }

  @Test("a view's appearance animates through a timeline, and a text colour needs text")
  func throughATimeline() throws {
    let red = Color(red: 1, green: 0, blue: 0)
    let scene = Scene(
      size: Size(width: 100, height: 100),
      views: [
        View(
          id: "v", frame: Rect(x: 0, y: 0, width: 50, height: 50), backgroundColor: red,
          text: TextContent(string: "a"))
      ])
    let clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
    let animation = Animation([
      AnimationStep(
        duration: 1, curve: .linear,
        changes: [
          .backgroundColor("v", to: clearBlue), .cornerRadii("v", by: CornerRadii(uniform: 8)),
          .borderWidth("v", to: 4), .shadow("v", to: Shadow(opacity: 1, radius: 10)),
          .contentMode("v", to: .center), .textColor("v", to: .white),
        ])
    ])
    let timeline = try animation.timeline(from: scene)
    let middle = timeline.sample(at: 0.5).view("v")!.appearance
    #expect(middle.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(middle.cornerRadii == CornerRadii(uniform: 4))
    #expect(middle.border.width == 2)
    #expect(middle.shadow.opacity == 0.5 && middle.shadow.radius == 5)
    #expect(middle.imagePlacement.mode == nil)
    #expect(middle.textColor == Color(red: 0.5, green: 0.5, blue: 0.5))
    let end = timeline.endScene.view("v")!
    #expect(end.backgroundColor == clearBlue && end.imagePlacement.mode == .center)
    #expect(end.text?.color == .white)
    let plain = Scene(
      size: Size(width: 1, height: 1), views: [View(id: "v", frame: .zero)])
    #expect(throws: TransitError.self) {
      try Animation([.instant([.textColor("v", to: red)])]).timeline(from: plain)
    }
    #expect(throws: TransitError.self) {
      try Animation([.instant([.borderWidth("v", by: -1)])]).timeline(from: plain)
    }
  }
}

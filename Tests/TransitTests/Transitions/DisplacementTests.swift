import Testing
import Transit
import TransitTestSupport

/// Displacements as vectors: every operation is the componentwise one,
/// bit for bit, checked against the pair of numbers written out by hand
/// over random values (special values included).
@Suite("Displacement")
struct DisplacementTests {
  /// The same number, bit for bit (NaN equals NaN, −0 differs from +0).
  static func same(_ a: Displacement, _ b: (Double, Double)) -> Bool {
    a.x.bitPattern == b.0.bitPattern && a.y.bitPattern == b.1.bitPattern
  }

  @Test("zero, +, − and × are componentwise, bit for bit")
  func componentwise() {
    let seed = SplitMix64.seed(fallback: 0xD15B)
    var random = RandomCases(seed: seed)
    let special = [0.0, -0.0, 1, -1, .infinity, .nan, 1e300, .leastNonzeroMagnitude]
    func number() -> Double {
      random.chance(0.2) ? special[random.int(0...(special.count - 1))] : random.double(-1e4...1e4)
    }
    for round in 0..<500 {
      let (ax, ay, bx, by, k) = (number(), number(), number(), number(), number())
      let a = Displacement(x: ax, y: ay)
      let b = Displacement(x: bx, y: by)
      let place = "seed \(seed), round \(round): a = \(a), b = \(b), k = \(k)"
      #expect(Self.same(a + b, (ax + bx, ay + by)), "\(place)")
      #expect(Self.same(a - b, (ax - bx, ay - by)), "\(place)")
      #expect(Self.same(a * k, (ax * k, ay * k)), "\(place)")
      #expect(Self.same(-a, (-ax, -ay)), "\(place)")
      #expect(Self.same(a - a * k, (ax - ax * k, ay - ay * k)), "\(place)")
      var sum = a
      sum += b
      #expect(Self.same(sum, (ax + bx, ay + by)), "\(place)")
      #expect(Self.same(a + .zero, (ax + 0, ay + 0)), "\(place)")
    }
    #expect(Self.same(.zero, (0, 0)))
  }

  @Test("scaleInPlace cancels the drift of a scale about the centre, exactly")
  func scaleInPlaceDrift() {
    let offset = Displacement(x: 390, y: -844)
    let factor = 0.95
    let x: Double = 390 - 390 * factor
    let y: Double = -844 - -844 * factor
    let changes = StyleMetrics.scaleInPlace("v", by: factor, translatedBy: offset)
    let expected: [Change] = [.scale("v", by: factor), .translate("v", x: x, y: y)]
    #expect(changes == expected)
    #expect(
      StyleMetrics.scaleInPlace("v", by: 0.95, translatedBy: .zero) == [.scale("v", by: 0.95)])
    #expect(StyleMetrics.scaleInPlace("v", by: 1, translatedBy: offset) == [.scale("v", by: 1)])
  }
}

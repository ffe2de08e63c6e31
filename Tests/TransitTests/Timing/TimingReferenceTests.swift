import Testing

@testable import Transit

/// Transit's curves against values computed outside the project (see
/// `Scripts/generate-timing-references.py`): Penner's equations as
/// easings.net writes them and the CSS Bézier presets at 40 digits, and CSS
/// `steps()` as a browser computes it in doubles.
@Suite("Timing curves against outside references")
struct TimingReferenceTests {
  @Test("all 30 Penner curves match easings.net to 1e-12, 0, ½ and 1 included")
  func penner() throws {
    var checked = Set<String>()
    for (name, t, expected) in TimingReferenceTables.penner {
      let curve = try TimingCurve(parsing: name)
      let value = curve.value(at: t)
      #expect(abs(value - expected) <= 1e-12, "\(name) at \(t): \(value), reference \(expected)")
      checked.insert(name)
    }
    #expect(checked.count == 30)
  }

  @Test("the issue's two examples: back and elastic in-out use Penner's own constants")
  func inOutExamples() {
    let back = TimingCurve.penner(.back, .easeInOut)
    let elastic = TimingCurve.penner(.elastic, .easeInOut)
    #expect(abs(back.value(at: 0.25) - -0.09968184375) < 1e-15)
    #expect(abs(elastic.value(at: 0.55) - 0.9565879555832677) < 1e-13)
    // Still point-symmetric, hence their own mirrors.
    for t in stride(from: 0.0, through: 1.0, by: 1.0 / 64) {
      #expect(abs(back.value(at: t) - (1 - back.value(at: 1 - t))) < 1e-14)
      #expect(abs(elastic.value(at: t) - (1 - elastic.value(at: 1 - t))) < 1e-14)
    }
  }

  @Test("the CSS Bézier presets match 40-digit solutions to 1e-12")
  func bezierPresets() throws {
    for (name, t, expected) in TimingReferenceTables.bezier {
      let value = try TimingCurve(parsing: name).value(at: t)
      #expect(abs(value - expected) <= 1e-12, "\(name) at \(t): \(value), reference \(expected)")
    }
  }

  @Test("steps() is CSS's algorithm in doubles, bit for bit, jumps and frame times included")
  func steps() throws {
    for (count, position, t, after, before) in TimingReferenceTables.steps {
      let curve = try TimingCurve.steps(count, try #require(.init(rawValue: position)))
      #expect(
        curve.value(at: t).bitPattern == after.bitPattern,
        "steps(\(count),\(position)) at \(t): \(curve.value(at: t)), CSS \(after)")
      #expect(
        curve.value(at: t, before: true).bitPattern == before.bitPattern,
        "steps(\(count),\(position)) before \(t): \(curve.value(at: t, before: true)), CSS \(before)"
      )
    }
  }

  @Test("the issue's example: steps(5, jump-none) takes its jumps at 0.2 and 0.6")
  func stepsExample() throws {
    let curve = try TimingCurve.steps(5, .jumpNone)
    #expect(curve.value(at: 0.2) == 0.25)
    #expect(curve.value(at: 0.6) == 0.75)
    #expect(curve.value(at: 0.2, before: true) == 0)
    #expect(curve.value(at: 0.6, before: true) == 0.5)
  }
}

import Testing
import TransitTestSupport

@testable import TransitRender

/// Frame times rounded to a format's unit: every start within half a unit,
/// the total exact, over random seeded times; fractions as near as 16 bits allow.
@Suite("Frame times")
struct FrameTimesTests {
  /// Random starts from 0: repeated times, gaps far below a unit, long holds.
  static func randomTimes(_ random: inout SplitMix64) throws -> FrameTimes {
    var starts = [0.0]
    for _ in 0..<random.below(60) {
      let gap: Double
      switch random.below(4) {
      case 0: gap = 0
      case 1: gap = Double(random.below(1000)) / 7_000_000  // under a millisecond
      case 2: gap = Double(random.below(1000)) / 997
      default: gap = Double(random.below(30_000)) / 3
      }
      starts.append(starts[starts.count - 1] + gap)
    }
    let end = starts[starts.count - 1] + Double(random.below(5000)) / 1001
    return try FrameTimes(starts: starts, end: end)
  }

  @Test func everyStartIsWithinHalfAUnitAndTheTotalIsExact() throws {
    let seed = SplitMix64.seed(fallback: 0xF7A3_0001)
    var random = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let times = try Self.randomTimes(&random)
      for unit in [
        FrameDelay(numerator: 1, denominator: 100), .init(numerator: 1, denominator: 1000),
        .init(numerator: 2, denominator: 35),
      ] {
        let ticks = times.ticks(of: unit)
        #expect(ticks.count == times.count)
        #expect(ticks.allSatisfy { $0 >= 0 }, "seed \(seed)")
        var start = 0
        for k in 0...times.count {
          let exact = (k < times.count ? times.starts[k] : times.end) / unit.seconds
          #expect(
            abs(Double(start) - exact) <= 0.5 + 1e-6,
            "seed \(seed): frame \(k) at \(start) units, exactly \(exact)")
          if k < times.count { start += ticks[k] }
        }
      }
      #expect(
        times.ticks(perSecond: 100) == times.ticks(of: FrameDelay(numerator: 1, denominator: 100)))
    }
  }

  @Test func fractionsCarryTheirRoundingSoTheTotalStaysExact() throws {
    let seed = SplitMix64.seed(fallback: 0xF7A3_0002)
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let times = try Self.randomTimes(&random)
      var shown = 0.0
      for (k, delay) in times.fractions.enumerated() {
        #expect(delay.denominator > 0)
        let exact = k + 1 < times.count ? times.starts[k + 1] : times.end
        // 16-bit terms: within a 65,535th of a second, or of the delay when
        // it is longer (its denominator can be no larger).
        let bound = max(1, exact - shown) / 65_535 + 1e-9
        shown += delay.seconds
        #expect(
          abs(shown - exact) <= bound, "seed \(seed): frame \(k) ends at \(shown), exactly \(exact)"
        )
      }
    }
    // Simple rates stay exact fractions.
    let push = FrameTimes(count: 12, delay: FrameDelay(numerator: 2, denominator: 55))
    #expect(push.fractions.allSatisfy { $0 == FrameDelay(numerator: 2, denominator: 55) })
    let sixty = try FrameTimes(starts: (0..<60).map { Double($0) / 60 }, end: 1)
    #expect(sixty.fractions.allSatisfy { $0 == FrameDelay(numerator: 1, denominator: 60) })
  }

  @Test func theNearestFractionIsTheBestWithSixteenBitTerms() {
    #expect(FrameDelay.nearest(seconds: 0.4 / 11) == FrameDelay(numerator: 2, denominator: 55))
    #expect(
      FrameDelay.nearest(seconds: 1001.0 / 30_000)
        == FrameDelay(numerator: 1001, denominator: 30_000))
    #expect(FrameDelay.nearest(seconds: 2.5) == FrameDelay(numerator: 5, denominator: 2))
    #expect(FrameDelay.nearest(seconds: 0) == FrameDelay(numerator: 0, denominator: 1))
    #expect(FrameDelay.nearest(seconds: 1e-9) == FrameDelay(numerator: 0, denominator: 1))
    #expect(FrameDelay.nearest(seconds: .nan) == FrameDelay(numerator: 0, denominator: 1))
    #expect(FrameDelay.nearest(seconds: 1e17) == FrameDelay(numerator: 65_535, denominator: 1))
    // Against a search of every denominator, over random seeded values.
    let seed = SplitMix64.seed(fallback: 0xF7A3_0003)
    var random = SplitMix64(seed: seed)
    for _ in 0..<150 {
      let seconds =
        random.below(2) == 0
        ? Double(random.below(1 << 40)) / Double(1 << 40) : Double(random.below(1 << 40)) / 1e8
      let found = FrameDelay.nearest(seconds: seconds)
      var best = Double.infinity
      for q in 1...65_535 {
        let p = min(65_535, (seconds * Double(q)).rounded())
        best = min(best, abs(p / Double(q) - seconds))
      }
      #expect(abs(found.seconds - seconds) <= best * (1 + 1e-9) + 1e-18, "seed \(seed): \(seconds)")
    }
  }

  /// The example in FrameTimes' documentation.
  @Test func aPushThenAWait() throws {
    let push = (0..<8).map { Double($0) * 0.4 / 7 }
    let times = try FrameTimes(starts: push, end: 0.4 + 0.4 / 7 + 2)
    #expect(times.ticks(perSecond: 100) == [6, 5, 6, 6, 6, 5, 6, 206])
  }

  @Test func badTimesAreRefused() {
    #expect(throws: RenderError.self) { try FrameTimes(starts: [], end: 1) }
    #expect(throws: RenderError.self) { try FrameTimes(starts: [0.5], end: 1) }
    #expect(throws: RenderError.self) { try FrameTimes(starts: [0, 2, 1], end: 3) }
    #expect(throws: RenderError.self) { try FrameTimes(starts: [0, 1], end: 0.5) }
    #expect(throws: RenderError.self) { try FrameTimes(starts: [0, .nan], end: 1) }
    #expect(throws: RenderError.self) { try FrameTimes(starts: [0], end: .infinity) }
  }

  /// A frame longer than GIF's 655.35 s is the same picture again, its
  /// delays adding up to its time.
  @Test func aGIFFrameBeyondSixteenBitsIsWrittenAgain() throws {
    let image = try Image(width: 1, height: 1, fill: .black)
    let bytes = try GIFEncoder.encode(
      [image, image], times: FrameTimes(starts: [0, 700], end: 700.5))
    // The graphic control blocks' delays, in order.
    var delays: [Int] = []
    for i in 0..<(bytes.count - 8)
    where bytes[i] == 0x21 && bytes[i + 1] == 0xF9 && bytes[i + 2] == 4 {
      delays.append(Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8)
    }
    #expect(delays == [65_535, 4_465, 50])
  }
}

import Testing
import TransitTestSupport

@testable import TransitRender

/// GIF delays in centiseconds, exact on average: checked against a reference
/// that works in exact fractions, over random seeded frame delays.
@Suite("GIF delays")
struct GIFDelayTests {
  @Test func frameKStartsAtKTimesTheDelayRoundedToACentisecond() {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0004)
    var random = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let delay = FrameDelay(
        numerator: UInt16(1 + random.below(300)), denominator: UInt16(1 + random.below(1000)))
      let count = Int(1 + random.below(200))
      let delays = GIFEncoder.centisecondDelays(count: count, delay: delay)
      #expect(delays.count == count)
      // Reference: the ideal start of frame k is k·n·100/d centiseconds;
      // the encoded start must be within half a centisecond of it.
      var start = 0
      for k in 0...count {
        let twiceIdeal = 2 * k * Int(delay.numerator) * 100  // over 2d
        let twiceEncoded = 2 * start * Int(delay.denominator)
        #expect(
          abs(twiceEncoded - twiceIdeal) <= Int(delay.denominator),
          "seed \(seed): delay \(delay.numerator)/\(delay.denominator), frame \(k)")
        if k < count {
          #expect(delays[k] >= 0, "seed \(seed)")
          start += delays[k]
        }
      }
    }
  }

  @Test func wholeCentisecondDelaysAreKeptAsTheyAre() {
    #expect(
      GIFEncoder.centisecondDelays(count: 4, delay: FrameDelay(numerator: 1, denominator: 10)) == [
        10, 10, 10, 10,
      ])
    #expect(
      GIFEncoder.centisecondDelays(count: 3, delay: FrameDelay(numerator: 1, denominator: 30)) == [
        3, 4, 3,
      ])
  }
}

import Testing
import TransitTestSupport

/// The seeded property check every seed-driven property test uses: its
/// fixed part must be the same on every run (that is its point), and its
/// fresh part must still be there.
@Suite("Seeded property checks")
struct SeededPropertyCheckTests {
  @Test("the fixed seeds come first, the same on every run, then a quarter as many fresh ones")
  func fixedThenFresh() async {
    // Only meaningful without a replay seed, which runs one case alone.
    guard SplitMix64.replaySeed == nil else { return }
    var first: [UInt64] = []
    await seededPropertyCheck(count: 12, base: 42) { first.append($0) }
    var second: [UInt64] = []
    await seededPropertyCheck(count: 12, base: 42) { second.append($0) }
    #expect(first.count == 15 && second.count == 15)
    #expect(Array(first.prefix(12)) == SplitMix64.fixedSeeds(count: 12, base: 42))
    #expect(first.prefix(12) == second.prefix(12))
    // SplitMix64 from 42, worked by hand from its published constants.
    #expect(first.first == 0xBDD7_3226_2FEB_6E95)
    #expect(Set(first.prefix(12)).count == 12)
    // Fresh seeds differ from run to run (a clash has chance 2⁻⁶⁴ per pair).
    #expect(first.suffix(3) != second.suffix(3))
  }

  @Test("another base gives other fixed seeds, and a count of 0 none")
  func bases() {
    #expect(SplitMix64.fixedSeeds(count: 4, base: 1) != SplitMix64.fixedSeeds(count: 4, base: 2))
    #expect(SplitMix64.fixedSeeds(count: 0, base: 1).isEmpty)
    #expect(SplitMix64.fixedSeeds(count: -3, base: 1).isEmpty)
  }
}

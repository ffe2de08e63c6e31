import Testing
import Transit
import TransitTestSupport

/// `Animation.reversed()` keeps the duration bit for bit, however the
/// steps' durations and overlaps round when the reverse sums them in the
/// other order.
@Suite("Unbound reversal keeps the duration")
struct UnboundReversalDurationTests {
  /// 0.1 + 0.1 + 0.25 is 0.45, but 0.25 + 0.1 + 0.1 is 0.44999999999999996.
  @Test func theChainThatSumsDifferentlyBackwards() throws {
    let animation = Animation(
      [0.1, 0.1, 0.25].map { AnimationStep(duration: $0, changes: [.translate("v", x: 1, y: 0)]) })
    #expect(animation.duration == 0.45)
    #expect(0.25 + 0.1 + 0.1 != 0.45)
    let back = try animation.reversed()
    #expect(back.duration.bitPattern == animation.duration.bitPattern)
    try back.validate()
    #expect(back.steps.prefix(3).map(\.duration) == [0.25, 0.1, 0.1])
  }

  /// 0.1 + 0.2 + 0.3 is 0.6000000000000001 and 0.3 + 0.2 + 0.1 is 0.6;
  /// placed at the mirrors of the forward's spans (0.3 + 0.2 starting at
  /// 0.3000000000000001, a gap of one unit in the last place), the steps
  /// end on 0.6000000000000001 themselves: no empty step is added.
  @Test func mirroredStartsEndTheReverseExactly() throws {
    let animation = Animation(
      [0.1, 0.2, 0.3].map { AnimationStep(duration: $0, changes: [.fade("v", by: 0.25)]) })
    #expect(0.3 + 0.2 + 0.1 != animation.duration)
    let back = try animation.reversed()
    #expect(back.duration.bitPattern == animation.duration.bitPattern)
    #expect(back.steps.map(\.duration) == [0.3, 0.2, 0.1])
    try back.validate()
  }

  @Test("the reverse of random durations, gaps and overlaps has the same duration, bit for bit")
  func randomSchedules() async {
    await seededPropertyCheck(count: 2_000, base: 0x5EED_00D0) { seed in
      var random = RandomCases(seed: seed)
      let count = random.int(1...9)
      var steps: [AnimationStep] = []
      for index in 0..<count {
        // Decimal amounts, as people write them, and arbitrary doubles.
        let duration =
          random.chance(0.15)
          ? 0 : random.chance(0.5) ? Double(random.int(1...60)) / 20 : random.double(0...3)
        var overlap = 0.0
        if random.chance(0.5) {
          overlap =
            random.chance(0.5) ? Double(random.int(-10...10)) / 10 : random.double(-1...1)
        }
        steps.append(
          AnimationStep(
            duration: duration, curve: random.curve(), tag: "s\(index)", overlap: overlap,
            changes: [.translate("v", x: 1, y: 0), .fade("v", by: 0.1)]))
      }
      let animation = Animation(steps)
      guard (try? animation.validate()) != nil else { return }
      let back = try animation.reversed()
      #expect(
        back.duration.bitPattern == animation.duration.bitPattern,
        "\(animation.duration) became \(back.duration), seed \(seed)")
      #expect((try? back.validate()) != nil, "seed \(seed)")
      // The steps mirrored, in the opposite order, at most one empty one after.
      #expect(back.steps.count - count == 0 || back.steps.count - count == 1)
      #expect(back.steps.prefix(count).map(\.tag) == steps.reversed().map(\.tag))
      #expect(back.steps.dropFirst(count).allSatisfy { $0.changes.isEmpty })
      // Each span is the mirror of the forward's, to within rounding.
      let (starts, total) = animation.schedule
      let backStarts = back.schedule.starts
      for k in 0..<count {
        let mirrored = total - (starts[k] + steps[k].duration)
        let actual = backStarts[count - 1 - k]
        #expect(abs(actual - mirrored) <= 1e-12 * max(1, total), "step \(k), seed \(seed)")
      }
    }
  }
}

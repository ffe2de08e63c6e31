import PropertyBased
import Testing

/// Checks a property over seeded random cases: first `count` seeds that are
/// the same on every run, then `count / 4` (at least one) drawn afresh.
///
/// A property test that draws only fresh seeds checks different cases on
/// every run, so a rare failure shows up by luck, once, and a green run
/// says little about the next. The fixed part is what every run — and CI —
/// checks, the same cases each time; the fresh part keeps looking for new
/// ones. Each case builds everything it needs from its seed (a
/// ``RandomCases`` or ``SplitMix64`` seeded with it), so a seed is a whole
/// reproduction.
///
/// Every case runs inside PropertyBased's `propertyCheck`, which reports a
/// failing case's input — the seed — with the failure: set the environment
/// variable `TRANSIT_SEED` to it to run that case alone.
///
/// - Parameters:
///   - count: how many fixed seeds; they are the first `count` numbers of
///     ``SplitMix64`` seeded with `base`.
///   - base: the test's own start for its fixed seeds, so that two tests do
///     not check the same seeds.
///   - body: the property for one seed; record failures with `#expect`.
public func seededPropertyCheck(
  count: Int, base: UInt64,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: (UInt64) async throws -> Void
) async {
  if let replay = SplitMix64.replaySeed {
    await propertyCheck(
      count: 1, input: Gen.always(replay), perform: body, isolation: isolation,
      sourceLocation: sourceLocation)
    return
  }
  for seed in SplitMix64.fixedSeeds(count: count, base: base) {
    await propertyCheck(
      count: 1, input: Gen.always(seed), perform: body, isolation: isolation,
      sourceLocation: sourceLocation)
  }
  await propertyCheck(
    count: max(1, count / 4), input: Gen.uint64(), perform: body, isolation: isolation,
    sourceLocation: sourceLocation)
}

extension SplitMix64 {
  /// The first `count` numbers of the generator seeded with `base`: a
  /// test's fixed seeds, the same on every run.
  public static func fixedSeeds(count: Int, base: UInt64) -> [UInt64] {
    var generator = SplitMix64(seed: base)
    return (0..<max(0, count)).map { _ in generator.next() }
  }
}

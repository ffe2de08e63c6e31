import Testing
import TransitRender

/// The comparator against pixelmatch itself: the expected counts were
/// computed by the `pixelmatch` package (a port of mapbox/pixelmatch) on the
/// same PNGs, by `Scripts/generate-pixelmatch-fixtures.py`.
@Suite struct PixelmatchAgreementTests {
  @Test(
    "counts agree with pixelmatch's on anti-aliased shapes, tie-breaking included",
    arguments: PixelmatchFixtures.pairs.map { $0.0 })
  func agreesWithPixelmatch(pair: String) throws {
    let (_, differing, overThreshold) = try #require(
      PixelmatchFixtures.pairs.first { $0.0 == pair })
    let a = try PNGDecoder.decode(contentsOf: PNGFixtures.path("pixelmatch/\(pair)-a.png"))
    let b = try PNGDecoder.decode(contentsOf: PNGFixtures.path("pixelmatch/\(pair)-b.png"))
    let result = try ImageComparison.compare(a, b, threshold: 0.1)
    #expect(result.differing == differing, "\(pair)")
    #expect(result.differing + result.antiAliased == overThreshold, "\(pair)")
    // pixelmatch's test is symmetric in which image comes first.
    let swapped = try ImageComparison.compare(b, a, threshold: 0.1)
    #expect(swapped.differing == differing, "\(pair), swapped")
  }
}

import Testing
import Transit

/// What a placement mixes, and the mode it is nearer, as tools show them.
@Suite("Image placement: its mix and nearest mode")
struct ImagePlacementMixTests {
  @Test("a settled mode weighs 1 on its own kind and is its own nearest mode")
  func settled() {
    for mode in ContentMode.allCases {
      let placement = ImagePlacement(mode)
      let mix = placement.mix
      #expect(placement.nearestMode == mode)
      #expect(mix.scaleToFill + mix.aspectFit + mix.aspectFill + mix.ownSize == 1)
      #expect((mix.ownSize == 1) == (mix.anchor != nil), "\(mode)")
    }
    #expect(ImagePlacement(.scaleAspectFit).mix.aspectFit == 1)
    #expect(ImagePlacement(.bottomRight).mix.anchor.map { [$0.x, $0.y] } == [1, 1])
  }

  @Test(
    "part of the way between two modes, the weights are 1 − p and p and the nearer end is named")
  func between() throws {
    let fill = ImagePlacement(.scaleAspectFill)
    let fit = ImagePlacement(.scaleAspectFit)
    let quarter = fill.interpolated(to: fit, progress: 0.25)
    #expect(quarter.mix.aspectFill == 0.75 && quarter.mix.aspectFit == 0.25)
    #expect(quarter.nearestMode == .scaleAspectFill)
    #expect(fill.interpolated(to: fit, progress: 0.75).nearestMode == .scaleAspectFit)
    // Half-way, both ends are as near: the first in `allCases` is named.
    #expect(fill.interpolated(to: fit, progress: 0.5).nearestMode == .scaleAspectFit)
    #expect(fit.interpolated(to: fill, progress: 0.5).nearestMode == .scaleAspectFit)
    // The own-size part's anchor is its own, whatever its weight.
    let half = fill.interpolated(to: ImagePlacement(.bottomRight), progress: 0.5)
    #expect(half.mix.ownSize == 0.5 && half.mix.aspectFill == 0.5)
    #expect(half.mix.anchor.map { [$0.x, $0.y] } == [1, 1])
    let corner = ImagePlacement(.center).interpolated(to: ImagePlacement(.topLeft), progress: 0.8)
    #expect(corner.nearestMode == .topLeft)
    let anchor = try #require(corner.mix.anchor)
    #expect(abs(anchor.x - 0.1) < 1e-15 && abs(anchor.y - 0.1) < 1e-15)
  }
}

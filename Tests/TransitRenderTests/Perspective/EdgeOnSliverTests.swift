import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// A view turned exactly edge-on becomes a sliver one device pixel thick
/// on the line it projects to, mapped by a homography that puts the view's
/// corners on the sliver's.
@Suite struct EdgeOnSliverTests {
  @Test func theRectangleMapsOntoTheQuadCornerForCorner() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let (width, height) = (
        Double.random(in: 1...500, using: &rng), Double.random(in: 1...500, using: &rng)
      )
      // A convex quad: a rectangle's corners nudged inwards a little.
      let (x, y, w, h) = (
        Double.random(in: -100...100, using: &rng), Double.random(in: -100...100, using: &rng),
        Double.random(in: 10...300, using: &rng), Double.random(in: 10...300, using: &rng)
      )
      func nudge() -> Double { Double.random(in: 0...4, using: &rng) }
      let quad = [
        (x: x + nudge(), y: y + nudge()), (x: x + w - nudge(), y: y + nudge()),
        (x: x + w - nudge(), y: y + h - nudge()), (x: x + nudge(), y: y + h - nudge()),
      ]
      let map = try #require(Homography(mappingWidth: width, height: height, onto: quad))
      let corners = [
        Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height),
        Point(x: 0, y: height),
      ]
      for (corner, expected) in zip(corners, quad) {
        let p = try #require(map.apply(corner))
        #expect(abs(p.x - expected.x) < 1e-9 && abs(p.y - expected.y) < 1e-9)
      }
    }
  }

  @Test func anEdgeOnLineBecomesAOnePixelSliverFacingTheCamera() throws {
    // A card 100 × 60 turned edge-on about the vertical axis, in perspective:
    // its x = 0 edge (corners 0 and 3) is the nearer, taller one.
    let line = [(x: 100.0, y: 15.7), (x: 100.0, y: 23.3), (x: 100.0, y: 76.7), (x: 100.0, y: 84.3)]
    let sliver = try #require(EdgeOnSliver(line: line, width: 100, height: 60))
    #expect(EdgeOnSliver.doubleArea(sliver.quad) > 0)
    // The corners of each end of the collapsed x axis moved half a pixel,
    // to opposite sides of the line, along it not at all.
    let sides = sliver.quad.map { $0.x - 100 }
    #expect(sides.map { abs($0) } == [0.5, 0.5, 0.5, 0.5])
    #expect(sides[0] == sides[3] && sides[1] == sides[2] && sides[0] == -sides[1])
    #expect(zip(sliver.quad, line).allSatisfy { $0.y == $1.y })
    // Collapsed to a point, there is nothing to draw.
    #expect(
      EdgeOnSliver(line: Array(repeating: (x: 3, y: 4), count: 4), width: 10, height: 10) == nil)
  }
}

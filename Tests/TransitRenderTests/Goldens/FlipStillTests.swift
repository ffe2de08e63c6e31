import RealModule
import Testing
import Transit
import TransitRender
import TransitTesting

/// Stills of the flips at fixed angles, drawn with the flip styles' own
/// geometry: the red screen turned by θ and the blue one by θ − 180°, both
/// pushed back as the flip pushes them (by a fifth of the camera distance at
/// 90°, in proportion to the turn on either side, as CoconutKit does), and
/// seen by the camera at four times the bounds' larger side. Back faces are
/// culled, so below 90° only red shows, above it only blue, and at exactly
/// 90° both are edge-on, drawn as their edge: a sliver one pixel thick
/// along the axis, blue (the later view) over red.
@Suite("Flip stills")
struct FlipStillTests {
  static let angles = [0, 30, 60, 89, 90, 120, 180]
  static let bounds = Rect(x: 0, y: 0, width: 120, height: 200)

  static func still(axisX: Double, axisY: Double, degrees: Int) -> Scene {
    let distance = 4 * max(bounds.width, bounds.height)
    let camera = Transform3D.perspective(distance: distance)
    // The push: 0 face-on, distance / 5 edge-on.
    let push = -distance / 5 * Double(min(degrees, 180 - degrees)) / 90
    func turned(_ degrees: Double) -> Transform3D {
      Transform3D.rotation(angle: degrees * .pi / 180, x: axisX, y: axisY, z: 0)
        .concatenating(.translation(x: 0, y: 0, z: push))
        .concatenating(camera)
    }
    var red = PlaceholderScreen.red.view(id: "from", bounds: bounds)
    red.transform = turned(Double(degrees))
    var blue = PlaceholderScreen.blue.view(id: "to", bounds: bounds)
    blue.transform = turned(Double(degrees) - 180)
    return Scene(size: bounds.size, backgroundColor: .black, views: [red, blue])
  }

  @Test(arguments: ["flip-horizontally", "flip-vertically"])
  func stills(_ name: String) throws {
    // flip-horizontally turns about the x axis (top over bottom), as in
    // CoconutKit; flip-vertically about the y axis.
    let style = try TransitionStyles.builtIn.style(named: name)
    let context = TransitionContext(
      bounds: Self.bounds, appearingViewID: "to", disappearingViewID: "from")
    let timeline = try style.animation(for: context).timeline(
      from: StyleGoldenTests.scene(Self.bounds))
    let quarter = try #require(timeline.state(of: "from", at: 0.3)).transform
    let axisIsX = abs(quarter.m22) < 1e-9
    let renderer = Renderer()
    var frames: [Image] = []
    for degrees in Self.angles {
      let image = try renderer.render(
        Self.still(axisX: axisIsX ? 1 : 0, axisY: axisIsX ? 0 : 1, degrees: degrees))
      frames.append(image)
      // Each angle is its own golden: record every failure, not just the first.
      do { try assertGolden(image, named: "\(name)-\(degrees)", suite: "flips") } catch {
        Issue.record(error)
      }
    }
    // Edge-on shows the card's edge, one pixel thick, on the axis through
    // the centre: two rows (or columns) either side of it, nothing else.
    let black = Color.black.premultipliedARGB32
    let edgeOn = frames[Self.angles.firstIndex(of: 90)!]
    let (width, height) = (edgeOn.width, edgeOn.height)
    let inked = (0..<height).flatMap { y in
      (0..<width).filter { edgeOn[$0, y] != black }.map { (x: $0, y: y) }
    }
    let across = Set(inked.map { axisIsX ? $0.y : $0.x })
    #expect(across == (axisIsX ? [height / 2 - 1, height / 2] : [width / 2 - 1, width / 2]))
    #expect(inked.count > (axisIsX ? width : height))
    // The style's own state at its quarter point is the 90° still's transform.
    let still90 = Self.still(axisX: axisIsX ? 1 : 0, axisY: axisIsX ? 0 : 1, degrees: 90).view(
      "from")!.transform
    // Compared on the view's plane (rows 1, 2 and 4): the third row
    // multiplies z, which a view's pixels do not have.
    let plane = [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15]
    #expect(plane.allSatisfy { abs(quarter.entries[$0] - still90.entries[$0]) < 1e-9 })
  }
}

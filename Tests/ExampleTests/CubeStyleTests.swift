import CubeStyle
import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport
import TransitTesting

/// The example style: registered by name, golden strip, exact reverse, and
/// usable from the command line through `animrender-cube`.
@Suite("Example: a custom style")
struct CubeStyleTests {
  static let bounds = Rect(x: 0, y: 0, width: 120, height: 200)

  static func scene() -> Scene {
    Scene(
      size: bounds.size, backgroundColor: .black,
      views: [
        PlaceholderScreen.red.view(id: "from", bounds: bounds),
        PlaceholderScreen.blue.view(id: "to", bounds: bounds),
      ])
  }

  @Test func registersByNameAndDrawsItsGolden() throws {
    var styles = TransitionStyles.builtIn
    styles.register(CubeStyle())
    let cube = try styles.style(named: "cube")
    #expect(cube.intrinsicDuration == 0.5)
    let context = TransitionContext(
      bounds: Self.bounds, appearingViewID: "to", disappearingViewID: "from")
    let timeline = try cube.animation(for: context).timeline(from: Self.scene())
    let end = timeline.endScene
    #expect(end.state(of: "to") == ViewState(frame: Self.bounds))
    #expect(end.view("from")?.isHidden == true)
    #expect(bitIdentical(timeline.reversed().endScene, timeline.startScene))
    let renderer = Renderer()
    let frames = try (0..<6).map { try renderer.render(timeline.sample(frame: $0, of: 6)) }
    let strip = try FrameSheet.strip(
      frames, padding: 2, background: Color(red: 0.13, green: 0.13, blue: 0.13))
    try assertGolden(strip, named: "cube", suite: "examples")
  }

  @Test func worksWithEitherViewAbsentAndZeroBounds() throws {
    for (appearing, disappearing) in [("to", nil), (nil, "from")] as [(String?, String?)] {
      let context = TransitionContext(
        bounds: .zero, appearingViewID: appearing, disappearingViewID: disappearing)
      let scene = Scene(
        size: .zero, views: [View(id: "from", frame: .zero), View(id: "to", frame: .zero)])
      let end = try CubeStyle().animation(for: context).timeline(from: scene).endScene
      #expect(end.allViews().allSatisfy { $0.view.transform.isFinite })
    }
  }

  @Test func animrenderCubeRendersTheStyleByName() throws {
    let folder = TemporaryDirectory.make("cube")
    let output = folder.appendingPathComponent("cube.png").path
    let cube = try BuiltTool("animrender-cube").run(
      ["render", "--style", "cube", "--size", "60x100", "--frames", "4", "-o", output])
    #expect(cube.status == 0, "\(cube.stderr)")
    let image = try PNGDecoder.decode(contentsOf: output)
    #expect(image.width == 240 && image.height == 100)
    let listed = try BuiltTool("animrender-cube").run(["styles"])
    #expect(listed.stdout.contains("cube"))
    // The plain tool does not know it, and says what it does know.
    let plain = try animrender.run(["render", "--style", "cube", "-o", output])
    #expect(plain.status == 65)
  }
}

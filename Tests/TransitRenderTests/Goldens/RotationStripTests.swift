import Testing
import Transit
import TransitRender
import TransitTesting

/// push-from-right at portrait, a rotation to landscape, then the pop rebuilt
/// in the landscape context: one strip, and the proof that the pop lands on
/// the landscape layout.
@Suite("Push, rotate, pop")
struct RotationStripTests {
  static let portrait = Rect(x: 0, y: 0, width: 120, height: 200)
  static let landscape = Rect(x: 0, y: 0, width: 200, height: 120)
  static let canvas = Size(width: 200, height: 200)

  /// The container's scene drawn centred on a square canvas, so portrait and
  /// landscape frames fit one strip.
  static func embed(_ scene: Scene) -> Scene {
    let frame = Rect(
      x: (canvas.width - scene.size.width) / 2, y: (canvas.height - scene.size.height) / 2,
      width: scene.size.width, height: scene.size.height)
    return Scene(
      size: canvas, backgroundColor: Color(red: 0.13, green: 0.13, blue: 0.13),
      views: [
        View(
          id: "container", frame: frame, backgroundColor: scene.backgroundColor,
          clipsToBounds: true,
          children: scene.views)
      ])
  }

  @Test func pushRotatePop() throws {
    let push = try StyleGoldenTests.forward("push-from-right", bounds: Self.portrait)
    // The rotation: the push is derived again at the new bounds and its end
    // state applied at once; the pop is the reverse of that derivation.
    let rebuilt = try StyleGoldenTests.forward("push-from-right", bounds: Self.landscape)
    let pop = rebuilt.reversed()
    let renderer = Renderer()
    var frames: [Image] = []
    for i in 0..<5 { frames.append(try renderer.render(Self.embed(push.sample(frame: i, of: 5)))) }
    frames.append(try renderer.render(Self.embed(rebuilt.endScene)))
    for i in 0..<5 { frames.append(try renderer.render(Self.embed(pop.sample(frame: i, of: 5)))) }
    let strip = try FrameSheet.strip(frames, padding: 2, background: .black)
    try assertGolden(strip, named: "push-rotate-pop", suite: "rotation")

    // The pop lands on a fresh landscape layout, bit for bit.
    let fresh = StyleGoldenTests.scene(Self.landscape)
    let landed = pop.endScene
    #expect(landed.view("from") == fresh.view("from"))
    #expect(landed.state(of: "to") == rebuilt.sample(frame: 0, of: 2).state(of: "to"))
    // The rotated frame is the push's end at the new bounds.
    #expect(pop.startScene == rebuilt.endScene)
  }
}

import Testing
import Transit
import TransitRender
import TransitTesting

/// The renderer's own goldens, in `Goldens/render/`. Each scene is described
/// in ``GoldenScenes``; record with `TRANSIT_RECORD=missing` (the default)
/// and look at every new file before committing it.
@Suite struct RenderGoldenTests {
  static func renderer() -> Renderer {
    Renderer(
      options: RenderOptions(images: ImageProvider(images: ["picture": GoldenScenes.picture])))
  }

  static func check(_ scene: Scene, _ name: String) throws {
    let image = try renderer().render(scene)
    try assertGolden(image, named: name, suite: "render")
  }

  @Test func alphaGroup() throws { try Self.check(GoldenScenes.alphaGroup, "alpha-group") }

  @Test func roundedBorders() throws {
    try Self.check(GoldenScenes.roundedBorders, "rounded-borders")
  }

  @Test func clipping() throws { try Self.check(GoldenScenes.clipping, "clipping") }

  @Test func nested2D() throws { try Self.check(GoldenScenes.nested2D, "nested-2d") }

  @Test func flipInScaledParent() throws {
    try Self.check(GoldenScenes.flipInScaledParent, "flip-in-scaled-parent")
  }

  @Test(arguments: [0, 30, 60, 89, 90, 120, 180])
  func perspective(_ degrees: Int) throws {
    try Self.check(GoldenScenes.perspective(degrees: Double(degrees)), "perspective-y-\(degrees)")
  }

  @Test func imageContent() throws { try Self.check(GoldenScenes.imageContent, "image-content") }

  @Test func imageContentAtScale2() throws {
    let renderer = Renderer(
      options: RenderOptions(
        scale: 2, images: ImageProvider(images: ["picture": GoldenScenes.picture])))
    try assertGolden(
      renderer.render(GoldenScenes.imageContent), named: "image-content@2x", suite: "render")
  }
}

import Testing
import Transit
import TransitRender
import TransitTesting

/// Goldens of what a view looks like, in `Goldens/render/`: corners one by
/// one, shadows (flat, translucent, turned in 3-D), the twelve content
/// modes and a sampled text colour. Scenes in ``AppearanceGoldenScenes``.
@Suite struct AppearanceGoldenTests {
  static func check(_ scene: Scene, _ name: String, scale: Double = 1) throws {
    let renderer = Renderer(
      options: RenderOptions(
        scale: scale, images: ImageProvider(images: ["picture": GoldenScenes.picture])))
    try assertGolden(renderer.render(scene), named: name, suite: "render")
  }

  @Test func cornerRadiiWithBorders() throws {
    try Self.check(AppearanceGoldenScenes.cornerRadii, "corner-radii")
  }

  @Test func shadows() throws { try Self.check(AppearanceGoldenScenes.shadows, "shadows") }

  @Test func shadowsAtScale2() throws {
    try Self.check(AppearanceGoldenScenes.shadows, "shadows@2x", scale: 2)
  }

  @Test func shadowUnderA3DTurn() throws {
    try Self.check(AppearanceGoldenScenes.shadowTurned, "shadow-turned")
  }

  @Test func contentModes() throws {
    try Self.check(AppearanceGoldenScenes.contentModes, "content-modes")
  }

  @Test func contentModesInSmallViews() throws {
    try Self.check(AppearanceGoldenScenes.contentModesSmallViews, "content-modes-small")
  }

  /// The middle frame of a text-colour change draws the sampled colour.
  @Test func textColorMidway() throws {
    let timeline = AppearanceGoldenScenes.textColorTimeline
    try Self.check(timeline.sample(frame: 1, of: 3), "text-color-midway")
  }
}
